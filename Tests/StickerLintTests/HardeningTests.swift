#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StickerCatalog
@testable import StickerImage
import StickerLint
import StickerTestSupport
import Testing
import StickerFiles

@Suite("Hostile folders")
struct HostileFolderTests {
    /// Lints and returns (diagnostic paths → rules and severities) for a folder.
    static func lint(_ path: String) throws -> LintResult { try Linter(jobs: 2).lint([path]) }

    @Test("symlink loops, dangling links, links to devices and FIFOs: notes, and the run goes on")
    func links() throws {
        let scratch = Scratch()
        try scratch.write("ok.png", ExampleContent.png(width: 408, height: 408).bytes())
        symlink("loop-b.png", scratch.at("loop-a.png"))
        symlink("loop-a.png", scratch.at("loop-b.png"))
        symlink("/dev/zero", scratch.at("zero.png"))
        symlink(scratch.path, scratch.at("self"))  // a folder loop
        mkfifo(scratch.at("pipe.png"), 0o644)
        let result = try Self.lint(scratch.path)
        #expect(result.files.map { PathText.lastComponent($0.path) } == ["ok.png"])
        let notes = Dictionary(uniqueKeysWithValues: result.diagnostics.map { (PathText.lastComponent($0.path), $0) })
        for name in ["loop-a.png", "loop-b.png", "zero.png", "self", "pipe.png"] {
            #expect(notes[name]?.severity == .note && notes[name]?.rule == "image-unreadable", "\(name): \(String(describing: notes[name]))")
        }
        // A FIFO named on the command line is refused without opening it for a blocking read.
        let fifo = try Linter().lint([scratch.at("pipe.png")])
        #expect(fifo.diagnostics.first?.message.contains("FIFO") == true)
    }

    @Test(
        "a file and a folder that cannot be read (permission denied) are reported; the rest is checked",
        .enabled(if: Tools.available("setpriv") && getuid() == 0, "needs root and setpriv (Linux) to run as another user"))
    func permissionDenied() throws {
        let scratch = Scratch()
        chmod(scratch.path, 0o755)
        try scratch.write("ok.png", ExampleContent.png(width: 408, height: 408).bytes())
        try scratch.write("secret.png", ExampleContent.png(width: 408, height: 408).bytes())
        try scratch.write("locked/inner.png", ExampleContent.png(width: 408, height: 408).bytes())
        chmod(scratch.at("ok.png"), 0o644)
        chmod(scratch.at("secret.png"), 0o000)
        chmod(scratch.at("locked"), 0o000)
        // Copy the executable where an unprivileged user can run it.
        let binary = scratch.at("stickerlint")
        try CLI.copyExecutable(to: binary)
        let (status, out, err) = try Process.run(
            Tools.path("setpriv"),
            [
                "--reuid=65534", "--regid=65534", "--clear-groups",
                binary, "check", "--format", "json", scratch.path
            ], in: "/")
        #expect(status == 1, "\(err)")
        #expect(out.contains("secret.png\\\": permission denied"), "\(out)")
        #expect(out.contains("the folder cannot be listed: permission denied"), "\(out)")
        #expect(out.contains("\"path\": \"\(scratch.at("ok.png"))\""))
    }

    @Test("20-level-deep trees")
    func deep() throws {
        let scratch = Scratch()
        let deep = (1...20).map { "level\($0)" }.joined(separator: "/")
        try scratch.write("\(deep)/bottom.png", ExampleContent.png(width: 408, height: 408).bytes())
        let result = try Self.lint(scratch.path)
        #expect(result.files.count == 1 && result.files[0].path.hasSuffix("level20/bottom.png"))
    }

    // APFS (macOS) refuses names that are not UTF-8 (EILSEQ): there is nothing to skip there.
    @Test(
        "names that are not valid UTF-8 are skipped with a note",
        .enabled(if: Scratch.acceptsNonUTF8Names, "this file system refuses names that are not valid UTF-8 (EILSEQ), as APFS does"))
    func invalidNames() throws {
        let scratch = Scratch()
        try scratch.write("good.png", ExampleContent.png(width: 408, height: 408).bytes())
        #expect(Scratch.createFile(bytes: Array(scratch.path.utf8) + Array("/bad".utf8) + [0xFF, 0xFE] + Array(".png".utf8)))
        let result = try Self.lint(scratch.path)
        #expect(result.files.count == 1 && result.files[0].path.hasSuffix("/good.png"))
        let skipped = result.diagnostics.filter { $0.message.contains("not valid UTF-8") }
        #expect(skipped.count == 1 && skipped[0].severity == .note && skipped[0].path.hasSuffix("/bad\\xff\\xfe.png"), "\(skipped)")
    }

    @Test("50,000 files in one tree")
    func manyFiles() throws {
        let scratch = Scratch()
        let png = ExampleContent.png(width: 300, height: 300).bytes()
        for folder in 0..<50 {
            try Folders.create(scratch.at("f\(folder)"))
            for file in 0..<1000 {
                // Mostly text files (not images, so not decoded); one real sticker per folder.
                let path = scratch.at("f\(folder)/n\(file)" + (file == 0 ? ".png" : ".txt"))
                let fd = open(path, O_CREAT | O_WRONLY, 0o644)
                if file == 0 { _ = png.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count) } }
                close(fd)
            }
        }
        let result = try Self.lint(scratch.path)
        #expect(result.files.count == 50)
        #expect(result.errorCount == 0)
    }
}

