#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerImage
import StickerLint
import StickerFiles

/// A temporary folder for one test, removed when the test is done with it.
public final class Scratch {
    public let path: String

    public init() {
        var template = Array("/tmp/stickerlint-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit { Scratch.remove(path) }

    /// `path/relative`.
    public func at(_ relative: String) -> String { path + "/" + relative }

    /// Writes bytes to a path inside the scratch folder, creating folders.
    public func write(_ relative: String, _ bytes: [UInt8]) throws {
        let full = at(relative)
        try Folders.create(String(full[..<full.lastIndex(of: "/")!]))
        try AtomicFile.write(bytes, to: full)
    }

    /// Writes text.
    public func write(_ relative: String, _ text: String) throws {
        try write(relative, Array(text.utf8))
    }

    /// Removes a tree (rm -rf), not following links.
    public static func remove(_ path: String) { Folders.removeTree(path) }
}

/// A scratch tree in memory: the same calls as `Scratch`, on a `MemoryFileSystem` that nothing else
/// sees, for tests that need no real disk.
public final class MemoryScratch {
    public let files = MemoryFileSystem()
    public let path = "/scratch"

    public init() {}

    /// `path/relative`.
    public func at(_ relative: String) -> String { path + "/" + relative }

    /// Writes bytes, creating folders.
    public func write(_ relative: String, _ bytes: [UInt8]) throws {
        try files.createFolder(PathText.parent(at(relative)))
        try files.write(bytes, to: at(relative))
    }

    /// Writes text.
    public func write(_ relative: String, _ text: String) throws { try write(relative, Array(text.utf8)) }
}
