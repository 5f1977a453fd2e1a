#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerFiles

extension SizeFitter {
    /// An animated WebP fitted under a limit, and how: the frames merged (the rate divisor, 1: none), the
    /// encoding, and the PSNR over the whole timeline against the source frames.
    public struct AnimatedFit: Sendable {
        public var bytes: [UInt8]
        /// Over the timeline: each source frame against the frame shown at its time (infinity: exact).
        public var psnr: Double
        /// Every `mergedBy`-th frame kept, shown for the summed time of those it stands for.
        public var mergedBy: Int
        public var frames: Int
        /// "lossless", "lossy WebP quality 80", "lossy WebP quality 30, its alpha at 30".
        public var method: String
        /// What the first estimate of a lossless encoding came to (bytes), when it was made.
        public var losslessEstimate: Int?
        /// Whether `losslessEstimate` is only a bound: the samples it was made of already came to more
        /// than the limit, and the rest were not encoded.
        public var losslessAtLeast = false
    }

    /// One way of encoding an animation: every `divisor`-th frame, at `options`.
    struct AnimationTrial: Hashable {
        var divisor: Int
        var options: WebPEncoder.Options
    }

    /// The rate divisors tried: every frame, then every second, third… (a frame stays at most a second).
    public static let mergeDivisors = [1, 2, 3, 4, 6, 8]

    /// The error of merging alone (frames at their own size): each frame against the one shown in its place
    /// when every `divisor`-th is kept, weighted by its time, per byte of a frame.
    static func mergeError(_ frames: [ImageFrame], delays: [Int], by divisor: Int) -> Double {
        guard divisor > 1, let first = frames.first, !first.pixels.isEmpty else { return 0 }
        var sum = 0.0
        for index in frames.indices where index % divisor != 0 {
            sum += Quantizer.squaredError(frames[index].pixels, frames[index - index % divisor].pixels) * Double(delays[index])
        }
        return sum / Double(max(1, delays.reduce(0, +))) / Double(first.pixels.count)
    }

    /// The frames kept when every `divisor`-th of `delays` is kept: each kept frame's index and its
    /// summed time (milliseconds).
    static func merged(_ delays: [Int], by divisor: Int) -> [(index: Int, milliseconds: Int)] {
        stride(from: 0, to: delays.count, by: divisor).map { start in
            (start, delays[start..<min(delays.count, start + divisor)].reduce(0, +))
        }
    }

