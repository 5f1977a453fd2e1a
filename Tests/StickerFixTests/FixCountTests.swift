@testable import StickerFix
import Foundation
import StickerFiles
import StickerLint
import StickerImage
import StickerTestSupport
import Testing

/// #52 point 5: fix's counts are true: findings are matched by rule and path, not by wording, and the
/// summary says when pixels changed.
@Suite("fix's counts")
struct FixCountTests {
    static func d(_ rule: RuleID, _ path: String, _ message: String) -> Diagnostic {
        Diagnostic(rule: rule, severity: .error, path: path, message: message)
    }

    @Test("a finding whose wording changed is neither fixed nor new; one that went is fixed; one that came is new")
    func matching() {
        let before = [
            Self.d("file-size", "a.png", "file is 600,000 bytes"), Self.d("transparency", "b.png", "opaque"), Self.d("file-size", "c.png", "x")
        ]
        let after = [
            Self.d("file-size", "a.png", "file is 550,000 bytes"), Self.d("file-size", "c.png", "x"), Self.d("square", "d.png", "not square")
        ]
        let fixed = Fixer.Report.fixed(before: before, after: after)
        #expect(fixed == [Self.d("transparency", "b.png", "opaque")])
        let report = Fixer.Report(
            files: [], before: LintResult(files: [], diagnostics: before), after: LintResult(files: [], diagnostics: after), dryRun: false,
            options: FixOptions())
        let text = FixReportFormat.text(report) { _ in "" }
        #expect(text.contains("findings: 3 before, 1 fixed, 3 left (1 new)"), "\(text)")
    }

    @Test("several findings of one rule on one path: exact ones matched first, the rest by count")
    func sameRuleSamePath() {
        let before = [Self.d("missing-file", "p/Contents.json", "names a.png"), Self.d("missing-file", "p/Contents.json", "names b.png")]
        #expect(Fixer.Report.fixed(before: before, after: [before[1]]) == [before[0]])
        #expect(Fixer.Report.fixed(before: before, after: []).count == 2)
        #expect(Fixer.Report.fixed(before: before, after: [Self.d("missing-file", "p/Contents.json", "names c.png")]).count == 1)
        // Paths by bytes: a composed and a decomposed name are two paths.
        #expect(
            Fixer.Report.fixed(before: [Self.d("file-size", "caf\u{E9}.png", "x")], after: [Self.d("file-size", "cafe\u{301}.png", "x")]).count == 1)
    }

    @Test("a renamed file's findings are matched at its new name: only the wrong extension is fixed, nothing is new")
    func renamedMatched() {
        let before = [Self.d("file-extension", "a.png", "JPEG named .png"), Self.d("transparency", "a.png", "opaque")]
        let after = [Self.d("transparency", "a.jpg", "opaque")]
        #expect(Fixer.Report.fixed(before: before, after: after, renamed: ["a.png": "a.jpg"]) == [before[0]])
        // Without the rename known, the moved finding would count as fixed (and again as new).
        #expect(Fixer.Report.fixed(before: before, after: after).count == 2)
    }

    @Test("fix of a JPEG named .png says it renamed it (not rewrote it), and counts 1 fixed, none new (real catalogs: '70 fixed, 56 new')")
    func renameCounted() throws {
        let scratch = Scratch()
        try RuleExample.pack([.sticker("Photo", .jpeg(side: 640), file: "photo.png")], "").write(to: scratch.path)
        let (status, out, err) = try CLI.run(["fix", scratch.at("Stickers.xcstickers")])
        #expect(status == 1, "the JPEG is still opaque and 640 px: \(out)\(err)")
        #expect(out.contains("fix: 0 of 1 file rewritten, 1 renamed, 0 bytes saved"), "\(out)")
        let findings = try #require(out.split(separator: "\n").first { $0.hasPrefix("findings: ") }, "\(out)")
        #expect(findings.contains(" 1 fixed, ") && !findings.contains("new"), "\(findings)")
    }

    @Test(
        "fix --format json counts a renamed and recompressed file once: files, changed and bytes are what the disk holds (it said 33,944 for 20,356)")
    func renamedFileCountedOnceInJSON() throws {
        let scratch = Scratch()
        let loose = Conformance.projectRoot + "/SamplePacks/Loose/"
        for name in ["spin.apng", "party.png"] { try scratch.write("in/" + name, try DiskFileSystem().read(loose + name)) }
        func onDisk() -> Int {
            (DiskFileSystem().list(scratch.at("in")) ?? []).reduce(0) { $0 + (DiskFileSystem().size(scratch.at("in/" + $1)) ?? 0) }
        }
        let before = onDisk()
        let (_, out, err) = try CLI.run(["fix", "--no-cache", "--format", "json", scratch.at("in")])
        let summary = try #require(
            (try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])?["summary"] as? [String: Any], "\(out)\(err)")
        #expect(DiskFileSystem().list(scratch.at("in"))?.sorted() == ["party.png", "spin.png"])
        #expect(summary["files"] as? Int == 2 && summary["changed"] as? Int == 2, "\(summary)")
        #expect(summary["bytesBefore"] as? Int == before && summary["bytesAfter"] as? Int == onDisk(), "\(summary), disk \(before) → \(onDisk())")
    }

    @Test("--convert-gif counts the GIF once and its bytes as they changed (real catalogs: '5 of 22 files', '0 bytes saved' for 538,576 added)")
    func conversionCounted() throws {
        let scratch = Scratch()
        try RuleExample.pack([.sticker("Dance", .gif(side: 408, frames: 3)), .sticker("Still", .png(width: 408, height: 408))], "")
            .write(to: scratch.path)
        let folder = scratch.at("Stickers.xcstickers/Pack.stickerpack/Dance.sticker")
        let gif = try #require((DiskFileSystem().list(folder) ?? []).first { $0.hasSuffix(".gif") })
        let before = try DiskFileSystem().read(folder + "/" + gif).count
        let (_, out, err) = try CLI.run(["fix", "-q", "--convert-gif", scratch.at("Stickers.xcstickers")])
        let png = try #require((DiskFileSystem().list(folder) ?? []).first { $0.hasSuffix(".png") }, "\(out)\(err)")
        let after = try DiskFileSystem().read(folder + "/" + png).count
        let change = after > before ? "\((after - before).grouped) bytes added" : "\((before - after).grouped) bytes saved"
        let summary = try #require(out.split(separator: "\n").first { $0.hasPrefix("fix: ") }, "\(out)")
        // Two images (the converted GIF is one file); the still PNG may be recompressed too.
        #expect(summary.contains(" of 2 files rewritten"), "\(summary)")
        if !summary.hasPrefix("fix: 2 of") { #expect(summary.contains(change), "\(summary), expected \(change)") }
    }

    @Test("a resize is said: the summary no longer claims no pixel changed")
    func resizeSaid() {
        let file = Fixer.FileFix(path: "a.png", kind: .resize, bytesBefore: 100, bytesAfter: 80, changes: ["resized 900×900 → 618×618 (Lanczos3)"])
        let report = Fixer.Report(
            files: [file], before: LintResult(files: [], diagnostics: []), after: LintResult(files: [], diagnostics: []), dryRun: false,
            options: FixOptions())
        let text = FixReportFormat.text(report) { _ in "" }
        #expect(text.contains("20 bytes saved (1 resized)") && !text.contains("without changing a pixel"), "\(text)")
    }
}

