extension SizeFitter {
    /// A video sticker's timeline: which source frames are kept, when each starts, and how long the
    /// whole plays, after the store's limits on rate and length.
    public struct VideoTimeline: Sendable, Hashable {
        /// The kept frames' indexes into the source, in order.
        public var kept: [Int]
        /// When each kept frame starts (milliseconds).
        public var starts: [Int]
        /// How long the whole plays (milliseconds).
        public var duration: Int
        /// When each source frame starts on the new timeline (milliseconds), for the PSNR over it.
        public var sourceStarts: [Int]
        /// The source's length, and how many times faster it now plays (1: as it was).
        public var sourceDuration: Int
        public var speedUp: Double
        /// The times the whole milliseconds above stand for: each kept frame's start on the grid (slot n at
        /// n × 1000 / rate, written rounded up), each source frame's, and the end. The PSNR over the timeline
        /// compares frames by these: a millisecond's rounding in the container is no frame shown late.
        public var exactStarts: [Double]
        public var exactSourceStarts: [Double]
        public var exactDuration: Double

        /// The source's frames (their delays in milliseconds) sped up to last at most `maxMilliseconds`, then
        /// timed for a store that plays at most `maxRate` frames a second. When no two frames start closer
        /// than that allows (1000 / `maxRate` milliseconds, rounded up), every frame is kept at its own start
        /// (rounded to the millisecond): nothing retimed. Else the frames go on a grid of `maxRate` slots a
        /// second, each slot showing the frame shown at its middle, and a run of slots showing one frame is that
        /// frame kept once, from the run's first slot (milliseconds rounded up, so that no two are closer than
        /// the rate allows) until the next kept frame's: a frame starts at most half a slot from its own time,
        /// and one shorter than a slot may be left out. A frame of no time is given one millisecond.
        public init(delays: [Int], maxRate: Int, maxMilliseconds: Int?) {
            self.init(exactDelays: delays.map(Double.init), maxRate: maxRate, maxMilliseconds: maxMilliseconds)
        }

        /// As `init(delays:…)`, from each frame's exact time in milliseconds (an APNG's 1/60 s is 16.67 ms,
        /// not 17: rounded frame by frame, sixty of them would last 1,020 ms and drift off the grid they
        /// came from).
        public init(exactDelays: [Double], maxRate: Int, maxMilliseconds: Int?) {
            let delays = exactDelays.map { $0.isFinite ? max(1, $0) : 1 }
            let exactTotal = delays.reduce(0, +)
            // Whole milliseconds, without the float's last-bit error (60 × 16.666… is 1,000).
            let total = max(1, Int(saturatingRounded: (exactTotal * 1_000).rounded() / 1_000))
            sourceDuration = total
            let scale = maxMilliseconds.map { exactTotal > Double($0) ? Double($0) / exactTotal : 1 } ?? 1
            speedUp = 1 / scale
            let duration = max(1, min(total, Int(saturatingRounded: (exactTotal * scale + 1e-6).rounded(.down))))
            var exact: [Double] = []
            var t = 0.0
            for delay in delays {
                exact.append(t * scale)
                t += delay
            }
            let sourceStarts = exact.map { Int($0.rounded()) }
            self.sourceStarts = sourceStarts
            self.duration = duration
            exactSourceStarts = exact
            exactDuration = min(Double(duration), exactTotal * scale)
            let gap = (1000 + maxRate - 1) / max(1, maxRate)
            if zip(sourceStarts, sourceStarts.dropFirst() + [duration]).allSatisfy({ $1 - $0 >= gap }) || delays.count == 1 {
                kept = Array(delays.indices)
                starts = sourceStarts
                exactStarts = exact
                return
            }
            let slot = 1000 / Double(maxRate)
            var kept: [Int] = [], slots: [Int] = []
            var shown = 0
            var n = 0
            while n == 0 || (n * 1000 + maxRate - 1) / maxRate < duration {
                // The frame shown at the middle of the slot (of what of it is before the end).
                let middle = (Double(n) * slot + min(Double(n + 1) * slot, Double(duration))) / 2
                while shown + 1 < exact.count, exact[shown + 1] <= middle { shown += 1 }
                if kept.last != shown {
                    kept.append(shown)
                    slots.append(n)
                }
                n += 1
            }
            self.kept = kept
            starts = slots.map { ($0 * 1000 + maxRate - 1) / maxRate }
            exactStarts = slots.map { Double($0) * slot }
        }
    }

