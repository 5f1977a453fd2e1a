import StickerFiles
/// Why an image could not be read, with the evidence: offsets, chunk names, declared and computed values.
///
/// Descriptions are diagnostic messages: lowercase, no trailing period, numbers with their units.
public enum ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file has no bytes at all.
    case empty
    /// The file ends before a structure it started is complete.
    case truncated(offset: Int, reading: String)
    /// The content is a known format that stickerlint does not decode.
    case unsupported(FileKind)
    /// The content is Xcode's CgBI PNG variant, which libpng and Messages cannot read.
    case cgbi
    /// A PNG chunk's stored CRC differs from the CRC of its bytes.
    case crcMismatch(chunk: String, offset: Int, declared: UInt32, computed: UInt32)
    /// The bytes break PNG's structure, at a byte offset when one is known.
    case png(PNGError, offset: Int?)
    /// The bytes break GIF's structure.
    case gif(GIFError, offset: Int?)
    /// The bytes break JPEG's structure.
    case jpeg(JPEGError, offset: Int?)
    /// An encoder was given something it cannot write (a bug in the caller, not in a file).
    case encoding(EncodingError)
    /// The header declares more pixels than the decode budget allows; nothing was allocated.
    case overBudget(BudgetViolation)
    /// libpng reported an error.
    case libpng(message: String)
    /// libjpeg reported an error or a warning (warnings, such as premature end of data, are failures).
    case libjpeg(message: String)
    /// giflib reported an error.
    case giflib(code: Int, message: String)
    /// libwebp reported an error (a status code, or a demuxer that refused the container).
    case libwebp(message: String)
    /// A TGS or Lottie animation that could not be read (gzip, JSON or a missing field).
    case lottie(LottieError)
    /// A WebM file whose EBML could not be read.
    case webm(WebMError)
    /// A file of another registered reader's format (`MotionReader`) that it could not read, and why.
    case unreadable(MotionKind, reason: String)
    /// The file could not be read (or is a FIFO, a device, a socket or a folder, and was not read).
    case io(FileError)
    /// A signal (Ctrl-C, SIGTERM) arrived while a command that answers them itself (`pack`) was encoding:
    /// long encodes look between frames, so that the command ends within a second.
    case interrupted

    public var description: String {
        switch self {
        case .empty:
            "file is empty (0 bytes)"
        case .truncated(let offset, let reading):
            "file is truncated: it ends at byte \(offset.grouped) while reading \(reading)"
        case .unsupported(let kind):
            "content is \(kind), not PNG, APNG, GIF, JPEG or WebP"
        case .cgbi:
            "content is an Xcode-optimized CgBI PNG (BGRA, premultiplied, headerless zlib): "
                + "export the original PNG instead of the one Xcode compressed for the device"
        case .crcMismatch(let chunk, let offset, let declared, let computed):
            "bad CRC in the \(chunk) chunk at byte \(offset.grouped): stored \(declared.hex8), "
                + "computed \(computed.hex8)"
        case .png(let error, let offset): Self.at(offset, error.description)
        case .gif(let error, let offset): Self.at(offset, error.description)
        case .jpeg(let error, let offset): Self.at(offset, error.description)
        case .encoding(let error): error.description
        case .overBudget(let violation):
            violation.description
        case .libpng(let message):
            "libpng: \(message.diagnosticText)"
        case .libjpeg(let message):
            "libjpeg: \(message.diagnosticText)"
        case .giflib(let code, let message):
            "giflib error \(code): \(message.diagnosticText)"
        case .libwebp(let message):
            "libwebp: \(message.diagnosticText)"
        case .lottie(let error): error.description
        case .webm(let error): error.description
        case .unreadable(let kind, let reason): "\(kind): \(reason.diagnosticText)"
        case .io(let error):
            error.description
        case .interrupted:
            "interrupted"
        }
    }

    /// "reason (at byte 1,024)".
    private static func at(_ offset: Int?, _ reason: String) -> String {
        offset.map { "\(reason) (at byte \($0.grouped))" } ?? reason
    }
}

/// What breaks a PNG's structure (chunks and IHDR), with the values found.
public enum PNGError: Error, Sendable, Hashable, CustomStringConvertible {
    case damagedSignature
    case firstChunkNotIHDR(found: String)
    case chunkLength(Int)
    case invalidChunkType(String)
    case idatBeforeIHDR
    case noImageData
    case headerLength(Int)
    case headerSize(width: Int, height: Int)
    case colorType(Int)
    case bitDepth(Int, colorType: Int)
    case methods
    case interlaceMethod(Int)

    public var description: String {
        switch self {
        case .damagedSignature: "PNG signature is damaged (a text-mode transfer or a corrupted copy?)"
        case .firstChunkNotIHDR(let found): "first chunk is \(found.quotedChunk), not IHDR"
        case .chunkLength(let length): "chunk length \(length.grouped) exceeds 2^31-1"
        case .invalidChunkType(let type): "invalid chunk type \(type.quotedChunk)"
        case .idatBeforeIHDR: "IDAT before IHDR"
        case .noImageData: "IEND before any IDAT: the file has no image data"
        case .headerLength(let length): "IHDR chunk is \(length) bytes long, not 13"
        case .headerSize(let width, let height): "IHDR declares an invalid size of \(width)×\(height) px"
        case .colorType(let type): "IHDR declares colour type \(type), which PNG does not define"
        case .bitDepth(let depth, let type): "IHDR declares bit depth \(depth), invalid for colour type \(type)"
        case .methods: "IHDR declares unknown compression or filter method"
        case .interlaceMethod(let method): "IHDR declares unknown interlace method \(method)"
        }
    }
}