/// #52 point 6: --resize-to-grid finds the legal size, and its hint counts only what it will do.
@Suite("fix --resize-to-grid sizes")
struct ResizeTargetTests {
    @Test("the grid's side when the shorter side holds; else the smallest longer side up to 618 that keeps it ≥ 300; else none")
    func targets() {
        #expect(ImageFixer.resizeTarget(900, 900, grid: 408) == 408)
        // 926×1423 on the regular grid: 408 would give 266×408; 465 gives 303×465 (the first ≥ 300).
        let side = ImageFixer.resizeTarget(926, 1423, grid: 408)
        #expect(side.map { ImageFixer.scaled(926, 1423, to: $0) }.map { min($0.width, $0.height) >= 300 } == true)
        #expect(side.map { ImageFixer.scaled(926, 1423, to: $0 - 1) }.map { min($0.width, $0.height) < 300 } == true)
        // 1486×883 at 618 is 618×367: fits; 3000×1000 at 618 is 618×206: no legal size.
        #expect(ImageFixer.resizeTarget(1486, 883, grid: 408) == 505)
        #expect(ImageFixer.resizeTarget(3000, 1000, grid: 408) == nil)
        #expect(ImageFixer.someSizeHolds(1486, 883) && !ImageFixer.someSizeHolds(3000, 1000))
        // Already within the grid: nothing to do.
        #expect(ImageFixer.resizeTarget(400, 300, grid: 408) == nil)
    }
}

/// #52 point 11: `fix --convert-gif` says the frames it wrote, not the GIF's.
@Suite("fix --convert-gif's words")
struct ConvertWordingTests {
    @Test(
        "a GIF of 4 frames whose first 3 are alike becomes an APNG of 2 frames, and says 2",
        Requirement.trait(Tools.find("convert") != nil, "ImageMagick is not installed"))
    func framesWritten() throws {
        let scratch = Scratch()
        try RuleExample.pack([.sticker("Dance", .gif(side: 408, frames: 3))], "").write(to: scratch.path)
        let sticker = scratch.at("Stickers.xcstickers/Pack.stickerpack/Dance.sticker")
        let gif = try #require((DiskFileSystem().list(sticker) ?? []).first { $0.hasSuffix(".gif") })
        let magick = Tools.path("convert")
        for (name, colour) in [("a.png", "red"), ("b.png", "blue")] {
            let made = try Process.run(
                magick, ["-size", "408x408", "xc:none", "-fill", colour, "-draw", "circle 204,204 204,100", scratch.at(name)])
            try #require(made.0 == 0, "\(made.2)")
        }
        let animated = try Process.run(
            magick,
            [
                "-delay", "10", "-dispose", "background", scratch.at("a.png"), scratch.at("a.png"), scratch.at("a.png"), scratch.at("b.png"),
                "-loop", "0", sticker + "/" + gif
            ])
        try #require(animated.0 == 0, "\(animated.2)")
        let (_, out, err) = try CLI.run(["fix", "--convert-gif", scratch.at("Stickers.xcstickers")])
        #expect(out.contains("converted to APNG of 2 frames"), "\(out) \(err)")
        #expect(!out.contains("APNG of 4 frames"), "\(out)")
    }
}
