@testable import StickerImage
import StickerTestSupport
import Testing

/// #51 point 3: an animated WebP's frames are counted from its chunk headers and refused past the frame
/// budget before libwebp's demuxer (whose cost grows with the square of the frames) sees the file.
@Suite("animated WebP frame budget")
struct WebPFrameBudgetTests {
    static func animation(frames: Int) -> [UInt8] {
        SolidWebP.bytes(width: 2, height: 2, frames: frames, delayMilliseconds: 40, padTo: nil, seed: 1)
    }

    @Test("4,096 frames are read; 4,097 are refused, probing and decoding, with the count")
    func edge() throws {
        let limit = DecodeLimits.default.maxFrames
        #expect(limit == 4_096)
        let at = try ImageDecoder().probe(MemoryByteSource(Self.animation(frames: limit)))
        #expect(at.frameCount == limit)
        #expect(try ImageDecoder().decode(Self.animation(frames: limit)).frames.count == limit)
        let over = Self.animation(frames: limit + 1)
        #expect(throws: ImageError.overBudget(.frames(count: limit + 1, limit: limit))) { try ImageDecoder().probe(MemoryByteSource(over)) }
        #expect(throws: ImageError.overBudget(.frames(count: limit + 1, limit: limit))) { try ImageDecoder().decode(over) }
    }

    @Test("a smaller budget applies to decoding: 9 frames under a budget of 8 are refused, 8 are read")
    func configuredBudget() throws {
        let decoder = ImageDecoder(limits: DecodeLimits(maxSide: 100, maxTotalPixels: 1_000_000, maxFrames: 8))
        #expect(try decoder.decode(Self.animation(frames: 8)).frames.count == 8)
        #expect(throws: ImageError.overBudget(.frames(count: 9, limit: 8))) { try decoder.decode(Self.animation(frames: 9)) }
    }

    @Test("100,000 frames (a few MB) are refused from the chunk headers, with the real count")
    func hostile() throws {
        let bytes = Self.animation(frames: 100_000)
        #expect(throws: ImageError.overBudget(.frames(count: 100_000, limit: 4_096))) { try ImageDecoder().probe(MemoryByteSource(bytes)) }
    }

    @Test("the count hops chunk to chunk: odd sizes with their pad byte, a size past the end stops it")
    func chunkWalk() throws {
        let three = Self.animation(frames: 3)
        #expect(try WebPDecoder.frameCount(three, limit: 10) == 3)
        // An odd-sized chunk after the VP8X header (at byte 30) is skipped with its pad byte.
        var odd = three
        odd.insert(contentsOf: Array("XTRA".utf8) + [3, 0, 0, 0, 1, 2, 3, 0], at: 30)
        #expect(try WebPDecoder.frameCount(odd, limit: 10) == 3)
        // Without the pad byte the walk loses step and finds no frame: an odd size is read as written.
        var unpadded = three
        unpadded.insert(contentsOf: Array("XTRA".utf8) + [3, 0, 0, 0, 1, 2, 3], at: 30)
        #expect(try WebPDecoder.frameCount(unpadded, limit: 10) < 3)
        // The VP8X chunk claiming 4 GB: the walk ends there, nothing read past the file.
        var huge = three
        huge.replaceSubrange(16..<20, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(try WebPDecoder.frameCount(huge, limit: 10) == 0)
        #expect(try WebPDecoder.frameCount(Array(three.prefix(11)), limit: 10) == 0)
    }
}
