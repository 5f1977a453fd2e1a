import StickerFiles

/// The walk of a plain folder: images become loose stickers, catalog folders are read as catalogs, and
/// whatever cannot be walked safely (links to folders, devices, names that are not UTF-8) is skipped
/// with a note.
extension CatalogReader {
    func walkFolder(_ path: String, into scan: inout CatalogScan, session: inout CatalogSession) {
        let listing: Listing
        do {
            listing = try files.listing(path)
        } catch {
            session.issues.append(.skipped(path: path, reason: "the folder cannot be listed: \(error.reason.diagnosticText)"))
            return
        }
        for name in listing.invalidNames {
            session.issues.append(.skipped(path: PathText.join(path, name), reason: "the name is not valid UTF-8; rename it"))
        }
        for name in listing.names where !name.hasPrefix(".") {
            let child = PathText.join(path, name)
            if isExcluded(child) { continue }
            let isImage = imageExtensions.contains(PathText.fileExtension(name))
            switch files.kind(child) {
            case .directory:
                visitDirectory(child, into: &scan, explicit: false)
            case .file:
                if isImage { scan.looseImages.append(ImageRef(child)) }
            case .symlink:
                // Linked files are checked; linked folders are not followed (no loops, no escapes).
                switch files.targetKind(child) {
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
}
