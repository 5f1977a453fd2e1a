internal import CStickerCodecs

/// Writes PNG chunks with their CRCs.
package enum PNGWriter {
    /// PNG's CRC-32 (zlib's) of `bytes`.
    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { sc_crc32(0, $0.baseAddress, $0.count) }
    }

    /// Appends a chunk given by its four-letter name.
    package static func appendChunk(named name: String, _ data: [UInt8], to out: inout [UInt8]) {
        let type = Array(name.utf8)
        precondition(type.count == 4, "chunk names have four letters")
        appendChunk(UInt32(type[0]) << 24 | UInt32(type[1]) << 16 | UInt32(type[2]) << 8 | UInt32(type[3]), data, to: &out)
    }

    /// The signature, IHDR (no interlacing), the `afterHeader` chunks (an APNG's acTL) and, when given,
    /// PLTE and tRNS: the start of a PNG or APNG whose image data follows.
    static func start(
        width: Int, height: Int, bitDepth: Int, colorType: PNGColourType, palette: [UInt8], transparency: [UInt8],
        afterHeader: [(type: UInt32, data: [UInt8])] = []
    ) -> [UInt8] {
        var out = Sniffer.pngSignature
        var header: [UInt8] = []
        append32(UInt32(width), to: &header)
        append32(UInt32(height), to: &header)
        header += [UInt8(bitDepth), UInt8(colorType.rawValue), 0, 0, 0]
        appendChunk(PNGChunk.IHDR, header, to: &out)
        for chunk in afterHeader { appendChunk(chunk.type, chunk.data, to: &out) }
        if colorType == .palette { appendChunk(PNGChunk.PLTE, palette, to: &out) }
        if !transparency.isEmpty { appendChunk(PNGChunk.tRNS, transparency, to: &out) }
        return out
    }

    static func put32(_ value: UInt32, into bytes: inout [UInt8], at index: Int) {
        bytes[index] = UInt8(value >> 24)
        bytes[index + 1] = UInt8((value >> 16) & 0xFF)
        bytes[index + 2] = UInt8((value >> 8) & 0xFF)
        bytes[index + 3] = UInt8(value & 0xFF)
    }

    static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func appendChunk(_ type: UInt32, _ data: [UInt8], to out: inout [UInt8]) {
        appendChunk(type, parts: [data[...]], to: &out)
    }

    /// Appends one chunk whose data is the concatenation of `parts`.
    static func appendChunk<Part: Collection<UInt8>>(_ type: UInt32, parts: [Part], to out: inout [UInt8]) {
        let length = parts.reduce(0) { $0 + $1.count }
        append32(UInt32(length), to: &out)
        let start = out.count
        append32(type, to: &out)
        for part in parts { out += part }
        let crc = out.withUnsafeBufferPointer { buffer in
            sc_crc32(0, buffer.baseAddress! + start, out.count - start)
        }
        append32(crc, to: &out)
    }
}
