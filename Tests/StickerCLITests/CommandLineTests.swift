import Foundation
import StickerCatalog
import StickerLint
import StickerReport
import StickerTestSupport
import Testing
import StickerFiles

private let samplePacks = Conformance.projectRoot + "/SamplePacks"

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
        #expect(try CLI.run([scratch.at("good")]).0 == 0)  // check is the default command
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
        let report = try JSONDecoder().decode(JSONReportDocument.self, from: Data(contentsOf: URL(fileURLWithPath: target)))
        #expect(report.summary.files == 16)
        #expect(DiskFileSystem().list(scratch.path) == ["report.json"])  // no temporary file left
        #expect(try CLI.run(["--version"]).1 == "0.1.0\n")
        #expect(try CLI.run(["check", "--help"]).1.contains("--grid"))
    }

    @Test("every unsafe edit's option, as the rules document and SARIF print it, is an option fix --help lists; safe edits name none")
    func editFlagsAreFixOptions() throws {
        let (status, help, _) = try CLI.run(["fix", "--help"])
        #expect(status == 0)
        let (_, document, _) = try CLI.run(["rules", "--format", "markdown"])
        // "- `fit` (unsafe, with `--lossy`): …", "- `recompress` (safe, by default): …"
        var named: [EditKind: String] = [:]
        for line in document.split(separator: "\n") where line.hasPrefix("- `") {
            let parts = line.split(separator: "`", omittingEmptySubsequences: false)
            guard parts.count > 2, let kind = EditKind(rawValue: String(parts[1])), parts[2].hasPrefix(" (") else { continue }
            if kind.applicability == .safe {
                #expect(parts[2].hasPrefix(" (safe, by default)"), "\(line)")
            } else {
                #expect(parts[2] == " (unsafe, with " && parts.count > 3, "\(line)")
                let flag = String(parts[3])
                #expect(flag.hasPrefix("--") && (help.contains(flag + " ") || help.contains(flag + "\n")), "\(kind): \(flag)")
                #expect(named[kind].map { $0 == flag } ?? true, "\(kind) named two ways")
                named[kind] = flag
            }
        }
        #expect(Set(named.keys) == Set(EditKind.allCases.filter { $0.applicability == .unsafe }), "\(named)")
        // SARIF names the same option in a fix's description.
        let (_, sarif, _) = try CLI.run(["check", "--no-cache", "--format", "sarif", samplePacks + "/Bad.xcstickers"])
        #expect(sarif.contains("stickerlint fix: add-reference (unsafe, with \(named[.addReference] ?? "?"))"), "\(sarif.prefix(300))")
    }

    @Test("--report FORMAT:PATH writes each extra report byte-identical to a run of its own, beside --format's output")
    func extraReports() throws {
        let scratch = Scratch()
        let bad = samplePacks + "/Bad.xcstickers"
        let (status, out, _) = try CLI.run([
            "check", "--quiet", "--format", "github", "--report", "sarif:" + scratch.at("one.sarif"),
            "--report", "json:" + scratch.at("a:b.json"), bad
        ])
        let (aloneStatus, aloneOut, _) = try CLI.run(["check", "--quiet", "--format", "github", bad])
        #expect(status == 1 && aloneStatus == 1)
        #expect(out == aloneOut && out.contains("::error file="))
        for (format, file) in [("sarif", "one.sarif"), ("json", "a:b.json")] {
            let (separateStatus, _, _) = try CLI.run(["check", "--quiet", "--format", format, "--output", scratch.at("separate-" + format), bad])
            #expect(separateStatus == 1)
            let together = try Data(contentsOf: URL(fileURLWithPath: scratch.at(file)))
            let separate = try Data(contentsOf: URL(fileURLWithPath: scratch.at("separate-" + format)))
            #expect(!together.isEmpty && together == separate, "\(format)")
        }
        let noColon = try CLI.run(["check", "--report", "sarif", bad])
        #expect(noColon.0 == 2 && noColon.2.contains("--report takes FORMAT:PATH"))
        let unknown = try CLI.run(["check", "--report", "sraif:x.sarif", bad])
        #expect(unknown.0 == 2 && unknown.2.contains("did you mean"))
        let twice = try CLI.run(["check", "--output", scratch.at("x"), "--report", "json:" + scratch.at("x"), bad])
        #expect(twice.0 == 2 && twice.2.contains("two reports would be written to"))
    }

    @Test("a subcommand parsed on its own (the start-up shortcut) answers as the root does: the default command, errors, help, version")
    func directParse() throws {
        let loose = samplePacks + "/Loose"
        let named = try CLI.run(["check", "--grid", "regular", loose])
        let defaulted = try CLI.run(["--grid", "regular", loose])  // an option first: the root parses it
        let pathFirst = try CLI.run([loose, "--grid", "regular"])  // the default command, parsed directly
        #expect(named.0 == 1 && named == defaulted && named == pathFirst)
        // Errors are the root's: status 2, the root's name and hint.
        let typo = try CLI.run(["check", "--formt", "json", loose])
        #expect(typo.0 == 2 && typo.2 == "stickerlint: error: Unknown option '--formt'. Did you mean '--format'?\n(see stickerlint --help)\n")
        let missing = try CLI.run(["merge"])
        #expect(missing.0 == 2 && missing.2.hasPrefix("stickerlint: error: Missing expected argument '<reports> ...'"))
        // Help and version anywhere go to the root.
        let help = try CLI.run(["check", loose, "--help"])
        #expect(help.0 == 0 && help.1.contains("USAGE: stickerlint check") && help.1.contains("EXAMPLES:"))
        #expect(try CLI.run(["--version"]) == (0, Tool.version + "\n", ""))
        #expect(try CLI.run(["check", "--version"]).1 == Tool.version + "\n")
    }

    @Test("stickerlint rules lists every rule")
    func rules() throws {
        let (status, out, _) = try CLI.run(["rules"])
        #expect(status == 0)
        for d in RuleRegistry.descriptions { #expect(out.contains(d.id.rawValue)) }
    }

    @Test("--stamp writes its file with the counts whatever the run found, and --format xcode prints absolute paths")
    func stamp() throws {
        let scratch = Scratch()
        let (bad, out, _) = try CLI.run(["check", "--format", "xcode", "--stamp", scratch.at("bad.stamp"), "Bad.xcstickers"], in: samplePacks)
        #expect(bad == 1)
        let stamp = String(decoding: try DiskFileSystem().read(scratch.at("bad.stamp")), as: UTF8.self)
        #expect(stamp.hasPrefix("// stickerlint check: ") && stamp.contains(" errors, ") && stamp.hasSuffix(" notes\n"), "\(stamp)")
        let root = try #require(DiskFileSystem().realPath(samplePacks))
        #expect(out.split(separator: "\n").allSatisfy { $0.hasPrefix(root + "/Bad.xcstickers/") && $0.contains(":1:1: ") }, "\(out)")
        let (good, _, _) = try CLI.run(["check", "--stamp", scratch.at("good.stamp"), "Good.xcstickers"], in: samplePacks)
        #expect(good == 0)
        #expect(String(decoding: try DiskFileSystem().read(scratch.at("good.stamp")), as: UTF8.self).contains(" 0 errors, 0 warnings, "))
    }
}
