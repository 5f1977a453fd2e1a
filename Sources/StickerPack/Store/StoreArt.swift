import StickerFiles
import StickerImage
import StickerLint

/// What a file `pack --for` makes is: a picture in an image format, a VP9 WebM video sticker, or art
/// the store takes as it is (a TGS or WebM for Telegram, a Lottie JSON for Discord), kept byte for byte.
package enum StoreFileFormat: Sendable, Hashable {
    case image(ImageFormat)
    case video
    case kept(MotionKind)

    /// "PNG", "animated WebP", "VP9 WebM", "TGS (gzip'd Lottie)".
    package var displayName: String {
        switch self {
        case .image(let format): format.displayName
        case .video: "VP9 WebM"
        case .kept(let kind): kind.description
        }
    }

    /// The JSON report's name: the image format's, "webm", or the reader's ("tgs", "lottie").
    package var name: String {
        switch self {
        case .image(let format): format.rawValue
        case .video: "webm"
        case .kept(let kind): kind.name
        }
    }

    /// The extension a sticker file gets.
    package var fileExtension: String {
        switch self {
        case .image(.webp): "webp"
        case .image: "png"
        case .video: "webm"
        case .kept(let kind): kind.reader.extensions.first ?? kind.name
        }
    }
}

/// One piece of decoded art made into one store's file (`pack --for STORE`): frames tidied as `pack`
/// tidies them, resampled to the store's canvas (the variants resampler, Lanczos3), retimed only where
/// a store's limit demands it, encoded in the store's format without loss, and fitted under the
/// store's byte limit the least lossy way only when it has to be: PNG and APNG by the fix engine's
/// fitter (near-lossless, then palettes, never below the PSNR floor), WebP near-lossless and then
/// lossy from quality 95 down to a floor. Every step that changes what is shown is said, in numbers.
struct StoreArt: Sendable {

    let decoder: ImageDecoder
    let options: PackOptions

    struct Made: Sendable {
        var bytes: [UInt8]
        /// The file's size (kept when `bytes` has been written and let go), and where it was written.
        var size = 0
        var staged: String?
        var format: StoreFileFormat
        var width: Int
        var height: Int
        var frames: Int
        var steps: [String]
        /// Of the fitted file against the resampled art (dB; nil: exact).
        var psnr: Double?
    }

    /// Art made into one store's sticker: a still in the store's still formats, an animation in its
    /// animated ones or as a VP9 video sticker where the store wants one; each format tried in order only
    /// when the art cannot be made in the one before.
    func make(_ tidied: PackArt.Tidied, for target: Store) throws(PackArt.Failure) -> Made {
        let animated = tidied.frames.count > 1
        let formats = (animated ? target.recipe?.animatedFormats : target.recipe?.stillFormats) ?? []
        if animated, target.recipe?.videoAnimations == true, let kind = target.limits.video {
            guard VP9.isAvailable else {
                throw .cannotFit(((target.recipe?.animatedRefusal).map { $0 + "; " } ?? "") + VP9.Failure.unavailable.reason)
            }
            return try video(tidied, kind: kind, store: target.name)
        }
        if formats.isEmpty { throw .cannotFit(target.recipe?.animatedRefusal ?? "\(target.name) takes no animated sticker") }
        let kind = target.limits.kind(animated: animated)
        var first: PackArt.Failure?
        for format in formats {
            do throws(PackArt.Failure) {
                var made = try make(tidied, kind: kind, format: format, store: target.name)
                if let first {
                    made.steps.append(
                        "made a \(made.format.displayName), which \(target.name) also takes: as \(formats[0].displayName), \(first.reason)")
                }
                return made
            } catch {
                if case .interrupted = error { throw error }
                first = first ?? error
            }
        }
        throw first ?? .encoding("no format")
    }

