import StickerLint
import StickerFiles

/// Human-readable output: findings grouped by file, then a summary line.
///
/// ```
/// Stickers.xcstickers/Pack.stickerpack/Big.sticker/big.png
///   error    file is 540,212 bytes, 28,212 over the 512,000-byte limit  [file-size]
///
/// 3 files, 1 error, 0 warnings, 0 notes
/// ```
package struct TextReporter: Reporter {
    package static let identifier = "text"
    package static let summary = "findings by file, then a summary line"

    package init(context: ReportContext) { self.init(colored: context.colored, quiet: context.quiet) }

    /// ANSI colours (for a terminal, unless NO_COLOR is set).
    package var colored: Bool
    /// Only the findings, no summary line.
    package var quiet: Bool

    package init(colored: Bool = false, quiet: Bool = false) {
        self.colored = colored
        self.quiet = quiet
    }

    package func render(_ result: LintResult) -> String { collected(result) }

    /// One piece per file's findings, then the summary.
    package func stream(_ result: LintResult, to emit: (String) throws -> Void) rethrows {
        var out = ""
        var currentPath: String?
        for diagnostic in result.diagnostics {
            if diagnostic.path != currentPath {
                if currentPath != nil {
                    try emit(out + "\n")
                    out = ""
                }
                out += paint(diagnostic.path.displayed, "1") + "\n"
                currentPath = diagnostic.path
            }
            let label = diagnostic.severity.rawValue.padded(to: 8)
            out +=
                "  " + paint(label, Self.color(diagnostic.severity)) + " " + diagnostic.message.displayed
                + "  " + paint("[\(diagnostic.rule)]", "2") + "\n"
        }
        if !quiet {
            if !result.diagnostics.isEmpty { out += "\n" }
            out += summary(result) + "\n"
        }
        if !out.isEmpty { try emit(out) }
    }

    /// "12 files, 2 errors, 1 warning, 0 notes".
    package func summary(_ result: LintResult) -> String {
        let errors = result.errorCount.counted("error"), warnings = result.warningCount.counted("warning")
        return "\(result.files.count.counted("file")), "
            + paint(errors, result.errorCount > 0 ? Self.color(.error) : "32") + ", "
            + paint(warnings, result.warningCount > 0 ? Self.color(.warning) : "32") + ", "
            + result.noteCount.counted("note")
    }

    static func color(_ severity: Severity) -> String {
        switch severity {
        case .error: "1;31"
        case .warning: "33"
        case .note: "36"
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
