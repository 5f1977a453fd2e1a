import StickerFiles

/// Why the scan could not start: a path on the command line that is not there.
public enum ScanError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(path: String)

    public var description: String {
        switch self {
        case .notFound(let path): "no such file or folder: \(path)"
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
public struct CatalogReader: Sendable {
    /// Image extensions a folder walk picks up as loose stickers (files given by name are always taken).
    let files: any FileSystem
    /// Extensions a folder walk picks up as images (the formats table's, given by the caller).
    let imageExtensions: Set<String>
    let isExcluded: @Sendable (String) -> Bool

    public init(files: any FileSystem = DiskFileSystem(), imageExtensions: Set<String>,
                isExcluded: @escaping @Sendable (String) -> Bool = { _ in false }) {
        self.files = files
        self.imageExtensions = imageExtensions
        self.isExcluded = isExcluded
    }

    /// Scans every path; the result is sorted and independent of the order of the walk.
    public func scan(_ paths: [String]) throws(ScanError) -> CatalogScan {
        var scan = CatalogScan()
        for raw in paths {
            let path = PathText.normalize(raw)
            switch files.targetKind(path) {
            case .missing, .symlink:
                throw .notFound(path: raw)
            case .file, .other:
                if isExcluded(path) { continue }
                if let container = Self.enclosingContainer(of: path) {
                    // A file inside a pack (a pre-commit hook passes just the changed files): check the
                    // whole pack so that pack-wide rules still run, and report on this file.
                    let subject = PathText.lastComponent(path) == "Contents.json" ? PathText.parent(path) : path
                    if scan.focus[container] == nil {
                        scan.focus[container] = []
                        visitDirectory(container, into: &scan, explicit: true)
                    }
                    scan.focus[container]!.insert(subject)
                } else if PathText.lastComponent(path) != "Contents.json" {
                    scan.looseImages.append(ImageRef(path))
                }
            case .directory:
                visitDirectory(path, into: &scan, explicit: true)
            }
        }
        scan.looseImages = Array(Set(scan.looseImages)).sorted()
        scan.catalogs.sort { $0.path < $1.path }
        return scan
    }

    /// The `.stickerpack` or `.stickersiconset` folder a path lies in, if any.
    static func enclosingContainer(of path: String) -> String? {
        var current = PathText.parent(path)
        while current != "." && current != "/" && !current.isEmpty {
            if ["stickerpack", "stickersiconset"].contains(PathText.fileExtension(current)) { return current }
            let parent = PathText.parent(current)
            if parent == current { break }
            current = parent
        }
        return nil
    }

    func visitDirectory(_ path: String, into scan: inout CatalogScan, explicit: Bool) {
        if !explicit && isExcluded(path) { return }
        var session = CatalogSession(reader: self)
        switch PathText.fileExtension(path) {
        case "xcassets", "xcstickers":
            let catalog = session.readCatalogRoot(path)
            scan.catalogs.append(catalog)
        case "stickerpack":
            scan.catalogs.append(Catalog(path: path, packs: [session.readPack(path)], iconSets: []))
        case "stickersiconset":
            scan.catalogs.append(Catalog(path: path, packs: [], iconSets: [session.readIconSet(path)]))
        case "sticker", "stickersequence":
            let parent = PathText.parent(path)
            let grid = PathText.fileExtension(parent) == "stickerpack" ? session.gridQuietly(parent) : nil
            scan.looseEntries.append(LooseEntry(entry: session.readEntry(path), grid: grid))
        default:
            walkFolder(path, into: &scan, session: &session)
        }
        scan.issues += session.issues
        scan.contentsFiles += session.contentsFiles
    }
}
