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

    /// Text in a table cell as a code span: a name or a message can hold anything, and in a code span
    /// none of it is a link, an image, a mention, emphasis or HTML (GitHub renders none of those there);
    /// `|` is escaped as GitHub's tables read it even in a code span.
    static func cell(_ s: String) -> String { code(s, inTable: true) }

    /// Text as a code span outside a table (a heading).
    static func inline(_ s: String) -> String { code(s, inTable: false) }

    /// A code span of the text on one line (`String.displayed`), fenced by one backtick more than the
    /// longest run in it, spaced where it begins or ends with one (CommonMark's code spans).
    static func code(_ s: String, inTable: Bool) -> String {
        var text = s.displayed
        if inTable { text = text.replacing("|", with: "\\|") }
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = text.hasPrefix("`") || text.hasSuffix("`") || text.isEmpty ? " " : ""
        return fence + pad + text + pad + fence
    }
}
