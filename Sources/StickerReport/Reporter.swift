import StickerImage
import StickerLint

/// Renders a lint result in one output format. Reporters format; they do no I/O.
///
/// A new format is one file with a type conforming to `Reporter`, plus its line in `ReporterRegistry.all`:
/// `--format` values and their help come from the registry.
package protocol Reporter: Sendable {
    /// The `--format` value: "json".
    static var identifier: String { get }
    /// One line for `--help`: "machine-readable: every file and finding".
    static var summary: String { get }
    /// The reporter for a run.
    init(context: ReportContext)
    func render(_ result: LintResult) -> String
    /// The same report in pieces, in order, as they are made: formats that allow it (text, JSON)
    /// never hold the whole document, so a report of 100,000 files streams to its file.
    func stream(_ result: LintResult, to emit: (String) throws -> Void) rethrows

    /// Whether the report shows each sticker's preview: the run makes previews for it (HTML).
    static var showsPreviews: Bool { get }
    /// Whether the report can carry the packs and previews for `merge` (`--embed-thumbnails`: JSON).
    static var carriesPreviews: Bool { get }
    /// The environment variable naming a file the CI runner shows as the job's summary, and the report
    /// appended to it after the report is written (GitHub's `GITHUB_STEP_SUMMARY`, in Markdown).
    static var summaryFile: (environment: String, reporter: any Reporter.Type)? { get }
}

extension Reporter {
    package static var showsPreviews: Bool { false }
    package static var carriesPreviews: Bool { false }
    package static var summaryFile: (environment: String, reporter: any Reporter.Type)? { nil }

    /// By default the whole report in one piece.
    package func stream(_ result: LintResult, to emit: (String) throws -> Void) rethrows { try emit(render(result)) }

    /// The report in one string, from its pieces (for reporters that stream).
    package func collected(_ result: LintResult) -> String {
        var out = ""
        stream(result) { out += $0 }
        return out
    }
}

/// What a report may depend on besides the result: the terminal, the working directory, the time.
package struct ReportContext: Sendable, Hashable {
    /// Colour the text output (a TTY without NO_COLOR).
    package var colored: Bool
    /// Findings only, no summary line.
    package var quiet: Bool
    /// The folder relative paths are made against (SARIF URIs).
    package var workingDirectory: String
    /// When the run happened, as ISO 8601 without a zone (JUnit).
    package var timestamp: String
    /// JSON: carry the packs, icon sets and previews (`EmbeddedPreviews`) so that a merge can write HTML.
    package var embedPreviews: Bool
    /// How the command line spells the options that allow unsafe edits (SARIF names them in its fixes).
    package var editFlags: EditFlags

    package init(
        colored: Bool = false, quiet: Bool = false, workingDirectory: String = ".",
        timestamp: String = "1970-01-01T00:00:00", embedPreviews: Bool = false, editFlags: EditFlags = EditFlags()
    ) {
        self.colored = colored
        self.quiet = quiet
        self.workingDirectory = workingDirectory
        self.timestamp = timestamp
        self.embedPreviews = embedPreviews
        self.editFlags = editFlags
    }
}

/// Every output format, in the order `--help` lists them.
package enum ReporterRegistry {
    package static let all: [any Reporter.Type] = [
        TextReporter.self,
        JSONReporter.self,
        SARIFReporter.self,
        JUnitReporter.self,
        GitHubReporter.self,
        XcodeReporter.self,
        MarkdownReporter.self,
        HTMLReporter.self
    ]

    /// The `--format` values.
    package static var identifiers: [String] { all.map { $0.identifier } }

    /// The reporter type for a `--format` value.
    package static func reporter(_ identifier: String) -> (any Reporter.Type)? {
        all.first { $0.identifier == identifier }
    }
}

extension String {
    /// The string with each Unicode scalar that `replacement` maps replaced by that text: the one loop
    /// behind JSON, XML and HTML escaping.
    func escapingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let text = replacement(scalar) { out += text } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// The escapes HTML and XML share, in text and in double-quoted attributes.
    static func markupEscape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        default: nil
        }
    }
}
