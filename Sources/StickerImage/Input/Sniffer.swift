/// Decides what a file is from its content, never from its name.
public enum Sniffer {
    /// The 8-byte PNG signature.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// How many leading bytes `kind(prefix:)` looks at.
    public static let prefixLength = 32

    /// The kind of the content. PNG is told from APNG by walking chunk headers up to the first IDAT
    /// (an acTL before it makes an APNG); nothing else beyond the first 32 bytes is read.
    public static func kind(of source: some ByteSource) throws(ImageError) -> FileKind {
        let prefix = try source.bytes(at: 0, count: prefixLength)
        let kind = kind(prefix: prefix)
        guard kind == .image(.png) else { return kind }
        // A PNG whose chunk headers cannot be walked is still a PNG; the decoder says what is wrong.
        return (try? PNGLexer.probe(source)).map { .image($0.format) } ?? kind
    }

    /// The kind suggested by the first bytes alone. A PNG is reported as `.image(.png)` here, even when
    /// it is an APNG, since that takes a chunk walk.
    public static func kind(prefix b: [UInt8]) -> FileKind {
        func ascii(_ range: Range<Int>) -> String? {
            guard range.lowerBound <= range.upperBound, range.upperBound <= b.count else { return nil }
            return String(decoding: b[range], as: UTF8.self)
        }
        if b.starts(with: pngSignature) {
            return ascii(12..<16) == "CgBI" ? .cgbiPNG : .image(.png)
        }
        // A file cut inside its signature is still that format, truncated.
        if !b.isEmpty && b.count < 8 {
            if pngSignature.starts(with: b) { return .image(.png) }
            if Array("GIF89a".utf8).starts(with: b) || Array("GIF87a".utf8).starts(with: b) { return .image(.gif) }
            if [0xFF, 0xD8, 0xFF].starts(with: b.prefix(3)) { return .image(.jpeg) }
        }
        if looksLikeDamagedPNG(b) { return .image(.png) }
        if ascii(0..<6) == "GIF87a" || ascii(0..<6) == "GIF89a" { return .image(.gif) }
        if b.count >= 3, b[0] == 0xFF, b[1] == 0xD8, b[2] == 0xFF { return .image(.jpeg) }
        if ascii(0..<4) == "RIFF", ascii(8..<12) == "WEBP" { return .webp }
        // TGS, WebM, Lottie JSON and any other registered reader's format, in the order registered.
        if let kind = MotionKind.all.first(where: { $0.reader.matches(prefix: b) }) { return .motion(kind) }
        if ascii(0..<4) == "II*\u{0}" || ascii(0..<4) == "MM\u{0}*" { return .tiff }
        if ascii(0..<2) == "BM", b.count >= 14, b[6] == 0, b[7] == 0, b[8] == 0, b[9] == 0 { return .bmp }
        if ascii(4..<8) == "ftyp", let brand = ascii(8..<12) {
            let compatible = b.count > 16 ? ascii(16..<min(b.count, 32)) ?? "" : ""
            if brand == "avif" || brand == "avis" || compatible.contains("avif") { return .avif }
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains(brand) { return .heic }
            if brand == "qt  " { return .quickTime }
            if ["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "M4VH", "M4VP", "MSNV", "3gp4", "3gp5", "dash"]
                .contains(brand)
            {
                return .mp4
            }
        }
        return .unknown
    }

    /// A JSON object (a Lottie document): `{` and then a quoted name, after an optional UTF-8 byte order
    /// mark and white space. Whether it is a Lottie animation is the reader's to say.
    static func looksLikeJSONObject(_ b: [UInt8]) -> Bool {
        var rest = b[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        let space: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        rest = rest.drop { space.contains($0) }
        guard rest.first == UInt8(ascii: "{") else { return false }
        rest = rest.dropFirst().drop { space.contains($0) }
        return rest.first == UInt8(ascii: "\"")
    }

    /// A PNG whose signature was damaged in transit (text-mode transfer, a flipped bit): the name "PNG"
    /// in place, or IHDR where the first chunk belongs. Reported as an unreadable PNG, not an unknown file.
    static func looksLikeDamagedPNG(_ b: [UInt8]) -> Bool {
        guard b.count >= 16 else { return false }
        if b[1] == 0x50, b[2] == 0x4E, b[3] == 0x47 { return true }
        if Array(b[12..<16]) == Array("IHDR".utf8) { return true }
        let same = zip(b.prefix(8), pngSignature).filter { $0 == $1 }.count
        return same >= 6
    }
}
