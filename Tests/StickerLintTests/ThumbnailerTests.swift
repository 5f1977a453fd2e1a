import StickerImage
@testable import StickerLint
@testable import StickerLintEngine
import Testing

/// When a report's preview is the original file without one being made (`Thumbnailer.originalServes`):
/// each limit on both sides of its edge.
@Suite("Preview or original")
struct ThumbnailerTests {
    static func image(side: Int, frames: Int) -> DecodedImage {
        let header = ImageHeader(
            format: frames > 1 ? .apng : .png, width: side, height: side, frameCount: frames, loopCount: frames > 1 ? 0 : nil,
            hasAlpha: true, bitDepth: 8, colorModel: .rgba, interlaced: false, orientation: nil)
        let frame = ImageFrame(pixels: [], delay: FrameDelay(numerator: 1, denominator: 10))
        return DecodedImage(header: header, frames: Array(repeating: frame, count: frames))
    }

    @Test("a preview keeping at least half the pixels is the original: 169 px at a 120 px preview is, 170 px is not")
    func halfThePixels() {
        let big = 10_000_000  // far over the bytes bound
        #expect(Thumbnailer.originalServes(big, image: Self.image(side: 169, frames: 1), preview: (120, 120)))
        #expect(!Thumbnailer.originalServes(big, image: Self.image(side: 170, frames: 1), preview: (120, 120)))
        // A party parrot: 128 px, ten frames.
        #expect(Thumbnailer.originalServes(big, image: Self.image(side: 128, frames: 10), preview: (120, 120)))
    }

    @Test("a file of at most a tenth of the preview's raw pixels, every frame, is the original; one byte more is not")
    func aTenthOfTheRawPixels() {
        let still = Self.image(side: 618, frames: 1), animated = Self.image(side: 618, frames: 12)
        let raw = 120 * 120 * 4
        #expect(Thumbnailer.originalServes(raw / 10, image: still, preview: (120, 120)))
        #expect(!Thumbnailer.originalServes(raw / 10 + 1, image: still, preview: (120, 120)))
        #expect(Thumbnailer.originalServes(raw * 12 / 10, image: animated, preview: (120, 120)))
        #expect(!Thumbnailer.originalServes(raw * 12 / 10 + 1, image: animated, preview: (120, 120)))
    }
}
