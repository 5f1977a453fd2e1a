import StickerFiles
import StickerLint

/// Trees on disk for tests that change files: a scratch copy of a sample catalog, and what a tree holds.
package enum FixtureTrees {
    /// (bytes, modification time) of every file under a folder.
    package static func snapshot(_ root: String) throws -> [String: ([UInt8], Int)] {
        var out: [String: ([UInt8], Int)] = [:]
        func walk(_ path: String) throws {
            for name in DiskFileSystem().list(path) ?? [] {
                let full = path + "/" + name
                if DiskFileSystem().kind(full) == .directory {
                    try walk(full)
                } else {
                    out[full] = (try DiskFileSystem().read(full), DiskFileSystem().status(full)?.modifiedNanoseconds ?? 0)
                }
            }
        }
        try walk(root)
        return out
    }

    /// A scratch folder holding a copy of SamplePacks/Bad.xcstickers.
    package static func copyOfBad() throws -> Scratch {
        let scratch = Scratch()
        let (status, _, err) = try Process.run(
            "/bin/cp", ["-R", Conformance.projectRoot + "/SamplePacks/Bad.xcstickers", scratch.at("Bad.xcstickers")])
        guard status == 0 else { throw CopyFailed(reason: err) }
        return scratch
    }

    /// "Art" under the scratch folder: Art/a.png and Art/sub/b.png (two different 408×408 stickers),
    /// a link loop Art/sub/loop -> .. and a link to the root, Art/root -> /.
    package static func artWithLinkLoops(in scratch: Scratch) throws {
        try scratch.write("Art/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        try scratch.write("Art/sub/b.png", ExampleContent.png(width: 408, height: 408, seed: 1).bytes())
        try DiskFileSystem().createLink(scratch.at("Art/sub/loop"), target: "..")
        try DiskFileSystem().createLink(scratch.at("Art/root"), target: "/")
    }

    struct CopyFailed: Error { var reason: String }
}
