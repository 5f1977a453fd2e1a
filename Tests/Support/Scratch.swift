#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerImage
import StickerLint
import StickerFiles

/// A temporary folder for one test, removed when the test is done with it.
package final class Scratch {
    package let path: String

    package init() {
        var template = Array("/tmp/stickerlint-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit { Scratch.remove(path) }

    /// The fact cache of the command-line runs of one test process, never the user's own cache.
    package static let testCacheFolder = "/tmp/stickerlint-test-cache-\(getpid())"

    /// `path/relative`.
    package func at(_ relative: String) -> String { path + "/" + relative }

    /// Writes bytes to a path inside the scratch folder, creating folders.
    package func write(_ relative: String, _ bytes: [UInt8]) throws {
        let full = at(relative)
        try Folders.create(String(full[..<full.lastIndex(of: "/")!]))
        try AtomicFile.write(bytes, to: full)
    }

    /// Writes text.
    package func write(_ relative: String, _ text: String) throws {
        try write(relative, Array(text.utf8))
    }

    /// Writes an executable (mode 755) that a child process will run. The bytes are written here to a
    /// source file and copied into place by `cp` in a child process: a descriptor open for writing on the
    /// executable itself would be inherited by any child another test spawns meanwhile, and running it
    /// while that child lives fails with ETXTBSY ("Text file busy").
    package func writeExecutable(_ relative: String, _ text: String) throws {
        try write(relative + ".source", text)
        defer { Scratch.remove(at(relative + ".source")) }
        try Scratch.copyExecutable(at(relative + ".source"), to: at(relative))
    }

    /// Copies `source` to `path` (mode 755) by `cp` in a child process, for the reason `writeExecutable` gives.
    package static func copyExecutable(_ source: String, to path: String) throws {
        let (status, _, err) = try Process.run("/bin/cp", [source, path])
        guard status == 0 else { throw ExecutableCopyFailed(message: err) }
        chmod(path, 0o755)
    }

    /// Removes a tree (rm -rf), not following links.
    package static func remove(_ path: String) { Folders.removeTree(path) }

    /// Creates an empty file whose path is these bytes (which need not be UTF-8); false when refused.
    package static func createFile(bytes path: [UInt8]) -> Bool {
        let fd = (path + [0]).withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
        }
        if fd >= 0 { close(fd) }
        return fd >= 0
    }

    /// Whether the temporary folder's file system takes names that are not UTF-8 (Linux file systems
    /// do; APFS refuses them with EILSEQ).
    package static let acceptsNonUTF8Names: Bool = {
        let scratch = Scratch()
        return createFile(bytes: Array(scratch.path.utf8) + [0x2F, 0xFF, 0x2E, 0x74])
    }()
}

/// A scratch tree in memory: the same calls as `Scratch`, on a `MemoryFileSystem` that nothing else
/// sees, for tests that need no real disk.
package final class MemoryScratch {
    package let files = MemoryFileSystem()
    package let path = "/scratch"
    /// Modification times to show instead of the files' own (`RecordingFileSystem(touched:)`).
    package var touched: [String: Int] = [:]

    package init() {}

    /// `path/relative`.
    package func at(_ relative: String) -> String { path + "/" + relative }

    /// Writes bytes, creating folders.
    package func write(_ relative: String, _ bytes: [UInt8]) throws {
        try files.createFolder(PathText.parent(at(relative)))
        try files.write(bytes, to: at(relative))
    }

    /// Writes text.
    package func write(_ relative: String, _ text: String) throws { try write(relative, Array(text.utf8)) }
}

/// `cp` refused to copy an executable into place; its standard error.
package struct ExecutableCopyFailed: Error {
    package let message: String
}
