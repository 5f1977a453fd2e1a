import StickerFiles
import StickerLint

/// JUnit XML for GitLab, Jenkins and other CI test views, valid against the Ant JUnit schema.
///
/// One testsuite per pack or folder; one testcase per sticker (or per pack/folder that has findings);
/// a sticker with several errors gets one failing testcase per error, so the failure count equals the
/// error count. Warnings and notes are listed in the suite's system-out (the schema allows no output
/// inside a testcase).
package struct JUnitReporter: Reporter {
    package static let identifier = "junit"
    package static let summary = "JUnit XML, for CI test views"

    package init(context: ReportContext) { self.init(timestamp: context.timestamp) }

    /// ISO 8601 time without zone, e.g. "2026-11-21T10:00:00" (from SOURCE_DATE_EPOCH for reproducible output).
    package var timestamp: String

    package init(timestamp: String) {
        self.timestamp = timestamp
    }

    package func render(_ result: LintResult) -> String {
        var byPath: [String: [Diagnostic]] = [:]
        for d in result.diagnostics { byPath[d.path, default: []].append(d) }
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<testsuites>\n"
        for (id, group) in Grouping.subjects(result).enumerated() {
            var cases = ""
            var output: [String] = []
            var tests = 0, failures = 0
            for subject in group.subjects {
                let findings = byPath[subject] ?? []
                let errors = findings.filter { $0.severity == .error }
                output += findings.filter { $0.severity != .error }.map { "\(subject): \($0.severity.rawValue): \($0.message) [\($0.rule)]" }
                let classname = XML.escape(group.group)
                if errors.isEmpty {
                    tests += 1
                    cases += "    <testcase name=\"\(XML.escape(subject))\" classname=\"\(classname)\" time=\"0\"/>\n"
                }
                for error in errors {
                    tests += 1
                    failures += 1
                    cases +=
                        "    <testcase name=\"\(XML.escape(subject + " [" + error.rule.rawValue + "]"))\" classname=\"\(classname)\" time=\"0\">\n"
                    cases +=
                        "      <failure message=\"\(XML.escape(error.message))\" type=\"\(error.rule)\">"
                        + XML.escape("\(subject)\n\(error.message)") + "</failure>\n"
                    cases += "    </testcase>\n"
                }
            }
            out +=
                "  <testsuite name=\"\(XML.escape(group.group))\" package=\"stickerlint\" id=\"\(id)\" timestamp=\"\(timestamp)\" "
                + "hostname=\"localhost\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"0\">\n"
            out += "    <properties/>\n" + cases
            out += output.isEmpty ? "    <system-out/>\n" : "    <system-out>\(XML.escape(output.joined(separator: "\n")))</system-out>\n"
            out += "    <system-err/>\n  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}

/// XML text and attribute escaping.
enum XML {
    static func escape(_ s: String) -> String {
        s.escapingScalars { scalar in
            switch scalar {
            case "'": "&apos;"
            case "\n": "&#10;"
            case "\t": "&#9;"
            // Characters XML 1.0 cannot hold at all.
            case let c where c.value < 0x20 || c.value == 0xFFFE || c.value == 0xFFFF: "\u{FFFD}"
            // The rest that act on a display (DEL, C1, bidi overrides): as numeric references.
            case let c where c.actsOnDisplay: "&#x" + String(c.value, radix: 16) + ";"
            default: String.markupEscape(scalar)
            }
        }
    }
}
