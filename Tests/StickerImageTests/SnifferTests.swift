import StickerImage
import StickerTestSupport
import Testing

/// The content sniffer: each signature it knows, a signature cut short, damaged PNG signatures, and
/// PNG told from APNG by the chunk walk.
@Suite("Sniffer")
struct SnifferTests {
    static func ascii(_ text: String, pad: Int = 32) -> [UInt8] {
        Array(text.utf8) + [UInt8](repeating: 0, count: max(0, pad - text.utf8.count))
    }

    @Test(
        "each known signature gives its kind",
        arguments: [
            (ascii("GIF89a"), FileKind.image(.gif)),
            (ascii("GIF87a"), .image(.gif)),
            ([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 28), .image(.jpeg)),
            (ascii("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 "), .webp),
            (ascii("II*\u{0}"), .tiff),
            (ascii("MM\u{0}*"), .tiff),
            (ascii("BM") + [], .bmp),
            (ascii("\u{0}\u{0}\u{0}\u{18}ftypheic"), .heic),
            (ascii("\u{0}\u{0}\u{0}\u{18}ftypavif"), .avif),
            (ascii("\u{0}\u{0}\u{0}\u{18}ftypmif1\u{0}\u{0}\u{0}\u{0}avif"), .avif),
            (ascii("hello, world"), .unknown),
            ([], .unknown)
        ] as [([UInt8], FileKind)])
    func signatures(_ bytes: [UInt8], _ kind: FileKind) {
        #expect(Sniffer.kind(prefix: bytes) == kind)
    }

    @Test("BMP needs its reserved bytes zero; GIF needs its whole version")
    func nearMisses() {
        var bmp = Self.ascii("BM")
        bmp[6] = 1
        #expect(Sniffer.kind(prefix: bmp) == .unknown)
        #expect(Sniffer.kind(prefix: Self.ascii("GIF88a")) == .unknown)
        #expect(Sniffer.kind(prefix: [0xFF, 0xD8, 0x00] + [UInt8](repeating: 0, count: 29)) == .unknown)
    }

    @Test("a file cut inside its signature is still that format (then unreadable, not unsupported)")
    func cutSignatures() {
        let png = Fixtures.png(width: 1, height: 1)
        for length in 1..<8 { #expect(Sniffer.kind(prefix: Array(png.prefix(length))) == .image(.png), "\(length)") }
        for length in 1..<6 { #expect(Sniffer.kind(prefix: Array("GIF89a".utf8.prefix(length))) == .image(.gif), "\(length)") }
        #expect(Sniffer.kind(prefix: [0xFF, 0xD8]) == .image(.jpeg))
        #expect(Sniffer.kind(prefix: [0x00]) == .unknown)
    }

    @Test("a PNG with a damaged signature or a CgBI first chunk")
    func damagedPNG() {
        var png = Fixtures.png(width: 4, height: 4)
        png[0] = 0x88  // one flipped bit: 7 of 8 signature bytes remain
        #expect(Sniffer.kind(prefix: Array(png.prefix(32))) == .image(.png))
        var crlf = Fixtures.png(width: 4, height: 4)
        crlf.remove(at: 4)  // "\r\n" became "\n" in transit: the name PNG is still at 1...3
        #expect(Sniffer.kind(prefix: Array(crlf.prefix(32))) == .image(.png))
        // Name and first chunk both damaged: 7 of the 8 signature bytes still say PNG; 5 do not.
        var seven = [UInt8](repeating: 0x20, count: 32)
        seven.replaceSubrange(0..<8, with: [0x89, 0x51, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Sniffer.kind(prefix: seven) == .image(.png))
        var six = seven
        six[2] = 0x4F
        #expect(Sniffer.kind(prefix: six) == .image(.png))
        var five = six
        five[7] = 0x0B
        #expect(Sniffer.kind(prefix: five) == .unknown)
        let cgbi = Fixtures.pngChunks([("CgBI", [0x50, 0x00, 0x20, 0x06]), ("IHDR", Fixtures.ihdr(width: 1, height: 1))])
        #expect(Sniffer.kind(prefix: Array(cgbi.prefix(32))) == .cgbiPNG)
    }

    @Test("PNG and APNG are told apart by the chunk walk; the prefix alone says PNG")
    func pngOrAPNG() throws {
        let still = Fixtures.png(width: 8, height: 8)
        let animated = Fixtures.apng(width: 8, height: 8, frames: 2)
        #expect(Sniffer.kind(prefix: Array(animated.prefix(32))) == .image(.png))
        #expect(try Sniffer.kind(of: MemoryByteSource(still)) == .image(.png))
        #expect(try Sniffer.kind(of: MemoryByteSource(animated)) == .image(.apng))
    }
}
