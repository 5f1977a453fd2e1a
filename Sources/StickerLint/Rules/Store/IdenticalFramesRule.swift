import StickerImage

/// An animation whose frames are all the same picture, where the store wants one that moves (LINE).
struct IdenticalFramesRule: Rule {
    static let description = RuleDescription(
        id: "identical-frames", category: .animation, severity: .error, needs: [.distinctFrames], appliesTo: ImageRole.stores,
        appliesToStore: { $0.limits.hasKind { $0.distinctFrames } },
        rationale: Store.rationale("identical-frames", separator: " ").suffixed(" ")
            + "The frames are compared as they are shown (each composited on the canvas), pixel for pixel.",
        passing: Store.passing("identical-frames"), failing: Store.failing("identical-frames"))

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let (store, kind) = image.storeKind, kind.distinctFrames, image.isAnimated, image.pixels?.framesDiffer == false else { return [] }
        let frames = image.header?.frameCount ?? 0
        return [Finding(path: image.path, message: "all \(frames) frames are the same picture; \(store.name) takes animations that move")]
    }
}
