#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file-system operation failed, with its evidence: the path, errno (0 when the refusal is
/// ours) and the reason as the system words it.
public struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being done.
    public enum Operation: String, Sendable, Hashable {
        case read
        case list
        case write
    }

    public var operation: Operation
    public var path: String
    /// errno of the failing call; 0 when the file was refused without a system error.
    public var code: Int32
    /// "Permission denied", or why the file was refused ("is a FIFO, not a regular file").
    public var reason: String
    /// Set when the path exists but is not a regular file: "a FIFO", "a folder"…
    public var notRegular: String?
    /// Set when a writer left an existing file alone on purpose (a link, a read-only file, hard links).
    public var refusal: ReplaceRefusal?

    public init(
        _ operation: Operation, path: String, code: Int32, reason: String, notRegular: String? = nil,
        refusal: ReplaceRefusal? = nil
    ) {
        self.operation = operation
        self.path = path
        self.code = code
        self.reason = reason
        self.notRegular = notRegular
        self.refusal = refusal
    }

    /// The error of a file left alone on purpose.
    public static func refused(_ path: String, _ refusal: ReplaceRefusal) -> FileError {
        FileError(.write, path: path, code: 0, reason: refusal.description, refusal: refusal)
    }

    /// The error of the last system call (the one errno wrapper).
    public static func system(_ operation: Operation, _ path: String, code: Int32 = errno) -> FileError {
        FileError(operation, path: path, code: code, reason: String(cString: strerror(code)))
    }

    public var description: String {
        if let notRegular { return "is \(notRegular), not a regular file; it was not read" }
        switch operation {
        case .read: return "cannot read \"\(path)\": \(reason.diagnosticText)"
        case .list: return "cannot list \"\(path)\": \(reason.diagnosticText)"
        case .write: return "cannot write \"\(path)\": \(reason)"
        }
    }
}

extension String {
    /// A library's or the system's message as a diagnostic: no trailing period or newline, and an
    /// ordinary capitalised first word lowercased ("Permission denied" → "permission denied").
    package var diagnosticText: String {
        var text = self
        while let last = text.last, last == "." || last == "\n" || last == " " { text.removeLast() }
        guard let first = text.first else { return text }
        // Keep acronyms such as "IDAT" or "JPEG" intact; lowercase an ordinary capitalised word.
        let second = text.dropFirst().first
        if first.isUppercase, let second, second.isLowercase {
            return first.lowercased() + text.dropFirst()
        }
        return text
    }
}
