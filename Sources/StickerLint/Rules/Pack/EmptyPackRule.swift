/// Flags a pack without stickers.
struct EmptyPackRule: Rule {
    static let description = RuleDescription(
        id: "empty-pack", name: "Empty pack", category: .pack, severity: .error,
        rationale: "A sticker pack with no stickers cannot be submitted, and shows an empty browser.",
        passing: [.pack([.sticker("Cat", .png(width: 408, height: 408))], "a pack with one sticker")],
        failing: [.pack([], "a pack whose stickers array is empty")])

    func check(catalog: CatalogFacts, context: LintContext) -> [Finding] {
        catalog.issues.compactMap { issue in
            guard case .emptyPack(let path) = issue else { return nil }
            return Finding(path: path, message: Self.message)
        }
    }

    fileprivate static let message = "pack has no stickers"
}
