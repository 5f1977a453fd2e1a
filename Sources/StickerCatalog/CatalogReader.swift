import StickerFiles

/// Why the scan could not start: a path on the command line that is not there, or a symbolic link
/// that leads nowhere.
public enum ScanError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(path: String)
    /// A symbolic link whose target is missing, or links that lead to each other.
    case brokenLink(path: String)

    public var description: String {
        switch self {
        case .notFound(let path): PathAbsence.missing(path)
        case .brokenLink(let path): PathAbsence.brokenLink(path)
        }
    }
}

/// Reads the paths given on the command line: loose images, folders (walked), and Xcode catalogs,
/// packs, stickers, sequences and icon sets wherever they sit.
///
/// This file routes each argument; `FolderWalk` walks plain folders, `CatalogFolders` reads the
/// catalog's folders, `ContentsJSON` reads and types Contents.json values, and `PathSafety` resolves
/// the names they hold. Only Contents.json files are read; images are named, not opened. A filename
/// that leaves its folder is reported as `path-escape` and never resolved further. The reader keeps
/// what it read as written and reports only what it could not read: judging it is the rules' job.
package struct CatalogReader: Sendable {
    /// Image extensions a folder walk picks up as loose stickers (files given by name are always taken).
    let files: any FileSystem
    /// Extensions a folder walk picks up as images (the formats table's, given by the caller).
    let imageExtensions: Set<String>
    let isExcluded: @Sendable (String) -> Bool
    /// Whether a plain folder's walk also takes a file of another extension, by its path (Discord's
    /// Lottie `.json` stickers, under a profile that takes them).
    let alsoWalks: @Sendable (String) -> Bool
    /// Where the snapshots of packs' folders are kept between runs (nil: every folder is read afresh).
    let snapshots: (any FolderSnapshotStore)?

    package init(
        files: any FileSystem = DiskFileSystem(), imageExtensions: Set<String>,
        isExcluded: @escaping @Sendable (String) -> Bool = { _ in false },
        alsoWalks: @escaping @Sendable (String) -> Bool = { _ in false }, snapshots: (any FolderSnapshotStore)? = nil
    ) {
        self.files = files
        self.imageExtensions = imageExtensions
        self.isExcluded = isExcluded
        self.alsoWalks = alsoWalks
        self.snapshots = snapshots
    }

    /// Scans every path; the result is sorted and independent of the order of the walk and of the
    /// arguments. A path inside a catalog is judged in its catalog role: see `Route`.
    package func scan(_ paths: [String]) throws(ScanError) -> CatalogScan {
        var wholes: [String] = []
        var groups: [String] = []
        var focus: [String: Set<String>] = [:]
        var looseImages: Set<ImageRef> = []
        let workingFolder = files.realPath(".")
        for raw in paths {
            let path = spelling(of: raw, workingFolder: workingFolder)
            let kind = files.targetKind(path)
            if kind == .missing || kind == .symlink { throw files.kind(path) == .symlink ? .brokenLink(path: raw) : .notFound(path: raw) }
            let isDirectory = kind == .directory
            // A folder named on the command line is read even when excluded; a file is not.
            if !isDirectory && isExcluded(path) { continue }
            switch Route(path, isDirectory: isDirectory) {
            case .whole: wholes.append(path)
            case .group: groups.append(path)
            case .inContainer(let container, let subject): focus[container, default: []].insert(subject)
            case .loose: looseImages.insert(ImageRef(path))
            case .notASticker: continue
            }
        }
        // Each folder is read once: what lies inside a folder read whole needs no second reading.
        func coveredBy(_ roots: [String], _ path: String) -> Bool {
            roots.contains { path != $0 && (path.hasPrefix($0 + "/") || ($0 == "." && !path.hasPrefix("/"))) }
        }
        let rootWholes = Set(wholes).filter { !coveredBy(wholes, $0) }.sorted()
        let readWhole = rootWholes + Set(groups).filter { !coveredBy(rootWholes + groups, $0) }.sorted()
        var scan = CatalogScan()
        for path in rootWholes { visitDirectory(path, into: &scan, explicit: true) }
        for path in readWhole.dropFirst(rootWholes.count) {
            var session = CatalogSession(reader: self)
            var catalog = Catalog(path: path, packs: [], iconSets: [])
            session.readGroup(path, into: &catalog)
            scan.catalogs.append(catalog)
            scan.absorb(session)
        }
        for (container, subjects) in focus.sorted(by: { $0.key < $1.key })
        where !readWhole.contains(container) && !coveredBy(readWhole, container) {
            scan.focus[container] = subjects
            visitDirectory(container, into: &scan, explicit: true, focus: [container: subjects])
        }
        let walked = Set(scan.looseImages)
        scan.namedAlone = Set(looseImages.subtracting(walked).map(\.path))
        scan.looseImages = Array(walked.union(looseImages)).sorted()
        scan.catalogs.sort { $0.path < $1.path }
        scan.looseEntries.sort { PathText.precedes($0.path, $1.path) }
        return scan
    }

    /// How an argument is read, from where it lies.
    enum Route: Equatable {
        /// Read whole: a catalog, pack, icon set, plain folder, or a sticker or sequence outside any pack.
        case whole
        /// A folder inside a catalog but in no pack or icon set: its packs and icon sets are read.
        case group
        /// Something inside a pack or icon set: the container is read whole and the report keeps to the
        /// subject (for a Contents.json, its folder) and the container's own findings.
        case inContainer(container: String, subject: String)
        /// An image outside any catalog.
        case loose
        /// A file inside a catalog that belongs to no pack or icon set (an image set's PNG, the catalog's
        /// Contents.json): Xcode does not use it as a sticker, so no sticker rule judges it.
        case notASticker

        init(_ path: String, isDirectory: Bool) {
            let ancestors = CatalogReader.ancestors(of: path)
            if let container = ancestors.first(where: { ContentsKind(folder: $0)?.isContainer == true }) {
                let subject = PathText.lastComponent(path) == "Contents.json" ? PathText.parent(path) : path
                self = .inContainer(container: container, subject: subject)
            } else if isDirectory {
                let inCatalog = ancestors.contains { ContentsKind.catalog.names($0) }
                let isCatalogFolder = ContentsKind(folder: path).map { $0 == .catalog || $0.isContainer } ?? false
                self = inCatalog && !isCatalogFolder ? .group : .whole
            } else {
                let inCatalog = ancestors.contains { ContentsKind.catalog.names($0) }
                self = inCatalog || PathText.lastComponent(path) == "Contents.json" ? .notASticker : .loose
            }
        }
    }

    /// How an argument is read: as written when that names what it is, else spelt through the real
    /// names of the catalog folders it lies in. Routing looks at the names of a path and its folders
    /// (as Xcode does), so ".", "..", "x/..", and links (the argument itself or a folder on its way)
    /// would hide them: `cd Pack.stickerpack && stickerlint check .` must read a pack. Such an argument
    /// is resolved once (realpath) and, when its real path lies in or is a catalog folder, spelt from
    /// the folder above the outermost one, relative to the working folder when it was relative:
    /// "../../Cat.xcstickers/Pack.stickerpack". Anything else keeps the user's spelling (`check .` in
    /// a plain folder still reports "a.png").
    /// `workingFolder` is the real path of ".", resolved once per scan by the caller.
    package func spelling(of raw: String, workingFolder: String?) -> String {
        let path = PathText.normalize(raw)
        let parts = PathText.components(path)
        var prefix = path.hasPrefix("/") ? "" : "."
        // A relative path from inside a catalog folder does not spell the folders it lies in.
        var hidesNames =
            parts.contains { $0 == "." || $0 == ".." }
            || (!path.hasPrefix("/") && workingFolder.map { Self.hasRoleFolder($0) } == true)
        for part in parts where !hidesNames {
            prefix += "/" + part
            hidesNames = files.kind(prefix) == .symlink
        }
        guard hidesNames, let real = files.realPath(path) else { return path }
        let realParts = PathText.components(real)
        guard let outermost = realParts.firstIndex(where: { Self.hasRole(String($0)) }) else { return path }
        let anchor = "/" + realParts[..<outermost].joined(separator: "/")
        let below = realParts[outermost...].joined(separator: "/")
        guard !path.hasPrefix("/"), let base = workingFolder else { return PathText.join(anchor, below) }
        return PathText.join(PathText.relative(anchor, from: base), below)
    }

    /// Whether a folder name has a role in a catalog (what `Route` and `visitDirectory` look at).
    static func hasRole(_ name: String) -> Bool { ContentsKind(folder: name) != nil }

    static func hasRoleFolder(_ path: String) -> Bool { PathText.components(path).contains { hasRole(String($0)) } }

    /// The folders holding a path, nearest first.
    /// The folder whose cache file holds the facts of what an argument leads to, from its text alone
    /// (the `Catalog.path` the scan gives it): the pack or icon set it lies in, or names; the catalog it
    /// names. Nil for anything else (loose files, a folder inside a catalog but in no pack).
    package static func cacheRoot(of path: String) -> String? {
        let path = PathText.normalize(path)
        if let container = ancestors(of: path).first(where: { ContentsKind(folder: $0)?.isContainer == true }) { return container }
        if let kind = ContentsKind(folder: path), kind == .catalog || kind.isContainer { return path }
        return nil
    }

    static func ancestors(of path: String) -> [String] {
        var result: [String] = []
        var current = PathText.parent(path)
        while current != "." && current != "/" && !current.isEmpty {
            result.append(current)
            let parent = PathText.parent(current)
            if parent == current { break }
            current = parent
        }
        return result
    }

    func visitDirectory(_ path: String, into scan: inout CatalogScan, explicit: Bool, focus: [String: Set<String>] = [:]) {
        if !explicit && isExcluded(path) { return }
        var session = CatalogSession(reader: self, focus: focus)
        switch ContentsKind(folder: path) {
        case .catalog:
            let catalog = session.readCatalogRoot(path)
            scan.catalogs.append(catalog)
        case .pack:
            scan.catalogs.append(Catalog(path: path, packs: [session.readPack(path)], iconSets: []))
        case .iconSet:
            scan.catalogs.append(Catalog(path: path, packs: [], iconSets: [session.readIconSet(path)]))
        case .sticker, .sequence:
            // Outside any pack (inside one, the pack is read instead): no grid but the configured one.
            scan.looseEntries.append(session.readEntry(path))
        default:
            walkFolder(path, into: &scan, session: &session)
        }
        scan.absorb(session)
    }
}
