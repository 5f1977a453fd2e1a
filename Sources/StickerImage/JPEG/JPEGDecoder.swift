internal import CStickerCodecs

/// Decodes JPEG files to one RGBA8 frame with libjpeg-turbo (through the C shim, which owns the
/// setjmp/longjmp error handling and treats libjpeg warnings as failures).
enum JPEGDecoder {
    static func decode(
        _ bytes: [UInt8], header probed: ImageHeader?, limits: DecodeLimits,
        body: (FrameView) -> DecodeControl
    ) throws(ImageError) -> ImageHeader {
        let header: ImageHeader
        if let probed { header = probed } else { header = try JPEGProbe.probe(MemoryByteSource(bytes)) }
        try limits.check(width: header.width, height: header.height)
        let deadline = limits.deadline()
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { out in
                message.withUnsafeMutableBufferPointer { errbuf in
                    sc_jpeg_decode_rgba(
                        input.baseAddress, input.count, UInt32(header.width), UInt32(header.height),
                        out.baseAddress, out.count, nil, deadline.nanoseconds, errbuf.baseAddress, errbuf.count)
                }
            }
        }
        if status == Int32(SC_TIMEOUT.rawValue) { throw deadline.error }
        guard status == Int32(SC_OK.rawValue) else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .libjpeg(message: text.isEmpty ? "decoding failed" : text)
        }
        pixels.withUnsafeBufferPointer { buffer in
            _ = body(FrameView(pixels: buffer, width: header.width, height: header.height, delay: .zero, index: 0))
        }
        return header
    }
}