    /// An animated WebP of `frames` (at the source's size; `toCanvas` makes one the store's canvas) within
    /// `limit` bytes, fitted as a careful artist would and without encoding the whole more than it must:
    /// each way (frames merged to a lower rate, the timeline kept; lossless, then lossy qualities down to
    /// the floor) is first judged on a sample of frames — the bytes each adds after its predecessor, and
    /// its error — and the way with the least error over the timeline that the sample says fits is
    /// encoded whole, then checked: its real size (a lower quality while it is over), and its PSNR over
    /// every source frame against `minPSNR`.
    public static func fitAnimatedWebP(
        _ frames: [ImageFrame], width: Int, height: Int, loops: Int, limit: Int, minPSNR: Double, decoder: ImageDecoder,
        toCanvas: (ImageFrame) -> [UInt8]
    ) throws(Failure) -> AnimatedFit {
        precondition(frames.count > 1)
        Trace.mark("animated WebP: fitting begins")
        // Whole milliseconds, WebP's unit; a frame of no time is given one (as players show it at least that).
        let delays = frames.map { max(1, $0.delay.milliseconds) }
        var canvasCache: [Int: [UInt8]] = [:]
        func canvas(_ index: Int) -> [UInt8] {
            if let kept = canvasCache[index] { return kept }
            let made = toCanvas(frames[index])
            if canvasCache.count < 16 { canvasCache[index] = made }
            return made
        }
        func encode(_ indexes: [(index: Int, milliseconds: Int)], _ options: WebPEncoder.Options) throws(Failure) -> [UInt8] {
            do {
                return try WebPEncoder.encodeAnimation(count: indexes.count, width: width, height: height, loopCount: loops, options: options) {
                    ImageFrame(pixels: canvas(indexes[$0].index), delay: FrameDelay(numerator: indexes[$0].milliseconds, denominator: 1000))
                }
            } catch {
                throw .encoding(error.description)
            }
        }
        // The error of merging alone, at the source's size: each frame against the one shown in its place.
        func mergeError(_ divisor: Int) -> Double { SizeFitter.mergeError(frames, delays: delays, by: divisor) }
        // A sample's estimate: the first frame alone, plus the mean bytes a sampled frame adds after its
        // predecessor times the frames that follow; the error, the sampled frames' mean.
        var single: [AnimationTrial: Int] = [:]
        // `over`: once the samples so far show the estimate must exceed it (the ones left adding nothing),
        // the rest are not encoded and the bound is returned, `complete` false: the same answer to "does it
        // fit under `over`", sooner.
        func estimate(_ trial: AnimationTrial, over: Int = .max) throws(Failure) -> (bytes: Int, error: Double, complete: Bool) {
            let kept = merged(delays, by: trial.divisor)
            // Three frames spread over the animation (two for lossless, whose encoding is slow), encoded at
            // libwebp's method 2: some 3 % larger than the whole's method 4, at half its time (an estimate
            // that errs large).
            let count = trial.options.lossless ? 2 : 3
            let samples = Array(Set((1...count).map { max(1, $0 * (kept.count - 1) / count) })).sorted()
            var quick = trial.options
            quick.method = min(quick.method, 2)
            // A short animation is encoded whole (at the quick method): no more frames than the sample's
            // pairs and singles, and its bytes and error are every frame's, not an estimate's.
            if kept.count <= 2 * count + 1 {
                let whole = try encode(kept, quick)
                var error = 0.0
                if !trial.options.lossless, let shown = try? decoder.decode(whole), shown.frames.count == kept.count {
                    for (frame, entry) in zip(shown.frames, kept) {
                        error += Quantizer.squaredError(frame.pixels, canvas(entry.index)) / Double(width * height * 4)
                    }
                    error /= Double(kept.count)
                }
                return (whole.count, error, true)
            }
            var added = 0.0, error = 0.0
            func alone(_ position: Int) throws(Failure) -> Int {
                let key = AnimationTrial(divisor: -kept[position].index - 1, options: trial.options)
                if let size = single[key] { return size }
                let size = try encode([kept[position]], quick).count
                single[key] = size
                return size
            }
            for (done, position) in samples.enumerated() {
                let pair = try encode([kept[position - 1], kept[position]], quick)
                added += Double(max(0, pair.count - (try alone(position - 1))))
                if done + 1 < samples.count {
                    let bound = try alone(0) + Int(added / Double(samples.count) * Double(kept.count - 1))
                    if bound > over { return (bound, .infinity, false) }
                }
                if !trial.options.lossless, let shown = try? decoder.decode(pair), shown.frames.count == 2 {
                    error += Quantizer.squaredError(shown.frames[1].pixels, canvas(kept[position].index)) / Double(width * height * 4)
                }
            }
            let bytes = try alone(0) + Int(added / Double(samples.count) * Double(kept.count - 1))
            return (bytes, error / Double(samples.count), true)
        }
        let ladder: [WebPEncoder.Options] =
            [WebPEncoder.Options(lossless: true, quality: 75, method: 4)]
            + webpQualities.map { WebPEncoder.Options(lossless: false, quality: $0, method: 4) }
            + animatedWebPQualities.map { quality in
                var options = WebPEncoder.Options(lossless: false, quality: Float(quality), method: 4)
                options.alphaQuality = quality
                return options
            }
        // Each rate's best way the sample says fits, with its error over the timeline.
        var candidates: [(trial: AnimationTrial, error: Double)] = []
        var losslessEstimate: Int?
        var losslessAtLeast = false
        var smallest = Int.max
        var qualityFound = Int.max
        // Bytes a kept frame cost at each ladder position, as last judged (any rate). Frames further apart
        // cost more each, and the first frame's bytes are shared by fewer: another rate's cost errs low, so a
        // position it puts well over the limit (by the same margin as the floor's) is over, and not judged.
        var perFrame: [Int: Double] = [:]
        for divisor in mergeDivisors where (frames.count + divisor - 1) / divisor >= 2 {
            let keptCount = (frames.count + divisor - 1) / divisor
            // A rate whose frames would not decode within the decoder's pixel budget is never made (its own
            // check after encoding would refuse it).
            let held = keptCount.multipliedReportingOverflow(by: width * height)
            if held.overflow || held.partialValue > decoder.limits.maxTotalPixels { continue }
            // A rate whose frames would cost more than the limit at the floor is passed over unencoded.
            if let cost = perFrame[ladder.count - 1], cost * Double(keptCount) > Double(limit) * 1.15 { continue }
            let merging = mergeError(divisor)
            // Merging more only adds error: no lower rate can beat a way already found with less.
            if let best = candidates.map(\.error).min(), merging >= best { break }
            // A lower rate fits at least the quality a higher one did (fewer frames); lossless only at the full rate.
            var low = divisor == 1 ? 0 : 1, high = min(ladder.count - 1, max(low, qualityFound)), found: (Int, Double)?
            if divisor == 1 {
                let lossless = try estimate(AnimationTrial(divisor: 1, options: ladder[0]), over: limit)
                losslessEstimate = lossless.bytes
                losslessAtLeast = !lossless.complete
                Trace.mark("animated WebP: lossless estimated")
                if lossless.bytes <= limit { found = (0, 0) } else { low = 1 }
            }
            // The best way on the ladder the sample says fits (sizes shrink down the ladder): a bisection,
            // above the positions another rate's bytes put well over.
            let target = limit - limit / 32
            if let over = perFrame.filter({ $0.value * Double(keptCount) > Double(limit) * 1.15 }).keys.max() { low = max(low, over + 1) }
            // Where another rate's cost puts even the floor over, the floor is judged first: over, no way at
            // this rate fits, and one sample says so.
            var floorFirst = perFrame[ladder.count - 1].map { $0 * Double(keptCount) > Double(target) } ?? false
            while found?.0 != 0 && low <= high {
                let position = floorFirst && high == ladder.count - 1 ? high : (low + high) / 2
                floorFirst = false
                let floor = position == ladder.count - 1
                let judged = try estimate(AnimationTrial(divisor: divisor, options: ladder[position]), over: floor ? .max : target)
                // A bound errs low as another rate's cost does: kept for the same use.
                perFrame[position] = Double(judged.bytes) / Double(keptCount)
                if judged.complete { smallest = min(smallest, judged.bytes) }
                Trace.mark(
                    "animated WebP: every \(divisor) at \(position == 0 ? "lossless" : "quality \(Int(ladder[position].quality))"): "
                        + "\(judged.complete ? "" : "over ")\(judged.bytes) bytes")
                if judged.bytes <= target {
                    found = (position, judged.error)
                    high = position - 1
                } else {
                    low = position + 1
                }
            }
            Trace.mark("animated WebP: every \(divisor) frame(s) judged on the sample")
            guard let (position, error) = found else { continue }
            qualityFound = position
            candidates.append((AnimationTrial(divisor: divisor, options: ladder[position]), merging + error))
            // Lossless or a high quality at the full rate: no merging can do better.
            if divisor == 1 && position <= 2 { break }
        }
        guard let chosen = candidates.min(by: { $0.error < $1.error }) else {
            throw .cannotFit(smallest: smallest == .max ? 0 : smallest, limit: limit)
        }
        // Encoded whole: a lower quality while the real size is over (the sample guessed low).
        var position = ladder.firstIndex(of: chosen.trial.options) ?? 1
        let kept = merged(delays, by: chosen.trial.divisor)
        while true {
            let options = ladder[position]
            let bytes = try encode(kept, options)
            Trace.mark("animated WebP: \(kept.count) frames encoded whole")
            smallest = min(smallest, bytes.count)
            if bytes.count <= limit {
                let method =
                    options.lossless
                    ? "lossless"
                    : "lossy WebP quality \(Int(options.quality))" + (options.alphaQuality < 100 ? ", its alpha at \(options.alphaQuality)" : "")
                let psnr = try timelinePSNR(bytes, delays: delays, decoder: decoder, canvas: canvas)
                Trace.mark("animated WebP: PSNR over the timeline")
                guard psnr >= minPSNR else { throw .belowFloor(psnr: psnr, floor: minPSNR, method: method) }
                return AnimatedFit(
                    bytes: bytes, psnr: psnr, mergedBy: chosen.trial.divisor, frames: kept.count, method: method,
                    losslessEstimate: losslessEstimate, losslessAtLeast: losslessAtLeast)
            }
            position += 1
            guard position < ladder.count else { throw .cannotFit(smallest: smallest, limit: limit) }
        }
    }

