import Foundation
import StickerCatalog
import StickerImage
import StickerLint
import StickerTestSupport
import Testing
import StickerFiles

@Suite("Catalog reader")
struct CatalogReaderTests {
    let info = #""info":{"author":"xcode","version":1}"#

    @Test("packs inside an ordinary Assets.xcassets group, without a root Contents.json, keep display order and grid")
    func groupsAndOrder() throws {
        let scratch = MemoryScratch()
        let pack = "Assets.xcassets/Stickers Group/Fun Pack.stickerpack"
        try scratch.write(
            "\(pack)/Contents.json",
            #"{\#(info),"properties":{"grid-size":"large"},"stickers":[{"filename":"Zebra.sticker"},{"filename":"Aye, Orta.sticker"},{"filename":"Pokémon 1.sticker"}]}"#
        )
        for name in ["Zebra", "Aye, Orta", "Pokémon 1"] {
            try scratch.write(
                "\(pack)/\(name).sticker/Contents.json", #"{\#(info),"properties":{"filename":"\#(name).png","accessibility-label":"\#(name)"}}"#)
            try scratch.write("\(pack)/\(name).sticker/\(name).png", ExampleContent.png(width: 618, height: 618).bytes())
        }
        try scratch.write("Assets.xcassets/AppIcon.appiconset/Contents.json", #"{"images":[]}"#)
        let scan = try CatalogReader(files: scratch.files, imageExtensions: FileKind.walkedExtensions).scan([scratch.at("Assets.xcassets")])
        #expect(scan.issues.isEmpty, "\(scan.issues)")
        let found = try #require(scan.catalogs.first?.packs.first)
        #expect(found.grid == .large)
        #expect(found.entries.map { PathText.lastComponent($0.path) } == ["Zebra.sticker", "Aye, Orta.sticker", "Pokémon 1.sticker"])
        #expect(found.entries.map(\.accessibilityLabel) == ["Zebra", "Aye, Orta", "Pokémon 1"])
        #expect(found.entries[2].images.first?.path.hasSuffix("Pokémon 1.sticker/Pokémon 1.png") == true)
    }

    @Test("a pack without grid-size is regular, as in Xcode")
    func defaultGrid() throws {
        let scratch = MemoryScratch()
        try RuleExample.pack(grid: nil, [.sticker("Cat", .png(width: 408, height: 408))], "").write(to: scratch.path, in: scratch.files)
        let scan = try CatalogReader(files: scratch.files, imageExtensions: FileKind.walkedExtensions).scan([scratch.path])
        #expect(scan.catalogs.first?.packs.first?.grid == .regular)
    }

    @Test("sequences: float durations, empty {} frame entries skipped with a note, order kept")
    func sequences() throws {
        let scratch = MemoryScratch()
        let seq = "S.xcstickers/P.stickerpack/Blink.stickersequence"
        try scratch.write("S.xcstickers/P.stickerpack/Contents.json", #"{\#(info),"stickers":[{"filename":"Blink.stickersequence"}]}"#)
        try scratch.write(
            "\(seq)/Contents.json",
            #"{"frames":[{"filename":"b.png"},{},{"filename":"a.png"}],\#(info),"properties":{"duration":12.5,"duration-type":"fixed","repetitions":2}}"#
        )
        try scratch.write("\(seq)/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        try scratch.write("\(seq)/b.png", ExampleContent.png(width: 408, height: 408).bytes())
        let scan = try CatalogReader(files: scratch.files, imageExtensions: FileKind.walkedExtensions).scan([scratch.path])
        guard case .sequence(let sequence)? = scan.catalogs.first?.packs.first?.entries.first else {
            Issue.record("no sequence: \(scan)")
            return
        }
        #expect(sequence.duration == 12.5 && sequence.durationType == "fixed" && sequence.repetitions == 2)
        #expect(sequence.frames.map { PathText.lastComponent($0.path) } == ["b.png", "a.png"])
        // The empty entry is kept as a fact for the sticker-sequence rule; reading it is no issue.
        #expect(sequence.emptyFrameEntries == [1])
        #expect(scan.issues.isEmpty, "\(scan.issues)")
        let result = try Linter(files: scratch.files).lint([scratch.path])
        #expect(result.diagnostics.contains { $0.rule == "sticker-sequence" && $0.severity == .note })
    }

    @Test("icon sets: every image listed, entries kept as written, icons are not stickers")
    func iconSets() throws {
        let scratch = MemoryScratch()
        let icons = ExampleIcon.complete + [.unassigned("old.png"), .outsideSlots("extra.png"), .unnamed("spare.png")]
        try RuleExample.iconSet(icons, "").write(to: scratch.path, in: scratch.files)
        try scratch.write("Stickers.xcstickers/iMessage App Icon.stickersiconset/notes.txt", "not an image")
        let scan = try CatalogReader(files: scratch.files, imageExtensions: FileKind.walkedExtensions).scan([scratch.path])
        let set = try #require(scan.catalogs.first?.iconSets.first)
        #expect(set.entries.count == 10)
        #expect(set.entries.filter(\.unassigned).map(\.filename) == ["old.png"])
        #expect(set.images.count == 8)
        #expect(set.files.map { PathText.lastComponent($0.path) } == icons.map(\.filename).sorted())
        #expect(set.unassignedFiles.map { PathText.lastComponent($0.path) } == ["extra.png", "old.png", "spare.png"])
        // What no entry names is the reader's to report; what entries hold is kept for the rules.
        #expect(scan.issues.map { PathText.lastComponent($0.path) }.sorted() == ["notes.txt", "spare.png"], "\(scan.issues)")
        // Icons without alpha in their slots, and icons that are no stickers at all, raise no sticker rule;
        // every image is listed.
        let result = try Linter(files: scratch.files).lint([scratch.path])
        #expect(
            result.diagnostics.map(\.rule) == ["unreferenced-file", "unreferenced-file", "unreferenced-file", "unreferenced-file"],
            "\(result.diagnostics)")
        #expect(result.files.count == 11)
    }

    @Test("wrong JSON types are catalog-json issues that name the key")
    func wrongTypes() throws {
        let scratch = MemoryScratch()
        try scratch.write("S.xcstickers/P.stickerpack/Contents.json", #"{"stickers":"Cat.sticker","properties":{"grid-size":3}}"#)
        let scan = try CatalogReader(files: scratch.files, imageExtensions: FileKind.walkedExtensions).scan([scratch.path])
        #expect(scan.issues.contains { if case .invalidJSON(_, let reason) = $0 { reason.contains("\"stickers\" is a string") } else { false } })
        #expect(scan.issues.contains { if case .invalidJSON(_, let reason) = $0 { reason.contains("\"grid-size\" is a number") } else { false } })
    }

    @Test("a missing path is an error before anything runs")
    func missingPath() {
        #expect(throws: ScanError.notFound(path: "/nonexistent/x")) {
            try CatalogReader(imageExtensions: FileKind.walkedExtensions).scan(["/nonexistent/x"])
        }
    }

    @Test("JSON strings: surrogate pairs joined, an unpaired surrogate refused as Foundation refuses it, out-of-range numbers refused (make fuzz)")
    func jsonEdges() throws {
        let text = try JSONParser.parse(Array(#"["\uD83D\uDE00 x"]"#.utf8))
        #expect(text == .array([.string("😀 x")]))
        for unpaired in [#"["\uDAFA\uDAFA"]"#, #"["\uDAFA x"]"#, #"["\uDE00"]"#] {
            #expect(throws: (any Error).self, "\(unpaired)") { try JSONParser.parse(Array(unpaired.utf8)) }
        }
        #expect(throws: (any Error).self) { try JSONParser.parse(Array("[1e999]".utf8)) }
        #expect(throws: (any Error).self) { try JSONParser.parse(Array("[-1e400]".utf8)) }
        #expect(try JSONParser.parse(Array("[1.7976931348623157e308]".utf8)) == .array([.number(1.7976931348623157e308)]))
    }

    @Test("JSON parser errors name line and column")
    func jsonErrors() {
        do {
            _ = try JSONParser.parse(Array("{\n  \"a\": 1,\n}".utf8))
            Issue.record("parsed")
        } catch {
            #expect(error.line == 3 && error.column == 1)
        }
        #expect(
            (try? JSONParser.parse(Array(#"{"a":[1,2.5,-3e2,"x\u00e9"],"b":{"c":null,"d":true}}"#.utf8)))?["a"]
                == .array([.number(1), .number(2.5), .number(-300), .string("xé")]))
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
