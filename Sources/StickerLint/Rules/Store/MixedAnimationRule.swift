/// A store that takes a pack all still or all animated (WhatsApp) refuses one that mixes them.
struct MixedAnimationRule: StorePackRule {
    static let description = RuleDescription(
        id: "mixed-animation", category: .pack, severity: .error, appliesTo: ImageRole.stores,
        rationale: Store.rationale("mixed-animation", separator: " ").suffixed(" ")
            + "Under a store's profile the stickers of one folder are one pack.",
        passing: Store.passing("mixed-animation"), failing: Store.failing("mixed-animation"))

    func check(pack folder: String, of store: StoreLimits, images: [ImageFacts]) -> Finding? {
        let animated = images.count(where: \.isAnimated)
        guard store.unmixedSource != nil, animated > 0 && animated < images.count else { return nil }
        return Finding(
            path: folder,
            message: "the folder mixes \((images.count - animated).counted("still sticker")) and \(animated) animated; "
                + "a \(store.name) pack is all still or all animated")
    }
}