    /// The PSNR of a fitted animation over the source's timeline: each source frame (at the canvas) against
    /// the decoded frame shown at its start, weighted by how long it is shown; decoded one frame at a time
    /// (the encoder may fold a frame like the one before into it, so frames are matched by time).
    static func timelinePSNR(_ bytes: [UInt8], delays: [Int], decoder: ImageDecoder, canvas: (Int) -> [UInt8]) throws(Failure) -> Double {
        var sum = 0.0, weight = 0.0, next = 0, sourceStart = 0, shownStart = 0
        do {
            _ = try decoder.decodeFrames(bytes) { frame in
                let shownEnd = shownStart + max(0, frame.delay.milliseconds)
                // Every source frame that starts while this one is shown (the last shown frame takes the rest).
                while next < delays.count && sourceStart < shownEnd {
                    let source = canvas(next)
                    guard source.count == frame.pixels.count else { return .stop }
                    let time = Double(delays[next])
                    sum += source.withUnsafeBufferPointer { Quantizer.squaredError($0, frame.pixels) } * time
                    weight += Double(source.count) * time
                    sourceStart += delays[next]
                    next += 1
                }
                shownStart = shownEnd
                return .next
            }
        } catch {
            throw .encoding("the fitted WebP does not decode: \(error)")
        }
        guard next == delays.count else {
            throw .encoding("the fitted WebP shows \(next) of the \(delays.count) source frames' times")
        }
        // Weighted by time, kept in Double (bytes × milliseconds need not fit an Int conversion).
        guard sum > 0, weight > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (sum / weight))
    }
}
