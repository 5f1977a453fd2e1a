import StickerImage

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
/// Only Contents.json files are read here; images are named, not opened. A filename that leaves its
/// folder is reported as `path-escape` and never resolved further.
public struct CatalogReader: Sendable {
    /// Image extensions a folder walk picks up as loose stickers (files given by name are always taken).
    public static let imageExtensions: Set<String> = [
        "png", "apng", "gif", "jpg", "jpeg", "webp", "bmp", "tif", "tiff", "heic", "heif", "avif",
    ]

    let files: any FileReading
    let isExcluded: @Sendable (String) -> Bool

    public init(files: any FileReading = DiskFileReader(), isExcluded: @escaping @Sendable (String) -> Bool = { _ in false }) {
        self.files = files
        self.isExcluded = isExcluded
    }

    /// Scans every path; the result is sorted and independent of the order of the walk.
    public func scan(_ paths: [String]) throws(ScanError) -> CatalogScan {
        var scan = CatalogScan()
        for raw in paths {
            let path = PathText.normalize(raw)
            switch FileSystem.targetKind(path) {
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

    private func visitDirectory(_ path: String, into scan: inout CatalogScan, explicit: Bool) {
        if !explicit && isExcluded(path) { return }
        var session = Session(reader: self)
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
            if let entry = session.readEntry(path) { scan.looseEntries.append(LooseEntry(entry: entry, grid: grid)) }
        default:
            let listing: FileSystem.Listing
            do {
                listing = try FileSystem.listing(path)
            } catch {
                session.issues.append(.skipped(path: path, reason: "the folder cannot be listed: \(error.reason.diagnosticText)"))
                break
            }
            for name in listing.invalidNames {
                session.issues.append(.skipped(path: PathText.join(path, name), reason: "the name is not valid UTF-8; rename it"))
            }
            for name in listing.names where !name.hasPrefix(".") {
                let child = PathText.join(path, name)
                if isExcluded(child) { continue }
                let isImage = Self.imageExtensions.contains(PathText.fileExtension(name))
                switch FileSystem.kind(child) {
                case .directory:
                    visitDirectory(child, into: &scan, explicit: false)
                case .file:
                    if isImage { scan.looseImages.append(ImageRef(child)) }
                case .symlink:
                    // Linked files are checked; linked folders are not followed (no loops, no escapes).
                    switch FileSystem.targetKind(child) {
                    case .file where isImage:
                        scan.looseImages.append(ImageRef(child))
                    case .directory:
                        session.issues.append(.skipped(path: child, reason: "a symbolic link to a folder is not followed"))
                    case .missing where isImage:
                        session.issues.append(.skipped(path: child, reason: "a symbolic link that leads nowhere (dangling or a loop)"))
                    case .other where isImage:
                        session.issues.append(.skipped(path: child, reason: "a symbolic link to a device, FIFO or socket; not read"))
                    default:
                        break
                    }
                case .other where isImage:
                    session.issues.append(.skipped(path: child, reason: "a device, FIFO or socket, not a regular file; not read"))
                default:
                    break
                }
            }
        }
        scan.issues += session.issues
    }
}

/// One pass over a catalog, collecting issues as it goes.
private struct Session {
    let reader: CatalogReader
    var issues: [CatalogIssue] = []

    init(reader: CatalogReader) { self.reader = reader }

    // MARK: Contents.json

    /// The folder's Contents.json as an object; nil (with an issue) when missing, unparsable or not an object.
    mutating func contents(of folder: String, required: Bool = true) -> JSONValue? {
        let path = PathText.join(folder, "Contents.json")
        guard FileSystem.targetKind(path) == .file else {
            if required { issues.append(.missingFile(path: path, referencedBy: folder)) }
            return nil
        }
        let bytes: [UInt8]
        do {
            bytes = try reader.files.readAll(path)
        } catch {
            issues.append(.invalidJSON(path: path, reason: "cannot be read: \(error)"))
            return nil
        }
        do {
            let value = try JSONParser.parse(bytes)
            guard case .object = value else {
                issues.append(.invalidJSON(path: path, reason: "the top level is \(value.typeName), not an object"))
                return nil
            }
            return value
        } catch {
            issues.append(.invalidJSON(path: path, reason: "is not valid JSON: \(error)"))
            return nil
        }
    }

    /// A value that must be a string when present.
    mutating func string(_ value: JSONValue?, _ key: String, in file: String) -> String? {
        guard let value, value != .null else { return nil }
        guard case .string(let s) = value else {
            issues.append(.invalidJSON(path: file, reason: "\"\(key)\" is \(value.typeName), not a string"))
            return nil
        }
        return s
    }

    /// A value that must be a number when present.
    mutating func number(_ value: JSONValue?, _ key: String, in file: String) -> Double? {
        guard let value, value != .null else { return nil }
        guard case .number(let n) = value else {
            issues.append(.invalidJSON(path: file, reason: "\"\(key)\" is \(value.typeName), not a number"))
            return nil
        }
        return n
    }

    /// A value that must be an array of objects when present.
    mutating func objects(_ value: JSONValue?, _ key: String, in file: String) -> [JSONValue]? {
        guard let value, value != .null else { return nil }
        guard case .array(let items) = value else {
            issues.append(.invalidJSON(path: file, reason: "\"\(key)\" is \(value.typeName), not an array"))
            return nil
        }
        var result: [JSONValue] = []
        for (index, item) in items.enumerated() {
            guard case .object = item else {
                issues.append(.invalidJSON(path: file, reason: "\"\(key)\"[\(index)] is \(item.typeName), not an object"))
                continue
            }
            result.append(item)
        }
        return result
    }

    // MARK: Paths

    /// Where a Contents.json filename leads, checked before anything is opened.
    enum Resolved {
        case inside(String)
        case missing(String)
        case escape(String)
    }

    func resolve(_ filename: String, in folder: String) -> Resolved {
        if filename.hasPrefix("/") { return .escape("is an absolute path") }
        if filename.split(separator: "/").contains("..") { return .escape("leaves its folder through \"..\"") }
        let joined = PathText.join(folder, filename)
        guard let realFolder = FileSystem.realPath(folder) else { return .missing(joined) }
        if let real = FileSystem.realPath(joined) {
            if real == realFolder || real.hasPrefix(realFolder + "/") { return .inside(joined) }
            return .escape("is a symbolic link to \"\(real)\", outside its folder")
        }
        if FileSystem.kind(joined) == .symlink, let target = FileSystem.linkTarget(joined) {
            if target.hasPrefix("/") || target.split(separator: "/").contains("..") {
                return .escape("is a symbolic link to \"\(target)\", outside its folder")
            }
        }
        return .missing(joined)
    }

    /// Resolves a filename and records missing-file or path-escape issues.
    mutating func resolveReporting(_ filename: String, in folder: String, owner: String) -> String? {
        switch resolve(filename, in: folder) {
        case .inside(let path):
            return path
        case .missing(let path):
            issues.append(.missingFile(path: path, referencedBy: PathText.join(folder, "Contents.json")))
        case .escape(let reason):
            issues.append(.pathEscape(path: owner, filename: filename, reason: reason))
        }
        return nil
    }

    /// Files and folders inside `folder` that nothing referenced.
    mutating func reportUnreferenced(in folder: String, referenced: Set<String>) {
        for name in FileSystem.list(folder) ?? [] where !name.hasPrefix(".") && name != "Contents.json" {
            let child = PathText.join(folder, name)
            if !referenced.contains(child) && !reader.isExcluded(child) {
                issues.append(.unreferenced(path: child, container: folder))
            }
        }
    }

    // MARK: Folders

    mutating func readCatalogRoot(_ path: String) -> Catalog {
        _ = contents(of: path, required: false)
        var catalog = Catalog(path: path, packs: [], iconSets: [])
        readGroup(path, into: &catalog)
        return catalog
    }

    /// A catalog folder or group: packs and icon sets may sit at any depth.
    mutating func readGroup(_ path: String, into catalog: inout Catalog) {
        for name in FileSystem.list(path) ?? [] where !name.hasPrefix(".") {
            let child = PathText.join(path, name)
            guard FileSystem.kind(child) == .directory, !reader.isExcluded(child) else { continue }
            switch PathText.fileExtension(name) {
            case "stickerpack": catalog.packs.append(readPack(child))
            case "stickersiconset": catalog.iconSets.append(readIconSet(child))
            case "": readGroup(child, into: &catalog)
            default: break   // image sets, colour sets, app icons: not stickers
            }
        }
    }

    /// The grid of a pack folder, without reporting anything (for a sticker given on its own).
    mutating func gridQuietly(_ pack: String) -> GridSize? {
        var quiet = Session(reader: reader)
        guard let json = quiet.contents(of: pack),
              case .string(let value)? = json["properties"]?["grid-size"] else { return .regular }
        return GridSize(rawValue: value) ?? .regular
    }

    mutating func readPack(_ path: String) -> StickerPack {
        let file = PathText.join(path, "Contents.json")
        let json = contents(of: path)
        var grid = GridSize.regular   // Xcode's default when grid-size is absent
        if let value = string(json?["properties"]?["grid-size"], "grid-size", in: file) {
            if let parsed = GridSize(rawValue: value) {
                grid = parsed
            } else {
                issues.append(.gridSizeValue(path: path, value: value))
            }
        }
        var entries: [PackEntry] = []
        var referenced: Set<String> = []
        if let list = objects(json?["stickers"], "stickers", in: file) {
            for item in list {
                guard let name = string(item["filename"], "filename", in: file) else { continue }
                guard let child = resolveReporting(name, in: path, owner: path) else { continue }
                referenced.insert(child)
                guard FileSystem.kind(child) == .directory,
                      ["sticker", "stickersequence"].contains(PathText.fileExtension(child)) else {
                    issues.append(.invalidJSON(path: file, reason: "\"stickers\" names \"\(name)\", which is not a .sticker or .stickersequence folder"))
                    continue
                }
                if let entry = readEntry(child) { entries.append(entry) }
            }
        } else if json != nil {
            // No stickers array: Xcode shows the sticker folders in name order.
            for name in FileSystem.list(path) ?? [] where ["sticker", "stickersequence"].contains(PathText.fileExtension(name)) {
                let child = PathText.join(path, name)
                referenced.insert(child)
                if let entry = readEntry(child) { entries.append(entry) }
            }
        }
        if json != nil { reportUnreferenced(in: path, referenced: referenced) }
        if entries.isEmpty && json != nil { issues.append(.emptyPack(path: path)) }
        return StickerPack(path: path, grid: grid, entries: entries)
    }

    mutating func readEntry(_ path: String) -> PackEntry? {
        PathText.fileExtension(path) == "sticker" ? readSticker(path).map(PackEntry.sticker) : readSequence(path).map(PackEntry.sequence)
    }

    mutating func readSticker(_ path: String) -> Sticker? {
        let file = PathText.join(path, "Contents.json")
        guard let json = contents(of: path) else { return Sticker(path: path, image: nil, accessibilityLabel: nil) }
        let properties = json["properties"]
        let label = string(properties?["accessibility-label"], "accessibility-label", in: file)
        var image: ImageRef?
        var referenced: Set<String> = []
        if let name = string(properties?["filename"], "filename", in: file) {
            if let resolved = resolveReporting(name, in: path, owner: path) {
                referenced.insert(resolved)
                image = ImageRef(resolved)
            }
        } else {
            issues.append(.invalidJSON(path: file, reason: "\"properties\".\"filename\" is missing: the sticker has no image"))
        }
        reportUnreferenced(in: path, referenced: referenced)
        return Sticker(path: path, image: image, accessibilityLabel: label)
    }

    mutating func readSequence(_ path: String) -> StickerSequence? {
        let file = PathText.join(path, "Contents.json")
        guard let json = contents(of: path) else { return StickerSequence(path: path, frames: []) }
        let properties = json["properties"]
        let duration = number(properties?["duration"], "duration", in: file)
        let durationType = string(properties?["duration-type"], "duration-type", in: file)
        let repetitions = number(properties?["repetitions"], "repetitions", in: file)
        let label = string(properties?["accessibility-label"], "accessibility-label", in: file)
        if let duration, duration <= 0 { issues.append(.sequence(path: path, problem: .durationNotPositive(duration))) }
        if let durationType, durationType != "fps", durationType != "fixed" {
            issues.append(.sequence(path: path, problem: .unknownDurationType(durationType)))
        }
        var frames: [ImageRef] = []
        var referenced: Set<String> = []
        for (index, item) in (objects(json["frames"], "frames", in: file) ?? []).enumerated() {
            guard let name = string(item["filename"], "filename", in: file) else {
                if item == .object([]) { issues.append(.sequence(path: path, problem: .emptyFrameEntry(index: index))) }
                continue
            }
            if let resolved = resolveReporting(name, in: path, owner: path) {
                referenced.insert(resolved)
                frames.append(ImageRef(resolved))
            }
        }
        if frames.isEmpty { issues.append(.sequence(path: path, problem: .noFrames)) }
        reportUnreferenced(in: path, referenced: referenced)
        return StickerSequence(path: path, frames: frames, duration: duration,
                               durationType: durationType == "fps" || durationType == "fixed" ? durationType : nil,
                               repetitions: repetitions.map { Int($0) }, accessibilityLabel: label)
    }

    mutating func readIconSet(_ path: String) -> IconSet {
        let file = PathText.join(path, "Contents.json")
        var set = IconSet(path: path, images: [])
        guard let json = contents(of: path) else { return set }
        var filled: Set<IconSlot> = []
        var referenced: Set<String> = []
        for item in objects(json["images"], "images", in: file) ?? [] {
            if case .bool(true)? = item["unassigned"] { continue }
            let idiom = string(item["idiom"], "idiom", in: file) ?? ""
            let size = string(item["size"], "size", in: file) ?? ""
            let scale = string(item["scale"], "scale", in: file) ?? ""
            guard let name = string(item["filename"], "filename", in: file) else { continue }
            guard let resolved = resolveReporting(name, in: path, owner: path) else { continue }
            referenced.insert(resolved)
            guard let slot = IconSlot.all.first(where: { $0.idiom == idiom && $0.size == size && $0.scale == scale }) else { continue }
            filled.insert(slot)
            set.images.append(IconImage(slot: slot, image: ImageRef(resolved)))
        }
        for slot in IconSlot.all where slot.required && !filled.contains(slot) {
            issues.append(.missingIconSlot(path: path, slot: slot))
        }
        reportUnreferenced(in: path, referenced: referenced)
        return set
    }
}
