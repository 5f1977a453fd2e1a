import StickerCatalog
import StickerFiles
import StickerLint
import StickerTestSupport
import Testing

/// A path inside a catalog is judged in its catalog role (SPEC §3): the grid of its pack, pack-wide
/// rules over the whole pack, icon slots for icons, and a report that keeps to the given path and its
/// pack. Built in memory.
@Suite("Paths inside catalogs")
struct CatalogRoleTests {
    static let root = "S.xcstickers"
    static let pack = "S.xcstickers/P.stickerpack"
    static let iconSet = "S.xcstickers/I.stickersiconset"

    /// A catalog with a `large` pack (Cat 408 px, Copy with Cat's pixels, a 618 px Big, a two-frame
    /// sequence of 408 px frames), an image set and a complete icon set.
    static func catalog() throws -> MemoryScratch {
        let scratch = MemoryScratch()
        let png408 = ExampleContent.png(width: 408, height: 408).bytes()
        try scratch.write("\(root)/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        try scratch.write(
            "\(pack)/Contents.json",
            #"""
            {"info":{"author":"xcode","version":1},"properties":{"grid-size":"large"},
             "stickers":[{"filename":"Cat.sticker"},{"filename":"Copy.sticker"},{"filename":"Big.sticker"},{"filename":"Wave.stickersequence"}]}
            """#)
        for (name, bytes) in [("Cat", png408), ("Copy", png408), ("Big", ExampleContent.png(width: 618, height: 618).bytes())] {
            let file = name.lowercased() + ".png"
            try scratch.write("\(pack)/\(name).sticker/Contents.json", #"{"properties":{"filename":"\#(file)","accessibility-label":"\#(name)"}}"#)
            try scratch.write("\(pack)/\(name).sticker/\(file)", bytes)
        }
        try scratch.write(
            "\(pack)/Wave.stickersequence/Contents.json",
            #"""
            {"properties":{"duration":15,"duration-type":"fps","accessibility-label":"Wave"},"frames":[{"filename":"1.png"},{"filename":"2.png"}]}
            """#)
        try scratch.write("\(pack)/Wave.stickersequence/1.png", ExampleContent.png(width: 408, height: 408, seed: 2).bytes())
        try scratch.write("\(pack)/Wave.stickersequence/2.png", ExampleContent.png(width: 408, height: 408, seed: 3).bytes())
        try scratch.write("\(root)/Logo.imageset/Contents.json", #"{"images":[{"idiom":"universal","filename":"logo.png"}]}"#)
        try scratch.write("\(root)/Logo.imageset/logo.png", ExampleContent.png(width: 40, height: 40, style: .opaque).bytes())
        for file in ExampleIcon.files(ExampleIcon.complete, in: iconSet) {
            try scratch.write(file.path, file.content.bytes())
        }
        return scratch
    }

    static func lint(_ scratch: MemoryScratch, _ paths: [String]) throws -> LintResult {
        try Linter(jobs: 2, files: scratch.files).lint(paths.map(scratch.at))
    }

    /// "rule path-inside-the-scratch" in report order (a folder before what it holds), for comparing whole results.
    static func summary(_ result: LintResult, _ scratch: MemoryScratch) -> [String] {
        result.diagnostics.map { "\($0.rule) \($0.path.dropFirst(scratch.path.count + 1))" }
    }

    @Test("a sticker given alone gets the grid of its pack and the pack-wide rules, and the report keeps to it")
    func stickerAlone() throws {
        let scratch = try Self.catalog()
        let copy = try Self.lint(scratch, ["\(Self.pack)/Copy.sticker"])
        #expect(copy.files.map(\.path) == [scratch.at("\(Self.pack)/Copy.sticker/copy.png")])
        #expect(
            Self.summary(copy, scratch) == [
                "mixed-sizes \(Self.pack)",
                "duplicate-sticker \(Self.pack)/Copy.sticker",
                "grid-size \(Self.pack)/Copy.sticker/copy.png"
            ])
        let grid = copy.diagnostics.first { $0.rule == "grid-size" }
        #expect(grid?.message.contains("618 px of the large grid") == true, "\(String(describing: grid))")
        // The 618 px sticker fits its pack's large grid: no grid-size, whatever --grid says for loose files.
        var configuration = Configuration()
        configuration.grid = .small
        let big = try Linter(configuration: configuration, jobs: 1, files: scratch.files).lint([scratch.at("\(Self.pack)/Big.sticker")])
        #expect(Self.summary(big, scratch) == ["mixed-sizes \(Self.pack)"])
    }

    @Test("an image file, a sequence and a sticker's Contents.json given alone are judged in their pack")
    func filesInsidePack() throws {
        let scratch = try Self.catalog()
        let image = try Self.lint(scratch, ["\(Self.pack)/Cat.sticker/cat.png"])
        #expect(Self.summary(image, scratch) == ["mixed-sizes \(Self.pack)", "grid-size \(Self.pack)/Cat.sticker/cat.png"])
        let contents = try Self.lint(scratch, ["\(Self.pack)/Copy.sticker/Contents.json"])
        #expect(Self.summary(contents, scratch) == Self.summary(try Self.lint(scratch, ["\(Self.pack)/Copy.sticker"]), scratch))
        let sequence = try Self.lint(scratch, ["\(Self.pack)/Wave.stickersequence"])
        #expect(sequence.files.map(\.path) == ["1.png", "2.png"].map { scratch.at("\(Self.pack)/Wave.stickersequence/\($0)") })
        #expect(
            Self.summary(sequence, scratch) == [
                "mixed-sizes \(Self.pack)",
                "grid-size \(Self.pack)/Wave.stickersequence/1.png",
                "grid-size \(Self.pack)/Wave.stickersequence/2.png"
            ])
    }

    @Test("an icon set or an icon given alone gets no sticker rule, only its slots")
    func iconSetAlone() throws {
        let scratch = try Self.catalog()
        for path in [Self.iconSet, "\(Self.iconSet)/icon-iphone-29x29@2x.png", "\(Self.iconSet)/Contents.json"] {
            let result = try Self.lint(scratch, [path])
            #expect(result.diagnostics.isEmpty, "\(path): \(result.diagnostics)")
            #expect(!result.files.isEmpty && result.files.allSatisfy { $0.path.hasPrefix(scratch.at(Self.iconSet) + "/") }, "\(path)")
        }
        // A wrong size in a slot is still found when the icon is given alone.
        try scratch.write("\(Self.iconSet)/icon-iphone-29x29@2x.png", ExampleContent.png(width: 57, height: 58, style: .flat).bytes())
        let result = try Self.lint(scratch, ["\(Self.iconSet)/icon-iphone-29x29@2x.png"])
        #expect(Self.summary(result, scratch) == ["icon-set \(Self.iconSet)/icon-iphone-29x29@2x.png"])
    }

    @Test("several paths in one pack read it once; with the catalog itself, nothing is narrowed; the order of arguments does not matter")
    func onePackOnce() throws {
        let scratch = try Self.catalog()
        let both = ["\(Self.pack)/Copy.sticker", "\(Self.pack)/Cat.sticker/cat.png"]
        let scan = try CatalogReader(files: scratch.files, imageExtensions: ["png"]).scan(both.map(scratch.at))
        #expect(scan.catalogs.map(\.path) == [scratch.at(Self.pack)])
        #expect(scan.focus == [scratch.at(Self.pack): Set([scratch.at("\(Self.pack)/Copy.sticker"), scratch.at("\(Self.pack)/Cat.sticker/cat.png")])])
        let result = try Self.lint(scratch, both)
        #expect(result == (try Self.lint(scratch, both.reversed())))
        #expect(
            Self.summary(result, scratch) == [
                "mixed-sizes \(Self.pack)",
                "grid-size \(Self.pack)/Cat.sticker/cat.png",
                "duplicate-sticker \(Self.pack)/Copy.sticker",
                "grid-size \(Self.pack)/Copy.sticker/copy.png"
            ])
        let whole = try Self.lint(scratch, [Self.root])
        #expect(whole.files.count == 4 + 1 + ExampleIcon.complete.count)
        for extra in [[Self.root, "\(Self.pack)/Copy.sticker"], ["\(Self.pack)/Copy.sticker", Self.root], [Self.pack, Self.root, Self.pack]] {
            #expect(try Self.lint(scratch, extra) == whole, "\(extra)")
        }
    }

    @Test("what a catalog holds outside packs and icon sets is not a sticker; a group folder is read for its packs")
    func outsidePacks() throws {
        let scratch = try Self.catalog()
        let logo = try Self.lint(scratch, ["\(Self.root)/Logo.imageset/logo.png"])
        #expect(logo.files.isEmpty && logo.diagnostics.isEmpty, "\(logo.diagnostics)")
        let imageSet = try Self.lint(scratch, ["\(Self.root)/Logo.imageset"])
        #expect(imageSet.files.isEmpty && imageSet.diagnostics.isEmpty)
        try scratch.write("\(Self.root)/Group/G.stickerpack/Contents.json", #"{"stickers":[]}"#)
        let group = try Self.lint(scratch, ["\(Self.root)/Group"])
        #expect(Self.summary(group, scratch) == ["empty-pack \(Self.root)/Group/G.stickerpack"])
        // Outside any catalog, the same image is a loose sticker.
        try scratch.write("Loose/logo.png", ExampleContent.png(width: 40, height: 40, style: .opaque).bytes())
        let loose = try Self.lint(scratch, ["Loose/logo.png"])
        #expect(loose.files.map(\.path) == [scratch.at("Loose/logo.png")])
        #expect(loose.diagnostics.contains { $0.rule == "transparency" })
    }
}
