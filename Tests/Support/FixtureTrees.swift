import StickerFiles

/// Trees on disk for tests that change files: a scratch copy of a sample catalog, and what a tree holds.
public enum FixtureTrees {
    /// (bytes, modification time) of every file under a folder.
    public static func snapshot(_ root: String) throws -> [String: ([UInt8], Int)] {
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
    public static func copyOfBad() throws -> Scratch {
        let scratch = Scratch()
        let (status, _, err) = try Process.run(
            "/bin/cp", ["-R", Conformance.projectRoot + "/SamplePacks/Bad.xcstickers", scratch.at("Bad.xcstickers")])
        guard status == 0 else { throw CopyFailed(reason: err) }
        return scratch
    }

    struct CopyFailed: Error { var reason: String }
}
