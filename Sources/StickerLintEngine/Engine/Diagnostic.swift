import StickerCatalog
import StickerFiles

/// How serious a finding is.
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Worth knowing; never fails a run.
    case note
    /// Fails a run only with `strict` (`check --strict`).
    case warning
    /// Fails a run: Messages or the store would refuse the file or show it wrongly.
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// One reported problem: which rule, how serious, where, and what was measured against which limit.
public struct Diagnostic: Sendable, Hashable, Codable, Comparable {
    /// The rule that found it.
    public package(set) var rule: RuleID
    /// As configured (a rule's default, or `.stickerlint.yml`'s `rules:`).
    public package(set) var severity: Severity
    /// The file or folder it concerns, as the path given to `Linter.lint` leads to it.
    public package(set) var path: String
    /// What was measured against which limit ("file is 512,000 bytes, 12,000 over Messages' 500,000-byte limit").
    public package(set) var message: String
    /// The edits that resolve it, least lossy first (empty: no fix can).
    package var fixes: [EditKind]
    /// When one of `fixes` is an edit of Contents.json text alone, that edit as text replacements,
    /// made by the rule when it reported the finding (for reports that carry fixes: SARIF).
    package var textFix: ProposedFix?

    package init(rule: RuleID, severity: Severity, path: String, message: String, fixes: [EditKind] = [], textFix: ProposedFix? = nil) {
        self.rule = rule
        self.severity = severity
        self.path = path
        self.message = message
        self.fixes = fixes
        self.textFix = textFix
    }

    /// Whether `fix` can resolve it, by default or with a flag.
    package var fixable: Fixability { Fixability(fixes) }

    /// Equal when every field is, the path and message by their bytes: two files whose names differ only
    /// in Unicode normalization keep their own findings (String's == would merge them).
    public static func == (a: Diagnostic, b: Diagnostic) -> Bool {
        a.rule == b.rule && a.severity == b.severity && a.path.sameBytes(b.path) && a.message.sameBytes(b.message) && a.fixes == b.fixes
            && a.textFix == b.textFix
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rule)
        hasher.combine(severity)
        path.hashBytes(into: &hasher)
        message.hashBytes(into: &hasher)
        hasher.combine(fixes)
        hasher.combine(textFix)
    }

    /// Sorted by path, then rule, then message: the order of every report.
    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        let byPath = PathText.compareBytes(a.path, b.path)
        if byPath != 0 { return byPath < 0 }
        if a.rule != b.rule { return a.rule < b.rule }
        return PathText.compareBytes(a.message, b.message) < 0
    }
}

/// What a rule reports before the engine applies configuration: a path, a message, and which of the
/// rule's cases it is (nil: the main one). Rules never decide severity: the case's default and the
/// configuration do.
package struct Finding: Sendable, Hashable {
    package var path: String
    package var message: String
    /// A `RuleCase` ID of the rule, or nil for its main case.
    package var caseID: String?
    /// The edits of a `CorrectableRule` that resolve it, least lossy first.
    package var fixes: [EditKind]
    /// The Contents.json text replacements of one of `fixes`, when that edit changes nothing else.
    package var textFix: ProposedFix?

    package init(path: String, message: String, case caseID: String? = nil, fixes: [EditKind] = [], textFix: ProposedFix? = nil) {
        self.path = path
        self.message = message
        self.caseID = caseID
        self.fixes = fixes
        self.textFix = textFix
    }
}

/// The one path order used everywhere: by UTF-8 bytes, so it never depends on the locale.
package enum PathOrder {
    package static func less(_ a: String, _ b: String) -> Bool {
        PathText.precedes(a, b)
    }
}

extension Diagnostic {
    /// The one JSON form of a finding, in every JSON output (`check`, `fix` and `pack`): rule, severity,
    /// path, message, how it can be fixed, the fixes it offers and, when one of them edits Contents.json
    /// text alone, that edit's byte replacements (`textFix`: what SARIF's `fixes` carry, so that `merge`
    /// writes them as the unsharded run does).
    package var json: JSONValue {
        .object(
            [
                ("rule", .string(rule.rawValue)), ("severity", .string(severity.rawValue)),
                ("path", .string(path)), ("message", .string(message)), ("fixable", .string(fixable.rawValue)),
                ("fixes", .array(fixes.map { .string($0.rawValue) }))
            ] + (textFix.map { [("textFix", $0.json)] } ?? []))
    }
}

extension ProposedFix {
    /// `{"kind": "remove-reference", "replacements": [{"path", "byteOffset", "byteLength", "inserted"}]}`.
    package var json: JSONValue {
        .object([
            ("kind", .string(kind.rawValue)),
            (
                "replacements",
                .array(
                    replacements.map {
                        .object([
                            ("path", .string($0.path)), ("byteOffset", .int($0.byteOffset)), ("byteLength", .int($0.byteLength)),
                            ("inserted", .string($0.inserted))
                        ])
                    })
            )
        ])
    }

    /// The fix a JSON report carries, read back; nil when the value is not one (a kind not in `offered`,
    /// a span that is negative or past 2³¹).
    package init?(json: JSONValue, offered: [EditKind]) {
        guard case .string(let name)? = json["kind"], let kind = EditKind(rawValue: name), offered.contains(kind),
            case .array(let items)? = json["replacements"], !items.isEmpty
        else { return nil }
        var replacements: [TextReplacement] = []
        for item in items {
            guard case .string(let path)? = item["path"], case .number(let offset)? = item["byteOffset"],
                case .number(let length)? = item["byteLength"], case .string(let inserted)? = item["inserted"],
                offset == offset.rounded(), length == length.rounded(), (0...2_147_483_647).contains(offset),
                (0...2_147_483_647).contains(length)
            else { return nil }
            replacements.append(TextReplacement(path: path, byteOffset: Int(offset), byteLength: Int(length), inserted: inserted))
        }
        self.init(kind: kind, replacements: replacements)
    }
}
