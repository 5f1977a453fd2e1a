#if SystemCodecs
internal import StickerlintSystemWebP
#else
internal import StickerlintCWebP
#endif
import StickerFiles

/// WebP encoding through libwebp's encoder: still images (`WebPEncode`) and animations (`WebPAnimEncoder`,
/// which cuts each frame to what changed and picks key frames). What `pack --for` writes for the stores
/// that take WebP (issue #41).
///
/// libwebp reports every failure as a return value (no setjmp, no exit): nothing needs a C shim. The
/// sizes are checked before libwebp allocates anything; every buffer libwebp allocates is freed on
/// every path.
public enum WebPEncoder {
    /// How to encode.
    public struct Options: Sendable, Hashable {
        /// VP8L (exact pixels) rather than VP8 (lossy colour, lossless alpha).
        public var lossless: Bool
        /// 0–100: the lossy quality, or for lossless the effort (higher: smaller, slower).
        public var quality: Float
        /// 0–6: the speed against size trade-off (libwebp's `-m`); 6 is the smallest.
        public var method: Int
        /// Lossless only: keep the colour under fully transparent pixels (off: libwebp may change it,
        /// which no one sees and which saves bytes).
        public var exact: Bool
        /// Lossless only: 100 keeps every pixel; lower lets libwebp's near-lossless preprocessing adjust
        /// pixel values, less the higher it is (cwebp -near_lossless).
        public var nearLossless: Int = 100
        /// Lossy only: 100 keeps the alpha plane exact; lower quantises it too (cwebp -alpha_q), which for an
        /// animation whose shape moves every frame is most of each frame's bytes.
        public var alphaQuality: Int = 100

        public init(lossless: Bool, quality: Float = 75, method: Int = 4, exact: Bool = false) {
            self.lossless = lossless
            self.quality = quality
            self.method = method
            self.exact = exact
        }

        /// Lossless at libwebp's strongest effort (cwebp -lossless -z 9).
        public static let smallestLossless = Options(lossless: true, quality: 100, method: 6)
    }

    /// The largest side WebP's headers hold (WEBP_MAX_DIMENSION).
    public static let maxSide = 16_383

    /// One still image, RGBA8 straight alpha, rows without padding.
    public static func encode(rgba: [UInt8], width: Int, height: Int, options: Options) throws(ImageError) -> [UInt8] {
        try checkSize(width: width, height: height, bytes: rgba.count)
        var config = try makeConfig(options)
        var picture = try makePicture(rgba, width: width, height: height, lossless: options.lossless)
        defer { WebPPictureFree(&picture) }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let ok = withUnsafeMutablePointer(to: &writer) { writerPointer in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(writerPointer)
            return WebPEncode(&config, &picture)
        }
        guard ok != 0, let memory = writer.mem, writer.size > 0 else { throw .libwebp(message: encodingMessage(picture.error_code)) }
        return Array(UnsafeBufferPointer(start: memory, count: writer.size))
    }

    /// An animation of canvas-sized RGBA8 frames, each shown for its delay (rounded to milliseconds,
    /// WebP's unit), played `loopCount` times (0: forever).
    public static func encodeAnimation(
        _ frames: [ImageFrame], width: Int, height: Int, loopCount: Int, options: Options
    ) throws(ImageError) -> [UInt8] {
        guard !frames.isEmpty else { throw .encoding(.rasterSize(width: width, height: height, bytes: 0, needed: width * height * 4)) }
        for frame in frames { try checkSize(width: width, height: height, bytes: frame.pixels.count) }
        return try encodeAnimation(count: frames.count, width: width, height: height, loopCount: loopCount, options: options) { frames[$0] }
    }

