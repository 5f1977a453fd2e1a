import StickerCatalog
import StickerImage

/// How one variant is encoded: resampled frame by frame (Lanczos3) in the master's format and colours
/// (`FrameEncoder`: APNG frames cut to what changed, a GIF in its own palette, a PNG of ≤ 256 colours
/// kept in them), then made as small as `fix` makes a file without loss (`GIFOptimizer`, `PNGOptimizer`)
/// and shown in the master's colour chunks. Palette art that comes out larger than its master is made
/// again with each pixel the nearest of the master's colours under it (`Resampler.keepingColours`). A variant has fewer pixels than its master and should not
/// have more bytes: when it does, the strongest lossless effort is tried, and what is left is said
/// (a master that is not optimized itself is named with what `fix` would make of it). A variant never
/// goes over a byte limit its master is within: it is fitted under it as `fix --lossy` fits.
enum VariantEncoder {
    struct Encoded: Sendable {
        var bytes: [UInt8]
        var notes: [String]
    }

    static func encode(
        _ image: DecodedImage, source: [UInt8], width: Int, height: Int, decoder: ImageDecoder
    ) throws(ImageError) -> Encoded {
        let resampled = image.frames.map {
            ImageFrame(pixels: Resampler.resize($0.pixels, width: image.width, height: image.height, to: width, height), delay: $0.delay)
        }
        var bytes = try smallest(resampled, width: width, height: height, like: image, source: source, decoder: decoder)
        // Palette art whose variant outgrew the master: each pixel the nearest of the master's colours
        // under it, which keeps flat areas flat to their edges (and the master's runs).
        if bytes.count > source.count, FrameEncoder.isPaletteArt(image) {
            let local = zip(image.frames, resampled).map { master, made in
                ImageFrame(
                    pixels: Resampler.keepingColours(made.pixels, of: master.pixels, width: image.width, height: image.height, to: width, height),
                    delay: made.delay)
            }
            let candidate = try smallest(local, width: width, height: height, like: image, source: source, decoder: decoder)
            if candidate.count < bytes.count { bytes = candidate }
        }
        // Shown as the master is shown: its colour chunks carried (none for GIF and JPEG; a variant made
        // grey under the master's RGB profile is made again in colour to carry it).
        bytes = PNGOptimizer.showingColours(of: source, in: bytes, decoder: decoder)
        var notes: [String] = []
        if let limit = limitKept(master: source.count), bytes.count > limit {
            notes.append(contentsOf: fitted(&bytes, under: limit, source: source, decoder: decoder))
        }
        if bytes.count > source.count {
            notes.append(larger(than: source, bytes.count, decoder: decoder))
        }
        return Encoded(bytes: bytes, notes: notes)
    }

    /// The frames in the master's format and colours, then as small as fix makes them without loss (the
    /// strongest effort too when still larger than the master).
    static func smallest(
        _ frames: [ImageFrame], width: Int, height: Int, like image: DecodedImage, source: [UInt8], decoder: ImageDecoder
    ) throws(ImageError) -> [UInt8] {
        var bytes = try FrameEncoder.encode(
            frames, width: width, height: height, like: image, source: source, deflateLevel: 6, keepingPalette: true, decoder: decoder)
        if let smaller = try? losslessly(bytes, decoder: decoder, effort: .default), smaller.count < bytes.count { bytes = smaller }
        if bytes.count > source.count, let smaller = try? losslessly(bytes, decoder: decoder, effort: .max), smaller.count < bytes.count {
            bytes = smaller
        }
        return bytes
    }

    /// The tightest byte limit the master is within (Messages' documented 500 KB, then its 512,000),
    /// which its variants must keep; nil when the master is over both.
    static func limitKept(master bytes: Int) -> Int? {
        [StickerLimits.documentedBytes, StickerLimits.maxBytes].first { bytes <= $0 }
    }

    /// The fix engine's lossless pass: GIF through `GIFOptimizer`, PNG and APNG through `PNGOptimizer`.
    static func losslessly(_ bytes: [UInt8], decoder: ImageDecoder, effort: PNGOptimizer.Effort) throws(PNGOptimizer.Skip) -> [UInt8] {
        switch Sniffer.kind(prefix: Array(bytes.prefix(Sniffer.prefixLength))) {
        case .image(.gif): try GIFOptimizer.optimize(bytes, decoder: decoder).bytes
        case .image(.png), .image(.apng): try PNGOptimizer.optimize(bytes, decoder: decoder, effort: effort).bytes
        default: throw .notPNG
        }
    }

    /// The variant fitted under `limit` (at or above fix's PSNR floor), with what that took; the notes
    /// say why not when it cannot be (the variant then stays over, and its file-size problem says so).
    static func fitted(_ bytes: inout [UInt8], under limit: Int, source: [UInt8], decoder: ImageDecoder) -> [String] {
        guard let image = try? decoder.decode(bytes) else { return [] }
        do {
            let fit = try SizeFitter.fit(image, source: bytes, limit: limit + 1, minPSNR: SizeFitter.defaultMinPSNR, decoder: decoder)
            let made = PNGOptimizer.showingColours(of: source, in: fit.bytes, decoder: decoder)
            guard made.count <= limit else { return [] }
            bytes = made
            return [
                "fitted under the \(limit.grouped)-byte limit its master is within: \(fit.method), PSNR \(PSNR.text(fit.psnr)) dB"
            ]
        } catch {
            let why =
                switch error {
                case .belowFloor(let psnr, let floor, let method):
                    "it needs \(method), PSNR \(PSNR.text(psnr)) dB, below fix's \(PSNR.text(floor)) dB floor"
                case .cannotFit(let smallest, _): "the smallest lossy encoding tried is \(smallest.grouped) bytes"
                case .unsupported(let format): "a \(format.displayName) is made smaller only by dropping frames"
                case .encoding(let reason): reason
                }
            return ["cannot be fitted under the \(limit.grouped)-byte limit its master is within: \(why)"]
        }
    }

    /// Why a variant has more bytes than its master: the master not optimized (and what `fix` makes of
    /// it), or the smallest lossless encoding found.
    static func larger(than source: [UInt8], _ count: Int, decoder: ImageDecoder) -> String {
        let over = "\(count.grouped) bytes, more than its master's \(source.count.grouped)"
        if let optimized = try? losslessly(source, decoder: decoder, effort: .default), optimized.count < source.count {
            return "\(over): the master is not optimized (`stickerlint fix` makes it \(optimized.count.grouped) bytes without loss); "
                + "make the variants again after fixing it"
        }
        return "\(over): the smallest lossless encoding found at this size"
    }
}
