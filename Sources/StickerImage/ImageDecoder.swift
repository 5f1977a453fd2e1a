/// The entry point of the pixel layer: sniff, probe and decode any supported image.
///
/// ```swift
/// let decoder = ImageDecoder()
/// let header = try decoder.probe(FileByteSource(path: "a.png"))   // reads a few dozen bytes
/// let image = try decoder.decode(bytes)                           // every frame, composited
/// ```
public struct ImageDecoder: Sendable {
    public var limits: DecodeLimits

    public init(limits: DecodeLimits = .default) {
        self.limits = limits
    }

    /// Header facts without decoding pixels, reading only the bytes the format needs: PNG chunk headers
    /// up to the first IDAT, GIF block headers, JPEG markers up to the frame header. `kind` is the
    /// file's sniffed kind when the caller has it (a file is sniffed once), else the prefix is sniffed.
    public func probe(_ source: some ByteSource, kind known: FileKind? = nil) throws(ImageError) -> ImageHeader {
        guard source.count > 0 else { throw .empty }
        var kind: FileKind
        if let known { kind = known } else { kind = Sniffer.kind(prefix: try source.bytes(at: 0, count: Sniffer.prefixLength)) }
        switch kind {
        case .image(.png), .image(.apng): return try PNGLexer.probe(source)
        case .image(.gif): return try GIFStructure.read(source).header
        case .image(.jpeg): return try JPEGProbe.probe(source)
        case .webp, .image(.webp):
            // libwebp reads the container from memory; a sticker-sized file is read whole.
            guard source.count <= limits.maxFileBytes else { throw .overBudget(.fileBytes(bytes: source.count, limit: limits.maxFileBytes)) }
            return try WebPDecoder.probe(try source.bytes(at: 0, count: source.count))
        case .cgbiPNG: throw .cgbi
        default: throw .unsupported(kind)
        }
    }

    /// Header facts of bytes in memory.
    public func probe(_ bytes: [UInt8], kind: FileKind? = nil) throws(ImageError) -> ImageHeader {
        try probe(MemoryByteSource(bytes), kind: kind)
    }

    /// Decodes every frame, composited to the canvas.
    public func decode(_ bytes: [UInt8]) throws(ImageError) -> DecodedImage {
        var frames: [ImageFrame] = []
        let summary = try decodeFrames(bytes) { frame in
            frames.append(ImageFrame(pixels: Array(frame.pixels), delay: frame.delay))
            return .next
        }
        return DecodedImage(header: summary.header, frames: frames, animationIssues: summary.animationIssues)
    }

    /// Decodes frame by frame, handing each composited canvas to `body`, which may stop early. Only one
    /// canvas (plus one saved copy for disposal) is alive at a time. A caller that sniffed and probed the
    /// file already passes `kind` and `header`, so neither is done twice.
    @discardableResult
    public func decodeFrames(
        _ bytes: [UInt8], kind known: FileKind? = nil, header: ImageHeader? = nil,
        _ body: (FrameView) -> DecodeControl
    ) throws(ImageError) -> DecodeSummary {
        guard !bytes.isEmpty else { throw .empty }
        let kind = known ?? Sniffer.kind(prefix: Array(bytes.prefix(Sniffer.prefixLength)))
        // The canvas's pixels held in the process's gate while it is decoded (`DecodeGate`): big
        // images take turns across jobs. A header that cannot be read is the decoder's to report.
        let canvas = (header ?? (try? probe(bytes, kind: kind))).map { $0.width.multipliedReportingOverflow(by: $0.height) }
        let pixels = canvas.map { $0.overflow ? Int.max : $0.partialValue } ?? 0
        return try DecodeGate.shared.withPixels(pixels) { () throws(ImageError) -> DecodeSummary in
            try decodeUngated(bytes, kind: kind, header: header, body)
        }
    }

    private func decodeUngated(
        _ bytes: [UInt8], kind: FileKind, header: ImageHeader?, _ body: (FrameView) -> DecodeControl
    ) throws(ImageError) -> DecodeSummary {
        switch kind {
        case .image(.png), .image(.apng):
            let (header, issues) = try PNGDecoder.decode(bytes, header: header, limits: limits, body: body)
            return DecodeSummary(header: header, animationIssues: issues)
        case .image(.gif):
            return DecodeSummary(header: try GIFDecoder.decode(bytes, limits: limits, body: body))
        case .image(.jpeg):
            return DecodeSummary(header: try JPEGDecoder.decode(bytes, header: header, limits: limits, body: body))
        case .webp, .image(.webp):
            return DecodeSummary(header: try WebPDecoder.decode(bytes, limits: limits, body: body))
        case .cgbiPNG:
            throw .cgbi
        default:
            throw .unsupported(kind)
        }
    }
}

extension ImageDecoder {
    /// The animation-structure faults of a PNG or APNG, from its chunks alone: no pixel is decoded, so
    /// the answer is there even for a file whose image data is missing or corrupt. Empty for other
    /// formats and for a sound animation; throws when the chunk structure itself is broken.
    public func animationIssues(in bytes: [UInt8], kind known: FileKind? = nil) throws(ImageError) -> [AnimationStructureIssue] {
        let kind = known ?? Sniffer.kind(prefix: Array(bytes.prefix(Sniffer.prefixLength)))
        guard kind == .image(.png) || kind == .image(.apng) else { return [] }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(ImageError) in
            try PNGDecoder.Structure(UnsafeRawBufferPointer(buffer)).issues
        }
    }
}

extension ImageDecoder {
    /// A GIF's colour table (the global one, else the first local one) and its first transparent index,
    /// so that re-encoded frames can keep the source's palette.
    public func gifPalette(in bytes: [UInt8]) throws(ImageError) -> (rgb: [UInt8], transparentIndex: Int?) {
        let gif = try GIFStructure.read(MemoryByteSource(bytes))
        return (gif.palette, gif.images.lazy.compactMap(\.transparentIndex).first)
    }
}

/// What a streaming decode learnt besides the frames.
public struct DecodeSummary: Sendable, Hashable {
    public var header: ImageHeader
    /// APNG animation faults; when non-empty only the default image was decoded.
    public var animationIssues: [AnimationStructureIssue] = []
}
