import StickerCatalog
import StickerFiles

/// Under a store's profile a folder is that store's pack: it must hold as many stickers as the store takes.
struct PackCountRule: StorePackRule {
    static let description = RuleDescription(
        id: "pack-count", category: .pack, severity: .error, appliesTo: ImageRole.stores, appliesToStore: { $0.limits.count != nil },
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

/// A rule about a store's packs: under a store's profile the stickers of one folder are one pack (the files
/// a folder walk found there, or with `--as-pack` the files named there).
protocol StorePackRule: Rule {
    /// The finding about one pack: its folder, its store, its stickers in path order.
    func check(pack folder: String, of store: StoreLimits, images: [ImageFacts]) -> Finding?
    /// The findings about one pack, its other files (tray icon, thumbnail, main and tab images) given
    /// apart, in path order; by default the one of `check(pack:of:images:)`.
    func check(pack folder: String, of store: StoreLimits, images: [ImageFacts], packFiles: [ImageFacts]) -> [Finding]
}

extension StorePackRule {
    func check(pack folder: String, of store: StoreLimits, images: [ImageFacts], packFiles: [ImageFacts]) -> [Finding] {
        check(pack: folder, of: store, images: images).map { [$0] } ?? []
    }

    func check(scan: CatalogScan, context: LintContext) -> [Finding] {
        let members = context.images.filter { $0.role.isStore && scan.isPackMember($0.path, context.configuration) }
        let byFolder = Dictionary(grouping: members) { PathText.parent($0.path) }
        return byFolder.sorted { PathOrder.less($0.key, $1.key) }.flatMap { folder, images -> [Finding] in
            // A pack's other files (tray icon, thumbnail, main and tab images) are not its stickers.
            guard let store = images[0].role.ofStore?.limits else { return [] }
            let isPackFile = images.map { store.packFile(for: $0.path) != nil }
            return check(
                pack: folder, of: store, images: zip(images, isPackFile).filter { !$0.1 }.map(\.0),
                packFiles: zip(images, isPackFile).filter(\.1).map(\.0))
        }
    }
}
