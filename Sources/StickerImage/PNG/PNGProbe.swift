/// Reads a PNG's header facts by walking chunk headers up to the first IDAT, skipping chunk data.
///
/// It reads the signature, each chunk's 8-byte length and type, and the data of IHDR and acTL only:
/// a few dozen bytes for a typical sticker, whatever its size. CRCs are left to the decoder.
enum PNGProbe {
    static func probe(_ source: some ByteSource) throws(ImageError) -> ImageHeader {
        var reader = ByteReader(source)
        reader.context = "the PNG signature"
        let signature = try reader.bytes(8)
        if signature != Sniffer.pngSignature {
            throw .malformed(offset: 0, reason: "PNG signature is damaged (a text-mode transfer or a corrupted copy?)")
        }
        var header: PNGHeader?
        var hasTRNS = false
        var animation: (frames: Int, plays: Int)?
        while true {
            let offset = reader.offset
            reader.context = "a chunk header"
            let length = Int(try reader.u32be())
            let type = try reader.u32be()
            if header == nil {
                if type == PNGChunk.CgBI { throw .cgbi }
                guard type == PNGChunk.IHDR else {
                    throw .malformed(offset: offset, reason: "first chunk is \(PNGChunk.name(type).quotedChunk), not IHDR")
                }
            }
            guard length <= 0x7FFF_FFFF else {
                throw .malformed(offset: offset, reason: "chunk length \(length) exceeds 2^31-1")
            }
            guard PNGChunk.isValidType(type) else {
                throw .malformed(offset: offset, reason: "invalid chunk type \(PNGChunk.name(type).quotedChunk)")
            }
            reader.context = "the \(PNGChunk.name(type)) chunk"
            switch type {
            case PNGChunk.IHDR where header == nil:
                header = try PNGHeader(data: try reader.bytes(length), offset: offset)
                try reader.skip(4)
            case PNGChunk.acTL where animation == nil && length == 8:
                let data = try reader.bytes(8)
                animation = (Int(data.u32be(at: 0)), Int(data.u32be(at: 4)))
                try reader.skip(4)
            case PNGChunk.IDAT:
                guard let header else { throw .malformed(offset: offset, reason: "IDAT before IHDR") }
                let hasAlpha = header.colorType == 4 || header.colorType == 6 || hasTRNS
                return ImageHeader(
                    format: animation == nil ? .png : .apng, width: header.width, height: header.height,
                    frameCount: animation?.frames ?? 1, loopCount: animation?.plays, hasAlpha: hasAlpha,
                    bitDepth: header.bitDepth, colorModel: header.colorModel, interlaced: header.interlaced)
            case PNGChunk.IEND:
                throw .malformed(offset: offset, reason: "IEND before any IDAT: the file has no image data")
            default:
                if type == PNGChunk.tRNS { hasTRNS = true }
                try reader.skip(length + 4)
            }
        }
    }
}

extension String {
    /// A chunk name in quotes, with non-printable bytes shown as `?`.
    var quotedChunk: String {
        "\"" + String(map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "?" }) + "\""
    }
}
