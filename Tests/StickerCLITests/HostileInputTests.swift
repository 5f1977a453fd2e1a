#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StickerFiles
import StickerLint
import StickerTestSupport
import Testing

/// Hostile inputs and careless days (#36): what is not a readable configuration stops the run with
/// its reason, inputs that are not images have size caps read before allocating, and `fix --out` never
/// copies a tree into itself.
@Suite("hostile inputs")
struct HostileInputTests {
    @Test("a .stickerlint.yml that is a dangling link, a folder or a FIFO is exit 2 with the reason, never skipped",
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
        try scratch.write("pack/.stickerlint.yml", "#" + String(repeating: "x", count: limit - 2) + "\n")
        #expect(try CLI.run(["check", "--no-cache", "."], in: scratch.at("pack")).0 == 0)
        try scratch.write("pack/.stickerlint.yml", "#" + String(repeating: "x", count: limit - 1) + "\n")
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

    @Test("fix --out inside the paths to fix, or a path inside --out, is a usage error that copies nothing",
          arguments: [("G.xcstickers/Fixed", "G.xcstickers"), ("Out", "Out/G.xcstickers"), ("G.xcstickers", "G.xcstickers")])
    func fixOutOverlaps(_ out: String, _ source: String) throws {
        let scratch = Scratch()
        try scratch.write(source + "/Contents.json", "{\"info\":{\"author\":\"xcode\",\"version\":1}}\n")
        let before = try FileManager.default.subpathsOfDirectory(atPath: scratch.path).sorted()
        let (status, _, err) = try CLI.run(["fix", "--out", out, source], in: scratch.path)
        #expect(status == 2 && err.contains("overlap (one is inside the other)"), "\(err)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: scratch.path).sorted() == before)
        // Beside it, a folder outside is fine.
        #expect(try CLI.run(["fix", "--out", "Elsewhere", source], in: scratch.path).0 == 0)
    }

    @Test("fix --add-unreferenced never follows a sticker folder linked out of the catalog, and never adds an entry twice")
    func addUnreferencedThroughLink() throws {
        let scratch = Scratch()
        let info = "\"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }"
        let stickerJSON = { (file: String) in "{\n  \(info),\n  \"properties\" : {\n    \"filename\" : \"\(file)\"\n  }\n}\n" }
        try scratch.write("C.xcstickers/Contents.json", "{\n  \(info)\n}\n")
        try scratch.write("C.xcstickers/P.stickerpack/Contents.json",
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
