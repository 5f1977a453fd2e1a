import StickerFiles

/// A sticker named otherwise than its store's upload wants (LINE's ZIP: 01.png to 40.png).
struct StickerNameRule: Rule {
    static let description = RuleDescription(
        id: "sticker-name", category: .file, severity: .warning, appliesTo: ImageRole.stores, appliesToStore: { $0.limits.stickerNames != nil },
        rationale: Store.rationale("sticker-name", separator: " ").suffixed(" ")
            + "A warning: stickers uploaded one by one may have any name. Stores that name no files are not checked.",
        passing: Store.passing("sticker-name"), failing: Store.failing("sticker-name"))

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let store = image.role.ofStore?.limits, let naming = store.stickerNames, store.packFile(for: image.path) == nil else { return [] }
        let most = Self.most(store.count)
        let name = PathText.lastComponent(image.path)
        guard !naming.allows(name, most: most) else { return [] }
        return [Finding(path: image.path, message: "named \(name); \(store.name) takes stickers named \(naming.wording(most: most))")]
    }

    /// The largest pack the store takes: the highest sticker number a name may carry.
    static func most(_ count: StoreLimits.Count?) -> Int {
        switch count {
        case .range(let range)?: range.upperBound
        case .oneOf(let counts)?: counts.max() ?? 1
        case nil: 1
        }
    }
}
