import StickerFiles

/// A test's file system that hands every call to another (`forwarded`) but those it declares itself:
/// a wrapper that records reads, dies after so many changes or watches an output says only what it
/// does differently.
package protocol ForwardingFileSystem: FileSystem {
    var forwarded: any FileSystem { get }
}

extension ForwardingFileSystem {
    package func read(_ path: String) throws(FileError) -> [UInt8] { try forwarded.read(path) }
    package func read(_ path: String, at offset: Int, count: Int) throws(FileError) -> [UInt8] {
        try forwarded.read(path, at: offset, count: count)
    }
    package func kind(_ path: String) -> EntryKind { forwarded.kind(path) }
    package func targetKind(_ path: String) -> EntryKind { forwarded.targetKind(path) }
    package func size(_ path: String) -> Int? { forwarded.size(path) }
    package func status(_ path: String) -> FileStatus? { forwarded.status(path) }
    package func listing(_ path: String) throws(FileError) -> Listing { try forwarded.listing(path) }
    package func realPath(_ path: String) -> String? { forwarded.realPath(path) }
    package func linkTarget(_ path: String) -> String? { forwarded.linkTarget(path) }
    package func write(_ bytes: [UInt8], to path: String, overwrite: Bool, privately: Bool) throws(FileError) {
        try forwarded.write(bytes, to: path, overwrite: overwrite, privately: privately)
    }
    package func write(_ bytes: [UInt8], to path: String, overwrite: Bool, newModeOf model: String) throws(FileError) {
        try forwarded.write(bytes, to: path, overwrite: overwrite, newModeOf: model)
    }
    package func replaceRefusal(_ path: String) -> ReplaceRefusal? { forwarded.replaceRefusal(path) }
    package func createFolder(_ path: String, privately: Bool) throws(FileError) { try forwarded.createFolder(path, privately: privately) }
    package func remove(_ path: String) { forwarded.remove(path) }
    package func move(_ source: String, to destination: String) throws(FileError) { try forwarded.move(source, to: destination) }
    package func exchange(_ a: String, _ b: String) throws(FileError) { try forwarded.exchange(a, b) }
    package func createLink(_ path: String, target: String) throws(FileError) { try forwarded.createLink(path, target: target) }
    package func hardLink(_ source: String, to destination: String) throws(FileError) { try forwarded.hardLink(source, to: destination) }
    package func copyMetadata(from source: String, to destination: String) throws(FileError) {
        try forwarded.copyMetadata(from: source, to: destination)
    }
}