    /// Art a store takes as it is (a TGS or WebM for Telegram, a Lottie JSON for Discord: `motion`, the
    /// container of one of the store's kinds): kept byte for byte when `check --profile STORE` finds no
    /// error in the file, its warnings said; else left out with check's errors, and how else it could be made.
    func kept(_ bytes: [UInt8], at path: String, motion: MotionKind, store: Store, files: any FileSystem) throws(PackArt.Failure) -> Made {
        let facts: PlainMotionFacts
        do throws(ImageError) { facts = try motion.reader.read(bytes).plain } catch { throw .unreadable(error.description) }
        let result: LintResult
        do throws(PackError) { result = try Packer.checkWritten(path, profile: .store(store), files: files, jobs: 1) } catch {
            throw .unreadable(error.description)
        }
        let own = result.diagnostics.filter { $0.path.sameBytes(path) }
        let errors = own.filter { $0.severity == .error }
        guard errors.isEmpty else {
            let drawn = motion.reader.draws ? "; give --render-lottie to draw it (rlottie) into frames made like any animation" : ""
            throw .cannotPass(
                "\(store.name) takes \(motion) as it is, but check --profile \(store.id) finds "
                    + errors.map { "\($0.message) [\($0.rule)]" }.joined(separator: "; ") + drawn)
        }
        let steps =
            ["kept as it is (\(facts.summary)): check --profile \(store.id) finds no error in it"]
            + own.filter { $0.severity == .warning }.map { "check warns: \($0.message) [\($0.rule)]" }
        return Made(bytes: bytes, format: .kept(motion), width: facts.width, height: facts.height, frames: facts.frames, steps: steps)
    }

    /// Art made into a file of `kind` in `format`, on the kind's canvas.
    func make(_ art: PackArt.Tidied, kind: StoreLimits.Kind, format: ImageFormat, store: String) throws(PackArt.Failure) -> Made {
        var steps = art.steps
        let geometry = StoreGeometry.fit(width: art.width, height: art.height, sides: kind.sides, evenSides: kind.evenSides)
        var frames = art.frames
        let (w, h) = (geometry.contentWidth, geometry.contentHeight)
        if format == .webp, frames.count > 1 { return try animatedWebP(art, kind: kind, geometry: geometry, store: store) }
        // Retimed at the art's size, then resampled: frames merged or dropped are never enlarged first.
        var loops = art.plays
        if frames.count > 1 { (frames, loops) = Self.retimed(frames, loops: loops, kind: kind, store: store, steps: &steps) }
        // What is made is held whole, as the decoder's budget holds what it reads: 4,000 frames of a 125-px GIF
        // enlarged to 320 px took 3.5 GB.
        let held = frames.count.multipliedReportingOverflow(by: geometry.canvasWidth * geometry.canvasHeight)
        if held.overflow || held.partialValue > decoder.limits.maxTotalPixels {
            throw .cannotFit(
                "\(frames.count.counted("frame")) of \(geometry.canvasWidth)×\(geometry.canvasHeight) would be more than the "
                    + "\(decoder.limits.maxTotalPixels.grouped) pixels a sticker is made within")
        }
        if (w, h) != (art.width, art.height) {
            frames = try PackArt.eachFrame(frames) {
                ImageFrame(pixels: Resampler.resize($0.pixels, width: art.width, height: art.height, to: w, h), delay: $0.delay)
            }
            let how = w * h > art.width * art.height ? "enlarged" : "resized"
            steps.append("\(how) \(art.width)×\(art.height) → \(w)×\(h) (Lanczos3)")
        }
        if (w, h) != (geometry.canvasWidth, geometry.canvasHeight) {
            frames = try PackArt.eachFrame(frames) {
                ImageFrame(pixels: Canvas.centred($0.pixels, width: w, height: h, on: geometry.canvasWidth, geometry.canvasHeight), delay: $0.delay)
            }
            steps.append("centred on a transparent \(geometry.canvasWidth)×\(geometry.canvasHeight) canvas")
        }
        let (cw, ch) = (geometry.canvasWidth, geometry.canvasHeight)
        let limit = StoreRecipe.byteLimit(kind)
        if format == .webp {
            let (bytes, psnr, how) = try webp(frames, width: cw, height: ch, loops: loops, limit: limit)
            if let how { steps.append(how) }
            return Made(
                bytes: Self.profiled(bytes, art: art, limit: limit, steps: &steps), format: .image(.webp), width: cw, height: ch,
                frames: frames.count, steps: steps, psnr: psnr)
        }
        var made = try png(frames, width: cw, height: ch, loops: loops, limit: limit, kind: kind, store: store)
        made.steps = steps + made.steps
        // The art's colour chunks, so that its colours show as the art's did, where the store's limit has room.
        if let colour = art.colour {
            let coloured = PNGOptimizer.showingColours(of: colour, in: made.bytes, decoder: decoder)
            if coloured.count <= limit {
                made.bytes = coloured
            } else {
                made.steps.append(PackArt.colourLeftOut(coloured.count, limit: limit))
            }
        }
        return made
    }

