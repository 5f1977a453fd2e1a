import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint

/// One piece of art made into a sticker file: decoded, its frames tidied, resized to the grid, placed
/// on a square transparent canvas, encoded (PNG, APNG, or GIF with `--keep-gif`) by the fix engine's
/// lossless encoders, and fitted under the size limit the least lossy way when it has to be.
struct PackArt: Sendable {
    /// Players stretch shorter frames (GIF's 0 and 1 centiseconds, tiny APNG delays), usually to 100 ms:
    /// the frame-delay rule's threshold, and what such a frame is given.
    static let minDelayMilliseconds = StickerLimits.minimumFrameMilliseconds
    static let playedDelay = FrameDelay(numerator: 100, denominator: 1000)

    let decoder: ImageDecoder
    let options: PackOptions
    let grid: GridSize

    /// What became of one source file.
    struct Made: Sendable {
        var bytes: [UInt8]
        /// The file's size (kept when `bytes` has been written and let go).
        var size: Int
        var format: ImageFormat
        var side: Int
        var frames: Int
        /// The pixels shown, for finding duplicates (FNV-1a of every frame).
        var digest: UInt64
        /// What was done and what was lost, in order ("resized 1024×1024 → 408×408 (Lanczos3)", …).
        var steps: [String]
        /// What `check` will still say about it (art smaller than the grid, no transparency).
        var warnings: [String]
        /// PSNR of the fitted file against the resized art, when it had to be fitted (dB; infinity: exact).
        var psnr: Double?
    }

    enum Failure: Error, Sendable, CustomStringConvertible {
        case unreadable(String)
        case cannotFit(String)
        /// What it would be fails check whatever is done without a flag (under the minimum side, no
        /// transparency): the reason names the flag that fixes it.
        case cannotPass(String)
        case encoding(String)
        case interrupted

        /// Why, without what became of the art ("761,526 bytes without loss, …").
        var reason: String {
            switch self {
            case .interrupted: "interrupted"
            case .unreadable(let why), .cannotFit(let why), .cannotPass(let why), .encoding(let why): why
            }
        }

        var description: String {
            switch self {
            case .interrupted: "interrupted"
            case .unreadable(let why): "not read: \(why)"
            case .cannotFit(let why), .cannotPass(let why): "left out: \(why)"
            case .encoding(let why): "left out: could not encode it: \(why)"
            }
        }
    }

    /// `frames.map(transform)`, looking for an interrupt before each frame (a frame of large art takes a while).
    static func eachFrame(_ frames: [ImageFrame], _ transform: (ImageFrame) -> ImageFrame) throws(Failure) -> [ImageFrame] {
        var out: [ImageFrame] = []
        out.reserveCapacity(frames.count)
        for frame in frames {
            if Interruption.happened { throw .interrupted }
            out.append(transform(frame))
        }
        return out
    }

    /// Decoded art with its frames tidied as every pack wants them (identical frames merged, frames too
    /// short for players lengthened, a plain background removed on request), before any resizing.
    struct Tidied: Sendable {
        var source: DecodedImage
        var frames: [ImageFrame]
        var steps: [String]
        var width: Int { source.width }
        var height: Int { source.height }
        /// How many times the art plays (0: forever).
        var plays: Int { source.plays }
        /// Whether --remove-background changed pixels (then the art as it was is not what was asked for).
        var backgroundRemoved = false
        /// The art's file when it has colour chunks (ICC profile, sRGB, gAMA, cHRM), which every PNG made of
        /// it carries (`PNGOptimizer.carryingColourChunks`); nil: it has none.
        var colour: [UInt8]? = nil
    }

    /// Lottie art (`--render-lottie`) is drawn this large on its longer side (iMessage's large grid, the
    /// largest sticker any target takes; a vector drawing loses nothing enlarged), at most this many frames
    /// a second, and at most `lottieFrames` frames (fewer where they would pass the decoder's pixel budget).
    static let lottieSide = GridSize.large.pixels

    /// The art `pack` reads, in words: "PNG, APNG, GIF, JPEG or WebP", and TGS and Lottie JSON when they are drawn.
    static func kindsRead(_ drawing: Bool) -> String {
        drawing ? "PNG, APNG, GIF, JPEG, WebP, TGS or Lottie JSON" : "PNG, APNG, GIF, JPEG or WebP"
    }
    static let lottieRate = 30.0
    /// A 1×1 RGBA PNG: what colour chunks a file carries is seen by what carrying them adds to it.
    static let colourProbe: [UInt8] = (try? PNGOptimizer.smallestFile(rgba: [0, 0, 0, 0], width: 1, height: 1)) ?? []
    static let lottieFrames = 300

