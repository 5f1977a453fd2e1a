#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Palette quantisation for `fix --lossy`, written here because the usual library (libimagequant) is
/// GPL-3: median cut over the weighted colours of every frame, in premultiplied RGBA (so colours under
/// transparent pixels cost nothing), refined by a few rounds of k-means, then each pixel mapped to its
/// nearest entry, optionally with Floyd–Steinberg error diffusion. One palette serves every frame.
public enum Quantizer {
    /// A colour as premultiplied RGBA in 0…255 floating point.
    struct Colour {
        var r, g, b, a: Double

        init(r: Double, g: Double, b: Double, a: Double) {
            self.r = r
            self.g = g
            self.b = b
            self.a = a
        }

        /// From straight RGBA8.
        init(straight p: UnsafePointer<UInt8>) {
            let a = Double(p[3])
            self.init(r: Double(p[0]) * a / 255, g: Double(p[1]) * a / 255, b: Double(p[2]) * a / 255, a: a)
        }

        func distance(_ o: Colour) -> Double {
            let dr = r - o.r, dg = g - o.g, db = b - o.b, da = a - o.a
            return dr * dr + dg * dg + db * db + da * da
        }

        subscript(channel: Int) -> Double {
            switch channel {
            case 0: r
            case 1: g
            case 2: b
            default: a
            }
        }

