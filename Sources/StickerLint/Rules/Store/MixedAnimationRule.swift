import StickerFiles
/// A store that takes a pack all still or all animated (WhatsApp, LINE) refuses one that mixes them, and
/// a pack file that must be as the pack is (LINE's main image, an APNG in an animated set) otherwise.
struct MixedAnimationRule: StorePackRule {
    static let description = RuleDescription(
        id: "mixed-animation", category: .pack, severity: .error, appliesTo: ImageRole.stores,
        appliesToStore: { $0.limits.unmixedSource != nil || $0.limits.packFiles.contains { $0.animated != nil } },
        rationale: Store.rationale("mixed-animation", separator: " ").suffixed(" ")
            + "Under a store's profile the stickers of one folder are one pack.",
        passing: Store.passing("mixed-animation"), failing: Store.failing("mixed-animation"))

    func check(pack folder: String, of store: StoreLimits, images: [ImageFacts], packFiles: [ImageFacts]) -> [Finding] {
        var findings = check(pack: folder, of: store, images: images).map { [$0] } ?? []
        // A pack file that must follow the pack (LINE's main image: an APNG in an animated set, a PNG in a
        // still one), once the pack is all one or the other.
        let animated = images.count(where: \.isAnimated)
        guard !images.isEmpty, animated == 0 || animated == images.count else { return findings }
        for file in packFiles {
            guard let kinds = store.packFile(for: file.path), let animatedKind = kinds.animated, file.header != nil,
                file.isAnimated != (animated > 0)
            else { continue }
            let (pack, wanted) = animated > 0 ? ("an animated", animatedKind) : ("a still", kinds.image)
            findings.append(
                Finding(
                    path: file.path,
                    message: "\(file.isAnimated ? "an animated" : "a still") \(kinds.name) in \(pack) \(store.name) pack, which takes "
                        + "\(wanted.noun) (\(wanted.formats.map(\.displayName).sorted().orList))"))
        }
        return findings
    }

    func check(pack folder: String, of store: StoreLimits, images: [ImageFacts]) -> Finding? {
        let animated = images.count(where: \.isAnimated)
        guard store.unmixedSource != nil, animated > 0 && animated < images.count else { return nil }
        return Finding(
            path: folder,
            message: "the folder mixes \((images.count - animated).counted("still sticker")) and \(animated) animated; "
                + "a \(store.name) pack is all still or all animated")
    }
}