    /// A WebP with the art's RGB profile as its ICCP chunk, so that its colours show as the art's did,
    /// where the limit has room (said where it has not).
    static func profiled(_ bytes: [UInt8], art: PackArt.Tidied, limit: Int, steps: inout [String]) -> [UInt8] {
        guard let colour = art.colour, let profile = ICCProfile.rgb(of: colour), let profiled = WebPContainer.withICCProfile(bytes, profile: profile)
        else { return bytes }
        guard profiled.count <= limit else {
            steps.append(PackArt.colourLeftOut(profiled.count, limit: limit))
            return bytes
        }
        return profiled
    }

    /// An animated WebP on the kind's canvas: retimed at the art's size, then fitted (`SizeFitter.fitAnimatedWebP`)
    /// with each frame resampled and centred only when the fitter asks for it, so that a long animation is
    /// never held whole at the canvas size; the frames merged and the quality chosen are said.
    func animatedWebP(_ art: PackArt.Tidied, kind: StoreLimits.Kind, geometry: StoreGeometry, store: String) throws(PackArt.Failure) -> Made {
        var steps = art.steps
        let (w, h) = (geometry.contentWidth, geometry.contentHeight)
        let (cw, ch) = (geometry.canvasWidth, geometry.canvasHeight)
        if (w, h) != (art.width, art.height) {
            steps.append("\(w * h > art.width * art.height ? "enlarged" : "resized") \(art.width)×\(art.height) → \(w)×\(h) (Lanczos3)")
        }
        if (w, h) != (cw, ch) { steps.append("centred on a transparent \(cw)×\(ch) canvas") }
        let (frames, loops) = Self.retimed(art.frames, loops: art.plays, kind: kind, store: store, steps: &steps)
        // The fewest frames the fitter keeps (every eighth) must decode within the pixel budget.
        let fewest = (frames.count + SizeFitter.mergeDivisors.last! - 1) / SizeFitter.mergeDivisors.last!
        let held = fewest.multipliedReportingOverflow(by: cw * ch)
        if held.overflow || held.partialValue > decoder.limits.maxTotalPixels {
            throw .cannotFit(
                "\(frames.count.counted("frame")) of \(cw)×\(ch), even every \(Self.ordinal(SizeFitter.mergeDivisors.last!)) kept, would be more "
                    + "than the \(decoder.limits.maxTotalPixels.grouped) pixels a sticker is made within")
        }
        let limit = StoreRecipe.byteLimit(kind)
        let fit: SizeFitter.AnimatedFit
        do {
            fit = try SizeFitter.fitAnimatedWebP(
                frames, width: cw, height: ch, loops: loops, limit: limit, minPSNR: options.minPSNR, decoder: decoder
            ) { frame in
                let resized =
                    (w, h) == (art.width, art.height) ? frame.pixels : Resampler.resize(frame.pixels, width: art.width, height: art.height, to: w, h)
                return (w, h) == (cw, ch) ? resized : Canvas.centred(resized, width: w, height: h, on: cw, ch)
            }
        } catch .encoding(let why) {
            throw .encoding(why)
        } catch .cannotFit(let smallest, _) {
            throw .cannotFit(
                "no rate and quality down to WebP quality \(SizeFitter.minimumAnimatedWebPQuality) (the floor, its alpha too)"
                    + Self.leastRate(frames.count) + " fits: the smallest is about \(smallest.grouped) bytes, over \(limit.grouped)")
        } catch {
            throw .cannotFit(error.reason)
        }
        if fit.mergedBy > 1 {
            steps.append(
                "\(frames.count) frames merged into \(fit.frames), every \(Self.ordinal(fit.mergedBy)) kept and shown for the time of the "
                    + "\(fit.mergedBy) it stands for, to fit under \(store)'s \(limit.grouped) bytes")
        }
        let psnr = fit.psnr.isInfinite ? nil : fit.psnr
        if fit.mergedBy > 1 || fit.method != "lossless" {
            steps.append(
                "fitted under \(limit.grouped) bytes"
                    + (fit.losslessEstimate.map { " (\(fit.losslessAtLeast ? "more than" : "about") \($0.grouped) lossless)" } ?? "")
                    + ": \(fit.method), PSNR "
                    + (psnr.map { PSNR.text($0) + " dB" } ?? "exact") + " over the timeline")
        }
        let bytes = Self.profiled(fit.bytes, art: art, limit: limit, steps: &steps)
        return Made(bytes: bytes, format: .image(.webp), width: cw, height: ch, frames: fit.frames, steps: steps, psnr: psnr)
    }

