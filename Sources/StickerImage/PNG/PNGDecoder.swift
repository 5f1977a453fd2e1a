internal import CStickerCodecs

/// Decodes PNG and APNG files to RGBA8 frames.
///
/// Structure (signature, chunk lengths and types, CRCs, IEND, the APNG chunk rules) is checked here;
/// pixels come from libpng. An APNG frame is rebuilt as a small PNG (IHDR patched to the frame's size,
/// the colour chunks replayed, its fdAT payloads as one IDAT) and decoded by the same libpng call,
/// because Debian's libpng has no APNG patch.
enum PNGDecoder {
    /// Decodes every frame, handing each composited canvas to `body` until it answers `.stop`.
    static func decode(
        _ bytes: [UInt8], header probed: ImageHeader?, limits: DecodeLimits,
        body: (FrameView) -> DecodeControl
    ) throws(ImageError) -> (ImageHeader, [AnimationStructureIssue]) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImageError) -> (ImageHeader, [AnimationStructureIssue]) in
            let raw = UnsafeRawBufferPointer(buffer)
            // The probe gives the header facts every caller sees (and refuses a file without IDAT); the
            // budget is checked before anything walks, let alone inflates, the image data.
            let header: ImageHeader
            if let probed { header = probed } else { header = try PNGLexer.probe(MemoryByteSource(bytes)) }
            try limits.check(width: header.width, height: header.height)
            let structure = try Structure(raw)
            let deadline = limits.deadline()
            guard let animation = structure.animation else {
                // A still PNG, or an APNG whose animation must not be played: the default image.
                try limits.check(width: header.width, height: header.height, frames: 1)
                try decodeStill(raw, width: header.width, height: header.height, deadline: deadline, body: body)
                return (header, structure.issues)
            }
            try limits.check(width: header.width, height: header.height, frames: animation.frames.count)
            try play(animation, raw: raw, chunks: structure.chunks, header: structure.header, deadline: deadline, body: body)
            return (header, [])
        }
    }

    /// A PNG's verified chunks and what its animation chunks say.
    struct Structure {
        let chunks: [PNGChunk]
        let header: PNGHeader
        let animation: APNGAnimation?
        let issues: [AnimationStructureIssue]

        init(_ raw: UnsafeRawBufferPointer) throws(ImageError) {
            chunks = try PNGLexer.walk(raw)
            header = try PNGHeader(data: Array(raw[chunks[0].dataRange]), offset: chunks[0].offset)
            (animation, issues) = APNGAnimation.read(chunks: chunks, header: header, bytes: raw)
        }
    }

    /// Runs libpng over one complete PNG stream into `out`, which holds width × height × 4 bytes.
    static func decodeStream(
        _ stream: UnsafeRawBufferPointer, width: Int, height: Int, deadline: Deadline,
        into out: UnsafeMutableBufferPointer<UInt8>
    ) throws(ImageError) {
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { errbuf in
            sc_png_decode_rgba(
                stream.baseAddress?.assumingMemoryBound(to: UInt8.self), stream.count,
                UInt32(width), UInt32(height), out.baseAddress, out.count, nil, deadline.nanoseconds,
                errbuf.baseAddress, errbuf.count)
        }
        if status == Int32(SC_TIMEOUT.rawValue) { throw deadline.error }
        guard status == Int32(SC_OK.rawValue) else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .libpng(message: text.isEmpty ? "decoding failed" : text)
        }
    }

    private static func decodeStill(
        _ raw: UnsafeRawBufferPointer, width: Int, height: Int, deadline: Deadline,
        body: (FrameView) -> DecodeControl
    ) throws(ImageError) {
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        try canvas.withUnsafeMutableBufferPointer { (out) throws(ImageError) in
            try decodeStream(raw, width: width, height: height, deadline: deadline, into: out)
            _ = body(FrameView(pixels: UnsafeBufferPointer(out), width: width, height: height, delay: .zero, index: 0))
        }
    }

    /// Decodes, composites and hands out each frame of a valid animation (APNG §4.2–4.3).
    private static func play(
        _ animation: APNGAnimation, raw: UnsafeRawBufferPointer, chunks: [PNGChunk],
        header: PNGHeader, deadline: Deadline, body: (FrameView) -> DecodeControl
    ) throws(ImageError) {
        let width = header.width, height = header.height
        // The default image is part of the file even when it is not a frame: it must decode too.
        if !animation.defaultImageIsFrame {
            var scratch = [UInt8](repeating: 0, count: width * height * 4)
            try scratch.withUnsafeMutableBufferPointer { (out) throws(ImageError) in
                try decodeStream(raw, width: width, height: height, deadline: deadline, into: out)
            }
        }
        let template = FrameTemplate(raw: raw, chunks: chunks)
        // APNG §4.3: the output buffer starts as fully transparent black.
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var framePixels = [UInt8](repeating: 0, count: width * height * 4)
        var saved: [UInt8] = []
        for (index, frame) in animation.frames.enumerated() {
            var dispose = frame.dispose, blend = frame.blend
            if index == 0 {
                // APNG §fcTL: PREVIOUS on the first frame is treated as BACKGROUND; on the empty canvas
                // OVER and SOURCE give the same pixels.
                if dispose == APNGAnimation.dispose.previous { dispose = APNGAnimation.dispose.background }
                blend = APNGAnimation.blend.source
            }
            let stream = template.png(for: frame)
            try framePixels.withUnsafeMutableBufferPointer { (out) throws(ImageError) in
                try stream.withUnsafeBufferPointer { (bytes) throws(ImageError) in
                    try decodeStream(
                        UnsafeRawBufferPointer(bytes), width: frame.region.width, height: frame.region.height, deadline: deadline, into: out)
                }
            }
            let control: DecodeControl = canvas.withUnsafeMutableBufferPointer { canvasBuffer in
                if dispose == APNGAnimation.dispose.previous {
                    saved = Compositor.copyRegion(canvasBuffer, canvasWidth: width, frame.region)
                }
                framePixels.withUnsafeBufferPointer { source in
                    Compositor.draw(
                        source, into: canvasBuffer, canvasWidth: width, region: frame.region,
                        over: blend == APNGAnimation.blend.over)
                }
                let control = body(
                    FrameView(
                        pixels: UnsafeBufferPointer(canvasBuffer), width: width, height: height,
                        delay: frame.delay, index: index))
                switch dispose {
                case APNGAnimation.dispose.background:
                    Compositor.clearRegion(canvasBuffer, canvasWidth: width, frame.region)
                case APNGAnimation.dispose.previous:
                    Compositor.restoreRegion(saved, into: canvasBuffer, canvasWidth: width, frame.region)
                default:
                    break
                }
                return control
            }
            if case .stop = control { return }
        }
    }
}

