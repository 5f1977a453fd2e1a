import StickerCatalog
import StickerImage
import StickerLint
import StickerFiles

/// The variants command's report.
package enum VariantsReport {
    package static func text(_ reports: [VariantReport], skipped: [VariantSkip] = []) -> String {
        var out = ""
        var written = 0, problems = 0, kept = 0
        for skip in skipped {
            out += "\(skip.path.displayed)\n  skipped  \(skip.said.displayed)\(skip.reason == .inCatalog ? Self.catalogAdvice : "")\n"
        }
        for report in reports {
            out += report.source.displayed + "\n"
            if let error = report.error {
                out += "  error    \(error.displayed)\n"
                problems += 1
                continue
            }
            for outcome in report.outcomes {
                let facts =
                    "\(outcome.width)×\(outcome.height) px, \(outcome.bytes.counted("byte"))"
                    + (outcome.frames > 1 ? ", \(outcome.frames) frames" : "")
                switch outcome.status {
                case .written:
                    written += 1
                    out += "  wrote    \(outcome.path.displayed)  (\(facts))\n"
                case .exists:
                    kept += 1
                    out += "  skipped  \(outcome.path.displayed) exists (use --force to replace it)\n"
                case .failed(let reason):
                    problems += 1
                    out += "  error    \(reason.displayed)\n"
                }
                for note in outcome.notes {
                    out += "  note     \(PathText.lastComponent(outcome.path).displayed): \(note.displayed)\n"
                }
                for problem in outcome.problems {
                    problems += 1
                    let label = problem.severity.rawValue.padded(to: 8)
                    out += "  \(label) \(PathText.lastComponent(outcome.path).displayed): \(problem.message.displayed)  [\(problem.rule)]\n"
                }
            }
        }
        out += "\(reports.count.counted("master")), \(written.counted("variant")) written"
        if kept > 0 { out += ", \(kept) left in place (--force replaces them)" }
        out += ", \(problems.counted("problem"))"
        if !skipped.isEmpty {
            let counts = VariantSkip.Reason.allCases.compactMap { reason -> String? in
                let count = skipped.filter { $0.reason == reason }.count
                return count == 0 ? nil : "\(count) \(reason.rawValue)"
            }
            out += ", \(skipped.count.counted("input")) skipped (\(counts.joined(separator: "; ")))"
        }
        return out + "\n"
    }

    /// Why nothing is written inside a catalog, and what to do instead.
    static let catalogAdvice =
        ": Messages makes @2x and @1x from @3x stickers itself, and Xcode would list "
        + "every variant written there as an unassigned child; give --out DIR to write them outside the catalog"
}
