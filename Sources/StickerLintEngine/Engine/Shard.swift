import StickerCatalog
import StickerFiles

/// One of N parts of a batch (`check --shard I/N`), for CI matrices: whole packs and icon sets, and
/// loose files, go to a part by a stable hash of their path, so pack-wide rules see the whole pack and
/// every file lands in exactly one part. `stickerlint merge` joins the parts' JSON reports.
package struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based.
    package var index: Int
    package var count: Int

    package init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// "2/4".
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    package var description: String { "\(index)/\(count)" }

    /// Whether the unit a path belongs to is this part's.
    package func contains(_ path: String) -> Bool {
        Int(Self.hash(Self.unit(of: path)) % UInt64(count)) == index - 1
    }

    /// What stays together: the pack or icon set a path is in (or is), else the catalog it is in (its own
    /// Contents.json and groups), else the path itself.
    static func unit(of path: String) -> String {
        var catalog: String?
        var current = path
        while !current.isEmpty && current != "." && current != "/" {
            let kind = ContentsKind(folder: current)
            if kind?.isContainer == true { return current }
            if kind == .catalog { catalog = current }
            let parent = PathText.parent(current)
            if parent == current { break }
            current = parent
        }
        return catalog ?? path
    }

    /// FNV-1a over the UTF-8 bytes: the same on every machine and every run.
    static func hash(_ text: String) -> UInt64 { FNV1a.hash(text) }
}

extension CatalogScan {
    /// The part of the scan a shard checks: its packs, icon sets, loose files and what the reader found
    /// about them. A loose image that `inStorePack` says is another store's sticker goes with its folder
    /// (under a store's profile a folder is a pack, whose rules must see it whole).
    func keeping(_ shard: Shard, inStorePack: (String) -> Bool = { _ in false }) -> CatalogScan {
        var kept = self
        kept.catalogs = catalogs.map { catalog in
            var catalog = catalog
            catalog.packs = catalog.packs.filter { shard.contains($0.path) }
            catalog.iconSets = catalog.iconSets.filter { shard.contains($0.path) }
            return catalog
        }
        kept.looseEntries = looseEntries.filter { shard.contains($0.path) }
        kept.looseImages = looseImages.filter { shard.contains(inStorePack($0.path) ? PathText.parent($0.path) : $0.path) }
        kept.issues = issues.filter { shard.contains($0.path) }
        kept.contentsFiles = contentsFiles.filter { shard.contains($0.path) }
        return kept
    }
}
