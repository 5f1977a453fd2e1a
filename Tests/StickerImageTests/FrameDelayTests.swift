import StickerFiles
import StickerImage
import StickerTestSupport
import Testing

/// An animated WebP's frame may last 16,777,215 ms; APNG's fcTL holds a 16-bit numerator and denominator.
/// Converting one to the other trapped (`UInt8(70_000 >> 8)`): `stickerlint fix` of a WebP with a 70 s
/// frame ended the whole run.
@Suite("frame delays APNG can hold")
struct FrameDelayTests {
    @Test("a delay within 16 bits stays; one past them is reduced exactly where it can be, else the nearest that fits")
    func fitted() {
        #expect(FrameDelay(numerator: 65_535, denominator: 1_000).apng == FrameDelay(numerator: 65_535, denominator: 1_000))
        // 65,536/1,000 = 8,192/125 exactly; 70,000/1,000 = 70/1.
        #expect(FrameDelay(numerator: 65_536, denominator: 1_000).apng == FrameDelay(numerator: 8_192, denominator: 125))
        #expect(FrameDelay(numerator: 70_000, denominator: 1_000).apng == FrameDelay(numerator: 70, denominator: 1))
        // 70,001 ms has no exact 16-bit form: 7,000 hundredths (1 ms off).
        #expect(FrameDelay(numerator: 70_001, denominator: 1_000).apng == FrameDelay(numerator: 7_000, denominator: 100))
        // WebP's longest frame, and beyond APNG's longest (65,535 s).
        #expect(FrameDelay(numerator: 16_777_215, denominator: 1_000).apng == FrameDelay(numerator: 16_777, denominator: 1))
        #expect(FrameDelay(numerator: 100_000_000, denominator: 1_000).apng == FrameDelay(numerator: 65_535, denominator: 1))
    }

    @Test("an APNG encoded with 70 s and 70.001 s frames decodes to 70 s and 70 s")
    func encoded() throws {
        let pixels = [UInt8](repeating: 200, count: 4 * 4 * 4)
        let frames = [70_000, 70_001].map {
            APNGEncoder.Frame(width: 4, height: 4, rgba: pixels, delay: FrameDelay(numerator: $0, denominator: 1_000))
        }
        let bytes = try APNGEncoder.encode(width: 4, height: 4, frames: frames)
        let decoded = try ImageDecoder().decode(bytes)
        #expect(decoded.frames.map(\.delay.milliseconds) == [70_000, 70_000])
    }
}
