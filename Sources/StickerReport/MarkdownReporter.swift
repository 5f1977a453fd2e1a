import StickerFiles
import StickerLint

/// Markdown for a pull-request comment or a job summary: a summary table, counts by rule, then the
/// findings of each pack or folder.
package struct MarkdownReporter: Reporter {
    package static let identifier = "markdown"
    package static let summary = "a summary and the findings, for pull requests"

    package init() {}
    package init(context: ReportContext) {}

    package func render(_ result: LintResult) -> String {
        let status = result.errorCount > 0 ? "❌" : result.warningCount > 0 ? "⚠️" : "✅"
        var out = "## \(status) stickerlint\n\n"
        out += "| files | errors | warnings | notes |\n|---:|---:|---:|---:|\n"
        out += "| \(result.files.count) | \(result.errorCount) | \(result.warningCount) | \(result.noteCount) |\n"
        guard !result.diagnostics.isEmpty else { return out + "\nNo findings.\n" }
        var counts: [RuleID: [Severity: Int]] = [:]
        for d in result.diagnostics { counts[d.rule, default: [:]][d.severity, default: 0] += 1 }
        out += "\n| rule | errors | warnings | notes |\n|---|---:|---:|---:|\n"
        for rule in counts.keys.sorted() {
            let c = counts[rule]!
            out += "| `\(rule)` | \(c[.error] ?? 0) | \(c[.warning] ?? 0) | \(c[.note] ?? 0) |\n"
        }
        var byPath: [String: [Diagnostic]] = [:]
        for d in result.diagnostics { byPath[d.path, default: []].append(d) }
        for group in Grouping.subjects(result) {
            let findings = group.subjects.flatMap { byPath[$0] ?? [] }
            guard !findings.isEmpty else { continue }
            out += "\n### \(Self.inline(group.group))\n\n| | file | rule | message |\n|---|---|---|---|\n"
            for d in findings {
                let icon = d.severity == .error ? "❌ error" : d.severity == .warning ? "⚠️ warning" : "ℹ️ note"
                let shown = d.path.hasPrefix(group.group + "/") ? String(d.path.dropFirst(group.group.count + 1)) : d.path
                out += "| \(icon) | \(Self.cell(shown)) | `\(d.rule)` | \(Self.cell(d.message)) |\n"
            }
        }
        return out
    }

    /// Text safe inside a table cell.
    static func cell(_ s: String) -> String {
        s.displayed.escapingScalars { scalar in
            switch scalar {
            case "|": "\\|"
            case "\n", "\r": " "
            case "<": "&lt;"
            // A character reference in a name (`&#x202e;`) would render as the character it names.
            case "&": "&amp;"
            default: nil
            }
        }
    }

    static func inline(_ s: String) -> String {
        "`"
            + s.displayed.escapingScalars { scalar in
                switch scalar {
                case "`": "'"
                case "\n", "\r": " "
                default: nil
                }
            } + "`"
    }
}
