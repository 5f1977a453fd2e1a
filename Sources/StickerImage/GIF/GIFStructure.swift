/// A GIF's block structure, walked without decoding any LZW data.
///
/// The walk visits the logical screen descriptor, every extension and image descriptor, and the
/// one-byte length of each data sub-block; the sub-blocks' contents are skipped.
struct GIFStructure: Sendable {
    /// One image in the stream with the Graphic Control Extension that precedes it.
    struct Image: Sendable {
        /// Where the image descriptor puts it on the logical screen.
        var region: CanvasRegion
        var interlaced: Bool
        var hasLocalColorTable: Bool
        /// Centiseconds.
        var delay: Int
        var disposal: Int
        var transparentIndex: Int?
        var offset: Int
    }

    var width: Int
    var height: Int
    var hasGlobalColorTable: Bool
    var colorTableBits: Int
    var images: [Image] = []
    /// The first NETSCAPE2.0 (or ANIMEXTS1.0) loop count.
    var loopCount: Int?
    /// RGB triples of the global colour table, or of the first local one when there is no global table.
    var palette: [UInt8] = []
    var hasTransparency: Bool { images.contains { $0.transparentIndex != nil } }

    /// Walks the whole stream. `maxImages` stops the walk early once exceeded, so a hostile frame count
    /// costs no more than the budget.
    static func read(_ source: some ByteSource, maxImages: Int = .max) throws(ImageError) -> GIFStructure {
        var r = ByteReader(source, window: 16 * 1024)
        r.context = "the GIF header"
        let signature = String(decoding: try r.bytes(6), as: UTF8.self)
        guard signature == "GIF87a" || signature == "GIF89a" else {
            throw .gif(.signature, offset: 0)
        }
        r.context = "the logical screen descriptor"
        let width = Int(try r.u16le()), height = Int(try r.u16le())
        let packed = try r.u8()
        try r.skip(2)
        let hasGlobal = packed & 0x80 != 0
        var gif = GIFStructure(
            width: width, height: height, hasGlobalColorTable: hasGlobal,
            colorTableBits: Int(packed & 7) + 1)
        guard width > 0, height > 0 else {
            throw .gif(.screenSize(width: width, height: height), offset: 6)
        }
        if hasGlobal {
            r.context = "the global colour table"
            gif.palette = try r.bytes(3 << (Int(packed & 7) + 1))
        }
        var pending = (delay: 0, disposal: 0, transparent: Int?.none)
        while true {
            let offset = r.offset
            r.context = "the next block (the file has no trailer)"
            let introducer = try r.u8()
            switch introducer {
            case 0x21:
                let label = try r.u8()
                r.context = "an extension block"
                if label == 0xF9 {
                    let size = Int(try r.u8())
                    let body = try r.bytes(size)
                    if size >= 4 {
                        pending.disposal = Int((body[0] >> 2) & 7)
                        pending.delay = Int(body[1]) | Int(body[2]) << 8
                        pending.transparent = body[0] & 1 != 0 ? Int(body[3]) : nil
                    }
                    try skipSubBlocks(&r)
                } else if label == 0xFF {
                    let size = Int(try r.u8())
                    let identifier = String(decoding: try r.bytes(size), as: UTF8.self)
                    if identifier == "NETSCAPE2.0" || identifier == "ANIMEXTS1.0" {
                        while true {
                            let n = Int(try r.u8())
                            if n == 0 { break }
                            let block = try r.bytes(n)
                            if n >= 3, block[0] == 1, gif.loopCount == nil {
                                gif.loopCount = Int(block[1]) | Int(block[2]) << 8
                            }
                        }
                    } else {
                        try skipSubBlocks(&r)
                    }
                } else {
                    try skipSubBlocks(&r)
                }
            case 0x2C:
                r.context = "an image descriptor"
                let left = Int(try r.u16le()), top = Int(try r.u16le())
                let w = Int(try r.u16le()), h = Int(try r.u16le())
                let flags = try r.u8()
                if flags & 0x80 != 0 {
                    r.context = "a local colour table"
                    if gif.palette.isEmpty {
                        gif.palette = try r.bytes(3 << (Int(flags & 7) + 1))
                    } else {
                        try r.skip(3 << (Int(flags & 7) + 1))
                    }
                }
                r.context = "image data"
                let codeSize = try r.u8()
                guard codeSize >= 1, codeSize <= 11 else {
                    throw .gif(.codeSize(Int(codeSize)), offset: r.offset - 1)
                }
                try skipSubBlocks(&r)
                gif.images.append(
                    Image(
                        region: CanvasRegion(x: left, y: top, width: w, height: h), interlaced: flags & 0x40 != 0,
                        hasLocalColorTable: flags & 0x80 != 0, delay: pending.delay, disposal: pending.disposal,
                        transparentIndex: pending.transparent, offset: offset))
                pending = (0, 0, nil)
                if gif.images.count > maxImages { return gif }
            case 0x3B:
                if gif.images.isEmpty { throw .gif(.noImage, offset: offset) }
                return gif
            default:
                throw .gif(.blockIntroducer(introducer), offset: offset)
            }
        }
    }

    private static func skipSubBlocks<S: ByteSource>(_ r: inout ByteReader<S>) throws(ImageError) {
        while true {
            let n = Int(try r.u8())
            if n == 0 { return }
            try r.skip(n)
        }
    }

    var header: ImageHeader {
        ImageHeader(
            format: .gif, width: width, height: height, frameCount: images.count,
            loopCount: loopCount, hasAlpha: hasTransparency, bitDepth: colorTableBits,
            colorModel: .indexed, interlaced: images.contains { $0.interlaced })
    }
}