    /// An animation made a VP9 WebM video sticker of `kind` (Telegram's): resampled and centred on the
    /// kind's canvas, sped up to the kind's longest play and merged to its highest rate where it must be
    /// (each said), then encoded at the best VP9 quality that fits under the kind's bytes
    /// (`SizeFitter.fitVideo`), judged over the timeline against `--min-psnr`.
    func video(_ art: PackArt.Tidied, kind: StoreLimits.Kind, store: String) throws(PackArt.Failure) -> Made {
        var steps = art.steps
        let geometry = StoreGeometry.fit(width: art.width, height: art.height, sides: kind.sides, evenSides: kind.evenSides)
        let (w, h) = (geometry.contentWidth, geometry.contentHeight)
        let (cw, ch) = (geometry.canvasWidth, geometry.canvasHeight)
        let frames = art.frames
        /// Frames on the canvas, made when asked for (each on its own thread), never all at once.
        func canvas(_ indexes: [Int]) -> [[UInt8]] {
            Parallel.map(indexes.count, workers: min(options.jobs, 4)) { i in
                let pixels = frames[indexes[i]].pixels
                let resized = (w, h) == (art.width, art.height) ? pixels : Resampler.resize(pixels, width: art.width, height: art.height, to: w, h)
                return (w, h) == (cw, ch) ? resized : Canvas.centred(resized, width: w, height: h, on: cw, ch)
            }
        }
        if (w, h) != (art.width, art.height) {
            steps.append("\(w * h > art.width * art.height ? "enlarged" : "resized") \(art.width)×\(art.height) → \(w)×\(h) (Lanczos3)")
        }
        if (w, h) != (cw, ch) { steps.append("centred on a transparent \(cw)×\(ch) canvas") }
        let rate = Int(kind.frameRate?.upperBound ?? 30)
        let timeline = SizeFitter.VideoTimeline(
            exactDelays: frames.map(\.delay.exactMilliseconds), maxRate: rate, maxMilliseconds: kind.maxMilliseconds)
        if timeline.speedUp > 1 {
            steps.append(
                "sped up from \(timeline.sourceDuration.grouped) to \(timeline.duration.grouped) ms (\(store) plays a video sticker "
                    + "for at most \((kind.maxMilliseconds ?? 0).grouped) ms)")
        }
        if timeline.kept.count < frames.count {
            steps.append(
                "\(frames.count) frames merged into \(timeline.kept.count), each kept one shown for the time of those it stands for "
                    + "(\(store) plays at most \(rate) frames a second)")
        }
        let limit = StoreRecipe.byteLimit(kind)
        let fit: SizeFitter.VideoFit
        do {
            fit = try SizeFitter.fitVideo(
                frames: frames.count, width: cw, height: ch, timeline: timeline, limit: limit, minPSNR: options.minPSNR, frame: canvas)
        } catch .encoding(let why) {
            throw .encoding(why)
        } catch .cannotFit(let smallest, _) {
            throw .cannotFit(
                "even at VP9's worst quality (\(SizeFitter.videoQualities.upperBound)) the video is \(smallest.grouped) bytes, over \(limit.grouped)")
        } catch .belowFloor(let psnr, let floor, let method) where timeline.kept.count < frames.count {
            // Frames merged to the store's rate and time: what they dropped counts against the PSNR, whatever the quality.
            throw .cannotFit(
                "\(method) keeps PSNR \(PSNR.text(psnr)) dB over the timeline, below the \(PSNR.text(floor)) dB floor (--min-psnr): the "
                    + "\(frames.count) frames\(timeline.speedUp > 1 ? " sped up from \(timeline.sourceDuration.grouped) ms" : "") merge into "
                    + "\(timeline.kept.count), and what each merged frame drops counts against it")
        } catch .belowFloor(let psnr, let floor, let method) where method == SizeFitter.videoMethod(SizeFitter.videoQualities.lowerBound) {
            // At the best quality tried: what is lost is the colour VP9 keeps at half the resolution, not the coding.
            throw .cannotFit(
                "at VP9's best quality (\(SizeFitter.videoQualities.lowerBound)) the video keeps PSNR \(PSNR.text(psnr)) dB over the timeline, below the "
                    + "\(PSNR.text(floor)) dB floor (--min-psnr): a video sticker keeps colour at half the resolution (4:2:0), and fine "
                    + "colour detail (stripes, small text) loses most there")
        } catch {
            throw .cannotFit(error.reason)
        }
        steps.append(
            "VP9 quality \(fit.quality) (0 best, 63 worst), the best under \(limit.grouped) bytes: PSNR \(PSNR.text(fit.psnr)) dB over the timeline")
        return Made(bytes: fit.bytes, format: .video, width: cw, height: ch, frames: timeline.kept.count, steps: steps, psnr: fit.psnr)
    }

