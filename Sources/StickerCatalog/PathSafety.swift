import StickerFiles

/// Resolving the names a Contents.json holds, without ever leaving the folder: ".." and absolute
/// names are refused before anything is touched, and a name whose real path (links resolved) lies
/// outside its folder is refused without being opened.
///
/// Names are matched as Xcode on macOS matches them, on every platform and whatever the volume: by
/// listing the folder, never by asking the file system for the name as written. A canonically
/// equivalent name (composed or decomposed accents) is the same name; one equal only when case is
/// ignored works on case-insensitive volumes only, and is reported so. Paths carry the names on disk.
extension CatalogSession {
    /// Where a Contents.json filename leads, checked before anything is opened.
    enum Resolved {
        case inside(String)
        /// Found, but only when case is ignored: (the path on disk).
        case caseOnly(String)
        case missing(String)
        case escape(String)
    }

    /// The path on disk of `filename` under `folder`, component by component: the same bytes, else a
    /// canonically equivalent name, else one equal ignoring case (then `caseOnly`). Nil when a
    /// component has no match.
    mutating func matchOnDisk(_ filename: String, in folder: String) -> (path: String, caseOnly: Bool)? {
        var current = folder
        var caseOnly = false
        for component in filename.split(separator: "/").map(String.init) where component != "." {
            // Swift compares and hashes strings by canonical equivalence: NFC and NFD spellings share a key.
            let alike = indexedListing(current)[component] ?? []
            let exact = alike.first { $0.utf8.elementsEqual(component.utf8) }
            let equivalent = exact ?? alike.first
            guard let found = equivalent ?? cachedListing(current).first(where: { $0.lowercased() == component.lowercased() }) else { return nil }
            if equivalent == nil { caseOnly = true }
            current = PathText.join(current, found)
        }
        return (current, caseOnly)
    }

    /// A folder's names, listed once per session.
    mutating func cachedListing(_ folder: String) -> [String] {
        if let names = listings[folder] { return names }
        let names = reader.files.list(folder) ?? []
        listings[folder] = names
        return names
    }

    /// A folder's names by name, indexed once per session.
    mutating func indexedListing(_ folder: String) -> [String: [String]] {
        if let index = listingIndex[folder] { return index }
        let index = Dictionary(grouping: cachedListing(folder)) { $0 }
        listingIndex[folder] = index
        return index
    }

    /// A folder's real path (links resolved), resolved once per session: from its parent's, already
    /// resolved, when the folder itself is no link; by the file system otherwise.
    mutating func realFolder(_ folder: String) -> String? {
        if let real = realFolders[folder] { return real }
        let parent = PathText.parent(folder)
        let real: String?
        if parent != folder, case .some(.some(let realParent)) = realFolders[parent], kind(folder) == .directory {
            real = PathText.join(realParent, PathText.lastComponent(folder))
        } else {
            real = reader.files.realPath(folder)
        }
        realFolders[folder] = real
        return real
    }

    /// lstat's view of a path, asked once per session.
    mutating func kind(_ path: String) -> EntryKind {
        if let kind = kinds[path] { return kind }
        let kind = reader.files.kind(path)
        kinds[path] = kind
        return kind
    }

    /// The real path of `path`, which lies under `folder` by names matched on disk: the folder's real
    /// path and the same names when no component after it is a link (one lstat each, not a readlink
    /// per component of the whole path); links resolved by the file system otherwise.
    mutating func realPath(_ path: String, under folder: String, realFolder: String) -> String? {
        let prefix = PathText.join(folder, "")
        guard prefix.isEmpty || path.hasPrefix(prefix) else { return reader.files.realPath(path) }
        let relative = String(path.dropFirst(prefix.count))
        var current = folder
        for component in relative.split(separator: "/") {
            current = PathText.join(current, String(component))
            switch kind(current) {
            case .symlink: return reader.files.realPath(path)
            case .missing: return nil
            default: continue
            }
        }
        return PathText.join(realFolder, relative)
    }

    mutating func resolve(_ filename: String, in folder: String) -> Resolved {
        if filename.hasPrefix("/") { return .escape("is an absolute path") }
        if filename.split(separator: "/").contains("..") { return .escape("leaves its folder through \"..\"") }
        let written = PathText.join(folder, filename)
        guard let realFolder = realFolder(folder) else { return .missing(written) }
        guard let (joined, caseOnly) = matchOnDisk(filename, in: folder) else { return .missing(written) }
        if let real = realPath(joined, under: folder, realFolder: realFolder) {
            if real == realFolder || real.hasPrefix(realFolder + "/") { return caseOnly ? .caseOnly(joined) : .inside(joined) }
            return .escape("is a symbolic link to \"\(real)\", outside its folder")
        }
        if kind(joined) == .symlink, let target = reader.files.linkTarget(joined) {
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
        case .caseOnly(let path):
            // Used as macOS uses it, and reported: it breaks on a case-sensitive volume.
            issues.append(.missingFile(path: path, referencedBy: PathText.join(folder, "Contents.json"), caseOnlyMatchOf: filename))
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
        for name in cachedListing(folder) where !name.hasPrefix(".") && name != "Contents.json" {
            let child = PathText.join(folder, name)
            if !referenced.contains(child) && !reader.isExcluded(child) {
                issues.append(.unreferenced(path: child, container: folder, isLink: kind(child) == .symlink))
            }
        }
    }
}
