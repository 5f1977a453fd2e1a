import StickerCatalog
import StickerImage

/// Small previews of stickers for reports, made with the variants' resampler and encoders, so that
/// animated stickers stay animated (APNG stays APNG, GIF stays GIF).
public enum Thumbnailer {
    /// A preview no larger than `maxSide` pixels, as (MIME type, bytes); nil when the file cannot be decoded.
    public static func thumbnail(_ path: String, maxSide: Int, files: any FileReading = DiskFileReader()) -> (String, [UInt8])? {
        guard let bytes = try? files.readAll(path), let image = try? ImageDecoder().decode(bytes), image.width > 0 else { return nil }
        let scale = min(1.0, Double(maxSide) / Double(max(image.width, image.height)))
        let width = max(1, Int((Double(image.width) * scale).rounded())), height = max(1, Int((Double(image.height) * scale).rounded()))
        let frames = image.frames.map {
            ImageFrame(pixels: Resampler.resize($0.pixels, width: image.width, height: image.height, to: width, height), delay: $0.delay)
        }
        var format = image.header.format
        // JPEG previews are PNG too: one encoder for stills keeps reports simple.
        if format == .jpeg { format = .png }
        var header = image.header
        header.format = format
        let like = DecodedImage(header: header, frames: image.frames, animationIssues: image.animationIssues)
        guard let encoded = try? VariantEncoder.encode(frames, width: width, height: height, like: like, source: bytes) else { return nil }
        // APNG travels as image/png, which every browser sniffs and animates.
        return (format == .gif ? "image/gif" : "image/png", encoded)
    }
}

extension Thumbnailer {
    /// An animated preview of a sticker sequence: its frames as one APNG, each shown `delayMilliseconds`.
    public static func sequence(_ paths: [String], delayMilliseconds: Int, maxSide: Int,
                                files: any FileReading = DiskFileReader()) -> (String, [UInt8])? {
        var frames: [ImageFrame] = []
        var size: (Int, Int)?
        for path in paths {
            guard let bytes = try? files.readAll(path), let image = try? ImageDecoder().decode(bytes), let first = image.frames.first else { return nil }
            let scale = min(1.0, Double(maxSide) / Double(max(image.width, image.height)))
            let target = size ?? (max(1, Int((Double(image.width) * scale).rounded())), max(1, Int((Double(image.height) * scale).rounded())))
            size = target
            frames.append(ImageFrame(pixels: Resampler.resize(first.pixels, width: image.width, height: image.height, to: target.0, target.1),
                                     delay: FrameDelay(numerator: delayMilliseconds, denominator: 1000)))
        }
        guard let (width, height) = size, !frames.isEmpty else { return nil }
        if frames.count == 1 {
            return (try? PNGEncoder.encodeOptimized(rgba: frames[0].pixels, width: width, height: height)).map { ("image/png", $0) }
        }
        return (try? VariantEncoder.apng(frames, width: width, height: height, loopCount: 0)).map { ("image/png", $0) }
    }
}
