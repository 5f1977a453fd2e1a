/// Maps RGBA pixels to the nearest colour of a fixed palette (no new quantiser): squared RGB distance,
/// with alpha below 128 mapped to the transparent index. Each distinct colour is searched once.
public struct PaletteMapper {
    let palette: [(Int, Int, Int)]
    let transparentIndex: Int?
    private var cache: [UInt32: UInt8] = [:]

    public init(rgb: [UInt8], transparentIndex: Int?) {
        palette = stride(from: 0, to: rgb.count - 2, by: 3).map { (Int(rgb[$0]), Int(rgb[$0 + 1]), Int(rgb[$0 + 2])) }
        self.transparentIndex = transparentIndex
    }

    /// Palette indexes for RGBA8 pixels.
    public mutating func indexes(for rgba: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rgba.count / 4)
        for i in 0..<out.count {
            let a = rgba[4 * i + 3]
            if a < 128, let transparentIndex {
                out[i] = UInt8(transparentIndex)
                continue
            }
            let r = Int(rgba[4 * i]), g = Int(rgba[4 * i + 1]), b = Int(rgba[4 * i + 2])
            let key = UInt32(r << 16 | g << 8 | b)
            if let known = cache[key] {
                out[i] = known
            } else {
                let index = UInt8(nearest(r, g, b))
                cache[key] = index
                out[i] = index
            }
        }
        return out
    }

    private func nearest(_ r: Int, _ g: Int, _ b: Int) -> Int {
        var best = 0, bestDistance = Int.max
        for (index, color) in palette.enumerated() where index != transparentIndex {
            let dr = color.0 - r, dg = color.1 - g, db = color.2 - b
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance { bestDistance = d; best = index }
        }
        return best
    }
}
