import Foundation
import StickerCatalog
import StickerFiles
import StickerFix
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// The catalog part of `fix` (SPEC §9): renames with Contents.json updated, misspelt keys, GIF
/// conversion, unreferenced stickers added, missing references removed, Contents.json as Xcode writes it.
@Suite("Catalog fix")
struct CatalogFixTests {
    /// A file's text, for Contents.json checks.
    static func text(_ path: String) throws -> String { String(decoding: try DiskFileSystem().read(path), as: UTF8.self) }

    @Test("Contents.json is written as Xcode writes it: key order kept, two-space indent, \" : \", empty lists on two lines")
    func xcodeFormat() throws {
        let compact =
            #"{"stickers":[{"filename":"Cat.sticker"}],"info":{"author":"xcode","version":1},"properties":{"grid-size":"large","x":[],"d":0.5,"t":true}}"#
        let expected = """
            {
              "stickers" : [
                {
                  "filename" : "Cat.sticker"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              },
              "properties" : {
                "grid-size" : "large",
                "x" : [

                ],
                "d" : 0.5,
                "t" : true
              }
            }

            """
        let written = (try JSONParser.parse(Array(compact.utf8))).xcodeBytes
        #expect(String(decoding: written, as: UTF8.self) == expected)
        // A file already in Xcode's form comes back byte for byte: a fix that changes nothing in it diffs nothing.
        #expect((try JSONParser.parse(written)).xcodeBytes == written)
        // Names with quotes, backslashes and non-ASCII letters.
        let names = JSONValue.object([("filename", .string("Grüße \"A\\B\".png"))]).xcodeBytes
        #expect(String(decoding: names, as: UTF8.self) == "{\n  \"filename\" : \"Grüße \\\"A\\\\B\\\".png\"\n}\n")
    }

