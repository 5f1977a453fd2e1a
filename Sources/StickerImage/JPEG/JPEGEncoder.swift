internal import CStickerCodecs

/// Writes JPEG files with libjpeg-turbo.
public enum JPEGEncoder {
    /// Chroma subsampling of the luma component.
    public enum Subsampling: Sendable, CaseIterable {
        case s444, s422, s420, s440, s411

        var factors: (h: Int32, v: Int32) {
            switch self {
            case .s444: (1, 1)
            case .s422: (2, 1)
            case .s420: (2, 2)
            case .s440: (1, 2)
            case .s411: (4, 1)
            }
        }
    }

    /// Encodes RGBA8 pixels (alpha is dropped: JPEG has none) as colour, or as greyscale from the red
    /// channel when `grey` is set.
    public static func encode(
        rgba: [UInt8], width: Int, height: Int, quality: Int = 90, grey: Bool = false,
        progressive: Bool = false, subsampling: Subsampling = .s420
    ) throws(ImageError) -> [UInt8] {
        let components = grey ? 1 : 3
        var samples = [UInt8](repeating: 0, count: width * height * components)
        for i in 0..<(width * height) {
            for c in 0..<components { samples[i * components + c] = rgba[i * 4 + c] }
        }
        var out = sc_buffer()
        defer { sc_buffer_free(&out) }
        var message = [CChar](repeating: 0, count: 256)
        let status = samples.withUnsafeBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer { errbuf in
                var params = sc_jpeg_write_params(
                    width: UInt32(width), height: UInt32(height), components: Int32(components),
                    pixels: pixels.baseAddress, row_bytes: width * components, quality: Int32(quality),
                    progressive: progressive ? 1 : 0, h_sampling: subsampling.factors.h,
                    v_sampling: subsampling.factors.v)
                return sc_jpeg_encode(&params, &out, errbuf.baseAddress, errbuf.count)
            }
        }
        guard status == Int32(SC_OK.rawValue) else { throw .libjpeg(message: CMessage.string(message)) }
        return Array(UnsafeBufferPointer(start: out.bytes, count: out.length))
    }
}
