import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import StickerImage
import StickerCatalog
import StickerLint
import StickerReport
import StickerTestSupport
import Testing
import StickerFiles

private let samplePacks = Conformance.projectRoot + "/SamplePacks"
private let schemas = Conformance.projectRoot + "/Tests/Fixtures/schemas"

@Suite("CI reports")
struct CIReportTests {
    static let bad: LintResult = try! Linter(jobs: 2).lint([samplePacks + "/Bad.xcstickers"])

    @Test(
        "SARIF validates against the SARIF 2.1.0 schema, and its results equal the JSON diagnostics one for one",
        Requirement.trait(Tools.pythonHas("jsonschema"), "python3 jsonschema is not installed (make test installs it)"))
    func sarif() throws {
        try Requirement.require(Tools.pythonHas("jsonschema"), "python3 jsonschema is not installed (make test installs it)")
        let directory = Conformance.projectRoot
        let sarif = SARIFReporter(workingDirectory: directory).render(Self.bad)
        let scratch = Scratch()
        try scratch.write("out.sarif", sarif)
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); doc = json.load(open(sys.argv[2]))
            jsonschema.Draft4Validator(schema).validate(doc)
            print("valid")
            """
        let (status, out, err) = try Process.run(Tools.path("python3"), ["-c", script, schemas + "/sarif-schema-2.1.0.json", scratch.at("out.sarif")])
        #expect(status == 0 && out.contains("valid"), "\(err)")
        let doc = try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as! [String: Any]
        let run = (doc["runs"] as! [[String: Any]])[0]
        let results = run["results"] as! [[String: Any]]
        let json = try JSONSerialization.jsonObject(with: Data(JSONReporter().render(Self.bad).utf8)) as! [String: Any]
        let diagnostics = json["diagnostics"] as! [[String: Any]]
        #expect(results.count == diagnostics.count)
        for (result, diagnostic) in zip(results, diagnostics) {
            #expect(result["ruleId"] as? String == diagnostic["rule"] as? String)
            #expect(result["level"] as? String == diagnostic["severity"] as? String)
            #expect((result["message"] as? [String: String])?["text"] == diagnostic["message"] as? String)
            let location = ((result["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any])
            let uri = (location["artifactLocation"] as! [String: String])["uri"]!
            #expect(!uri.hasPrefix("/") && uri.hasPrefix("SamplePacks/Bad.xcstickers"))
            #expect(uri.removingPercentEncoding == String((diagnostic["path"] as! String).dropFirst(directory.count + 1)))
            #expect((location["region"] as! [String: Int])["startLine"] == 1)
        }
        // Fingerprints are stable: the same input gives the same document.
        #expect(SARIFReporter(workingDirectory: directory).render(try Linter(jobs: 1).lint([samplePacks + "/Bad.xcstickers"])) == sarif)
        let rules = ((run["tool"] as! [String: Any])["driver"] as! [String: Any])["rules"] as! [[String: Any]]
        #expect(rules.map { $0["id"] as! String } == RuleRegistry.descriptions.map(\.id.rawValue))
    }

    @Test(
        "JUnit is valid XML against the JUnit schema; its failure count equals the error count",
        Requirement.trait(Tools.available("xmllint"), "xmllint is not installed (make test installs libxml2-utils)"))
    func junit() throws {
        try Requirement.require(Tools.available("xmllint"), "xmllint is not installed (make test installs libxml2-utils)")
        let xml = JUnitReporter(timestamp: "2026-11-21T10:00:00").render(Self.bad)
        let scratch = Scratch()
        try scratch.write("junit.xml", xml)
        let (status, _, err) = try Process.run(Tools.path("xmllint"), ["--noout", "--schema", schemas + "/junit.xsd", scratch.at("junit.xml")])
        #expect(status == 0, "\(err)")
        let document = try XMLDocument(xmlString: xml)
        let failures = try document.nodes(forXPath: "//failure").count
        #expect(failures == Self.bad.errorCount)
        let declared = try document.nodes(forXPath: "//testsuite/@failures").compactMap { Int($0.stringValue ?? "") }.reduce(0, +)
        #expect(declared == Self.bad.errorCount)
        // One suite per pack or folder.
        let suites = try document.nodes(forXPath: "//testsuite/@name").compactMap(\.stringValue)
        #expect(suites.contains { $0.hasSuffix("Problems.stickerpack") } && suites.contains { $0.hasSuffix("iMessage App Icon.stickersiconset") })
    }

    @Test("JUnit escapes &, <, > and quotes in names and messages; the values read back unchanged")
    func junitEscaping() throws {
        let path = "Packs/Tom & Jerry <\"best\">.sticker/a.png"
        let message = "5 > 3 & 2 < 4: \"quoted\" 'single'"
        let tricky = LintResult(files: [], diagnostics: [Diagnostic(rule: "file-size", severity: .error, path: path, message: message)])
        let xml = JUnitReporter(timestamp: "2026-11-21T10:00:00").render(tricky)
        let document = try XMLDocument(xmlString: xml)
        let failure = try #require(try document.nodes(forXPath: "//failure").first as? XMLElement)
        #expect(failure.attribute(forName: "message")?.stringValue == message)
        let names = try document.nodes(forXPath: "//testcase/@name").compactMap(\.stringValue)
        #expect(names.contains { $0.contains("Tom & Jerry <\"best\">") }, "\(names)")
    }

    @Test("GitHub annotations: one well-formed line per diagnostic, with the escaping GitHub requires")
    func github() throws {
        let tricky = LintResult(
            files: [],
            diagnostics: [
                Diagnostic(rule: "file-size", severity: .error, path: "Packs/Aye, Orta: v2.sticker/a.png", message: "100% over\nthe limit"),
                Diagnostic(rule: "square", severity: .warning, path: "b.png", message: "not square"),
                Diagnostic(rule: "preferred-format", severity: .note, path: "c.gif", message: "GIF")
            ])
        let lines = GitHubReporter().render(tricky).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 3)
        #expect(lines[0] == "::error file=Packs/Aye%2C Orta%3A v2.sticker/a.png,title=stickerlint file-size::100%25 over%0Athe limit")
        #expect(lines[1] == "::warning file=b.png,title=stickerlint square::not square")
        #expect(lines[2].hasPrefix("::notice "))
        let pattern = try NSRegularExpression(pattern: #"^::(error|warning|notice) file=[^,:]+,title=[^,:]+::[^\r\n]*$"#)
        for line in GitHubReporter().render(Self.bad).split(separator: "\n") {
            let text = String(line)
            #expect(pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil, "\(text)")
        }
        #expect(GitHubReporter().render(Self.bad).split(separator: "\n").count == Self.bad.diagnostics.count)
    }

    @Test(
        "no name or message can start a line of its own: CR, LF and CRLF escaped in GitHub, Xcode, text and Markdown",
        arguments: ["\r\n", "\r", "\n"])
    func lineBreaksEscaped(_ lineBreak: String) throws {
        let forged = "::error file=README.md,line=1::forged"
        let path = "P.stickerpack/a\(lineBreak)\(forged).png"
        let result = LintResult(
            files: [],
            diagnostics: [
                Diagnostic(rule: "missing-file", severity: .error, path: path, message: "x\(lineBreak)\(forged) 100%\u{301}")
            ])
        let github = GitHubReporter().render(result)
        #expect(github.unicodeScalars.filter { $0 == "\r" || $0 == "\n" }.count == 1, "\(github.debugDescription)")
        #expect(github.contains(lineBreak.unicodeScalars.map { $0 == "\r" ? "%0D" : "%0A" }.joined() + "%3A%3Aerror"))
        #expect(github.contains("100%25\u{301}"), "\(github.debugDescription)")
        for (name, output) in [
            ("xcode", XcodeReporter(context: ReportContext(workingDirectory: "/w")).render(result)),
            ("text", TextReporter().render(result))
        ] {
            let lines = output.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            #expect(!lines.contains { $0.hasPrefix("::") }, "\(name): \(output.debugDescription)")
            #expect(!output.unicodeScalars.contains("\r"), "\(name)")
        }
        let markdown = MarkdownReporter().render(result)
        #expect(!markdown.unicodeScalars.contains("\r"), "\(markdown.debugDescription)")
        #expect(!markdown.split(separator: "\n").contains { $0.hasPrefix("::") }, "\(markdown.debugDescription)")
    }

    @Test("GitHub format appends a Markdown summary to GITHUB_STEP_SUMMARY")
    func stepSummary() throws {
        let scratch = Scratch()
        try scratch.write("summary.md", "# earlier step\n")
        let (status, out, _) = try CLI.run(
            ["check", "--format", "github", samplePacks + "/Loose"],
            environment: ["GITHUB_STEP_SUMMARY": scratch.at("summary.md")])
        #expect(status == 1 && out.hasPrefix("::"))
        let summary = String(decoding: try FileByteSource(path: scratch.at("summary.md")).readAll(), as: UTF8.self)
        #expect(summary.hasPrefix("# earlier step\n## ❌ stickerlint"))
        #expect(summary.contains("| 4 | 2 | 0 | 1 |"))
    }

    @Test("Markdown: a summary table, counts by rule, findings per pack")
    func markdown() {
        let md = MarkdownReporter().render(Self.bad)
        #expect(md.contains("| files | errors | warnings | notes |"))
        #expect(md.contains("| `file-size` | 1 | 1 | 0 |"))
        #expect(md.contains("### `\(samplePacks)/Bad.xcstickers/Problems.stickerpack`"))
    }
}

@Suite("CI gates")
struct GateTests {
    @Test("--strict and --max-warnings: warnings alone pass without them and fail with them")
    func gates() throws {
        let scratch = Scratch()
        try scratch.write("a.png", ExampleContent.png(width: 408, height: 380).bytes())
        try scratch.write("b.png", ExampleContent.png(width: 380, height: 408).bytes())
        #expect(try CLI.run(["check", scratch.path]).0 == 0)
        #expect(try CLI.run(["check", "--strict", scratch.path]).0 == 1)
        #expect(try CLI.run(["check", "--max-warnings", "2", scratch.path]).0 == 0)
        #expect(try CLI.run(["check", "--max-warnings", "1", scratch.path]).0 == 1)
    }

    /// A folder "repo" holding a catalog with an opaque sticker and a small one.
    static func repoWithTwoFindings() throws -> Scratch {
        let scratch = Scratch()
        try RuleExample.pack(
            [
                .sticker("Cat", .png(width: 408, height: 408, style: .opaque)),
                .sticker("Dog", .png(width: 300, height: 300))
            ], ""
        ).write(to: scratch.at("repo"))
        return scratch
    }

    @Test("baseline round trip: recorded findings are hidden, a new bad sticker's are reported")
    func baseline() throws {
        let scratch = try Self.repoWithTwoFindings()
        let baseline = scratch.at("baseline.json")
        let first = try CLI.run(["check", "--write-baseline", baseline, scratch.at("repo")])
        #expect(first.0 == 1)
        #expect(try CLI.run(["check", "--baseline", baseline, scratch.at("repo")]).0 == 0)
        // A new bad sticker in the folder.
        try scratch.write("repo/new.png", ExampleContent.png(width: 200, height: 200, style: .opaque).bytes())
        let (status, out, _) = try CLI.run(["check", "--baseline", baseline, "--format", "json", scratch.at("repo")])
        #expect(status == 1)
        let report = try JSONSerialization.jsonObject(with: Data(out.utf8)) as! [String: Any]
        let paths = Set((report["diagnostics"] as! [[String: Any]]).map { $0["path"] as! String })
        #expect(paths == [scratch.at("repo/new.png")])
    }

    @Test("a baseline written from one folder matches from any other, however the paths are spelt")
    func baselineFromAnyFolder() throws {
        let scratch = try Self.repoWithTwoFindings()
        // Written from the repository's root, with a relative path, into a folder of its own.
        try FileManager.default.createDirectory(atPath: scratch.at("repo/ci"), withIntermediateDirectories: true)
        let written = try CLI.run(["check", "--write-baseline", "ci/baseline.json", "Stickers.xcstickers"], in: scratch.at("repo"))
        #expect(written.0 == 1, "\(written.2)")
        let text = String(decoding: try DiskFileSystem().read(scratch.at("repo/ci/baseline.json")), as: UTF8.self)
        #expect(text.contains("\"path\": \"../Stickers.xcstickers/"), "\(text)")
        for (folder, path, baseline) in [
            ("repo/Stickers.xcstickers", ".", "../ci/baseline.json"),
            ("repo/Stickers.xcstickers/Pack.stickerpack", "..", "../../ci/baseline.json"),
            ("", "repo/Stickers.xcstickers", "repo/ci/baseline.json"),
            ("repo/ci", scratch.at("repo/Stickers.xcstickers"), scratch.at("repo/ci/baseline.json"))
        ] {
            let (status, out, err) = try CLI.run(["check", "--baseline", baseline, path], in: scratch.at(folder))
            #expect(status == 0, "from \(folder): \(out)\(err)")
        }
        // A finding that is new is still reported.
        try scratch.write("repo/Stickers.xcstickers/Pack.stickerpack/Dog.sticker/dog.png", ExampleContent.png(width: 200, height: 200).bytes())
        #expect(try CLI.run(["check", "--baseline", "../ci/baseline.json", "."], in: scratch.at("repo/Stickers.xcstickers")).0 == 1)
    }
}

@Suite("pre-commit")
struct PreCommitTests {
    @Test("files inside a catalog check their whole pack but report only them and the pack")
    func focus() throws {
        let scratch = Scratch()
        try RuleExample.pack(
            [
                .sticker("Cat", .png(width: 408, height: 408, style: .opaque)),
                .sticker("Dog", .png(width: 408, height: 408, style: .opaque), label: nil),
                .sticker("Big", .png(width: 618, height: 618))
            ], ""
        ).write(to: scratch.path)
        let pack = scratch.at("Stickers.xcstickers/Pack.stickerpack")
        let result = try Linter().lint([pack + "/Cat.sticker/cat.png"])
        #expect(result.files.map(\.path) == [pack + "/Cat.sticker/cat.png"])
        // Cat's own problem, and the pack-wide one (mixed sizes needs the other stickers); nothing about Dog.
        #expect(Set(result.diagnostics.map(\.rule)) == ["transparency", "mixed-sizes"])
        #expect(!result.diagnostics.contains { $0.path.contains("Dog") })
        let label = try Linter().lint([pack + "/Dog.sticker/Contents.json"])
        #expect(label.diagnostics.contains { $0.rule == "accessibility-label" && $0.path.hasSuffix("Dog.sticker") })
        #expect(!label.diagnostics.contains { $0.path.contains("Cat") })
    }

    @Test(".pre-commit-hooks.yaml runs stickerlint check on sticker images and Contents.json")
    func hooksFile() throws {
        let yaml = try Conformance.readProjectFile(".pre-commit-hooks.yaml")
        #expect(yaml.contains("entry: stickerlint check") && yaml.contains("language: swift"))
        // The `files:` pattern as the hooks file has it (a single-quoted YAML scalar).
        let line = try #require(yaml.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("files:") })
        let quoted = line.split(separator: "'", omittingEmptySubsequences: false)
        try #require(quoted.count == 3, "files: must be one single-quoted pattern: \(line)")
        // pre-commit uses Python's re.search; (?i) and $ mean the same in NSRegularExpression.
        let pattern = try NSRegularExpression(pattern: String(quoted[1]))
        func matches(_ name: String) -> Bool { pattern.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil }
        // Exactly the extensions of the formats table, in any case, and Contents.json files.
        for ext in ImageFormat.recognizedExtensions.sorted() {
            #expect(matches("a.\(ext)") && matches("Pack.stickerpack/S.sticker/A.\(ext.uppercased())"), "\(ext)")
        }
        for ext in FileKind.walkedExtensions.subtracting(ImageFormat.recognizedExtensions).sorted() {
            #expect(!matches("a.\(ext)"), "\(ext) is not a sticker format; the hook need not run")
        }
        for name in ["P.stickerpack/Contents.json", "Contents.json"] { #expect(matches(name), "\(name)") }
        for name in ["notes.txt", "a.png.txt", "MyContents.json", "Contents.json.orig", "png"] {
            #expect(!matches(name), "\(name)")
        }
    }

    @Test(
        "install-hook writes a working pre-commit hook and never replaces one",
        Requirement.trait(Tools.available("git"), "git is not installed (make test installs it)"))
    func installHook() throws {
        try Requirement.require(Tools.available("git"), "git is not installed (make test installs it)")
        let scratch = Scratch()
        let repo = scratch.at("repo")
        try Folders.create(repo)
        let git = { (args: [String]) throws -> Int32 in
            try Process.run(Tools.path("git"), ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"] + args, in: repo).0
        }
        #expect(try git(["init", "-q"]) == 0)
        let installed = try CLI.run(["install-hook"], in: repo)
        #expect(installed.0 == 0, "\(installed)")
        #expect(try CLI.run(["install-hook"], in: repo).0 == 1)  // refuses to replace
        // The hook finds stickerlint by the path it was installed from (not on PATH in tests).
        try RuleExample.pack([.sticker("Cat", .png(width: 408, height: 408, style: .opaque))], "").write(to: repo)
        #expect(try git(["add", "."]) == 0)
        #expect(try git(["commit", "-q", "-m", "bad"]) != 0)  // the opaque sticker blocks the commit
        try scratch.write("repo/Stickers.xcstickers/Pack.stickerpack/Cat.sticker/cat.png", ExampleContent.png(width: 408, height: 408).bytes())
        // A catalog with sticker packs needs its iMessage App Icon set too (icon-set's no-set case).
        try RuleExample.iconSet(ExampleIcon.complete, "").write(to: repo)
        #expect(try git(["add", "."]) == 0)
        #expect(try git(["commit", "-q", "-m", "good"]) == 0)
    }
}