@Suite("Budgets")
struct BudgetTests {
    @Test("a 10,000-frame 1×1 GIF gets the frame budget diagnostic")
    func manyFrames() throws {
        let frames = (0..<10_000).map { _ in GIFEncoder.Frame(width: 1, height: 1, indexes: [1], delay: 2) }
        let gif = try GIFEncoder.encode(width: 1, height: 1, palette: [0, 0, 0, 255, 255, 255], frames: frames, loopCount: 0)
        #expect(try ImageDecoder().probe(gif).frameCount == 10_000)
        #expect(throws: ImageError.overBudget(.frames(count: 10_000, limit: 4_096))) { try ImageDecoder().decode(gif) }
        let scratch = Scratch()
        try scratch.write("many.gif", gif)
        let result = try Linter().lint([scratch.at("many.gif")])
        #expect(result.diagnostics.contains { $0.rule == "image-unreadable" && $0.message.contains("over the decode limit of 4,096 frames") })
    }

    @Test("a PNG whose image data would inflate to gigabytes is refused from its header")
    func inflateBomb() throws {
        // 65,536 × 65,536 grey: 4 GiB of raw rows. The IDAT holds a real zlib stream of zeros.
        let idat = try Self.deflatedZeros(count: 1 << 20)
        let png = Fixtures.pngChunks([
            ("IHDR", Fixtures.ihdr(width: 65536, height: 65536, bitDepth: 8, colorType: 0)),
            ("IDAT", idat), ("IEND", [])
        ])
        #expect(throws: ImageError.overBudget(.side(width: 65536, height: 65536, limit: 16_384))) { try ImageDecoder().decode(png) }
        // Within the side limit but over the pixel budget: 16,384 × 16,384.
        let square = Fixtures.pngChunks([
            ("IHDR", Fixtures.ihdr(width: 16384, height: 16384, bitDepth: 8, colorType: 0)),
            ("IDAT", idat), ("IEND", [])
        ])
        #expect(throws: ImageError.overBudget(.pixels(width: 16384, height: 16384, frames: 1, limit: 64_000_000))) {
            try ImageDecoder().decode(square)
        }
        // A small image followed by far more compressed data than it needs: only its rows are inflated.
        let small = Fixtures.pngChunks([
            ("IHDR", Fixtures.ihdr(width: 64, height: 64, bitDepth: 8, colorType: 0)),
            ("IDAT", idat), ("IEND", [])
        ])
        let image = try ImageDecoder().decode(small)
        #expect(image.width == 64 && image.frames.count == 1)
    }

    /// A zlib stream of `count` zero bytes.
    static func deflatedZeros(count: Int) throws -> [UInt8] {
        try #require(try Deflate.Compressors().zlib([UInt8](repeating: 0, count: count), level: 9))
    }

    @Test("a JPEG claiming 65,500×65,500 is refused from its frame header")
    func hugeJPEG() throws {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0, 17, 8, 0xFF, 0xDC, 0xFF, 0xDC, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xFF, 0xD9]
        #expect(throws: ImageError.overBudget(.side(width: 65500, height: 65500, limit: 16_384))) { try ImageDecoder().decode(jpeg) }
    }

    @Test("the decode time guard abandons a slow decode with its own diagnostic")
    func timeGuard() throws {
        let big = ExampleContent.png(width: 2000, height: 2000, style: .opaque).bytes()
        let impatient = ImageDecoder(
            limits: DecodeLimits(
                maxSide: 16_384, maxTotalPixels: 64_000_000, maxFrames: 10,
                maxDecodeSeconds: 0.000_001))
        #expect(throws: ImageError.overBudget(.time(limitMilliseconds: 0))) { try impatient.decode(big) }
        let jpeg = try JPEGEncoder.encode(rgba: [UInt8](repeating: 128, count: 1500 * 1500 * 4), width: 1500, height: 1500, progressive: true)
        #expect(throws: ImageError.overBudget(.time(limitMilliseconds: 0))) { try impatient.decode(jpeg) }
        let gif = try GIFEncoder.encode(
            width: 800, height: 800, palette: [0, 0, 0, 9, 9, 9],
            frames: [GIFEncoder.Frame(width: 800, height: 800, indexes: [UInt8](repeating: 1, count: 640_000))])
        #expect(throws: ImageError.overBudget(.time(limitMilliseconds: 0))) { try impatient.decode(gif) }
    }

    @Test("a huge file named .png is judged from its size and header without being read")
    func readCap() throws {
        let scratch = Scratch()
        let path = scratch.at("huge.png")
        try scratch.write("huge.png", ExampleContent.png(width: 408, height: 408).bytes())
        truncate(path, 2 << 30)  // a sparse 2 GiB file: a PNG header, then zeros
        let recorder = RecordingFileSystem()
        let result = try Linter(files: recorder).lint([path])
        #expect(recorder.openedPaths.isEmpty)  // never read whole
        #expect(recorder.slicedPaths.allSatisfy { $0.1 <= 64 }, "\(recorder.slicedPaths)")  // only header slices
        #expect(result.files.first?.bytes == 2 << 30 && result.files.first?.width == 408)
        #expect(result.diagnostics.contains { $0.rule == "image-unreadable" && $0.message.contains("over the 67,108,864-byte read limit") })
        #expect(result.diagnostics.contains { $0.rule == "file-size" })
    }
}
