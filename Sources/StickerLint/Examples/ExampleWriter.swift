#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerCatalog
import StickerImage

extension RuleExample {
    /// Writes the example's files and links under `root` (created as needed).
    public func write(to root: String) throws(AtomicFile.WriteError) {
        for file in files {
            let path = PathText.join(root, file.path)
            try Folders.create(PathText.parent(path))
            try AtomicFile.write(file.content.bytes(), to: path)
        }
        for (link, target) in links {
            let path = PathText.join(root, link)
            try Folders.create(PathText.parent(path))
            unlink(path)
            if symlink(target, path) != 0 {
                throw AtomicFile.WriteError(path: path, reason: String(cString: strerror(errno)))
            }
        }
    }
}

