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
        let compact = #"{"stickers":[{"filename":"Cat.sticker"}],"info":{"author":"xcode","version":1},"properties":{"grid-size":"large","x":[],"d":0.5,"t":true}}"#
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
        let written = XcodeJSON.serialize(try JSONParser.parse(Array(compact.utf8)))
        #expect(String(decoding: written, as: UTF8.self) == expected)
        // A file already in Xcode's form comes back byte for byte: a fix that changes nothing in it diffs nothing.
        #expect(XcodeJSON.serialize(try JSONParser.parse(written)) == written)
        // Names with quotes, backslashes and non-ASCII letters.
        let names = XcodeJSON.serialize(.object([("filename", .string("Grüße \"A\\B\".png"))]))
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
        let scratch = try FixTests.copyOfBad()
        try scratch.write("Loose/spin.apng", try DiskFileSystem().read(FixTests.samplePacks + "/Loose/spin.apng"))
        let catalog = scratch.at("Bad.xcstickers"), problems = catalog + "/Problems.stickerpack"
        let gif = try ImageDecoder().decode(try DiskFileSystem().read(problems + "/Fast.sticker/fast.gif"))
        let still = try ImageDecoder().decode(try DiskFileSystem().read(problems + "/Still.sticker/still.gif"))
        var fixer = Fixer(jobs: 2)
        (fixer.convertGIF, fixer.addUnreferenced, fixer.removeMissing) = (true, true, true)
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
        #expect(apng.frames.map { $0.delay.numerator * 1000 / $0.delay.denominator } == gif.frames.map { $0.delay.numerator * 1000 / $0.delay.denominator })
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
        for gone in ["file-extension renamed.png", "file-extension spin.apng", "unknown-key Contents.json", "unreferenced-file Leftover.sticker",
                     "missing-file ghost.png", "animated-format still.gif", "preferred-format fast.gif"] {
            #expect(!left.contains(gone), "\(gone) is still reported")
        }
        #expect(report.after.diagnostics.count < report.before.diagnostics.count)

        // A second run changes nothing.
        let state = try FixTests.snapshot(scratch.path)
        let second = try fixer.fix([catalog, scratch.at("Loose")], dryRun: false)
        #expect(second.files.filter(\.isChanged).isEmpty, "\(second.files.filter(\.isChanged))")
        let again = try FixTests.snapshot(scratch.path)
        #expect(Set(again.keys) == Set(state.keys))
        for (path, (bytes, time)) in state { #expect(again[path]?.0 == bytes && again[path]?.1 == time, "\(path) changed") }
    }

    @Test("a dry run with every catalog fix asked for changes no byte, no name and no time stamp")
    func dryRun() throws {
        let scratch = try FixTests.copyOfBad()
        let before = try FixTests.snapshot(scratch.path)
        var fixer = Fixer(jobs: 2)
        (fixer.convertGIF, fixer.addUnreferenced, fixer.removeMissing) = (true, true, true)
        let plan = try fixer.fix([scratch.at("Bad.xcstickers")], dryRun: true)
        #expect(plan.files.contains { $0.changes.contains { $0.hasPrefix("renamed to \"renamed.jpg\"") } })
        #expect(plan.files.contains { $0.changes.contains { $0.hasPrefix("converted to APNG") } })
        let after = try FixTests.snapshot(scratch.path)
        #expect(Set(before.keys) == Set(after.keys))
        for (path, (bytes, time)) in before { #expect(after[path]?.0 == bytes && after[path]?.1 == time, "\(path) changed") }
    }
}