    /// A VP9 video sticker fitted under a limit, and how.
    public struct VideoFit: Sendable {
        public var bytes: [UInt8]
        /// Over the timeline: each source frame against the decoded frame shown at its time.
        public var psnr: Double
        /// VP9's constant quality chosen (0 best … 63).
        public var quality: Int
        public var timeline: VideoTimeline
    }

    /// "VP9 quality 4": how a video was fitted, as a failure below the floor names it.
    public static func videoMethod(_ quality: Int) -> String { "VP9 quality \(quality)" }

    /// The VP9 qualities tried: from the best worth a sticker's bytes to VP9's worst.
    public static let videoQualities = 4...63

    /// `frames` (straight RGBA on the sticker's canvas, `width`×`height`) as a VP9 WebM within `limit`
    /// bytes on `timeline`, at the best constant quality that fits: bisected on the first frames (a key
    /// frame and what follows, the estimate the key frame's bytes plus the mean of the others' for every
    /// other frame) at libvpx's fastest speed, then encoded whole at a careful speed and moved to a worse
    /// quality while it is over (or a better one once while it is well under). The result is decoded by
    /// libvpx and judged over the timeline against `minPSNR`.
    ///
    /// `frame(i)` gives source frame `i` on the canvas: the kept ones are asked for once, to encode, and every
    /// one once more, to judge, so that a long animation is never held whole at the canvas size.
    public static func fitVideo(
        frames count: Int, width: Int, height: Int, timeline: VideoTimeline, limit: Int, minPSNR: Double, frame: ([Int]) -> [[UInt8]]
    ) throws(Failure) -> VideoFit {
        // The kept frames as VP9 takes them; their RGBA let go at once.
        let (colour, alpha, hasAlpha): ([I420], [I420], Bool) = {
            let kept = frame(timeline.kept)
            let hasAlpha = kept.contains { frame in stride(from: 3, to: frame.count, by: 4).contains { frame[$0] != 255 } }
            return (
                kept.map { I420(rgba: $0, width: width, height: height) },
                hasAlpha ? kept.map { I420(alphaOf: $0, width: width, height: height) } : [], hasAlpha
            )
        }()
        let times = timeline.starts.indices.map { i in
            (start: timeline.starts[i], duration: (i + 1 < timeline.starts.count ? timeline.starts[i + 1] : timeline.duration) - timeline.starts[i])
        }
        func encode(_ count: Int, quality: Int, speed: Int) throws(Failure) -> (colour: [VP9.Packet], alpha: [VP9.Packet]) {
            do {
                let c = try VP9.encode(Array(colour.prefix(count)), times: Array(times.prefix(count)), quality: quality, speed: speed)
                let a = hasAlpha ? try VP9.encode(Array(alpha.prefix(count)), times: Array(times.prefix(count)), quality: quality, speed: speed) : []
                return (c, a)
            } catch {
                throw .encoding(error.reason)
            }
        }
        // The container's bytes a frame beyond its packets: a BlockGroup with BlockAdditions, or a SimpleBlock.
        let overhead = hasAlpha ? 16 : 6
        func estimate(_ quality: Int) throws(Failure) -> Int {
            let sample = min(colour.count, 16)
            let (c, a) = try encode(sample, quality: quality, speed: 8)
            let sizes = c.indices.map { c[$0].data.count + (hasAlpha ? a[$0].data.count : 0) + overhead }
            let rest = sizes.count > 1 ? Double(sizes.dropFirst().reduce(0, +)) / Double(sizes.count - 1) : 0
            return 300 + sizes[0] + Int((rest * Double(colour.count - 1)).rounded(.up))
        }
        // The best quality the sample says fits.
        var low = videoQualities.lowerBound, high = videoQualities.upperBound
        if try estimate(low) > limit {
            while low < high {
                let middle = (low + high) / 2
                if try estimate(middle) <= limit { high = middle } else { low = middle + 1 }
            }
        }
        func whole(_ quality: Int) throws(Failure) -> [UInt8] {
            let (c, a) = try encode(colour.count, quality: quality, speed: 5)
            let coded = c.indices.map { i in
                WebMWriter.Frame(milliseconds: timeline.starts[i], data: c[i].data, alpha: hasAlpha ? a[i].data : nil, keyframe: c[i].keyframe)
            }
            return WebMWriter.write(width: width, height: height, frames: coded, durationMilliseconds: timeline.duration, hasAlpha: hasAlpha)
        }
        var quality = low
        var bytes = try whole(quality)
        while bytes.count > limit {
            guard quality < videoQualities.upperBound else { throw .cannotFit(smallest: bytes.count, limit: limit) }
            quality = min(videoQualities.upperBound, quality + 3)
            bytes = try whole(quality)
        }
        if bytes.count < limit * 85 / 100, quality > videoQualities.lowerBound {
            let better = try whole(max(videoQualities.lowerBound, quality - 3))
            if better.count <= limit {
                quality = max(videoQualities.lowerBound, quality - 3)
                bytes = better
            }
        }
        let psnr = try videoPSNR(bytes, frames: count, timeline: timeline) { frame([$0])[0] }
        guard psnr >= minPSNR else { throw .belowFloor(psnr: psnr, floor: minPSNR, method: videoMethod(quality)) }
        return VideoFit(bytes: bytes, psnr: psnr, quality: quality, timeline: timeline)
    }

