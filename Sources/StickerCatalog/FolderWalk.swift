import StickerFiles

/// The walk of a plain folder: images become loose stickers, catalog folders are read as catalogs, and
/// whatever cannot be walked safely (links to folders, devices, names that are not UTF-8) is skipped
/// with a note, by the same link policy as every walk (`TreeWalk.entry`).
extension CatalogReader {
    func walkFolder(_ path: String, into scan: inout CatalogScan, session: inout CatalogSession) {
        // Linked files are checked; linked folders are not followed (no loops, no escapes): TreeWalk's policy.
        var walker = TreeWalk(files: files)
        let (extensions, alsoWalks) = (imageExtensions, self.alsoWalks)
        walker.wants = { extensions.contains(PathText.fileExtension($0)) || alsoWalks($0) }
        walker.excludes = isExcluded
        // A walk with no stop never stops.
        try? walker.visit(path) { event in
            switch event {
            case .folder(let folder):
                // Read as what it is (a catalog, a pack, a plain folder), which walks it in turn.
                visitDirectory(folder.path, into: &scan, explicit: false)
            case .file(let file):
                // A link out of its folder is refused as a catalog's is (path-escape): a report must not
                // carry a file from elsewhere on the disk.
                if files.kind(file.path) == .symlink, let real = files.realPath(file.path), let folder = files.realPath(path),
                    !PathText.isWithin(real, folder)
                {
                    session.issues.append(
                        .pathEscape(path: file.path, filename: file.relative, reason: "is a symbolic link to \"\(real)\", outside its folder"))
                } else {
                    scan.looseImages.append(ImageRef(file.path))
                }
            case .skipped(let passed): session.issues.append(.skipped(path: passed.path, reason: passed.reason))
            }
            return false
        }
    }
}
