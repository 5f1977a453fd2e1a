import StickerCatalog
import StickerImage

/// The variants command's report.
public enum VariantsReport {
    public static func text(_ reports: [VariantReport]) -> String {
        var out = ""
        var written = 0, problems = 0
        for report in reports {
            out += report.source + "\n"
            if let error = report.error {
                out += "  error    \(error)\n"
                problems += 1
                continue
            }
            for outcome in report.outcomes {
                let facts = "\(outcome.width)×\(outcome.height) px, \(outcome.bytes.counted("byte"))"
                    + (outcome.frames > 1 ? ", \(outcome.frames) frames" : "")
                switch outcome.status {
                case .written:
                    written += 1
                    out += "  wrote    \(outcome.path)  (\(facts))\n"
                case .exists:
                    problems += 1
                    out += "  skipped  \(outcome.path) exists (use --force to replace it)\n"
                case .failed(let reason):
                    problems += 1
                    out += "  error    \(reason)\n"
                }
                for problem in outcome.problems {
                    problems += 1
                    out += "  warning  \(PathText.lastComponent(outcome.path)): \(problem)\n"
                }
            }
        }
        out += "\(reports.count.counted("master")), \(written.counted("variant")) written, \(problems.counted("problem"))\n"
        return out
    }
}
