/// Chooses the smallest lossless PNG colour type for RGBA8 pixels: palette (with tRNS) when there are
/// at most 256 colours, grey or grey+alpha when every pixel is grey, RGB when every pixel is opaque.
/// A plan made over several frames (an APNG's) holds for each of them, with one palette for all.
enum PNGReduction {
    struct Plan: Sendable, Hashable {
        var colorType: PNGColourType
        var bitDepth: Int
        /// RGB triples and tRNS alphas, for colour type 3.
        var palette: [UInt8] = []
        var transparency: [UInt8] = []
        /// Palette index per RGBA key (fully transparent pixels as key 0), for colour type 3.
        var indexes: [UInt32: UInt8] = [:]
    }

    /// Which colour types a file may take. An ICC profile describes either grey or colour data, and
    /// a PNG whose colour type does not match its profile's is invalid: with an RGB profile the file
    /// never becomes grey, with a grey one it stays grey (no palette, which is RGB).
    enum ColourFamily: Sendable, Hashable {
        case any
        case colour
        case grey
    }

    static func raster(rgba: [UInt8], width: Int, height: Int, allowPalette: Bool = true, family: ColourFamily = .any) -> PNGRaster {
        raster(rgba: rgba, width: width, height: height, plan: plan([rgba], allowPalette: allowPalette, family: family))
    }

    /// The colour type, bit depth and palette that every one of `frames` (RGBA8) fits losslessly.
    static func plan(_ frames: [[UInt8]], allowPalette: Bool = true, family: ColourFamily = .any) -> Plan {
        let allowPalette = allowPalette && family != .grey
        var opaque = true, grey = family != .colour
        for rgba in frames where opaque || grey {
            rgba.withUnsafeBufferPointer { p in
                var i = 0
                while i < p.count && (opaque || grey) {
                    if p[i + 3] != 255 { opaque = false }
                    if p[i] != p[i + 1] || p[i + 1] != p[i + 2] { grey = false }
                    i += 4
                }
            }
        }
        if allowPalette, let colours = distinctColours(frames) {
            // Translucent entries first, so tRNS stays short; opaque ones after.
            let order = colours.indices.sorted { (colours[$0] >> 24, $0) < (colours[$1] >> 24, $1) }
            let depth = colours.count <= 2 ? 1 : colours.count <= 4 ? 2 : colours.count <= 16 ? 4 : 8
            return palettePlan(colours, order: order, bitDepth: depth)
        }
        switch (grey, opaque) {
        case (true, true): return Plan(colorType: .grey, bitDepth: 8)
        case (true, false): return Plan(colorType: .greyAlpha, bitDepth: 8)
        case (false, true): return Plan(colorType: .rgb, bitDepth: 8)
        case (false, false): return Plan(colorType: .rgba, bitDepth: 8)
        }
    }

    /// The same plan with its palette in another order: `order` lists the plan's palette indexes as the
    /// new palette holds them.
    static func reordered(_ plan: Plan, _ order: [Int]) -> Plan {
        palettePlan(paletteColours(plan), order: order, bitDepth: plan.bitDepth)
    }

    /// A palette plan of `colours` (RGBA keys) in `order` (indexes into `colours`), tRNS cut after its
    /// last translucent entry.
    static func palettePlan(_ colours: [UInt32], order: [Int], bitDepth: Int) -> Plan {
        var plan = Plan(colorType: .palette, bitDepth: bitDepth)
        for (new, old) in order.enumerated() {
            let c = colours[old]
            plan.indexes[c] = UInt8(new)
            plan.palette += [UInt8(c & 0xFF), UInt8((c >> 8) & 0xFF), UInt8((c >> 16) & 0xFF)]
            plan.transparency.append(UInt8(c >> 24))
        }
        while let last = plan.transparency.last, last == 255 { plan.transparency.removeLast() }
        return plan
    }

    /// A palette plan's colours as RGBA keys, in palette order.
    static func paletteColours(_ plan: Plan) -> [UInt32] {
        (0..<(plan.palette.count / 3)).map { i in
            UInt32(plan.palette[3 * i]) | UInt32(plan.palette[3 * i + 1]) << 8 | UInt32(plan.palette[3 * i + 2]) << 16
                | UInt32(i < plan.transparency.count ? plan.transparency[i] : 255) << 24
        }
    }

