internal import CStickerCodecs

/// The one PNG chunk lexer, in two modes over the same chunk-header checks:
///
/// - `probe` reads a PNG's header facts by walking chunk headers up to the first IDAT, skipping chunk
///   data: the signature, each chunk's 8-byte length and type, and the data of IHDR and acTL only — a
///   few dozen bytes for a typical sticker, whatever its size. CRCs are left to `walk`.
/// - `walk` goes over every chunk of a complete PNG in memory up to IEND, verifying lengths, types and
///   CRCs. libpng's simplified API accepts a file without IEND or cut inside a chunk; this walk does not.
enum PNGLexer {
    static func probe(_ source: some ByteSource) throws(ImageError) -> ImageHeader {
        var reader = ByteReader(source)
        reader.context = "the PNG signature"
        let signature = try reader.bytes(8)
        if signature != Sniffer.pngSignature {
            throw .png(.damagedSignature, offset: 0)
        }
        var header: PNGHeader?
        var hasTRNS = false
        var animation: (frames: Int, plays: Int)?
        while true {
            let offset = reader.offset
            reader.context = "a chunk header"
            let length = Int(try reader.u32be())
            let type = try reader.u32be()
            try checkChunkHeader(type: type, length: length, offset: offset, first: header == nil)
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
                guard let header else { throw .png(.idatBeforeIHDR, offset: offset) }
                let hasAlpha = header.colorType == 4 || header.colorType == 6 || hasTRNS
                return ImageHeader(
                    format: animation == nil ? .png : .apng, width: header.width, height: header.height,
                    frameCount: animation?.frames ?? 1, loopCount: animation?.plays, hasAlpha: hasAlpha,
                    bitDepth: header.bitDepth, colorModel: header.colorModel, interlaced: header.interlaced)
            case PNGChunk.IEND:
                throw .png(.noImageData, offset: offset)
            default:
                if type == PNGChunk.tRNS { hasTRNS = true }
                try reader.skip(length + 4)
            }
        }
    }

    static func walk(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> [PNGChunk] {
        let count = bytes.count
        guard count >= 8 else { throw .truncated(offset: count, reading: "the PNG signature") }
        for i in 0..<8 where bytes[i] != Sniffer.pngSignature[i] {
            throw .png(.damagedSignature, offset: 0)
        }
        var chunks: [PNGChunk] = []
        chunks.reserveCapacity(16)
        var offset = 8
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        func u32(_ at: Int) -> UInt32 {
            UInt32(base[at]) << 24 | UInt32(base[at + 1]) << 16 | UInt32(base[at + 2]) << 8 | UInt32(base[at + 3])
        }
        while true {
            guard offset + 8 <= count else {
                throw .truncated(offset: count, reading: chunks.isEmpty ? "the IHDR chunk" : "a chunk header (no IEND chunk)")
            }
            let length = Int(u32(offset))
            let type = u32(offset + 4)
            try checkChunkHeader(type: type, length: length, offset: offset, first: chunks.isEmpty)
            guard length + 12 <= count - offset else {
                throw .truncated(offset: count, reading: "the \(PNGChunk.name(type)) chunk at byte \(offset.grouped)")
            }
            let declared = u32(offset + 8 + length)
            let computed = sc_crc32(0, base + offset + 4, length + 4)
            guard declared == computed else {
                throw .crcMismatch(chunk: PNGChunk.name(type), offset: offset, declared: declared, computed: computed)
            }
            let chunk = PNGChunk(type: type, offset: offset, length: length)
            chunks.append(chunk)
            offset += length + 12
            if type == PNGChunk.IEND { return chunks }
        }
    }

    /// The checks every chunk header gets, whichever mode reads it: the first chunk is IHDR (CgBI is
    /// Xcode's iPhone-optimized variant), the length fits in 31 bits, the type is four ASCII letters.
    private static func checkChunkHeader(type: UInt32, length: Int, offset: Int, first: Bool) throws(ImageError) {
        if first {
            if type == PNGChunk.CgBI { throw .cgbi }
            guard type == PNGChunk.IHDR else {
                throw .png(.firstChunkNotIHDR(found: PNGChunk.name(type)), offset: offset)
            }
        }
        guard length <= 0x7FFF_FFFF else {
            throw .png(.chunkLength(length), offset: offset)
        }
        guard PNGChunk.isValidType(type) else {
            throw .png(.invalidChunkType(PNGChunk.name(type)), offset: offset)
        }
    }
}

extension String {
    /// A chunk name in quotes, with non-printable bytes shown as `?`.
    var quotedChunk: String {
        "\"" + String(map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "?" }) + "\""
    }
}
