import StickerCatalog
import StickerImage
import Synchronization
import StickerFiles

/// A file system (the disk by default) that records every path whose bytes are read.
public final class RecordingFileSystem: FileSystem {
    private let opened = Mutex<[String]>([])
    private let sliced = Mutex<[(String, Int)]>([])
    private let inner: any FileSystem

    public init(_ inner: any FileSystem = DiskFileSystem()) { self.inner = inner }

    /// Paths read whole.
    public var openedPaths: [String] { opened.withLock { $0 } }
    /// Paths of which a slice was read (a header), with the bytes asked for.
    public var slicedPaths: [(String, Int)] { sliced.withLock { $0 } }
    /// Every path any byte was read from.
    public var touchedPaths: [String] { openedPaths + slicedPaths.map(\.0) }

    public func read(_ path: String) throws(FileError) -> [UInt8] {
        opened.withLock { $0.append(path) }
        return try inner.read(path)
    }

    public func read(_ path: String, at offset: Int, count: Int) throws(FileError) -> [UInt8] {
        sliced.withLock { $0.append((path, count)) }
        return try inner.read(path, at: offset, count: count)
    }

    public func kind(_ path: String) -> EntryKind { inner.kind(path) }
    public func targetKind(_ path: String) -> EntryKind { inner.targetKind(path) }
    public func size(_ path: String) -> Int? { inner.size(path) }
    public func listing(_ path: String) throws(FileError) -> Listing { try inner.listing(path) }
    public func realPath(_ path: String) -> String? { inner.realPath(path) }
    public func linkTarget(_ path: String) -> String? { inner.linkTarget(path) }
    public func write(_ bytes: [UInt8], to path: String, overwrite: Bool) throws(FileError) { try inner.write(bytes, to: path, overwrite: overwrite) }
    public func createFolder(_ path: String) throws(FileError) { try inner.createFolder(path) }
    public func remove(_ path: String) { inner.remove(path) }
    public func createLink(_ path: String, target: String) throws(FileError) { try inner.createLink(path, target: target) }
}

/// Runs the built `stickerlint` executable (next to the test bundle) and captures its output.
public enum CLI {
    public static var executable: String {
        let runner = CommandLine.arguments[0]
        let folder = runner.contains("/") ? String(runner[..<runner.lastIndex(of: "/")!]) : "."
        // The test runner is …/debug/<package>PackageTests.xctest (a file, or a folder on macOS).
        let base = folder.hasSuffix(".xctest/Contents/MacOS") ? String(folder.dropLast(".xctest/Contents/MacOS".count)) : folder
        return (base.hasSuffix(".xctest") ? PathText.parent(base) : base) + "/stickerlint"
    }

    /// (exit status, standard output, standard error).
    public static func run(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) throws -> (Int32, String, String) {
        try Process.run(executable, arguments, in: directory, environment: environment)
    }
}
