import StickerImage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerFiles

/// Standard streams, colours and report files.
enum Terminal {
    /// Colour on standard output: a terminal, and NO_COLOR unset (https://no-color.org).
    static var colorsStandardOutput: Bool {
        isatty(STDOUT_FILENO) != 0 && (getenv("NO_COLOR").map { String(cString: $0).isEmpty } ?? true)
    }

    /// "stickerlint: error: …" on standard error.
    static func error(_ message: String) { standardError("stickerlint: error: \(message)\n") }

    /// "stickerlint: note: …" on standard error: something the user should know that does not stop the run.
    static func note(_ message: String) { standardError("stickerlint: note: \(message)\n") }

    private static func standardError(_ text: String) {
        let line = Array(text.utf8)
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

    /// An environment variable.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Appends text to a file (GitHub's job summary file is appended to by every step).
    static func append(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileError.system(.write, path) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBufferPointer { write(fd, $0.baseAddress! + done, $0.count - done) }
            if n <= 0 { throw FileError.system(.write, path) }
            done += n
        }
    }

    /// Now (or SOURCE_DATE_EPOCH, for reproducible reports) as "YYYY-MM-DDTHH:MM:SS" in UTC.
    static func timestamp() -> String {
        var seconds = time(nil)
        if let epoch = environment("SOURCE_DATE_EPOCH"), let value = Int(epoch) { seconds = time_t(value) }
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return
            "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    /// Prints a report, or writes it atomically to `path`, as `produce` hands it over piece by piece
    /// (gathered into blocks of about 64 KB, so neither the whole report nor a syscall per line).
    static func emit(to path: String?, _ produce: ((String) throws -> Void) throws -> Void) throws {
        let file = try path.map { (path) throws(FileError) in try AtomicFileWriter(path: path) }
        var block = ""
        func flush() throws {
            if let file { try file.append(block) } else { print(block, terminator: "") }
            block = ""
        }
        try produce { piece in
            // A large piece (a whole HTML report) goes out as it is, not copied into the block first.
            if piece.utf8.count >= 1 << 16 {
                try flush()
                block = piece
                try flush()
                return
            }
            block += piece
            if block.utf8.count >= 1 << 16 { try flush() }
        }
        try flush()
        try file?.commit()
    }
}