    /// The palette orders worth trying for a palette plan (oxipng's idea: the order of the entries
    /// decides how well the filtered rows compress, painted art most): the plan's own (translucent
    /// first, then as first seen), by alpha then luma, a chain of nearest colours (each entry followed
    /// by the closest one left, so that neighbouring pixels of similar colours get neighbouring
    /// indexes), and the source file's own palette order when it was a palette PNG of these colours.
    /// Orders that come out the same are given once. A plan of another colour type: itself alone.
    static func paletteOrders(_ plan: Plan, sourcePalette: [UInt32]? = nil) -> [Plan] {
        guard plan.colorType == .palette, plan.palette.count > 3 else { return [plan] }
        let colours = paletteColours(plan)
        func luma(_ c: UInt32) -> Int { 299 * Int(c & 0xFF) + 587 * Int((c >> 8) & 0xFF) + 114 * Int((c >> 16) & 0xFF) }
        let byLuma = colours.indices.sorted { (colours[$0] >> 24, luma(colours[$0]), $0) < (colours[$1] >> 24, luma(colours[$1]), $1) }
        var chain = [byLuma[0]]
        var left = Set(colours.indices)
        left.remove(byLuma[0])
        while !left.isEmpty {
            let last = colours[chain[chain.count - 1]]
            let next = left.min { (distance(colours[$0], last), $0) < (distance(colours[$1], last), $1) }!
            chain.append(next)
            left.remove(next)
        }
        var orders = [Array(colours.indices), byLuma, chain]
        if let sourcePalette {
            var position: [UInt32: Int] = [:]
            for (i, c) in sourcePalette.enumerated() where position[c] == nil { position[c] = i }
            if colours.allSatisfy({ position[$0] != nil }) {
                orders.append(colours.indices.sorted { (position[colours[$0]]!, $0) < (position[colours[$1]]!, $1) })
            }
        }
        var seen: Set<[Int]> = []
        return orders.filter { seen.insert($0).inserted }.map { $0 == Array(colours.indices) ? plan : reordered(plan, $0) }
    }

    /// Squared distance of two RGBA keys.
    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        var sum = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            let d = Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)
            sum += d * d
        }
        return sum
    }

    /// RGBA8 pixels laid out as `plan` says.
    static func raster(rgba: [UInt8], width: Int, height: Int, plan: Plan) -> PNGRaster {
        let count = width * height
        var pixels: [UInt8]
        switch plan.colorType {
        case .grey:
            pixels = (0..<count).map { rgba[4 * $0] }
        case .greyAlpha:
            pixels = [UInt8](repeating: 0, count: count * 2)
            for i in 0..<count { pixels[2 * i] = rgba[4 * i]; pixels[2 * i + 1] = rgba[4 * i + 3] }
        case .rgb:
            pixels = [UInt8](repeating: 0, count: count * 3)
            for i in 0..<count { pixels[3 * i] = rgba[4 * i]; pixels[3 * i + 1] = rgba[4 * i + 1]; pixels[3 * i + 2] = rgba[4 * i + 2] }
        case .palette:
            let depth = plan.bitDepth, perByte = 8 / depth, rowBytes = (width * depth + 7) / 8
            pixels = [UInt8](repeating: 0, count: rowBytes * height)
            let table = ColourTable(plan.indexes)
            for y in 0..<height {
                for x in 0..<width {
                    let value = table[key(rgba, y * width + x)] ?? 0
                    let shift = (perByte - 1 - x % perByte) * depth
                    pixels[y * rowBytes + x / perByte] |= value << UInt8(shift)
                }
            }
        case .rgba:
            return PNGRaster(rgba: rgba, width: width, height: height)
        }
        return PNGRaster(
            width: width, height: height, colorType: plan.colorType, bitDepth: plan.bitDepth, pixels: pixels,
            palette: plan.palette, transparency: plan.transparency)
    }

    /// Pixel `i` as a palette key: RGBA packed little-endian, exactly. Fully transparent pixels of
    /// different colours stay apart: a lossless re-encoding decodes to the same straight RGBA, colour
    /// under alpha 0 included (merging them made the optimiser's own check refuse the whole file).
    @inline(__always)
    static func key(_ rgba: [UInt8], _ i: Int) -> UInt32 {
        UInt32(rgba[4 * i]) | UInt32(rgba[4 * i + 1]) << 8 | UInt32(rgba[4 * i + 2]) << 16 | UInt32(rgba[4 * i + 3]) << 24
    }

    /// The distinct colours of `frames` in the order first seen, or nil past 256 (open addressing
    /// over 1,024 slots, abandoned as soon as a 257th colour appears).
    static func distinctColours(_ frames: [[UInt8]]) -> [UInt32]? {
        var keys = [UInt32](repeating: 0, count: 1024), used = [Bool](repeating: false, count: 1024)
        var colours: [UInt32] = []
        for rgba in frames {
            for i in 0..<(rgba.count / 4) {
                let key = key(rgba, i)
                var slot = Int((key &* 2_654_435_761) >> 22)
                while used[slot] && keys[slot] != key { slot = (slot + 1) & 1023 }
                if !used[slot] {
                    if colours.count == 256 { return nil }
                    used[slot] = true
                    keys[slot] = key
                    colours.append(key)
                }
            }
        }
        return colours
    }
}

extension PNGEncoder {
    /// Encodes RGBA8 pixels losslessly in the smallest colour type they allow, with libpng's adaptive
    /// per-row filter choice and zlib at `compressionLevel`, or, given `deflateLevel`, as `fix` does:
    /// the best of its three quick filter strategies compressed by libdeflate at that level.
    public static func encodeOptimized(
        rgba: [UInt8], width: Int, height: Int, compressionLevel: Int = 6,
        deflateLevel: Int? = nil
    ) throws(ImageError) -> [UInt8] {
        let raster = PNGReduction.raster(rgba: rgba, width: width, height: height)
        if let deflateLevel { return try PNGOptimizer.smallest(raster, strategies: PNGOptimizer.quickStrategies, level: deflateLevel) }
        // Palette images compress best unfiltered; the others with adaptive filtering (PNG §12.8).
        return try encode(raster, compressionLevel: compressionLevel, filters: raster.colorType == .palette ? 0x08 : 0xF8)
    }
}
