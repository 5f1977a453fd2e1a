#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerFiles

/// `fix --lossy` and `pack`: the least lossy re-encoding of an image that fits under a byte limit, with its
/// measured quality (PSNR of premultiplied RGBA against the decoded original), refused below a floor.
/// PNG and APNG: first near-lossless (the colours under fully transparent pixels cleared, then every
/// colour within ±k premultiplied, the smallest k that fits), then one palette for every frame, from
/// 256 colours down, each count tried without and with dithering, while a palette can still beat the
/// near-lossless PSNR; of all that fit, the highest PSNR wins. JPEG: the highest quality that fits,
/// from the file's own estimated quality down.

public enum SizeFitter {
    /// The lowest PSNR (premultiplied RGBA, dB) a lossy fit may reach by default (`--min-psnr`).
    public static let defaultMinPSNR = 45.0

    public struct Fitted: Sendable, Hashable {
        public var bytes: [UInt8]
        /// Of the whole animation (every frame's pixels together); infinity when the premultiplied
        /// pixels are identical.
        public var psnr: Double
        /// "a palette of 128 colours, dithered", "near-lossless, every colour within ±1 (premultiplied)",
        /// "JPEG quality 80".
        public var method: String
        /// The size of the lossless encoding the fit was made because of, where the fitter made one (WebP).
        public var losslessBytes: Int? = nil
    }

    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// Fits, but only at a quality below the floor.
        case belowFloor(psnr: Double, floor: Double, method: String)
        /// Nothing tried fits under the limit.
        case cannotFit(smallest: Int, limit: Int)
        case unsupported(ImageFormat)
        case encoding(String)

        /// What `fix` says of a file it leaves as it is.
        public var description: String { "left alone: \(reason)" }

