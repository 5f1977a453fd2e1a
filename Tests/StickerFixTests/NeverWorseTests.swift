import Foundation
import StickerCatalog
import StickerFiles
@testable import StickerFix
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// No command makes a passing sticker fail or grow past a limit (#35): fix, pack and variants check
/// what they would write and keep the original where it would be worse, and say so. The art is made
/// by Pillow, as exporters write it (GIFs with a local palette per frame, APNGs of another aspect).
@Suite("never worse")
struct NeverWorseTests {
    /// Pillow writes the art: `gif SIDE FRAMES NOISE` (a local palette of 256 random colours per frame,
    /// index 0 transparent, noise over a NOISE-px square) or `apng W H FRAMES` (palette pixel art).
    static let script = """
        import random, sys
        from PIL import Image
        kind, out = sys.argv[1], sys.argv[-1]
        rng = random.Random(7)
        if kind == "gif":
            side, frames, noise = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
            images = []
            for f in range(frames):
                im = Image.new("P", (side, side), 0)
                im.putpalette([0, 0, 0] + [rng.randrange(256) for _ in range(255 * 3)])
                o = (side - noise) // 2
                im.putdata([rng.randrange(256) if o <= x < o + noise and o <= y < o + noise else 0 for y in range(side) for x in range(side)])
                images.append(im)
            images[0].save(out, save_all=True, append_images=images[1:], duration=100, loop=0, transparency=0, disposal=2)
        else:
            w, h, frames = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
            images = []
            for f in range(frames):
                im = Image.new("P", (w, h), 0)
                im.putpalette([0, 0, 0, 255, 0, 0, 0, 128, 255, 255, 220, 0])
                inside = lambda x, y: w // 10 <= x < w - w // 10 and h // 10 <= y < h - h // 10
                im.putdata([1 + ((x // 12) + (y // 12) + f) % 3 if inside(x, y) else 0 for y in range(h) for x in range(w)])
                images.append(im)
            images[0].save(out, save_all=True, append_images=images[1:], duration=80, loop=0, transparency=0, format="PNG")
        """

    static func make(_ arguments: [String], _ path: String) throws {
        try Requirement.require(Tools.pythonHas("PIL"), "Pillow (make test installs it)")
        try FileManager.default.createDirectory(atPath: PathText.parent(path), withIntermediateDirectories: true)
        let (status, _, err) = try Process.run(Tools.path("python3"), ["-c", script] + arguments + [path])
        try #require(status == 0, "\(err)")
    }

    static func header(_ path: String) throws -> ImageHeader {
        try ImageDecoder().probe(FileSystemByteSource(DiskFileSystem(), path: path))
    }

    @Test("fix --convert-gif keeps a passing GIF whose APNG would be larger though under the limit, and says by how much")
    func convertNeverGrows() throws {
        let scratch = Scratch()
        try Self.make(["gif", "300", "4", "150"], scratch.at("Art/noise.gif"))
        let before = try DiskFileSystem().read(scratch.at("Art/noise.gif"))
        let (status, out, err) = try CLI.run(["fix", "--convert-gif", scratch.at("Art")])
        #expect(status == 0, "\(out)\(err)")
        let said = try #require(out.firstRange(of: "kept: not converted: as an APNG it would be ").map { out[$0.upperBound...] }, "\(out)")
        let numbers = said.prefix { $0 != "\n" }.split(whereSeparator: { !$0.isNumber && $0 != "," }).compactMap { Int($0.replacing(",", with: "")) }
        // "N bytes, M more (it is B bytes now)": N = B + M, B the GIF's size, M above 0.
        #expect(numbers.count == 3 && numbers[2] == before.count && numbers[1] > 0 && numbers[0] == numbers[2] + numbers[1], "\(said)")
        #expect(numbers.first.map { $0 < StickerLimits.documentedBytes } == true)
        #expect(try DiskFileSystem().read(scratch.at("Art/noise.gif")) == before)
        #expect(DiskFileSystem().kind(scratch.at("Art/noise.png")) == .missing)
    }

    @Test("fix --convert-gif keeps a passing GIF whose APNG would be over 500,000 bytes, and says so")
    func convertKeepsGIF() throws {
        let scratch = Scratch()
        try Self.make(["gif", "300", "4", "296"], scratch.at("Art/party.gif"))
        let before = try DiskFileSystem().read(scratch.at("Art/party.gif"))
        #expect(before.count <= StickerLimits.documentedBytes)
        let (status, out, err) = try CLI.run(["fix", "--convert-gif", "-q", scratch.at("Art")])
        #expect(status == 0, "\(out)\(err)")
        #expect(out.contains("not converted: as an APNG it would be ") && out.contains("over the 500,000-byte limit"), "\(out)")
        #expect(try DiskFileSystem().read(scratch.at("Art/party.gif")) == before)
        #expect(DiskFileSystem().kind(scratch.at("Art/party.png")) == .missing)
        // The same GIF with --resize-to-grid --lossy as well: still no file-size finding afterwards.
        let all = try CLI.run(["fix", "--convert-gif", "--resize-to-grid", "--lossy", "-q", "--format", "json", scratch.at("Art")])
        #expect(!all.1.contains("\"file-size\""), "\(all.1)")
    }

