import Foundation
import StickerLint
import StickerTestSupport
import Testing
import StickerFiles

/// A path means what it names: every spelling of the same pack, sticker, catalog or icon set (".",
/// "..", "x/.", "x/..", trailing slashes, a relative path from inside a catalog, a symbolic link) gives
/// the report its canonical path gives: the same findings on the same files, the same grid, the same
/// exit status. Run on disk, from inside and outside, since the bug lives in how real paths are spelt.
@Suite("check: a path means what it names")
struct PathSpellingTests {
    /// One finding, its file named by its real path so that spellings compare.
    struct Finding: Hashable, Comparable, CustomStringConvertible {
        var rule: String, severity: String, message: String, file: String
        static func < (a: Finding, b: Finding) -> Bool { (a.file, a.rule, a.message) < (b.file, b.rule, b.message) }
        var description: String { "\(file): \(rule) \(severity) \(message)" }
    }

    /// (exit status, findings, files checked) of `check --format json ARGUMENT` run in `folder`.
    static func report(_ argument: String, in folder: String) throws -> (Int32, [Finding], Int) {
        let (status, out, err) = try CLI.run(["check", "--no-cache", "--format", "json", argument], in: folder)
        guard status != 2 else { return (status, [Finding(rule: "exit 2", severity: "", message: err, file: "")], 0) }
        let document = try JSONDecoder().decode(JSONReportDocument.self, from: Data(out.utf8))
        let disk = DiskFileSystem()
        let findings = document.diagnostics.map { item in
            let full = item.path.hasPrefix("/") ? item.path : folder + "/" + item.path
            // A missing file (a Contents.json reference to nothing) is named through its real folder.
            let real = disk.realPath(full) ?? disk.realPath(PathText.parent(full)).map { $0 + "/" + PathText.lastComponent(full) }
            return Finding(rule: item.rule, severity: item.severity, message: item.message, file: real ?? "missing: " + full)
        }
        return (status, findings.sorted(), document.summary.files)
    }

    /// A copy of the bad sample catalog (every rule fires) with links to its parts beside it.
    static func tree() throws -> (Scratch, String) {
        let scratch = Scratch()
        let root = try #require(DiskFileSystem().realPath(scratch.path))
        let copied = try Process.run("/bin/cp", ["-R", Conformance.projectRoot + "/SamplePacks/Bad.xcstickers", root + "/Cat.xcstickers"])
        #expect(copied.0 == 0)
        for (link, target) in [
            ("pack-link", "Cat.xcstickers/Problems.stickerpack"), ("catalog-link", "Cat.xcstickers"),
            ("sticker-link", "Cat.xcstickers/Problems.stickerpack/Tiny.sticker"),
            ("icons-link", "Cat.xcstickers/iMessage App Icon.stickersiconset")
        ] {
            #expect(symlink(target, root + "/" + link) == 0)
        }
        return (scratch, root)
    }

    @Test(
        "a pack, a sticker, a catalog and an icon set, each under every spelling, give the canonical path's report",
        arguments: [
            (
                "Cat.xcstickers/Problems.stickerpack",
                [
                    ("", "Cat.xcstickers/Problems.stickerpack/"), ("", "Cat.xcstickers/Problems.stickerpack/."),
                    ("", "Cat.xcstickers/Problems.stickerpack/Tiny.sticker/.."), ("", "pack-link"), ("", "pack-link/"),
                    ("Cat.xcstickers/Problems.stickerpack", "."), ("Cat.xcstickers/Problems.stickerpack/Tiny.sticker", ".."),
                    ("Cat.xcstickers", "Problems.stickerpack"), ("Cat.xcstickers", "./Problems.stickerpack/")
                ]
            ),
            (
                "Cat.xcstickers/Problems.stickerpack/Tiny.sticker",
                [
                    ("", "Cat.xcstickers/Problems.stickerpack/Tiny.sticker/."), ("", "sticker-link"),
                    ("Cat.xcstickers/Problems.stickerpack/Tiny.sticker", "."), ("Cat.xcstickers/Problems.stickerpack", "Tiny.sticker"),
                    ("Cat.xcstickers/Problems.stickerpack/Wide.sticker", "../Tiny.sticker")
                ]
            ),
            (
                "Cat.xcstickers",
                [
                    ("", "Cat.xcstickers/Problems.stickerpack/.."), ("", "catalog-link"), ("Cat.xcstickers", "."),
                    ("Cat.xcstickers/Problems.stickerpack", ".."), ("Cat.xcstickers/Problems.stickerpack/Tiny.sticker", "../..")
                ]
            ),
            (
                "Cat.xcstickers/iMessage App Icon.stickersiconset",
                [
                    ("", "icons-link"), ("Cat.xcstickers/iMessage App Icon.stickersiconset", "."),
                    ("Cat.xcstickers", "iMessage App Icon.stickersiconset/")
                ]
            )
        ])
    func spellings(canonical: String, spellings: [(String, String)]) throws {
        let (scratch, root) = try Self.tree()
        let expected = try Self.report(canonical, in: root)
        #expect(expected.0 == 1 && !expected.1.isEmpty)
        for (folder, argument) in spellings {
            let got = try Self.report(argument, in: folder.isEmpty ? root : root + "/" + folder)
            #expect(got.0 == expected.0, "\(folder): check \(argument)")
            #expect(got.2 == expected.2, "\(folder): check \(argument): files")
            #expect(got.1 == expected.1, "\(folder): check \(argument)")
        }
        _ = scratch
    }

    @Test("an icon set checked from inside gets the icon rules, never the sticker rules")
    func iconSetFromInside() throws {
        let (scratch, root) = try Self.tree()
        let inside = try Self.report(".", in: root + "/Cat.xcstickers/iMessage App Icon.stickersiconset")
        let stickerRules: Set = ["pixel-dimensions", "square", "transparency", "grid-size"]
        #expect(inside.1.allSatisfy { !stickerRules.contains($0.rule) }, "\(inside.1)")
        _ = scratch
    }

    @Test("`check .` in a plain folder keeps its short paths")
    func plainFolder() throws {
        let scratch = Scratch()
        try scratch.write("art/a.png", ExampleContent.png(width: 408, height: 408, style: .opaque).bytes())
        let (status, out, _) = try CLI.run(["check", "."], in: scratch.at("art"))
        #expect(status == 1)
        #expect(out.hasPrefix("a.png\n"), "\(out)")
    }
}
