import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint

/// What one image gets: lossless re-encoding always; resampling and fitting when planned.
struct ImageEdit: Sendable, Hashable {
    var path: String
    /// Resample down so that the longer side is this (`.resize`).
    var resizeTo: Int?
    /// Fit under a byte limit when still over it (`.fit`).
    var fit: Fitting?
}

/// What `.fit` aims for.
struct Fitting: Sendable, Hashable {
    var limit: Int
    var minPSNR: Double
    var allowFrameDrop = false
}

/// The image part of `fix`, one file at a time, in named steps: read and decode once; resize when
/// planned; re-encode without loss; fit under the limit when planned and still needed; write
/// atomically if the result is smaller (or resized), and only if the file is still what was read.
struct ImageFixer: Sendable {
    let files: any FileSystem
    let decoder: ImageDecoder
    let options: FixOptions
    let write: Bool

    /// Why a fitted file was not used.
    enum FitRefusal: Error, CustomStringConvertible {
        case profile
        case overWithColourChunks
        var description: String {
            switch self {
            case .profile: "its ICC profile is for another colour type than the fitted file's"
            case .overWithColourChunks: "with its colour chunks kept, the fitted file is over the limit"
            }
        }
    }

    func fix(_ edit: ImageEdit) -> Fixer.FileFix {
        let path = edit.path
        // Over the image budget a file is judged from its size and header alone, as check judges it:
        // never read whole (a 1 GB file padded with zeros costs a stat).
        if let size = files.size(path), size > decoder.limits.maxFileBytes {
            return Fixer.FileFix(
                path: path, bytesBefore: size, bytesAfter: size,
                kept: "\(ImageError.overBudget(.fileBytes(bytes: size, limit: decoder.limits.maxFileBytes))): left as it is")
        }
        let bytes: [UInt8]
        do {
            bytes = try files.read(path)
        } catch {
            let size = files.size(path) ?? 0
            return Fixer.FileFix(path: path, bytesBefore: size, bytesAfter: size, failure: error.description)
        }
        var fix = Fixer.FileFix(path: path, kind: .recompress, bytesBefore: bytes.count, bytesAfter: bytes.count)
        // Decoded once, when a step needs the pixels; the lossless step decodes on its own to verify.
        let image = edit.resizeTo != nil || edit.fit != nil ? try? decoder.decode(bytes) : nil
        var source = bytes, shown = image, resized: String?
        let target = edit.resizeTo.flatMap { side in image.map { Self.resizeTarget($0.width, $0.height, grid: side) } }
        if let side = edit.resizeTo, let image, target == .some(nil), let small = Self.underMinimum(image.width, image.height, to: side) {
            // Of an aspect no legal size holds (the shorter side under 300 px even at 618): it stays as it is.
            fix.kind = .resize
            fix.kept =
                "not resized: \(small) would be under \(StickerLimits.pixelRange.lowerBound) px on a side, and so would any size up to "
                + "\(StickerLimits.pixelRange.upperBound) px (pad it to a square first)"
        } else if let side = target ?? nil, let image, let (resizedBytes, resizedImage, what) = resize(image, bytes: bytes, to: side) {
            source = resizedBytes
            shown = resizedImage
            resized =
                what
                + (side != edit.resizeTo ? ": longer side \(side) px, the grid's \(edit.resizeTo ?? side) px would take the shorter under 300" : "")
            fix.kind = .resize
        }
        var result = source
        // What the lossless step did ("RGBA → palette", …), nil when it did nothing; the lossy step's method.
        var lossless: [String]?, lossy: String?
        do {
            let optimized = try losslessly(source)
            result = optimized.bytes
            lossless = optimized.changes
        } catch {
            if error != .alreadySmallest && error != .notPNG { fix.kept = error.description }
        }
        if let fitting = edit.fit, result.count >= fitting.limit, let shown, shown.animationIssues.isEmpty {
            do {
                let (fitted, psnr, method) = try fit(shown, source: source, fitting)
                result = fitted
                lossy = "lossy: \(method), PSNR \(PSNR.text(psnr)) dB"
                fix.psnr = psnr
                fix.kept = nil
                if fix.kind != .resize { fix.kind = .fit }
            } catch {
                fix.kept = "\(error)"
            }
        }
        // A resize says it was re-encoded; otherwise the lossless step says so itself.
        let encoding = lossy.map { [$0] } ?? lossless.map { (resized == nil ? ["recompressed losslessly"] : []) + $0 } ?? []
        fix.changes = (resized.map { [$0] } ?? []) + encoding
        // Resized or fitted, an APNG is made of its frames alone: a default image that is no frame is said lost.
        if (resized != nil || lossy != nil) && !fix.changes.contains(PNGOptimizer.hiddenDefaultImageChange)
            && PNGOptimizer.hidesDefaultImage(bytes, decoder: decoder)
        {
            fix.changes.append(PNGOptimizer.hiddenDefaultImageChange)
        }
        // Never a passing file made failing: a result over Xcode's limit where the original was under it
        // (a resized animation whose frames no longer compress) is not written.
        if result.count > StickerLimits.maxBytes && bytes.count <= StickerLimits.maxBytes {
            fix.changes = []
            fix.kept = "not changed: the result would be \(result.count.grouped) bytes, over the \(StickerLimits.maxBytes.grouped)-byte limit"
            return fix
        }
        guard result.count < bytes.count || resized != nil else {
            fix.changes = []
            if fix.kept == nil { fix.kind = nil }
            return fix
        }
        if write {
            do {
                // The file must still be what was read: a file changed meanwhile is left to the next run.
                guard (try? files.read(path)) == bytes else {
                    fix.kept = "changed while fix was running"
                    fix.changes = []
                    return fix
                }
                try files.write(result, to: path)
            } catch {
                fix.failure = error.description
                return fix
            }
        }
        fix.bytesAfter = result.count
        return fix
    }

