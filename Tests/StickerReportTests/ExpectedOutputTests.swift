import Foundation
import StickerImage
import StickerReport
import StickerTestSupport
import Testing
import StickerFiles

/// The full output of `stickerlint check SamplePacks` in every format, compared byte for byte with the
/// files under Tests/Fixtures/expected/. A change of behaviour, wording or order shows as a diff of
/// those files in review. `make update-expected` rewrites them (UPDATE_EXPECTED=1).
@Suite("Expected outputs")
struct ExpectedOutputTests {
    /// Each format and the file its output is kept in.
    static let formats: [(format: String, file: String)] = [
        ("text", "check.txt"), ("json", "check.json"), ("sarif", "check.sarif"), ("junit", "check.junit.xml"),
        ("github", "check.github.txt"), ("markdown", "check.md"), ("html", "check.html")
    ]

    static let folder = Conformance.projectRoot + "/Tests/Fixtures/expected"
    static let updating = ProcessInfo.processInfo.environment["UPDATE_EXPECTED"] == "1"

    /// Masks what legitimately changes between runs and releases: the tool's version and JUnit's timestamp.
    static func masked(_ output: String) throws -> String {
        var text = output.replacingOccurrences(of: "stickerlint \(Tool.version)", with: "stickerlint <version>")
            .replacingOccurrences(of: "\"version\": \"\(Tool.version)\"", with: "\"version\": \"<version>\"")
        let timestamp = try NSRegularExpression(pattern: #"timestamp="[0-9T:-]+""#)
        text = timestamp.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text),
            withTemplate: "timestamp=\"<timestamp>\"")
        return text
    }

    @Test("check SamplePacks in every format equals the committed output", arguments: formats.map(\.format))
    func format(_ format: String) throws {
        let file = try #require(Self.formats.first { $0.format == format }).file
        // Run from the project root with a relative path, so the paths in the output are relative.
        let (status, out, err) = try CLI.run(
            ["check", "--format", format, "SamplePacks"], in: Conformance.projectRoot,
            environment: ["GITHUB_STEP_SUMMARY": "", "NO_COLOR": "1"])
        #expect(status == 1, "\(err)")  // the bad catalog has errors
        #expect(err.isEmpty, "\(err)")
        let actual = try Self.masked(out)
        let path = Self.folder + "/" + file
        if Self.updating {
            try Folders.create(Self.folder)
            try Data(actual.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return
        }
        let expected = try Conformance.readProjectFile("Tests/Fixtures/expected/" + file)
        if actual != expected {
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
            Issue.record(
                """
                \(file) differs from the output (first at line \(line + 1)):
                  expected: \(line < e.count ? String(e[line].prefix(200)) : "<end>")
                  actual:   \(line < a.count ? String(a[line].prefix(200)) : "<end>")
                If the change is intended, run `make update-expected` and review the diff.
                """)
        }
    }
}