/// What breaks a GIF's block structure or its pixel data, with the values found.
public enum GIFError: Error, Sendable, Hashable, CustomStringConvertible {
    case signature
    case screenSize(width: Int, height: Int)
    case codeSize(Int)
    case noImage
    case blockIntroducer(UInt8)
    case moreImagesThanWalked
    /// 1-based image number.
    case noColorTable(image: Int)
    case colorIndex(image: Int, index: Int, tableSize: Int)

    public var description: String {
        switch self {
        case .signature: "not a GIF signature"
        case .screenSize(let width, let height): "logical screen is \(width)×\(height) px"
        case .codeSize(let size): "LZW minimum code size \(size) is invalid"
        case .noImage: "GIF has no image"
        case .blockIntroducer(let byte): "unknown GIF block introducer 0x\(String(byte, radix: 16))"
        case .moreImagesThanWalked: "giflib found more images than the block walk"
        case .noColorTable(let image): "image \(image) has no colour table"
        case .colorIndex(let image, let index, let size): "image \(image) uses colour index \(index), outside its \(size)-entry colour table"
        }
    }
}

/// What breaks a JPEG's marker structure, with the values found.
public enum JPEGError: Error, Sendable, Hashable, CustomStringConvertible {
    case noStartOfImage
    case expectedMarker(found: UInt8)
    case endBeforeFrameHeader
    case scanBeforeFrameHeader
    case segmentLength(Int)
    case frameHeaderTooShort
    case frameSize(width: Int, height: Int)
    case components(Int)

    public var description: String {
        switch self {
        case .noStartOfImage: "not a JPEG start-of-image marker"
        case .expectedMarker(let byte): "expected a JPEG marker, found byte 0x\(String(byte, radix: 16))"
        case .endBeforeFrameHeader: "JPEG ends before any frame header"
        case .scanBeforeFrameHeader: "JPEG scan starts before any frame header"
        case .segmentLength(let length): "JPEG segment length \(length) is invalid"
        case .frameHeaderTooShort: "JPEG frame header is too short"
        case .frameSize(let width, let height): "JPEG frame header declares \(width)×\(height) px"
        case .components(let count): "JPEG has \(count) components"
        }
    }
}

/// What an encoder refuses to write.
public enum EncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    case firstFrameNotCanvas(width: Int, height: Int)
    case rasterSize(width: Int, height: Int, bytes: Int, needed: Int)
    case zlib
    /// A GIF colour table of 1–256 RGB triples.
    case paletteSize(bytes: Int)

    public var description: String {
        switch self {
        case .firstFrameNotCanvas(let width, let height): "the first APNG frame must cover the \(width)×\(height) canvas"
        case .rasterSize(let width, let height, let bytes, let needed):
            "raster of \(width)×\(height) px has \(bytes) bytes, needs \(needed)"
        case .zlib: "zlib compression failed"
        case .paletteSize(let bytes): "a GIF colour table holds 1 to 256 RGB triples, not \(bytes) bytes"
        }
    }
}

/// A file that asks for more than a budget allows; nothing beyond the budget was spent on it.
public enum BudgetViolation: Sendable, Hashable, CustomStringConvertible {
    /// A side longer than the limit (pixels).
    case side(width: Int, height: Int, limit: Int)
    /// width × height × frames above the limit (pixels).
    case pixels(width: Int, height: Int, frames: Int, limit: Int)
    /// More animation frames than the limit.
    case frames(count: Int, limit: Int)
    /// The decode ran longer than the limit (milliseconds) and was abandoned.
    case time(limitMilliseconds: Int)
    /// The file is larger than any sticker could be; only its header was read.
    case fileBytes(bytes: Int, limit: Int)

    public var description: String {
        switch self {
        case .side(let w, let h, let limit):
            "image is \(w.grouped)×\(h.grouped) px, over the decode limit of \(limit.grouped) px per side; not decoded"
        case .pixels(let w, let h, let frames, let limit):
            "image is \(w.grouped)×\(h.grouped) px × \(frames.grouped) " + (frames == 1 ? "frame" : "frames")
                + " = \((w * h * frames).grouped) px, over the decode limit of \(limit.grouped) px; not decoded"
        case .frames(let count, let limit):
            "image has \(count.grouped) frames, over the decode limit of \(limit.grouped) frames; not decoded"
        case .time(let limit):
            "decoding took longer than the \(limit.grouped) ms limit and was abandoned"
        case .fileBytes(let bytes, let limit):
            "file is \(bytes.grouped) bytes, over the \(limit.grouped)-byte read limit; only its header was read"
        }
    }
}
