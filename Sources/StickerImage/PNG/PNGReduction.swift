/// Chooses the smallest lossless PNG colour type for RGBA8 pixels: palette (with tRNS) when there are
/// at most 256 colours, grey or grey+alpha when every pixel is grey, RGB when every pixel is opaque.
enum PNGReduction {
    static func raster(rgba: [UInt8], width: Int, height: Int, allowPalette: Bool = true) -> PNGRaster {
        let count = width * height
        var opaque = true, grey = true
        rgba.withUnsafeBufferPointer { p in
            var i = 0
            while i < count && (opaque || grey) {
                let r = p[4 * i], g = p[4 * i + 1], b = p[4 * i + 2], a = p[4 * i + 3]
                if a != 255 { opaque = false }
                if r != g || g != b { grey = false }
                i += 1
            }
        }
        if allowPalette, let palette = paletteRaster(rgba, width, height) { return palette }
        var pixels: [UInt8]
        let colorType: Int
        switch (grey, opaque) {
        case (true, true):
            colorType = 0
            pixels = (0..<count).map { rgba[4 * $0] }
        case (true, false):
            colorType = 4
            pixels = [UInt8](repeating: 0, count: count * 2)
            for i in 0..<count { pixels[2 * i] = rgba[4 * i]; pixels[2 * i + 1] = rgba[4 * i + 3] }
        case (false, true):
            colorType = 2
            pixels = [UInt8](repeating: 0, count: count * 3)
            for i in 0..<count { pixels[3 * i] = rgba[4 * i]; pixels[3 * i + 1] = rgba[4 * i + 1]; pixels[3 * i + 2] = rgba[4 * i + 2] }
        case (false, false):
            return PNGRaster(rgba: rgba, width: width, height: height)
        }
        return PNGRaster(width: width, height: height, colorType: colorType, bitDepth: 8, pixels: pixels)
    }

    /// A palette raster when the image has at most 256 distinct RGBA values (fully transparent pixels
    /// count as one), packed to 1, 2 or 4 bits when few enough.
    static func paletteRaster(_ rgba: [UInt8], _ width: Int, _ height: Int) -> PNGRaster? {
        let count = width * height
        // Open addressing over 1,024 slots: abandoned as soon as a 257th colour appears.
        var keys = [UInt32](repeating: 0, count: 1024), used = [Bool](repeating: false, count: 1024)
        var index = [UInt8](repeating: 0, count: 1024)
        var colors: [UInt32] = []
        var indexes = [UInt8](repeating: 0, count: count)
        for i in 0..<count {
            var key = UInt32(rgba[4 * i]) | UInt32(rgba[4 * i + 1]) << 8 | UInt32(rgba[4 * i + 2]) << 16 | UInt32(rgba[4 * i + 3]) << 24
            if key >> 24 == 0 { key = 0 }
            var slot = Int((key &* 2_654_435_761) >> 22)
            while used[slot] && keys[slot] != key { slot = (slot + 1) & 1023 }
            if !used[slot] {
                if colors.count == 256 { return nil }
                used[slot] = true
                keys[slot] = key
                index[slot] = UInt8(colors.count)
                colors.append(key)
            }
            indexes[i] = index[slot]
        }
        // Translucent entries first, so tRNS stays short; opaque ones after.
        let order = colors.indices.sorted { (colors[$0] >> 24, $0) < (colors[$1] >> 24, $1) }
        var remap = [UInt8](repeating: 0, count: colors.count)
        for (new, old) in order.enumerated() { remap[old] = UInt8(new) }
        var palette: [UInt8] = [], alpha: [UInt8] = []
        for old in order {
            let c = colors[old]
            palette += [UInt8(c & 0xFF), UInt8((c >> 8) & 0xFF), UInt8((c >> 16) & 0xFF)]
            alpha.append(UInt8(c >> 24))
        }
        while let last = alpha.last, last == 255 { alpha.removeLast() }
        let depth = colors.count <= 2 ? 1 : colors.count <= 4 ? 2 : colors.count <= 16 ? 4 : 8
        let rowBytes = (width * depth + 7) / 8
        var packed = [UInt8](repeating: 0, count: rowBytes * height)
        let perByte = 8 / depth
        for y in 0..<height {
            for x in 0..<width {
                let value = remap[Int(indexes[y * width + x])]
                let shift = (perByte - 1 - x % perByte) * depth
                packed[y * rowBytes + x / perByte] |= value << UInt8(shift)
            }
        }
        return PNGRaster(width: width, height: height, colorType: 3, bitDepth: depth, pixels: packed,
                         palette: palette, transparency: alpha)
    }
}

extension PNGEncoder {
    /// Encodes RGBA8 pixels losslessly in the smallest colour type they allow, with libpng's adaptive
    /// per-row filter choice and zlib at `compressionLevel`, or, given `deflateLevel`, the same rows
    /// compressed by libdeflate at that level (`fix`'s compressor: at 6, faster than zlib's 6 and smaller).
    public static func encodeOptimized(rgba: [UInt8], width: Int, height: Int, compressionLevel: Int = 6,
                                       deflateLevel: Int? = nil) throws(ImageError) -> [UInt8] {
        let raster = PNGReduction.raster(rgba: rgba, width: width, height: height)
        // Palette images compress best unfiltered; the others with adaptive filtering (PNG §12.8).
        let filters = raster.colorType == 3 ? 0x08 : 0xF8
        if let deflateLevel, let recompressed = PNGRecompressor.recompress(stored: try encode(raster, compressionLevel: 0, filters: filters),
                                                                           level: deflateLevel) {
            return recompressed
        }
        return try encode(raster, compressionLevel: compressionLevel, filters: filters)
    }
}
