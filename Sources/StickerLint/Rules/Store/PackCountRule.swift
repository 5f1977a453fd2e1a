import StickerCatalog
import StickerFiles

/// Under a store's profile a folder is that store's pack: it must hold as many stickers as the store takes.
struct PackCountRule: StorePackRule {
    static let description = RuleDescription(
        id: "pack-count", category: .pack, severity: .error, appliesTo: ImageRole.stores,
        rationale: "Each store takes packs of so many stickers and refuses the upload otherwise: " + Store.rationale("pack-count")
            + ". Under a store's profile the stickers of one folder are one pack" + Store.rationale("pack-count.none", separator: "; ").prefixed("; ")
            + ".",
        passing: Store.passing("pack-count"), failing: Store.failing("pack-count"))

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
            images[0].role.ofStore.map(\.limits).flatMap { store in
                check(pack: folder, of: store, images: images.filter { store.packFile(for: $0.path) == nil })
            }
        }
    }
}
