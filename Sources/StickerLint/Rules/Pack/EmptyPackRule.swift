import StickerCatalog
/// Flags a pack without stickers.
struct EmptyPackRule: Rule {
    static let description = RuleDescription(
        id: "empty-pack", category: .pack, severity: .error,
        rationale: "A sticker pack with no stickers cannot be submitted, and shows an empty browser.",
        passing: [.pack([.sticker("Cat", .png(width: 408, height: 408))], "a pack with one sticker")],
        failing: [.pack([], "a pack whose stickers array is empty")])

    func check(pack: StickerPack, context: LintContext) -> [Finding] {
        guard pack.isReadable, pack.entries.isEmpty else { return [] }
        return [Finding(path: pack.path, message: Self.message)]
    }

    fileprivate static let message = "pack has no stickers"
}
