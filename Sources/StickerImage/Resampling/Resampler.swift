#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerFiles

/// High-quality image resizing: separable Lanczos3 in premultiplied alpha.
///
/// Filtering happens on the stored (sRGB-encoded) values, premultiplied by alpha, as vips, Pillow and
/// ImageMagick do by default. Premultiplying means the colour under fully transparent pixels, which
/// can be anything, never bleeds into the edges of the sticker: a transparent pixel contributes
/// nothing but its zero alpha. Results are clamped so that colour never exceeds alpha before the
/// division back to straight alpha.
public enum Resampler {
    /// The kernel's half-width in source pixels at scale 1.
    static let lobes = 3.0

    /// Lanczos3: sinc(x)·sinc(x/3) for |x| < 3.
    static func lanczos3(_ x: Double) -> Double {
        let ax = abs(x)
        if ax < 1e-8 { return 1 }
        if ax >= lobes { return 0 }
        let px = Double.pi * x
        return lobes * sin(px) * sin(px / lobes) / (px * px)
    }

    /// Contributions of source pixels to each output pixel along one axis.
    struct Weights: Sendable {
        let taps: Int
        /// First source index per output pixel.
        var starts: [Int]
        /// `taps` weights per output pixel (zero-padded), summing to 1.
        var weights: [Float]

        init(from source: Int, to target: Int) {
            let scale = Double(source) / Double(target)
            // Downscaling stretches the kernel over `scale` source pixels per output pixel.
            let stretch = max(1.0, scale)
            let support = lobes * stretch
            taps = Int((support * 2).rounded(.up)) + 1
            starts = [Int](repeating: 0, count: target)
            weights = [Float](repeating: 0, count: target * taps)
            for i in 0..<target {
                let center = (Double(i) + 0.5) * scale
                var first = Int((center - support).rounded(.down))
                first = max(0, min(first, source - 1))
                var values = [Double](repeating: 0, count: taps)
                var sum = 0.0
                for k in 0..<taps {
                    let j = first + k
                    guard j < source else { break }
                    let w = lanczos3((Double(j) + 0.5 - center) / stretch)
                    values[k] = w
                    sum += w
                }
                starts[i] = first
                for k in 0..<taps { weights[i * taps + k] = Float(sum != 0 ? values[k] / sum : 0) }
            }
        }
    }

    /// The weights of recent resizes, by (source, target) length: the stickers of a pack share a few
    /// sizes, and every frame of an animation shares one (each set costs a thousand sine evaluations
    /// or more). At most `cachedWeightsLimit` sets are kept.
    private static let cachedWeights = Locked([SIMD2<Int>: Weights]())
    static let cachedWeightsLimit = 64

    static func weights(from source: Int, to target: Int) -> Weights {
        let key = SIMD2(source, target)
        if let known = cachedWeights.withLock({ $0[key] }) { return known }
        let made = Weights(from: source, to: target)
        cachedWeights.withLock { cache in
            if cache.count >= cachedWeightsLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = made
        }
        return made
    }

