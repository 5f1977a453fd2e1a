import Foundation
import StickerFiles
import StickerLint
import StickerTestSupport
import Testing

/// #51 point 5: two names that differ only in Unicode normalization ("café" composed, U+00E9, and
/// decomposed, e + U+0301) are two files on Linux and in git. Swift's String compares them equal; every
/// command must still see both.
@Suite("normalization twins")
struct NormalizationTwinTests {
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    /// A folder with both names: the composed one a good sticker, the decomposed one too large.
    static func twins() throws -> Scratch {
        #expect(Array(composed.utf8) != Array(decomposed.utf8) && composed == decomposed)
        let scratch = Scratch()
        try scratch.write("art/\(composed).png", ExampleContent.png(width: 408, height: 408).bytes())
        try scratch.write("art/\(decomposed).png", ExampleContent.png(width: 700, height: 700).bytes())
        #expect((DiskFileSystem().list(scratch.at("art")) ?? []).count == 2)
        return scratch
    }

    @Test("check sees both, cold and warm, and names the one at fault by its own bytes")
    func check() throws {
        let scratch = try Self.twins()
        for arguments in [
            ["check", "--no-cache", "--format", "json", "art"], ["check", "--format", "json", "art"], ["check", "--format", "json", "art"]
        ] {
            let (status, out, err) = try CLI.run(arguments, in: scratch.path)
            #expect(status == 1, "\(err)")
            let report = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
            let files = (report?["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
            #expect(
                files.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
                    == ["art/\(Self.composed).png", "art/\(Self.decomposed).png"].map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) })
            let findings = (report?["findings"] as? [[String: Any]] ?? report?["diagnostics"] as? [[String: Any]] ?? [])
            let faulty = findings.filter { ($0["rule"] as? String) == "pixel-dimensions" }.compactMap { $0["path"] as? String }
            #expect(faulty.map { Array($0.utf8) } == [Array("art/\(Self.decomposed).png".utf8)], "\(out.prefix(600))")
        }
    }

    @Test("pack makes two stickers, named apart on every file system: 'café' and 'café 2'")
    func pack() throws {
        let scratch = try Self.twins()
        try scratch.write("icon.png", ExampleContent.png(width: 1024, height: 1024).bytes())
        let (status, out, err) = try CLI.run(["pack", "art", "-o", "Out.xcstickers", "--pad", "--icon", "icon.png"], in: scratch.path)
        #expect(out.contains("2 stickers"), "\(status) \(out) \(err)")
        let folders = (DiskFileSystem().list(scratch.at("Out.xcstickers/art.stickerpack")) ?? []).filter { $0.hasSuffix(".sticker") }
        #expect(folders.count == 2 && folders.contains { $0.hasSuffix(" 2.sticker") }, "\(folders)")
    }

    @Test("pack --for discord makes a file of each")
    func packForStore() throws {
        let scratch = try Self.twins()
        let (_, out, err) = try CLI.run(["pack", "art", "--for", "discord", "-o", "stores", "--name", "Cafe"], in: scratch.path)
        let made = (DiskFileSystem().list(scratch.at("stores")) ?? []).filter { $0.lowercased().hasPrefix("caf") }
        #expect(made.count == 2, "\(made) \(out) \(err)")
    }
}
