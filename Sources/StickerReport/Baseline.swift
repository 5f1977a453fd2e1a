import StickerCatalog
import StickerLint
import StickerFiles

/// Findings recorded so a team can adopt stickerlint on an old pack: recorded findings are not
/// reported again, new ones are (like SwiftLint's baseline). A finding is its rule, path and message.
public struct Baseline: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public var rule: String
        public var path: String
        public var message: String
    }

    public var entries: Set<Entry>

    public init(_ result: LintResult) {
        entries = Set(result.diagnostics.map { Entry(rule: $0.rule.rawValue, path: $0.path, message: $0.message) })
    }

    /// The baseline file's JSON, sorted.
    public func serialized() -> String {
        let sorted = entries.sorted { ($0.path, $0.rule, $0.message) < ($1.path, $1.rule, $1.message) }
        return JSONValue.object([
            ("tool", .string(Tool.name)),
            ("version", .int(1)),
            ("findings", .array(sorted.map { .object([("rule", .string($0.rule)), ("path", .string($0.path)), ("message", .string($0.message))]) })),
        ]).serialized()
    }

    /// Reads a baseline file.
    public static func load(_ path: String) throws(BaselineError) -> Baseline {
        let bytes: [UInt8]
        do { bytes = try DiskFileSystem().read(path, within: .baseline) } catch { throw .unreadable(path: path, reason: "\(error)") }
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch { throw .invalid(path: path, reason: "\(error)") }
        guard case .array(let items)? = json["findings"] else { throw .invalid(path: path, reason: "no \"findings\" array") }
        var entries: Set<Entry> = []
        for item in items {
            guard case .string(let rule)? = item["rule"], case .string(let file)? = item["path"],
                  case .string(let message)? = item["message"] else {
                throw .invalid(path: path, reason: "each finding needs rule, path and message strings")
            }
            entries.insert(Entry(rule: rule, path: file, message: message))
        }
        return Baseline(entries: entries)
    }

    init(entries: Set<Entry>) { self.entries = entries }

    /// The result without the findings this baseline records.
    public func filter(_ result: LintResult) -> LintResult {
        var filtered = result
        filtered.diagnostics = result.diagnostics.filter {
            !entries.contains(Entry(rule: $0.rule.rawValue, path: $0.path, message: $0.message))
        }
        return filtered
    }
}

/// Why a baseline cannot be used (exit status 2).
public enum BaselineError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalid(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot read the baseline: \(reason)"
        case .invalid(let path, let reason): "\(path): not a stickerlint baseline: \(reason)"
        }
    }
}
