import Foundation
import StickerCatalog
import StickerLint
import StickerReport
import StickerTestSupport
import Testing

/// The JSON document of SPEC §6, decoded strictly.
private struct Report: Decodable {
    struct ToolInfo: Decodable { var name: String; var version: String }
    struct Summary: Decodable { var files: Int; var errors: Int; var warnings: Int; var notes: Int }
    struct File: Decodable {
        var path: String
        var format: String?
        var bytes: Int?
        var width: Int?
        var height: Int?
        var frames: Int?
        var hasAlpha: Bool?
    }
    struct Item: Decodable { var rule: String; var severity: String; var path: String; var message: String }
    var tool: ToolInfo
    var summary: Summary
    var files: [File]
    var diagnostics: [Item]
}

private let samplePacks = Conformance.projectRoot + "/SamplePacks"

@Suite("check: JSON report")
struct JSONReportTests {
    @Test("the JSON report has the documented shape, sorted paths, and lists every image found")
    func shape() throws {
        let root = samplePacks + "/Good.xcstickers"
        let result = try Linter(jobs: 2).lint([root])
        let json = JSONReporter().render(result)
        let report = try JSONDecoder().decode(Report.self, from: Data(json.utf8))
        #expect(report.tool.name == "stickerlint")
        #expect(report.summary.files == report.files.count)
        #expect(report.summary.errors == report.diagnostics.filter { $0.severity == "error" }.count)
        // Paths are the argument joined with the path inside it, and sorted.
        #expect(report.files.allSatisfy { $0.path.hasPrefix(root + "/") })
        #expect(report.files.map(\.path) == report.files.map(\.path).sorted { PathOrder.less($0, $1) })
        let keys = report.diagnostics.map { [$0.path, $0.rule] }
        #expect(keys == keys.sorted { $0[0] != $1[0] ? PathOrder.less($0[0], $1[0]) : $0[1] < $1[1] })
        // Every image on disk under the catalog is listed: stickers, sequence frames and icons.
        let onDisk = Self.images(under: root)
        #expect(Set(report.files.map(\.path)) == Set(onDisk))
        #expect(onDisk.filter { $0.contains(".stickersequence/") }.count == 3)
        #expect(onDisk.filter { $0.contains(".stickersiconset/") }.count == 8)
        let wave = try #require(report.files.first { $0.path.hasSuffix("wave.png") })
        #expect(wave.format == "apng" && wave.frames == 4 && wave.hasAlpha == true && wave.width == 408)
        let bounce = try #require(report.files.first { $0.path.hasSuffix("bounce.gif") })
        #expect(bounce.format == "gif" && bounce.frames == 3)
    }

    @Test("an unreadable header gives null fields, and the error is reported")
    func nullFields() throws {
        let scratch = Scratch()
        try scratch.write("broken.png", [0x89, 0x50, 0x4E, 0x47])
        let report = try JSONDecoder().decode(Report.self, from: Data(JSONReporter().render(try Linter().lint([scratch.path])).utf8))
        let file = try #require(report.files.first)
        #expect(file.format == nil && file.width == nil && file.frames == nil && file.hasAlpha == nil)
        #expect(file.bytes == 4)
        #expect(report.diagnostics.contains { $0.rule == "image-unreadable" })
    }

    static func images(under root: String) -> [String] {
        var found: [String] = []
        for name in FileSystem.list(root) ?? [] {
            let path = root + "/" + name
            if FileSystem.kind(path) == .directory { found += images(under: path) }
            else if CatalogReader.imageExtensions.contains(PathText.fileExtension(name)) { found.append(path) }
        }
        return found
    }

    @Test("output is byte-identical for every --jobs value")
    func deterministic() throws {
        let root = samplePacks + "/Bad.xcstickers"
        let one = JSONReporter().render(try Linter(jobs: 1).lint([root]))
        for jobs in [2, 3, 8] {
            #expect(JSONReporter().render(try Linter(jobs: jobs).lint([root])) == one)
        }
        #expect(TextReporter().render(try Linter(jobs: 4).lint([root])) == TextReporter().render(try Linter(jobs: 1).lint([root])))
    }

