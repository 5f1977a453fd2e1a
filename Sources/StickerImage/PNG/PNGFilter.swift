#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// PNG scanline filtering (PNG specification §7.3 and §9), done here rather than by libpng so that
/// `fix` can try several per-row strategies cheaply and compress each with libdeflate.
///
/// The strategies: each of the five filters for every row, and three per-row choices among them —
/// the smallest sum of absolute signed bytes (libpng's heuristic), the lowest byte entropy, and the
/// fewest distinct byte pairs (oxipng calls the last two Entropy and Bigrams) — and, for the maximum
/// effort, brute force: the filter whose row, compressed after the rows chosen before it, is smallest.
enum PNGFilter {
    enum Strategy: Int, CaseIterable, Sendable {
        case none = 0, sub, up, average, paeth
        case minSum, entropy, bigrams
        /// The lowest entropy of byte pairs (oxipng's BigEnt).
        case bigramEntropy
        case brute

        /// The one filter type every row gets, for the fixed strategies.
        var fixedType: Int? { rawValue <= 4 ? rawValue : nil }
    }

    /// The filtered image data for each strategy, in the order given: for each row, its filter type
    /// byte and the filtered bytes. The five filters are computed once per row for all strategies.
    /// With `step` above 1, only the rows `sampledRows` names, as `sample` would take them from the
    /// whole: every strategy but brute force chooses a row's filter from that row and the one above it
    /// alone, so a sampled row is the same as the whole's.
    static func filtered(_ raster: PNGRaster, _ strategies: [Strategy], step: Int = 1) -> [[UInt8]] {
        let cheap = strategies.filter { $0 != .brute }
        var outs = filteredByHeuristics(raster, cheap, step: step)
        if let index = strategies.firstIndex(of: .brute) {
            outs.insert(sample(bruteForce(raster), stride: raster.rowBytes + 1, step: step), at: index)
        }
        return outs
    }

    /// The rows compressed with the most recent ones before them decide: for each row, each of the five
    /// filters is compressed (libdeflate level `bruteLevel`) after the last `bruteContext` rows chosen,
    /// and the smallest wins (the lower type on a tie). oxipng's Brute, at a cost: five small
    /// compressions a row.
    static let bruteContext = 3
    static let bruteLevel = 5

    static func bruteForce(_ raster: PNGRaster) -> [UInt8] {
        let rowBytes = raster.rowBytes, height = raster.height, stride = rowBytes + 1
        let bpp = max(1, raster.channels * raster.bitDepth / 8)
        var out = [UInt8](repeating: 0, count: height * stride)
        var scratch = [UInt8](repeating: 0, count: 5 * rowBytes)
        let zero = [UInt8](repeating: 0, count: rowBytes)
        let compressors = Deflate.Compressors()
        for y in 0..<height {
            raster.pixels.withUnsafeBufferPointer { pixels in
                zero.withUnsafeBufferPointer { zero in
                    scratch.withUnsafeMutableBufferPointer { scratch in
                        let row = UnsafeBufferPointer(rebasing: pixels[(y * rowBytes)..<((y + 1) * rowBytes)])
                        let prior = y == 0 ? zero : UnsafeBufferPointer(rebasing: pixels[((y - 1) * rowBytes)..<(y * rowBytes)])
                        for type in 0..<5 { filter(type, row, prior, bpp, UnsafeMutableBufferPointer(rebasing: scratch[(type * rowBytes)...])) }
                    }
                }
            }
            let context = Array(out[(max(0, y - bruteContext) * stride)..<(y * stride)])
            var trials = Deflate.Evaluator(compressors: compressors)
            for type in 0..<5 {
                let trial = context + [UInt8(type)] + scratch[(type * rowBytes)..<((type + 1) * rowBytes)]
                _ = try? trials.offer(trial, level: bruteLevel, index: type)
            }
            let best = trials.best?.index ?? 0
            out[y * stride] = UInt8(best)
            out.replaceSubrange((y * stride + 1)..<((y + 1) * stride), with: scratch[(best * rowBytes)..<((best + 1) * rowBytes)])
        }
        return out
    }

