/// A store that takes a pack all still or all animated (WhatsApp) refuses one that mixes them.
struct MixedAnimationRule: StorePackRule {
    static let description = RuleDescription(
        id: "mixed-animation", category: .pack, severity: .error, appliesTo: ImageRole.stores,
        rationale: "WhatsApp's pack validator refuses a pack whose stickers are not all animated or all still, as its "
            + "animated_sticker_pack flag says: an animated sticker in a still pack (or a still one in an animated pack) "
            + "stops the upload. Under a store's profile the stickers of one folder are one pack.",
        passing: [.storePack(.whatsapp, count: 3), .storePack(.whatsapp, count: 3, animated: 3)],
        failing: [.storePack(.whatsapp, count: 3, animated: 1)])

    func check(pack folder: String, of store: StoreLimits, images: [ImageFacts]) -> Finding? {
        let animated = images.count(where: \.isAnimated)
        guard store.unmixedSource != nil, animated > 0 && animated < images.count else { return nil }
        return Finding(
            path: folder,
            message: "the folder mixes \((images.count - animated).counted("still sticker")) and \(animated) animated; "
                + "a \(store.name) pack is all still or all animated")
    }
}
