import StickerImage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard streams, colours and report files.
enum Terminal {
    /// Colour on standard output: a terminal, and NO_COLOR unset (https://no-color.org).
    static var colorsStandardOutput: Bool {
        isatty(STDOUT_FILENO) != 0 && (getenv("NO_COLOR").map { String(cString: $0).isEmpty } ?? true)
    }

    /// "stickerlint: error: …" on standard error.
    static func error(_ message: String) {
        let line = Array("stickerlint: error: \(message)\n".utf8)
        line.withUnsafeBufferPointer { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// A write past a file-size limit (ulimit -f) or on a full disk then fails with an error that the
    /// atomic writer cleans up after, instead of killing the process with SIGXFSZ.
    static func ignoreFileSizeSignal() {
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Ends the process with a status.
    static func exit(_ status: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(status)
        #else
        Darwin.exit(status)
        #endif
    }

    /// Prints a report, or writes it atomically to `path`.
    static func emit(_ text: String, to path: String?) throws {
        guard let path else {
            print(text, terminator: "")
            return
        }
        try AtomicFile.write(Array(text.utf8), to: path)
    }
}
