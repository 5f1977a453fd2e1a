#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// Hostile inputs and careless days (#36): what is not a readable configuration stops the run with
/// its reason, inputs that are not images have size caps read before allocating, and `fix --out` never
/// copies a tree into itself.
@Suite("hostile inputs")
struct HostileInputTests {
    @Test(
        "a .stickerlint.yml that is a dangling link, a folder or a FIFO is exit 2 with the reason, never skipped",
        arguments: ["dangling link", "folder", "FIFO"])
    func unreadableConfiguration(_ kind: String) throws {
        let scratch = Scratch()
        try scratch.write("pack/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        let config = scratch.at("pack/.stickerlint.yml")
        switch kind {
        case "dangling link": #expect(symlink("nowhere.yml", config) == 0)
        case "folder": try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: false)
        default: #expect(mkfifo(config, 0o644) == 0)
        }
        let (status, _, err) = try CLI.run(["check", "--no-cache", "."], in: scratch.at("pack"))
        #expect(status == 2, "\(kind): \(err)")
        #expect(err.contains(".stickerlint.yml"), "\(kind): \(err)")
        #expect(err.split(separator: "\n").count == 1, "\(kind): \(err)")
    }

    @Test("inputs that are not images are capped: a configuration over 1 MiB, a Contents.json over 4 MiB, a baseline over 16 MiB")
    func inputBudgets() throws {
        let scratch = Scratch()
        try scratch.write("pack/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        // At the limit a configuration is read (a comment of exactly 1 MiB); one byte more is refused unread.
        let limit = InputBudget.configuration.limit
        // Comment lines of 1,024 bytes (a line holds at most 4,096), then one of what is left.
        func comments(_ total: Int) -> String {
            let line = "#" + String(repeating: "x", count: 1_022) + "\n"
            let whole = total / line.utf8.count, rest = total - whole * line.utf8.count
            return String(repeating: line, count: whole) + (rest == 0 ? "" : rest == 1 ? "\n" : "#" + String(repeating: "x", count: rest - 2) + "\n")
        }
        #expect(comments(limit).utf8.count == limit && comments(limit + 1).utf8.count == limit + 1)
        try scratch.write("pack/.stickerlint.yml", comments(limit))
        #expect(try CLI.run(["check", "--no-cache", "."], in: scratch.at("pack")).0 == 0)
        try scratch.write("pack/.stickerlint.yml", comments(limit + 1))
        let over = try CLI.run(["check", "--no-cache", "."], in: scratch.at("pack"))
        #expect(over.0 == 2 && over.2.contains("over the 1 MiB limit for a configuration file"), "\(over.2)")
        DiskFileSystem().remove(scratch.at("pack/.stickerlint.yml"))

        // A catalog's Contents.json of 4 MiB and one byte is an invalid-json error naming the limit.
        let padding = String(repeating: " ", count: InputBudget.contentsJSON.limit)
        try scratch.write("C.xcstickers/Contents.json", "{\"info\":{\"author\":\"xcode\",\"version\":1}}" + padding)
        let catalog = try CLI.run(["check", "--no-cache", "--format", "json", scratch.at("C.xcstickers")])
        #expect(catalog.0 == 1 && catalog.1.contains("over the 4 MiB limit for a Contents.json file"), "\(catalog.1.prefix(2000))")

        try scratch.write("baseline.json", String(repeating: " ", count: InputBudget.baseline.limit + 1))
        let baseline = try CLI.run(["check", "--no-cache", "--baseline", scratch.at("baseline.json"), scratch.at("pack")])
        #expect(baseline.0 == 2 && baseline.2.contains("over the 16 MiB limit for a baseline file"), "\(baseline.2)")
    }

    @Test("--order and --labels files are read up to 4 MiB and refused unread past it; a report to merge past 256 MiB too")
    func listCaps() throws {
        let scratch = Scratch()
        try scratch.write("art/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        let limit = InputBudget.order.limit
        // Exactly 4 MiB: one name, then a comment that fills the rest; one byte more is refused.
        let name = "a.png\n#"
        try scratch.write("order.txt", name + String(repeating: "x", count: limit - name.utf8.count))
        let at = try CLI.run(["pack", "art", "--order", "order.txt", "-o", "At.xcstickers"], in: scratch.path)
        #expect(at.0 != 2 && !at.2.contains("limit"), "\(at.2)")
        try scratch.write("order.txt", name + String(repeating: "x", count: limit - name.utf8.count + 1))
        let over = try CLI.run(["pack", "art", "--order", "order.txt", "-o", "Over.xcstickers"], in: scratch.path)
        #expect(over.0 == 2 && over.2.contains("over the 4 MiB limit for an --order file"), "\(over.2)")
        #expect(DiskFileSystem().kind(scratch.at("Over.xcstickers")) == .missing)
        try scratch.write("labels.csv", "")
        #expect(truncate(scratch.at("labels.csv"), off_t(InputBudget.labels.limit + 1)) == 0)
        let labels = try CLI.run(["pack", "art", "--labels", "labels.csv", "-o", "Labels.xcstickers"], in: scratch.path)
        #expect(labels.0 == 2 && labels.2.contains("over the 4 MiB limit for a --labels file"), "\(labels.2)")
        // Sparse on disk: the size alone refuses it.
        try scratch.write("big.json", "")
        #expect(truncate(scratch.at("big.json"), off_t(InputBudget.mergedReport.limit + 1)) == 0)
        let merge = try CLI.run(["merge", scratch.at("big.json")])
        #expect(merge.0 == 2 && merge.2.contains("over the 256 MiB limit for a report to merge") && merge.2.contains("big.json"), "\(merge.2)")
    }

    @Test("a cache file past 256 MiB is left unread: the run gives the cold result and writes a small cache in its place")
    func cacheCap() throws {
        let scratch = Scratch()
        try scratch.write("pack/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        try scratch.write("pack/b.png", ExampleContent.png(width: 200, height: 200).bytes())
        // A minute old: a file changed in the last two seconds is never cached (git's "racily clean").
        for name in ["a.png", "b.png"] {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: scratch.at("pack/" + name))
        }
        let cold = try CLI.run(["check", "--no-cache", scratch.at("pack")])
        let first = try CLI.run(["check", "--cache-path", scratch.at("cache"), scratch.at("pack")])
        #expect(first.0 == cold.0 && first.1 == cold.1)
        let caches = try FileManager.default.contentsOfDirectory(atPath: scratch.at("cache")).filter { $0.hasSuffix(".cache") }
        try #require(caches.count == 1)
        let cache = scratch.at("cache/" + caches[0])
        #expect(truncate(cache, off_t(InputBudget.cache.limit + 1)) == 0)
        let second = try CLI.run(["check", "--cache-path", scratch.at("cache"), scratch.at("pack")])
        #expect(second.0 == cold.0 && second.1 == cold.1, "\(second.1)")
        #expect((DiskFileSystem().size(cache) ?? .max) < 1 << 20)
    }

    @Test(
        "fix --out inside the paths to fix, or a path inside --out, is a usage error that copies nothing",
        arguments: [("G.xcstickers/Fixed", "G.xcstickers"), ("Out", "Out/G.xcstickers"), ("G.xcstickers", "G.xcstickers")])
    func fixOutOverlaps(_ out: String, _ source: String) throws {
        let scratch = Scratch()
        try scratch.write(source + "/Contents.json", "{\"info\":{\"author\":\"xcode\",\"version\":1}}\n")
        let before = try FileManager.default.subpathsOfDirectory(atPath: scratch.path).sorted()
        let (status, _, err) = try CLI.run(["fix", "--out", out, source], in: scratch.path)
        #expect(status == 2 && err.contains("overlap (one is inside the other)"), "\(err)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: scratch.path).sorted() == before)
        // Beside it, a folder outside is fine (the catalog holds no sticker: --allow-empty, as for check).
        #expect(try CLI.run(["fix", "--allow-empty", "--out", "Elsewhere", source], in: scratch.path).0 == 0)
    }

    @Test("fix --add-unreferenced never follows a sticker folder linked out of the catalog, and never adds an entry twice")
    func addUnreferencedThroughLink() throws {
        let scratch = Scratch()
        let info = "\"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }"
        let stickerJSON = { (file: String) in "{\n  \(info),\n  \"properties\" : {\n    \"filename\" : \"\(file)\"\n  }\n}\n" }
        try scratch.write("C.xcstickers/Contents.json", "{\n  \(info)\n}\n")
        try scratch.write(
            "C.xcstickers/P.stickerpack/Contents.json",
            "{\n  \(info),\n  \"stickers\" : [\n    {\n      \"filename\" : \"a.sticker\"\n    }\n  ]\n}\n")
        try scratch.write("C.xcstickers/P.stickerpack/a.sticker/Contents.json", stickerJSON("a.png"))
        try scratch.write("C.xcstickers/P.stickerpack/a.sticker/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        try scratch.write("C.xcstickers/P.stickerpack/b.sticker/Contents.json", stickerJSON("b.png"))
        try scratch.write("C.xcstickers/P.stickerpack/b.sticker/b.png", ExampleContent.png(width: 408, height: 408, seed: 2).bytes())
        try scratch.write("outside/evil.sticker/Contents.json", "{\"properties\":{\"filename\":\"evil.png\"}}")
        try scratch.write("outside/evil.sticker/evil.png", ExampleContent.png(width: 408, height: 408, seed: 3).bytes())
        #expect(symlink("../../outside/evil.sticker", scratch.at("C.xcstickers/P.stickerpack/evil.sticker")) == 0)
        let outside = try DiskFileSystem().read(scratch.at("outside/evil.sticker/Contents.json"))
        let outsideImage = try DiskFileSystem().read(scratch.at("outside/evil.sticker/evil.png"))
        for run in 1...2 {
            let (status, out, err) = try CLI.run(["fix", "--add-unreferenced", "-q", scratch.at("C.xcstickers")])
            #expect(status == 0 || status == 1, "run \(run): \(err)")
            #expect(out.contains("not added: a symbolic link"), "run \(run): \(out)")
            let pack = String(decoding: try DiskFileSystem().read(scratch.at("C.xcstickers/P.stickerpack/Contents.json")), as: UTF8.self)
            #expect(!pack.contains("evil.sticker"), "run \(run): \(pack)")
            // b.sticker is added once, on the first run, and never again.
            #expect(pack.components(separatedBy: "\"b.sticker\"").count == 2, "run \(run): \(pack)")
            #expect(try DiskFileSystem().read(scratch.at("outside/evil.sticker/Contents.json")) == outside)
            #expect(try DiskFileSystem().read(scratch.at("outside/evil.sticker/evil.png")) == outsideImage)
        }
    }
}

/// Contents.json read as Xcode's JSON reader reads it (#36.10).
@Suite("Contents.json like Xcode")
struct ContentsJSONStrictnessTests {
    @Test(
        "invalid UTF-8 is refused with its byte offset: a stray continuation byte, overlong forms, encoded surrogates, above U+10FFFF, cut short",
        arguments: [
            ([0x80], 10), ([0xC0, 0xAF], 10), ([0xE0, 0x80, 0xAF], 10), ([0xED, 0xA0, 0x80], 10),
            ([0xF4, 0x90, 0x80, 0x80], 10), ([0xF0, 0x80, 0x80, 0xAF], 10), ([0xE2, 0x82], 10)
        ] as [([UInt8], Int)])
    func invalidUTF8(_ bad: [UInt8], _ offset: Int) {
        let document = Array(#"{"name": ""#.utf8) + bad + Array(#""}"#.utf8)
        #expect(UTF8Check.firstInvalidByte(document) == offset)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(document) }
        do { _ = try JSONParser.parse(document) } catch { #expect(error.reason == "invalid UTF-8 at byte \(offset)", "\(error)") }
    }

    @Test("valid UTF-8 at the edges of each form passes: U+007F, U+0080, U+07FF, U+0800, U+D7FF, U+E000, U+FFFF, U+10000, U+10FFFF")
    func validUTF8() throws {
        for scalar in [0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF] {
            let text = "{\"name\": \"\(Character(Unicode.Scalar(UInt32(scalar))!))\"}"
            #expect(UTF8Check.firstInvalidByte(Array(text.utf8)) == nil, "U+\(String(scalar, radix: 16))")
            #expect(try JSONParser.parse(Array(text.utf8))["name"] == .string(String(Character(Unicode.Scalar(UInt32(scalar))!))))
        }
    }

    @Test("an escaped surrogate without its pair is refused; a pair is one scalar")
    func surrogates() throws {
        for text in [#"{"a": "\uD800"}"#, #"{"a": "\uDC00"}"#, #"{"a": "\uD800\u0041"}"#] {
            #expect(throws: JSONParser.Failure.self, "\(text)") { try JSONParser.parse(Array(text.utf8)) }
        }
        #expect(try JSONParser.parse(Array(#"{"a": "\uD83D\uDE00"}"#.utf8))["a"] == .string("😀"))
    }

    @Test("a key repeated in one object is reported, and the last is read, as Xcode reads it")
    func duplicateKeys() throws {
        let scratch = Scratch()
        try RuleExample.pack([.sticker("Cat", .png(width: 408, height: 408))], "").write(to: scratch.path)
        let sticker = scratch.at("Stickers.xcstickers/Pack.stickerpack/Cat.sticker/Contents.json")
        try scratch.write(
            "Stickers.xcstickers/Pack.stickerpack/Cat.sticker/Contents.json",
            "{\n  \"properties\" : {\n    \"filename\" : \"nothing.png\",\n    \"filename\" : \"cat.png\"\n  }\n}\n")
        let (status, out, _) = try CLI.run(["check", "--no-cache", "--format", "json", scratch.at("Stickers.xcstickers")])
        #expect(status == 1)
        #expect(out.contains("has the key \\\"filename\\\" twice in one object (line 4): Xcode reads the last"), "\(out)")
        // The last is read: cat.png exists, so nothing is missing.
        #expect(!out.contains("\"missing-file\""), "\(out)")
        #expect(out.contains(sticker), "\(out)")
    }

    @Test("a sequence's repetitions past 0 … 2³¹ − 1, or not whole, are catalog-json's error, never a trap (1e300 trapped)")
    func repetitionsInRange() throws {
        let scratch = Scratch()
        let copied = try Process.run("/bin/cp", ["-R", Conformance.projectRoot + "/SamplePacks/Good.xcstickers", scratch.path])
        try #require(copied.0 == 0)
        let file = "Good.xcstickers/Animals.stickerpack/Blink.stickersequence/Contents.json"
        let original = String(decoding: try DiskFileSystem().read(scratch.at(file)), as: UTF8.self)
        for (value, said) in [
            ("0", nil), ("2147483647", nil), ("2147483648", "2,147,483,648"), ("-1", "-1"), ("1.5", "1.5"), ("1e300", "1e+300"),
            ("9.3e18", "9.3e+18")
        ] {
            try scratch.write(file, original.replacingOccurrences(of: "\"repetitions\":0", with: "\"repetitions\":\(value)"))
            let (status, out, err) = try CLI.run(["check", "--no-cache", scratch.at("Good.xcstickers")])
            let finding = "\"repetitions\" is \(said ?? ""), not a whole number from 0 to 2,147,483,647  [catalog-json]"
            #expect(status == (said == nil ? 0 : 1) && out.contains(finding) == (said != nil), "\(value): \(status) \(out) \(err)")
        }
    }

    @Test("a file modified after 2262 (a tar or ZIP can keep such a time) is checked, twice with the cache, never a trap")
    func farFutureModification() throws {
        let scratch = Scratch()
        try scratch.write("art/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        let touched = try Process.run("/usr/bin/touch", ["-t", "230001010000", scratch.at("art/a.png")])
        try #require(touched.0 == 0, "\(touched.2)")
        let cache = ["STICKERLINT_CACHE_DIR": scratch.at("cache")]
        let cold = try CLI.run(["check", scratch.at("art")], environment: cache)
        let warm = try CLI.run(["check", scratch.at("art")], environment: cache)
        #expect(cold.0 == 0 && warm.0 == 0 && cold.1 == warm.1 && cold.1.contains("1 file, 0 errors"), "\(cold) \(warm)")
    }
}

/// Words and exits (#35.14): every message says what is true, in one line, with the path; usage
/// errors exit 2 everywhere.
@Suite("words and exits")
struct WordsAndExitsTests {
    @Test("--jobs -1 is refused with its reason, not as a missing value")
    func negativeJobs() throws {
        let (status, _, err) = try CLI.run(["check", "--jobs", "-1", "SamplePacks/Loose"], in: Conformance.projectRoot)
        #expect(status == 2 && err.contains("--jobs must be at least 1"), "\(err)")
        #expect(!err.contains("Missing value"), "\(err)")
    }

    @Test("options before the command reach it: stickerlint --no-cache check X is stickerlint check --no-cache X")
    func optionsBeforeCommand() throws {
        let before = try CLI.run(["--no-cache", "--format", "json", "check", "SamplePacks/Loose"], in: Conformance.projectRoot)
        let after = try CLI.run(["check", "--no-cache", "--format", "json", "SamplePacks/Loose"], in: Conformance.projectRoot)
        #expect(before.0 == after.0 && before.1 == after.1, "\(before.2)")
        #expect(!before.2.contains("no such file or folder: check"))
    }

    @Test("an unknown option is suggested only what it is likely a typo of; a command's name given as an option says so")
    func unknownOptions() throws {
        let typo = try CLI.run(["check", "--formt", "json", "x"])
        #expect(typo.0 == 2 && typo.2.contains("Unknown option '--formt'. Did you mean '--format'?"), "\(typo.2)")
        let command = try CLI.run(["check", "--fix", "x"])
        #expect(
            command.0 == 2 && !command.2.contains("Did you mean") && command.2.contains("(fix is a command: stickerlint fix PATH...)"), "\(command.2)"
        )
        #expect(command.2.split(separator: "\n").count == 2, "\(command.2)")
    }

    @Test("fix --help names the seven colour chunks fix keeps, as the README does")
    func colourChunks() throws {
        let (_, help, _) = try CLI.run(["fix", "--help"])
        let readme = try Conformance.readProjectFile("README.md")
        for chunk in ["iCCP", "sRGB", "gAMA", "cHRM", "cICP", "mDCv", "cLLi"] {
            #expect(help.contains(chunk) && readme.contains(chunk), "\(chunk)")
        }
    }

    @Test("a dry run says what would be rewritten; the fix summary comes after the findings")
    func fixWords() throws {
        let scratch = Scratch()
        try scratch.write(
            "a/big.png", try PNGEncoder.encode(rgba: [UInt8](repeating: 0, count: 408 * 408 * 4), width: 408, height: 408, compressionLevel: 0))
        try scratch.write("a/small.png", ExampleContent.png(width: 200, height: 200).bytes())
        let (_, out, _) = try CLI.run(["fix", "--dry-run", "-q", scratch.at("a")])
        #expect(out.contains("would be rewritten") && !out.contains("would rewrite"), "\(out)")
        let summary = try #require(out.range(of: "fix: "))
        let finding = try #require(out.range(of: "[pixel-dimensions]"))
        #expect(finding.lowerBound < summary.lowerBound, "\(out)")
    }

    @Test("inspect of a missing path exits 2, as check does; pack --into a missing folder says so")
    func missingPaths() throws {
        let scratch = Scratch()
        let inspect = try CLI.run(["inspect", scratch.at("nope.png")])
        #expect(inspect.0 == 2 && inspect.2.contains("no such file or folder: \(scratch.at("nope.png"))"), "\(inspect)")
        try scratch.write("Art/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        let pack = try CLI.run(["pack", "Art", "--into", "Missing.xcstickers"], in: scratch.path)
        #expect(pack.0 == 2 && pack.2.contains("--into Missing.xcstickers: no such folder"), "\(pack.2)")
    }

    @Test("pack notes --labels rows that name no art; one image that cannot be made is 'the image', not 'none of the 1 image'")
    func packWords() throws {
        let scratch = Scratch()
        try scratch.write("Art/cat.png", ExampleContent.png(width: 408, height: 408).bytes())
        try scratch.write("labels.csv", "cat.png,A cat\ncta.png,A typo\n")
        let (status, out, err) = try CLI.run(["pack", "Art", "-o", "Out.xcstickers", "--labels", "labels.csv"], in: scratch.path)
        #expect(status == 0 || status == 1, "\(err)")
        #expect(out.contains("--labels names \"cta.png\", which is none of the art: its label is not used"), "\(out)")
        #expect(!out.contains("\"cat.png\", which is none"), "\(out)")
        try scratch.write("Broken/bad.png", Array("not a png".utf8))
        let broken = try CLI.run(["pack", "Broken", "-o", "B.xcstickers"], in: scratch.path)
        #expect(broken.0 == 2 && broken.2.contains("the image could not be made into a sticker"), "\(broken.2)")
        // The formats named are the ones read: WebP among them.
        #expect(broken.2.contains("content is unknown, not PNG, APNG, GIF, JPEG or WebP"), "\(broken.2)")
    }

    @Test("a report over 300 stickers says \"and 1 page\" when there is one pack page")
    func onePage() throws {
        let scratch = Scratch()
        let stickers = (0..<301).map { ExampleSticker.sticker("S\($0)", .png(width: 300, height: 300, seed: $0)) }
        try RuleExample.pack(grid: "small", stickers, "").write(to: scratch.path)
        let (_, out, err) = try CLI.run(["report", "--no-cache", "-o", scratch.at("out") + "/", scratch.at("Stickers.xcstickers")])
        #expect(out.contains("index.html and 1 page:"), "\(out)\(err)")
    }
}

/// The smaller points of #36.11.
@Suite("hostile inputs: the smaller points")
struct HostileSmallerTests {
    @Test("pack refuses art inside its output, and never removes a backup an interrupted run left")
    func packOutputs() throws {
        let scratch = Scratch()
        try scratch.write("Out.xcstickers/art/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        let inside = try CLI.run(["pack", "Out.xcstickers/art", "-o", "Out.xcstickers", "--force"], in: scratch.path)
        #expect(inside.0 == 2 && inside.2.contains("lies inside the output Out.xcstickers"), "\(inside.2)")
        #expect(DiskFileSystem().kind(scratch.at("Out.xcstickers/art/a.png")) == .file)
        try scratch.write("Art/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        try scratch.write(".New.xcstickers.stickerlint-replaced/Contents.json", "{}")
        let backup = try CLI.run(["pack", "Art", "-o", "New.xcstickers", "--force"], in: scratch.path)
        #expect(backup.0 == 2 && backup.2.contains("is what an interrupted run set aside: move it back to New.xcstickers"), "\(backup.2)")
        #expect(try DiskFileSystem().read(scratch.at(".New.xcstickers.stickerlint-replaced/Contents.json")) == Array("{}".utf8))
    }

    @Test("merge of a folder or a device names it; a configuration key of 10 MB is shown by its start and length")
    func namesAndLongKeys() throws {
        let scratch = Scratch()
        try FileManager.default.createDirectory(atPath: scratch.at("dir.json"), withIntermediateDirectories: true)
        for path in [scratch.at("dir.json"), "/dev/zero"] {
            let (status, _, err) = try CLI.run(["merge", path])
            #expect(status == 2 && err.contains(path) && err.contains("not a regular file"), "\(err)")
        }
        try scratch.write("pack/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        // A long key within a line's 4,096 bytes is named by its start and length; a 700,000-byte line is
        // refused before it is read as characters (#51).
        try scratch.write("pack/.stickerlint.yml", String(repeating: "k", count: 4_000) + ": 1\n")
        let (status, _, err) = try CLI.run(["check", "--no-cache", "."], in: scratch.at("pack"))
        #expect(status == 2 && err.contains("… (4000 characters)") && err.utf8.count < 500, "\(err.prefix(300))")
        try scratch.write("pack/.stickerlint.yml", String(repeating: "k", count: 700_000) + ": 1\n")
        let long = try CLI.run(["check", "--no-cache", "."], in: scratch.at("pack"))
        #expect(long.0 == 2 && long.2.contains("a line longer than 4,096 bytes") && long.2.utf8.count < 500, "\(long.2.prefix(300))")
    }

    @Test("a cache folder that is a file is said once on standard error, and the check goes on")
    func unusableCache() throws {
        let scratch = Scratch()
        try scratch.write("pack/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        try scratch.write("cache", "not a folder")
        let (status, out, err) = try CLI.run(["check", "--cache-path", scratch.at("cache"), scratch.at("pack")])
        #expect(status == 0 && out.contains("1 file, 0 errors"), "\(out)")
        #expect(err.contains("stickerlint: note: the cache folder \(scratch.at("cache")) is not a folder"), "\(err)")
        #expect(try DiskFileSystem().read(scratch.at("cache")) == Array("not a folder".utf8))
    }

    @Test("fix and pack judge a file over the 64 MiB read budget from its size and header, as check does, and never read it whole")
    func hugeFiles() throws {
        let scratch = Scratch()
        try scratch.write("art/huge.png", ExampleContent.png(width: 408, height: 408).bytes())
        // 70 MiB: a valid PNG followed by zeros, sparse on disk.
        #expect(truncate(scratch.at("art/huge.png"), off_t(70 << 20)) == 0)
        let fix = try CLI.run(["fix", "-q", scratch.at("art")])
        #expect(fix.1.contains("only its header was read: left as it is"), "\(fix.1)")
        #expect(DiskFileSystem().size(scratch.at("art/huge.png")) == 70 << 20)
        let pack = try CLI.run(["pack", "art", "-o", "Out.xcstickers"], in: scratch.path)
        #expect(pack.0 == 2 && pack.2.contains("over the 67,108,864-byte read limit"), "\(pack.2)")
    }
}

/// `report -o DIR/` writes its pages as a set (#36.7).
@Suite("report pages as a set")
struct ReportPageSetTests {
    @Test("SIGTERM at any moment of report -o DIR/: index.html never links a page that is not there, and no temporary file is left")
    func interrupted() throws {
        let scratch = Scratch()
        for pack in ["A", "B"] {
            let stickers = (0..<160).map { ExampleSticker.sticker("\(pack)\($0)", .png(width: 300, height: 300, seed: $0)) }
            try RuleExample.pack(grid: "small", stickers, "").write(to: scratch.at(pack))
        }
        var finished = 0
        for (run, delay) in stride(from: 20_000, through: 1_600_000, by: 130_000).enumerated() {
            let out = scratch.at("out\(run)")
            let process = Foundation.Process()
            // The test process blocks or ignores SIGTERM (its own atomic writers' handlers), and children inherit
            // that: perl unblocks it and gives the report the default disposition before it execs it, same pid.
            process.executableURL = URL(fileURLWithPath: Tools.path("perl"))
            process.arguments = [
                "-MPOSIX", "-e", "sigprocmask(SIG_UNBLOCK, POSIX::SigSet->new(SIGTERM)); $SIG{TERM} = 'DEFAULT'; exec @ARGV or die", CLI.executable,
                "report", "--no-cache", "-q", "-o", out + "/", scratch.at("A"), scratch.at("B")
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(delay))
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            let names = DiskFileSystem().list(out) ?? []
            #expect(!names.contains { $0.contains(".tmp-") }, "run \(run): \(names)")
            // A new folder is made whole beside it and put in place in one step: there is none, or all of it.
            #expect(names.isEmpty || names.sorted() == ["index.html", "pack-1.html", "pack-2.html"], "run \(run): \(names)")
            guard names.contains("index.html") else { continue }
            finished += 1
            let index = String(decoding: try DiskFileSystem().read(out + "/index.html"), as: UTF8.self)
            let links = index.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
                .filter { $0.hasSuffix(".html") && !$0.contains("/") }
            #expect(!links.isEmpty, "run \(run)")
            for link in Set(links) { #expect(names.contains(link), "run \(run): index.html links \(link), which is not there: \(names)") }
        }
        // The early signals stopped runs before their set was in place (how many later ones finished depends on
        // the machine); a run left alone writes the whole set, every link resolving.
        #expect(finished < 13, "\(finished) of 13 runs finished")
        let whole = try CLI.run(["report", "--no-cache", "-q", "-o", scratch.at("whole") + "/", scratch.at("A"), scratch.at("B")])
        #expect(whole.0 == 1, "\(whole.2)")
        let names = DiskFileSystem().list(scratch.at("whole")) ?? []
        #expect(names.sorted() == ["index.html", "pack-1.html", "pack-2.html"], "\(names)")
        // The staging folders the killed runs left are removed by the next run for the same folder.
        #expect(try CLI.run(["report", "--no-cache", "-q", "-o", scratch.at("out0") + "/", scratch.at("A"), scratch.at("B")]).0 == 1)
        let left = (DiskFileSystem().list(scratch.path) ?? []).filter { $0.hasPrefix(".out0.stickerlint-pack-") }
        #expect(left.isEmpty, "\(left)")
    }
}

/// One link policy for every command (#38.2): link loops and a link to / under the input.
@Suite("link loops under every command")
struct LinkLoopTests {
    @Test("check, fix, variants and pack each finish under a folder holding loop -> .. and root -> /, and say what they skipped")
    func everyCommand() throws {
        let scratch = Scratch()
        try FixtureTrees.artWithLinkLoops(in: scratch)
        let skipped = "a symbolic link to a folder is not followed"
        let check = try CLI.run(["check", "--no-cache", "Art"], in: scratch.path)
        #expect(check.0 == 0 && check.1.contains("Art/sub/loop") && check.1.contains(skipped), "\(check.1)")
        let fix = try CLI.run(["fix", "--dry-run", "Art"], in: scratch.path)
        #expect(fix.0 != 2 && fix.1.contains("Art/root") && fix.1.contains(skipped), "\(fix.1)\(fix.2)")
        let variants = try CLI.run(["variants", "--out", "Out", "Art"], in: scratch.path)
        #expect(variants.0 != 2 && (variants.1 + variants.2).contains(skipped), "\(variants.1)\(variants.2)")
        let pack = try CLI.run(["pack", "Art", "-o", "P.xcstickers"], in: scratch.path)
        #expect(pack.0 != 2 && pack.1.contains("skipped Art/sub/loop: \(skipped)"), "\(pack.1)\(pack.2)")
        #expect(pack.1.contains("2 stickers"), "\(pack.1)")
    }
}

extension LinkLoopTests {
    @Test(
        "a link loop or a dangling link named on the command line: check, fix, variants, pack and inspect exit 2 saying it is a link to nothing, not 'no such file'; a FIFO, or a link to one, named to variants or pack is said to be neither a file nor a folder"
    )
    func namedBrokenLinks() throws {
        let scratch = Scratch()
        try FileManager.default.createSymbolicLink(atPath: scratch.at("one"), withDestinationPath: "two")
        try FileManager.default.createSymbolicLink(atPath: scratch.at("two"), withDestinationPath: "one")
        try FileManager.default.createSymbolicLink(atPath: scratch.at("gone.png"), withDestinationPath: "nowhere.png")
        for name in ["one", "gone.png"] {
            let said = "\(name) is a symbolic link that leads to no file or folder (its target is missing, or links loop)"
            for command in [["check", "--no-cache"], ["fix", "--dry-run"], ["variants"], ["pack", "-o", "P.xcstickers"], ["inspect"]] {
                let (status, out, err) = try CLI.run(command + [name], in: scratch.path)
                #expect(status == 2 && err.contains(said), "\(command) \(name): \(status) \(out)\(err)")
            }
        }
        // A FIFO is never opened (nothing waits on it): variants and pack say what it is.
        #expect(mkfifo(scratch.at("pipe.png"), 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: scratch.at("to-pipe.png"), withDestinationPath: "pipe.png")
        for name in ["pipe.png", "to-pipe.png"] {
            let said = "\(name) is neither a file nor a folder (a FIFO, a device or a socket): it is not read"
            for command in [["variants"], ["pack", "-o", "P.xcstickers"]] {
                let (status, out, err) = try CLI.run(command + [name], in: scratch.path)
                #expect(status == 2 && err.contains(said), "\(command) \(name): \(status) \(out)\(err)")
            }
        }
        // A path that is not there at all is still said so.
        let (status, _, err) = try CLI.run(["check", "--no-cache", "nowhere"], in: scratch.path)
        #expect(status == 2 && err.contains("no such file or folder: nowhere"), "\(err)")
    }
}

/// Ctrl-C inside one long encode (#36.2): every frame loop of pack looks for the signal.
@Suite("pack stops at Ctrl-C")
struct PackInterruptTests {
    @Test("SIGINT while pack works on one large animated sticker ends it within seconds, not at the sticker's end, and leaves nothing")
    func insideOneSticker() throws {
        let scratch = Scratch()
        // 40 frames of 900×900 (resized, encoded and fitted under 500 KB: minutes of work in a debug build).
        let frames = (0..<40).map { seed in
            APNGEncoder.Frame(
                width: 900, height: 900, rgba: Fixtures.pattern(width: 900, height: 900, seed: seed * 7),
                delay: FrameDelay(numerator: 1, denominator: 10))
        }
        try scratch.write("art/big.png", try APNGEncoder.encode(width: 900, height: 900, frames: frames, compressionLevel: 1))
        // The icon apart from the art: an --icon file is never a sticker (#52).
        try scratch.write("icon.png", ExampleContent.png(width: 1024, height: 1024).bytes())
        for wait in [1_500_000, 6_000_000] as [useconds_t] {
            let process = Foundation.Process()
            // The test process blocks SIGINT's default action for its children: perl restores it, then execs pack (same pid).
            process.executableURL = URL(fileURLWithPath: Tools.path("perl"))
            process.arguments = [
                "-MPOSIX", "-e", "sigprocmask(SIG_UNBLOCK, POSIX::SigSet->new(SIGINT)); $SIG{INT} = 'DEFAULT'; exec @ARGV or die",
                CLI.executable, "pack", "art", "-o", "Out.xcstickers", "--icon", "icon.png"
            ]
            process.currentDirectoryURL = URL(fileURLWithPath: scratch.path)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(wait)
            try #require(process.isRunning, "pack finished before the signal: make the art larger")
            let sent = Date()
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            // A bound on a hang, not a speed goal: before frame loops looked for the signal, this took 20–85 s.
            let took = Date().timeIntervalSince(sent)
            #expect(took < 10, "pack took \(took) s to stop after SIGINT at \(wait / 1000) ms")
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
            let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
            #expect(left == ["art", "icon.png"], "\(left)")
        }
    }
}

/// #51 point 9: the smaller points.
@Suite("hostile inputs, smaller points")
struct SmallerHostileInputTests {
    @Test("a configuration line of 4,096 bytes is read; 4,097 is refused at once, naming the line")
    func longConfigurationLine() throws {
        let scratch = Scratch()
        try scratch.write("pack/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        try scratch.write("pack/.stickerlint.yml", "grid: regular\n#" + String(repeating: "x", count: 4_095) + "\n")
        #expect(try CLI.run(["check", "--no-cache", "."], in: scratch.at("pack")).0 == 0)
        try scratch.write("pack/.stickerlint.yml", "grid: regular\n" + String(repeating: "k", count: 4_095) + ": 1\n")
        let (status, _, err) = try CLI.run(["check", "--no-cache", "."], in: scratch.at("pack"))
        #expect(status == 2 && err.contains(".stickerlint.yml:2: is not valid YAML: a line longer than 4,096 bytes; not read"), "\(err)")
    }

    #if os(Linux)
    @Test("--config naming a kernel file whose size reads 0 is refused, never read as an empty configuration")
    func kernelFileConfiguration() throws {
        let scratch = Scratch()
        try scratch.write("a.png", ExampleContent.png(width: 408, height: 408).bytes())
        for path in ["/proc/self/mem", "/proc/self/status"] {
            let (status, _, err) = try CLI.run(["check", "--no-cache", "--config", path, "a.png"], in: scratch.path)
            #expect(status == 2 && err.contains("cannot read the configuration"), "\(path): \(err)")
        }
        // An empty file is still an empty configuration.
        try scratch.write("empty.yml", "")
        #expect(try CLI.run(["check", "--no-cache", "--config", "empty.yml", "a.png"], in: scratch.path).0 == 0)
    }
    #endif

    @Test("a cache folder that is a symbolic link is not followed: nothing is written where it points, and a note says so")
    func linkedCacheFolder() throws {
        let scratch = Scratch()
        try scratch.write("a.png", ExampleContent.png(width: 408, height: 408).bytes())
        try scratch.write("elsewhere/keep", "x")
        #expect(symlink(scratch.at("elsewhere"), scratch.at("cache")) == 0)
        let (status, _, err) = try CLI.run(["check", "--cache-path", "cache", "a.png"], in: scratch.path)
        #expect(status == 0 && err.contains("is a symbolic link: not followed"), "\(err)")
        #expect(DiskFileSystem().list(scratch.at("elsewhere")) == ["keep"])
    }
}
