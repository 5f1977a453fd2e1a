import StickerImage

/// A TGS using what Telegram's animated stickers may not (masks, effects, images, expressions…).
struct LottieFeaturesRule: Rule {
    static let description = RuleDescription(
        id: "lottie-features", category: .animation, severity: .error, appliesTo: ImageRole.stores,
        appliesToStore: { $0.limits.hasKind { $0.forbidsLottieFeatures } },
        rationale: Store.rationale("lottie-features", separator: " ").suffixed(" ") + "Found in the Lottie JSON "
            + "by their fields, through layers, shapes and precompositions; nothing is rendered.",
        passing: Store.passing("lottie-features"), failing: Store.failing("lottie-features"))

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let (store, kind) = image.storeKind, kind.forbidsLottieFeatures, case .lottie(let lottie)? = image.motion,
            !lottie.forbidden.isEmpty
        else { return [] }
        let names = lottie.forbidden.map(\.description)
        let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names.last! : names[0]
        return [Finding(path: image.path, message: "animation uses \(list): \(store.name)'s animated stickers may not")]
    }
}
