import StickerImage
import Testing

/// `SizeFitter.fitWebP`: the one fitting ladder for WebP (#53), on the PNG ladder's judge: lossless when
/// it fits (a file of exactly the limit fits), then near-lossless, then the highest lossy quality, each
/// lossy candidate measured and refused below the PSNR floor; nothing under the limit is said so.
@Suite("WebP fitting")
struct WebPFittingTests {
    /// A 256×256 picture of smooth gradients and noise: lossless WebP is large, lossy far smaller.
    static let frames: [ImageFrame] = {
        var pixels = [UInt8](repeating: 0, count: 256 * 256 * 4)
        var state: UInt32 = 12_345
        for i in 0..<(256 * 256) {
            state = state &* 1_103_515_245 &+ 12_345
            let (x, y) = (i % 256, i / 256)
            pixels[i * 4] = UInt8((x + Int(state >> 28)) & 255)
            pixels[i * 4 + 1] = UInt8((y + Int((state >> 24) & 15)) & 255)
            pixels[i * 4 + 2] = UInt8((x ^ y) & 255)
            pixels[i * 4 + 3] = 255
        }
        return [ImageFrame(pixels: pixels, delay: FrameDelay(numerator: 1, denominator: 10))]
    }()

    static func fit(limit: Int, minPSNR: Double = 0) throws(SizeFitter.Failure) -> SizeFitter.Fitted {
        try SizeFitter.fitWebP(Self.frames, width: 256, height: 256, loops: 0, limit: limit, minPSNR: minPSNR, decoder: ImageDecoder())
    }

    @Test("lossless within the limit, a file of exactly the limit included; one byte less and it is fitted, measured")
    func losslessEdge() throws {
        let lossless = try Self.fit(limit: 10_000_000)
        #expect(lossless.method.isEmpty && lossless.psnr.isInfinite && lossless.losslessBytes == nil)
        let exact = try Self.fit(limit: lossless.bytes.count)
        #expect(exact.bytes == lossless.bytes && exact.method.isEmpty)
        let under = try Self.fit(limit: lossless.bytes.count - 1)
        #expect(!under.method.isEmpty && under.bytes.count <= lossless.bytes.count - 1, "\(under.method)")
        #expect(under.psnr.isFinite && under.psnr > 20, "\(under.psnr)")
        #expect(under.losslessBytes == lossless.bytes.count)
        #expect(try ImageDecoder().decode(under.bytes).header.format == .webp)
    }

    @Test("a lossy fit below the floor is refused, naming its PSNR; nothing under a tiny limit is said so with the smallest size")
    func floorAndTooSmall() throws {
        let lossless = try Self.fit(limit: 10_000_000)
        let limit = lossless.bytes.count / 4
        let fitted = try Self.fit(limit: limit)
        #expect(fitted.method.hasPrefix("lossy WebP quality") || fitted.method.hasPrefix("near-lossless"), "\(fitted.method)")
        #expect(throws: SizeFitter.Failure.self) { try Self.fit(limit: limit, minPSNR: fitted.psnr + 0.01) }
        do {
            _ = try Self.fit(limit: limit, minPSNR: fitted.psnr + 0.01)
        } catch {
            guard case .belowFloor(let psnr, _, let method) = error else { Issue.record("\(error)"); return }
            #expect(psnr == fitted.psnr && method == fitted.method)
        }
        #expect(try Self.fit(limit: limit, minPSNR: fitted.psnr).bytes == fitted.bytes)
        do {
            _ = try Self.fit(limit: 100)
            Issue.record("a 100-byte limit was met")
        } catch {
            guard case .cannotFit(let smallest, let limit) = error else { Issue.record("\(error)"); return }
            #expect(limit == 100 && smallest > 100)
        }
    }
}
