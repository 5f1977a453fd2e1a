import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint

extension RuleExample {
    /// Writes the example's files and links under `root` (created as needed), on disk or in memory.
    package func write(to root: String, in files: any FileSystem = DiskFileSystem()) throws(FileError) {
        for file in self.files {
            let path = PathText.join(root, file.path)
            try files.createFolder(PathText.parent(path))
            try files.write(file.content.bytes(), to: path)
        }
        for (link, target) in links {
            let path = PathText.join(root, link)
            try files.createFolder(PathText.parent(path))
            try files.createLink(path, target: target)
        }
    }
}