    @Test(
        "fix --resize-to-grid never takes a side under 300 px: 420×309 becomes 408×300; 420×308 becomes 409×300 (the grid's 408 would give 299, #52); 2000×600 is kept (no legal size)",
        arguments: [(420, 309, "408×300"), (420, 308, "409×300"), (2000, 600, nil)] as [(Int, Int, String?)])
    func resizeFloor(_ width: Int, _ height: Int, _ size: String?) throws {
        let scratch = Scratch()
        try scratch.write("Art/.stickerlint.yml", "grid: regular\n")
        try Self.make(["apng", String(width), String(height), "3"], scratch.at("Art/parrot.png"))
        let (status, out, err) = try CLI.run(["fix", "--resize-to-grid", "-q", "."], in: scratch.at("Art"))
        #expect(status == 0 || status == 1, "\(err)")
        let header = try Self.header(scratch.at("Art/parrot.png"))
        if let size {
            #expect("\(header.width)×\(header.height)" == size, "\(out)")
            #expect(out.contains("resized \(width)×\(height) → \(size)"), "\(out)")
            #expect(min(header.width, header.height) >= 300)
        } else {
            #expect((header.width, header.height) == (width, height), "\(out)")
            #expect(out.contains("not resized: 408×122 would be under 300 px on a side, and so would any size up to 618 px"), "\(out)")
        }
        #expect(!out.contains("−-"), "\(out)")
    }

    @Test("sizes that grow are reported as growth, and the summary adds rather than saves")
    func growthWording() {
        let grew = Fixer.FileFix(path: "a.png", kind: .resize, bytesBefore: 23_697, bytesAfter: 202_252, changes: ["resized"])
        #expect(FixReportFormat.bytes(grew) == "23,697 → 202,252 bytes (+753.4%)")
        let shrank = Fixer.FileFix(path: "a.png", kind: .recompress, bytesBefore: 162_406, bytesAfter: 120_331, changes: ["x"])
        #expect(FixReportFormat.bytes(shrank) == "162,406 → 120,331 bytes (−25.9%)")
        let report = Fixer.Report(
            files: [grew], before: LintResult(files: [], diagnostics: []), after: LintResult(files: [], diagnostics: []),
            dryRun: false, options: FixOptions())
        let text = FixReportFormat.text(report) { _ in "" }
        #expect(text.contains("178,555 bytes added"), "\(text)")
    }

    @Test("variants of palette pixel art stay palette files, no larger than the master")
    func variantsKeepPalette() throws {
        let scratch = Scratch()
        try Self.make(["apng", "618", "618", "3"], scratch.at("Art/pixel.png"))
        let master = try DiskFileSystem().read(scratch.at("Art/pixel.png"))
        #expect(master[25] == 3, "Pillow wrote colour type \(master[25])")
        let (status, out, err) = try CLI.run(["variants", scratch.at("Art/pixel.png")])
        #expect(status == 0, "\(out)\(err)")
        for name in ["pixel@2x.png", "pixel@1x.png"] {
            let bytes = try DiskFileSystem().read(scratch.at("Art/" + name))
            #expect(bytes[25] == 3, "\(name): colour type \(bytes[25])")
            #expect(bytes.count <= master.count, "\(name): \(bytes.count) bytes against the master's \(master.count)")
        }
    }

    @Test("pack keeps a valid sticker as it is when the grid's size would take it over the limit, and accepts --allow-frame-drop")
    func packKeepsValidSticker() throws {
        let scratch = Scratch()
        try Self.make(["gif", "512", "2", "380"], scratch.at("Art/wave.gif"))
        let source = try DiskFileSystem().read(scratch.at("Art/wave.gif"))
        let (status, out, err) = try CLI.run(["pack", "Art", "-o", "Out.xcstickers", "--format", "json"], in: scratch.path)
        #expect(status == 0 || status == 1, "\(err)")
        #expect(out.contains("kept as it is (a 512×512 GIF of"), "\(out)")
        #expect(try DiskFileSystem().read(scratch.at("Out.xcstickers/Art.stickerpack/wave.sticker/wave.gif")) == source)
        #expect(!out.contains("\"skipped\" : [\n    {"), "\(out)")
        // Every option a message suggests exists.
        let frameDrop = try CLI.run(["pack", "Art", "-o", "Drop.xcstickers", "--keep-gif", "--allow-frame-drop"], in: scratch.path)
        #expect(frameDrop.0 != 2, "\(frameDrop.2)")
    }

