import StickerImage
import StickerLint
@testable import StickerPack
import Testing

@Suite("store art within the pixel budget")
struct StoreArtBudgetTests {
    /// `count` distinct 8×8 frames of 100 ms, tidied as pack tidies art.
    static func art(frames count: Int) -> PackArt.Tidied {
        let frames = (0..<count).map { index -> ImageFrame in
            let pixel: [UInt8] = [UInt8(index % 256), UInt8(index / 256), 200, 255]
            return ImageFrame(
                pixels: Array([[UInt8]](repeating: pixel, count: 64).joined()),
                delay: FrameDelay(numerator: 100, denominator: 1000))
        }
        let header = ImageHeader(format: .apng, width: 8, height: 8, frameCount: count, loopCount: 0, hasAlpha: true, bitDepth: 8, colorModel: .rgba)
        return PackArt.Tidied(source: DecodedImage(header: header, frames: frames), frames: frames, steps: [])
    }

    @Test(
        "a store's sticker is made within the decoder's pixel budget: frames × canvas at the budget made, one frame more refused, said (4,000 frames of a 125 px GIF enlarged to 320 px took 3.5 GB)"
    )
    func budget() throws {
        // A budget of ten 320×320 frames: Discord's canvas.
        let limits = DecodeLimits(maxSide: 16_384, maxTotalPixels: 10 * 320 * 320, maxFrames: 4_096)
        let maker = StoreArt(decoder: ImageDecoder(limits: limits), options: PackOptions())
        let made = try maker.make(Self.art(frames: 10), for: .discord)
        #expect(made.frames == 10 && made.width == 320 && made.height == 320)
        do {
            _ = try maker.make(Self.art(frames: 11), for: .discord)
            Issue.record("11 frames of 320×320 were made within a budget of 10")
        } catch {
            #expect(error.reason == "11 frames of 320×320 would be more than the 1,024,000 pixels a sticker is made within", "\(error)")
        }
    }

    @Test(
        "an animated WebP is fitted only at rates whose frames decode within the budget: 80 frames kept every 8th at a budget of 10, 81 refused up front, said (2,000 frames were encoded before the WebP's own check refused them)"
    )
    func animatedWebPBudget() throws {
        let limits = DecodeLimits(maxSide: 16_384, maxTotalPixels: 10 * 512 * 512, maxFrames: 4_096)
        // No PSNR floor: every 8th of 80 distinct frames is far from them all, and only the budget is asked about here.
        var options = PackOptions()
        options.minPSNR = 0
        let maker = StoreArt(decoder: ImageDecoder(limits: limits), options: options)
        let made = try maker.make(Self.art(frames: 80), for: .whatsApp)
        #expect(made.frames == 10 && made.width == 512, "\(made.frames) frames, \(made.steps)")
        do {
            _ = try maker.make(Self.art(frames: 81), for: .whatsApp)
            Issue.record("81 frames were made within a budget of 10 at every 8th")
        } catch {
            #expect(
                error.reason == "81 frames of 512×512, even every 8th kept, would be more than the 2,621,440 pixels a sticker is made within",
                "\(error)")
        }
    }
}