        /// Why, on its own ("fitting needs …"): what `pack` says of art it leaves out.
        public var reason: String {
            switch self {
            case .belowFloor(let psnr, let floor, let method):
                "fitting needs \(method), PSNR \(PSNR.text(psnr)) dB, below the \(PSNR.text(floor)) dB floor (--min-psnr)"
            case .cannotFit(let smallest, let limit):
                "the smallest lossy encoding tried is \(smallest.grouped) bytes, still over \(limit.grouped)"
            case .unsupported(let format):
                "a \(format.displayName) can only be fitted under the limit by dropping frames (--allow-frame-drop)"
            case .encoding(let why): why
            }
        }
    }

    public static let colourCounts = [256, 192, 128, 96, 64, 48, 32, 16]

    /// The least lossy fit under `limit`; with `allowFrameDrop`, an animation that cannot fit with all
    /// its frames (or not above the floor) drops every other frame, their delays merged so that the
    /// duration stays, as many times as it takes. The PSNR of a dropped-frame fit compares every
    /// original frame with the frame shown at its start time.
    public static func fit(
        _ image: DecodedImage, source: [UInt8], limit: Int, minPSNR: Double,
        allowFrameDrop: Bool = false, decoder: ImageDecoder
    ) throws(Failure) -> Fitted {
        let failure: Failure
        do {
            return try fitAllFrames(image, source: source, limit: limit, minPSNR: minPSNR, decoder: decoder)
        } catch {
            failure = error
        }
        guard allowFrameDrop, image.frames.count >= 2 else { throw failure }
        var current = image
        while current.frames.count >= 2 {
            current = halved(current)
            var attempt: Fitted
            do {
                if image.header.format == .gif {
                    let bytes = try FrameEncoder.encode(
                        current.frames, width: image.width, height: image.height, like: image, source: source, decoder: decoder)
                    guard bytes.count < limit else { continue }
                    attempt = Fitted(bytes: bytes, psnr: .infinity, method: "")
                } else {
                    attempt = try fitAllFrames(current, source: source, limit: limit, minPSNR: 0, decoder: decoder)
                }
            } catch {
                continue
            }
            guard let shown = try? decoder.decode(attempt.bytes) else { throw .encoding("the fitted file does not decode") }
            let dropped = image.frames.count - current.frames.count
            attempt.method =
                "\(dropped) of \(image.frames.count) frames dropped (delays merged)" + (attempt.method.isEmpty ? "" : ", " + attempt.method)
            attempt.psnr = timelinePSNR(image, shown)
            guard attempt.psnr >= minPSNR else { throw .belowFloor(psnr: attempt.psnr, floor: minPSNR, method: attempt.method) }
            return attempt
        }
        throw failure
    }

    /// Every other frame kept, each shown for its own delay and the dropped one's.
    static func halved(_ image: DecodedImage) -> DecodedImage {
        var out = image
        out.frames = stride(from: 0, to: image.frames.count, by: 2).map { i in
            guard i + 1 < image.frames.count else { return image.frames[i] }
            let (a, b) = (image.frames[i].delay, image.frames[i + 1].delay)
            let delay = FrameDelay.sum(a, b) ?? FrameDelay(numerator: min(65_535, a.milliseconds + b.milliseconds), denominator: 1000)
            return ImageFrame(pixels: image.frames[i].pixels, delay: delay)
        }
        return out
    }

    /// PSNR over the original's frames, each against the frame `shown` displays at its start time.
    static func timelinePSNR(_ original: DecodedImage, _ shown: DecodedImage) -> Double {
        var starts: [Double] = [], t = 0.0
        for frame in shown.frames {
            starts.append(t)
            t += frame.delay.seconds
        }
        var mse = 0.0, time = 0.0
        for frame in original.frames {
            let index = max(0, (starts.lastIndex { $0 <= time + 1e-9 }) ?? 0)
            let p = Quantizer.psnr(frame.pixels, shown.frames[index].pixels)
            mse += p.isInfinite ? 0 : 255 * 255 / pow(10, p / 10)
            time += frame.delay.seconds
        }
        mse /= Double(original.frames.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    static func fitAllFrames(_ image: DecodedImage, source: [UInt8], limit: Int, minPSNR: Double, decoder: ImageDecoder) throws(Failure) -> Fitted {
        let original = image.frames.flatMap(\.pixels)
        var smallest = Int.max
        func judge(_ candidates: [Fitted]) throws(Failure) -> Fitted? {
            smallest = min(smallest, candidates.map(\.bytes.count).min() ?? .max)
            guard let best = candidates.filter({ $0.bytes.count < limit }).max(by: { $0.psnr < $1.psnr }) else { return nil }
            guard best.psnr >= minPSNR else { throw .belowFloor(psnr: best.psnr, floor: minPSNR, method: best.method) }
            return best
        }
        do {
            switch image.header.format {
            case .png, .apng, .webp:
                // (WebP is written as PNG or APNG.) Near-lossless first (every colour within ±k once premultiplied, k from 0 up), then
                // palettes from 256 colours down while one could still beat the near-lossless PSNR.
                var fits: [Fitted] = []
                let nearLossless = try nearLosslessFit(image, limit: limit, minPSNR: minPSNR, smallest: &smallest)
                if let nearLossless {
                    if nearLossless.psnr.isInfinite { return nearLossless }
                    fits.append(nearLossless)
                }
                for count in colourCounts {
                    if Interruption.happened { throw Failure.encoding("\(ImageError.interrupted)") }
                    let palette = Quantizer.palette(frames: image.frames.map(\.pixels), count: count)
                    var candidates: [Fitted] = []
                    for dither in [false, true] {
                        let indexed = image.frames.map {
                            Quantizer.indexes($0.pixels, width: image.width, height: image.height, palette: palette, dither: dither)
                        }
                        let shown = indexed.map { PaletteImage.rgba($0, palette: palette) }
                        let bytes = try strongest(try encode(image, shown: shown, level: quickLevel), limit: limit) { (level) throws(ImageError) in
                            try encode(image, shown: shown, level: level)
                        }
                        let method = "a palette of \(palette.count / 4) colours" + (dither ? ", dithered" : "")
                        candidates.append(Fitted(bytes: bytes, psnr: Quantizer.psnr(original, shown.flatMap { $0 }), method: method))
                    }
                    smallest = min(smallest, candidates.map(\.bytes.count).min() ?? .max)
                    // Fewer colours only lower the PSNR: stop once no palette can beat what fits.
                    if let nearLossless, candidates.allSatisfy({ $0.psnr <= nearLossless.psnr }) { break }
                    let fitting = candidates.filter { $0.bytes.count < limit }
                    if !fitting.isEmpty {
                        fits += fitting
                        break
                    }
                }
                if let best = fits.max(by: { $0.psnr < $1.psnr }) {
                    guard best.psnr >= minPSNR else { throw Failure.belowFloor(psnr: best.psnr, floor: minPSNR, method: best.method) }
                    return best
                }
            case .jpeg:
                let start = min(95, JPEGQuality.estimate(source) ?? 90)
                for quality in stride(from: start, through: 30, by: -5) {
                    let bytes = try JPEGEncoder.encode(
                        rgba: image.frames[0].pixels, width: image.width, height: image.height, quality: quality,
                        grey: image.header.colorModel == .grey)
                    let decoded = try decoder.decode(bytes)
                    let candidate = Fitted(bytes: bytes, psnr: Quantizer.psnr(original, decoded.frames[0].pixels), method: "JPEG quality \(quality)")
                    if let fitted = try judge([candidate]) { return fitted }
                }
            case .gif:
                throw Failure.unsupported(.gif)
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .encoding("\(error)")
        }
        throw .cannotFit(smallest: smallest, limit: limit)
    }

    /// The largest error bound tried by near-lossless fitting (PSNR about 30 dB).
    static let nearLosslessLimit = 12

    /// The near-lossless encoding with the smallest error bound k (0: only the colours of fully
    /// transparent pixels changed, which nothing shows) that fits under `limit`, each k with the better
    /// of two predictors; nil when none does before the PSNR falls below `minPSNR` or k passes
    /// `nearLosslessLimit` (palettes are tried next, and name what fitting would take).
    static func nearLosslessFit(_ image: DecodedImage, limit: Int, minPSNR: Double, smallest: inout Int) throws(ImageError) -> Fitted? {
        let original = image.frames.flatMap(\.pixels)
        var hidden = false
        for i in stride(from: 0, to: original.count, by: 4) where original[i + 3] == 0 && (original[i] | original[i + 1] | original[i + 2]) != 0 {
            hidden = true
            break
        }
        for k in (hidden ? 0 : 1)...nearLosslessLimit {
            if Interruption.happened { throw .interrupted }
            // Both predictors at a quick level; the smaller at full strength when near the limit.
            var best: (bytes: [UInt8], shown: [[UInt8]])?
            for predictor in [NearLossless.Predictor.average, .paeth] {
                var shown: [[UInt8]] = []
                for (index, frame) in image.frames.enumerated() {
                    let previous = index > 0 ? (original: image.frames[index - 1].pixels, result: shown[index - 1]) : nil
                    shown.append(
                        NearLossless.quantize(
                            frame.pixels, width: image.width, height: image.height, k: k,
                            predictor: predictor, previous: previous))
                }
                let bytes = try encode(image, shown: shown, level: quickLevel)
                if best.map({ bytes.count < $0.bytes.count }) ?? true { best = (bytes, shown) }
            }
            guard let best else { continue }
            let bytes = try strongest(best.bytes, limit: limit) { (level) throws(ImageError) in
                try encode(image, shown: best.shown, level: level)
            }
            let fitted = Fitted(
                bytes: bytes, psnr: Quantizer.psnr(original, best.shown.flatMap { $0 }),
                method: k == 0 ? "colours under fully transparent pixels cleared" : "near-lossless, every colour within ±\(k) (premultiplied)")
            smallest = min(smallest, bytes.count)
            if bytes.count < limit { return fitted }
            if fitted.psnr < minPSNR { return nil }
        }
        return nil
    }

    /// libdeflate's level for trial encodings; `strongest` re-encodes at `PNGOptimizer.deflateLevel`
    /// only those within a fifth of the limit (level 11 saves a few percent, never a fifth).
    static let quickLevel = 6

    /// `quick` (encoded at `quickLevel`) or, when it is within reach of `limit`, the encoding at full
    /// strength if that is no larger.
    static func strongest(_ quick: [UInt8], limit: Int, _ encode: (Int) throws(ImageError) -> [UInt8]) throws(ImageError) -> [UInt8] {
        guard quick.count < limit + limit / 5 else { return quick }
        let full = try encode(PNGOptimizer.deflateLevel)
        return full.count <= quick.count ? full : quick
    }

    /// Frames (palette-mapped or near-lossless) as the smallest PNG or APNG found at libdeflate `level`:
    /// one palette for all frames when they have at most 256 colours, at the bit depth its size allows.
    /// The optimiser's strategies include the fixed Average and Paeth filters that near-lossless
    /// quantises against.
    static func encode(_ image: DecodedImage, shown: [[UInt8]], level: Int) throws(ImageError) -> [UInt8] {
        if image.frames.count == 1 {
            return try PNGOptimizer.smallest(rgba: shown[0], width: image.width, height: image.height, level: level)
        }
        let frames = zip(shown, image.frames).map { ImageFrame(pixels: $0, delay: $1.delay) }
        return try FrameEncoder.apng(
            PNGOptimizer.mergingIdenticalFrames(frames), width: image.width, height: image.height,
            loopCount: image.loopCount ?? 0, deflateLevel: level)
    }
}

/// How PSNR values are printed: one decimal, "lossless" for identical pixels.
public enum PSNR {
    public static func text(_ value: Double) -> String {
        guard value.isFinite else { return "∞" }
        return String((value * 10).rounded() / 10)
    }
}
