internal import CStickerCodecs

/// Walks every chunk of a complete PNG in memory, verifying lengths, types and CRCs, up to IEND.
///
/// libpng's simplified API accepts a file without IEND or cut inside a chunk; this walk does not.
enum PNGChunkWalker {
    static func walk(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> [PNGChunk] {
        let count = bytes.count
        guard count >= 8 else { throw .truncated(offset: count, reading: "the PNG signature") }
        for i in 0..<8 where bytes[i] != Sniffer.pngSignature[i] {
            throw .malformed(offset: 0, reason: "PNG signature is damaged (a text-mode transfer or a corrupted copy?)")
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
            if chunks.isEmpty {
                if type == PNGChunk.CgBI { throw .cgbi }
                guard type == PNGChunk.IHDR else {
                    throw .malformed(offset: offset, reason: "first chunk is \(PNGChunk.name(type).quotedChunk), not IHDR")
                }
            }
            guard length <= 0x7FFF_FFFF else {
                throw .malformed(offset: offset, reason: "chunk length \(length.grouped) exceeds 2^31-1")
            }
            guard PNGChunk.isValidType(type) else {
                throw .malformed(offset: offset, reason: "invalid chunk type \(PNGChunk.name(type).quotedChunk)")
            }
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
}
