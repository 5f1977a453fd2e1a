import StickerCatalog
/// Warns when the stickers of one pack have different pixel sizes.
struct MixedSizesRule: Rule {
    static let description = RuleDescription(
        id: "mixed-sizes", category: .pack, severity: .warning,
        rationale: "Apple's guidance is not to mix sizes within a pack: Messages shows every sticker of a pack in the "
            + "same cell, so differently sized ones look inconsistent.",
        passing: [
            .pack(
                [.sticker("Cat", .png(width: 408, height: 408)), .sticker("Dog", .png(width: 408, height: 408, seed: 1))],
                "two 408×408 stickers")
        ],
        failing: [
            .pack(
                [.sticker("Cat", .png(width: 408, height: 408)), .sticker("Dog", .png(width: 350, height: 350))],
                "a 408×408 and a 350×350 sticker in one pack")
        ])

    func check(pack: StickerPack, context: LintContext) -> [Finding] {
        struct Size: Hashable {
            let width: Int, height: Int
        }
        var counts: [Size: Int] = [:]
        var order: [Size] = []
        for entry in pack.entries {
            guard let (width, height) = context.size(of: entry) else { continue }
            let key = Size(width: width, height: height)
            if counts[key] == nil { order.append(key) }
            counts[key, default: 0] += 1
        }
        guard order.count > 1 else { return [] }
        // Most common first; ties in display order.
        let ranked = order.enumerated().sorted { a, b in
            counts[a.element]! != counts[b.element]! ? counts[a.element]! > counts[b.element]! : a.offset < b.offset
        }.map { ("\($0.element.width)×\($0.element.height)", counts[$0.element]!) }
        return [Finding(path: pack.path, message: Self.message(ranked))]
    }

    fileprivate static func message(_ sizes: [(String, Int)]) -> String {
        let list = sizes.map { "\($0.0) px (\($0.1))" }.joined(separator: ", ")
        return "stickers come in \(sizes.count) sizes: \(list); keep one size per pack"
    }
}