    /// Decodes art (refusing what has no pixels), or draws an animation its reader draws (a TGS or Lottie
    /// JSON, with --render-lottie), and tidies its frames.
    func tidy(_ bytes: [UInt8]) throws(Failure) -> Tidied {
        var steps: [String] = []
        let source: DecodedImage
        if case .motion(let kind) = Sniffer.kind(prefix: Array(bytes.prefix(Sniffer.prefixLength))), kind.reader.draws {
            source = try drawn(bytes, kind: kind, steps: &steps)
        } else {
            do { source = try decoder.decode(bytes) } catch { throw .unreadable(error.description) }
        }
        guard source.width > 0, source.height > 0, !source.frames.isEmpty else { throw .unreadable("no pixels") }
        var frames = PNGOptimizer.mergingIdenticalFrames(source.frames)
        // Frames all alike (kept as two by the merge, which never makes an animation one frame): a still.
        if frames.count == 2, frames[0].pixels == frames[1].pixels { frames = [frames[0]] }
        if source.frames.count > 1 && frames.count == 1 { steps.append("\(source.frames.count) identical frames made one still image") }
        if frames.count > 1 {
            let short = frames.filter { $0.delay.milliseconds < Self.minDelayMilliseconds }.count
            if short > 0 {
                frames = frames.map {
                    $0.delay.milliseconds < Self.minDelayMilliseconds ? ImageFrame(pixels: $0.pixels, delay: Self.playedDelay) : $0
                }
                steps.append("\(short.counted("frame")) shorter than \(Self.minDelayMilliseconds) ms given 100 ms, as players show them")
            }
        }
        let (width, height) = (source.width, source.height)
        if options.removeBackground {
            var removed = 0
            frames = try Self.eachFrame(frames) { frame in
                let (pixels, count) = BackgroundRemover.remove(frame.pixels, width: width, height: height)
                removed = max(removed, count)
                return ImageFrame(pixels: pixels, delay: frame.delay)
            }
            if removed > 0 { steps.append("background made transparent (\(removed * 100 / (width * height))% of the pixels)") }
        }
        var tidied = Tidied(source: source, frames: frames, steps: steps)
        if PNGOptimizer.carryingColourChunks(from: bytes, into: Self.colourProbe) != Self.colourProbe {
            tidied.colour = bytes
        } else if let profile = ICCProfile.embedded(in: bytes) {
            // A WebP's or JPEG's profile, carried as a PNG's is.
            tidied.colour = ICCProfile.carrier(for: profile)
        }
        tidied.backgroundRemoved = steps.contains { $0.hasPrefix("background made transparent") }
        return tidied
    }

    /// A TGS or Lottie JSON drawn into frames by its reader, when --render-lottie asks.
    func drawn(_ bytes: [UInt8], kind: MotionKind, steps: inout [String]) throws(Failure) -> DecodedImage {
        guard options.renderLottie else {
            throw .unreadable("content is \(kind), a vector animation: give --render-lottie to draw it (rlottie) into frames made like any animation")
        }
        if let refusal = kind.reader.refusal(byteCount: bytes.count) { throw .unreadable(refusal.description) }
        let budget = max(1, decoder.limits.maxTotalPixels / (Self.lottieSide * Self.lottieSide))
        let facts: PlainMotionFacts
        let drawn: DecodedImage?
        do throws(ImageError) { facts = try kind.reader.read(bytes).plain } catch { throw .unreadable(error.description) }
        do throws(DrawRefusal) {
            drawn = try kind.reader.frames(bytes, side: Self.lottieSide, maxFrames: min(Self.lottieFrames, budget), maxRate: Self.lottieRate)
        } catch {
            if Interruption.happened { throw .interrupted }
            throw .unreadable("not drawn: \(error)")
        }
        guard let drawn else { throw .unreadable("content is \(kind), which stickerlint does not draw") }
        // Art that draws nothing on its canvas (every shape off it, or wholly transparent) would make a
        // sticker that shows nothing.
        guard drawn.frames.contains(where: { frame in stride(from: 3, to: frame.pixels.count, by: 4).contains { frame.pixels[$0] != 0 } }) else {
            throw .unreadable(
                "drawn by rlottie, it shows nothing on its \(facts.width)×\(facts.height) canvas in any frame: a sticker of it would be empty")
        }
        let rate = facts.frameRate.map { " at \($0.hundredthsText) fps" } ?? ""
        steps.append(
            "drawn by rlottie: \(drawn.frames.count.counted("frame")) of \(drawn.width)×\(drawn.height) from \(facts.frames.counted("frame"))\(rate) "
                + "on a \(facts.width)×\(facts.height) canvas")
        return drawn
    }

    func make(_ bytes: [UInt8]) throws(Failure) -> Made { try make(try tidy(bytes), bytes: bytes) }

