import Foundation
import StickerFiles
import StickerFix
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// `stickerlint fix` (SPEC §9), its lossless part: every output shows exactly what its input showed,
/// a dry run changes no byte, a second run changes nothing, an interrupted run leaves each file old
/// or new, and `--out` leaves the originals alone.
@Suite("Fix")
struct FixTests {
    static let samplePacks = Conformance.projectRoot + "/SamplePacks"

    /// Every frame's pixels and time on screen (consecutive identical frames joined), compared here
    /// rather than by the optimizer's own check.
    static func shown(_ image: DecodedImage) -> [([UInt8], Int)] {
        var out: [([UInt8], Int)] = []
        for frame in image.frames {
            if let last = out.last, last.0 == frame.pixels {
                out[out.count - 1].1 += frame.delay.numerator * 1_000_000 / max(1, frame.delay.denominator)
            } else {
                out.append((frame.pixels, frame.delay.numerator * 1_000_000 / max(1, frame.delay.denominator)))
            }
        }
        if out.count == 1 { out[0].1 = 0 }
        return out
    }

    /// `smaller`: a re-encoding is written only when smaller (a conversion, WebP to PNG, may grow).
    static func assertLossless(_ original: [UInt8], _ optimized: [UInt8], _ name: String, smaller: Bool = true) throws {
        let a = try ImageDecoder().decode(original), b = try ImageDecoder().decode(optimized)
        #expect(a.width == b.width && a.height == b.height, "\(name)")
        let sa = shown(a), sb = shown(b)
        #expect(sa.count == sb.count, "\(name): \(sa.count) frames shown, now \(sb.count)")
        for (index, (x, y)) in zip(sa, sb).enumerated() {
            #expect(x.0 == y.0, "\(name): frame \(index + 1) pixels differ")
            #expect(x.1 == y.1, "\(name): frame \(index + 1) shows \(x.1) µs, now \(y.1) µs")
        }
        if sa.count > 1 { #expect((a.loopCount ?? 0) == (b.loopCount ?? 0), "\(name): loop count") }
        if smaller { #expect(optimized.count < original.count, "\(name): written only when smaller") }
    }

    /// The files of conformance corpora ending in `suffix`, then SamplePacks' images ending in one of `samples`.
    static func corpusFiles(_ corpora: [String], suffix: String, samples: [String]) -> [String] {
        corpora.flatMap { corpus in Conformance.files(corpus, suffix: suffix).map { Conformance.root + "/\(corpus)/" + $0 } }
            + Fixtures.images(under: samplePacks).filter { path in samples.contains { path.hasSuffix($0) } }
    }

    @Test(
        "every PNG and APNG of the conformance corpora and SamplePacks re-encodes to the same frames, delays and loops",
        Requirement.trait(Conformance.available, Conformance.skipMessage))
    func lossless() throws {
        try Requirement.require(Conformance.available, Conformance.skipMessage)
        let files = Self.corpusFiles(["pngsuite", "apng"], suffix: ".png", samples: [".png", ".apng"])
        var optimized = 0, kept: [String: Int] = [:]
        for path in files {
            let bytes = try DiskFileSystem().read(path)
            do {
                let result = try PNGOptimizer.optimize(bytes)
                try Self.assertLossless(bytes, result.bytes, path)
                optimized += 1
            } catch let skip as PNGOptimizer.Skip {
                kept[String(describing: skip).components(separatedBy: ":").first!, default: 0] += 1
                // What cannot be decoded is never re-encoded; what can be is only kept for a reason.
                if case .notIdentical = skip { Issue.record("\(path): the optimizer's own check refused its output") }
                // Only files whose IHDR says 16 bits per sample are kept for it (bit depth: byte 24).
                if case .sixteenBit = skip { #expect(bytes.count > 24 && bytes[24] == 16, "\(path)") }
            }
        }
        // Most of the corpora are re-encodable; the rest are kept for colour chunks, 16 bits or damage.
        // (PngSuite's 16-bit files, a fifth of it, are kept: re-encoding them at 8 bits would lose precision.)
        #expect(optimized >= 80, "\(optimized) optimized, kept: \(kept)")
    }

    @Test(
        "animated GIFs of the conformance corpus and SamplePacks re-encode to the same frames, delays and loops, cropped to what changed",
        Requirement.trait(Conformance.available, Conformance.skipMessage))
    func gifs() throws {
        try Requirement.require(Conformance.available, Conformance.skipMessage)
        let files = Self.corpusFiles(["gif"], suffix: ".gif", samples: [".gif"])
        var optimized = 0
        for path in files {
            let bytes = try DiskFileSystem().read(path)
            do {
                let result = try GIFOptimizer.optimize(bytes)
                try Self.assertLossless(bytes, result.bytes, path)
                let (a, b) = (try ImageDecoder().decode(bytes), try ImageDecoder().decode(result.bytes))
                #expect(a.loopCount == b.loopCount, "\(path): loop count")
                optimized += 1
            } catch let skip as PNGOptimizer.Skip {
                if case .notIdentical = skip { Issue.record("\(path): the optimizer's own check refused its output") }
            }
        }
        // Made here: a dot moving over a still background (cropped frames), and frames whose pixels turn
        // transparent (the frame before is cleared after it shows).
        let side = 64
        var background = [UInt8](repeating: 1, count: side * side)
        for i in background.indices where i / side < 8 { background[i] = 0 }  // a transparent band at the top
        let moving = (0..<6).map { step -> GIFEncoder.Frame in
            var indexes = background
            for y in 20..<28 { for x in (step * 8)..<(step * 8 + 8) { indexes[y * side + x] = 2 } }
            return GIFEncoder.Frame(width: side, height: side, indexes: indexes, delay: 7, disposal: 2, transparentIndex: 0)
        }
        let movingGIF = try GIFEncoder.encode(width: side, height: side, palette: Fixtures.palette, frames: moving, loopCount: 3)
        let cropped = try GIFOptimizer.optimize(movingGIF)
        try Self.assertLossless(movingGIF, cropped.bytes, "moving transparent dot")
        #expect(try ImageDecoder().decode(cropped.bytes).loopCount == 3)
        let shifting = Fixtures.gif(width: 48, height: 48, frames: 4, loopCount: 0)
        if let result = try? GIFOptimizer.optimize(shifting) { try Self.assertLossless(shifting, result.bytes, "shifting pattern") }
        // The moving dot: only its 16×8 px changes after the first frame, so the frames shrink to that.
        #expect(
            cropped.changes.contains("frames cut to what changed") && cropped.bytes.count * 2 < movingGIF.count,
            "\(cropped.bytes.count) of \(movingGIF.count) bytes; \(optimized) of \(files.count) corpus GIFs rewritten")
    }

    @Test(
        "an APNG whose default image is no frame (Pillow's default_image): the recompressed file says it shows the first frame there",
        Requirement.trait(Tools.pythonHas("PIL"), "Pillow (make test installs it)"))
    func hiddenDefaultImageSaid() throws {
        try Requirement.require(Tools.pythonHas("PIL"), "Pillow")
        let scratch = Scratch()
        let made = try Process.run(
            Tools.path("python3"),
            [
                "-c",
                """
                import sys
                from PIL import Image
                frames = [Image.new("RGBA", (320, 320), c) for c in [(255, 0, 0, 255), (0, 255, 0, 128), (0, 0, 255, 255)]]
                for hidden in (True, False):
                    frames[0].save(sys.argv[1] + ("/hidden.png" if hidden else "/shown.png"), save_all=True, append_images=frames[1:],
                                   default_image=hidden, duration=100, loop=0, compress_level=0)
                # One frame after the hidden default image (the file becomes a still of it); a default image the same as the first frame.
                frames[0].save(sys.argv[1] + "/hidden-one.png", save_all=True, append_images=frames[2:], default_image=True, compress_level=0)
                frames[0].save(sys.argv[1] + "/hidden-same.png", save_all=True, append_images=frames[0:1] + frames[2:], default_image=True,
                               duration=100, loop=0, compress_level=0)
                """, scratch.path
            ])
        try #require(made.0 == 0, "\(made.2)")
        let said = "its default image, shown only where APNG does not play, made the first frame"
        for (name, hidden, frames) in [("hidden.png", true, 2), ("shown.png", false, 3), ("hidden-one.png", true, 1), ("hidden-same.png", false, 2)] {
            let bytes = try DiskFileSystem().read(scratch.at(name))
            let result = try PNGOptimizer.optimize(bytes)
            #expect(result.changes.contains(said) == hidden, "\(name): \(result.changes)")
            #expect(try ImageDecoder().decode(result.bytes).frames.count == frames, "\(name)")
        }
        // Resized to the grid (or fitted with --lossy), the file is made of its frames alone too: said.
        try Folders.create(scratch.at("grid"))
        let drawn = try Process.run(
            Tools.path("python3"),
            [
                "-c",
                """
                import sys
                from PIL import Image
                frames = [Image.new("RGBA", (700, 700), c) for c in [(255, 0, 0, 255), (0, 255, 0, 128), (0, 0, 255, 255)]]
                frames[0].save(sys.argv[1] + "/big.png", save_all=True, append_images=frames[1:], default_image=True, duration=100, loop=0)
                """, scratch.at("grid")
            ])
        try #require(drawn.0 == 0, "\(drawn.2)")
        let (status, out, err) = try CLI.run(["fix", "--resize-to-grid", scratch.at("grid")])
        #expect((status == 0 || status == 1) && out.contains(said), "\(out)\(err)")
    }

    @Test(
        "a GIF whose frames clear the canvas: each frame after a clear cut to its drawn pixels, the 256-colour table cut to the 4 used, as gifsicle --info and Pillow read it",
        Requirement.trait(Tools.available("gifsicle") && Tools.pythonHas("PIL"), "gifsicle and Pillow (make test installs them)"))
    func clearedFramesCropped() throws {
        try Requirement.require(Tools.available("gifsicle") && Tools.pythonHas("PIL"), "gifsicle and Pillow")
        let side = 64
        // Index 0 transparent, 1–3 the dot's colours, then 252 greys no pixel uses.
        let palette = Fixtures.palette + (4..<256).flatMap { [UInt8($0), UInt8($0), UInt8($0)] }
        let frames = (0..<6).map { step -> GIFEncoder.Frame in
            var indexes = [UInt8](repeating: 0, count: side * side)
            for y in (10 + step * 6)..<(18 + step * 6) { for x in (step * 9)..<(step * 9 + 8) { indexes[y * side + x] = UInt8(1 + step % 3) } }
            return GIFEncoder.Frame(width: side, height: side, indexes: indexes, delay: 6, disposal: 2, transparentIndex: 0)
        }
        let original = try GIFEncoder.encode(width: side, height: side, palette: palette, frames: frames, loopCount: 0)
        let result = try GIFOptimizer.optimize(original)
        try Self.assertLossless(original, result.bytes, "moving dot that clears")
        #expect(result.changes.contains("colour table of 256 made 4, the colours used"), "\(result.changes)")
        let scratch = Scratch()
        try scratch.write("before.gif", original)
        try scratch.write("after.gif", result.bytes)
        let info = try Process.run(Tools.path("gifsicle"), ["--info", scratch.at("after.gif")])
        #expect(info.0 == 0 && info.1.contains("global color table [4]"), "\(info.1)")
        // The first frame whole, each later one its 8×8 dot.
        #expect(info.1.components(separatedBy: "+ image #").dropFirst().dropFirst().allSatisfy { $0.contains(" 8x8 at ") }, "\(info.1)")
        let compare = try Process.run(
            Tools.path("python3"),
            [
                "-c",
                """
                import sys
                from PIL import Image, ImageSequence
                def frames(path):
                    return [(f.convert("RGBA").tobytes(), f.info.get("duration")) for f in ImageSequence.Iterator(Image.open(path))]
                print("same" if frames(sys.argv[1]) == frames(sys.argv[2]) else "DIFFERENT")
                """, scratch.at("before.gif"), scratch.at("after.gif")
            ])
        #expect(compare.0 == 0 && compare.1.hasPrefix("same"), "\(compare.1)\(compare.2)")
    }

    @Test(
        "GIFs as exporters write them are rewritten without loss: a transparent index that differs by frame, local colour tables, frames all alike (kept two)",
        Requirement.trait(Tools.pythonHas("PIL"), "Pillow (make test installs it)"),
        arguments: ["swapped transparency", "local tables", "all alike"])
    func exportedGIFs(_ kind: String) throws {
        try Requirement.require(Tools.pythonHas("PIL"), "Pillow")
        let side = 48
        let four: [UInt8] = [200, 30, 30, 30, 200, 30, 30, 30, 200, 240, 240, 240]
        let greys = (0..<256).flatMap { [UInt8($0), UInt8($0), UInt8($0)] }
        func dot(_ at: Int, _ colour: UInt8, on background: UInt8) -> [UInt8] {
            var indexes = [UInt8](repeating: background, count: side * side)
            for y in (8 + at)..<(24 + at) { for x in (4 + at)..<(20 + at) { indexes[y * side + x] = colour } }
            return indexes
        }
        let (palette, frames): ([UInt8], [GIFEncoder.Frame]) =
            switch kind {
            case "swapped transparency":
                // Frame 1 draws with 1 over transparent 3; frame 2 draws with 3 over transparent 1 (as Pillow writes some).
                (
                    four,
                    [
                        GIFEncoder.Frame(width: side, height: side, indexes: dot(0, 1, on: 3), delay: 10, disposal: 2, transparentIndex: 3),
                        GIFEncoder.Frame(width: side, height: side, indexes: dot(10, 3, on: 1), delay: 10, disposal: 2, transparentIndex: 1)
                    ]
                )
            case "local tables":
                (
                    greys,
                    (0..<3).map {
                        GIFEncoder.Frame(
                            width: side, height: side, indexes: dot($0 * 6, UInt8($0), on: 3), delay: 8, disposal: 1, transparentIndex: 3,
                            localPalette: four)
                    }
                )
            default:
                (greys, (0..<2).map { _ in GIFEncoder.Frame(width: side, height: side, indexes: dot(4, 200, on: 7), delay: 12, disposal: 2) })
            }
        let original = try GIFEncoder.encode(width: side, height: side, palette: palette, frames: frames, loopCount: 0)
        let result = try GIFOptimizer.optimize(original)
        try Self.assertLossless(original, result.bytes, kind)
        #expect(try ImageDecoder().decode(result.bytes).frames.count == 2 || kind != "all alike")
        let scratch = Scratch()
        try scratch.write("before.gif", original)
        try scratch.write("after.gif", result.bytes)
        let compare = try Process.run(
            Tools.path("python3"),
            [
                "-c",
                """
                import sys
                from PIL import Image, ImageSequence
                def frames(path):
                    # What is shown: the colour under a fully transparent pixel is none.
                    out = []
                    for f in ImageSequence.Iterator(Image.open(path)):
                        rgba = f.convert("RGBA").tobytes()
                        shown = b"".join(rgba[i:i + 4] if rgba[i + 3] else b"\\0\\0\\0\\0" for i in range(0, len(rgba), 4))
                        out.append((shown, f.info.get("duration")))
                    return out
                a, b = frames(sys.argv[1]), frames(sys.argv[2])
                # Frames all alike may be merged into fewer of the same total time.
                same = a == b or (len(set(x[0] for x in a + b)) == 1 and sum(x[1] for x in a) == sum(x[1] for x in b))
                print("same" if same else "DIFFERENT")
                """, scratch.at("before.gif"), scratch.at("after.gif")
            ])
        #expect(compare.0 == 0 && compare.1.hasPrefix("same"), "\(kind): \(compare.1)\(compare.2)")
    }

    @Test("merged identical frames keep their time on screen; delays that do not fit fcTL are not merged")
    func frameMerging() throws {
        let a = ImageFrame(pixels: [1, 2, 3, 255], delay: FrameDelay(numerator: 1, denominator: 10))
        let b = ImageFrame(pixels: [9, 9, 9, 255], delay: FrameDelay(numerator: 3, denominator: 100))
        let merged = PNGOptimizer.mergingIdenticalFrames([a, a, b, b, a])
        #expect(merged.map(\.pixels) == [a.pixels, b.pixels, a.pixels])
        #expect(merged.map(\.delay.milliseconds) == [200, 60, 100])
        let long = ImageFrame(pixels: [0, 0, 0, 0], delay: FrameDelay(numerator: 40_000, denominator: 1000))
        #expect(PNGOptimizer.mergingIdenticalFrames([long, long]).count == 2)
        let (x, y) = (
            ImageFrame(pixels: [0, 0, 0, 0], delay: FrameDelay(numerator: 1, denominator: 3)),
            ImageFrame(pixels: [0, 0, 0, 0], delay: FrameDelay(numerator: 1, denominator: 7))
        )
        let exact = PNGOptimizer.mergingIdenticalFrames([x, y, b])
        #expect(exact.count == 2 && exact[0].delay.numerator == 10 && exact[0].delay.denominator == 21)
        // Frames all alike stay an animation: the first, then the rest as one (one frame is animated-format's error).
        let alike = PNGOptimizer.mergingIdenticalFrames([a, a, a])
        #expect(alike.map(\.pixels) == [a.pixels, a.pixels] && alike.map(\.delay.milliseconds) == [100, 200])
        #expect(PNGOptimizer.mergingIdenticalFrames([a, a]).count == 2 && PNGOptimizer.mergingIdenticalFrames([a]).count == 1)
    }

    @Test("a dry run changes no byte and no time stamp, and plans what a real run then does")
    func dryRun() throws {
        let scratch = try FixtureTrees.copyOfBad()
        let catalog = scratch.at("Bad.xcstickers")
        let before = try FixtureTrees.snapshot(scratch.path)
        let plan = try Fixer(jobs: 2).fix([catalog], dryRun: true)
        let after = try FixtureTrees.snapshot(scratch.path)
        #expect(Set(before.keys) == Set(after.keys))
        for (path, (bytes, time)) in before {
            #expect(after[path]?.0 == bytes && after[path]?.1 == time, "\(path) changed")
        }
        #expect(!plan.files.filter(\.isChanged).isEmpty)
        let real = try Fixer(jobs: 2).fix([catalog], dryRun: false)
        #expect(real.files.map(\.bytesAfter) == plan.files.map(\.bytesAfter))
        for fix in real.files where fix.isChanged && fix.bytesAfter != fix.bytesBefore {
            // A converted file is read under its new name (a WebP's PNG).
            let converted = fix.kind == .convert || fix.kind == .convertWebP
            try Self.assertLossless(before[fix.path]!.0, try DiskFileSystem().read(real.renamed[fix.path] ?? fix.path), fix.path, smaller: !converted)
        }
    }

    @Test("a second fix changes nothing, and the findings a lossless fix removes are gone")
    func idempotent() throws {
        let scratch = try FixtureTrees.copyOfBad()
        let catalog = scratch.at("Bad.xcstickers")
        let first = try Fixer(jobs: 2).fix([catalog], dryRun: false)
        #expect(!first.files.filter(\.isChanged).isEmpty)
        #expect(first.after.diagnostics.count <= first.before.diagnostics.count)
        #expect(first.fixed.allSatisfy { !first.after.diagnostics.contains($0) })
        let state = try FixtureTrees.snapshot(scratch.path)
        let second = try Fixer(jobs: 2).fix([catalog], dryRun: false)
        #expect(second.files.filter(\.isChanged).isEmpty)
        #expect(second.fixed.isEmpty)
        let again = try FixtureTrees.snapshot(scratch.path)
        for (path, (bytes, time)) in state { #expect(again[path]?.0 == bytes && again[path]?.1 == time, "\(path) changed") }
    }

    @Test("--out fixes copies in a staging folder, puts them in place whole and named where they are, and never touches the originals")
    func mirror() throws {
        let scratch = try FixtureTrees.copyOfBad()
        let original = try FixtureTrees.snapshot(scratch.at("Bad.xcstickers"))
        let out = scratch.at("out")
        // What a run killed outright left: its staging folder, removed by the next run.
        try DiskFileSystem().createFolder(out + "/.Bad.xcstickers.stickerlint-pack-999999/Bad.xcstickers")
        let fixer = Fixer(jobs: 2)
        let report = try fixer.fixCopies([scratch.at("Bad.xcstickers")], into: out, pid: 4242)
        #expect(DiskFileSystem().list(out) == ["Bad.xcstickers"], "\(DiskFileSystem().list(out) ?? [])")
        #expect(!report.files.filter(\.isChanged).isEmpty)
        // Every path the report gives (files, findings before and after, renames) is the copy's, in place.
        let paths =
            report.files.map(\.path) + (report.before.diagnostics + report.after.diagnostics).map(\.path) + report.renamed.keys
            + report.renamed.values
        #expect(paths.allSatisfy { $0.hasPrefix(out + "/Bad.xcstickers/") }, "\(paths.filter { !$0.hasPrefix(out + "/Bad.xcstickers/") })")
        #expect(!(report.before.diagnostics + report.after.diagnostics).contains { $0.message.contains("stickerlint-pack") })
        #expect(report.after.diagnostics == report.after.diagnostics.sorted())
        // The copy in place checks as the report's "after" says.
        let recheck = try Linter(jobs: 2).lint([out + "/Bad.xcstickers"])
        #expect(recheck.diagnostics == report.after.diagnostics)
        let unchanged = try FixtureTrees.snapshot(scratch.at("Bad.xcstickers"))
        for (path, (bytes, time)) in original { #expect(unchanged[path]?.0 == bytes && unchanged[path]?.1 == time, "\(path)") }
        // An --out folder that already holds the copy is refused rather than overwritten; nothing is staged.
        #expect(throws: Fixer.MirrorError.self) { try fixer.fixCopies([scratch.at("Bad.xcstickers")], into: out, pid: 4242) }
        #expect(DiskFileSystem().list(out) == ["Bad.xcstickers"])
        // Interrupted: the copies were fixed in part, so none is put in place.
        var stopped = Fixer(jobs: 2)
        stopped.interrupted = { true }
        _ = try stopped.fixCopies([scratch.at("Bad.xcstickers")], into: scratch.at("out2"), pid: 4242)
        #expect(DiskFileSystem().list(scratch.at("out2")) == [], "\(DiskFileSystem().list(scratch.at("out2")) ?? [])")
    }

    @Test(
        "a fix whose writes fail midway (file-size limit, like a full disk) leaves each file exactly old or exactly new",
        .enabled(if: !Sanitizers.thread, "ThreadSanitizer's own runtime crashes (SIGBUS) under a file-size limit"))
    func fullDisk() throws {
        let scratch = Scratch()
        for i in 0..<4 {
            // Small stickers whose fixed form fits under the limit, and noisy ones whose fixed form does not.
            let small = ExampleContent.png(width: 618, height: 618, style: .sticker, seed: i).bytes()
            let noisy = try PNGEncoder.encode(rgba: LossyFixTests.photo(seed: i, grain: 20, side: 256), width: 256, height: 256, compressionLevel: 0)
            for folder in ["a", "b"] {
                try scratch.write("\(folder)/small\(i).png", small)
                try scratch.write("\(folder)/noisy\(i).png", noisy)
            }
        }
        let original = try FixtureTrees.snapshot(scratch.at("a"))
        _ = try Fixer(jobs: 1).fix([scratch.at("b")], dryRun: false)
        let fixed = try FixtureTrees.snapshot(scratch.at("b"))
        // ulimit -f 32: any write past 16 KB (32 blocks of 512 bytes; 32 KB where blocks are 1 KB) fails with EFBIG.
        let (status, out, err) = try StickerTestSupport.Process.run(
            "/bin/sh",
            [
                "-c", "ulimit -f 32; exec \"$0\" fix --quiet --jobs 2 \"$1\"",
                CLI.executable, scratch.at("a")
            ])
        // A file it could not write is a job not done: exit 2 (1 is for findings left).
        #expect(status == 2, "\(out) \(err)")
        #expect(out.contains("not written: cannot write"), "\(out)")
        let now = try FixtureTrees.snapshot(scratch.at("a"))
        #expect(Set(now.keys) == Set(original.keys), "no temporary file is left, no file is lost")
        var rewritten = 0, kept = 0
        for (path, (bytes, _)) in now {
            let name = PathText.lastComponent(path)
            let new = fixed[scratch.at("b/" + name)]!.0
            #expect(bytes == original[path]!.0 || bytes == new, "\(name) is neither the old nor the fixed file")
            if bytes == new && bytes != original[path]!.0 { rewritten += 1 } else { kept += 1 }
            if name.hasPrefix("noisy") { #expect(bytes == original[path]!.0, "\(name): its write cannot have fitted") }
        }
        #expect(rewritten == 4 && kept == 4, "\(rewritten) rewritten, \(kept) kept")
    }

    @Test("an interrupted fix (SIGINT) leaves each file exactly as it was or exactly fixed, and no temporary file")
    func interrupted() throws {
        let scratch = Scratch()
        let count = 40
        for i in 0..<count {
            // Unoptimised stickers (RGBA, adaptive filters, zlib 6) of the benchmark kind.
            try scratch.write("a/s\(i).png", ExampleContent.png(width: 618, height: 618, style: .sticker, seed: i).bytes())
            try scratch.write("b/s\(i).png", ExampleContent.png(width: 618, height: 618, style: .sticker, seed: i).bytes())
        }
        let original = try FixtureTrees.snapshot(scratch.at("a"))
        // The fixed form of each file, from a run that was not interrupted.
        _ = try Fixer(jobs: 1).fix([scratch.at("b")], dryRun: false)
        let fixed = try FixtureTrees.snapshot(scratch.at("b"))
        let process = Foundation.Process()
        process.executableURL = URL(fileURLWithPath: CLI.executable)
        process.arguments = ["fix", "--quiet", "--jobs", "1", scratch.at("a")]
        process.standardOutput = FileHandle.nullDevice
        process.environment = ["STICKERLINT_CACHE_DIR": Scratch.testCacheFolder]
        try process.run()
        // Interrupt once the first file is rewritten, while most are still to do.
        var waited = 0
        // (A temporary file beside them does not count: only a sticker whose bytes changed.)
        func oneRewritten() -> Bool {
            (try? FixtureTrees.snapshot(scratch.at("a")))?.contains { path, now in original[path].map { $0.0 != now.0 } ?? false } ?? false
        }
        while waited < 30_000, !oneRewritten() {
            usleep(1_000)
            waited += 1
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let now = try FixtureTrees.snapshot(scratch.at("a"))
        #expect(Set(now.keys) == Set(original.keys), "no temporary file is left, no file is lost")
        var rewritten = 0
        for (path, (bytes, _)) in now {
            let name = PathText.lastComponent(path)
            let new = fixed[scratch.at("b/" + name)]!.0
            #expect(bytes == original[path]!.0 || bytes == new, "\(name) is neither the old nor the fixed file")
            if bytes == new { rewritten += 1 }
        }
        #expect(rewritten > 0 && rewritten < count, "\(rewritten) of \(count) rewritten: the run was not cut short")
    }
}

/// `fix --lossy`: the palette quantiser, PSNR, and fitting over-limit stickers under the limit only
/// above the floor.
@Suite("Lossy fix")
struct LossyFixTests {
    /// A photo-like sticker of `side` px: smooth colour gradients with grain, a soft-edged disc on transparency.
    static func photo(seed: Int, grain: Int, side: Int = 618) -> [UInt8] {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        var out = [UInt8](repeating: 0, count: side * side * 4)
        let centre = side / 2
        for y in 0..<side {
            for x in 0..<side {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                let noise = Int(state % UInt64(2 * grain + 1)) - grain
                let dx = Double(x - centre), dy = Double(y - centre), r = (dx * dx + dy * dy).squareRoot()
                let alpha = max(0, min(255, Int((Double(centre - 9) - r) * 8)))
                let i = (y * side + x) * 4
                out[i] = UInt8(max(0, min(255, x * 255 / (side - 1) + noise)))
                out[i + 1] = UInt8(max(0, min(255, y * 255 / (side - 1) + noise)))
                out[i + 2] = UInt8(max(0, min(255, (x + y + seed * 37) % 256 + noise)))
                out[i + 3] = UInt8(alpha)
            }
        }
        return out
    }

    @Test("PSNR: infinite for equal pixels, 10·log10(255²/MSE) on premultiplied RGBA otherwise, colour under alpha 0 ignored")
    func psnr() {
        let a: [UInt8] = [10, 20, 30, 255, 50, 60, 70, 255]
        #expect(Quantizer.psnr(a, a) == .infinity)
        // One channel off by one in every pixel: MSE = 1/4 per sample.
        let b: [UInt8] = [11, 20, 30, 255, 51, 60, 70, 255]
        #expect(abs(Quantizer.psnr(a, b) - 10 * log10(255.0 * 255.0 / 0.25)) < 1e-9)
        #expect(Quantizer.psnr([1, 2, 3, 0], [200, 100, 50, 0]) == .infinity)
    }

    @Test("--allow-frame-drop: an animation that cannot fit otherwise keeps every other frame, its duration and a timeline PSNR")
    func frameDrop() throws {
        // 8 frames of 64×64 noise in a 4-colour palette: LZW cannot shrink them, so only fewer frames fit.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        let frames = (0..<8).map { _ -> GIFEncoder.Frame in
            let indexes = (0..<(64 * 64)).map { _ -> UInt8 in
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                return UInt8(1 + state % 3)
            }
            return GIFEncoder.Frame(width: 64, height: 64, indexes: indexes, delay: 10, disposal: 1)
        }
        let gif = try GIFEncoder.encode(width: 64, height: 64, palette: Fixtures.palette, frames: frames, loopCount: 0)
        let image = try ImageDecoder().decode(gif)
        let limit = gif.count * 6 / 10
        #expect(throws: SizeFitter.Failure.self) { try SizeFitter.fit(image, source: gif, limit: limit, minPSNR: 1, decoder: ImageDecoder()) }
        let fitted = try SizeFitter.fit(image, source: gif, limit: limit, minPSNR: 1, allowFrameDrop: true, decoder: ImageDecoder())
        let shown = try ImageDecoder().decode(fitted.bytes)
        #expect(fitted.bytes.count < limit && shown.frames.count == 4 && fitted.method.hasPrefix("4 of 8 frames dropped"))
        #expect(shown.frames.map(\.delay.milliseconds) == [200, 200, 200, 200])
        // Frames 0, 2, 4, 6 are shown exactly; 1, 3, 5, 7 are replaced by the frame before: the PSNR
        // averages those four errors with four exact frames.
        var mse = 0.0
        for (i, frame) in image.frames.enumerated() {
            let a = frame.pixels, b = image.frames[i - i % 2].pixels
            mse += zip(a, b).reduce(0.0) { $0 + Double((Int($1.0) - Int($1.1)) * (Int($1.0) - Int($1.1))) } / Double(a.count)
        }
        let expected = 10 * log10(255.0 * 255.0 / (mse / 8))
        #expect(abs(fitted.psnr - expected) < 0.01, "\(fitted.psnr) vs \(expected)")
        // Below the floor it is refused, naming what it would have cost.
        #expect(throws: SizeFitter.Failure.self) {
            try SizeFitter.fit(image, source: gif, limit: limit, minPSNR: 60, allowFrameDrop: true, decoder: ImageDecoder())
        }
    }

    @Test("the nearest palette entry is the one a brute-force search finds, for every colour tried")
    func nearest() {
        let photo = Self.photo(seed: 7, grain: 30, side: 64)
        let palette = Quantizer.palette(frames: [photo], count: 48)
        let indexes = Quantizer.indexes(photo, width: 64, height: 64, palette: palette, dither: false)
        func premultiplied(_ p: ArraySlice<UInt8>) -> [Double] {
            let a = Double(p[p.startIndex + 3])
            return [Double(p[p.startIndex]) * a / 255, Double(p[p.startIndex + 1]) * a / 255, Double(p[p.startIndex + 2]) * a / 255, a]
        }
        var mismatches = 0
        for pixel in 0..<(64 * 64) {
            let colour = premultiplied(photo[(pixel * 4)..<(pixel * 4 + 4)])
            let distances = (0..<(palette.count / 4)).map { entry in
                zip(colour, premultiplied(palette[(entry * 4)..<(entry * 4 + 4)])).reduce(0.0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
            }
            let chosen = distances[Int(indexes[pixel])]
            if chosen > distances.min()! + 1e-6 { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("an image of at most 256 colours gets its exact colours; more are reduced to the count asked")
    func palette() {
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 128, 9, 9, 9, 0]
        let palette = Quantizer.palette(frames: [pixels], count: 256)
        #expect(palette.count == 16)
        let indexes = Quantizer.indexes(pixels, width: 2, height: 2, palette: palette, dither: false)
        let back = indexes.flatMap { Array(palette[(Int($0) * 4)..<(Int($0) * 4 + 4)]) }
        #expect(Quantizer.psnr(pixels, back) == .infinity)
        let photo = Self.photo(seed: 1, grain: 4)
        #expect(Quantizer.palette(frames: [photo], count: 64).count == 64 * 4)
    }

    @Test("over-limit stickers are fitted under the limit with the PSNR they report, or left alone below the floor")
    func fitting() throws {
        // At 320 px with a 100,000-byte limit, so that the debug build's test stays quick; the 618 px,
        // 500,000-byte case is the benchmark's (Benchmarks/run.py, lossy rows).
        // The colours under fully transparent pixels are cleared here, so that fitting takes a visible change.
        let scratch = Scratch(), side = 320, limit = 100_000
        for seed in 0..<3 {
            var photo = Self.photo(seed: seed, grain: 20, side: side)
            for i in stride(from: 0, to: photo.count, by: 4) where photo[i + 3] == 0 { (photo[i], photo[i + 1], photo[i + 2]) = (0, 0, 0) }
            try scratch.write("s\(seed).png", try PNGEncoder.encode(rgba: photo, width: side, height: side, compressionLevel: 1))
        }
        let originals = try (0..<3).map { try ImageDecoder().decode(try DiskFileSystem().read(scratch.at("s\($0).png"))) }
        #expect(try (0..<3).allSatisfy { try DiskFileSystem().read(scratch.at("s\($0).png")).count > limit })
        // An unreachable floor: every file left alone, saying why.
        var strict = Fixer(jobs: 2)
        strict.options.unsafe = [.fit]
        (strict.options.minPSNR, strict.options.sizeLimit) = (99, limit)
        let refused = try strict.fix([scratch.path], dryRun: false)
        // Lossless recompression alone cannot bring them under the limit, so fitting was needed and refused.
        #expect(refused.files.count == 3)
        for fix in refused.files {
            #expect(fix.psnr == nil && (fix.kept ?? "").contains("below the 99.0 dB floor"), "\(fix)")
            #expect(try DiskFileSystem().read(fix.path).count >= limit)
        }
        var fixer = Fixer(jobs: 2)
        fixer.options.unsafe = [.fit]
        (fixer.options.minPSNR, fixer.options.sizeLimit) = (30, limit)
        let report = try fixer.fix([scratch.path], dryRun: false)
        for (seed, fix) in report.files.sorted(by: { $0.path < $1.path }).enumerated() {
            let bytes = try DiskFileSystem().read(fix.path)
            #expect(bytes.count < limit && fix.isChanged, "\(fix)")
            let psnr = try #require(fix.psnr)
            #expect(psnr >= 30)
            let now = try ImageDecoder().decode(bytes)
            // The PSNR reported is the PSNR of what was written.
            #expect(abs(Quantizer.psnr(originals[seed].frames[0].pixels, now.frames[0].pixels) - psnr) < 0.01)
        }
        // A second run changes nothing: the fitted files are under the limit and already recompressed.
        #expect(try fixer.fix([scratch.path], dryRun: false).files.filter(\.isChanged).isEmpty)
    }

    @Test("--max-bytes: 1,000 to 500,000 with --lossy, refused outside that and without --lossy; a file is fitted under it")
    func maxBytes() throws {
        let scratch = Scratch(), side = 160
        var photo = Self.photo(seed: 9, grain: 12, side: side)
        for i in stride(from: 0, to: photo.count, by: 4) where photo[i + 3] == 0 { (photo[i], photo[i + 1], photo[i + 2]) = (0, 0, 0) }
        try scratch.write("a/p.png", try PNGEncoder.encode(rgba: photo, width: side, height: side, compressionLevel: 1))
        for (value, lossy, accepted) in [
            (999, true, false), (1_000, true, true), (500_000, true, true), (500_001, true, false), (20_000, false, false)
        ] {
            let (status, _, error) = try CLI.run(
                ["fix", "--quiet", "--dry-run", "--max-bytes", String(value)] + (lossy ? ["--lossy"] : []) + [scratch.at("a")])
            #expect((status != 2) == accepted, "--max-bytes \(value)\(lossy ? " --lossy" : ""): \(status) \(error)")
            if !accepted { #expect(error.contains("--max-bytes"), "\(error)") }
        }
        let before = try DiskFileSystem().read(scratch.at("a/p.png")).count
        let budget = before / 3
        let (_, out, _) = try CLI.run([
            "fix", "--quiet", "--lossy", "--min-psnr", "20", "--max-bytes", String(budget), "--format", "json", scratch.at("a")
        ])
        let after = try DiskFileSystem().read(scratch.at("a/p.png"))
        #expect(after.count < budget, "\(before) → \(after.count), budget \(budget): \(out)")
        #expect(out.contains("\"psnr\""))
    }

    /// The blend_op byte of every fcTL chunk in an APNG, in order.
    static func blendOps(_ png: [UInt8]) -> [UInt8] {
        var ops: [UInt8] = [], at = 8
        while at + 12 <= png.count {
            let length = Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
            if Array(png[(at + 4)..<(at + 8)]) == Array("fcTL".utf8) { ops.append(png[at + 8 + 25]) }
            at += 12 + length
        }
        return ops
    }

    @Test("APNG frames use blend OVER where it shows the same and is smaller, SOURCE where OVER would differ")
    func blendOver() throws {
        let side = 120, delay = FrameDelay(numerator: 1, denominator: 10)
        // A textured opaque disc that stays, and two small squares that move at opposite corners, so that
        // the rectangle that changed holds much texture that did not.
        var base = Self.photo(seed: 4, grain: 40, side: side)
        for i in stride(from: 3, to: base.count, by: 4) { base[i] = base[i] > 0 ? 255 : 0 }
        func frame(_ f: Int, square: (UInt8, UInt8, UInt8, UInt8)) -> ImageFrame {
            var pixels = base
            for (top, left) in [(25, 25 + f * 2), (85, 85 - f * 2)] {
                for y in top..<(top + 10) {
                    for x in left..<(left + 10) { let i = (y * side + x) * 4; (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = square }
                }
            }
            return ImageFrame(pixels: pixels, delay: delay)
        }
        let moving = (0..<6).map { frame($0, square: (20, 20, 220, 255)) }
        let encoded = try FrameEncoder.apng(moving, width: side, height: side, loopCount: 0, deflateLevel: 6)
        #expect(Self.blendOps(encoded).dropFirst().contains(1), "\(Self.blendOps(encoded))")
        #expect(try ImageDecoder().decode(encoded).frames.map(\.pixels) == moving.map(\.pixels))
        // A hole that moves: a changed pixel turns fully transparent over a visible one, which OVER cannot draw.
        let holes = (0..<6).map { frame($0, square: (0, 0, 0, 0)) }
        let exact = try FrameEncoder.apng(holes, width: side, height: side, loopCount: 0, deflateLevel: 6)
        #expect(Self.blendOps(exact).allSatisfy { $0 == 0 })
        #expect(try ImageDecoder().decode(exact).frames.map(\.pixels) == holes.map(\.pixels))
    }

    /// Paeth's predictor as the PNG specification defines it (§9.4), for checking NearLossless.
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }

    @Test("near-lossless: every premultiplied colour within ±k, alpha exact, opaque residuals multiples of 2k+1", arguments: [1, 2, 3])
    func nearLossless(k: Int) {
        // The left half opaque, the right half the photo's soft-edged disc: both kinds of tolerance.
        let side = 64
        var photo = Self.photo(seed: 3, grain: 25, side: side)
        for y in 0..<side { for x in 0..<(side / 2) { photo[(y * side + x) * 4 + 3] = 255 } }
        for predictor in [NearLossless.Predictor.average, .paeth] {
            let out = NearLossless.quantize(photo, width: side, height: side, k: k, predictor: predictor)
            var worst = 0.0, offStep = 0, opaque = 0
            for y in 0..<side {
                for x in 0..<side {
                    let i = (y * side + x) * 4
                    #expect(out[i + 3] == photo[i + 3])
                    let alpha = Double(photo[i + 3])
                    for c in 0..<3 {
                        worst = max(worst, abs(Double(out[i + c]) - Double(photo[i + c])) * alpha / 255)
                        guard photo[i + 3] == 255, out[i + c] != 0, out[i + c] != 255 else { continue }
                        let a = x > 0 ? Int(out[i + c - 4]) : 0, b = y > 0 ? Int(out[i + c - side * 4]) : 0
                        let cc = x > 0 && y > 0 ? Int(out[i + c - side * 4 - 4]) : 0
                        let prediction = predictor == .average ? (a + b) / 2 : Self.paeth(a, b, cc)
                        opaque += 1
                        if (Int(out[i + c]) - prediction) % (2 * k + 1) != 0 { offStep += 1 }
                    }
                }
            }
            #expect(worst <= Double(k) + 1e-9, "\(predictor) k \(k): worst premultiplied error \(worst)")
            #expect(opaque > 1000 && offStep == 0, "\(predictor) k \(k): \(offStep) of \(opaque) residuals off the step")
            // Not a no-op: with grain this strong, some colours must move.
            #expect(out != photo)
        }
    }

    @Test("a sticker over the limit only by the colours under its transparent pixels is fitted without a visible change")
    func hiddenColours() throws {
        let side = 200
        var photo = Self.photo(seed: 5, grain: 30, side: side)
        // A small visible disc: most of the file is noise nothing shows.
        for y in 0..<side {
            for x in 0..<side where (x - 100) * (x - 100) + (y - 100) * (y - 100) > 30 * 30 { photo[(y * side + x) * 4 + 3] = 0 }
        }
        let source = try PNGEncoder.encode(rgba: photo, width: side, height: side, compressionLevel: 9)
        var cleared = photo
        for i in stride(from: 0, to: cleared.count, by: 4) where cleared[i + 3] == 0 { (cleared[i], cleared[i + 1], cleared[i + 2]) = (0, 0, 0) }
        let clearedSize = try PNGEncoder.encodeOptimized(rgba: cleared, width: side, height: side, deflateLevel: PNGOptimizer.deflateLevel).count
        #expect(clearedSize * 3 < source.count)
        let limit = clearedSize * 2
        let image = try ImageDecoder().decode(source)
        let fitted = try SizeFitter.fit(image, source: source, limit: limit, minPSNR: 99, decoder: ImageDecoder())
        #expect(fitted.bytes.count < limit && fitted.psnr == .infinity && fitted.method.contains("fully transparent"), "\(fitted.method)")
        let shown = try ImageDecoder().decode(fitted.bytes).frames[0].pixels
        #expect(Quantizer.psnr(photo, shown) == .infinity)
        #expect(shown != photo)
    }
}
