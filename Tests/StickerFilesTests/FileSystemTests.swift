#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerFiles
import Testing

/// The same tree built on disk (in a temporary folder) and in memory: both file systems must answer
/// every question alike, links and `..` included.
@Suite("File systems")
struct FileSystemTests {
    enum Kind: String, CaseIterable { case disk, memory }

    /// (file system, root of the tree) for a kind; the disk root is removed by the caller.
    static func make(_ kind: Kind) throws -> (any FileSystem, String) {
        let files: any FileSystem
        let root: String
        switch kind {
        case .memory:
            files = MemoryFileSystem()
            root = "/tree"
        case .disk:
            var template = Array("/tmp/stickerfiles-test-XXXXXX".utf8CString)
            let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
            try #require(made != nil)
            files = DiskFileSystem()
            // The real path, so that realPath answers compare equal on systems where /tmp is a link.
            root = files.realPath(String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))!
        }
        try files.createFolder(root + "/a/b")
        try files.write(Array("hello".utf8), to: root + "/a/b/file.txt")
        try files.write([1, 2, 3], to: root + "/a/z.png")
        try files.write([], to: root + "/a/É.png")
        try files.createLink(root + "/a/rel", target: "b/file.txt")
        try files.createLink(root + "/a/abs", target: root + "/a/b")
        try files.createLink(root + "/a/up", target: "../a/b")
        try files.createLink(root + "/a/dangling", target: "nowhere.txt")
        try files.createLink(root + "/a/loop1", target: "loop2")
        try files.createLink(root + "/a/loop2", target: "loop1")
        return (files, root)
    }

    @Test("a streamed write appears whole on commit, and a writer dropped without commit leaves nothing")
    func streamedWrite() throws {
        let (files, root) = try Self.make(.disk)
        defer { files.remove(root) }
        let path = root + "/a/report.json"
        try files.write(Array("old".utf8), to: path)
        do {
            let writer = try AtomicFileWriter(path: path)
            try writer.append("new ")
            // Half written: the destination still holds the old bytes.
            #expect(try files.read(path) == Array("old".utf8))
        }
        #expect(try files.read(path) == Array("old".utf8))
        #expect(files.list(root + "/a")?.contains { $0.contains(".tmp-") } == false)
        let writer = try AtomicFileWriter(path: path)
        for piece in ["new ", "report", "\n"] { try writer.append(piece) }
        try writer.commit()
        #expect(try files.read(path) == Array("new report\n".utf8))
        #expect(files.list(root + "/a")?.contains { $0.contains(".tmp-") } == false)
        // Without overwrite, an existing destination stops the writer before anything is written.
        #expect(throws: FileError.self) { try AtomicFileWriter(path: path, overwrite: false) }
    }

    /// (inode, modification seconds) of a file.
    static func identity(_ path: String) -> (ino_t, Int) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return (0, 0) }
        #if canImport(Darwin)
        return (info.st_ino, Int(info.st_mtimespec.tv_sec))
        #else
        return (info.st_ino, Int(info.st_mtim.tv_sec))
        #endif
    }

    /// A file's modification time set to 2001-09-09, so that a write or a touch shows.
    static func age(_ path: String) {
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }

    @Test(
        "keepingIdentical: an identical output stays the same file, marked modified; any difference (inside a piece, after 1 MB blocks, longer, shorter) is written whole",
        arguments: [
            ("identical", nil as Int?, 0), ("last byte", 2_500_000 - 1, 0), ("first byte", 0, 0),
            ("after two blocks", 2_097_152 + 3, 0), ("longer", nil, 1), ("shorter", nil, -1)
        ])
    func keepingIdentical(_ name: String, change: Int?, length: Int) throws {
        let (files, root) = try Self.make(.disk)
        defer { files.remove(root) }
        let path = root + "/a/report.html"
        let old = (0..<2_500_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) }
        try files.write(old, to: path)
        Self.age(path)
        let before = Self.identity(path)
        var new = old
        if let change { new[change] ^= 0x55 }
        if length > 0 { new.append(9) } else if length < 0 { new.removeLast() }
        let writer = try AtomicFileWriter(path: path, keepingIdentical: true)
        // Pieces of odd sizes, so that a block of the comparison spans two of them.
        var start = 0
        for size in [1, 700_001, 1_048_576, 3] + [Int.max] {
            let end = start + min(new.count - start, size)
            try writer.append(Array(new[start..<end]))
            start = end
        }
        try writer.commit()
        let after = Self.identity(path)
        #expect(try files.read(path) == new)
        #expect(after.1 > before.1, "the output is marked modified in every case")
        #expect((after.0 == before.0) == (new == old), "the same file only when identical: \(name)")
        #expect(files.list(root + "/a")?.contains { $0.contains(".tmp-") } == false)
    }

    @Test(
        "keepingIdentical leaves nothing it would not replace: a link, a hard-linked or a read-only destination is refused before any byte, identical or not"
    )
    func keepingIdenticalRefusesAsBefore() throws {
        let (files, root) = try Self.make(.disk)
        defer { files.remove(root) }
        let target = root + "/a/target.html"
        try files.write(Array("same".utf8), to: target)
        // A symbolic link to it, a second hard link, a read-only file: each with the very bytes to write.
        try files.createLink(root + "/a/link.html", target: "target.html")
        #expect(link(target, root + "/a/hard.html") == 0)
        try files.write(Array("same".utf8), to: root + "/a/readonly.html")
        #expect(chmod(root + "/a/readonly.html", 0o444) == 0)
        for name in ["link.html", "hard.html", "readonly.html", "target.html"] {
            #expect(throws: FileError.self, "\(name)") { try AtomicFileWriter(path: root + "/a/" + name, keepingIdentical: true) }
        }
        #expect(try files.read(target) == Array("same".utf8))
        #expect(files.kind(root + "/a/link.html") == .symlink)
        #expect(files.list(root + "/a")?.contains { $0.contains(".tmp-") } == false)
    }

    @Test("without keepingIdentical, an identical output is still written anew; a dropped comparing writer leaves the file as it was")
    func identicalWrittenAnewByDefault() throws {
        let (files, root) = try Self.make(.disk)
        defer { files.remove(root) }
        let path = root + "/a/report.json"
        try files.write(Array("same".utf8), to: path)
        let before = Self.identity(path)
        let writer = try AtomicFileWriter(path: path)
        try writer.append("same")
        try writer.commit()
        #expect(Self.identity(path).0 != before.0)
        Self.age(path)
        let aged = Self.identity(path)
        do {
            let dropped = try AtomicFileWriter(path: path, keepingIdentical: true)
            try dropped.append("sa")
            try dropped.append("X")
        }
        #expect(Self.identity(path) == aged)
        #expect(try files.read(path) == Array("same".utf8))
        #expect(files.list(root + "/a")?.contains { $0.contains(".tmp-") } == false)
    }

    @Test("kinds, sizes, listings, links and real paths agree on disk and in memory", arguments: Kind.allCases)
    func answers(_ kind: Kind) throws {
        let (files, root) = try Self.make(kind)
        defer { if kind == .disk { files.remove(root) } }
        #expect(files.kind(root + "/a") == .directory)
        #expect(files.kind(root + "/a/rel") == .symlink && files.targetKind(root + "/a/rel") == .file)
        #expect(files.targetKind(root + "/a/abs") == .directory)
        #expect(files.targetKind(root + "/a/dangling") == .missing && files.kind(root + "/a/dangling") == .symlink)
        #expect(files.targetKind(root + "/a/loop1") == .missing)
        #expect(files.kind(root + "/a/none") == .missing)
        #expect(files.size(root + "/a/rel") == 5 && files.size(root + "/a/none") == nil)
        // Sorted by UTF-8 bytes: uppercase, then lowercase, then "É" (0xC3 0x89).
        #expect(files.list(root + "/a") == ["abs", "b", "dangling", "loop1", "loop2", "rel", "up", "z.png", "É.png"])
        #expect(files.realPath(root + "/a/rel") == root + "/a/b/file.txt")
        #expect(files.realPath(root + "/a/abs/file.txt") == root + "/a/b/file.txt")
        #expect(files.realPath(root + "/a/up/file.txt") == root + "/a/b/file.txt")
        #expect(files.realPath(root + "/a/abs/../z.png") == root + "/a/z.png")  // ".." after a link: the target's parent
        #expect(files.realPath(root + "/a/dangling") == nil && files.realPath(root + "/a/loop1") == nil)
        #expect(files.linkTarget(root + "/a/rel") == "b/file.txt" && files.linkTarget(root + "/a/z.png") == nil)
        #expect(try files.read(root + "/a/rel") == Array("hello".utf8))
        #expect(try files.read(root + "/a/b/file.txt", at: 1, count: 3) == Array("ell".utf8))
        #expect(try files.read(root + "/a/b/file.txt", at: 4, count: 10) == Array("o".utf8))
    }

    @Test("errors: a folder is not read, a missing file names its path, an existing file is kept", arguments: Kind.allCases)
    func errors(_ kind: Kind) throws {
        let (files, root) = try Self.make(kind)
        defer { if kind == .disk { files.remove(root) } }
        do {
            _ = try files.read(root + "/a/b")
            Issue.record("a folder was read")
        } catch {
            #expect(error.description == "is a folder, not a regular file; it was not read")
        }
        do {
            _ = try files.read(root + "/a/none.png")
            Issue.record("a missing file was read")
        } catch {
            #expect(error.code == ENOENT && error.description == "cannot read \"\(root)/a/none.png\": no such file or directory")
        }
        #expect(throws: FileError.self) { try files.write([9], to: root + "/a/z.png", overwrite: false) }
        #expect(try files.read(root + "/a/z.png") == [1, 2, 3])
        try files.write([9], to: root + "/a/z.png", overwrite: true)
        #expect(try files.read(root + "/a/z.png") == [9])
        #expect(throws: FileError.self) { try files.write([1], to: root + "/missing/folder/x.png", overwrite: true) }
        files.remove(root + "/a/b")
        #expect(files.kind(root + "/a/b") == .missing && files.kind(root + "/a/b/file.txt") == .missing)
        #expect(files.kind(root + "/a/abs") == .symlink)  // the link itself stays, now dangling
        #expect(files.targetKind(root + "/a/abs") == .missing)
    }

    @Test(
        "the folders above a path, nearest first, as parent spells them",
        arguments: [
            ("a/b/c.png", ["a/b", "a"]), ("/a/b", ["/a", "/"]), ("a", []), ("/a", ["/"]), ("/", []), ("", []),
            ("S.xcstickers/P.stickerpack/C.sticker/c.png", ["S.xcstickers/P.stickerpack/C.sticker", "S.xcstickers/P.stickerpack", "S.xcstickers"])
        ])
    func ancestors(_ path: String, _ expected: [String]) {
        #expect(PathText.ancestors(path) == expected)
    }
}
