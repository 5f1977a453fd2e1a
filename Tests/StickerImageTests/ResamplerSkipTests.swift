@testable import StickerImage
import StickerTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// The resampler skips transparent rows and the outputs no visible pixel reaches, and sums four
/// outputs at a time (issue #29: report speed). Skipping is only allowed where it adds nothing, so its
/// output must equal, byte for byte, the plain two-pass filter below (the resampler as it was before,
/// every pixel through every tap, one output at a time, with the same weights).
@Suite("resampler skips nothing that counts")
struct ResamplerSkipTests {
    static func plain(_ pixels: [UInt8], _ width: Int, _ height: Int, _ tw: Int, _ th: Int) -> [UInt8] {
        let horizontal = Resampler.Weights(from: width, to: tw), vertical = Resampler.Weights(from: height, to: th)
        var source = [SIMD4<Float>](repeating: .zero, count: width * height)
        for i in 0..<(width * height) {
            let p = SIMD4<Float>(Float(pixels[4 * i]), Float(pixels[4 * i + 1]), Float(pixels[4 * i + 2]), 255)
            source[i] = p * (Float(pixels[4 * i + 3]) / 255)
        }
        var middle = [SIMD4<Float>](repeating: .zero, count: tw * height)
        for y in 0..<height {
            for x in 0..<tw {
                let start = horizontal.starts[x], taps = min(horizontal.taps, width - start)
                var acc = SIMD4<Float>.zero
                for k in 0..<taps { acc += source[y * width + start + k] * horizontal.weights[x * horizontal.taps + k] }
                middle[y * tw + x] = acc
            }
        }
        var out = [UInt8](repeating: 0, count: tw * th * 4)
        for y in 0..<th {
            let start = vertical.starts[y], taps = min(vertical.taps, height - start)
            var column = [SIMD4<Float>](repeating: .zero, count: tw)
            for k in 0..<taps {
                let weight = vertical.weights[y * vertical.taps + k]
                for x in 0..<tw { column[x] += middle[(start + k) * tw + x] * weight }
            }
            for x in 0..<tw {
                var p = column[x]
                let alpha = min(max(p[3], 0), 255)
                let a8 = UInt8(alpha.rounded())
                guard a8 > 0 else { continue }
                p = p.replacing(with: SIMD4<Float>(repeating: 0), where: p .< 0)
                let o = (y * tw + x) * 4, scale = 255 / alpha
                out[o] = UInt8((min(p[0], alpha) * scale).rounded())
                out[o + 1] = UInt8((min(p[1], alpha) * scale).rounded())
                out[o + 2] = UInt8((min(p[2], alpha) * scale).rounded())
                out[o + 3] = a8
            }
        }
        return out
    }