    @Test("the bad sample catalog triggers every rule of SPEC §4; the good one has no error or warning")
    func samples() throws {
        let bad = try Linter().lint([samplePacks + "/Bad.xcstickers"])
        #expect(Set(bad.diagnostics.map(\.rule)) == Set(RuleRegistry.descriptions.map(\.id)))
        let good = try Linter().lint([samplePacks + "/Good.xcstickers"])
        #expect(good.errorCount == 0 && good.warningCount == 0)
    }
}

@Suite("check: path escapes")
struct PathEscapeTests {
    @Test("a ../../ filename and a symlink out of the catalog give path-escape; the outside file is never opened")
    func neverOpened() throws {
        let scratch = Scratch()
        // The file both catalogs point at, outside them; a real sticker so that opening it would "work".
        try scratch.write("outside/x.png", ExampleContent.png(width: 408, height: 408).bytes())
        let escape = RuleExample.pack([.stickerNaming("Cat", "../../../../outside/x.png")], "")
        try escape.write(to: scratch.at("dotdot"))
        let link = RuleExample.pack([.stickerNaming("Cat", "cat.png")], links: [("Cat.sticker/cat.png", scratch.at("outside/x.png"))], "")
        try link.write(to: scratch.at("symlink"))
        // The ../ path really reaches the outside file, so a reader that followed it would open it.
        #expect(FileSystem.realPath(scratch.at("dotdot/Stickers.xcstickers/Pack.stickerpack/Cat.sticker/../../../../outside/x.png"))
                == FileSystem.realPath(scratch.at("outside/x.png")))
        for folder in ["dotdot", "symlink"] {
            let recorder = RecordingFileReader()
            let result = try Linter(files: recorder).lint([scratch.at(folder)])
            let escapes = result.diagnostics.filter { $0.rule == "path-escape" }
            #expect(escapes.count == 1, "\(folder): \(result.diagnostics)")
            #expect(escapes.first?.path.hasSuffix("Cat.sticker") == true)
            #expect(!recorder.openedPaths.isEmpty)   // Contents.json files were read through it
            #expect(!recorder.openedPaths.contains { $0.contains("outside") || $0.hasSuffix("cat.png") }, "\(recorder.openedPaths)")
            #expect(result.files.isEmpty)
        }
    }
}

@Suite("check: configuration")
struct ConfigurationTests {
    @Test("severity overrides, off, grid and exclude apply")
    func applies() throws {
        let config = try Configuration.parse("""
            grid: small
            rules:
              square: off
              preferred-format: warning
            exclude: ["skip/**", "*.tmp.png"]
            """, path: "test.yml")
        #expect(config.grid == .small)
        let scratch = Scratch()
        try scratch.write("wide.gif", ExampleContent.gif(side: 300, frames: 2).bytes())
        try scratch.write("a/wide.png", ExampleContent.png(width: 408, height: 300).bytes())
        try scratch.write("skip/bad.png", [1, 2, 3])
        try scratch.write("x.tmp.png", [1, 2, 3])
        let result = try Linter(configuration: config).lint([scratch.path])
        #expect(!result.diagnostics.contains { $0.rule == "square" })
        #expect(result.diagnostics.contains { $0.rule == "preferred-format" && $0.severity == .warning })
        #expect(result.diagnostics.contains { $0.rule == "grid-size" && $0.path.hasSuffix("a/wide.png") })
        #expect(!result.files.contains { $0.path.contains("skip/") || $0.path.hasSuffix(".tmp.png") })
    }

    @Test("unknown keys and rule IDs are errors that name the line", arguments: [
        ("grid: regular\nrulez:\n  square: off\n", 2, "unknown key \"rulez\""),
        ("rules:\n  square: off\n  sqare: warning\n", 3, "unknown rule ID \"sqare\""),
        ("rules:\n  square: loud\n", 2, "must be off, note, warning or error"),
        ("grid: medium\n", 1, "grid must be small, regular or large"),
    ])
    func errors(_ text: String, _ line: Int, _ fragment: String) {
        do {
            _ = try Configuration.parse(text, path: ".stickerlint.yml")
            Issue.record("accepted: \(text)")
        } catch {
            guard case .invalid(_, let found, let message) = error else { Issue.record("\(error)"); return }
            #expect(found == line)
            #expect(message.contains(fragment), "\(message)")
            #expect(error.description.hasPrefix(".stickerlint.yml:\(line): "))
        }
    }

