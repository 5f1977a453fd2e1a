internal import StickerlintCDeflate

/// libdeflate (MIT, vendored in Sources/CDeflate) for writing PNGs: zlib streams at its levels 1–12,
/// whose strongest beat zlib's level 9 by a few percent.
enum Deflate {
    /// libdeflate's compressors by level, each made once and reused for every stream one encode
    /// compresses (making one costs as much as compressing a small frame). Not shared between threads:
    /// each encode has its own.
    final class Compressors {
        private var byLevel: [Int: OpaquePointer] = [:]

        init() {}

        deinit { for compressor in byLevel.values { libdeflate_free_compressor(compressor) } }

        /// zlib-wrapped DEFLATE of `data` at `level`; nil when the stream would not be smaller than
        /// `under` bytes: libdeflate stops as soon as its output would pass the room it was given (it
        /// returns 0), so a candidate that has lost costs only the blocks that showed it.
        func zlib(_ data: [UInt8], level: Int, under cap: Int? = nil) throws(ImageError) -> [UInt8]? {
            let level = max(1, min(12, level))
            guard let compressor = byLevel[level] ?? libdeflate_alloc_compressor(Int32(level)) else { throw .encoding(.zlib) }
            byLevel[level] = compressor
            let bound = libdeflate_zlib_compress_bound(compressor, data.count)
            let room = cap.map { min(bound, max(0, $0 - 1)) } ?? bound
            guard room > 0 else { return nil }
            var out = [UInt8](repeating: 0, count: room)
            let written = data.withUnsafeBytes { input in
                out.withUnsafeMutableBytes { output in
                    libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
                }
            }
            guard written > 0 else {
                // No room is short of the bound only with a cap: the stream would not have been smaller.
                if room < bound { return nil }
                throw .encoding(.zlib)
            }
            out.removeLast(out.count - written)
            return out
        }
    }

    /// oxipng's evaluator: candidate streams compressed one after another, each under a cap — the
    /// smallest so far, or a size the result must beat — so that a losing candidate stops early. The
    /// winner is the smallest, the first on a tie, exactly as compressing every candidate whole and
    /// comparing would choose.
    struct Evaluator {
        let compressors: Compressors
        /// The best candidate so far: its index and stream.
        private(set) var best: (index: Int, data: [UInt8])?
        /// A candidate must be smaller than this to count (nil: any size).
        let cap: Int?

        init(compressors: Compressors = Compressors(), under cap: Int? = nil) {
            self.compressors = compressors
            self.cap = cap
        }

        /// Compresses one candidate at `level`; it becomes the best when smaller than every earlier one
        /// (and than the cap). Whether it did.
        @discardableResult
        mutating func offer(_ rows: [UInt8], level: Int, index: Int) throws(ImageError) -> Bool {
            let limit = [best?.data.count, cap].compactMap { $0 }.min()
            guard let data = try compressors.zlib(rows, level: level, under: limit) else { return false }
            best = (index, data)
            return true
        }
    }
}
