import StickerCatalog
import StickerImage

/// A small preview of a sticker for reports, as a data URI's parts.
package struct Thumbnail: Sendable, Hashable {
    /// "image/png" (PNG and APNG, which every browser sniffs and animates) or "image/gif".
    package var mimeType: String
    /// The encoded image: a slice, so that previews read from the cache share the one buffer read
    /// (megabytes at studio scale) instead of each being copied out of it.
    package var bytes: ArraySlice<UInt8>
    /// The original file, smaller than its preview would be and shown enlarged: pixel art, to be
    /// scaled without smoothing (`image-rendering: pixelated`).
    package var pixelated: Bool

    /// The types a preview may be: an image format's. A preview read from elsewhere (a cache file, a
    /// shard's JSON report) of any other is refused: the HTML report writes the type into CSS.
    package static let mimeTypes = Set(ImageFormat.allCases.map(\.mimeType))

    package init(mimeType: String, bytes: [UInt8], pixelated: Bool = false) {
        self.init(mimeType: mimeType, bytes: bytes[...], pixelated: pixelated)
    }

    package init(mimeType: String, bytes: ArraySlice<UInt8>, pixelated: Bool = false) {
        self.mimeType = mimeType
        self.bytes = bytes
        self.pixelated = pixelated
    }
}

/// The first frame of a sequence frame's image at full size, kept until the sequence's preview is made.
package struct PreviewFrame: Sendable, Hashable {
    package var pixels: [UInt8]
    package var width: Int
    package var height: Int
}

/// Small previews of stickers for reports, made with the variants' resampler and encoders, so that
/// animated stickers stay animated (APNG stays APNG, GIF stays GIF). They are made from images already
/// decoded during inspection: nothing is read or decoded again.
package enum Thumbnailer {
    /// The preview size of an image: at most `maxSide` on its longer side, never enlarged.
    static func fitted(_ width: Int, _ height: Int, maxSide: Int) -> (Int, Int) {
        let scale = min(1.0, Double(maxSide) / Double(max(width, height)))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// The deflate level of previews: a preview is not an archive (libdeflate's level 4 is several
    /// times faster than the optimiser's 11 and within a few per cent of its size at this scale).
    static let previewDeflateLevel = 4

    /// A preview of a decoded image no larger than `maxSide` pixels; nil when it cannot be encoded.
    /// Never larger than what it shows: when the original file is no bigger than the preview would be
    /// (pixel art, small animations), the original is the preview and the browser scales it.
    package static func thumbnail(of image: DecodedImage, source: [UInt8], maxSide: Int, decoder: ImageDecoder) -> Thumbnail? {
        guard image.width > 0 else { return nil }
        // Displayed as it is by every browser: PNG, an APNG whose animation plays as decoded, GIF, JPEG.
        let original =
            image.animationIssues.isEmpty
            ? Thumbnail(
                mimeType: image.header.format.mimeType, bytes: source,
                pixelated: max(image.width, image.height) < maxSide) : nil
        let (width, height) = fitted(image.width, image.height, maxSide: maxSide)
        if let original, Self.originalServes(source.count, image: image, preview: (width, height)) { return original }
        let frames = image.frames.map {
            ImageFrame(pixels: Resampler.resize($0.pixels, width: image.width, height: image.height, to: width, height), delay: $0.delay)
        }
        var header = image.header
        // JPEG and WebP previews are PNG too (APNG when animated), and say so: the encoders write those.
        if header.format == .jpeg || header.format == .webp { header.format = frames.count > 1 ? .apng : .png }
        let like = DecodedImage(header: header, frames: image.frames, animationIssues: image.animationIssues)
        guard
            let encoded = try? FrameEncoder.encode(
                frames, width: width, height: height, like: like, source: source,
                deflateLevel: previewDeflateLevel, decoder: decoder)
        else { return original }
        if let original, original.bytes.count <= encoded.count { return original }
        return Thumbnail(mimeType: header.format.mimeType, bytes: encoded)
    }

    /// The side frames are drawn at for a preview when no report asks for one.
    static let drawnSide = 256

    /// The preview of frames a reader drew at the preview's size (a TGS or Lottie animation): an APNG
    /// (a PNG for one frame); nil when it cannot be encoded.
    package static func drawn(_ image: DecodedImage, decoder: ImageDecoder) -> Thumbnail? {
        guard image.width > 0, !image.frames.isEmpty,
            let encoded = try? FrameEncoder.encode(
                image.frames, width: image.width, height: image.height, like: image, source: [], deflateLevel: previewDeflateLevel,
                decoder: decoder)
        else { return nil }
        return Thumbnail(mimeType: image.header.format.mimeType, bytes: encoded)
    }

    /// Whether the original file is the preview without making one to compare: a preview that would
    /// be the original is never decoded, resampled and encoded to find that out (a party-parrot pack
    /// of small APNGs made every frame of every sticker again, for nothing). The original serves when
    /// it is no bigger than a tenth of the preview's raw pixels, every frame (no encoding beats that
    /// by enough to matter), or when the preview would keep at least half its pixels (at most 1.41×
    /// smaller on a side: the browser scales it, and an encoding of nearly the same pixels, at a
    /// preview's deflate level, is no smaller than the original worth the time).
    static func originalServes(_ bytes: Int, image: DecodedImage, preview: (width: Int, height: Int)) -> Bool {
        let previewPixels = preview.width * preview.height
        if bytes * 10 <= previewPixels * 4 * max(1, image.frames.count) { return true }
        return image.width * image.height <= 2 * previewPixels
    }

    /// An animated preview of a sticker sequence: the first frame of each image as one APNG, each shown
    /// `delayMilliseconds`, at the size of the first image's preview.
    package static func sequence(_ firstFrames: [PreviewFrame], delayMilliseconds: Int, maxSide: Int) -> Thumbnail? {
        guard let first = firstFrames.first else { return nil }
        let (width, height) = fitted(first.width, first.height, maxSide: maxSide)
        let frames = firstFrames.map {
            ImageFrame(
                pixels: Resampler.resize($0.pixels, width: $0.width, height: $0.height, to: width, height),
                delay: FrameDelay(numerator: delayMilliseconds, denominator: 1000))
        }
        if frames.count == 1 {
            return (try? PNGEncoder.encodeOptimized(rgba: frames[0].pixels, width: width, height: height)).map {
                Thumbnail(mimeType: "image/png", bytes: $0)
            }
        }
        return (try? FrameEncoder.apng(frames, width: width, height: height, loopCount: 0)).map { Thumbnail(mimeType: "image/png", bytes: $0) }
    }
}
