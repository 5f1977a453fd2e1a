import Foundation
import StickerCatalog
import StickerImage
import StickerFiles

/// A file system (the disk by default) that records every path whose bytes are read, and can show
/// files with another modification time than they have (`touched`), as `touch -d` would.
package final class RecordingFileSystem: ForwardingFileSystem {
    private let opened = Locked<[String]>([])
    private let sliced = Locked<[(String, Int)]>([])
    private let listed = Locked<[String]>([])
    private let inner: any FileSystem
    package var forwarded: any FileSystem { inner }
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

    package func status(_ path: String) -> FileStatus? {
        guard var status = inner.status(path) else { return nil }
        if let modified = touched[path] { status.modifiedNanoseconds = modified }
        return status
    }
    package func listing(_ path: String) throws(FileError) -> Listing {
        listed.withLock { $0.append(path) }
        return try inner.listing(path)
    }
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

    /// Copies the executable to `path` (mode 755) for a run as another user, by `cp` in a child process
    /// (`Scratch.copyExecutable`: never through a descriptor of this one, which a child another test
    /// spawns meanwhile would inherit, making the exec fail with ETXTBSY).
    package static func copyExecutable(to path: String) throws { try Scratch.copyExecutable(executable, to: path) }

    /// (exit status, standard output, standard error).
    package static func run(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) throws -> (Int32, String, String)
    {
        try Process.run(
            executable, arguments, in: directory,
            environment: ["STICKERLINT_CACHE_DIR": Scratch.testCacheFolder].merging(environment) { $1 })
    }
}
