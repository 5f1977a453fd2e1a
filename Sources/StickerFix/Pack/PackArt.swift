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
        case encoding(String)
        case interrupted

        var description: String {
            switch self {
            case .interrupted: "interrupted"
            case .unreadable(let why): "not read: \(why)"
            case .cannotFit(let why): "left out: \(why)"
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

    func make(_ bytes: [UInt8]) throws(Failure) -> Made {
        let source: DecodedImage
        do { source = try decoder.decode(bytes) } catch { throw .unreadable(error.description) }
        guard source.width > 0, source.height > 0, !source.frames.isEmpty else { throw .unreadable("no pixels") }
        var steps: [String] = [], warnings: [String] = []
        var frames = PNGOptimizer.mergingIdenticalFrames(source.frames)
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
                warnings.append(
                    "\(width)×\(height) is smaller than the \(grid.rawValue) grid's \(target) px and was not enlarged"
                        + (longer < floor ? ", and under the \(floor)-px minimum every sticker needs" : "")
                        + " (give --pad to centre it on a \(target)-px canvas)")
            }
        }
        // Judged on the art itself: a margin added around opaque art (--pad, a square canvas) still shows a box.
        if !frames.contains(where: { Self.hasTransparency($0.pixels) }) {
            let margin = (w, h) != (side, side) ? " on a transparent margin" : ""
            warnings.append(
                "no transparent pixel in the art: Messages shows it as an opaque box\(margin)"
                    + (options.removeBackground ? "" : " (art on a plain background: give --remove-background)"))
        }
        if (w, h) != (side, side) {
            frames = try Self.eachFrame(frames) { ImageFrame(pixels: Self.centred($0.pixels, width: w, height: h, on: side), delay: $0.delay) }
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
            } else if animated {
                let apng = try FrameEncoder.apng(frames, width: side, height: side, loopCount: plays, deflateLevel: PNGOptimizer.deflateLevel)
                encoded = (try? PNGOptimizer.optimize(apng, decoder: decoder, effort: options.effort).bytes) ?? apng
            } else {
                let png = try PNGOptimizer.smallest(rgba: frames[0].pixels, width: side, height: side, level: PNGOptimizer.deflateLevel)
                encoded = (try? PNGOptimizer.optimize(png, decoder: decoder, effort: options.effort).bytes) ?? png
            }
        } catch {
            throw .encoding(error.description)
        }
        var psnr: Double?
        // Art that is already a sticker Messages takes (its format, square, 300–618 px, under the limit,
        // transparent) is kept byte for byte rather than made into a larger or lossy file.
        if encoded.count > options.sizeLimit, steps.allSatisfy({ $0.hasPrefix("resized ") }),
            Self.validAsIs(source, bytes: bytes, limit: options.sizeLimit)
        {
            let kept =
                "kept as it is (a \(source.width)×\(source.height) \(source.header.format.displayName) of \(bytes.count.grouped) bytes): "
                + "resized to the grid it would be \(encoded.count.grouped) bytes without loss"
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
                        + (fitted.psnr.isInfinite ? "exact" : "PSNR \(Self.decibels(fitted.psnr)) dB"))
                psnr = fitted.psnr
                encoded = fitted.bytes
            } catch {
                throw .cannotFit("\(encoded.count.grouped) bytes without loss, over \(options.sizeLimit.grouped): \(error)")
            }
        }
        return Made(
            bytes: encoded, size: encoded.count, format: format, side: side, frames: frames.count, digest: Self.digest(frames), steps: steps,
            warnings: warnings, psnr: psnr)
    }

    /// Whether the source file is a sticker as it is: PNG, APNG or GIF, square, within Messages' sides,
    /// no larger than `limit`, with transparency, and animated only in an animated format.
    static func validAsIs(_ source: DecodedImage, bytes: [UInt8], limit: Int) -> Bool {
        let format = source.header.format
        guard [.png, .apng, .gif].contains(format), source.width == source.height, StickerLimits.pixelRange.contains(source.width),
            bytes.count <= limit, source.animationIssues.isEmpty
        else { return false }
        guard (source.frames.count > 1) == (format == .apng || format == .gif) else { return false }
        return source.frames.contains { hasTransparency($0.pixels) }
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

    static func decibels(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `pixels` (w × h) centred on a transparent `side` × `side` canvas.
    static func centred(_ pixels: [UInt8], width w: Int, height h: Int, on side: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: side * side * 4)
        let x0 = (side - w) / 2, y0 = (side - h) / 2
        for row in 0..<h {
            let to = ((y0 + row) * side + x0) * 4
            out.replaceSubrange(to..<(to + w * 4), with: pixels[(row * w * 4)..<((row + 1) * w * 4)])
        }
        return out
    }

    static func hasTransparency(_ pixels: [UInt8]) -> Bool {
        stride(from: 3, to: pixels.count, by: 4).contains { pixels[$0] < 255 }
    }
}

/// `--remove-background`: the plain background of art exported without alpha (a JPEG, a flattened PNG)
/// made transparent. The background is the colour most of the image's border has; every pixel joined
/// to the border through pixels within `tolerance` of it (each channel) becomes transparent, so the
/// same colour inside the art, where the border cannot reach, stays.
enum BackgroundRemover {
    static let tolerance = 24

    /// The pixels with the background cleared, and how many were cleared.
    static func remove(_ pixels: [UInt8], width: Int, height: Int) -> ([UInt8], Int) {
        guard width > 0, height > 0 else { return (pixels, 0) }
        var counts: [UInt32: Int] = [:]
        func word(_ i: Int) -> UInt32 {
            UInt32(pixels[4 * i]) | UInt32(pixels[4 * i + 1]) << 8 | UInt32(pixels[4 * i + 2]) << 16 | UInt32(pixels[4 * i + 3]) << 24
        }
        var border: [Int] = []
        for x in 0..<width { border.append(x); border.append((height - 1) * width + x) }
        for y in 0..<height { border.append(y * width); border.append(y * width + width - 1) }
        for i in border where pixels[4 * i + 3] == 255 { counts[word(i), default: 0] += 1 }
        // The most common opaque border colour (the smallest word on a tie, for a stable answer).
        guard let (colour, count) = counts.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }),
            count * 2 >= border.count
        else { return (pixels, 0) }
        let reference = [Int(colour & 0xFF), Int(colour >> 8 & 0xFF), Int(colour >> 16 & 0xFF)]
        func near(_ i: Int) -> Bool {
            pixels[4 * i + 3] == 255 && (0..<3).allSatisfy { abs(Int(pixels[4 * i + $0]) - reference[$0]) <= tolerance }
        }
        var out = pixels, seen = [Bool](repeating: false, count: width * height)
        var stack = border.filter { near($0) }
        for i in stack { seen[i] = true }
        var cleared = 0
        while let i = stack.popLast() {
            out.replaceSubrange((4 * i)..<(4 * i + 4), with: [0, 0, 0, 0])
            cleared += 1
            let x = i % width, y = i / width
            for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && ny >= 0 && nx < width && ny < height {
                let n = ny * width + nx
                if !seen[n] && near(n) {
                    seen[n] = true
                    stack.append(n)
                }
            }
        }
        return (out, cleared)
    }
}
