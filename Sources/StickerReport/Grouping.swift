import StickerCatalog
import StickerLint
import StickerFiles

/// Groups report subjects the way people look at them: by sticker pack, else by folder.
enum Grouping {
    /// The pack (or icon set, or catalog folder) a path belongs to, else its folder.
    static func group(of path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for (i, part) in parts.enumerated().reversed() {
            if ContentsKind(folder: String(part))?.isContainer == true {
                return parts[...i].joined(separator: "/")
            }
        }
        for (i, part) in parts.enumerated().reversed() where ContentsKind.catalog.names(String(part)) {
            return parts[...i].joined(separator: "/")
        }
        return PathText.parent(path)
    }

    /// Every subject (file, or folder with findings) by group, groups and subjects sorted.
    static func subjects(_ result: LintResult) -> [(group: String, subjects: [String])] {
        var byGroup: [String: Set<String>] = [:]
        for file in result.files { byGroup[group(of: file.path), default: []].insert(file.path) }
        for d in result.diagnostics {
            let key = ContentsKind(folder: d.path)?.isContainer == true ? d.path : group(of: d.path)
            byGroup[key, default: []].insert(d.path)
        }
        return byGroup.keys.sorted { PathOrder.less($0, $1) }.map { key in
            (key, byGroup[key]!.sorted { PathOrder.less($0, $1) })
        }
    }
}
