#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

@testable import StickerImage

/// #54: an APNG over a store's limit fitted as the animated WebP is — frames merged to a lower rate (their
/// time kept) where allowed, then near-lossless bounds and palettes — chosen on a sample of frames, made
/// whole once, judged by PSNR over the whole timeline.
@Suite("Animated PNG fitting")
struct AnimatedPNGFittingTests {
    static func fit(
        _ frames: [ImageFrame], side: Int, limit: Int, minPSNR: Double = 5, merge: Bool = true
    ) throws(SizeFitter.Failure)
        -> SizeFitter.AnimatedFit
    {
        try SizeFitter.fitAnimatedPNG(frames, width: side, height: side, loops: 0, limit: limit, minPSNR: minPSNR, allowMerge: merge)
    }

    /// The PSNR over the timeline, computed here from the decoded file: each source frame against the
    /// decoded frame shown at its start, weighted by its time (premultiplied, as the fitter measures).
    static func timelinePSNR(_ bytes: [UInt8], _ source: [ImageFrame]) throws -> Double {
        let shown = try ImageDecoder().decode(bytes).frames
        var starts: [Int] = [], t = 0
        for frame in shown {
            starts.append(t)
            t += frame.delay.milliseconds
        }
        var sum = 0.0, weight = 0.0, time = 0
        for frame in source {
            let index = starts.lastIndex { $0 <= time } ?? 0
            sum += Quantizer.squaredError(frame.pixels, shown[index].pixels) * Double(frame.delay.milliseconds)
            weight += Double(frame.pixels.count * frame.delay.milliseconds)
            time += frame.delay.milliseconds
        }
        return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / weight))
    }

    @Test("noise over the limit: frames merged, the time kept, under the limit; the PSNR is the decoded file's over the timeline")
    func merges() throws {
        let side = 48, frames = AnimatedWebPFittingTests.noise(side: side, count: 24)
        // Noise deflates to nothing less than its bits: a 16-colour palette of the full rate is some 1.2 KB a
        // frame, over 12 KB; only merged frames fit.
        let fitted = try Self.fit(frames, side: side, limit: 12_000)
        #expect(fitted.bytes.count <= 12_000 && fitted.mergedBy > 1 && fitted.frames == (24 + fitted.mergedBy - 1) / fitted.mergedBy)
        let decoded = try ImageDecoder().decode(fitted.bytes)
        #expect(decoded.header.format == .apng)
        #expect(decoded.frames.map(\.delay.milliseconds).reduce(0, +) == 24 * 40, "the timeline's length is kept")
        #expect(abs(try Self.timelinePSNR(fitted.bytes, frames) - fitted.psnr) < 0.01, "\(fitted.psnr)")
    }

    @Test("where the store counts frames (no merging), every frame is kept and the ladder goes down to a palette")
    func noMerging() throws {
        let side = 48, frames = AnimatedWebPFittingTests.noise(side: side, count: 6)
        let lossless = try FrameEncoder.apng(frames, width: side, height: side, loopCount: 0, deflateLevel: 9).count
        let fitted = try Self.fit(frames, side: side, limit: lossless * 2 / 3, merge: false)
        #expect(fitted.mergedBy == 1 && fitted.frames == 6 && fitted.bytes.count <= lossless * 2 / 3)
        #expect(try ImageDecoder().decode(fitted.bytes).frames.count == 6)
        #expect(fitted.method.hasPrefix("a palette of") || fitted.method.hasPrefix("near-lossless"), "\(fitted.method)")
    }

    @Test("under the floor: refused with the PSNR reached; nothing fits: the smallest size said")
    func refusals() throws {
        let side = 48, frames = AnimatedWebPFittingTests.noise(side: side, count: 24)
        #expect {
            try Self.fit(frames, side: side, limit: 12_000, minPSNR: 60)
        } throws: { error in
            guard case .belowFloor(let psnr, let floor, _) = error as? SizeFitter.Failure else { return false }
            return psnr < 60 && floor == 60
        }
        #expect {
            try Self.fit(frames, side: side, limit: 500, merge: false)
        } throws: { error in
            guard case .cannotFit(let smallest, let limit) = error as? SizeFitter.Failure else { return false }
            return smallest > 500 && limit == 500
        }
    }

    @Test("the estimate of a lossless APNG is near the real size (a sample of frames)")
    func estimate() throws {
        let side = 48, frames = AnimatedWebPFittingTests.noise(side: side, count: 12)
        let real = try FrameEncoder.apng(frames, width: side, height: side, loopCount: 0, deflateLevel: 6).count
        let estimate = try SizeFitter.estimateAPNG(frames, width: side, height: side, loops: 0)
        #expect(abs(estimate - real) < real / 10, "\(estimate) vs \(real)")
    }
}