    /// An animation of `count` frames made one at a time by `frame` (each dropped once encoded: a long
    /// animation is never held whole at the canvas size).
    public static func encodeAnimation(
        count: Int, width: Int, height: Int, loopCount: Int, options: Options, frame makeFrame: (Int) throws(ImageError) -> ImageFrame
    ) throws(ImageError) -> [UInt8] {
        guard count > 0 else { throw .encoding(.rasterSize(width: width, height: height, bytes: 0, needed: width * height * 4)) }
        var config = try makeConfig(options)
        var animOptions = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&animOptions) != 0 else {
            throw .libwebp(message: "the libwebp found is not the version it was built against")
        }
        // WebP's loop count is 16 bits (ANIM chunk).
        animOptions.anim_params.loop_count = Int32(min(max(0, loopCount), 65_535))
        // Transparent black between frames, as the other formats' decoders start.
        animOptions.anim_params.bgcolor = 0
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &animOptions) else {
            throw .libwebp(message: "the animation encoder could not be made (out of memory?)")
        }
        defer { WebPAnimEncoderDelete(encoder) }
        var timestamp = 0
        for index in 0..<count {
            if Interruption.happened { throw .interrupted }
            let frame = try makeFrame(index)
            try checkSize(width: width, height: height, bytes: frame.pixels.count)
            var picture = try makePicture(frame.pixels, width: width, height: height, lossless: options.lossless)
            defer { WebPPictureFree(&picture) }
            guard WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp), &config) != 0 else {
                throw .libwebp(message: animationMessage(encoder))
            }
            timestamp += max(0, frame.delay.milliseconds)
            guard timestamp <= Int(Int32.max) else { throw .libwebp(message: "the animation is longer than WebP's timestamps hold") }
        }
        // The end: the last frame's duration is the time up to here.
        guard WebPAnimEncoderAdd(encoder, nil, Int32(timestamp), nil) != 0 else { throw .libwebp(message: animationMessage(encoder)) }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes, data.size > 0 else {
            throw .libwebp(message: animationMessage(encoder))
        }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
    }

    private static func checkSize(width: Int, height: Int, bytes: Int) throws(ImageError) {
        guard width > 0, height > 0, width <= maxSide, height <= maxSide else {
            throw .overBudget(.side(width: width, height: height, limit: maxSide))
        }
        guard bytes == width * height * 4 else {
            throw .encoding(.rasterSize(width: width, height: height, bytes: bytes, needed: width * height * 4))
        }
    }

    private static func makeConfig(_ options: Options) throws(ImageError) -> WebPConfig {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw .libwebp(message: "the libwebp found is not the version it was built against") }
        config.lossless = options.lossless ? 1 : 0
        config.quality = min(max(options.quality, 0), 100)
        config.method = Int32(min(max(options.method, 0), 6))
        config.exact = options.exact ? 1 : 0
        config.near_lossless = Int32(min(max(options.nearLossless, 0), 100))
        config.alpha_quality = Int32(min(max(options.alphaQuality, 0), 100))
        guard WebPValidateConfig(&config) != 0 else { throw .libwebp(message: "libwebp refused the encoding settings") }
        return config
    }

    private static func makePicture(_ rgba: [UInt8], width: Int, height: Int, lossless: Bool) throws(ImageError) -> WebPPicture {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw .libwebp(message: "the libwebp found is not the version it was built against") }
        picture.width = Int32(width)
        picture.height = Int32(height)
        // ARGB for lossless (VP8L works on it); the import converts to YUVA for lossy when asked.
        picture.use_argb = 1
        let imported = rgba.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0 else {
            WebPPictureFree(&picture)
            throw .libwebp(message: "out of memory while importing \(width)×\(height) pixels")
        }
        return picture
    }

    private static func encodingMessage(_ code: WebPEncodingError) -> String {
        switch code {
        case VP8_ENC_ERROR_OUT_OF_MEMORY, VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: "libwebp ran out of memory"
        case VP8_ENC_ERROR_BAD_DIMENSION: "the image's size is not one WebP can hold"
        case VP8_ENC_ERROR_PARTITION0_OVERFLOW, VP8_ENC_ERROR_PARTITION_OVERFLOW: "the lossy bitstream overflowed its partition"
        case VP8_ENC_ERROR_FILE_TOO_BIG: "the file would be larger than 4 GiB"
        case VP8_ENC_ERROR_USER_ABORT: "the encoding was stopped"
        default: "libwebp could not encode the image (error \(code.rawValue))"
        }
    }

    private static func animationMessage(_ encoder: OpaquePointer) -> String {
        guard let message = WebPAnimEncoderGetError(encoder), message.pointee != 0 else { return "libwebp could not encode the animation" }
        return "libwebp: " + String(cString: message)
    }
}
