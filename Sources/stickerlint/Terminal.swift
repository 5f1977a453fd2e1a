import StickerImage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerFiles
import StickerReport

/// Standard streams, colours and report files.
enum Terminal {
    /// Colour on standard output: a terminal, and NO_COLOR unset (https://no-color.org).
    static var colorsStandardOutput: Bool {
        isatty(STDOUT_FILENO) != 0 && (getenv("NO_COLOR").map { String(cString: $0).isEmpty } ?? true)
    }

    /// "stickerlint: error: …" on standard error: the message on one line through the one escaper
    /// (`String.displayed`: a line break, control, bidi override or `::` in a name comes out escaped);
    /// each of `details` on an indented line of its own, escaped the same way; then `then`.
    static func error(_ message: String, details: [String] = [], then: String? = nil) {
        standardError(
            "stickerlint: error: \(message.displayed)\n" + details.map { "  \($0.displayed)\n" }.joined()
                + (then.map { $0.displayed + "\n" } ?? ""))
    }

    /// "stickerlint: note: …" on standard error: something the user should know that does not stop the run.
    static func note(_ message: String) { standardError("stickerlint: note: \(message.displayed)\n") }

    /// Why standard output could not take what was written (a full disk, a closed file): the run
    /// ends with exit status 2 and this on standard error, never a silent 0.
    struct OutputFailure: Error, CustomStringConvertible {
        var errno: Int32
        var description: String { "cannot write to standard output: " + String(cString: strerror(errno)) }
    }

    /// Writes text to standard output whole (write(2) until every byte is taken, EINTR retried); a
    /// failure throws `OutputFailure`. Every command's output goes through here, not `print`, whose
    /// failures are silent.
    static func print(_ text: String, terminator: String = "\n") throws(OutputFailure) {
        let bytes = Array((text + terminator).utf8)
        try bytes.withUnsafeBufferPointer { (buffer) throws(OutputFailure) in try output(buffer) }
    }

    /// Bytes to standard output, as `print` writes them.
    static func output(_ bytes: UnsafeBufferPointer<UInt8>) throws(OutputFailure) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let n = write(STDOUT_FILENO, base + done, bytes.count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw OutputFailure(errno: n < 0 ? errno : EIO) }
            done += n
        }
    }

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
        var seconds = Int(time(nil))
        if let epoch = environment("SOURCE_DATE_EPOCH"), let value = Int(epoch) { seconds = value }
        return timestamp(seconds: seconds)
    }

    /// The times a timestamp is written for: the years 1 to 9999, four digits (a SOURCE_DATE_EPOCH past
    /// them, to Int.min or Int.max, is taken as its nearest end, never a trap).
    static let timestampSeconds = -62_135_596_800...253_402_300_799

    /// Seconds since 1970 as "YYYY-MM-DDTHH:MM:SS" in UTC, computed (Howard Hinnant's days-to-civil):
    /// glibc's gmtime_r reads /etc/localtime first, a file read on every one-file check for a time
    /// the text report does not even show.
    static func timestamp(seconds unclamped: Int) -> String {
        let seconds = min(max(unclamped, timestampSeconds.lowerBound), timestampSeconds.upperBound)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let digits = String(year), yearText = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        return "\(yearText)-\(two(month))-\(two(day))T\(two(time / 3_600)):\(two(time / 60 % 60)):\(two(time % 60))"
    }

    /// Prints a report, or writes it atomically to `path`, as `produce` hands it over piece by piece
    /// (gathered into blocks of about 64 KB, so neither the whole report nor a syscall per line). An
    /// identical file already there is left in place (`AtomicFileWriter`'s `keepingIdentical`).
    static func emit(to path: String?, _ produce: (ReportOutput) throws -> Void) throws {
        let file = try path.map { (path) throws(FileError) in try AtomicFileWriter(path: path, keepingIdentical: true) }
        let output = ReportOutput { buffer in
            if let file { try file.append(buffer) } else { try Terminal.output(buffer) }
        }
        try produce(output)
        try output.flush()
        try file?.commit()
    }
}
