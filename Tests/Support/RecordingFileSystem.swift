import Foundation
import StickerCatalog
import StickerImage
import StickerFiles

/// A file system (the disk by default) that records every path whose bytes are read, and can show
/// files with another modification time than they have (`touched`), as `touch -d` would.
package final class RecordingFileSystem: FileSystem {
    private let opened = Locked<[String]>([])
    private let sliced = Locked<[(String, Int)]>([])
    private let listed = Locked<[String]>([])
    private let inner: any FileSystem
    private let touched: [String: Int]

    package init(_ inner: any FileSystem = DiskFileSystem(), touched: [String: Int] = [:]) {
        self.inner = inner
        self.touched = touched
    }

    /// Paths read whole.
    package var openedPaths: [String] { opened.withLock { $0 } }
    /// Paths of which a slice was read (a header), with the bytes asked for.
    package var slicedPaths: [(String, Int)] { sliced.withLock { $0 } }
    /// Folders listed.
    package var listedPaths: [String] { listed.withLock { $0 } }
    /// Every path any byte was read from.
    package var touchedPaths: [String] { openedPaths + slicedPaths.map(\.0) }

    package func read(_ path: String) throws(FileError) -> [UInt8] {
        opened.withLock { $0.append(path) }
        return try inner.read(path)
    }

    package func read(_ path: String, at offset: Int, count: Int) throws(FileError) -> [UInt8] {
        sliced.withLock { $0.append((path, count)) }
        return try inner.read(path, at: offset, count: count)
    }

    package func kind(_ path: String) -> EntryKind { inner.kind(path) }
    package func targetKind(_ path: String) -> EntryKind { inner.targetKind(path) }
    package func size(_ path: String) -> Int? { inner.size(path) }
    package func status(_ path: String) -> FileStatus? {
        guard var status = inner.status(path) else { return nil }
        if let modified = touched[path] { status.modifiedNanoseconds = modified }
        return status
    }
    package func listing(_ path: String) throws(FileError) -> Listing {
        listed.withLock { $0.append(path) }
        return try inner.listing(path)
    }
    package func realPath(_ path: String) -> String? { inner.realPath(path) }
    package func linkTarget(_ path: String) -> String? { inner.linkTarget(path) }
    package func write(_ bytes: [UInt8], to path: String, overwrite: Bool, privately: Bool) throws(FileError) {
        try inner.write(bytes, to: path, overwrite: overwrite, privately: privately)
    }
    package func createFolder(_ path: String, privately: Bool) throws(FileError) { try inner.createFolder(path, privately: privately) }
    package func replaceRefusal(_ path: String) -> ReplaceRefusal? { inner.replaceRefusal(path) }
    package func remove(_ path: String) { inner.remove(path) }
    package func move(_ source: String, to destination: String) throws(FileError) { try inner.move(source, to: destination) }
    package func exchange(_ a: String, _ b: String) throws(FileError) { try inner.exchange(a, b) }
    package func createLink(_ path: String, target: String) throws(FileError) { try inner.createLink(path, target: target) }
    package func hardLink(_ source: String, to destination: String) throws(FileError) { try inner.hardLink(source, to: destination) }
}

/// Runs the built `stickerlint` executable (next to the test bundle) and captures its output.
package enum CLI {
    /// The build folder the tests were built in: `STICKERLINT_BUILD_DIR` when set (`make test` sets it to
    /// its optimized build's `--show-bin-path`), else this checkout's debug build (`.build/debug` links to
    /// the platform's build folder on Linux and macOS alike). Never derived from `argv[0]`: on macOS the
    /// test process is `xctest` or `swiftpm-testing-helper`, far from the build.
    package static var buildFolder: String {
        let given = ProcessInfo.processInfo.environment["STICKERLINT_BUILD_DIR"] ?? ""
        return given.isEmpty ? Conformance.projectRoot + "/.build/debug" : given
    }

    /// The `stickerlint` executable of that build.
    package static var executable: String { buildFolder + "/stickerlint" }

    /// (exit status, standard output, standard error).
    package static func run(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) throws -> (Int32, String, String)
    {
        try Process.run(
            executable, arguments, in: directory,
            environment: ["STICKERLINT_CACHE_DIR": Scratch.testCacheFolder].merging(environment) { $1 })
    }
}
