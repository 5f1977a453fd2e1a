import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint

/// How `stickerlint fix` reports: per file the bytes before and after and what changed, then the
/// findings fixed and those left (text), or all of it as one JSON document.
package enum FixReportFormat {
    /// "162,406 → 120,331 bytes (−25.9%)", or for a file that grew (a resize) "23,697 → 30,114 bytes (+27.0%)".
    static func bytes(_ fix: Fixer.FileFix) -> String {
        let change = fix.bytesAfter - fix.bytesBefore
        let percent = fix.bytesBefore > 0 ? Double(abs(change) * 1000 / fix.bytesBefore) / 10 : 0
        return "\(fix.bytesBefore.grouped) → \(fix.bytesAfter.grouped) bytes (\(change > 0 ? "+" : "−")\(percent)%)"
    }

    /// `findings` renders the findings left (the command line hands in its text reporter).
    package static func text(_ report: Fixer.Report, findings: (LintResult) -> String) -> String {
        var out = ""
        let verb = report.dryRun ? "would be rewritten" : "rewritten"
        for fix in report.files.sorted(by: { PathOrder.less($0.path, $1.path) }) {
            if let failure = fix.failure {
                out += "\(fix.path.displayed)\n  not written: \(failure.displayed)\n"
            } else if fix.isChanged {
                let head = fix.bytesAfter == fix.bytesBefore ? (report.dryRun ? "would change:" : "changed:") : "\(verb): \(bytes(fix));"
                out += "\(fix.path.displayed)\n  \(head) \(fix.changes.joined(separator: ", ").displayed)\n"
                // Recompressed, but what was also asked (fitting under the limit) was not done: say why.
                if let kept = fix.kept { out += "  but \(kept.displayed)\n" }
            } else if let kept = fix.kept {
                out += "\(fix.path.displayed)\n  kept: \(kept.displayed)\n"
            }
        }
        let changed = report.files.filter(\.isChanged)
        // The findings left, then the summary: the last lines on the screen are the verdict.
        let left = report.after
        if !left.diagnostics.isEmpty {
            out += (out.isEmpty ? "" : "\n") + findings(left)
        }
        if !out.isEmpty { out += "\n" }
        let lossy = changed.filter { $0.psnr != nil }.count
        let resized = changed.filter { $0.changes.contains { $0.hasPrefix("resized ") } }.count
        let saved = report.bytesSaved
        var pixels: [String] = []
        if resized > 0 { pixels.append("\(resized) resized") }
        if lossy > 0 { pixels.append("\(lossy) with loss, PSNR given") }
        // A file only renamed (its bytes as they were) is said apart from those rewritten.
        let renamedOnly = changed.filter { $0.kind == .rename && $0.bytesAfter == $0.bytesBefore }.count
        out +=
            "fix: \(changed.count - renamedOnly) of \(report.fileCount.counted("file")) \(verb)"
            + (renamedOnly > 0 ? ", \(renamedOnly) \(report.dryRun ? "would be renamed" : "renamed")" : "") + ", \(abs(saved).grouped) bytes "
            + (saved < 0 ? (report.dryRun ? "to add" : "added") : (report.dryRun ? "to save" : "saved"))
            + (pixels.isEmpty ? " without changing a pixel" : " (\(pixels.joined(separator: "; ")))") + "\n"
        // Findings that only the changed files have (a renamed path, a new size) are counted as new.
        let new = left.diagnostics.count - (report.before.diagnostics.count - report.fixed.count)
        out +=
            "findings: \(report.before.diagnostics.count) before, \(report.fixed.count) fixed, \(left.diagnostics.count) left"
            + (new > 0 ? " (\(new) new)" : "")
            + (report.dryRun ? " (a dry run changes nothing: the findings are the check's)" : "") + "\n"
        if let hint = hint(report) { out += hint + "\n" }
        return out
    }

    /// What the flags not given would fix, as ruff says it: "hint: 3 more fixable with --lossy, 1 with
    /// --resize-to-grid"; nil when nothing is held back.
    static func hint(_ report: Fixer.Report) -> String? {
        let held = report.heldBack
        guard let first = held.first else { return nil }
        let rest = held.dropFirst().map { "\($0.count) with \($0.flag)" }
        return "hint: \(first.count) more fixable with \(first.flag)" + rest.map { ", " + $0 }.joined()
    }

    /// PSNR in dB with two decimals; null when nothing lossy happened or the pixels are identical.
    static func psnr(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .decimal(value, places: 2)
    }

    package static func json(_ report: Fixer.Report) -> String {
        func diagnostics(_ list: [Diagnostic]) -> JSONValue { .array(list.map(\.json)) }
        let files = report.files.sorted { PathOrder.less($0.path, $1.path) }
        // Each file once, as fileCount counts it: a renamed or converted file's steps (at its old name first,
        // then at its new) are one file, from the first step's bytes to the last's.
        var steps: [ByteKey: [Fixer.FileFix]] = [:]
        for fix in files where report.renamed[fix.path] != nil { steps[ByteKey(report.renamed[fix.path]!), default: []].append(fix) }
        for fix in files where report.renamed[fix.path] == nil { steps[ByteKey(fix.path), default: []].append(fix) }
        let perFileSteps = steps.values
        let summary: JSONValue = .object([
            ("files", .int(report.fileCount)), ("changed", .int(perFileSteps.filter { $0.contains(where: \.isChanged) }.count)),
            ("bytesBefore", .int(perFileSteps.reduce(0) { $0 + $1[0].bytesBefore })),
            ("bytesAfter", .int(perFileSteps.reduce(0) { $0 + $1[$1.count - 1].bytesAfter })),
            ("findingsBefore", .int(report.before.diagnostics.count)), ("fixed", .int(report.fixed.count)),
            ("left", .int(report.after.diagnostics.count))
        ])
        let perFile: [JSONValue] = files.map { (fix: Fixer.FileFix) -> JSONValue in
            let members: [(String, JSONValue)] = [
                ("path", .string(fix.path)), ("kind", .optional(fix.kind?.rawValue)), ("rule", .optional(fix.rule?.rawValue)),
                ("applicability", .optional(fix.kind?.applicability.rawValue)),
                ("bytesBefore", .int(fix.bytesBefore)), ("bytesAfter", .int(fix.bytesAfter)),
                ("changes", .array(fix.changes.map(JSONValue.string))), ("kept", .optional(fix.kept)), ("failure", .optional(fix.failure)),
                ("psnr", FixReportFormat.psnr(fix.psnr))
            ]
            return .object(members)
        }
        return JSONValue.object([
            ("tool", .object([("name", .string(Tool.name)), ("version", .string(Tool.version))])),
            ("dryRun", .bool(report.dryRun)),
            ("summary", summary),
            ("files", .array(perFile)),
            ("fixed", diagnostics(report.fixed)),
            ("left", diagnostics(report.after.diagnostics)),
            ("heldBack", .array(report.heldBack.map { .object([("flag", .string($0.flag)), ("findings", .int($0.count))]) }))
        ]).serialized()
    }
}
