import StickerImage
import StickerLint

/// Renders a lint result in one output format.
public protocol Reporter: Sendable {
    func render(_ result: LintResult) -> String
}

/// Output formats of `stickerlint check --format`.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text
    case json
}

/// The tool's name and version as reports print them.
public enum Tool {
    public static let name = "stickerlint"
    public static let version = "0.1.0"
    public static let informationURI = "https://github.com/stickerlint/stickerlint"
}

extension Int {
    /// "1 file", "3 files", "1,024 bytes".
    package func counted(_ singular: String, _ plural: String? = nil) -> String {
        "\(self.grouped) \(self == 1 ? singular : plural ?? singular + "s")"
    }
}
