import StickerCatalog
import StickerLint
import StickerFiles

/// Findings recorded so a team can adopt stickerlint on an old pack: recorded findings are not
/// reported again, new ones are (like SwiftLint's baseline). A finding is its rule, path and message,
/// the path written relative to the baseline file's folder (version 2), so that a baseline matches
/// whichever folder stickerlint runs from and however the paths are spelt.
package struct Baseline: Sendable, Hashable {
    package struct Entry: Sendable, Hashable {
        package var rule: String
        package var path: String
        package var message: String
    }

    package var entries: Set<Entry>

    /// The findings of `result`, their paths relative to `folder` (the baseline file's).
    package init(_ result: LintResult, relativeTo folder: String, files: any FileSystem = DiskFileSystem()) {
        let base = files.resolved(folder)
        entries = Set(result.diagnostics.map { Entry(rule: $0.rule.rawValue, path: Self.relative($0.path, base, files), message: $0.message) })
    }

    /// `path` (as a finding spells it, from the working folder) relative to the canonical folder `base`.
    static func relative(_ path: String, _ base: String, _ files: any FileSystem) -> String {
        PathText.relative(files.resolved(path), from: base)
    }

    /// The baseline file's JSON, sorted.
    package func serialized() -> String {
        let sorted = entries.sorted { ($0.path, $0.rule, $0.message) < ($1.path, $1.rule, $1.message) }
        return JSONValue.object([
            ("tool", .string(Tool.name)),
            ("version", .int(2)),
            ("findings", .array(sorted.map { .object([("rule", .string($0.rule)), ("path", .string($0.path)), ("message", .string($0.message))]) }))
        ]).serialized()
    }

    /// Reads a baseline file. Version 1 files (paths as spelt from where they were written) still
    /// match findings spelt the same way. A rule named by a former ID is read as its current one
    /// (`resolve`: the registry's `deprecatedAliases`), so that a rename does not bring old findings back.
    package static func load(
        _ path: String, files: any FileSystem = DiskFileSystem(), resolve: (String) -> RuleID? = { RuleRegistry.id($0) }
    ) throws(BaselineError) -> Baseline {
        let bytes: [UInt8]
        do { bytes = try DiskFileSystem().read(path, within: .baseline) } catch { throw .unreadable(path: path, reason: "\(error)") }
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch { throw .invalid(path: path, reason: "\(error)") }
        guard case .array(let items)? = json["findings"] else { throw .invalid(path: path, reason: "no \"findings\" array") }
        var entries: Set<Entry> = []
        for item in items {
            guard case .string(let rule)? = item["rule"], case .string(let file)? = item["path"],
                case .string(let message)? = item["message"]
            else {
                throw .invalid(path: path, reason: "each finding needs rule, path and message strings")
            }
            entries.insert(Entry(rule: resolve(rule)?.rawValue ?? rule, path: file, message: message))
        }
        var baseline = Baseline(entries: entries)
        if case .number(let version)? = json["version"], version >= 2 { baseline.folder = files.resolved(PathText.parent(path)) }
        return baseline
    }

    init(entries: Set<Entry>) { self.entries = entries }

    /// The canonical folder the entries' paths are relative to (nil: a version 1 file, paths as spelt).
    var folder: String?

    /// The result without the findings this baseline records.
    package func filter(_ result: LintResult, files: any FileSystem = DiskFileSystem()) -> LintResult {
        var filtered = result
        filtered.diagnostics = result.diagnostics.filter { d in
            let path = folder.map { Self.relative(d.path, $0, files) } ?? d.path
            return !entries.contains(Entry(rule: d.rule.rawValue, path: path, message: d.message))
        }
        return filtered
    }
}

/// Why a baseline cannot be used (exit status 2).
package enum BaselineError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalid(path: String, reason: String)

    package var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot read the baseline: \(reason)"
        case .invalid(let path, let reason): "\(path): not a stickerlint baseline: \(reason)"
        }
    }
}
