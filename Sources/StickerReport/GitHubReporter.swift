import StickerFiles
import StickerLint

/// GitHub Actions workflow commands: one `::error file=…,title=…::message` line per finding.
package struct GitHubReporter: Reporter {
    package static let identifier = "github"
    package static let summaryFile: (environment: String, reporter: any Reporter.Type)? = ("GITHUB_STEP_SUMMARY", MarkdownReporter.self)
    package static let summary = "GitHub Actions annotations"

    package init() {}
    package init(context: ReportContext) {}

    package func render(_ result: LintResult) -> String {
        var out = ""
        for d in result.diagnostics {
            let command =
                switch d.severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "notice"
                }
            out += "::\(command) file=\(Self.property(d.path)),title=\(Self.property("stickerlint \(d.rule)"))::\(Self.data(d.message))\n"
        }
        return out
    }

    /// Escapes a message: %, CR and LF as the runner requires (a line break stays a line break inside
    /// the annotation), scalar by scalar (Swift's "\r\n" is one Character, and "%" followed by a
    /// combining mark another: neither may pass unescaped); then what may not reach a log at all
    /// (`String.displayed`: the other controls, bidi overrides, `::`).
    package static func data(_ s: String) -> String { runnerEscaped(s, properties: false).displayed }

    /// Escapes a property value: also ':' and ','.
    package static func property(_ s: String) -> String { runnerEscaped(s, properties: true).displayed }

    private static func runnerEscaped(_ s: String, properties: Bool) -> String {
        s.escapingScalars { scalar in
            switch scalar {
            case "%": "%25"
            case "\r": "%0D"
            case "\n": "%0A"
            case ":" where properties: "%3A"
            case "," where properties: "%2C"
            default: nil
            }
        }
    }
}
