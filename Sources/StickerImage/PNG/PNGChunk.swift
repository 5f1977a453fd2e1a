/// One chunk of a PNG stream, located in the file.
struct PNGChunk: Sendable, Hashable {
    /// The four type bytes as a big-endian integer.
    let type: UInt32
    /// Offset of the chunk's length field.
    let offset: Int
    /// Length of the chunk's data.
    let length: Int

    /// Offset of the first data byte.
    var dataOffset: Int { offset + 8 }
    /// The data bytes' range in the file.
    var dataRange: Range<Int> { dataOffset..<(dataOffset + length) }
    /// The chunk's whole extent: length, type, data and CRC.
    var wholeRange: Range<Int> { offset..<(offset + 12 + length) }
    var name: String { PNGChunk.name(type) }

    static func name(_ type: UInt32) -> String {
        String(decoding: [UInt8(type >> 24), UInt8((type >> 16) & 0xFF), UInt8((type >> 8) & 0xFF), UInt8(type & 0xFF)], as: UTF8.self)
    }

    static func code(_ name: StaticString) -> UInt32 {
        let p = name.utf8Start
        return UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
    }

    static let IHDR = code("IHDR")
    static let PLTE = code("PLTE")
    static let IDAT = code("IDAT")
    static let IEND = code("IEND")
    static let tRNS = code("tRNS")
    static let acTL = code("acTL")
    static let fcTL = code("fcTL")
    static let fdAT = code("fdAT")
    static let CgBI = code("CgBI")

    /// Whether all four type bytes are ASCII letters, as PNG §5.4 requires.
    static func isValidType(_ type: UInt32) -> Bool {
        for shift in stride(from: 24, through: 0, by: -8) {
            let c = UInt8((type >> UInt32(shift)) & 0xFF)
            if !((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) { return false }
        }
        return true
    }

    /// PNG §5.4: bit 5 of the first byte clear means the chunk is critical.
    var isCritical: Bool { (type >> 29) & 1 == 0 }
}

/// The parsed IHDR chunk.
struct PNGHeader: Sendable, Hashable {
    let width: Int
    let height: Int
    let bitDepth: Int
    let colorType: Int
    let interlaced: Bool

    /// Parses and validates the 13 IHDR data bytes (PNG §11.2.2).
    init(data d: [UInt8], offset: Int) throws(ImageError) {
        guard d.count == 13 else {
            throw .png(.headerLength(d.count), offset: offset)
        }
        let w = d.u32be(at: 0), h = d.u32be(at: 4)
        guard w > 0, h > 0, w <= 0x7FFF_FFFF, h <= 0x7FFF_FFFF else {
            throw .png(.headerSize(width: Int(w), height: Int(h)), offset: offset)
        }
        let depth = Int(d[8]), color = Int(d[9])
        let allowed: [Int]
        switch color {
        case 0: allowed = [1, 2, 4, 8, 16]
        case 3: allowed = [1, 2, 4, 8]
        case 2, 4, 6: allowed = [8, 16]
        default:
            throw .png(.colorType(color), offset: offset)
        }
        guard allowed.contains(depth) else {
            throw .png(.bitDepth(depth, colorType: color), offset: offset)
        }
        guard d[10] == 0, d[11] == 0 else {
            throw .png(.methods, offset: offset)
        }
        guard d[12] <= 1 else {
            throw .png(.interlaceMethod(Int(d[12])), offset: offset)
        }
        width = Int(w)
        height = Int(h)
        bitDepth = depth
        colorType = color
        interlaced = d[12] == 1
    }

    var colorModel: ColorModel { ColorModel(pngColorType: colorType) ?? .rgba }
}
