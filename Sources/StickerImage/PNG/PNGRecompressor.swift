internal import CDeflate

/// A PNG's image data compressed again with libdeflate (MIT), whose strongest levels beat zlib's
/// level 9 by a few percent. libpng writes the file with the filters chosen and zlib level 0 (stored
/// blocks: the filtered scanlines as they are); the stored stream is read back, compressed with
/// libdeflate, and written as one IDAT with the other chunks unchanged.
enum PNGRecompressor {
    /// The PNG with its IDAT data recompressed at `level` (libdeflate: 1…12), or nil when `stored` is
    /// not a PNG whose image data is all stored blocks (then the caller keeps what it had).
    static func recompress(stored png: [UInt8], level: Int) -> [UInt8]? {
        guard png.count > 8, let chunks = chunks(png) else { return nil }
        let idat = chunks.filter { $0.name == "IDAT" }
        guard let first = idat.first, let last = idat.last else { return nil }
        var stream: [UInt8] = []
        for chunk in idat { stream += png[chunk.data] }
        guard let raw = storedPayload(stream), let compressed = zlib(raw, level: level) else { return nil }
        var out = Array(png[..<first.start])
        out += chunk("IDAT", compressed)
        out += png[last.end...]
        // Chunks between two IDATs cannot exist in a valid PNG; libpng writes none.
        return out
    }

    /// (name, whole-chunk range start/end, data range) of every chunk, or nil on a malformed layout.
    static func chunks(_ png: [UInt8]) -> [(name: String, start: Int, end: Int, data: Range<Int>)]? {
        var out: [(name: String, start: Int, end: Int, data: Range<Int>)] = []
        var at = 8
        while at + 12 <= png.count {
            let length = Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
            guard length <= png.count - at - 12 else { return nil }
            let name = String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self)
            out.append((name, at, at + 12 + length, (at + 8)..<(at + 8 + length)))
            at += 12 + length
        }
        return at == png.count ? out : nil
    }

    /// The bytes a zlib stream of stored blocks holds (RFC 1950/1951), or nil when any block is
    /// compressed or the stream is malformed.
    static func storedPayload(_ stream: [UInt8]) -> [UInt8]? {
        guard stream.count >= 6, stream[0] & 0x0F == 8, (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0, stream[1] & 0x20 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(stream.count)
        var at = 2
        while true {
            guard at + 5 <= stream.count else { return nil }
            let header = stream[at]
            // BTYPE 00 (stored); the other bits of that byte are padding up to the byte boundary.
            guard (header >> 1) & 3 == 0 else { return nil }
            let length = Int(stream[at + 1]) | Int(stream[at + 2]) << 8, check = Int(stream[at + 3]) | Int(stream[at + 4]) << 8
            guard length ^ 0xFFFF == check, at + 5 + length <= stream.count else { return nil }
            out += stream[(at + 5)..<(at + 5 + length)]
            at += 5 + length
            if header & 1 == 1 { break }
        }
        return at + 4 == stream.count ? out : nil
    }

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

    /// A chunk with its length and CRC-32 (libdeflate's).
    static func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
        let type = Array(name.utf8)
        let body = type + data
        let crc = body.withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        return be(UInt32(data.count)) + body + be(crc)
    }
}
