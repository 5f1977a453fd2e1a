internal import StickerlintCDeflate

/// libdeflate (MIT, vendored in Sources/CDeflate) for writing PNGs: zlib streams at its levels 1–12,
/// whose strongest beat zlib's level 9 by a few percent.
enum Deflate {
    /// zlib-wrapped DEFLATE of `data` at `level`.
    static func zlib(_ data: [UInt8], level: Int) -> [UInt8]? {
        guard let compressor = libdeflate_alloc_compressor(Int32(max(1, min(12, level)))) else { return nil }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, data.count)
        var out = [UInt8](repeating: 0, count: bound)
        let written = data.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { output in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
            }
        }
        guard written > 0 else { return nil }
        out.removeLast(out.count - written)
        return out
    }
}