    static func filteredByHeuristics(_ raster: PNGRaster, _ strategies: [Strategy], step: Int = 1) -> [[UInt8]] {
        let rowBytes = raster.rowBytes, height = raster.height, stride = rowBytes + 1
        let bpp = max(1, raster.channels * raster.bitDepth / 8)
        let needed = Set(strategies.map { $0.fixedType.map { [$0] } ?? Array(0..<5) }.joined())
        let rows = sampledRows(height: height, step: step)
        var outs = strategies.map { _ in [UInt8](repeating: 0, count: rows.count * stride) }
        var scratch = [UInt8](repeating: 0, count: 5 * rowBytes)
        var choosers = strategies.map { Chooser(strategy: $0, rowBytes: rowBytes) }
        let zero = [UInt8](repeating: 0, count: rowBytes)
        raster.pixels.withUnsafeBufferPointer { pixels in
            zero.withUnsafeBufferPointer { zero in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    for (n, y) in rows.enumerated() {
                        let row = UnsafeBufferPointer(rebasing: pixels[(y * rowBytes)..<((y + 1) * rowBytes)])
                        let prior = y == 0 ? zero : UnsafeBufferPointer(rebasing: pixels[((y - 1) * rowBytes)..<(y * rowBytes)])
                        for type in 0..<5 where needed.contains(type) {
                            filter(type, row, prior, bpp, UnsafeMutableBufferPointer(rebasing: scratch[(type * rowBytes)...]))
                        }
                        for index in strategies.indices {
                            let type = strategies[index].fixedType ?? choosers[index].choose(scratch)
                            outs[index].withUnsafeMutableBufferPointer { out in
                                out[n * stride] = UInt8(type)
                                _ = UnsafeMutableBufferPointer(rebasing: out[(n * stride + 1)..<((n + 1) * stride)])
                                    .initialize(from: UnsafeBufferPointer(rebasing: scratch[(type * rowBytes)..<((type + 1) * rowBytes)]))
                            }
                        }
                    }
                }
            }
        }
        return outs
    }

    /// The rows of filtered image data (rows of `stride` bytes) that `sampledRows` names, for
    /// estimating cheaply how well a strategy compresses.
    static func sample(_ rows: [UInt8], stride: Int, step: Int) -> [UInt8] {
        guard step > 1 else { return rows }
        let picked = sampledRows(height: rows.count / stride, step: step)
        var out: [UInt8] = []
        out.reserveCapacity(picked.count * stride)
        for y in picked { out += rows[(y * stride)..<((y + 1) * stride)] }
        return out
    }

    /// Rows sampled in bands (`sampleBand` consecutive rows, one band in every `step`) rather than one
    /// row in every `step`: deflate finds a row's matches in the rows just above it, which flat art
    /// repeats, and unfiltered rows gain most from that; single rows apart hid it, and the ranking
    /// passed over "none" where it made files a fifth smaller (Benchmarks/README.md, "fix on real
    /// exports"). All rows for `step` 1.
    static func sampledRows(height: Int, step: Int) -> [Int] {
        guard step > 1 else { return Array(0..<height) }
        return (0..<height).filter { ($0 / sampleBand) % step == 0 }
    }

    static let sampleBand = 8

    /// One row filtered with filter `type` into `out` (at least `row.count` bytes).
    @inline(__always)
    static func filter(
        _ type: Int, _ row: UnsafeBufferPointer<UInt8>, _ prior: UnsafeBufferPointer<UInt8>, _ bpp: Int,
        _ out: UnsafeMutableBufferPointer<UInt8>
    ) {
        let n = row.count
        switch type {
        case 0:
            for i in 0..<n { out[i] = row[i] }
        case 1:
            for i in 0..<min(bpp, n) { out[i] = row[i] }
            if bpp < n { for i in bpp..<n { out[i] = row[i] &- row[i - bpp] } }
        case 2:
            for i in 0..<n { out[i] = row[i] &- prior[i] }
        case 3:
            for i in 0..<min(bpp, n) { out[i] = row[i] &- prior[i] >> 1 }
            if bpp < n { for i in bpp..<n { out[i] = row[i] &- UInt8((Int(row[i - bpp]) + Int(prior[i])) >> 1) } }
        default:
            for i in 0..<min(bpp, n) { out[i] = row[i] &- prior[i] }
            if bpp < n {
                for i in bpp..<n {
                    let a = Int(row[i - bpp]), b = Int(prior[i]), c = Int(prior[i - bpp])
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    let predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                    out[i] = row[i] &- UInt8(predictor)
                }
            }
        }
    }

    /// The per-row choice of the adaptive strategies.
    struct Chooser {
        let strategy: Strategy
        let rowBytes: Int
        /// c·log2(c) for every count a row can hold (the entropy heuristic).
        var cLogC: [Double] = []
        /// Four byte histograms of 256 counts each (see `.entropy`).
        var histogram = [Int](repeating: 0, count: 1024)
        /// Generation stamps per byte pair (the bigrams heuristic): a pair is counted once per row.
        var seen: [UInt32] = []
        var generation: UInt32 = 0
        /// Counts per byte pair of the row being scored, and the pairs seen (the bigram-entropy heuristic).
        var pairCounts: [Int] = []
        var touched: [Int] = []

        init(strategy: Strategy, rowBytes: Int) {
            self.strategy = strategy
            self.rowBytes = rowBytes
            if strategy == .entropy || strategy == .bigramEntropy {
                cLogC = (0...rowBytes).map { $0 == 0 ? 0 : Double($0) * log2(Double($0)) }
            }
            if strategy == .bigrams || strategy == .bigramEntropy { seen = [UInt32](repeating: 0, count: 65_536) }
            if strategy == .bigramEntropy { pairCounts = [Int](repeating: 0, count: 65_536) }
        }

        /// The filter type (0–4) whose bytes in `candidates` (five rows of `rowBytes`) score lowest;
        /// the lower type wins a tie.
        mutating func choose(_ candidates: UnsafeMutableBufferPointer<UInt8>) -> Int {
            var best = 0, bestScore = Double.infinity
            for type in 0..<5 {
                let base = type * rowBytes
                let score: Double
                switch strategy {
                case .entropy:
                    // Entropy × count = n·log2(n) − Σ c·log2(c): lower is better. Four interleaved
                    // histograms (summed before scoring) so that runs of one byte do not serialise the
                    // counting; the score is the same.
                    let n = rowBytes
                    score = histogram.withUnsafeMutableBufferPointer { counts in
                        cLogC.withUnsafeBufferPointer { cLogC in
                            counts.update(repeating: 0)
                            let bytes = candidates.baseAddress! + base
                            var i = 0
                            while i + 4 <= n {
                                counts[Int(bytes[i])] &+= 1
                                counts[256 + Int(bytes[i + 1])] &+= 1
                                counts[512 + Int(bytes[i + 2])] &+= 1
                                counts[768 + Int(bytes[i + 3])] &+= 1
                                i += 4
                            }
                            while i < n { counts[Int(bytes[i])] &+= 1; i += 1 }
                            // cLogC[0] is 0 and adding 0 leaves a sum unchanged: no branch needed.
                            var sum = 0.0
                            for v in 0..<256 { sum += cLogC[counts[v] &+ counts[256 + v] &+ counts[512 + v] &+ counts[768 + v]] }
                            return cLogC[n] - sum
                        }
                    }
                case .bigramEntropy:
                    generation &+= 1
                    if generation == 0 {
                        for i in seen.indices { seen[i] = 0 }
                        generation = 1
                    }
                    touched.removeAll(keepingCapacity: true)
                    if rowBytes >= 2 {
                        for i in 1..<rowBytes {
                            let pair = Int(candidates[base + i - 1]) << 8 | Int(candidates[base + i])
                            if seen[pair] != generation {
                                seen[pair] = generation
                                pairCounts[pair] = 0
                                touched.append(pair)
                            }
                            pairCounts[pair] += 1
                        }
                    }
                    // As for bytes: n·log2(n) − Σ c·log2(c) over the row's pairs; lower is better.
                    var sum = 0.0
                    for pair in touched { sum += cLogC[pairCounts[pair]] }
                    score = cLogC[max(0, rowBytes - 1)] - sum
                case .bigrams:
                    generation &+= 1
                    if generation == 0 {
                        for i in seen.indices { seen[i] = 0 }
                        generation = 1
                    }
                    var distinct = 0
                    if rowBytes >= 2 {
                        for i in 1..<rowBytes {
                            let pair = Int(candidates[base + i - 1]) << 8 | Int(candidates[base + i])
                            if seen[pair] != generation {
                                seen[pair] = generation
                                distinct += 1
                            }
                        }
                    }
                    score = Double(distinct)
                default:
                    // Σ |signed byte|, as unsigned distances from zero either way (vectorises).
                    let bytes = UnsafeBufferPointer(rebasing: candidates[base..<(base + rowBytes)])
                    var sum: UInt64 = 0
                    for byte in bytes { sum &+= UInt64(byte < 128 ? byte : 0 &- byte) }
                    score = Double(sum)
                }
                if score < bestScore {
                    bestScore = score
                    best = type
                }
            }
            return best
        }
    }

    /// A whole PNG file: the raster's header, palette and transparency chunks, then `idat` (a zlib
    /// stream of the filtered rows) as one IDAT chunk.
    static func png(_ raster: PNGRaster, idat: [UInt8]) -> [UInt8] {
        var out = PNGWriter.start(
            width: raster.width, height: raster.height, bitDepth: raster.bitDepth, colorType: raster.colorType,
            palette: raster.palette, transparency: raster.transparency)
        PNGWriter.appendChunk(PNGChunk.IDAT, idat, to: &out)
        PNGWriter.appendChunk(PNGChunk.IEND, [], to: &out)
        return out
    }
}