    @Test("pack --pad of opaque art says it is an opaque box on a transparent margin")
    func padOpaque() throws {
        let scratch = Scratch()
        try scratch.write("Art/photo.jpg", try JPEGEncoder.encode(rgba: [UInt8](repeating: 180, count: 320 * 320 * 4), width: 320, height: 320))
        let (status, out, _) = try CLI.run(["pack", "Art", "-o", "Out.xcstickers", "--pad", "--grid", "regular"], in: scratch.path)
        #expect(status == 1, "\(out)")
        #expect(out.contains("no transparent pixel in the art: Messages shows it as an opaque box on a transparent margin"), "\(out)")
    }

    @Test("icons fit whole: pack --icon of a square image keeps the top of the art in the 1024×768 App Store icon")
    func iconsContain() throws {
        let scratch = Scratch()
        // A square icon whose top rows are red and the rest blue: a crop to 4:3 would cut the red rows away.
        var pixels = [UInt8](repeating: 0, count: 1024 * 1024 * 4)
        for y in 0..<1024 {
            for x in 0..<1024 {
                let i = (y * 1024 + x) * 4
                pixels[i] = y < 100 ? 255 : 0
                pixels[i + 2] = y < 100 ? 0 : 255
                pixels[i + 3] = 255
            }
        }
        try scratch.write("icon.png", try PNGEncoder.encode(rgba: pixels, width: 1024, height: 1024))
        try scratch.write("Art/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        let (status, out, err) = try CLI.run(["pack", "Art", "-o", "Out.xcstickers", "--icon", "icon.png"], in: scratch.path)
        #expect(status == 0, "\(out)\(err)")
        let set = scratch.at("Out.xcstickers/iMessage App Icon.stickersiconset")
        let marketing = try #require(DiskFileSystem().list(set)?.first { $0.contains("1024x768") }, "\(DiskFileSystem().list(set) ?? [])")
        let image = try ImageDecoder().decode(try DiskFileSystem().read(PathText.join(set, marketing)))
        #expect((image.width, image.height) == (1024, 768))
        // Red near the top of the art (row 20 of the 768-px-high art, which starts at x = 128), white beside it.
        let at = { (x: Int, y: Int) in Array(image.frames[0].pixels[((y * 1024 + x) * 4)..<((y * 1024 + x) * 4 + 3)]) }
        #expect(at(512, 20)[0] > 200 && at(512, 20)[2] < 60, "\(at(512, 20))")
        #expect(at(10, 384) == [255, 255, 255], "\(at(10, 384))")
    }

    @Test("fix --generate-icons assigns right-size images lying in the set (unnamed or unassigned) instead of cropping new ones")
    func iconsUseExisting() throws {
        let scratch = Scratch()
        let kept = ExampleIcon.complete.filter { !["icon-iphone-29x29@2x.png", "icon-iphone-29x29@3x.png"].contains($0.filename) }
        let extra = [
            ExampleIcon(filename: "small58.png", content: .png(width: 58, height: 58, style: .flat), entry: #""idiom":"iphone","unassigned":true"#),
            ExampleIcon(filename: "small87.png", content: .png(width: 87, height: 87, style: .flat), entry: nil)
        ]
        try RuleExample.iconSet(kept + extra, "").write(to: scratch.path)
        let set = scratch.at("Stickers.xcstickers/iMessage App Icon.stickersiconset")
        let before = try #require(DiskFileSystem().list(set))
        let (status, out, err) = try CLI.run(["fix", "--generate-icons", "-q", scratch.at("Stickers.xcstickers")])
        #expect(status == 0, "\(out)\(err)")
        #expect(try #require(DiskFileSystem().list(set)) == before, "no icon was made: \(out)")
        let json = try JSONParser.parse(try DiskFileSystem().read(set + "/Contents.json"))
        guard case .array(let images)? = json["images"] else { Issue.record("no images"); return }
        let small58 = images.filter { $0["filename"] == .string("small58.png") }
        #expect(small58.count == 1 && small58.first?["size"] == .string("29x29") && small58.first?["scale"] == .string("2x"), "\(small58)")
        let small87 = images.filter { $0["filename"] == .string("small87.png") }
        #expect(small87.count == 1 && small87.first?["scale"] == .string("3x"), "\(small87)")
        #expect(out.contains("assigned to"), "\(out)")
    }
}
