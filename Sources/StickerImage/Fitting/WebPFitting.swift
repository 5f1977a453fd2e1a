extension SizeFitter {
    /// The lossy WebP qualities tried, best first, down to the floor (`minimumWebPQuality`).
    static let webpQualities: [Float] = [95, 90, 85, 80, 75, 70, 65, 60, 55, 50]
    /// The lowest libwebp quality a lossy WebP is made at.
    public static let minimumWebPQuality = 50
    /// An animation's qualities past the still floor, colour and alpha quantised alike (cwebp `-q Q -alpha_q Q`,
    /// as sticker-convert writes animations): where every frame's shape moves, the exact alpha plane is most of
    /// each frame's bytes, and a lower quality at the full rate keeps more of the timeline than frames merged.
    /// Judged like every way, by the PSNR over the timeline against `--min-psnr`.
    static let animatedWebPQualities = [50, 40, 30, 20, 10]
    /// The lowest quality an animated WebP is made at, its alpha too.
    public static let minimumAnimatedWebPQuality = 10
    /// The near-lossless levels tried, least lossy first (libwebp's `-near_lossless`).
    static let webpNearLosslessLevels = [80, 60, 40]

    /// The least lossy WebP of `frames` within `limit` bytes (a file of exactly `limit` fits), on the
    /// same ladder and judge as PNG's: lossless at libwebp's default effort (then harder when that is
    /// near the limit), near-lossless at each level, then the highest lossy quality that fits (by
    /// bisection: a WebP's size grows with its quality); each lossy candidate judged by the PSNR of
    /// its premultiplied pixels against the frames', refused below `minPSNR`. `Fitted.method` is empty
    /// for the lossless file.
    public static func fitWebP(
        _ frames: [ImageFrame], width: Int, height: Int, loops: Int, limit: Int, minPSNR: Double, decoder: ImageDecoder
    ) throws(Failure) -> Fitted {
        func encode(_ options: WebPEncoder.Options) throws(Failure) -> [UInt8] {
            do {
                return frames.count > 1
                    ? try WebPEncoder.encodeAnimation(frames, width: width, height: height, loopCount: loops, options: options)
                    : try WebPEncoder.encode(rgba: frames[0].pixels, width: width, height: height, options: options)
            } catch {
                throw .encoding(error.description)
            }
        }
        // Lossless at libwebp's default effort (cwebp -lossless), then harder only when that is near the limit
        // (-q 90 -m 5: within a few bytes of -z 9's size here, at a tenth of its time).
        var lossless = try encode(WebPEncoder.Options(lossless: true, quality: 75, method: 4))
        if lossless.count > limit && lossless.count <= limit + limit / 8 {
            let strongest = try encode(WebPEncoder.Options(lossless: true, quality: 90, method: 5))
            if strongest.count < lossless.count { lossless = strongest }
        }
        if lossless.count <= limit { return Fitted(bytes: lossless, psnr: .infinity, method: "") }
        let original = frames.flatMap(\.pixels)
        func judged(_ bytes: [UInt8], _ method: String) throws(Failure) -> Fitted {
            guard let shown = try? decoder.decode(bytes), shown.frames.count == frames.count else {
                throw .encoding("the fitted WebP does not decode to its \(frames.count) frames")
            }
            let psnr = Quantizer.psnr(original, shown.frames.flatMap(\.pixels))
            guard psnr >= minPSNR else { throw .belowFloor(psnr: psnr, floor: minPSNR, method: method) }
            return Fitted(bytes: bytes, psnr: psnr, method: method, losslessBytes: lossless.count)
        }
        var smallest = lossless.count
        for level in webpNearLosslessLevels {
            var options = WebPEncoder.Options(lossless: true, quality: 75, method: 4)
            options.nearLossless = level
            let bytes = try encode(options)
            smallest = min(smallest, bytes.count)
            if bytes.count <= limit { return try judged(bytes, "near-lossless WebP (level \(level))") }
        }
        // At libwebp's default method (-m 6 is some 40 times slower for a percent or two).
        var low = 0, high = webpQualities.count - 1, best: ([UInt8], Float)?
        while low <= high {
            let middle = (low + high) / 2, quality = webpQualities[middle]
            let bytes = try encode(WebPEncoder.Options(lossless: false, quality: quality, method: 4))
            smallest = min(smallest, bytes.count)
            if bytes.count <= limit {
                best = (bytes, quality)
                high = middle - 1
            } else {
                low = middle + 1
            }
        }
        guard let (bytes, quality) = best else { throw .cannotFit(smallest: smallest, limit: limit) }
        return try judged(bytes, "lossy WebP quality \(Int(quality))")
    }
}
