@testable import StickerImage
import StickerTestSupport
import Testing

/// The palette orders the optimiser tries (`PNGReduction.paletteOrders`): each one the same colours,
/// each decoding to exactly the pixels it was made from, and the optimiser's result no larger than the
/// first-seen order's (painted art quantised to 256 colours lost 15% to oxipng without them).
@Suite("Palette orders")
struct PaletteOrderTests {
    /// A soft radial blend quantised to `levels` colours per channel (at most 256 in all), on transparency.
    static func painted(side: Int, levels: Int, seed: UInt64) -> [UInt8] {
        var random = SeededRandom(state: seed)
        var out = [UInt8](repeating: 0, count: side * side * 4)
        let step = 255 / (levels - 1)
        for y in 0..<side {
            for x in 0..<side {
                let o = (y * side + x) * 4
                let d = abs(x - side / 2) + abs(y - side / 2)
                guard d < side / 2 else { continue }
                let r = (x * (levels - 1) / side) * step, g = (y * (levels - 1) / side) * step
                let b = Int(random.byte(shift: 56) % UInt8(levels)) * step
                (out[o], out[o + 1], out[o + 2], out[o + 3]) = (UInt8(r), UInt8(g), UInt8(b), d > side / 2 - 3 ? 128 : 255)
            }
        }
        return out
    }

    @Test("every order holds the plan's colours once, the translucent ones' alphas kept, and decodes to the same pixels")
    func everyOrderIsLossless() throws {
        let side = 64, rgba = Self.painted(side: side, levels: 5, seed: 3)
        let plan = PNGReduction.plan([rgba])
        #expect(plan.colorType == .palette)
        let colours = Set(PNGReduction.paletteColours(plan))
        let orders = PNGReduction.paletteOrders(plan)
        #expect(orders.count >= 3)
        #expect(Set(orders.map { PNGReduction.paletteColours($0) }).count == orders.count, "orders given once each")
        for order in orders {
            #expect(Set(PNGReduction.paletteColours(order)) == colours)
            #expect(PNGReduction.paletteColours(order).count == colours.count)
            let png = try PNGOptimizer.smallest(PNGReduction.raster(rgba: rgba, width: side, height: side, plan: order))
            #expect(try ImageDecoder().decode(png).frames[0].pixels == rgba)
        }
    }

    @Test("the source file's own palette order is tried when it holds exactly these colours, not otherwise")
    func sourceOrder() {
        let rgba = Self.painted(side: 32, levels: 3, seed: 5)
        let plan = PNGReduction.plan([rgba])
        let colours = PNGReduction.paletteColours(plan)
        let reversed = Array(colours.reversed())
        let withSource = PNGReduction.paletteOrders(plan, sourcePalette: reversed)
        #expect(withSource.contains { PNGReduction.paletteColours($0) == reversed })
        let foreign = PNGReduction.paletteOrders(plan, sourcePalette: Array(reversed.dropFirst()))
        #expect(!foreign.contains { PNGReduction.paletteColours($0) == reversed })
        // Not a palette: the plan alone.
        let rgbaPlan = PNGReduction.Plan(colorType: .rgba, bitDepth: 8)
        #expect(PNGReduction.paletteOrders(rgbaPlan) == [rgbaPlan])
    }

    @Test("the smallest still is no larger than the first-seen order alone")
    func neverLarger() throws {
        for seed in [1, 2, 3] as [UInt64] {
            let side = 96, rgba = Self.painted(side: side, levels: 6, seed: seed)
            let plan = PNGReduction.plan([rgba])
            let firstSeen = try PNGOptimizer.smallest(PNGReduction.raster(rgba: rgba, width: side, height: side, plan: plan))
            let best = try PNGOptimizer.smallest(rgba: rgba, width: side, height: side, level: PNGOptimizer.deflateLevel)
            #expect(best.count <= firstSeen.count, "seed \(seed): \(best.count) vs \(firstSeen.count)")
            #expect(try ImageDecoder().decode(best).frames[0].pixels == rgba)
        }
    }
}