    /// Tidied art made into a sticker (`bytes`: the art's file, kept as it is when it is a sticker already).
    func make(_ tidied: Tidied, bytes: [UInt8]) throws(Failure) -> Made {
        let source = tidied.source
        var frames = tidied.frames, steps = tidied.steps, warnings: [String] = []
        let (width, height) = (source.width, source.height)
        // The grid's side: art larger is resampled down to it; art smaller is never enlarged.
        let longer = max(width, height), target = grid.pixels
        var (w, h) = (width, height)
        if longer > target {
            (w, h) = (max(1, (width * target + longer / 2) / longer), max(1, (height * target + longer / 2) / longer))
            frames = try Self.eachFrame(frames) {
                ImageFrame(pixels: Resampler.resize($0.pixels, width: width, height: height, to: w, h), delay: $0.delay)
            }
            steps.append("resized \(width)×\(height) → \(w)×\(h) (Lanczos3)")
        }
        let side = longer >= target || options.pad ? target : longer
        if longer < target {
            if options.pad {
                steps.append("\(width)×\(height) centred on a \(target)×\(target) canvas (--pad)")
            } else {
                let floor = StickerLimits.pixelRange.lowerBound
                // A sticker under Messages' minimum fails check (pixel-dimensions): left out, with the flag.
                guard longer >= floor else {
                    throw .cannotPass(
                        "\(width)×\(height) is under the \(floor)-px minimum every sticker needs, and art is never enlarged "
                            + "(give --pad to centre it on a \(target)-px canvas)")
                }
                warnings.append(
                    "\(width)×\(height) is smaller than the \(grid.rawValue) grid's \(target) px and was not enlarged"
                        + " (give --pad to centre it on a \(target)-px canvas)")
            }
        }
        // Judged on the art itself: a margin added around opaque art (--pad, a square canvas) still shows a box.
        if !frames.contains(where: { Canvas.hasTransparency($0.pixels) }) {
            let advice = options.removeBackground ? "" : " (art on a plain background: give --remove-background)"
            // Without a margin the file has no transparent pixel at all: check's transparency error.
            guard (w, h) != (side, side) else {
                throw .cannotPass("no transparent pixel in the art: Messages needs a transparent background\(advice)")
            }
            warnings.append("no transparent pixel in the art: Messages shows it as an opaque box on a transparent margin\(advice)")
        }
        if (w, h) != (side, side) {
            frames = try Self.eachFrame(frames) {
                ImageFrame(pixels: Canvas.centred($0.pixels, width: w, height: h, on: side, side), delay: $0.delay)
            }
            if longer >= target || !options.pad, w != h { steps.append("centred on a square \(side)×\(side) canvas") }
        }
        let animated = frames.count > 1
        let plays = source.plays
        var format: ImageFormat = animated ? .apng : .png
        var encoded: [UInt8]
        do {
            if animated && options.keepGIF && source.header.format == .gif {
                format = .gif
                encoded =
                    side == width && side == height && frames.count == source.frames.count && steps.isEmpty
                    ? bytes
                    : try FrameEncoder.encode(frames, width: side, height: side, like: source, source: bytes, decoder: decoder)
            } else {
                // With the art's colour chunks (ICC profile, sRGB, gAMA, cHRM), so that its colours show as the art's did;
                // without them (said) where only that is within the limit without loss.
                let plain = try lossless(frames, width: side, height: side, loops: plays)
                encoded = PNGOptimizer.showingColours(of: tidied.colour ?? bytes, in: plain, decoder: decoder)
                if encoded.count > options.sizeLimit && plain.count <= options.sizeLimit {
                    steps.append(Self.colourLeftOut(encoded.count, limit: options.sizeLimit))
                    encoded = plain
                }
            }
        } catch {
            throw .encoding(error.description)
        }
        var psnr: Double?
        // Art that is already a sticker Messages takes (its format, square, 300–618 px, under the limit,
        // transparent) is kept byte for byte rather than made into a lossy file (the made one is over the
        // limit), or than a larger one that changes nothing (its own size, no frame tidied), unless what
        // was asked for changed its pixels (--remove-background, --pad). (Art of another size is made for
        // the grid when that fits without loss: kept, it would draw grid-size and mixed-sizes warnings.)
        // A 16-bit sticker made 8-bit would lose precision no step asked for: kept too.
        let unchanged = source.width == side && steps.isEmpty
        if encoded.count > options.sizeLimit || (unchanged && (encoded.count >= bytes.count || source.header.bitDepth > 8)),
            !tidied.backgroundRemoved, !(options.pad && longer < target),
            Self.validAsIs(source, bytes: bytes, limit: options.sizeLimit)
        {
            let kept =
                "kept as it is (a \(source.width)×\(source.height) \(source.header.format.displayName) of \(bytes.count.grouped) bytes): "
                + "made for the grid it would be \(encoded.count.grouped) bytes without loss"
            return Made(
                bytes: bytes, size: bytes.count, format: source.header.format, side: source.width, frames: source.frames.count,
                digest: Self.digest(source.frames), steps: [kept], warnings: [], psnr: nil)
        }
        if encoded.count > options.sizeLimit {
            let header = ImageHeader(
                format: format, width: side, height: side, frameCount: frames.count, loopCount: animated ? plays : nil,
                hasAlpha: true, bitDepth: 8, colorModel: .rgba)
            let image = DecodedImage(header: header, frames: frames, animationIssues: [])
            do {
                let fitted = try SizeFitter.fit(
                    image, source: encoded, limit: options.sizeLimit, minPSNR: options.minPSNR,
                    allowFrameDrop: options.allowFrameDrop, decoder: decoder)
                steps.append(
                    "fitted under \(options.sizeLimit.grouped) bytes (\(encoded.count.grouped) lossless): \(fitted.method), "
                        + (fitted.psnr.isInfinite ? "exact" : "PSNR \(PSNR.text(fitted.psnr)) dB"))
                psnr = fitted.psnr
                encoded = fitted.bytes
                let coloured = PNGOptimizer.showingColours(of: tidied.colour ?? bytes, in: encoded, decoder: decoder)
                if coloured.count <= options.sizeLimit {
                    encoded = coloured
                } else {
                    steps.append(Self.colourLeftOut(coloured.count, limit: options.sizeLimit))
                }
            } catch {
                throw .cannotFit("\(encoded.count.grouped) bytes without loss, over \(options.sizeLimit.grouped): \(error.reason)")
            }
        }
        // Stickers are made of 8-bit samples: said where the art had more (a 16-bit sticker kept as it is is not made).
        if source.header.bitDepth > 8 { steps.append("\(source.header.bitDepth)-bit samples made 8-bit") }
        return Made(
            bytes: encoded, size: encoded.count, format: format, side: side, frames: frames.count, digest: Self.digest(frames), steps: steps,
            warnings: warnings, psnr: psnr)
    }

