@testable import StickerImage
import StickerTestSupport
import Testing

/// The evaluator (#38: oxipng's model) compresses candidates under a cap so that a loser stops early. It
/// must choose and write exactly what compressing every candidate whole and comparing would.
@Suite("the capped evaluator chooses what whole compression chose")
struct EvaluatorTests {
    static func noise(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SeededRandom(state: seed)
        return (0..<count).map { _ in random.byte(shift: 56) }
    }

    @Test("a cap of the stream's size plus one gives the stream; a cap of its size gives nothing", arguments: [1, 2, 9, 11, 12])
    func capEdge(level: Int) throws {
        let compressors = Deflate.Compressors()
        for data in [Self.noise(5_000, seed: 7), [UInt8](repeating: 3, count: 70_000), Self.noise(300, seed: 1) + [UInt8](repeating: 0, count: 9_000)]
        {
            let whole = try #require(try compressors.zlib(data, level: level))
            #expect(try compressors.zlib(data, level: level, under: whole.count + 1) == whole)
            #expect(try compressors.zlib(data, level: level, under: whole.count) == nil)
            #expect(try compressors.zlib(data, level: level, under: whole.count / 2) == nil)
            #expect(try compressors.zlib(data, level: level, under: 1) == nil)
            // A compressor used again gives the same bytes as a new one.
            #expect(try Deflate.Compressors().zlib(data, level: level) == whole)
        }
    }

    @Test("the smallest candidate wins, the first on a tie, and nothing that is not under the cap")
    func smallestFirstOnTie() throws {
        let small = [UInt8](repeating: 0, count: 4_000), large = Self.noise(4_000, seed: 3)
        var evaluator = Deflate.Evaluator()
        #expect(try evaluator.offer(large, level: 6, index: 0))
        #expect(try evaluator.offer(small, level: 6, index: 1))
        #expect(try !evaluator.offer(small, level: 6, index: 2))
        #expect(try !evaluator.offer(large, level: 6, index: 3))
        #expect(evaluator.best?.index == 1)
        #expect(evaluator.best?.data == (try Deflate.Compressors().zlib(small, level: 6)))
        let size = try #require(evaluator.best?.data.count)
        var capped = Deflate.Evaluator(under: size)
        #expect(try !capped.offer(small, level: 6, index: 0))
        #expect(capped.best == nil)
    }

    @Test("exhaustive encoding (--effort max) writes what compressing every strategy whole at both levels wrote")
    func exhaustiveSameBytes() throws {
        for (kind, (width, height)) in [(40, 40), (97, 13), (64, 64)].enumerated() {
            let raster = PNGReduction.raster(
                rgba: SampledRankingTests.art(kind, width, height, seed: UInt64(kind + 11)), width: width, height: height)
            var reference: [UInt8]?
            for rows in PNGFilter.filtered(raster, PNGFilter.Strategy.allCases) {
                for level in [PNGOptimizer.deflateLevel, 12] {
                    let data = try #require(try Deflate.Compressors().zlib(rows, level: level))
                    if reference.map({ data.count < $0.count }) ?? true { reference = data }
                }
            }
            let made = try PNGOptimizer.smallestImageData(raster, strategies: PNGFilter.Strategy.allCases, level: 12, exhaustive: true)
            #expect(made == reference, "art \(kind), \(width)×\(height)")
        }
    }

    @Test("a new still made once is what the optimiser makes of it: optimising it again finds nothing smaller")
    func smallestFileIsAFixedPoint() throws {
        for (kind, (width, height)) in [(40, 40), (97, 13), (120, 64), (64, 64), (33, 90)].enumerated() {
            let rgba = SampledRankingTests.art(kind, width, height, seed: UInt64(kind + 5))
            let png = try PNGOptimizer.smallestFile(rgba: rgba, width: width, height: height)
            #expect(try ImageDecoder().decode(png).frames[0].pixels == rgba)
            #expect(throws: PNGOptimizer.Skip.alreadySmallest) { try PNGOptimizer.optimize(png) }
        }
    }
}
