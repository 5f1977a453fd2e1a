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

    static func assertLossless(_ original: [UInt8], _ optimized: [UInt8], _ name: String) throws {
        let a = try ImageDecoder().decode(original), b = try ImageDecoder().decode(optimized)
        #expect(a.width == b.width && a.height == b.height, "\(name)")
        let sa = shown(a), sb = shown(b)
        #expect(sa.count == sb.count, "\(name): \(sa.count) frames shown, now \(sb.count)")
        for (index, (x, y)) in zip(sa, sb).enumerated() {
            #expect(x.0 == y.0, "\(name): frame \(index + 1) pixels differ")
            #expect(x.1 == y.1, "\(name): frame \(index + 1) shows \(x.1) µs, now \(y.1) µs")
        }
        if sa.count > 1 { #expect((a.loopCount ?? 0) == (b.loopCount ?? 0), "\(name): loop count") }
        #expect(optimized.count < original.count, "\(name): written only when smaller")
    }

    @Test("every PNG and APNG of the conformance corpora and SamplePacks re-encodes to the same frames, delays and loops",
          Requirement.trait(Conformance.available, Conformance.skipMessage))
    func lossless() throws {
        try Requirement.require(Conformance.available, Conformance.skipMessage)
        var files = Conformance.files("pngsuite", suffix: ".png").map { Conformance.root + "/pngsuite/" + $0 }
        files += Conformance.files("apng", suffix: ".png").map { Conformance.root + "/apng/" + $0 }
        files += Fixtures.images(under: Self.samplePacks).filter { $0.hasSuffix(".png") || $0.hasSuffix(".apng") }
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
            }
        }
        // Most of the corpora are re-encodable; the rest are kept for colour chunks, 16 bits or damage.
        #expect(optimized >= 100, "\(optimized) optimized, kept: \(kept)")
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
        let (x, y) = (ImageFrame(pixels: [0, 0, 0, 0], delay: FrameDelay(numerator: 1, denominator: 3)),
                      ImageFrame(pixels: [0, 0, 0, 0], delay: FrameDelay(numerator: 1, denominator: 7)))
        let exact = PNGOptimizer.mergingIdenticalFrames([x, y])
        #expect(exact.count == 1 && exact[0].delay.numerator == 10 && exact[0].delay.denominator == 21)
    }

    /// (bytes, modification time) of every file under a folder.
    static func snapshot(_ root: String) throws -> [String: ([UInt8], Int)] {
        var out: [String: ([UInt8], Int)] = [:]
        func walk(_ path: String) throws {
            for name in DiskFileSystem().list(path) ?? [] {
                let full = path + "/" + name
                if DiskFileSystem().kind(full) == .directory { try walk(full) } else {
                    out[full] = (try DiskFileSystem().read(full), DiskFileSystem().status(full)?.modifiedNanoseconds ?? 0)
                }
            }
        }
        try walk(root)
        return out
    }

    static func copyOfBad() throws -> Scratch {
        let scratch = Scratch()
        let (status, _, err) = try StickerTestSupport.Process.run("/bin/cp", ["-R", samplePacks + "/Bad.xcstickers", scratch.at("Bad.xcstickers")])
        try #require(status == 0, "\(err)")
        return scratch
    }

    @Test("a dry run changes no byte and no time stamp, and plans what a real run then does")
    func dryRun() throws {
        let scratch = try Self.copyOfBad()
        let catalog = scratch.at("Bad.xcstickers")
        let before = try Self.snapshot(scratch.path)
        let plan = try Fixer(jobs: 2).fix([catalog], dryRun: true)
        let after = try Self.snapshot(scratch.path)
        #expect(Set(before.keys) == Set(after.keys))
        for (path, (bytes, time)) in before {
            #expect(after[path]?.0 == bytes && after[path]?.1 == time, "\(path) changed")
        }
        #expect(!plan.files.filter(\.isChanged).isEmpty)
        let real = try Fixer(jobs: 2).fix([catalog], dryRun: false)
        #expect(real.files.map(\.bytesAfter) == plan.files.map(\.bytesAfter))
        for fix in real.files where fix.isChanged {
            try Self.assertLossless(before[fix.path]!.0, try DiskFileSystem().read(fix.path), fix.path)
        }
    }

    @Test("a second fix changes nothing, and the findings a lossless fix removes are gone")
    func idempotent() throws {
        let scratch = try Self.copyOfBad()
        let catalog = scratch.at("Bad.xcstickers")
        let first = try Fixer(jobs: 2).fix([catalog], dryRun: false)
        #expect(!first.files.filter(\.isChanged).isEmpty)
        #expect(first.after.diagnostics.count <= first.before.diagnostics.count)
        #expect(first.fixed.allSatisfy { !first.after.diagnostics.contains($0) })
        let state = try Self.snapshot(scratch.path)
        let second = try Fixer(jobs: 2).fix([catalog], dryRun: false)
        #expect(second.files.filter(\.isChanged).isEmpty)
        #expect(second.fixed.isEmpty)
        let again = try Self.snapshot(scratch.path)
        for (path, (bytes, time)) in state { #expect(again[path]?.0 == bytes && again[path]?.1 == time, "\(path) changed") }
    }

    @Test("--out fixes copies and never touches the originals")
    func mirror() throws {
        let scratch = try Self.copyOfBad()
        let original = try Self.snapshot(scratch.at("Bad.xcstickers"))
        let fixer = Fixer(jobs: 2)
        let copies = try fixer.mirror([scratch.at("Bad.xcstickers")], into: scratch.at("out"))
        #expect(copies == [scratch.at("out/Bad.xcstickers")])
        let report = try fixer.fix(copies, dryRun: false)
        #expect(!report.files.filter(\.isChanged).isEmpty)
        #expect(report.files.allSatisfy { $0.path.hasPrefix(scratch.at("out/")) })
        let unchanged = try Self.snapshot(scratch.at("Bad.xcstickers"))
        for (path, (bytes, time)) in original { #expect(unchanged[path]?.0 == bytes && unchanged[path]?.1 == time, "\(path)") }
        // An --out folder that already holds the copy is refused rather than overwritten.
        #expect(throws: Fixer.MirrorError.self) { try fixer.mirror([scratch.at("Bad.xcstickers")], into: scratch.at("out")) }
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
        let original = try Self.snapshot(scratch.at("a"))
        // The fixed form of each file, from a run that was not interrupted.
        _ = try Fixer(jobs: 1).fix([scratch.at("b")], dryRun: false)
        let fixed = try Self.snapshot(scratch.at("b"))
        let process = Foundation.Process()
        process.executableURL = URL(fileURLWithPath: CLI.executable)
        process.arguments = ["fix", "--quiet", "--jobs", "1", scratch.at("a")]
        process.standardOutput = FileHandle.nullDevice
        process.environment = ["STICKERLINT_CACHE_DIR": Scratch.testCacheFolder]
        try process.run()
        // Interrupt once the first file is rewritten, while most are still to do.
        var waited = 0
        while waited < 30_000, (try? Self.snapshot(scratch.at("a")))?.contains(where: { original[$0.key]?.0 != $0.value.0 }) != true {
            usleep(1_000)
            waited += 1
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let now = try Self.snapshot(scratch.at("a"))
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
