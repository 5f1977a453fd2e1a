import StickerFiles
import StickerLint

/// Lines Xcode's build log turns into issues: `/abs/path:1:1: error: message [rule-id]`, for a Run
/// Script build phase (and the build-tool plugins, whose diagnostics Xcode shows the same way).
package struct XcodeReporter: Reporter {
    package static let identifier = "xcode"
    package static let summary = "Xcode build-log issues: /abs/path:1:1: error: message [rule]"

    let workingDirectory: String

    package init(context: ReportContext) { workingDirectory = context.workingDirectory }

    package func render(_ result: LintResult) -> String {
        var out = ""
        for d in result.diagnostics {
            out += "\(Self.line(absolute(d.path))):1:1: \(d.severity.rawValue): \(Self.line(d.message)) [\(d.rule)]\n"
        }
        return out
    }

    /// The path Xcode opens: relative paths joined to the working directory. Spaces and colons stay as
    /// they are (Xcode reads the `:LINE:COLUMN: severity:` that follows the path).
    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : PathText.join(workingDirectory, path)
    }

    /// One line whatever the text holds (`String.displayed`), in which no name forges an issue: the colon
    /// after a word Xcode reads as a severity (` error:`, ` warning:`, ` note:`, ` remark:`, in any case) is escaped, so a file
    /// named `a:7:3: error: X.png`, or a key quoted in a message, is never a second `path:line:col:
    /// severity:` on the line.
    static func line(_ text: String) -> String {
        // In any letter case, and "remark" too: what a log parser might take for a severity.
        text.displayed.replacing(#/(?i)( (?:error|warning|note|remark)):/#) { "\($0.1)\\u{3a}" }
    }
}
