#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    struct Weights {
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

    /// Resizes RGBA8 straight-alpha pixels to `targetWidth` × `targetHeight`.
    public static func resize(_ pixels: [UInt8], width: Int, height: Int, to targetWidth: Int, _ targetHeight: Int) -> [UInt8] {
        precondition(pixels.count == width * height * 4 && targetWidth > 0 && targetHeight > 0)
        if width == targetWidth && height == targetHeight { return pixels }
        let horizontal = Weights(from: width, to: targetWidth)
        let vertical = Weights(from: height, to: targetHeight)
        // Premultiplied source, one SIMD4<Float> per pixel.
        var source = [SIMD4<Float>](repeating: .zero, count: width * height)
        pixels.withUnsafeBufferPointer { input in
            source.withUnsafeMutableBufferPointer { out in
                for i in 0..<(width * height) {
                    let p = SIMD4<Float>(Float(input[4 * i]), Float(input[4 * i + 1]), Float(input[4 * i + 2]), 255)
                    let a = Float(input[4 * i + 3]) / 255
                    out[i] = p * a
                }
            }
        }
        // Horizontal pass: targetWidth × height.
        var middle = [SIMD4<Float>](repeating: .zero, count: targetWidth * height)
        source.withUnsafeBufferPointer { src in
            middle.withUnsafeMutableBufferPointer { mid in
                horizontal.weights.withUnsafeBufferPointer { w in
                    for y in 0..<height {
                        let row = src.baseAddress! + y * width
                        let outRow = mid.baseAddress! + y * targetWidth
                        for x in 0..<targetWidth {
                            let start = horizontal.starts[x]
                            let taps = min(horizontal.taps, width - start)
                            var acc = SIMD4<Float>.zero
                            let wp = w.baseAddress! + x * horizontal.taps
                            for k in 0..<taps { acc += row[start + k] * wp[k] }
                            outRow[x] = acc
                        }
                    }
                }
            }
        }
        // Vertical pass into bytes, clamped and unpremultiplied.
        var out = [UInt8](repeating: 0, count: targetWidth * targetHeight * 4)
        middle.withUnsafeBufferPointer { mid in
            out.withUnsafeMutableBufferPointer { dst in
                vertical.weights.withUnsafeBufferPointer { w in
                    var column = [SIMD4<Float>](repeating: .zero, count: targetWidth)
                    for y in 0..<targetHeight {
                        let start = vertical.starts[y]
                        let taps = min(vertical.taps, height - start)
                        let wp = w.baseAddress! + y * vertical.taps
                        for x in 0..<targetWidth { column[x] = .zero }
                        for k in 0..<taps {
                            let weight = wp[k]
                            let row = mid.baseAddress! + (start + k) * targetWidth
                            for x in 0..<targetWidth { column[x] += row[x] * weight }
                        }
                        for x in 0..<targetWidth {
                            var p = column[x]
                            let alpha = min(max(p[3], 0), 255)
                            let o = (y * targetWidth + x) * 4
                            let a8 = UInt8((alpha).rounded())
                            guard a8 > 0 else { continue }   // fully transparent: colour stays 0
                            p = p.replacing(with: SIMD4<Float>(repeating: 0), where: p .< 0)
                            let limit = alpha
                            let scale = 255 / alpha
                            dst[o] = UInt8((min(p[0], limit) * scale).rounded())
                            dst[o + 1] = UInt8((min(p[1], limit) * scale).rounded())
                            dst[o + 2] = UInt8((min(p[2], limit) * scale).rounded())
                            dst[o + 3] = a8
                        }
                    }
                }
            }
        }
        return out
    }

    /// round(side · numerator / denominator), at least 1: the @2x and @1x sizes of an @3x side.
    public static func scaled(_ side: Int, _ numerator: Int, _ denominator: Int) -> Int {
        max(1, (side * numerator * 2 + denominator) / (denominator * 2))
    }
}