    /// ", every 8th frame kept at the least,": the lowest rate the fitters try for `frames` frames (two
    /// kept at the least); nothing when every frame is kept.
    static func leastRate(_ frames: Int) -> String {
        guard let divisor = SizeFitter.mergeDivisors.last(where: { (frames + $0 - 1) / $0 >= 2 }), divisor > 1 else { return "" }
        return ", every \(ordinal(divisor)) frame kept at the least,"
    }

    /// "2nd", "3rd", "4th".
    static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        return "\(n)\(suffix)"
    }

    /// A PNG or APNG within `limit` bytes: the fix engine's lossless encoding, else its least lossy fit.
    func png(
        _ frames: [ImageFrame], width: Int, height: Int, loops: Int, limit: Int, kind: StoreLimits.Kind, store: String
    ) throws(PackArt.Failure) -> Made {
        let animated = frames.count > 1
        // An animation a sample says is far over the limit without loss is fitted with no whole lossless
        // encoding first (for a long one, the slowest step of all).
        if animated, let estimate = try? SizeFitter.estimateAPNG(frames, width: width, height: height, loops: loops), estimate > limit * 3 / 2 {
            Trace.mark("APNG: a lossless encoding estimated at \(estimate) bytes")
            return try apng(
                frames, width: width, height: height, loops: loops, limit: limit, kind: kind, store: store, lossless: estimate, estimated: true)
        }
        let lossless: [UInt8]
        do {
            lossless = try PackArt(decoder: decoder, options: options, grid: .regular).lossless(frames, width: width, height: height, loops: loops)
        } catch {
            throw .encoding(error.description)
        }
        let format: ImageFormat = animated ? .apng : .png
        guard lossless.count > limit else {
            return Made(bytes: lossless, format: .image(format), width: width, height: height, frames: frames.count, steps: [], psnr: nil)
        }
        if animated {
            return try apng(frames, width: width, height: height, loops: loops, limit: limit, kind: kind, store: store, lossless: lossless.count)
        }
        let header = ImageHeader(
            format: format, width: width, height: height, frameCount: frames.count, loopCount: animated ? loops : nil,
            hasAlpha: true, bitDepth: 8, colorModel: .rgba)
        let fitted: SizeFitter.Fitted
        do {
            // The fitter keeps files under its limit: a file of exactly the store's limit passes. Frames
            // are never dropped where the store counts them (LINE).
            fitted = try SizeFitter.fit(
                DecodedImage(header: header, frames: frames, animationIssues: []), source: lossless, limit: limit + 1,
                minPSNR: options.minPSNR, allowFrameDrop: options.allowFrameDrop && kind.frames == nil, decoder: decoder)
        } catch .cannotFit(let smallest, _) {
            // The fitter was asked for under limit + 1 (the store's limit itself passes): said with the store's number.
            throw .cannotFit(
                "\(lossless.count.grouped) bytes without loss, over \(store)'s \(limit.grouped): the smallest lossy encoding tried is "
                    + "\(smallest.grouped) bytes, still over \(limit.grouped)")
        } catch {
            throw .cannotFit("\(lossless.count.grouped) bytes without loss, over \(store)'s \(limit.grouped): \(error.reason)")
        }
        let step =
            "fitted under \(store)'s \(limit.grouped) bytes (\(lossless.count.grouped) lossless): \(fitted.method), "
            + (fitted.psnr.isInfinite ? "exact" : "PSNR \(PSNR.text(fitted.psnr)) dB")
        let shown = (try? decoder.probe(fitted.bytes))?.frameCount ?? frames.count
        return Made(
            bytes: fitted.bytes, format: .image(format), width: width, height: height, frames: shown, steps: [step],
            psnr: fitted.psnr.isInfinite ? nil : fitted.psnr)
    }

    /// An APNG over `limit` bytes without loss, fitted (`SizeFitter.fitAnimatedPNG`): frames merged to a
    /// lower rate where the store does not count them, then near-lossless bounds and palettes, each step said.
    func apng(
        _ frames: [ImageFrame], width: Int, height: Int, loops: Int, limit: Int, kind: StoreLimits.Kind, store: String, lossless: Int,
        estimated: Bool = false
    ) throws(PackArt.Failure) -> Made {
        let losslessText = (estimated ? "about " : "") + lossless.grouped
        let fit: SizeFitter.AnimatedFit
        do {
            fit = try SizeFitter.fitAnimatedPNG(
                frames, width: width, height: height, loops: loops, limit: limit, minPSNR: options.minPSNR, allowMerge: kind.frames == nil,
                losslessEstimate: lossless)
        } catch .encoding(let why) {
            throw .encoding(why)
        } catch .cannotFit(let smallest, _) {
            throw .cannotFit(
                "\(losslessText) bytes without loss, over \(store)'s \(limit.grouped): no rate and way down to a palette of "
                    + "\(SizeFitter.colourCounts.dropLast().last ?? 32) colours"
                    + (kind.frames == nil ? Self.leastRate(frames.count) : "")
                    + " fits: the smallest is about \(smallest.grouped) bytes")
        } catch {
            throw .cannotFit("\(losslessText) bytes without loss, over \(store)'s \(limit.grouped): \(error.reason)")
        }
        var steps: [String] = []
        if fit.mergedBy > 1 {
            steps.append(
                "\(frames.count) frames merged into \(fit.frames), every \(Self.ordinal(fit.mergedBy)) kept and shown for the time of the "
                    + "\(fit.mergedBy) it stands for, to fit under \(store)'s \(limit.grouped) bytes")
        }
        let psnr = fit.psnr.isInfinite ? nil : fit.psnr
        steps.append(
            "fitted under \(store)'s \(limit.grouped) bytes (\(losslessText) lossless): \(fit.method), "
                + (psnr.map { "PSNR \(PSNR.text($0)) dB over the timeline" } ?? "exact"))
        return Made(bytes: fit.bytes, format: .image(.apng), width: width, height: height, frames: fit.frames, steps: steps, psnr: psnr)
    }

    /// A WebP within `limit` bytes: lossless if it fits, else the least lossy fit on the fitting
    /// ladder (`SizeFitter.fitWebP`: near-lossless, then lossy, never below --min-psnr); with the PSNR
    /// of what was kept and how it was made (nil when lossless).
    func webp(_ frames: [ImageFrame], width: Int, height: Int, loops: Int, limit: Int) throws(PackArt.Failure) -> ([UInt8], Double?, String?) {
        let fitted: SizeFitter.Fitted
        do {
            fitted = try SizeFitter.fitWebP(
                frames, width: width, height: height, loops: loops, limit: limit, minPSNR: options.minPSNR, decoder: decoder)
        } catch .encoding(let why) {
            throw .encoding(why)
        } catch .cannotFit(let smallest, _) {
            throw .cannotFit(
                "the smallest WebP at quality \(SizeFitter.minimumWebPQuality) (the floor) is \(smallest.grouped) bytes, still over \(limit.grouped)")
        } catch {
            throw .cannotFit(error.reason)
        }
        guard !fitted.psnr.isInfinite || !fitted.method.isEmpty else { return (fitted.bytes, nil, nil) }
        return (
            fitted.bytes, fitted.psnr,
            "fitted under \(limit.grouped) bytes (\((fitted.losslessBytes ?? 0).grouped) lossless): \(fitted.method), PSNR \(PSNR.text(fitted.psnr)) dB"
        )
    }

    /// An animation's frames and loop count within a kind's timing limits: frames added or merged to the
    /// kind's frame count, short frames lengthened, the loop count chosen, and the whole sped up only
    /// when one pass is longer than the store plays; each change said.
    static func retimed(
        _ input: [ImageFrame], loops sourceLoops: Int, kind: StoreLimits.Kind, store: String, steps: inout [String]
    ) -> ([ImageFrame], Int) {
        var frames = input.map { ImageFrame(pixels: $0.pixels, delay: FrameDelay(numerator: max(0, $0.delay.milliseconds), denominator: 1000)) }
        func total() -> Int { frames.reduce(0) { $0 + $1.delay.numerator } }
        if let range = kind.frames {
            if frames.count > range.upperBound {
                let before = frames.count
                frames = merged(frames, to: range.upperBound)
                steps.append("\(before) frames merged into \(frames.count) (\(store) takes \(range.lowerBound)–\(range.upperBound)), the time kept")
            } else if frames.count < range.lowerBound {
                let times = (range.lowerBound + frames.count - 1) / frames.count
                let before = frames.count
                frames = Array(repeating: frames, count: times).flatMap { $0 }
                steps.append("its \(before) frames played \(times) times over to make \(frames.count) (\(store) takes at least \(range.lowerBound))")
            }
        }
        if let least = kind.minFrameMilliseconds, frames.contains(where: { $0.delay.numerator < least }) {
            frames = frames.map {
                $0.delay.numerator < least ? ImageFrame(pixels: $0.pixels, delay: FrameDelay(numerator: least, denominator: 1000)) : $0
            }
            steps.append("frames shorter than \(least) ms given \(least) ms (\(store)'s shortest)")
        }
        var loops = sourceLoops
        if let range = kind.loops, !range.contains(loops) {
            loops = range.upperBound
        }
        if let most = kind.maxMilliseconds {
            if kind.loopsCounted, let range = kind.loops {
                // As many plays as fit (the source's, if it gave a number), at least the fewest the store takes.
                let pass = max(1, total())
                let fitting = max(range.lowerBound, min(range.upperBound, most / pass))
                let wanted = sourceLoops == 0 ? fitting : min(max(sourceLoops, range.lowerBound), fitting)
                if wanted != sourceLoops {
                    steps.append(
                        "plays \(wanted.counted("time")) (\(sourceLoops == 0 ? "forever" : sourceLoops.counted("time")) in the art; \(store) "
                            + "plays \(range.lowerBound)–\(range.upperBound) times, at most \(most.grouped) ms in all)")
                }
                loops = wanted
            }
            let plays = kind.loopsCounted ? max(1, loops) : 1
            let played = total() * plays
            if played > most {
                let before = total()
                frames = speeded(frames, to: most / plays)
                steps.append("sped up from \(before.grouped) ms to \(total().grouped) ms a pass (\(store) plays at most \(most.grouped) ms)")
            }
        }
        return (frames, loops)
    }

    /// `count` frames from `frames`, each the first of an even share, shown for the share's whole time.
    static func merged(_ frames: [ImageFrame], to count: Int) -> [ImageFrame] {
        (0..<count).map { index in
            let start = index * frames.count / count, end = (index + 1) * frames.count / count
            let time = frames[start..<end].reduce(0) { $0 + $1.delay.numerator }
            return ImageFrame(pixels: frames[start].pixels, delay: FrameDelay(numerator: time, denominator: 1000))
        }
    }

    /// The frames' delays scaled to take at most `most` ms in all (whole milliseconds, rounded down).
    static func speeded(_ frames: [ImageFrame], to most: Int) -> [ImageFrame] {
        let total = max(1, frames.reduce(0) { $0 + $1.delay.numerator })
        return frames.map { frame in
            ImageFrame(pixels: frame.pixels, delay: FrameDelay(numerator: max(1, frame.delay.numerator * most / total), denominator: 1000))
        }
    }
}
