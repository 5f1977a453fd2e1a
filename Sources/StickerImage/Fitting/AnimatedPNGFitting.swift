import StickerFiles

extension SizeFitter {
    /// One way of reducing an APNG's frames before deflate: near-lossless within ±k (0: only the colours
    /// under fully transparent pixels cleared), or one palette of `count` colours for every frame.
    enum APNGWay: Hashable {
        case nearLossless(Int)
        case palette(Int)

        var method: String {
            switch self {
            case .nearLossless(0): "colours under fully transparent pixels cleared"
            case .nearLossless(let k): "near-lossless, every colour within ±\(k) (premultiplied)"
            case .palette(let count): "a palette of \(count) colours"
            }
        }
    }

    /// libdeflate's level for a fitted animation made whole.
    static let wholeLevel = 9

    /// The ways tried, from the least lossy: near-lossless bounds, then palettes of fewer colours.
    static let apngLadder: [APNGWay] = [0, 1, 2, 3, 4, 6].map(APNGWay.nearLossless) + colourCounts.dropLast().map(APNGWay.palette)

    /// An animation's frames and what trying a way on them needs: APNG encodings of some of them, and
    /// the sample estimates `fitAnimatedPNG` and `estimateAPNG` judge by.
    struct APNGTrials {
        let frames: [ImageFrame]
        let width: Int
        let height: Int
        let loops: Int
        /// Whole milliseconds a frame (one at least, as players show a frame of none).
        let delays: [Int]
        let totalTime: Int
        let pixelsPerFrame: Double

        init(frames: [ImageFrame], width: Int, height: Int, loops: Int) {
            (self.frames, self.width, self.height, self.loops) = (frames, width, height, loops)
            delays = frames.map { max(1, $0.delay.milliseconds) }
            totalTime = max(1, delays.reduce(0, +))
            pixelsPerFrame = Double(width * height * 4)
        }

        func apng(_ shown: [[UInt8]], _ kept: [(index: Int, milliseconds: Int)], level: Int) throws(Failure) -> [UInt8] {
            let encoded = zip(shown, kept).map { ImageFrame(pixels: $0, delay: FrameDelay(numerator: $1.milliseconds, denominator: 1000)) }
            do {
                return try FrameEncoder.apng(
                    PNGOptimizer.mergingIdenticalFrames(encoded), width: width, height: height, loopCount: loops, deflateLevel: level)
            } catch {
                throw .encoding(error.description)
            }
        }
        /// The frames at `indexes` as `way` shows them (near-lossless keeps what did not change since the
        /// frame before; a palette is `palette`, made from the frames it maps).
        func shown(_ indexes: [Int], _ way: APNGWay, palette: [UInt8]?) -> [[UInt8]] {
            switch way {
            case .nearLossless(let k):
                var out: [[UInt8]] = []
                for (position, index) in indexes.enumerated() {
                    let previous = position > 0 ? (original: frames[indexes[position - 1]].pixels, result: out[position - 1]) : nil
                    out.append(NearLossless.quantize(frames[index].pixels, width: width, height: height, k: k, predictor: .paeth, previous: previous))
                }
                return out
            case .palette(let count):
                // A palette made from at most 24 of the frames, spread over the animation (its colours, at a
                // fraction of the time of every frame's).
                let spread = indexes.count <= 24 ? indexes : (0..<24).map { indexes[$0 * (indexes.count - 1) / 23] }
                let colours = palette ?? Quantizer.palette(frames: spread.map { frames[$0].pixels }, count: count)
                return indexes.map {
                    PaletteImage.rgba(
                        Quantizer.indexes(frames[$0].pixels, width: width, height: height, palette: colours, dither: false), palette: colours)
                }
            }
        }
        func mergeError(_ divisor: Int) -> Double { SizeFitter.mergeError(frames, delays: delays, by: divisor) }
        // A sample's estimate: the first kept frame alone, plus the mean bytes a sampled frame adds after
        // its predecessor times the frames that follow; the error, the sampled frames' mean.
        func estimate(_ divisor: Int, _ way: APNGWay) throws(Failure) -> (bytes: Int, error: Double) {
            let kept = merged(delays, by: divisor)
            let samples = Array(Set((1...3).map { max(1, $0 * (kept.count - 1) / 3) })).sorted()
            let sampled = [0] + samples.flatMap { [$0 - 1, $0] }
            let palette: [UInt8]? =
                if case .palette(let count) = way { Quantizer.palette(frames: sampled.map { frames[kept[$0].index].pixels }, count: count) } else {
                    nil
                }
            let first = try apng(shown([kept[0].index], way, palette: palette), [kept[0]], level: quickLevel).count
            var added = 0.0, error = 0.0
            for position in samples {
                let pair = [kept[position - 1], kept[position]]
                let pixels = shown(pair.map(\.index), way, palette: palette)
                let both = try apng(pixels, pair, level: quickLevel).count
                let alone = try apng([pixels[0]], [pair[0]], level: quickLevel).count
                added += Double(max(0, both - alone))
                error += Quantizer.squaredError(pixels[1], frames[pair[1].index].pixels) / pixelsPerFrame
            }
            return (first + Int(added / Double(samples.count) * Double(kept.count - 1)), error / Double(samples.count))
        }
    }