    @Test("a misspelt key is replaced by the one meant, unless that key is there already")
    func keyRepair() throws {
        let typo = try JSONParser.parse(Array(#"{"properties":{"duration":15,"repetions":0},"frames":[{"fileName":"a.png"}]}"#.utf8))
        let (fixed, changes) = KeyRepair.repaired(typo, kind: .sequence)
        #expect(changes == ["key \"repetions\" → \"repetitions\"", "key \"fileName\" → \"filename\""])
        #expect(fixed["properties"]?["repetitions"] == .number(0) && fixed["properties"]?["repetions"] == nil)
        let both = try JSONParser.parse(Array(#"{"properties":{"repetitions":1,"repetions":0}}"#.utf8))
        #expect(KeyRepair.repaired(both, kind: .sequence).changes.isEmpty)
    }

    @Test("a move never replaces an existing file, on disk and in memory")
    func move() throws {
        let scratch = Scratch()
        try scratch.write("a.png", [1])
        try scratch.write("b.png", [2])
        for files in [DiskFileSystem() as any FileSystem] {
            #expect(throws: FileError.self) { try files.move(scratch.at("a.png"), to: scratch.at("b.png")) }
            #expect(try files.read(scratch.at("b.png")) == [2])
            #expect(try files.read(scratch.at("a.png")) == [1])
            try files.move(scratch.at("a.png"), to: scratch.at("c.png"))
            #expect(files.kind(scratch.at("a.png")) == .missing)
            #expect(try files.read(scratch.at("c.png")) == [1])
        }
        let memory = MemoryFileSystem()
        try memory.createFolder("/p/A.sticker")
        try memory.write([1], to: "/p/A.sticker/a.png")
        try memory.write([2], to: "/p/b.png")
        #expect(throws: FileError.self) { try memory.move("/p/A.sticker/a.png", to: "/p/b.png") }
        try memory.move("/p/A.sticker", to: "/p/B.sticker")
        #expect(try memory.read("/p/B.sticker/a.png") == [1])
        #expect(memory.kind("/p/A.sticker") == .missing)
    }

    @Test("on a copy of Bad.xcstickers: renames, keys, GIFs, unreferenced and missing stickers fixed; a second run changes nothing")
    func badCatalog() throws {
        let scratch = try FixtureTrees.copyOfBad()
        try scratch.write("Loose/spin.apng", try DiskFileSystem().read(FixTests.samplePacks + "/Loose/spin.apng"))
        let catalog = scratch.at("Bad.xcstickers"), problems = catalog + "/Problems.stickerpack"
        let gif = try ImageDecoder().decode(try DiskFileSystem().read(problems + "/Fast.sticker/fast.gif"))
        let still = try ImageDecoder().decode(try DiskFileSystem().read(problems + "/Still.sticker/still.gif"))
        var fixer = Fixer(jobs: 2)
        fixer.options.unsafe = [.convert, .addReference, .removeReference]
        let report = try fixer.fix([catalog, scratch.at("Loose")], dryRun: false)
        let files = DiskFileSystem()

        // JPEG bytes named .png: renamed to .jpg, the sticker's Contents.json follows.
        #expect(files.kind(problems + "/Renamed.sticker/renamed.png") == .missing)
        #expect(files.kind(problems + "/Renamed.sticker/renamed.jpg") == .file)
        #expect(try Self.text(problems + "/Renamed.sticker/Contents.json").contains(#""filename" : "renamed.jpg""#))
        // An APNG named .apng, loose: renamed to .png.
        #expect(files.kind(scratch.at("Loose/spin.apng")) == .missing && files.kind(scratch.at("Loose/spin.png")) == .file)
        // The misspelt key.
        let flip = try Self.text(problems + "/Flip.stickersequence/Contents.json")
        #expect(flip.contains(#""repetitions" : 0"#) && !flip.contains("repetions"))
        // GIFs: the same frames and delays as APNG, the still one as PNG.
        let apng = try ImageDecoder().decode(try files.read(problems + "/Fast.sticker/fast.png"))
        #expect(apng.header.format == .apng && apng.frames.map(\.pixels) == gif.frames.map(\.pixels))
        #expect(
            apng.frames.map { $0.delay.numerator * 1000 / $0.delay.denominator }
                == gif.frames.map { $0.delay.numerator * 1000 / $0.delay.denominator })
        let png = try ImageDecoder().decode(try files.read(problems + "/Still.sticker/still.png"))
        #expect(png.header.format == .png && png.frames.map(\.pixels) == still.frames.map(\.pixels))
        #expect(files.kind(problems + "/Fast.sticker/fast.gif") == .missing)
        #expect(try Self.text(problems + "/Fast.sticker/Contents.json").contains(#""filename" : "fast.png""#))
        // Leftover is added at the end of the pack; Ghost (its image missing, nothing else in it) is gone.
        let pack = try JSONParser.parse(try files.read(problems + "/Contents.json"))
        guard case .array(let stickers)? = pack["stickers"] else { Issue.record("no stickers"); return }
        #expect(stickers.last?["filename"] == .string("Leftover.sticker"))
        #expect(!stickers.contains { $0["filename"] == .string("Ghost.sticker") } && files.kind(problems + "/Ghost.sticker") == .missing)

        // The findings these fixes answer are gone.
        let left = Set(report.after.diagnostics.map { "\($0.rule) \(PathText.lastComponent($0.path))" })
        for gone in [
            "file-extension renamed.png", "file-extension spin.apng", "unknown-key Contents.json", "unreferenced-file Leftover.sticker",
            "missing-file ghost.png", "animated-format still.gif", "preferred-format fast.gif"
        ] {
            #expect(!left.contains(gone), "\(gone) is still reported")
        }
        #expect(report.after.diagnostics.count < report.before.diagnostics.count)

        // A second run changes nothing.
        let state = try FixtureTrees.snapshot(scratch.path)
        let second = try fixer.fix([catalog, scratch.at("Loose")], dryRun: false)
        #expect(second.files.filter(\.isChanged).isEmpty, "\(second.files.filter(\.isChanged))")
        let again = try FixtureTrees.snapshot(scratch.path)
        #expect(Set(again.keys) == Set(state.keys))
        for (path, (bytes, time)) in state { #expect(again[path]?.0 == bytes && again[path]?.1 == time, "\(path) changed") }
    }

    @Test("a dry run with every catalog fix asked for changes no byte, no name and no time stamp")
    func dryRun() throws {
        let scratch = try FixtureTrees.copyOfBad()
        let before = try FixtureTrees.snapshot(scratch.path)
        var fixer = Fixer(jobs: 2)
        fixer.options.unsafe = [.convert, .addReference, .removeReference]
        let plan = try fixer.fix([scratch.at("Bad.xcstickers")], dryRun: true)
        #expect(plan.files.contains { $0.changes.contains { $0.hasPrefix("renamed to \"renamed.jpg\"") } })
        #expect(plan.files.contains { $0.changes.contains { $0.hasPrefix("converted to APNG") } })
        let after = try FixtureTrees.snapshot(scratch.path)
        #expect(Set(before.keys) == Set(after.keys))
        for (path, (bytes, time)) in before { #expect(after[path]?.0 == bytes && after[path]?.1 == time, "\(path) changed") }
    }

    /// The findings no fix can address on Bad.xcstickers, by rule and file: each needs a person
    /// (wording, art, a choice) or is damage no tool can undo. Fixed here, not computed by the code.
    static let leftOnBad: Set<String> = [
        "accessibility-label Long.sticker", "accessibility-label Unlabelled.sticker", "animation-structure broken.png",
        "catalog-json Contents.json", "duplicate-sticker Dog Copy.sticker", "empty-pack Empty.stickerpack",
        "frame-delay fast.png", "grid-size flip2.png", "grid-size small.png", "grid-size tiny.png", "grid-size-value Odd.stickerpack",
        "image-unreadable truncated.png", "mixed-sizes Problems.stickerpack", "opaque-background boxed.png", "path-escape Escape.sticker",
        "pixel-dimensions tiny.png", "preferred-format renamed.jpg", "square wide.png", "sticker-sequence Flip.stickersequence",
        "transparency opaque.png", "transparency renamed.jpg", "unreferenced-file extra-icon.png", "unreferenced-file old-icon.png",
        "unreferenced-file spare-icon.png"
    ]

    /// Runs `fix` with `flags` on a fresh copy of Bad: a dry run first (no byte or time may change), then
    /// the fix, whose findings left must be `expected`, then a second run, which must change nothing.
    /// Returns the copy, for checks of what was written.
    static func fixBad(_ flags: [String], expected: Set<String>) throws -> Scratch {
        let scratch = try FixtureTrees.copyOfBad()
        let before = try FixtureTrees.snapshot(scratch.path)
        let (dryStatus, _, dryErr) = try CLI.run(["fix", "--quiet", "--dry-run"] + flags + [scratch.at("Bad.xcstickers")])
        #expect(dryStatus == 1, "\(dryErr)")
        let planned = try FixtureTrees.snapshot(scratch.path)
        #expect(Set(planned.keys) == Set(before.keys))
        for (path, (bytes, time)) in before { #expect(planned[path]?.0 == bytes && planned[path]?.1 == time, "the dry run changed \(path)") }

        let (status, out, err) = try CLI.run(["fix", "--quiet", "--format", "json"] + flags + [scratch.at("Bad.xcstickers")])
        #expect(status == 1, "\(err)")
        let doc = try JSONSerialization.jsonObject(with: Data(out.utf8)) as! [String: Any]
        let left = Set((doc["left"] as! [[String: Any]]).map { "\($0["rule"]!) \(PathText.lastComponent($0["path"] as! String))" })
        #expect(left == expected, "left beyond the expected: \(left.subtracting(expected)); fixed although expected: \(expected.subtracting(left))")

        let state = try FixtureTrees.snapshot(scratch.path)
        let (again, secondOut, _) = try CLI.run(["fix", "--quiet", "--format", "json"] + flags + [scratch.at("Bad.xcstickers")])
        #expect(again == 1)
        let second = try JSONSerialization.jsonObject(with: Data(secondOut.utf8)) as! [String: Any]
        #expect((second["summary"] as! [String: Any])["changed"] as? Int == 0, "\(secondOut)")
        let now = try FixtureTrees.snapshot(scratch.path)
        #expect(Set(now.keys) == Set(state.keys))
        for (path, (bytes, time)) in state { #expect(now[path]?.0 == bytes && now[path]?.1 == time, "\(path) changed") }
        return scratch
    }

    @Test(
        "fix --lossy --resize-to-grid --generate-icons --icon-background white and every opt-in catalog flag on a copy of Bad leaves only what no fix can address"
    )
    func acceptance() throws {
        let scratch = try Self.fixBad(
            [
                "--lossy", "--resize-to-grid", "--generate-icons", "--icon-background", "white", "--convert-gif",
                "--add-unreferenced", "--remove-missing"
            ], expected: Self.leftOnBad)
        // The icon set: the missing App Store slot made at its exact size without alpha, the wrong-size one remade.
        let icons = scratch.at("Bad.xcstickers/iMessage App Icon.stickersiconset")
        let made = try ImageDecoder().decode(try DiskFileSystem().read(icons + "/icon-ios-marketing-1024x768@1x.png"))
        #expect(made.width == 1024 && made.height == 768 && made.frames[0].pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
        #expect(try Self.text(icons + "/Contents.json").contains(#""filename" : "icon-ios-marketing-1024x768@1x.png""#))
        let remade = try ImageDecoder().decode(try DiskFileSystem().read(icons + "/icon-ipad-74x55@2x.png"))
        #expect(remade.width == 148 && remade.height == 110)
        let store = try ImageDecoder().decode(try DiskFileSystem().read(icons + "/icon-ios-marketing-1024x1024@1x.png"))
        #expect(!store.header.hasAlpha)
    }

    /// What the issue's own command (`fix --lossy --resize-to-grid --generate-icons --icon-background white`,
    /// no opt-in catalog flags) leaves on a copy of Bad: `leftOnBad`, plus what only an opt-in flag
    /// addresses (--convert-gif: the GIFs; --remove-missing: ghost.png; --add-unreferenced: Leftover),
    /// with fast.gif's delays reported on the GIF rather than on its APNG.
    static let leftOnBadByIssueCommand: Set<String> = [
        "accessibility-label Long.sticker", "accessibility-label Unlabelled.sticker", "animated-format still.gif",
        "animation-structure broken.png", "catalog-json Contents.json", "duplicate-sticker Dog Copy.sticker", "empty-pack Empty.stickerpack",
        "frame-delay fast.gif", "grid-size flip2.png", "grid-size small.png", "grid-size tiny.png",
        "grid-size-value Odd.stickerpack", "image-unreadable truncated.png", "missing-file ghost.png", "mixed-sizes Problems.stickerpack",
        "opaque-background boxed.png", "path-escape Escape.sticker", "pixel-dimensions tiny.png", "preferred-format fast.gif",
        "preferred-format renamed.jpg", "preferred-format still.gif", "square wide.png", "sticker-sequence Flip.stickersequence",
        "transparency opaque.png", "transparency renamed.jpg", "unreferenced-file Leftover.sticker", "unreferenced-file extra-icon.png",
        "unreferenced-file old-icon.png", "unreferenced-file spare-icon.png"
    ]

    @Test("the issue's command (no opt-in catalog flags) on a copy of Bad leaves the fixed list; a dry run and a second run change nothing")
    func acceptanceIssueCommand() throws {
        _ = try Self.fixBad(["--lossy", "--resize-to-grid", "--generate-icons", "--icon-background", "white"], expected: Self.leftOnBadByIssueCommand)
    }

    @Test("--resize-to-grid: stickers over their pack's grid are resampled to it, animations frame by frame; smaller ones are left alone")
    func resizeToGrid() throws {
        let scratch = Scratch()
        let pack = "Stickers.xcstickers/Pack.stickerpack"
        try scratch.write(
            pack + "/Contents.json",
            #"{"properties":{"grid-size":"regular"},"stickers":[{"filename":"Big.sticker"},{"filename":"Wave.sticker"},{"filename":"Fit.sticker"},{"filename":"Noisy.sticker"}]}"#
        )
        // In the regular (408 px) pack: 618 and 500 px are resized, 408 px is not; an animation whose resampled
        // frames would no longer compress under 512,000 bytes (39,314 → 537,775) is kept as it is.
        for (name, file, bytes) in [
            ("Big", "big.png", Fixtures.png(width: 618, height: 618)), ("Wave", "wave.png", ExampleContent.apng(side: 500, frames: 3).bytes()),
            ("Fit", "fit.png", Fixtures.png(width: 408, height: 408)),
            ("Noisy", "noisy.png", Fixtures.apng(width: 500, height: 500, frames: 3))
        ] {
            try scratch.write("\(pack)/\(name).sticker/Contents.json", #"{"properties":{"filename":"\#(file)"}}"#)
            try scratch.write("\(pack)/\(name).sticker/\(file)", bytes)
        }
        // Loose stickers (no grid configured): 619 px is one over the 618 px limit and resized; 618 is not.
        try scratch.write("loose/edge.png", Fixtures.png(width: 619, height: 619))
        try scratch.write("loose/ok.png", Fixtures.png(width: 618, height: 618))
        var fixer = Fixer(jobs: 2)
        fixer.options.unsafe = [.resize]
        let report = try fixer.fix([scratch.path], dryRun: false)
        let decode = { (path: String) in try ImageDecoder().decode(try DiskFileSystem().read(scratch.at(path))) }
        #expect(try decode(pack + "/Big.sticker/big.png").width == 408)
        let wave = try decode(pack + "/Wave.sticker/wave.png")
        #expect(wave.width == 408 && wave.height == 408 && wave.frames.count == 3 && wave.frames.allSatisfy { $0.delay.milliseconds == 100 })
        #expect(try decode(pack + "/Fit.sticker/fit.png").width == 408)
        #expect(try decode("loose/edge.png").width == 618)
        #expect(try decode("loose/ok.png").width == 618)
        #expect(
            report.files.filter { $0.changes.first?.hasPrefix("resized") == true }.map { PathText.lastComponent($0.path) }.sorted()
                == ["big.png", "edge.png", "wave.png"])
        #expect(try decode(pack + "/Noisy.sticker/noisy.png").width == 500)
        let noisy = report.files.first { $0.path.hasSuffix("noisy.png") }
        #expect(
            noisy?.kept?.hasPrefix("not changed: the result would be ") == true && noisy?.kept?.hasSuffix("over the 512,000-byte limit") == true,
            "\(String(describing: noisy))")
    }

    @Test("--icon-background takes white, black, #RGB and #RRGGBB; anything else is refused")
    func colours() throws {
        #expect(Canvas.colour("white") == [255, 255, 255] && Canvas.colour("BLACK") == [0, 0, 0])
        #expect(Canvas.colour("#1a2B3c") == [0x1A, 0x2B, 0x3C] && Canvas.colour("#fa0") == [0xFF, 0xAA, 0x00])
        for bad in ["", "#12345", "#1234567", "#gg0000", "blue"] { #expect(Canvas.colour(bad) == nil, "\(bad)") }
        let (status, _, err) = try CLI.run(["fix", "--icon-background", "blue", "."])
        #expect(status == 2 && err.contains("--icon-background takes white, black or #RRGGBB"))
    }
}

/// What `check` and `fix` say about fixes: each finding's applicability, each change's kind and rule,
/// and the hint for what the flags not given would fix.
@Suite("Fix applicability")
struct FixApplicabilityTests {
    @Test("check --format json marks findings safe, unsafe or no; fix --format json gives kind, rule and applicability; the text ends with the hint")
    func applicability() throws {
        let scratch = try FixtureTrees.copyOfBad()
        let catalog = scratch.at("Bad.xcstickers")
        let (_, checked, _) = try CLI.run(["check", "--format", "json", "--quiet", catalog])
        let findings = (try JSONSerialization.jsonObject(with: Data(checked.utf8)) as! [String: Any])["diagnostics"] as! [[String: Any]]
        func fixable(_ rule: String, _ name: String) -> String? {
            findings.first { $0["rule"] as? String == rule && ($0["path"] as! String).hasSuffix("/" + name) }?["fixable"] as? String
        }
        // Fixed expectations, one per applicability, from the sample's documented problems.
        #expect(fixable("file-size", "huge.png") == "safe")  // lossless first, --lossy after
        #expect(fixable("unknown-key", "Contents.json") == "safe")  // "repetions" → "repetitions"
        #expect(fixable("missing-file", "ghost.png") == "unsafe")  // --remove-missing
        #expect(fixable("pixel-dimensions", "tiny.png") == "no")  // nothing makes art larger
        for finding in findings {
            let fixes = finding["fixes"] as! [String]
            let expected = fixes.isEmpty ? "no" : fixes.contains { EditKind(rawValue: $0)!.applicability == .safe } ? "safe" : "unsafe"
            #expect(finding["fixable"] as? String == expected, "\(finding)")
        }

        let (_, text, _) = try CLI.run(["fix", "--dry-run", "--quiet", catalog])
        let last = try #require(text.split(separator: "\n").last)
        #expect(last.hasPrefix("hint: ") && last.contains("more fixable with --") && last.contains("--remove-missing"), "\(last)")

        let (_, out, _) = try CLI.run(["fix", "--quiet", "--format", "json", catalog])
        let doc = try JSONSerialization.jsonObject(with: Data(out.utf8)) as! [String: Any]
        let changes = (doc["files"] as! [[String: Any]]).filter { !($0["changes"] as! [String]).isEmpty }
        #expect(!changes.isEmpty)
        for change in changes {
            let kind = try #require(EditKind(rawValue: change["kind"] as? String ?? ""), "\(change)")
            #expect(change["applicability"] as? String == kind.applicability.rawValue)
            #expect(kind.applicability == .safe, "no flag was given, yet \(change)")
        }
        // Renames answer file-extension; the key repair answers unknown-key; a recompression that got a
        // file under the limit answers file-size.
        func rule(_ kind: String, _ suffix: String) -> String? {
            changes.first { $0["kind"] as? String == kind && ($0["path"] as! String).hasSuffix(suffix) }?["rule"] as? String
        }
        #expect(rule("rename", "Renamed.sticker/renamed.png") == "file-extension")  // JPEG bytes named .png
        #expect(rule("repair-keys", "Flip.stickersequence/Contents.json") == "unknown-key")
        #expect(rule("recompress", "huge.png") == "file-size")
        let held = doc["heldBack"] as! [[String: Any]]
        #expect(held.contains { $0["flag"] as? String == "--remove-missing" && ($0["findings"] as? Int ?? 0) >= 1 }, "\(held)")
    }
}
