import StickerCatalog
import StickerFiles

/// Under a store's profile a folder is that store's pack: it must hold as many stickers as the store takes.
struct PackCountRule: StorePackRule {
    static let description = RuleDescription(
        id: "pack-count", category: .pack, severity: .error, appliesTo: ImageRole.stores,
        rationale: "Each store takes packs of so many stickers and refuses the upload otherwise: WhatsApp 3–30, Telegram "
            + "up to 120, Signal up to 200, LINE sets of 8, 16, 24, 32 or 40 (animated 8, 16 or 24). Under a store's "
            + "profile the stickers of one folder are one pack; a Discord server's stickers are slots, not a pack.",
        passing: [.storePack(.whatsapp, count: 3), .storePack(.line, count: 8)],
        failing: [.storePack(.whatsapp, count: 2), .storePack(.line, count: 9)])

    func check(pack folder: String, of store: StoreLimits, images: [ImageFacts]) -> Finding? {
        guard let stills = store.count else { return nil }
        let animated = !images.isEmpty && images.allSatisfy(\.isAnimated)
        let count = animated ? store.animatedCount ?? stills : stills
        guard !count.allows(images.count) else { return nil }
        let what = animated && store.animatedCount != nil ? "an animated \(store.name) pack" : "a \(store.name) pack"
        return Finding(path: folder, message: "the folder holds \(images.count.counted("sticker")); \(what) holds \(count.wording)")
    }
}

/// A rule about a store's packs: under a store's profile the stickers of one folder are one pack.
protocol StorePackRule: Rule {
    /// The finding about one pack: its folder, its store, its stickers in path order.
    func check(pack folder: String, of store: StoreLimits, images: [ImageFacts]) -> Finding?
}

extension StorePackRule {
    func check(scan: CatalogScan, context: LintContext) -> [Finding] {
        let byFolder = Dictionary(grouping: context.images.filter(\.role.isStore)) { PathText.parent($0.path) }
        return byFolder.sorted { PathOrder.less($0.key, $1.key) }.compactMap { folder, images in
            // A pack's other files (tray icon, thumbnail, main and tab images) are not its stickers.
            images[0].role.store.flatMap { store in check(pack: folder, of: store, images: images.filter { store.packFile(for: $0.path) == nil }) }
        }
    }
}