    /// An APNG of `frames` (at their size) within `limit` bytes, fitted as `fitAnimatedWebP` fits a WebP:
    /// each way (with `allowMerge`, frames merged to a lower rate, the timeline kept; then the ladder of
    /// near-lossless bounds and palettes) judged first on a sample of frames — the bytes each adds after
    /// its predecessor, and its error — and the way with the least error over the timeline that the sample
    /// says fits made whole, then checked: its real size (the next way down while it is over), and its
    /// PSNR over every source frame's time against `minPSNR`. `losslessEstimate`: `estimateAPNG`'s, when
    /// the caller made it.
    public static func fitAnimatedPNG(
        _ frames: [ImageFrame], width: Int, height: Int, loops: Int, limit: Int, minPSNR: Double, allowMerge: Bool,
        losslessEstimate: Int? = nil
    ) throws(Failure) -> AnimatedFit {
        precondition(frames.count > 1)
        Trace.mark("APNG: fitting begins")
        let trials = APNGTrials(frames: frames, width: width, height: height, loops: loops)
        let delays = trials.delays, totalTime = trials.totalTime, pixelsPerFrame = trials.pixelsPerFrame
        var candidates: [(divisor: Int, position: Int, error: Double)] = []
        var smallest = Int.max, positionFound = 0
        // What the sample said of each way tried, by rate: where a way up is aimed.
        var sampled: [Int: [Int: Int]] = [:]
        for divisor in (allowMerge ? mergeDivisors : [1]) where (frames.count + divisor - 1) / divisor >= 2 {
            let merging = trials.mergeError(divisor)
            if let best = candidates.map(\.error).min(), merging >= best { break }
            // The first way down the ladder the sample says fits; a lower rate starts where a higher one fitted.
            var found: (Int, Double)?
            for position in positionFound..<apngLadder.count {
                if Interruption.happened { throw .encoding("\(ImageError.interrupted)") }
                // The caller's estimate of the full rate without loss, when it made one, is not made again.
                let judged =
                    if divisor == 1, position == 0, let losslessEstimate { (bytes: losslessEstimate, error: 0.0) } else {
                        try trials.estimate(divisor, apngLadder[position])
                    }
                smallest = min(smallest, judged.bytes)
                sampled[divisor, default: [:]][position] = judged.bytes
                if judged.bytes <= limit - limit / 32 {
                    found = (position, judged.error)
                    break
                }
            }
            Trace.mark("APNG: every \(divisor) frame(s) judged on the sample")
            guard let (position, error) = found else { continue }
            positionFound = position
            candidates.append((divisor, position, merging + error))
            if divisor == 1 && position <= 1 { break }
        }
        guard let chosen = candidates.min(by: { $0.error < $1.error }) else {
            throw .cannotFit(smallest: smallest == .max ? 0 : smallest, limit: limit)
        }
        // Made whole: the next way down while the real size is over (the sample guessed low); a way up while
        // what fits leaves a sixth of the limit unused (the sample guessed high), at most twice.
        let kept = merged(delays, by: chosen.divisor)
        // Each whole encoding's pixels are let go once its size and its PSNR over the timeline (each source
        // frame against the kept frame shown in its place, by its time) are known: one animation in memory.
        func whole(_ way: APNGWay) throws(Failure) -> (bytes: [UInt8], psnr: Double) {
            let pixels = trials.shown(kept.map(\.index), way, palette: nil)
            // Deflated at level 9 (within some 3 % of level 11's size at a fifth of its time); at full strength
            // only when that is what it takes to fit.
            var bytes = try trials.apng(pixels, kept, level: wholeLevel)
            if bytes.count > limit && bytes.count < limit + limit / 5 {
                let full = try trials.apng(pixels, kept, level: PNGOptimizer.deflateLevel)
                if full.count < bytes.count { bytes = full }
            }
            Trace.mark("APNG: \(kept.count) frames made whole (\(way.method)): \(bytes.count) bytes")
            smallest = min(smallest, bytes.count)
            guard bytes.count <= limit else { return (bytes, 0) }
            var sum = 0.0
            for index in frames.indices {
                sum += Quantizer.squaredError(frames[index].pixels, pixels[index / chosen.divisor]) * Double(delays[index])
            }
            let mse = sum / Double(totalTime) / pixelsPerFrame
            return (bytes, mse == 0 ? .infinity : Quantizer.psnr(squaredError: mse * pixelsPerFrame, bytes: Int(pixelsPerFrame)))
        }
        var best: (position: Int, bytes: [UInt8], psnr: Double)?
        for position in chosen.position..<apngLadder.count {
            let made = try whole(apngLadder[position])
            if made.bytes.count <= limit {
                best = (position, made.bytes, made.psnr)
                break
            }
        }
        // A way up, at most two, while a sixth of the limit is unused: the highest whose sample, scaled as the
        // found way's real size is to its sample, is within the limit (one whole encoding where a step at a
        // time took two); the next one up when that one is over; none when the scaled samples say no way up fits.
        if let found = best, found.position > 0, found.bytes.count < limit - limit / 6 {
            let samples = sampled[chosen.divisor] ?? [:]
            let scale = samples[found.position].map { Double(found.bytes.count) / Double(max(1, $0)) }
            let reach = max(0, found.position - 2)..<found.position
            let aims: [Int] =
                if let scale {
                    reach.filter { samples[$0].map { Double($0) * scale <= Double(limit - limit / 32) } ?? false }
                } else {
                    [found.position - 1]
                }
            for position in aims {
                let made = try whole(apngLadder[position])
                if made.bytes.count <= limit {
                    best = (position, made.bytes, made.psnr)
                    break
                }
            }
        }
        guard let best else { throw .cannotFit(smallest: smallest, limit: limit) }
        let way = apngLadder[best.position], psnr = best.psnr
        guard psnr >= minPSNR else { throw .belowFloor(psnr: psnr, floor: minPSNR, method: way.method) }
        return AnimatedFit(bytes: best.bytes, psnr: psnr, mergedBy: chosen.divisor, frames: kept.count, method: way.method, losslessEstimate: nil)
    }

    /// About how many bytes `frames` take as an APNG without loss (every frame; the colours under fully
    /// transparent pixels cleared), from a sample of frames: whether a whole encoding is worth making.
    public static func estimateAPNG(_ frames: [ImageFrame], width: Int, height: Int, loops: Int) throws(Failure) -> Int {
        try APNGTrials(frames: frames, width: width, height: height, loops: loops).estimate(1, .nearLossless(0)).bytes
    }
}
