import StickerImage
import StickerTestSupport
import Testing

/// The decoders' own checks, each at its exact edge: the first index past a GIF colour table, and a
/// progressive JPEG whose last refinement scan is missing although the file ends properly.
@Suite("Decoder checks at their edges")
struct DecoderCheckTests {
    /// A 1×1 GIF with a two-colour global table whose one pixel is `index`, LZW-coded by hand (giflib's
    /// encoder masks indexes to the table, so it cannot write an out-of-range one). The minimum code
    /// size is 2, so codes are 3 bits: clear (4), the index, end (5), packed LSB first.
    static func gif(index: UInt8) -> [UInt8] {
        precondition(index < 4)
        let bits = UInt16(4) | UInt16(index) << 3 | UInt16(5) << 6
        return Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0]
            + [0, 0, 0, 255, 255, 255]  // the two-colour global table
            + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]  // image descriptor, no local table
            + [2, 2, UInt8(bits & 0xFF), UInt8(bits >> 8), 0] + [0x3B]
    }

    @Test("GIF: the last index of the colour table decodes; the first one past it is corrupt")
    func gifIndexEdge() throws {
        #expect(try ImageDecoder().decode(Self.gif(index: 1)).frames[0].pixels == [255, 255, 255, 255])
        #expect(try ImageDecoder().decode(Self.gif(index: 0)).frames[0].pixels == [0, 0, 0, 255])
        do {
            _ = try ImageDecoder().decode(Self.gif(index: 2))
            Issue.record("index 2 of a 2-entry table decoded")
        } catch {
            #expect(error.description.contains("colour index 2, outside its 2-entry colour table"), "\(error)")
        }
    }

    /// The offsets of every SOS marker (FF DA) of a JPEG; entropy-coded data never holds FF DA.
    static func scans(_ jpeg: [UInt8]) -> [Int] {
        (0..<(jpeg.count - 1)).filter { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }
    }

    @Test("progressive JPEG: without its last (refinement) scan it is incomplete, though it ends in EOI")
    func missingRefinement() throws {
        let pixels = Fixtures.pattern(width: 64, height: 48, alpha: false)
        let jpeg = try JPEGEncoder.encode(rgba: pixels, width: 64, height: 48, quality: 90, progressive: true)
        #expect(try ImageDecoder().decode(jpeg).width == 64)
        let sos = Self.scans(jpeg)
        try #require(sos.count >= 3)
        // libjpeg's progression ends with refinement scans (Ah > 0): the Ah/Al byte follows the scan header.
        let last = sos[sos.count - 1]
        let components = Int(jpeg[last + 4])
        let approximation = jpeg[last + 5 + 2 * components + 2]
        #expect(approximation >> 4 > 0, "the last scan refines (Ah > 0)")
        let cut = Array(jpeg[..<last]) + [0xFF, 0xD9]
        do {
            _ = try ImageDecoder().decode(cut)
            Issue.record("a progressive JPEG without its last refinement scan decoded")
        } catch {
            #expect(error.description.contains("not fully refined"), "\(error)")
        }
        // Without its last two scans as well: still refused.
        let shorter = Array(jpeg[..<sos[sos.count - 2]]) + [0xFF, 0xD9]
        #expect(throws: ImageError.self) { try ImageDecoder().decode(shorter) }
    }
}