    /// The size a `width`×`height` image gets when its longer side becomes `side`.
    static func scaled(_ width: Int, _ height: Int, to side: Int) -> (width: Int, height: Int) {
        let scale = Double(side) / Double(max(width, height))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// The longer side a `width`×`height` sticker is resized to for a grid of `grid` px: the grid's, when
    /// the shorter side stays at 300 px or more; else the smallest longer side up to 618 px that keeps it
    /// there (a 926×1423 sticker on the regular grid becomes 402×618); nil when no legal size holds it.
    static func resizeTarget(_ width: Int, _ height: Int, grid: Int) -> Int? {
        let range = StickerLimits.pixelRange
        guard max(width, height) > grid else { return nil }
        if min(scaled(width, height, to: grid).width, scaled(width, height, to: grid).height) >= range.lowerBound { return grid }
        for side in stride(from: grid + 1, through: min(range.upperBound, max(width, height) - 1), by: 1) {
            let (w, h) = scaled(width, height, to: side)
            if min(w, h) >= range.lowerBound { return side }
        }
        return nil
    }

    /// Whether a resize can give this sticker a legal size: at a longer side of 618 px (or its own, if
    /// smaller) the shorter is still 300 px or more.
    static func someSizeHolds(_ width: Int, _ height: Int) -> Bool {
        let (w, h) = scaled(width, height, to: min(StickerLimits.pixelRange.upperBound, max(width, height)))
        return min(w, h) >= StickerLimits.pixelRange.lowerBound
    }

    /// "408×291" when resizing to `side` would take a side that reaches Messages' minimum below it.
    static func underMinimum(_ width: Int, _ height: Int, to side: Int) -> String? {
        let minimum = StickerLimits.pixelRange.lowerBound
        let (w, h) = scaled(width, height, to: side)
        guard min(w, h) < minimum, min(width, height) >= minimum, max(width, height) > side else { return nil }
        return "\(w)×\(h)"
    }

    /// Resampled (Lanczos3, frame by frame) so that the longer side is `side`, its colour chunks kept.
    func resize(_ image: DecodedImage, bytes: [UInt8], to side: Int) -> ([UInt8], DecodedImage, String)? {
        guard image.animationIssues.isEmpty, max(image.width, image.height) > side else { return nil }
        let (w, h) = Self.scaled(image.width, image.height, to: side)
        let frames = image.frames.map {
            ImageFrame(pixels: Resampler.resize($0.pixels, width: image.width, height: image.height, to: w, h), delay: $0.delay)
        }
        guard let encoded = try? FrameEncoder.encode(frames, width: w, height: h, like: image, source: bytes, keepingPalette: true, decoder: decoder),
            let carried = PNGOptimizer.carryingColourChunks(from: bytes, into: encoded),
            let decoded = try? decoder.decode(carried)
        else { return nil }
        return (
            carried, decoded, "resized \(image.width)×\(image.height) → \(w)×\(h) (Lanczos3\(frames.count > 1 ? ", \(frames.count) frames" : ""))"
        )
    }

    /// PNG and APNG through `PNGOptimizer`, GIF through `GIFOptimizer`, chosen by the content.
    func losslessly(_ bytes: [UInt8]) throws(PNGOptimizer.Skip) -> PNGOptimizer.Result {
        switch Sniffer.kind(prefix: Array(bytes.prefix(Sniffer.prefixLength))) {
        case .image(.gif):
            return try GIFOptimizer.optimize(bytes, decoder: decoder)
        default:
            return try PNGOptimizer.optimize(bytes, decoder: decoder, keepMetadata: options.keepMetadata, effort: options.effort)
        }
    }

    /// The least lossy file under the limit, recompressed without loss too (so that a second run finds
    /// nothing to change) and shown in the source's colours (its colour chunks carried over).
    func fit(_ image: DecodedImage, source: [UInt8], _ fitting: Fitting) throws -> ([UInt8], Double, String) {
        let fitted = try SizeFitter.fit(
            image, source: source, limit: fitting.limit, minPSNR: fitting.minPSNR,
            allowFrameDrop: fitting.allowFrameDrop, decoder: decoder)
        let recompressed = (try? PNGOptimizer.optimize(fitted.bytes, decoder: decoder).bytes) ?? fitted.bytes
        guard let carried = PNGOptimizer.carryingColourChunks(from: source, into: recompressed) else { throw FitRefusal.profile }
        guard carried.count < fitting.limit else { throw FitRefusal.overWithColourChunks }
        return (carried, fitted.psnr, fitted.method)
    }
}
