import Testing

@testable import StickerImage

/// #54: an animated WebP fitted the way a careful artist would — lossless when it fits, else frames
/// merged to a lower rate (their time kept) and a lossy quality, chosen from a sample of frames and
/// judged by PSNR over the whole timeline — encoded whole only once it is chosen.
@Suite("Animated WebP fitting")
struct AnimatedWebPFittingTests {
    /// `count` frames of `side`×`side`, each of deterministic noise (nothing alike between frames), 40 ms apart.
    static func noise(side: Int, count: Int, delay: Int = 40) -> [ImageFrame] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            let pixels = (0..<side * side * 4).map { index -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: state >> 56)
            }
            return ImageFrame(pixels: pixels, delay: FrameDelay(numerator: delay, denominator: 1000))
        }
    }

    /// `count` frames of one flat colour each, slowly changing: small to encode without loss.
    static func flat(side: Int, count: Int) -> [ImageFrame] {
        (0..<count).map { n in
            let pixel: [UInt8] = [UInt8(n * 8 % 256), 100, 200, 255]
            return ImageFrame(pixels: Array((0..<side * side).map { _ in pixel }.joined()), delay: FrameDelay(numerator: 50, denominator: 1000))
        }
    }

    static func fit(_ frames: [ImageFrame], side: Int, limit: Int, minPSNR: Double = 5) throws(SizeFitter.Failure) -> SizeFitter.AnimatedFit {
        try SizeFitter.fitAnimatedWebP(frames, width: side, height: side, loops: 0, limit: limit, minPSNR: minPSNR, decoder: ImageDecoder()) {
            $0.pixels
        }
    }

    @Test("merged: every k-th frame kept, shown for the summed time of the k it stands for (the last share may be short)")
    func mergedTimeline() {
        let kept = SizeFitter.merged([10, 20, 30, 40, 50], by: 2)
        #expect(kept.map(\.index) == [0, 2, 4] && kept.map(\.milliseconds) == [30, 70, 50])
        #expect(SizeFitter.merged([10, 20, 30], by: 1).map(\.milliseconds) == [10, 20, 30])
        #expect(SizeFitter.merged([10, 20, 30], by: 8).map(\.milliseconds) == [60])
    }

    @Test("lossless when the sample says it fits: exact, every frame kept")
    func lossless() throws {
        let frames = Self.flat(side: 32, count: 12)
        let fitted = try Self.fit(frames, side: 32, limit: 100_000)
        #expect(fitted.method == "lossless" && fitted.mergedBy == 1 && fitted.frames == 12 && fitted.psnr.isInfinite)
        let decoded = try ImageDecoder().decode(fitted.bytes)
        #expect(decoded.frames.map(\.pixels) == frames.map(\.pixels))
    }

    @Test(
        "noise over the limit at every quality: frames merged, the time kept, under the limit; the PSNR over the timeline is the decoded frames' own")
    func merges() throws {
        let side = 48, frames = Self.noise(side: side, count: 24)
        // Noise at the floor quality and the full rate is some 3 KB a frame: half of that for the whole fits
        // only with frames merged.
        let full = try WebPEncoder.encodeAnimation(
            frames, width: side, height: side, loopCount: 0, options: .init(lossless: false, quality: 50, method: 4))
        let limit = full.count / 2
        let fitted = try Self.fit(frames, side: side, limit: limit)
        #expect(fitted.bytes.count <= limit)
        #expect(fitted.mergedBy >= 2 && fitted.frames == (24 + fitted.mergedBy - 1) / fitted.mergedBy)
        let decoded = try ImageDecoder().decode(fitted.bytes)
        #expect(decoded.frames.reduce(0) { $0 + $1.delay.milliseconds } == 24 * 40)
        // The timeline PSNR, computed here from the decoded frames: each source frame against the one shown at its start.
        var sum = 0.0, bytes = 0
        var shownStart = 0, position = 0
        for (index, frame) in frames.enumerated() {
            let start = index * 40
            while position + 1 < decoded.frames.count && shownStart + decoded.frames[position].delay.milliseconds <= start {
                shownStart += decoded.frames[position].delay.milliseconds
                position += 1
            }
            sum += Quantizer.squaredError(frame.pixels, decoded.frames[position].pixels)
            bytes += frame.pixels.count
        }
        #expect(abs(Quantizer.psnr(squaredError: sum, bytes: bytes) - fitted.psnr) < 0.01, "\(fitted.psnr)")
    }

    @Test("nothing fits: refused with the smallest size; a floor over what fits: refused below it")
    func refusals() {
        let frames = Self.noise(side: 48, count: 8)
        #expect {
            _ = try Self.fit(frames, side: 48, limit: 300)
        } throws: { error in
            if case .cannotFit(let smallest, let limit) = error as? SizeFitter.Failure { return smallest > 300 && limit == 300 }
            return false
        }
        #expect {
            _ = try Self.fit(frames, side: 48, limit: 30_000, minPSNR: 99)
        } throws: { error in
            if case .belowFloor(_, let floor, _) = error as? SizeFitter.Failure { return floor == 99 }
            return false
        }
    }
}
