import StickerImage

/// An animation of more or fewer frames than its store takes (LINE: 5–20).
struct FrameCountRule: Rule {
    static let description = RuleDescription(
        id: "frame-count", category: .animation, severity: .error, appliesTo: ImageRole.stores,
        appliesToStore: { $0.limits.hasKind { $0.frames != nil } },
        rationale: Store.rationale("frame-count", separator: " "),
        passing: Store.passing("frame-count"), failing: Store.failing("frame-count"))

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let (store, kind) = image.storeKind, let range = kind.frames, image.isAnimated, let frames = image.header?.frameCount,
            !range.contains(frames)
        else { return [] }
        if range == 1...1 {
            return [Finding(path: image.path, message: "animation has \(frames) frames; \(store.name) takes \(kind.noun) still, one frame")]
        }
        return [Finding(path: image.path, message: "animation has \(frames) frames; \(store.name) takes \(range.lowerBound)–\(range.upperBound)")]
    }
}
