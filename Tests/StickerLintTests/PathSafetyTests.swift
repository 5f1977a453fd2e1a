#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// Contents.json filenames and links that try to leave their folder. Each case: what the sticker's
/// Contents.json names, the links in the pack, and whether the result is a path escape. An escaping
/// target is never opened (a recording reader proves it).
@Suite("Path safety")
struct PathSafetyTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        /// The filename in Cat.sticker/Contents.json.
        var filename: String
        /// (link path relative to the pack, target as written); `OUTSIDE` stands for the outside folder.
        var links: [(String, String)] = []
        /// Extra files relative to the pack.
        var files: [String] = []
        var escapes: Bool
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a symlink into a sibling folder whose name starts with the sticker folder's",
            filename: "cat.png", links: [("Cat.sticker/cat.png", "../Cat.stickerX/cat.png")], files: ["Cat.stickerX/cat.png"], escapes: true),
        Case(
            name: "an absolute symlink into the sibling-prefix folder",
            filename: "cat.png", links: [("Cat.sticker/cat.png", "PACK/Cat.stickerX/cat.png")], files: ["Cat.stickerX/cat.png"], escapes: true),
        Case(name: "\"..\" in the middle of the filename", filename: "sub/../../Dog.sticker/dog.png", files: ["Dog.sticker/dog.png"], escapes: true),
        Case(name: "dots inside a name are not \"..\"", filename: "cat..png", files: ["Cat.sticker/cat..png"], escapes: false),
        Case(name: "a name that is three dots", filename: "...", files: ["Cat.sticker/..."], escapes: false),
        Case(name: "an absolute filename", filename: "OUTSIDE/x.png", escapes: true),
        Case(name: "a symlink to a file outside the catalog", filename: "cat.png", links: [("Cat.sticker/cat.png", "OUTSIDE/x.png")], escapes: true),
        Case(
            name: "a relative symlink climbing out of the catalog", filename: "cat.png",
            links: [("Cat.sticker/cat.png", "../../../../outside/x.png")], escapes: true),
        Case(
            name: "a symlinked folder inside the sticker pointing outside", filename: "sub/x.png",
            links: [("Cat.sticker/sub", "OUTSIDE")], escapes: true),
        Case(
            name: "a symlink to another file inside the same sticker folder", filename: "cat.png",
            links: [("Cat.sticker/cat.png", "real.png")], files: ["Cat.sticker/real.png"], escapes: false),
        Case(
            name: "a dangling symlink with an absolute target", filename: "cat.png", links: [("Cat.sticker/cat.png", "/nonexistent/x.png")],
            escapes: true),
        Case(
            name: "a dangling symlink with a relative target inside is only missing", filename: "cat.png",
            links: [("Cat.sticker/cat.png", "gone.png")], escapes: false),
        // Look-alikes of "..": ONE DOT LEADER twice, and a fullwidth full stop; names, not parents.
        Case(name: "U+2024 ONE DOT LEADER look-alike of \"..\"", filename: "\u{2024}\u{2024}/x.png", escapes: false),
        Case(name: "fullwidth full stops look-alike of \"..\"", filename: "\u{FF0E}\u{FF0E}/x.png", escapes: false),
        // A name in another Unicode form or case than the symlink on disk that leads outside.
        Case(
            name: "a decomposed name whose entry on disk is a link outside", filename: "cafe\u{301}.png",
            links: [("Cat.sticker/cafe\u{301}.png", "OUTSIDE/x.png")], escapes: true),
        Case(
            name: "a composed name whose entry on disk is a link outside", filename: "caf\u{E9}.png",
            links: [("Cat.sticker/caf\u{E9}.png", "OUTSIDE/x.png")], escapes: true)
    ]

    @Test("each escape is caught and never read; each safe name is not an escape", arguments: cases)
    func escape(_ c: Case) throws {
        let scratch = Scratch()
        let outside = scratch.at("outside")
        try scratch.write("outside/x.png", ExampleContent.png(width: 408, height: 408).bytes())
        let root = scratch.at("repo")
        let pack = root + "/Stickers.xcstickers/Pack.stickerpack"
        let filename = c.filename.replacingOccurrences(of: "OUTSIDE", with: outside)
        let links = c.links.map { ($0.0, $0.1.replacingOccurrences(of: "OUTSIDE", with: outside).replacingOccurrences(of: "PACK", with: pack)) }
        try RuleExample.pack([.stickerNaming("Cat", filename)], links: links, c.name).write(to: root)
        for file in c.files {
            try scratch.write("repo/Stickers.xcstickers/Pack.stickerpack/\(file)", ExampleContent.png(width: 408, height: 408).bytes())
        }
        let recorder = RecordingFileSystem()
        let result = try Linter(jobs: 1, files: recorder).lint([root])
        let escapes = result.diagnostics.filter { $0.rule == "path-escape" }
        if c.escapes {
            #expect(escapes.count == 1 && escapes.first?.severity == .error, "\(escapes)")
            #expect(escapes.first?.path == pack + "/Cat.sticker")
            #expect(
                !recorder.touchedPaths.contains { $0.hasPrefix(outside) || $0.contains("Cat.stickerX") || $0.contains("Dog.sticker") },
                "\(recorder.openedPaths)")
            #expect(!result.files.contains { $0.path.hasPrefix(outside) })
        } else {
            #expect(escapes.isEmpty, "\(escapes)")
            #expect(!recorder.touchedPaths.contains { $0.hasPrefix(outside) }, "\(recorder.openedPaths)")
        }
    }

    @Test("a sticker folder that is itself a link out of the pack is an escape, its files never read")
    func linkedStickerFolder() throws {
        let scratch = Scratch()
        try scratch.write("outside/Cat.sticker/cat.png", ExampleContent.png(width: 408, height: 408).bytes())
        try scratch.write("outside/Cat.sticker/Contents.json", #"{"properties":{"filename":"cat.png"}}"#)
        let root = scratch.at("repo")
        try RuleExample.pack([], "").write(to: root)
        let pack = root + "/Stickers.xcstickers/Pack.stickerpack"
        try scratch.write("repo/Stickers.xcstickers/Pack.stickerpack/Contents.json", #"{"stickers":[{"filename":"Cat.sticker"}]}"#)
        #expect(symlink(scratch.at("outside/Cat.sticker"), pack + "/Cat.sticker") == 0)
        let recorder = RecordingFileSystem()
        let result = try Linter(jobs: 1, files: recorder).lint([root])
        #expect(result.diagnostics.contains { $0.rule == "path-escape" && $0.path == pack }, "\(result.diagnostics)")
        #expect(!recorder.touchedPaths.contains { $0.contains("outside") }, "\(recorder.openedPaths)")
    }

    @Test("a loose sticker that is a link out of its folder is an escape, as in a catalog, and never read; a link beside it is read")
    func looseLinks() throws {
        let scratch = Scratch()
        try scratch.write("outside/x.png", ExampleContent.png(width: 408, height: 408).bytes())
        try scratch.write("Loose/real.png", ExampleContent.png(width: 408, height: 408).bytes())
        #expect(symlink(scratch.at("outside/x.png"), scratch.at("Loose/out.png")) == 0)
        #expect(symlink("../outside/x.png", scratch.at("Loose/up.png")) == 0)
        #expect(symlink("real.png", scratch.at("Loose/beside.png")) == 0)
        let recorder = RecordingFileSystem()
        let result = try Linter(jobs: 1, files: recorder).lint([scratch.at("Loose")])
        let escapes = result.diagnostics.filter { $0.rule == "path-escape" }.map(\.path).sorted()
        #expect(escapes == [scratch.at("Loose/out.png"), scratch.at("Loose/up.png")], "\(result.diagnostics)")
        #expect(result.files.map(\.path).sorted() == [scratch.at("Loose/beside.png"), scratch.at("Loose/real.png")])
        #expect(!recorder.openedPaths.contains { $0.contains("outside") }, "\(recorder.openedPaths)")
        // Named on the command line, the link is the user's choice: it is read.
        let named = try Linter(jobs: 1, files: DiskFileSystem()).lint([scratch.at("Loose/out.png")])
        #expect(named.diagnostics.allSatisfy { $0.rule != "path-escape" } && named.files.count == 1)
    }
}
