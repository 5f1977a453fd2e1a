import StickerImage
import StickerTestSupport
import Testing

@Suite("Probe and sniffing")
struct ProbeTests {
    @Test("the probe of a 400 KB PNG reads only its signature and chunk headers")
    func probeReadsLittle() throws {
        // Noise does not compress, so a 320×320 RGBA image gives a PNG of about 400 KB.
        var state: UInt32 = 12345
        let noise = (0..<(320 * 320 * 4)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
        let bytes = try PNGEncoder.encode(rgba: noise, width: 320, height: 320)
        #expect(bytes.count > 400_000)
        let source = CountingByteSource(bytes)
        let header = try ImageDecoder().probe(source)
        #expect(header.format == .png)
        #expect((header.width, header.height) == (320, 320))
        #expect(header.hasAlpha)
        // Signature (8) + sniff prefix (32) + chunk headers and IHDR's 13 bytes: well under 100 bytes.
        #expect(source.bytesRead < 100, "read \(source.bytesRead) bytes in \(source.reads) reads")
    }

    @Test("the probe of a JPEG stops at its frame header")
    func jpegProbeReadsLittle() throws {
        let bytes = Fixtures.jpeg(width: 300, height: 200)
        let source = CountingByteSource(bytes)
        let header = try ImageDecoder().probe(source)
        #expect((header.width, header.height, header.bitDepth) == (300, 200, 8))
        #expect(source.bytesRead < 400, "read \(source.bytesRead) of \(bytes.count) bytes")
    }

    @Test(
        "a header walk of many small steps reads ahead: 100,000 empty PNG chunks and 100,000 JPEG fill bytes in a few hundred source reads (one a chunk or a byte took a minute for 5,000,000)"
    )
    func probeReadsAhead() throws {
        // IHDR, then 100,000 empty private ancillary chunks (length 0, type, CRC), then IDAT and IEND.
        let png = Fixtures.png(width: 2, height: 2)
        let ihdrEnd = 8 + 25
        var empty: [UInt8] = [0, 0, 0, 0] + Array("prVt".utf8)
        empty += withUnsafeBytes(of: ZIPWriter.crc32(Array("prVt".utf8)).bigEndian) { Array($0) }
        let many = Array(png[..<ihdrEnd]) + Array(repeating: empty, count: 100_000).flatMap { $0 } + Array(png[ihdrEnd...])
        let pngSource = CountingByteSource(many)
        #expect(try ImageDecoder().probe(pngSource).width == 2)
        #expect(pngSource.reads < 1_000, "\(pngSource.reads) reads")
        // A JPEG whose first marker is preceded by 100,000 fill bytes (0xFF), as JPEG allows.
        let jpeg = Fixtures.jpeg(width: 300, height: 200)
        let filled = Array(jpeg[..<2]) + [UInt8](repeating: 0xFF, count: 100_000) + Array(jpeg[2...])
        let jpegSource = CountingByteSource(filled)
        #expect(try ImageDecoder().probe(jpegSource).width == 300)
        #expect(jpegSource.reads < 1_000, "\(jpegSource.reads) reads")
    }

    @Test("APNG is told from PNG by an acTL before the first IDAT")
    func apngSniffing() throws {
        #expect(try Sniffer.kind(of: MemoryByteSource(Fixtures.png(width: 2, height: 2))) == .image(.png))
        #expect(try Sniffer.kind(of: MemoryByteSource(Fixtures.apng(width: 2, height: 2))) == .image(.apng))
        // The same acTL after IDAT does not make an APNG.
        let png = Fixtures.png(width: 2, height: 2)
        let late = Fixtures.pngChunks(
            [("IHDR", Fixtures.ihdr(width: 2, height: 2))] + Self.chunks(of: png).filter { $0.0 == "IDAT" }
                + [("acTL", Fixtures.be32(1) + Fixtures.be32(0)), ("IEND", [])])
        #expect(try Sniffer.kind(of: MemoryByteSource(late)) == .image(.png))
        #expect(
            try ImageDecoder().animationIssues(in: late).first
                == .acTLAfterIDAT(offset: 8 + 25 + Self.chunks(of: png).filter { $0.0 == "IDAT" }.reduce(0) { $0 + 12 + $1.1.count }))
    }

