import StickerFiles

/// The walk of a plain folder: images become loose stickers, catalog folders are read as catalogs, and
/// whatever cannot be walked safely (links to folders, devices, names that are not UTF-8) is skipped
/// with a note, by the same link policy as every walk (`TreeWalk.entry`).
extension CatalogReader {
    func walkFolder(_ path: String, into scan: inout CatalogScan, session: inout CatalogSession) {
        let listing: Listing
        do {
            listing = try files.listing(path)
        } catch {
            session.issues.append(.skipped(path: path, reason: TreeWalk.unlistable(error)))
            return
        }
        for name in listing.invalidNames {
            session.issues.append(.skipped(path: PathText.join(path, name), reason: TreeWalk.invalidName))
        }
        for name in listing.names where !name.hasPrefix(".") {
            let child = PathText.join(path, name)
            if isExcluded(child) { continue }
            // Linked files are checked; linked folders are not followed (no loops, no escapes): TreeWalk's policy.
            let wanted = imageExtensions.contains(PathText.fileExtension(name)) || alsoWalks(child)
            switch TreeWalk.entry(child, wanted: wanted, files: files) {
            case .folder: visitDirectory(child, into: &scan, explicit: false)
            case .file:
                // A link out of its folder is refused as a catalog's is (path-escape): a report must not
                // carry a file from elsewhere on the disk.
                if files.kind(child) == .symlink, let real = files.realPath(child), let folder = files.realPath(path),
                    !PathText.isWithin(real, folder)
                {
                    session.issues.append(.pathEscape(path: child, filename: name, reason: "is a symbolic link to \"\(real)\", outside its folder"))
                } else {
                    scan.looseImages.append(ImageRef(child))
                }
            case .skipped(let reason): session.issues.append(.skipped(path: child, reason: reason))
            case .ignored: break
            }
        }
    }
}
