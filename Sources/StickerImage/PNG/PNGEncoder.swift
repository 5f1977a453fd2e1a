internal import CStickerCodecs

/// A PNG colour type (PNG specification §11.2.2), typed so that no code passes a bare number.
public enum PNGColourType: Int, Sendable, Hashable, CaseIterable {
    case grey = 0
    case rgb = 2
    case palette = 3
    case greyAlpha = 4
    case rgba = 6

    /// Samples per pixel.
    public var channels: Int {
        switch self {
        case .grey, .palette: 1
        case .greyAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }

    /// Whether each pixel carries its own alpha sample.
    public var hasAlphaChannel: Bool { self == .greyAlpha || self == .rgba }
}

/// Pixels laid out as a PNG stores them: any colour type and bit depth, rows packed, no filter bytes.
public struct PNGRaster: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var colorType: PNGColourType
    /// 1, 2, 4, 8 or 16 as the colour type allows; 16-bit samples are big-endian.
    public var bitDepth: Int
    /// height rows of `rowBytes` bytes.
    public var pixels: [UInt8]
    /// RGB triples, for colour type 3.
    public var palette: [UInt8]
    /// The tRNS payload: alpha per palette entry, or a 2- or 6-byte key colour.
    public var transparency: [UInt8]
    public var interlaced: Bool

    public init(
        width: Int, height: Int, colorType: PNGColourType, bitDepth: Int, pixels: [UInt8],
        palette: [UInt8] = [], transparency: [UInt8] = [], interlaced: Bool = false
    ) {
        self.width = width
        self.height = height
        self.colorType = colorType
        self.bitDepth = bitDepth
        self.pixels = pixels
        self.palette = palette
        self.transparency = transparency
        self.interlaced = interlaced
    }

    /// RGBA8 pixels as colour type 6.
    public init(rgba: [UInt8], width: Int, height: Int) {
        self.init(width: width, height: height, colorType: .rgba, bitDepth: 8, pixels: rgba)
    }

    /// Samples per pixel for the colour type.
    public var channels: Int { colorType.channels }

    /// Bytes per packed row.
    public var rowBytes: Int { (width * channels * bitDepth + 7) / 8 }
}

/// Writes PNG files with libpng.
public enum PNGEncoder {
    /// Encodes a raster. `compressionLevel` is zlib's 0–9; `filters` a libpng PNG_*_FILTER mask, nil
    /// for libpng's adaptive choice per row.
    public static func encode(_ raster: PNGRaster, compressionLevel: Int = 6, filters: Int? = nil) throws(ImageError) -> [UInt8] {
        guard raster.width > 0, raster.height > 0, raster.pixels.count >= raster.rowBytes * raster.height else {
            throw .encoding(
                .rasterSize(width: raster.width, height: raster.height, bytes: raster.pixels.count, needed: raster.rowBytes * raster.height))
        }
        var out = sc_buffer()
        defer { sc_buffer_free(&out) }
        var message = [CChar](repeating: 0, count: 256)
        let status = raster.pixels.withUnsafeBufferPointer { pixels in
            raster.palette.withUnsafeBufferPointer { palette in
                raster.transparency.withUnsafeBufferPointer { trns in
                    message.withUnsafeMutableBufferPointer { errbuf in
                        var params = sc_png_write_params(
                            width: UInt32(raster.width), height: UInt32(raster.height),
                            color_type: Int32(raster.colorType.rawValue), bit_depth: Int32(raster.bitDepth),
                            pixels: pixels.baseAddress, row_bytes: raster.rowBytes,
                            palette: palette.baseAddress, palette_entries: Int32(raster.palette.count / 3),
                            trns: trns.baseAddress, trns_length: Int32(raster.transparency.count),
                            interlace: raster.interlaced ? 1 : 0, compression_level: Int32(compressionLevel),
                            filters: Int32(filters ?? -1))
                        return sc_png_encode(&params, &out, errbuf.baseAddress, errbuf.count)
                    }
                }
            }
        }
        guard status == Int32(SC_OK.rawValue) else { throw .libpng(message: CMessage.string(message)) }
        return Array(UnsafeBufferPointer(start: out.bytes, count: out.length))
    }

    /// Encodes RGBA8 pixels as an 8-bit RGBA PNG.
    public static func encode(rgba: [UInt8], width: Int, height: Int, compressionLevel: Int = 6) throws(ImageError) -> [UInt8] {
        try encode(PNGRaster(rgba: rgba, width: width, height: height), compressionLevel: compressionLevel)
    }
}

/// C error buffers as Swift strings.
enum CMessage {
    static func string(_ buffer: [CChar]) -> String {
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "unknown error" : text
    }
}
