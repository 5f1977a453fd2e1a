import StickerLint

/// GitHub Actions workflow commands: one `::error file=…,title=…::message` line per finding.
public struct GitHubReporter: Reporter {
    public static let identifier = "github"
    public static let summary = "GitHub Actions annotations"

    public init() {}
    public init(context: ReportContext) {}

    public func render(_ result: LintResult) -> String {
        var out = ""
        for d in result.diagnostics {
            let command = switch d.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
            out += "::\(command) file=\(Self.property(d.path)),title=\(Self.property("stickerlint \(d.rule)"))::\(Self.data(d.message))\n"
        }
        return out
    }

    /// Escapes a message: %, CR and LF, as the runner requires.
    public static func data(_ s: String) -> String {
        s.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    /// Escapes a property value: also ':' and ','.
    public static func property(_ s: String) -> String {
        data(s).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
}

extension String {
    func replacingAll(_ target: Character, _ replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
