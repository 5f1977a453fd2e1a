/// A WebP's RIFF container (Google's WebP Container Specification), for what libwebp's encoder does not
/// write: an ICC profile, so that a store's sticker shows in its art's colours (an ICCP chunk right after
/// VP8X, whose ICC flag is set; a file in the simple format, VP8 or VP8L alone, is given the VP8X its
/// image's own header describes).
package enum WebPContainer {
    /// The largest ICC profile carried: a display profile is a few KB, 1 MiB is past any real one.
    package static let maxProfileBytes = 1 << 20

    /// `webp` with `profile` as its ICCP chunk; nil when `webp` is no whole RIFF WebP of VP8X, VP8 or VP8L
    /// first, already has a profile, or `profile` is empty or over `maxProfileBytes`.
    package static func withICCProfile(_ webp: [UInt8], profile: [UInt8]) -> [UInt8]? {
        guard !profile.isEmpty, profile.count <= maxProfileBytes, let chunks = chunks(of: webp), let first = chunks.first,
            !chunks.contains(where: { $0.name == "ICCP" })
        else { return nil }
        var head: [UInt8]
        var rest = chunks[...]
        let data = first.range.lowerBound + 8
        switch first.name {
        case "VP8X":
            guard first.range.count >= 18 else { return nil }
            head = Array(webp[first.range])
            head[8] |= 0x20
            rest = chunks.dropFirst()
        case "VP8 ":
            // A key frame's header: 3 bytes of frame tag, the start code 9D 01 2A, then 14-bit width and height.
            guard first.range.count >= 18, webp[data] & 1 == 0, webp[data + 3] == 0x9D, webp[data + 4] == 0x01, webp[data + 5] == 0x2A
            else { return nil }
            let width = littleEndian(webp, at: data + 6, bytes: 2) & 0x3FFF, height = littleEndian(webp, at: data + 8, bytes: 2) & 0x3FFF
            head = extendedHeader(width: width, height: height, alpha: false)
        case "VP8L":
            // The signature 0x2F, then 14 bits of width − 1, 14 of height − 1, one for alpha used.
            guard first.range.count >= 13, webp[data] == 0x2F else { return nil }
            let bits = littleEndian(webp, at: data + 1, bytes: 4)
            head = extendedHeader(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1, alpha: (bits >> 28) & 1 == 1)
        default:
            return nil
        }
        var body = Array("WEBP".utf8) + head + chunk("ICCP", profile)
        for item in rest { body += webp[item.range] }
        guard body.count <= Int(UInt32.max) else { return nil }
        return Array("RIFF".utf8) + littleEndianBytes(body.count, count: 4) + body
    }

    /// The ICC profile a WebP's ICCP chunk holds (no larger than `maxProfileBytes`), nil without one or
    /// when VP8X's ICC flag is clear (viewers then apply none).
    package static func iccProfile(of webp: [UInt8]) -> [UInt8]? {
        guard let chunks = chunks(of: webp), let header = chunks.first, header.name == "VP8X", header.range.count >= 18,
            webp[header.range.lowerBound + 8] & 0x20 != 0, let chunk = chunks.first(where: { $0.name == "ICCP" })
        else { return nil }
        let size = littleEndian(webp, at: chunk.range.lowerBound + 4, bytes: 4)
        guard size > 0, size <= maxProfileBytes else { return nil }
        return Array(webp[(chunk.range.lowerBound + 8)..<(chunk.range.lowerBound + 8 + size)])
    }

    /// Each chunk of a whole RIFF WebP: its FourCC and its whole bytes (header, data, the pad byte of an
    /// odd size); nil when the file is no RIFF WebP or a chunk runs past the RIFF's declared end.
    static func chunks(of webp: [UInt8]) -> [(name: String, range: Range<Int>)]? {
        guard webp.count >= 20, Array(webp[0..<4]) == Array("RIFF".utf8), Array(webp[8..<12]) == Array("WEBP".utf8) else { return nil }
        let end = 8 + littleEndian(webp, at: 4, bytes: 4)
        guard end <= webp.count else { return nil }
        var chunks: [(name: String, range: Range<Int>)] = []
        var offset = 12
        while offset + 8 <= end {
            let size = littleEndian(webp, at: offset + 4, bytes: 4)
            let whole = 8 + size + (size & 1)
            guard whole <= end - offset else { return nil }
            chunks.append((String(decoding: webp[offset..<(offset + 4)], as: UTF8.self), offset..<(offset + whole)))
            offset += whole
        }
        return offset == end ? chunks : nil
    }

    /// A VP8X chunk: the ICC flag, the alpha flag when the image has alpha, the canvas's sides less one.
    static func extendedHeader(width: Int, height: Int, alpha: Bool) -> [UInt8] {
        let flags: UInt8 = 0x20 | (alpha ? 0x10 : 0)
        return chunk("VP8X", [flags, 0, 0, 0] + littleEndianBytes(width - 1, count: 3) + littleEndianBytes(height - 1, count: 3))
    }

    /// A chunk: FourCC, little-endian size, data, and a zero pad byte after odd-sized data.
    static func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
        Array(name.utf8) + littleEndianBytes(data.count, count: 4) + data + (data.count & 1 == 1 ? [0] : [])
    }

    static func littleEndian(_ bytes: [UInt8], at offset: Int, bytes count: Int) -> Int {
        (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }

    static func littleEndianBytes(_ value: Int, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
