import StickerImage

/// A TGS or video sticker at a frame rate its store refuses (Telegram: a TGS at 60 fps, a video at most 30).
struct FrameRateRule: Rule {
    static let description = RuleDescription(
        id: "frame-rate", category: .animation, severity: .error, appliesTo: ImageRole.stores,
        appliesToStore: { $0.limits.hasKind { $0.frameRate != nil } },
        rationale: Store.rationale("frame-rate", separator: " ").suffixed(" ") + "A TGS's rate is its declared `fr`, "
            + "compared exactly; a WebM's is measured from its blocks' times, which are whole milliseconds, so a rate within "
            + "0.5% of the limit passes.",
        passing: Store.passing("frame-rate"), failing: Store.failing("frame-rate"))

    /// How far a measured rate may stray from its limit: block times are whole milliseconds.
    static let measuredTolerance = 0.005

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let (store, kind) = image.storeKind, let range = kind.frameRate, let motion = image.motion, let rate = motion.frameRate
        else { return [] }
        let slack = if case .webm = motion { Self.measuredTolerance } else { 0.0 }
        guard rate < range.lowerBound * (1 - slack) || rate > range.upperBound * (1 + slack) else { return [] }
        let wanted =
            range.lowerBound == range.upperBound ? "at \(Self.rate(range.upperBound)) fps" : "at no more than \(Self.rate(range.upperBound)) fps"
        return [Finding(path: image.path, message: "animation runs at \(Self.rate(rate)) fps; \(store.name) takes \(kind.plural) \(wanted)")]
    }

    /// "60", "29.97".
    static func rate(_ value: Double) -> String { value.hundredthsText }
}
