import StickerCatalog
import StickerImage
import Synchronization

/// A `FileReading` that reads from disk and records every path it opens.
public final class RecordingFileReader: FileReading {
    private let opened = Mutex<[String]>([])

    public init() {}

    public var openedPaths: [String] { opened.withLock { $0 } }

    public func readAll(_ path: String) throws(ImageError) -> [UInt8] {
        opened.withLock { $0.append(path) }
        return try DiskFileReader().readAll(path)
    }
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