        /// Straight RGBA8, rounded.
        var straight: [UInt8] {
            guard a >= 0.5 else { return [0, 0, 0, 0] }
            func c(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255 / a).rounded()))) }
            return [c(r), c(g), c(b), UInt8(max(0, min(255, a.rounded())))]
        }
    }

    /// A palette of at most `count` straight RGBA8 entries (4 bytes each) for the pixels of `frames`.
    public static func palette(frames: [[UInt8]], count: Int) -> [UInt8] {
        // Weighted unique colours; straight RGBA packed in a word, fully transparent pixels all one colour.
        var histogram: [UInt32: Int] = [:]
        for frame in frames {
            frame.withUnsafeBufferPointer { p in
                let raw = UnsafeRawPointer(p.baseAddress!)
                for i in 0..<(p.count / 4) {
                    let word = raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                    histogram[word >> 24 == 0 ? 0 : word, default: 0] += 1
                }
            }
        }
        var colours: [(Colour, Double)] = histogram.map { word, weight in
            var bytes = [
                UInt8(truncatingIfNeeded: word), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word >> 16),
                UInt8(truncatingIfNeeded: word >> 24)
            ]
            return (bytes.withUnsafeMutableBufferPointer { Colour(straight: $0.baseAddress!) }, Double(weight))
        }
        colours.sort { ($0.0.a, $0.0.r, $0.0.g, $0.0.b) < ($1.0.a, $1.0.r, $1.0.g, $1.0.b) }
        if colours.count <= count { return colours.flatMap { $0.0.straight } }
        let searched = reduced(colours)
        var centres = medianCut(searched, count: count)
        for _ in 0..<4 { centres = refine(centres, searched) }
        return centres.flatMap(\.straight)
    }

    /// At most about `limit` weighted colours for the palette search: when there are more (photos,
    /// grain), colours sharing the top 5 bits of each premultiplied channel merge into their weighted
    /// mean. The mapping of pixels to the palette stays exact.
    static func reduced(_ colours: [(Colour, Double)], limit: Int = 32_768) -> [(Colour, Double)] {
        guard colours.count > limit else { return colours }
        var buckets: [UInt32: (Colour, Double)] = [:]
        for (c, w) in colours {
            func bits(_ v: Double) -> UInt32 { UInt32(max(0, min(255, v))) >> 3 }
            let key = bits(c.r) << 15 | bits(c.g) << 10 | bits(c.b) << 5 | bits(c.a)
            var entry = buckets[key] ?? (Colour(r: 0, g: 0, b: 0, a: 0), 0)
            entry.0.r += c.r * w
            entry.0.g += c.g * w
            entry.0.b += c.b * w
            entry.0.a += c.a * w
            entry.1 += w
            buckets[key] = entry
        }
        return buckets.sorted { $0.key < $1.key }.map { _, entry in
            (Colour(r: entry.0.r / entry.1, g: entry.0.g / entry.1, b: entry.0.b / entry.1, a: entry.0.a / entry.1), entry.1)
        }
    }

    /// Splits the colours into `count` boxes, each time the box with the largest weighted spread along
    /// its widest channel, at its weighted median; returns each box's weighted mean.
    static func medianCut(_ colours: [(Colour, Double)], count: Int) -> [Colour] {
        struct Box {
            var items: ArraySlice<(Colour, Double)>
            var channel = 0, score = -1.0

            init(_ items: ArraySlice<(Colour, Double)>) {
                self.items = items
                guard items.count > 1 else { return }
                for channel in 0..<4 {
                    var low = Double.infinity, high = -Double.infinity, weight = 0.0
                    for (c, w) in items {
                        low = min(low, c[channel])
                        high = max(high, c[channel])
                        weight += w
                    }
                    let score = (high - low) * (high - low) * weight
                    if score > self.score { (self.channel, self.score) = (channel, score) }
                }
            }
        }
        var boxes = [Box(colours[...])]
        while boxes.count < count {
            guard let chosen = boxes.indices.filter({ boxes[$0].score > 0 }).max(by: { boxes[$0].score < boxes[$1].score }) else { break }
            let channel = boxes[chosen].channel
            var box = Array(boxes[chosen].items)
            box.sort { $0.0[channel] < $1.0[channel] }
            let total = box.reduce(0) { $0 + $1.1 }
            var running = 0.0, cut = 1
            for (index, item) in box.enumerated() {
                running += item.1
                if running >= total / 2 {
                    cut = max(1, min(box.count - 1, index + 1))
                    break
                }
            }
            boxes[chosen] = Box(box[..<cut])
            boxes.append(Box(box[cut...]))
        }
        return boxes.map { mean($0.items) }
    }

    static func mean(_ box: ArraySlice<(Colour, Double)>) -> Colour {
        var sum = Colour(r: 0, g: 0, b: 0, a: 0), weight = 0.0
        for (c, w) in box {
            sum.r += c.r * w
            sum.g += c.g * w
            sum.b += c.b * w
            sum.a += c.a * w
            weight += w
        }
        return weight > 0 ? Colour(r: sum.r / weight, g: sum.g / weight, b: sum.b / weight, a: sum.a / weight) : sum
    }

    /// One round of k-means: every colour to its nearest centre, each centre to its colours' mean.
    static func refine(_ centres: [Colour], _ colours: [(Colour, Double)]) -> [Colour] {
        var groups = [[(Colour, Double)]](repeating: [], count: centres.count)
        let search = Search(centres)
        for item in colours { groups[search.nearest(item.0)].append(item) }
        return zip(centres, groups).map { centre, group in group.isEmpty ? centre : mean(group[...]) }
    }

    /// Palette entries sorted by the sum of their channels, for an exact nearest search that stops
    /// early: a colour whose channel sum differs by d is at squared distance at least d²/4.
    struct Search {
        let entries: [Colour]
        let order: [Int]
        let sums: [Double]

        init(_ entries: [Colour]) {
            self.entries = entries
            order = entries.indices.sorted { Search.sum(entries[$0]) < Search.sum(entries[$1]) }
            sums = order.map { Search.sum(entries[$0]) }
        }

        static func sum(_ c: Colour) -> Double { c.r + c.g + c.b + c.a }

        func nearest(_ colour: Colour) -> Int {
            let target = Search.sum(colour)
            // First entry whose sum is ≥ target, then outwards both ways.
            var low = 0, high = sums.count
            while low < high {
                let mid = (low + high) / 2
                if sums[mid] < target { low = mid + 1 } else { high = mid }
            }
            var best = order[min(low, order.count - 1)], bestDistance = colour.distance(entries[best])
            var up = low, down = low - 1
            while up < sums.count || down >= 0 {
                if up < sums.count {
                    let gap = sums[up] - target
                    if gap * gap / 4 >= bestDistance {
                        up = sums.count
                    } else {
                        let d = colour.distance(entries[order[up]])
                        if d < bestDistance || (d == bestDistance && order[up] < best) { (best, bestDistance) = (order[up], d) }
                        up += 1
                    }
                }
                if down >= 0 {
                    let gap = target - sums[down]
                    if gap * gap / 4 >= bestDistance {
                        down = -1
                    } else {
                        let d = colour.distance(entries[order[down]])
                        if d < bestDistance || (d == bestDistance && order[down] < best) { (best, bestDistance) = (order[down], d) }
                        down -= 1
                    }
                }
            }
            return best
        }
    }

    /// Each pixel's palette index (straight RGBA8 in, `palette` as `palette(frames:count:)` returns it),
    /// with Floyd–Steinberg error diffusion in premultiplied space when `dither`.
    public static func indexes(_ pixels: [UInt8], width: Int, height: Int, palette: [UInt8], dither: Bool) -> [UInt8] {
        let entries: [Colour] = stride(from: 0, to: palette.count, by: 4).map { i in
            palette.withUnsafeBufferPointer { Colour(straight: $0.baseAddress! + i) }
        }
        let search = Search(entries)
        var out = [UInt8](repeating: 0, count: width * height)
        var cache = ColourTable()
        var error = dither ? [Colour](repeating: Colour(r: 0, g: 0, b: 0, a: 0), count: (width + 2) * 2) : []
        pixels.withUnsafeBufferPointer { p in
            for y in 0..<height {
                if dither {
                    // Row y's error is in the first half; the next row's accumulates in the second.
                    for x in 0..<(width + 2) {
                        error[x] = error[width + 2 + x]
                        error[width + 2 + x] = Colour(r: 0, g: 0, b: 0, a: 0)
                    }
                }
                for x in 0..<width {
                    let at = (y * width + x) * 4
                    var colour = Colour(straight: p.baseAddress! + at)
                    if !dither || colour.a == 0 {
                        let word = UnsafeRawPointer(p.baseAddress! + at).loadUnaligned(as: UInt32.self)
                        let key = word >> 24 == 0 ? 0 : word
                        if let hit = cache[key] {
                            out[y * width + x] = hit
                        } else {
                            let index = UInt8(search.nearest(colour))
                            cache[key] = index
                            out[y * width + x] = index
                        }
                        continue
                    }
                    let e = error[x + 1]
                    colour.r = max(0, min(colour.a, colour.r + e.r))
                    colour.g = max(0, min(colour.a, colour.g + e.g))
                    colour.b = max(0, min(colour.a, colour.b + e.b))
                    let index = search.nearest(colour)
                    out[y * width + x] = UInt8(index)
                    let chosen = entries[index]
                    let diff = Colour(r: colour.r - chosen.r, g: colour.g - chosen.g, b: colour.b - chosen.b, a: 0)
                    func spread(_ i: Int, _ f: Double) {
                        error[i].r += diff.r * f
                        error[i].g += diff.g * f
                        error[i].b += diff.b * f
                    }
                    spread(x + 2, 7 / 16)
                    spread(width + 2 + x, 3 / 16)
                    spread(width + 2 + x + 1, 5 / 16)
                    spread(width + 2 + x + 2, 1 / 16)
                }
            }
        }
        return out
    }

    /// The peak signal-to-noise ratio of `b` against `a` (straight RGBA8 of one size), measured on
    /// premultiplied RGBA, as `fix --lossy` reports it; infinity when they are identical.
    public static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double { psnr(squaredError: squaredError(a, b), bytes: a.count) }

    /// The summed squared error `psnr` is made of (premultiplied), so that errors over many frames can be
    /// added up one pair of frames at a time.
    public static func squaredError(_ a: [UInt8], _ b: [UInt8]) -> Double {
        a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in squaredError(pa, pb) } }
    }

    /// `squaredError` of two buffers of the same size (a decoded frame's, without a copy).
    public static func squaredError(_ pa: UnsafeBufferPointer<UInt8>, _ pb: UnsafeBufferPointer<UInt8>) -> Double {
        precondition(pa.count == pb.count)
        guard let a = pa.baseAddress, let b = pb.baseAddress else { return 0 }
        var sum = 0.0
        for i in stride(from: 0, to: pa.count, by: 4) {
            // Equal pixels, or two fully transparent ones, add exactly 0 (premultiplied, both are 0,0,0,0):
            // the same sum, without the arithmetic, for what most of a sticker's frames are.
            if (a[i] == b[i] && a[i + 1] == b[i + 1] && a[i + 2] == b[i + 2] && a[i + 3] == b[i + 3]) || (a[i + 3] == 0 && b[i + 3] == 0) {
                continue
            }
            sum += Colour(straight: a + i).distance(Colour(straight: b + i))
        }
        return sum
    }

    /// The PSNR of a summed squared error over `bytes` bytes of RGBA (infinity when nothing differs).
    public static func psnr(squaredError sum: Double, bytes: Int) -> Double {
        guard sum > 0, bytes > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (sum / Double(bytes)))
    }
}

/// Palette indexes back to straight RGBA8 (`palette` as `Quantizer.palette` returns it).
public enum PaletteImage {
    public static func rgba(_ indexes: [UInt8], palette: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: indexes.count * 4)
        for (i, index) in indexes.enumerated() {
            let p = Int(index) * 4
            out[i * 4] = palette[p]
            out[i * 4 + 1] = palette[p + 1]
            out[i * 4 + 2] = palette[p + 2]
            out[i * 4 + 3] = palette[p + 3]
        }
        return out
    }
}
