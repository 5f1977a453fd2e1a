#if SystemCodecs
internal import StickerlintSystemWebP
#else
internal import StickerlintCWebP
#endif

/// WebP, still and animated, through libwebp's decoder and demuxer (Sources/CWebP).
///
/// Messages does not take WebP stickers; stickerlint reads WebP to show what a file is (`check`,
/// `inspect`, reports), to convert it (`fix`, `pack`) and because other messengers' packs are WebP.
/// libwebp reports every failure as a status code (no setjmp, no exit): nothing needs a C shim.
/// The canvas size and frame count are read from the container and checked against the budget before
/// libwebp allocates anything.
enum WebPDecoder {
    /// The container's facts: the canvas, its frames, loop count and alpha, from the RIFF chunks alone.
    struct Container {
        var width: Int
        var height: Int
        var frameCount: Int
        var loopCount: Int?
        var hasAlpha: Bool
        var animated: Bool
        /// Every frame is VP8L (lossless); false when any frame is lossy (VP8).
        var lossless: Bool
    }

    /// The animation frames (ANMF chunks) a WebP holds, counted from the RIFF chunk headers alone, and
    /// refused past `limit` before libwebp's demuxer sees the file: the demuxer allocates a record a
    /// frame and walks its list from the start for each frame asked for, so 100,000 frames cost
    /// seconds and megabytes before any budget could apply.
    static func frameCount(_ bytes: [UInt8], limit: Int) throws(ImageError) -> Int {
        // RIFF, its size, WEBP; then chunks of a fourcc, a little-endian size and the payload, padded to even.
        guard bytes.count >= 12 else { return 0 }
        var offset = 12, frames = 0
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            if bytes[offset] == 0x41, bytes[offset + 1] == 0x4E, bytes[offset + 2] == 0x4D, bytes[offset + 3] == 0x46 {  // ANMF
                frames += 1
            }
            offset += 8 + size + (size & 1)
        }
        // Counted to the end (a hop a chunk, nothing allocated), so that the message gives the real count.
        if frames > limit { throw .overBudget(.frames(count: frames, limit: limit)) }
        return frames
    }

    /// The container's facts, read without decoding a pixel; an animation of more than `maxFrames`
    /// frames is refused from its chunk headers (`frameCount`).
    static func container(_ bytes: [UInt8], maxFrames: Int = DecodeLimits.default.maxFrames) throws(ImageError) -> Container {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImageError) in
            guard let base = buffer.baseAddress else { throw .empty }
            var features = WebPBitstreamFeatures()
            let status = WebPGetFeatures(base, buffer.count, &features)
            guard status == VP8_STATUS_OK else { throw statusError(status, reading: "the header", length: buffer.count) }
            guard features.has_animation != 0 else {
                return Container(
                    width: Int(features.width), height: Int(features.height), frameCount: 1, loopCount: nil,
                    hasAlpha: features.has_alpha != 0, animated: false, lossless: features.format == 2)
            }
            _ = try frameCount(bytes, limit: maxFrames)
            var data = WebPData(bytes: base, size: buffer.count)
            guard let demux = WebPDemux(&data) else { throw .libwebp(message: "the animation's chunks are damaged or incomplete") }
            defer { WebPDemuxDelete(demux) }
            var lossless = true
            var iterator = WebPIterator()
            if WebPDemuxGetFrame(demux, 1, &iterator) != 0 {
                repeat {
                    var frameFeatures = WebPBitstreamFeatures()
                    if WebPGetFeatures(iterator.fragment.bytes, iterator.fragment.size, &frameFeatures) == VP8_STATUS_OK,
                        frameFeatures.format != 2
                    {
                        lossless = false
                    }
                } while WebPDemuxNextFrame(&iterator) != 0
                WebPDemuxReleaseIterator(&iterator)
            }
            let flags = WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS)
            return Container(
                width: Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH)), height: Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT)),
                frameCount: Int(WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT)), loopCount: Int(WebPDemuxGetI(demux, WEBP_FF_LOOP_COUNT)),
                hasAlpha: flags & ALPHA_FLAG.rawValue != 0, animated: true, lossless: lossless)
        }
    }

    /// The header of a WebP file.
    static func probe(_ bytes: [UInt8]) throws(ImageError) -> ImageHeader {
        header(try container(bytes))
    }

    static func header(_ c: Container) -> ImageHeader {
        ImageHeader(
            format: .webp, width: c.width, height: c.height, frameCount: c.frameCount, loopCount: c.animated ? c.loopCount : nil,
            hasAlpha: c.hasAlpha, bitDepth: 8, colorModel: c.hasAlpha ? .rgba : .rgb)
    }

    /// Decodes every frame, composited on the canvas (libwebp's animation decoder applies each frame's
    /// blend and dispose methods), as straight-alpha RGBA.
    static func decode(_ bytes: [UInt8], limits: DecodeLimits, body: (FrameView) -> DecodeControl) throws(ImageError) -> ImageHeader {
        let container = try container(bytes, maxFrames: limits.maxFrames)
        try limits.check(width: container.width, height: container.height, frames: container.frameCount)
        guard container.width > 0, container.height > 0 else { throw .libwebp(message: "the canvas is empty (0 pixels)") }
        let deadline = limits.deadline()
        let header = header(container)
        if container.animated {
            try decodeAnimation(bytes, container: container, deadline: deadline, body: body)
        } else {
            let (width, height) = (container.width, container.height)
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let decoded = bytes.withUnsafeBufferPointer { input in
                pixels.withUnsafeMutableBufferPointer { out in
                    WebPDecodeRGBAInto(input.baseAddress, input.count, out.baseAddress, out.count, Int32(width * 4)) != nil
                }
            }
            guard decoded else { throw decodeFailure(bytes) }
            pixels.withUnsafeBufferPointer { buffer in
                _ = body(FrameView(pixels: buffer, width: width, height: height, delay: .zero, index: 0))
            }
        }
        return header
    }

    private static func decodeAnimation(
        _ bytes: [UInt8], container: Container, deadline: Deadline,
        body: (FrameView) -> DecodeControl
    ) throws(ImageError) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImageError) in
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw .libwebp(message: "libwebp's demux ABI does not match its headers") }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let decoder = WebPAnimDecoderNew(&data, &options) else {
                throw .libwebp(message: "the animation could not be opened (damaged or incomplete chunks)")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            let (width, height) = (container.width, container.height)
            var previous: Int32 = 0, index = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                try deadline.check()
                var frame: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
                    throw .libwebp(message: "frame \(index + 1) of \(container.frameCount) could not be decoded (damaged or truncated)")
                }
                // libwebp gives each frame's end time; its delay is the difference (milliseconds).
                let delay = FrameDelay(numerator: Int(max(0, timestamp - previous)), denominator: 1000)
                previous = timestamp
                let view = FrameView(
                    pixels: UnsafeBufferPointer(start: frame, count: width * height * 4), width: width, height: height,
                    delay: delay, index: index)
                index += 1
                if body(view) == .stop { return }
            }
        }
    }

    /// Why a still image did not decode: libwebp's status for a full decode of it.
    private static func decodeFailure(_ bytes: [UInt8]) -> ImageError {
        bytes.withUnsafeBufferPointer { buffer in
            var config = WebPDecoderConfig()
            guard WebPInitDecoderConfig(&config) != 0 else { return ImageError.libwebp(message: "libwebp's ABI does not match its headers") }
            config.output.colorspace = MODE_RGBA
            let status = WebPDecode(buffer.baseAddress, buffer.count, &config)
            WebPFreeDecBuffer(&config.output)
            return status == VP8_STATUS_OK
                ? ImageError.libwebp(message: "the image could not be decoded")
                : statusError(status, reading: "the image data", length: buffer.count)
        }
    }

    private static func statusError(_ status: VP8StatusCode, reading: String, length: Int) -> ImageError {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA: .truncated(offset: length, reading: "WebP \(reading)")
        case VP8_STATUS_OUT_OF_MEMORY: .libwebp(message: "out of memory")
        case VP8_STATUS_INVALID_PARAM: .libwebp(message: "invalid parameter")
        case VP8_STATUS_BITSTREAM_ERROR: .libwebp(message: "bitstream error in \(reading)")
        case VP8_STATUS_UNSUPPORTED_FEATURE: .libwebp(message: "unsupported feature in \(reading)")
        case VP8_STATUS_SUSPENDED: .libwebp(message: "decoding suspended")
        case VP8_STATUS_USER_ABORT: .libwebp(message: "decoding aborted")
        default: .libwebp(message: "status \(status.rawValue) while reading \(reading)")
        }
    }
}
