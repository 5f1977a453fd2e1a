import StickerFiles

/// Resolving the names a Contents.json holds, without ever leaving the folder: ".." and absolute
/// names are refused before anything is touched, and a name whose real path (links resolved) lies
/// outside its folder is refused without being opened.
extension CatalogSession {
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
        guard let realFolder = reader.files.realPath(folder) else { return .missing(joined) }
        if let real = reader.files.realPath(joined) {
            if real == realFolder || real.hasPrefix(realFolder + "/") { return .inside(joined) }
            return .escape("is a symbolic link to \"\(real)\", outside its folder")
        }
        if reader.files.kind(joined) == .symlink, let target = reader.files.linkTarget(joined) {
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
        for name in reader.files.list(folder) ?? [] where !name.hasPrefix(".") && name != "Contents.json" {
            let child = PathText.join(folder, name)
            if !referenced.contains(child) && !reader.isExcluded(child) {
                issues.append(.unreferenced(path: child, container: folder))
            }
        }
    }
}
