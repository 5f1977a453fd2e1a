import StickerImage

/// An animation whose loop count its store refuses (Signal: forever; LINE: 1–4).
struct LoopCountRule: Rule {
    static let description = RuleDescription(
        id: "loop-count", category: .animation, severity: .error, appliesTo: ImageRole.stores,
        appliesToStore: { $0.limits.hasKind { $0.loops != nil } },
        rationale: Store.rationale("loop-count", separator: " ").suffixed(" ")
            + "The count is the file's own (APNG num_plays, GIF's NETSCAPE loop, WebP's ANIM).",
        passing: Store.passing("loop-count"), failing: Store.failing("loop-count"))

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let (store, kind) = image.storeKind, let range = kind.loops, image.isAnimated else { return [] }
        // A file that names no count plays once (GIF without a NETSCAPE block).
        let loops = image.header?.loopCount ?? 1
        guard !range.contains(loops) else { return [] }
        let has = loops == 0 ? "loops forever" : "plays \(loops) \(loops == 1 ? "time" : "times")"
        let wants = range == 0...0 ? "only animations that loop forever" : "\(range.lowerBound)–\(range.upperBound) loops"
        return [Finding(path: image.path, message: "animation \(has); \(store.name) takes \(wants)")]
    }
}
