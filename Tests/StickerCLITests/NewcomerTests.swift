#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StickerCatalog
import StickerImage
import StickerLint
import StickerTestSupport
import Testing
import StickerFiles

private let samplePacks = Conformance.projectRoot + "/SamplePacks"

/// Every file under a folder with its bytes, to prove a tree unchanged.
private func snapshot(_ root: String) throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    func walk(_ folder: String) throws {
        for name in DiskFileSystem().list(folder) ?? [] {
            let path = folder + "/" + name
            if DiskFileSystem().kind(path) == .directory { try walk(path) } else { files[path] = try FileByteSource(path: path).readAll() }
        }
    }
    try walk(root)
    return files
}

/// Copies a folder tree (files and folders) into `target`.
private func copyTree(_ source: String, to target: String) throws {
    try FileManager.default.copyItem(atPath: source, toPath: target)
}

@Suite("Tried as a new user would")
struct NewcomerTests {
    @Test("variants on a catalog writes nothing into it, says why, and exits 0; --out writes outside it")
    func variantsNeverPolluteCatalogs() throws {
        let scratch = Scratch()
        let catalog = scratch.at("Good.xcstickers")
        try copyTree(samplePacks + "/Good.xcstickers", to: catalog)
        let before = try snapshot(catalog)
        let (status, out, err) = try CLI.run(["variants", catalog])
        #expect(status == 0, "\(err)")
        #expect(out.contains("skipped  inside an asset catalog") && out.contains("give --out DIR"), "\(out)")
        #expect(out.hasSuffix("0 masters, 0 variants written, 0 problems, 1 input skipped (1 inside an asset catalog)\n"), "\(out)")
        #expect(try snapshot(catalog) == before)  // byte-identical, nothing added
        // A sticker folder or file inside the catalog is skipped the same way.
        let inside = try CLI.run(["variants", catalog + "/Animals.stickerpack/Wave.sticker/wave.png"])
        #expect(inside.0 == 0 && inside.1.contains("inside an asset catalog"))
        #expect(try snapshot(catalog) == before)
        // With --out outside the catalog: the stickers get variants, the icons are not masters.
        let web = scratch.at("web")
        let (written, text, _) = try CLI.run(["variants", "--out", web, catalog])
        #expect(written == 0, "\(text)")
        #expect(text.contains("1 input skipped (1 an iMessage App Icon image)"), "\(text)")
        let made = Fixtures.images(under: web)
        #expect(
            !made.isEmpty
                && made.allSatisfy { $0.hasSuffix("@2x.png") || $0.hasSuffix("@1x.png") || $0.hasSuffix("@2x.gif") || $0.hasSuffix("@1x.gif") })
        #expect(!made.contains { $0.contains("icon") })
        #expect(try snapshot(catalog) == before)
        // --out inside a catalog is refused.
        let refused = try CLI.run(["variants", "--out", catalog + "/Out", catalog])
        #expect(refused.0 == 2 && refused.2.contains("inside an asset catalog"), "\(refused)")
    }

    @Test("variants skips files that are already @2x or @1x and counts them")
    func variantsSkipVariants() throws {
        let scratch = Scratch()
        try scratch.write("art/cat.png", ExampleContent.png(width: 618, height: 618).bytes())
        try scratch.write("art/cat@2x.png", ExampleContent.png(width: 412, height: 412).bytes())
        let (status, out, _) = try CLI.run(["variants", "--out", scratch.at("out"), scratch.at("art")])
        #expect(status == 0)
        #expect(out.contains("1 master, 2 variants written, 0 problems, 1 input skipped (1 already a @2x or @1x variant)"), "\(out)")
    }

    @Test("variants gives a variant's problem check's severity and exits like check (1 on errors, --strict for warnings)")
    func variantSeverities() throws {
        let scratch = Scratch()
        // 240 px: its @2x (160 px) and @1x (80 px) are below their ranges, which check calls an error.
        try scratch.write("tiny.png", ExampleContent.png(width: 240, height: 240).bytes())
        let (status, out, _) = try CLI.run(["variants", "--out", scratch.at("o1"), scratch.at("tiny.png")])
        #expect(status == 1)
        #expect(out.contains("  error    tiny@2x.png: 160×160 px is outside the 200–412 px range of @2x stickers  [pixel-dimensions]"), "\(out)")
        // A variant that exists already is left alone: a warning, so exit 0, and 1 with --strict.
        try scratch.write("ok.png", ExampleContent.png(width: 408, height: 408).bytes())
        #expect(try CLI.run(["variants", "--out", scratch.at("o2"), scratch.at("ok.png")]).0 == 0)
        let again = try CLI.run(["variants", "--out", scratch.at("o2"), scratch.at("ok.png")])
        #expect(again.0 == 0 && again.1.contains("exists (use --force to replace it)"), "\(again)")
        // Said as left in place, not as problems (a real run: '0 variants written, 304 problems' for 120 and 184 kept).
        #expect(again.1.hasSuffix("1 master, 0 variants written, 2 left in place (--force replaces them), 0 problems\n"), "\(again.1)")
        #expect(try CLI.run(["variants", "--strict", "--out", scratch.at("o2"), scratch.at("ok.png")]).0 == 1)
    }

    @Test("medium is regular: --grid, .stickerlint.yml and a pack's grid-size, named both ways")
    func medium() throws {
        let medium = try CLI.run(["check", "--grid", "medium", samplePacks + "/Loose"])
        let regular = try CLI.run(["check", "--grid", "regular", samplePacks + "/Loose"])
        #expect(medium.0 == regular.0 && medium.1 == regular.1)
        let scratch = Scratch()
        try scratch.write("a.png", ExampleContent.png(width: 300, height: 300).bytes())
        try scratch.write(".stickerlint.yml", "grid: medium\n")
        let (status, out, err) = try CLI.run(["check", "."], in: scratch.path)
        #expect(status == 0, "\(err)")
        #expect(out.contains("than the 408 px of the regular (medium) grid  [grid-size]"), "\(out)")
        try RuleExample.pack(grid: "medium", [.sticker("Cat", .png(width: 408, height: 408))], "").write(to: scratch.at("cat"))
        let pack = try CLI.run(["check", scratch.at("cat")])
        #expect(pack.0 == 1)
        #expect(
            pack.1.contains(
                "grid-size \"medium\" is what Apple's design guidance calls the regular size, but Xcode only reads \"regular\": write \"regular\""),
            "\(pack.1)")
        #expect(!pack.1.contains("[grid-size]"), "a 408 px sticker is on the grid medium means")
    }

    @Test("did you mean: rule IDs, configuration keys, --format, --grid and commands")
    func didYouMean() throws {
        let scratch = Scratch()
        try scratch.write("a.png", ExampleContent.png(width: 408, height: 408).bytes())
        for (arguments, fragment) in [
            (["check", "--format", "jsn", "."], #"unknown format "jsn" (did you mean "json"?)"#),
            (["check", "--grid", "larg", "."], #"unknown grid "larg" (did you mean "large"?)"#),
            (["chek"], "no such file or folder: chek (did you mean `stickerlint check`?)"),
            (["varients"], "(did you mean `stickerlint variants`?)")
        ] {
            let (status, _, err) = try CLI.run(arguments, in: scratch.path)
            #expect(status == 2, "\(arguments)")
            #expect(err.contains(fragment), "\(arguments): \(err)")
        }
        try scratch.write(".stickerlint.yml", "rulez:\n  sqare: off\n")
        let key = try CLI.run(["check", "."], in: scratch.path)
        #expect(key.0 == 2 && key.2.contains(#".stickerlint.yml:1: unknown key "rulez" (did you mean "rules"?)"#), "\(key.2)")
        try scratch.write(".stickerlint.yml", "rules:\n  sqare: off\n")
        let rule = try CLI.run(["check", "."], in: scratch.path)
        #expect(rule.0 == 2 && rule.2.contains(#".stickerlint.yml:2: unknown rule ID "sqare" (did you mean "square"?)"#), "\(rule.2)")
        // Far from every valid value: no guess.
        let far = try CLI.run(["check", "--format", "yaml", "."], in: scratch.path)
        #expect(far.0 == 2 && !far.2.contains("did you mean"), "\(far.2)")
    }

    @Test("nothing checked is not a pass: exit 2 and a message, unless --allow-empty or files were named")
    func nothingChecked() throws {
        let scratch = Scratch()
        try Folders.create(scratch.at("empty"))
        try scratch.write("notes/readme.txt", "no images here")
        for folder in ["empty", "notes", "typo-that-does-not-exist"] {
            let (status, out, err) = try CLI.run(["check", scratch.at(folder)])
            #expect(status == 2, "\(folder)")
            #expect(out.isEmpty)
            #expect(
                err.contains(folder == "typo-that-does-not-exist" ? "no such file or folder" : "no stickers found under \(scratch.at(folder))"),
                "\(err)")
        }
        #expect(try CLI.run(["check", "--allow-empty", scratch.at("empty")]).0 == 0)
        // A pre-commit hook names files; when the configuration excludes them all, that is fine.
        try scratch.write("repo/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        try scratch.write("repo/.stickerlint.yml", "exclude: [\"a.png\"]\n")
        let hook = try CLI.run(["check", "a.png"], in: scratch.at("repo"))
        #expect(hook.0 == 0, "\(hook)")
    }

    @Test(
        "help wraps cleanly at any width and every command's help ends with examples",
        arguments: ["", "check", "report", "merge", "variants", "rules", "inspect", "install-hook"])
    func help(_ command: String) throws {
        let arguments = (command.isEmpty ? [] : [command]) + ["--help"]
        for width in [60, 100, 200] {
            let (status, out, _) = try CLI.run(arguments, environment: ["COLUMNS": "\(width)"])
            #expect(status == 0)
            let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
            // No line runs past the terminal (the usage line of a long command may, as ArgumentParser prints it).
            for line in lines where !line.hasPrefix("USAGE:") && !line.hasPrefix("  stickerlint ") {
                #expect(line.count <= width, "\(command) at \(width): \(line)")
            }
            // At 200 columns a paragraph is one line: no break inside "(.xcassets, .xcstickers)".
            if width == 200, command == "check" {
                #expect(out.contains("an asset catalog (.xcassets, .xcstickers), a .stickerpack"), "\(out)")
            }
            // It ends with an EXAMPLES section whose lines are stickerlint commands.
            let nonEmpty = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            let examples = nonEmpty.suffix(from: try #require(nonEmpty.lastIndex(of: "EXAMPLES:"), "\(command): no EXAMPLES") + 1)
            #expect(
                !examples.isEmpty && examples.allSatisfy { $0.trimmingCharacters(in: .whitespaces).contains("stickerlint ") },
                "\(command) at \(width): \(examples)")
            if !command.isEmpty { #expect(examples.allSatisfy { $0.contains(command) }, "\(command): \(examples)") }
        }
    }

    @Test("the README's examples that only read SamplePacks/ run as written, exiting 0 or 1")
    func readmeExamples() throws {
        let readme = try Conformance.readProjectFile("README.md")
        var inShell = false
        var commands: [[String]] = []
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = !inShell && line.hasPrefix("```sh")
                continue
            }
            guard inShell, line.hasPrefix("stickerlint ") else { continue }
            let command = line.components(separatedBy: " #")[0]
            commands.append(command.split(separator: " ").map(String.init))
        }
        let optionsWithValues: Set<String> = ["--grid", "--format", "--config", "--jobs", "--max-warnings", "--baseline"]
        let writing: Set<String> = ["-o", "--output", "--write-baseline", "--out", "--force"]
        var ran = 0
        for words in commands {
            let arguments = Array(words.dropFirst())
            guard !["variants", "install-hook", "report"].contains(arguments.first ?? ""),
                !arguments.contains(where: writing.contains)
            else { continue }
            var paths: [String] = []
            var skipNext = false
            for argument in arguments {
                if skipNext { skipNext = false; continue }
                if optionsWithValues.contains(argument) { skipNext = true; continue }
                if argument.hasPrefix("-") || ["check", "rules", "inspect"].contains(argument) { continue }
                paths.append(argument)
            }
            guard !paths.isEmpty, paths.allSatisfy({ $0.hasPrefix("SamplePacks/") }) else { continue }
            let (status, _, err) = try CLI.run(arguments, in: Conformance.projectRoot)
            #expect(status == 0 || status == 1, "\(words.joined(separator: " ")): \(err)")
            #expect(err.isEmpty, "\(words.joined(separator: " ")): \(err)")
            ran += 1
        }
        #expect(ran >= 4, "only \(ran) README examples read SamplePacks/")
    }
}
