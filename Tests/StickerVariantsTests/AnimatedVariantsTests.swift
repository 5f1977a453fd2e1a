import Foundation
import StickerFiles
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

@testable import StickerVariants

/// Variants of animations (issue #52, point 4): on 6e8f509 a GIF's variants stored every frame
/// full-canvas (a 65,594-byte master made a 1,123,598-byte @2x, over the limit) and pixel-art APNGs grew
/// 2–3× (a 16,969-byte parrot made 42,757 and 33,211 bytes). Masters here are written as artists' tools
/// write them (Tests/Tools/animated_masters.py: Pillow, frames cropped, RGBA APNGs, a GIF optimized by
/// gifsicle -O3), and every variant is judged by tools that are not ours.
@Suite("variants of animations")
struct AnimatedVariantsTests {
    static let tools = Tools.pythonHas("PIL") && ["gifsicle", "apngdis", "pngcheck"].allSatisfy { Tools.available($0) }
    static let missing = "Pillow, gifsicle, apngdis or pngcheck is not installed (make test installs them)"
    static let script = Conformance.projectRoot + "/Tests/Tools/animated_masters.py"
    static let masters = ["mummy.gif", "parrot.png", "explody.png", "blink.png"]

    /// Every distinct RGBA colour of every frame (fully transparent pixels as one).
    static func colours(_ image: DecodedImage) -> Set<UInt32> {
        var set = Set<UInt32>()
        for frame in image.frames {
            for i in stride(from: 0, to: frame.pixels.count, by: 4) {
                let p = frame.pixels
                set.insert(p[i + 3] == 0 ? 0 : UInt32(p[i]) | UInt32(p[i + 1]) << 8 | UInt32(p[i + 2]) << 16 | UInt32(p[i + 3]) << 24)
            }
        }
        return set
    }

    @Test(
        "each variant is at most its master's bytes, keeps every frame and delay, a GIF's palette and pixel art's colours",
        Requirement.trait(tools, missing))
    func neverLargerThanTheMaster() throws {
        try Requirement.require(Self.tools, Self.missing)
        let scratch = Scratch()
        let made = try Process.run(Tools.path("python3"), [Self.script, scratch.path])
        try #require(made.0 == 0, "\(made.2)")
        let generator = VariantGenerator(jobs: 2)
        let reports = generator.run(try generator.planning([scratch.path]).plans)
        #expect(reports.count == 4)
        let decoder = ImageDecoder()
        for name in Self.masters {
            let report = try #require(reports.first { $0.source.hasSuffix("/" + name) })
            #expect(report.error == nil && !report.fails(strict: true), "\(name): \(report)")
            let masterBytes = try DiskFileSystem().read(scratch.at(name))
            let master = try decoder.decode(masterBytes)
            for outcome in report.outcomes {
                let bytes = try DiskFileSystem().read(outcome.path)
                #expect(bytes.count <= masterBytes.count, "\(outcome.path): \(bytes.count) bytes, master \(masterBytes.count)")
                #expect(outcome.bytes == bytes.count && outcome.notes.isEmpty, "\(outcome)")
                let variant = try decoder.decode(bytes)
                #expect(variant.frames.count == master.frames.count && outcome.frames == master.frames.count)
                #expect(variant.frames.map(\.delay.milliseconds) == master.frames.map(\.delay.milliseconds))
                #expect(variant.loopCount == master.loopCount)
                // Palette art keeps its colours: the GIF its palette, pixel art its handful of colours.
                if name == "mummy.gif" || name == "parrot.png" {
                    let extra = Self.colours(variant).subtracting(Self.colours(master))
                    #expect(extra.isEmpty, "\(outcome.path): \(extra.count) colours not in the master")
                }
            }
        }
        // The independent judges: gifsicle reads every frame (and the palette: a global table of 256),
        // apngdis takes each APNG apart, pngcheck finds every PNG valid.
        for scale in ["@2x", "@1x"] {
            let (status, out, err) = try Process.run(Tools.path("gifsicle"), ["--info", scratch.at("mummy\(scale).gif")])
            #expect(status == 0 && out.contains("24 images") && out.contains("global color table [256]"), "\(out) \(err)")
            #expect(out.contains("delay 0.06s"), "\(out)")
            for stem in ["parrot", "explody", "blink"] {
                let path = scratch.at("\(stem)\(scale).png")
                let check = try Process.run(Tools.path("pngcheck"), ["-q", path])
                #expect(check.0 == 0, "pngcheck \(path): \(check.1)")
                let folder = scratch.at("apngdis-\(stem)\(scale)")
                try Folders.create(folder)
                let apart = try Process.run(Tools.path("apngdis"), [path, "frame"], in: folder)
                #expect(apart.0 == 0 && apart.1.contains("all done"), "\(apart)")
            }
        }
    }

    @Test("the byte limit a variant keeps is the tightest its master is within, each edge both sides")
    func limitKept() {
        #expect(VariantEncoder.limitKept(master: 1) == 500_000)
        #expect(VariantEncoder.limitKept(master: 500_000) == 500_000)
        #expect(VariantEncoder.limitKept(master: 500_001) == 512_000)
        #expect(VariantEncoder.limitKept(master: 512_000) == 512_000)
        #expect(VariantEncoder.limitKept(master: 512_001) == nil)
    }

    @Test("a variant over a limit its master is within is fitted under it, and says how; one that cannot be says why")
    func fittedUnderTheLimit() throws {
        let decoder = ImageDecoder()
        let image = ExampleContent.png(width: 412, height: 412, style: .manyColours, seed: 9)
        var bytes = image.bytes()
        let limit = bytes.count * 2 / 3
        let notes = VariantEncoder.fitted(&bytes, under: limit, source: image.bytes(), decoder: decoder)
        #expect(bytes.count <= limit, "\(bytes.count) > \(limit)")
        #expect(notes.count == 1 && notes[0].hasPrefix("fitted under the \(limit.grouped)-byte limit its master is within: "), "\(notes)")
        #expect(notes.first?.contains("PSNR") == true)
        #expect(try decoder.decode(bytes).width == 412)
        // 100 bytes: nothing fits; the file is left as it was and the note says why.
        var kept = image.bytes()
        let refused = VariantEncoder.fitted(&kept, under: 100, source: image.bytes(), decoder: decoder)
        #expect(kept == image.bytes())
        #expect(refused.count == 1 && refused[0].hasPrefix("cannot be fitted under the 100-byte limit its master is within: "), "\(refused)")
    }

    @Test("a variant larger than its master names a master that is not optimized, with what fix makes of it")
    func largerThanTheMaster() throws {
        let decoder = ImageDecoder()
        // A master stored without compression (as some exporters write): fix makes it far smaller.
        let pixels = ExampleContent.pixels(320, 320, .sticker, 4)
        let stored = try PNGEncoder.encode(rgba: pixels, width: 320, height: 320, compressionLevel: 0)
        let note = VariantEncoder.larger(than: stored, stored.count + 1, decoder: decoder)
        #expect(
            note.hasPrefix("\((stored.count + 1).grouped) bytes, more than its master's \(stored.count.grouped): the master is not optimized"),
            "\(note)")
        #expect(note.contains("`stickerlint fix` makes it"))
        // An optimized master: the variant is the smallest found.
        let optimized = try PNGOptimizer.optimize(stored, decoder: decoder).bytes
        let said = VariantEncoder.larger(than: optimized, optimized.count + 1, decoder: decoder)
        #expect(said.hasSuffix("the smallest lossless encoding found at this size"), "\(said)")
    }
}