    @Test("globs: ** crosses folders, * does not, a bare name matches anywhere")
    func globs() {
        #expect(Glob.matches("Build/**", path: "Build/a/b.png"))
        #expect(Glob.matches("Build/**", path: "x/Build/a.png"))
        #expect(!Glob.matches("Build/*", path: "Build/a/b.png"))
        #expect(Glob.matches("**/*.png", path: "a.png"))
        #expect(Glob.matches("draft-*", path: "art/draft-1.png"))
        #expect(!Glob.matches("draft-*", path: "art/final.png"))
    }
}

@Suite("check: command line")
struct CommandLineTests {
    @Test("exit codes: 0 clean, 1 errors, 1 warnings with --strict, 2 bad path, bad argument or bad config")
    func exitCodes() throws {
        let scratch = Scratch()
        try scratch.write("good/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        try scratch.write("warn/a.png", ExampleContent.png(width: 408, height: 380).bytes())
        try scratch.write("bad/a.png", ExampleContent.png(width: 408, height: 408, style: .opaque).bytes())
        try scratch.write("cfg/.stickerlint.yml", "rulez: {}\n")
        #expect(try CLI.run(["check", scratch.at("good")]).0 == 0)
        #expect(try CLI.run([scratch.at("good")]).0 == 0)            // check is the default command
        #expect(try CLI.run(["check", scratch.at("warn")]).0 == 0)
        #expect(try CLI.run(["check", "--strict", scratch.at("warn")]).0 == 1)
        #expect(try CLI.run(["check", scratch.at("bad")]).0 == 1)
        let missing = try CLI.run(["check", scratch.at("nope")])
        #expect(missing.0 == 2 && missing.2.contains("no such file or folder"))
        #expect(try CLI.run(["check", "--format", "yaml", scratch.at("good")]).0 == 2)
        let config = try CLI.run(["check", "."], in: scratch.at("cfg"))
        #expect(config.0 == 2 && config.2.contains(".stickerlint.yml:1: unknown key \"rulez\""))
    }

    @Test("text output groups by file, ends with the summary line, and has no colour when piped")
    func textOutput() throws {
        let (status, out, _) = try CLI.run(["check", samplePacks + "/Loose", "--grid", "regular"])
        #expect(status == 1)
        #expect(!out.contains("\u{1B}["))
        #expect(out.hasSuffix("4 files, 2 errors, 0 warnings, 1 note\n"))
        #expect(out.components(separatedBy: "\n").filter { $0.hasSuffix("photo.jpg") }.count == 1)
        let colored = TextReporter(colored: true).render(try Linter().lint([samplePacks + "/Loose"]))
        #expect(colored.contains("\u{1B}[1;31m"))
    }

    @Test("--output writes the report to a file atomically; --version and --help work")
    func outputFile() throws {
        let scratch = Scratch()
        let target = scratch.at("report.json")
        let (status, out, _) = try CLI.run(["check", "--format", "json", "--output", target, samplePacks + "/Good.xcstickers"])
        #expect(status == 0 && out.isEmpty)
        let report = try JSONDecoder().decode(Report.self, from: Data(contentsOf: URL(fileURLWithPath: target)))
        #expect(report.summary.files == 16)
        #expect(FileSystem.list(scratch.path) == ["report.json"])   // no temporary file left
        #expect(try CLI.run(["--version"]).1 == "0.1.0\n")
        #expect(try CLI.run(["check", "--help"]).1.contains("--grid"))
    }

    @Test("stickerlint rules lists every rule")
    func rules() throws {
        let (status, out, _) = try CLI.run(["rules"])
        #expect(status == 0)
        for d in RuleRegistry.descriptions { #expect(out.contains(d.id)) }
    }
}