    /// Frames as the fix engine's lossless encoders write them: an APNG (identical frames merged, changed
    /// rectangles) or a PNG, as fix's optimiser makes them at the default effort, made once; another
    /// effort gets its own pass. (The optimiser's APNG pass is this encoding of these frames: at the
    /// default effort it could only make the same file again, which for a long animation was half the time.)
    func lossless(_ frames: [ImageFrame], width: Int, height: Int, loops: Int) throws(ImageError) -> [UInt8] {
        if frames.count > 1 {
            let apng = try FrameEncoder.apng(
                PNGOptimizer.mergingIdenticalFrames(frames), width: width, height: height, loopCount: loops,
                deflateLevel: PNGOptimizer.deflateLevel)
            guard options.effort != .default else { return apng }
            return (try? PNGOptimizer.optimize(apng, decoder: decoder, effort: options.effort).bytes) ?? apng
        }
        let png = try PNGOptimizer.smallestFile(rgba: frames[0].pixels, width: width, height: height)
        return options.effort == .default ? png : (try? PNGOptimizer.optimize(png, decoder: decoder, effort: options.effort).bytes) ?? png
    }

    /// Said when the art's colour chunks do not fit: "its colour profile and chunks left out: with them …".
    static func colourLeftOut(_ bytes: Int, limit: Int) -> String {
        "its colour profile and chunks left out: with them it would be \(bytes.grouped) bytes, over the \(limit.grouped)-byte limit"
    }

    /// Whether the source file is a sticker as it is: PNG, APNG or GIF, square, within Messages' sides,
    /// no larger than `limit`, with transparency, and animated only in an animated format.
    static func validAsIs(_ source: DecodedImage, bytes: [UInt8], limit: Int) -> Bool {
        let format = source.header.format
        guard [.png, .apng, .gif].contains(format), source.width == source.height, StickerLimits.pixelRange.contains(source.width),
            bytes.count <= limit, source.animationIssues.isEmpty
        else { return false }
        guard (source.frames.count > 1) == (format == .apng || format == .gif) else { return false }
        return source.frames.contains { Canvas.hasTransparency($0.pixels) }
    }

    /// Every frame's pixels and time shown, as the duplicate-sticker rule compares stickers.
    static func digest(_ frames: [ImageFrame]) -> UInt64 {
        var digest = FNV1a.offsetBasis
        for frame in frames {
            digest = FNV1a.hash(frame.pixels, seed: digest)
            digest = FNV1a.hash(String(frame.delay.milliseconds).utf8, seed: digest)
        }
        return digest
    }

}