    static func chunks(of png: [UInt8]) -> [(String, [UInt8])] {
        var result: [(String, [UInt8])] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            result.append((String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self), Array(png[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
        return result
    }

    static let otherFormats: [([UInt8], FileKind)] = {
        var list: [([UInt8], FileKind)] = []
        list.append((Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8), FileKind.webp))
        list.append((Array("BM".utf8) + [0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0], FileKind.bmp))
        list.append((Array("II*".utf8) + [0, 8, 0, 0, 0], FileKind.tiff))
        list.append((Array("MM".utf8) + [0, 42, 0, 0, 0, 8], FileKind.tiff))
        list.append(([0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8), FileKind.heic))
        list.append(([0, 0, 0, 28] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("avifmif1".utf8), FileKind.avif))
        list.append((Array("GIF87a".utf8) + [1, 0, 1, 0], FileKind.image(.gif)))
        list.append(([0xFF, 0xD8, 0xFF, 0xE0], FileKind.image(.jpeg)))
        list.append((Array("hello, world".utf8), FileKind.unknown))
        return list
    }()

    @Test("other formats are recognised by content and named", arguments: otherFormats)
    func sniff(_ bytes: [UInt8], _ kind: FileKind) throws {
        #expect(Sniffer.kind(prefix: bytes) == kind)
        if kind == .webp {
            // WebP is read (issue #28): these sixteen bytes are a header without a bitstream.
            #expect(throws: ImageError.libwebp(message: "bitstream error in the header")) { try ImageDecoder().decode(bytes) }
        } else if kind.format == nil {
            #expect(throws: ImageError.unsupported(kind)) { try ImageDecoder().decode(bytes) }
            #expect(ImageError.unsupported(kind).description.contains(kind.description))
        }
    }

    @Test("a content sniff ignores the file name: JPEG bytes are JPEG whatever they are called")
    func contentNotName() throws {
        let bytes = Fixtures.jpeg(width: 8, height: 8)
        #expect(try ImageDecoder().probe(bytes).format == .jpeg)
    }

    @Test("a damaged PNG signature is an unreadable PNG, not an unknown file")
    func damagedSignature() throws {
        var bytes = Fixtures.png(width: 2, height: 2)
        bytes[0] = 0x09  // high bit stripped, as by a 7-bit transfer
        #expect(Sniffer.kind(prefix: Array(bytes.prefix(32))) == .image(.png))
        #expect(throws: ImageError.self) { try ImageDecoder().decode(bytes) }
    }

    @Test("a bad CRC names the chunk, both values and the offset")
    func crcEvidence() throws {
        var bytes = Fixtures.png(width: 2, height: 2)
        bytes[29] ^= 0xFF  // the last CRC byte of IHDR
        do {
            _ = try ImageDecoder().decode(bytes)
            Issue.record("decoded")
        } catch {
            guard case .crcMismatch(let chunk, let offset, let declared, let computed) = error else { Issue.record("\(error)"); return }
            #expect(chunk == "IHDR")
            #expect(offset == 8)
            #expect(declared != computed)
            #expect(error.description.hasPrefix("bad CRC in the IHDR chunk at byte 8"))
        }
    }

    @Test("streaming decode stops when asked")
    func streamingStops() throws {
        var seen = 0
        try ImageDecoder().decodeFrames(Fixtures.apng(width: 3, height: 3, frames: 5)) { frame in
            seen += 1
            return frame.index == 1 ? .stop : .next
        }
        #expect(seen == 2)
    }
}