/// Rebuilds one APNG frame as a standalone PNG stream that stock libpng can decode.
private struct FrameTemplate {
    let raw: UnsafeRawBufferPointer
    let ihdr: [UInt8]
    /// Every chunk between IHDR and the first IDAT that describes colour (PLTE, tRNS, gAMA, …), whole.
    let colourChunks: [Range<Int>]

    init(raw: UnsafeRawBufferPointer, chunks: [PNGChunk]) {
        self.raw = raw
        ihdr = Array(raw[chunks[0].dataRange])
        var replay: [Range<Int>] = []
        for chunk in chunks.dropFirst() {
            if chunk.type == PNGChunk.IDAT { break }
            if chunk.type == PNGChunk.acTL || chunk.type == PNGChunk.fcTL || chunk.type == PNGChunk.fdAT { continue }
            replay.append(chunk.wholeRange)
        }
        colourChunks = replay
    }

    func png(for frame: APNGAnimation.Frame) -> [UInt8] {
        let payload = frame.data.reduce(0) { $0 + $1.count }
        var out: [UInt8] = []
        out.reserveCapacity(8 + 25 + colourChunks.reduce(0) { $0 + $1.count } + payload + 12 + 12)
        out += Sniffer.pngSignature
        var header = ihdr
        PNGWriter.put32(UInt32(frame.region.width), into: &header, at: 0)
        PNGWriter.put32(UInt32(frame.region.height), into: &header, at: 4)
        PNGWriter.appendChunk(PNGChunk.IHDR, header, to: &out)
        for range in colourChunks { out += raw[range] }
        PNGWriter.appendChunk(PNGChunk.IDAT, parts: frame.data.map { raw[$0] }, to: &out)
        PNGWriter.appendChunk(PNGChunk.IEND, [], to: &out)
        return out
    }
}