    /// `resized` (made by `resize` from `source`) with each pixel replaced by the colour, among the
    /// source pixels under it (its box footprint, ⌊x·W/w⌋ ..< ⌈(x+1)·W/w⌉ on each axis), nearest to it
    /// (premultiplied RGBA, squared): every colour is one of the master's, and a flat area stays one colour
    /// up to its edge, so palette art (a GIF, pixel art) keeps its palette and its runs, and compresses as
    /// the master does, where mapping blended edges to the nearest palette entry anywhere scatters
    /// unrelated colours along every edge.
    public static func keepingColours(
        _ resized: [UInt8], of source: [UInt8], width: Int, height: Int, to targetWidth: Int, _ targetHeight: Int
    ) -> [UInt8] {
        precondition(source.count == width * height * 4 && resized.count == targetWidth * targetHeight * 4)
        if width == targetWidth && height == targetHeight { return source }
        func span(_ i: Int, _ length: Int, _ target: Int) -> Range<Int> {
            let lo = i * length / target
            return lo..<max(lo + 1, min(length, ((i + 1) * length + target - 1) / target))
        }
        let columns = (0..<targetWidth).map { span($0, width, targetWidth) }
        var out = [UInt8](repeating: 0, count: resized.count)
        source.withUnsafeBufferPointer { src in
            resized.withUnsafeBufferPointer { made in
                out.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<targetHeight {
                        let rows = span(y, height, targetHeight)
                        for x in 0..<targetWidth {
                            let at = (y * targetWidth + x) * 4
                            let a = Int(made[at + 3])
                            let want = (0..<3).map { Int(made[at + $0]) * a }
                            var best = -1, bestDistance = Int.max
                            for sy in rows {
                                for sx in columns[x] {
                                    let from = (sy * width + sx) * 4
                                    let sa = Int(src[from + 3])
                                    var d = (sa - a) * (sa - a) * 255 * 255
                                    for c in 0..<3 {
                                        let diff = Int(src[from + c]) * sa - want[c]
                                        d += diff * diff
                                    }
                                    if d < bestDistance {
                                        bestDistance = d
                                        best = from
                                    }
                                }
                            }
                            for c in 0..<4 { dst[at + c] = src[best + c] }
                        }
                    }
                }
            }
        }
        return out
    }

    /// Resizes RGBA8 straight-alpha pixels to `targetWidth` × `targetHeight`.
    public static func resize(_ pixels: [UInt8], width: Int, height: Int, to targetWidth: Int, _ targetHeight: Int) -> [UInt8] {
        precondition(pixels.count == width * height * 4 && targetWidth > 0 && targetHeight > 0)
        if width == targetWidth && height == targetHeight { return pixels }
        let horizontal = weights(from: width, to: targetWidth)
        let vertical = weights(from: height, to: targetHeight)
        // Each source row premultiplied in turn into `source` (one SIMD4<Float> per pixel), over its
        // extent of visible pixels (`lo..<hi`; empty for a transparent row). A transparent pixel is zero
        // once premultiplied, and zero times any weight adds nothing, so the passes below skip what lies
        // outside the extents: every sum they keep adds the same terms in the same order, and the result
        // is the same, bit for bit, as filtering everything (stickers are often half transparent).
        // Horizontal pass: targetWidth × height; each row's outputs that can see a visible pixel
        // (`middleExtent`, in output columns).
        var source = [SIMD4<Float>](repeating: .zero, count: width)
        var middle = [SIMD4<Float>](repeating: .zero, count: targetWidth * height)
        var middleExtent = [(lo: Int, hi: Int)](repeating: (0, 0), count: height)
        pixels.withUnsafeBufferPointer { input in
            source.withUnsafeMutableBufferPointer { src in
                middle.withUnsafeMutableBufferPointer { mid in
                    horizontal.weights.withUnsafeBufferPointer { w in
                        horizontal.starts.withUnsafeBufferPointer { starts in
                            let stride = horizontal.taps
                            for y in 0..<height {
                                let pixel = input.baseAddress! + 4 * y * width
                                var lo = 0, hi = width
                                while lo < width && pixel[4 * lo + 3] == 0 { lo += 1 }
                                guard lo < width else { continue }
                                while pixel[4 * (hi - 1) + 3] == 0 { hi -= 1 }
                                let row = src.baseAddress!
                                for x in lo..<hi {
                                    let p = SIMD4<Float>(Float(pixel[4 * x]), Float(pixel[4 * x + 1]), Float(pixel[4 * x + 2]), 255)
                                    row[x] = p * (Float(pixel[4 * x + 3]) / 255)
                                }
                                defer { for x in lo..<hi { row[x] = .zero } }
                                // Outputs whose taps [start, start + taps) meet lo..<hi (starts only grow).
                                var first = 0
                                while first < targetWidth && starts[first] + min(stride, width - starts[first]) <= lo { first += 1 }
                                var last = first
                                while last < targetWidth && starts[last] < hi { last += 1 }
                                middleExtent[y] = (first, last)
                                let outRow = mid.baseAddress! + y * targetWidth
                                // Four output pixels at a time: four independent sums keep the adder busy
                                // where one would wait on itself. Each sum still adds its taps in order.
                                var x = first
                                while x + 4 <= last {
                                    let s0 = starts[x], s1 = starts[x + 1], s2 = starts[x + 2], s3 = starts[x + 3]
                                    let t0 = min(stride, width - s0), t1 = min(stride, width - s1)
                                    let t2 = min(stride, width - s2), t3 = min(stride, width - s3)
                                    let common = min(min(t0, t1), min(t2, t3))
                                    let w0 = w.baseAddress! + x * stride, w1 = w0 + stride, w2 = w1 + stride, w3 = w2 + stride
                                    var a0 = SIMD4<Float>.zero, a1 = SIMD4<Float>.zero, a2 = SIMD4<Float>.zero, a3 = SIMD4<Float>.zero
                                    let r0 = row + s0, r1 = row + s1, r2 = row + s2, r3 = row + s3
                                    for k in 0..<common {
                                        a0 += r0[k] * w0[k]
                                        a1 += r1[k] * w1[k]
                                        a2 += r2[k] * w2[k]
                                        a3 += r3[k] * w3[k]
                                    }
                                    for k in common..<t0 { a0 += r0[k] * w0[k] }
                                    for k in common..<t1 { a1 += r1[k] * w1[k] }
                                    for k in common..<t2 { a2 += r2[k] * w2[k] }
                                    for k in common..<t3 { a3 += r3[k] * w3[k] }
                                    outRow[x] = a0; outRow[x + 1] = a1; outRow[x + 2] = a2; outRow[x + 3] = a3
                                    x += 4
                                }
                                while x < last {
                                    let start = starts[x]
                                    let taps = min(stride, width - start)
                                    var acc = SIMD4<Float>.zero
                                    let wp = w.baseAddress! + x * stride
                                    for k in 0..<taps { acc += row[start + k] * wp[k] }
                                    outRow[x] = acc
                                    x += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        // Vertical pass into bytes, clamped and unpremultiplied; rows of `middle` add only over their extent.
        var out = [UInt8](repeating: 0, count: targetWidth * targetHeight * 4)
        middle.withUnsafeBufferPointer { mid in
            out.withUnsafeMutableBufferPointer { dst in
                vertical.weights.withUnsafeBufferPointer { w in
                    var column = [SIMD4<Float>](repeating: .zero, count: targetWidth)
                    column.withUnsafeMutableBufferPointer { column in
                        for y in 0..<targetHeight {
                            let start = vertical.starts[y]
                            let taps = min(vertical.taps, height - start)
                            let wp = w.baseAddress! + y * vertical.taps
                            var lo = targetWidth, hi = 0
                            for k in 0..<taps {
                                let (first, last) = middleExtent[start + k]
                                if first < last { lo = min(lo, first); hi = max(hi, last) }
                            }
                            guard lo < hi else { continue }  // nothing visible: the row stays transparent
                            for x in lo..<hi { column[x] = .zero }
                            for k in 0..<taps {
                                let (first, last) = middleExtent[start + k]
                                guard first < last else { continue }
                                let weight = wp[k]
                                let row = mid.baseAddress! + (start + k) * targetWidth
                                for x in first..<last { column[x] += row[x] * weight }
                            }
                            for x in lo..<hi {
                                var p = column[x]
                                let alpha = min(max(p[3], 0), 255)
                                let o = (y * targetWidth + x) * 4
                                let a8 = roundedByte(alpha)
                                guard a8 > 0 else { continue }  // fully transparent: colour stays 0
                                p = p.replacing(with: SIMD4<Float>(repeating: 0), where: p .< 0)
                                let limit = alpha
                                let scale = 255 / alpha
                                dst[o] = roundedByte(min(p[0], limit) * scale)
                                dst[o + 1] = roundedByte(min(p[1], limit) * scale)
                                dst[o + 2] = roundedByte(min(p[2], limit) * scale)
                                dst[o + 3] = a8
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// `UInt8(x.rounded())` (halves away from zero) for 0 ≤ x < 255.5, without a call to libm's roundf:
    /// truncation is the floor of a non-negative value, and `x − floor` is exact (Sterbenz), so the
    /// comparison with one half decides exactly as roundf does.
    @inline(__always)
    static func roundedByte(_ x: Float) -> UInt8 {
        let floor = Int32(x)
        return UInt8(floor + (x - Float(floor) >= 0.5 ? 1 : 0))
    }

    /// round(side · numerator / denominator), at least 1: the @2x and @1x sizes of an @3x side.
    public static func scaled(_ side: Int, _ numerator: Int, _ denominator: Int) -> Int {
        max(1, (side * numerator * 2 + denominator) / (denominator * 2))
    }
}