    /// The PSNR over the timeline of a video sticker: every source frame (premultiplied RGBA, as `Quantizer`
    /// measures) against each decoded frame shown while it is, weighted by how long the two overlap (a
    /// frame shown a little late or early counts the time the one before or after shows in its place).
    static func videoPSNR(_ bytes: [UInt8], frames count: Int, timeline: VideoTimeline, source: (Int) -> [UInt8]) throws(Failure) -> Double {
        let decoded: [(rgba: [UInt8], milliseconds: Int)]
        do { decoded = try VideoSticker.decode(bytes) } catch { throw .encoding(error.reason) }
        guard decoded.count == timeline.kept.count else {
            throw .encoding("the video decodes to \(decoded.count) frames, not the \(timeline.kept.count) written")
        }
        let starts = timeline.exactStarts, sourceStarts = timeline.exactSourceStarts
        let shownEnds = Array(starts.dropFirst()) + [timeline.exactDuration]
        var sum = 0.0, weight = 0.0, bytesPerFrame = 1
        var shown = 0
        for index in 0..<count {
            let begin = sourceStarts[index]
            let end = index + 1 < count ? sourceStarts[index + 1] : timeline.exactDuration
            guard end > begin else { continue }
            let frame = source(index)
            bytesPerFrame = frame.count
            // The first decoded frame still showing when this one begins, then each that starts before it ends.
            while shown + 1 < decoded.count, shownEnds[shown] <= begin { shown += 1 }
            var other = shown
            while other < decoded.count, starts[other] < end {
                let overlap = min(end, shownEnds[other]) - max(begin, starts[other])
                if overlap > 0 {
                    sum += Quantizer.squaredError(frame, decoded[other].rgba) * overlap
                    weight += overlap
                }
                other += 1
            }
        }
        return Quantizer.psnr(squaredError: sum / max(1, weight), bytes: bytesPerFrame)
    }
}