    /// Pixels with visible content only where `visible` says, random colours (colour under transparent
    /// pixels too, which must not count), from a fixed seed.
    static func art(_ width: Int, _ height: Int, seed: UInt64, visible: (Int, Int) -> Bool) -> [UInt8] {
        var random = SeededRandom(state: seed &+ 0x9E37_79B9_7F4A_7C15)
        func next() -> UInt8 { random.byte() }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 4
                pixels[o] = next(); pixels[o + 1] = next(); pixels[o + 2] = next()
                pixels[o + 3] = visible(x, y) ? max(1, next()) : 0
            }
        }
        return pixels
    }

    static let shapes: [(String, @Sendable (Int, Int) -> Bool)] = [
        ("opaque", { _, _ in true }),
        ("transparent", { _, _ in false }),
        ("one pixel in a corner", { x, y in x == 0 && y == 0 }),
        ("one pixel at the far edge", { x, y in x == 96 && y == 40 }),
        ("a disc", { x, y in (x - 48) * (x - 48) + (y - 40) * (y - 40) < 900 }),
        ("stripes of rows", { _, y in y % 7 < 2 }),
        ("stripes of columns", { x, _ in x % 11 == 3 }),
        ("a frame", { x, y in x < 3 || y < 3 || x > 93 || y > 77 }),
        ("noise", { x, y in (x * 31 + y * 17) % 5 == 0 })
    ]

    @Test(
        "equal to the plain filter, byte for byte, over transparent rows, edges, odd sizes and enlarging",
        arguments: [(97, 81, 30, 25), (97, 81, 20, 20), (97, 81, 96, 80), (97, 81, 7, 3), (97, 81, 1, 1), (97, 81, 150, 120)])
    func sameBytes(_ size: (Int, Int, Int, Int)) {
        let (w, h, tw, th) = size
        for (index, (name, visible)) in Self.shapes.enumerated() {
            let pixels = Self.art(w, h, seed: UInt64(index), visible: visible)
            let ours = Resampler.resize(pixels, width: w, height: h, to: tw, th)
            let plain = Self.plain(pixels, w, h, tw, th)
            #expect(ours == plain, "\(name), \(w)×\(h) → \(tw)×\(th): \(zip(ours, plain).filter { $0 != $1 }.count) bytes differ")
        }
    }

    @Test("a resize of one size after another reuses no wrong weights")
    func weightsByLength() {
        let pixels = Self.art(97, 81, seed: 7) { _, _ in true }
        for (tw, th) in [(30, 25), (25, 30), (30, 25), (40, 40)] {
            #expect(Resampler.resize(pixels, width: 97, height: 81, to: tw, th) == Self.plain(pixels, 97, 81, tw, th))
        }
    }
}

/// The filter chooser counts with four interleaved histograms and sums absolute values as unsigned
/// bytes (issue #29: report speed); its choices must equal the plain heuristics'.
@Suite("filter choice")
struct FilterChoiceTests {
    static func plainScore(_ strategy: PNGFilter.Strategy, _ row: ArraySlice<UInt8>) -> Double {
        switch strategy {
        case .entropy:
            var histogram = [Int](repeating: 0, count: 256)
            for byte in row { histogram[Int(byte)] += 1 }
            func cLogC(_ c: Int) -> Double { c == 0 ? 0 : Double(c) * log2(Double(c)) }
            var sum = 0.0
            for count in histogram where count > 0 { sum += cLogC(count) }
            return cLogC(row.count) - sum
        default:
            return Double(row.reduce(0) { $0 + (Int($1) < 128 ? Int($1) : 256 - Int($1)) })
        }
    }

    @Test(
        "minSum and entropy choose as the plain heuristics do, ties to the lower type",
        arguments: [PNGFilter.Strategy.minSum, .entropy])
    func sameChoice(_ strategy: PNGFilter.Strategy) {
        var random = SeededRandom(state: 12345)
        func next() -> UInt8 { random.byte() }
        for rowBytes in [1, 2, 3, 4, 5, 7, 64, 255, 481, 1853] {
            var chooser = PNGFilter.Chooser(strategy: strategy, rowBytes: rowBytes)
            for trial in 0..<40 {
                // Rows from flat (ties) through a few values (runs) to noise; 128 (the sign edge) included.
                var candidates = [UInt8](repeating: 0, count: 5 * rowBytes)
                for i in candidates.indices {
                    switch trial % 4 {
                    case 0: candidates[i] = i / rowBytes == 4 ? 128 : UInt8(i / rowBytes)
                    case 1: candidates[i] = [0, 1, 127, 128, 129, 255][Int(next()) % 6]
                    case 2: candidates[i] = next() % 3 == 0 ? next() : 0
                    default: candidates[i] = next()
                    }
                }
                let scores = (0..<5).map { Self.plainScore(strategy, candidates[($0 * rowBytes)..<(($0 + 1) * rowBytes)]) }
                let expected = scores.indices.min { scores[$0] < scores[$1] || (scores[$0] == scores[$1] && $0 < $1) }!
                let chosen = candidates.withUnsafeMutableBufferPointer { chooser.choose($0) }
                #expect(chosen == expected, "\(strategy) rowBytes \(rowBytes) trial \(trial): scores \(scores)")
            }
        }
    }
}
