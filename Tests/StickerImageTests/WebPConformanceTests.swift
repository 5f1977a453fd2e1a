import Foundation
import StickerFiles
import StickerImage
import StickerTestSupport
import Testing

/// WebP decoding (issue #28) against independent decoders, on the corpus scripts/make-webp-corpus.sh
/// makes as exporters do (cwebp, img2webp, gif2webp, webpmux, Pillow): every still equals dwebp's
/// output byte for byte, every animation equals Pillow's frames and durations, every damaged file is
/// refused by us and by dwebp.
@Suite(
    "WebP conformance",
    Requirement.trait(
        Tools.available("dwebp") && Tools.pythonHas("PIL"),
        "dwebp (Debian/Homebrew `webp`) or python3 Pillow is not installed (make test installs them)"))
struct WebPConformanceTests {
    static let folder = Conformance.projectRoot + "/Tests/Fixtures/webp"

    /// The corpus, by what each file is expected to be: a fixed list, so that a file that goes missing
    /// or appears unannounced fails the test.
    static let stills = [
        "still-lossless-1x1", "still-lossless-alpha", "still-lossless-exact", "still-lossless-icc",
        "still-lossless-odd-size", "still-lossless-pixel-art", "still-lossy-alpha-filtered", "still-lossy-alpha",
        "still-lossy-grey", "still-lossy-icc-exif", "still-lossy-odd-size", "still-lossy-opaque", "still-lossy-sharp-yuv",
        "still-near-lossless", "still-pillow-lossy"
    ]
    static let animations = [
        "anim-gif2webp-lossy", "anim-gif2webp", "anim-img2webp-lossless", "anim-img2webp-lossy", "anim-img2webp-mixed",
        "anim-pillow-lossless", "anim-pillow-lossy", "anim-webpmux-blend-dispose"
    ]
    static let damaged = ["bad-chunk-size", "bad-truncated-animation", "bad-truncated-lossy"]

    static func require() throws {
        try Requirement.require(Tools.available("dwebp"), "dwebp (Debian/Homebrew `webp`) is not installed (make test installs it)")
        try Requirement.require(Tools.pythonHas("PIL"), "python3 Pillow is not installed (make test installs it)")
    }

    @Test("the corpus holds 15 stills, 8 animations and 3 damaged files, and nothing else")
    func corpus() throws {
        let names = try #require(DiskFileSystem().list(Self.folder)).filter { $0.hasSuffix(".webp") }.map { String($0.dropLast(5)) }.sorted()
        #expect(names == (Self.stills + Self.animations + Self.damaged).sorted())
        #expect((Self.stills.count, Self.animations.count, Self.damaged.count) == (15, 8, 3))
    }

    /// dwebp's RGBA output (PAM) for a file.
    static func dwebp(_ path: String, scratch: Scratch) throws -> (width: Int, height: Int, rgba: [UInt8])? {
        let out = scratch.at(PathText.lastComponent(path) + ".pam")
        let (status, _, _) = try Process.run(Tools.path("dwebp"), ["-pam", path, "-o", out])
        guard status == 0 else { return nil }
        let bytes = try DiskFileSystem().read(out)
        let end = try #require(bytes.firstRange(of: Array("ENDHDR\n".utf8)))
        let header = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
        func value(_ key: String) -> Int? {
            header.split(separator: "\n").first { $0.hasPrefix(key + " ") }.flatMap { Int($0.dropFirst(key.count + 1)) }
        }
        let width = try #require(value("WIDTH")), height = try #require(value("HEIGHT"))
        #expect(value("DEPTH") == 4 && value("MAXVAL") == 255, "dwebp -pam writes RGBA8")
        return (width, height, Array(bytes[end.upperBound...]))
    }

    @Test("every still decodes to dwebp's pixels, byte for byte, and its header agrees")
    func stills() throws {
        try Self.require()
        let scratch = Scratch()
        let decoder = ImageDecoder()
        var equal = 0
        for name in Self.stills {
            let path = Self.folder + "/" + name + ".webp"
            let bytes = try DiskFileSystem().read(path)
            let image = try decoder.decode(bytes)
            let reference = try #require(try Self.dwebp(path, scratch: scratch), "dwebp refused \(name)")
            #expect(image.header.format == .webp && image.frames.count == 1, "\(name)")
            #expect((image.width, image.height) == (reference.width, reference.height), "\(name): size")
            let probed = try decoder.probe(bytes)
            #expect(probed == image.header, "\(name): the probe and the decode agree")
            if image.frames[0].pixels == reference.rgba {
                equal += 1
            } else {
                Issue.record("\(name): \(zip(image.frames[0].pixels, reference.rgba).filter { $0 != $1 }.count) bytes differ from dwebp")
            }
        }
        #expect(equal == 15)
    }

    @Test("every animation decodes to Pillow's frames and durations (libwebp's own compositing of blend and dispose)")
    func animations() throws {
        try Self.require()
        let scratch = Scratch()
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            out = open(sys.argv[2], "wb")
            print(im.mode, im.n_frames, im.info.get("loop"))
            for i in range(im.n_frames):
                im.seek(i)
                im.load()
                print(im.info["duration"])
                out.write(im.convert("RGBA").tobytes())
            """
        let decoder = ImageDecoder()
        var equal = 0
        for name in Self.animations {
            let path = Self.folder + "/" + name + ".webp"
            let image = try decoder.decode(try DiskFileSystem().read(path))
            let raw = scratch.at(name + ".rgba")
            let (status, stdout, stderr) = try Process.run(Tools.path("python3"), ["-c", script, path, raw])
            try #require(status == 0, "Pillow: \(stderr)")
            let lines = stdout.split(separator: "\n")
            let facts = lines[0].split(separator: " ")
            let mode = String(facts[0]), count = Int(facts[1])!, loop = Int(facts[2])
            let durations = lines.dropFirst().map { Int($0)! }
            let frames = try DiskFileSystem().read(raw)
            #expect(image.frames.count == count, "\(name): frames")
            #expect(image.header.frameCount == count && image.loopCount == loop, "\(name): header")
            #expect(image.frames.map(\.delay.milliseconds) == durations, "\(name): durations")
            let size = image.width * image.height * 4
            var same = image.frames.count == count
            for (index, frame) in image.frames.enumerated() where same {
                let theirs = frames[(index * size)..<((index + 1) * size)]
                // A file without the alpha flag is RGB to Pillow: its alpha (always 255) says nothing.
                let differing = (0..<size).filter { i in (mode == "RGBA" || i % 4 != 3) && frame.pixels[i] != theirs[theirs.startIndex + i] }.count
                if differing > 0 {
                    Issue.record("\(name) frame \(index): \(differing) bytes differ from Pillow (\(mode))")
                    same = false
                }
            }
            if same { equal += 1 }
        }
        #expect(equal == 8)
    }

    @Test("damaged files are refused with a message, by the probe or the decode, as dwebp refuses them")
    func damagedFiles() throws {
        try Self.require()
        let scratch = Scratch()
        let decoder = ImageDecoder()
        for name in Self.damaged {
            let path = Self.folder + "/" + name + ".webp"
            #expect(try Self.dwebp(path, scratch: scratch) == nil, "dwebp decodes \(name)")
            let bytes = try DiskFileSystem().read(path)
            do throws(ImageError) {
                _ = try decoder.decode(bytes)
                Issue.record("\(name) decoded")
            } catch {
                #expect(!error.description.isEmpty)
                print("\(name): \(error)")
            }
        }
    }
}

@Suite("WebP budgets")
struct WebPBudgetTests {
    /// A VP8L header declaring `width` × `height` (no image data follows).
    static func vp8l(width: Int, height: Int) -> [UInt8] {
        let bits = UInt32(width - 1) | UInt32(height - 1) << 14 | 1 << 28
        let payload: [UInt8] = [0x2F] + withUnsafeBytes(of: bits.littleEndian, Array.init) + [0, 0, 0, 0, 0, 0, 0, 0]
        return Array("RIFF".utf8) + withUnsafeBytes(of: UInt32(12 + payload.count).littleEndian, Array.init) + Array("WEBPVP8L".utf8)
            + withUnsafeBytes(of: UInt32(payload.count).littleEndian, Array.init) + payload
    }

    @Test("a 16383×16383 header is refused from its header by a 4,096-px budget, before anything is allocated; 4096 passes the size check")
    func budget() throws {
        let limits = DecodeLimits(maxSide: 4096, maxTotalPixels: 64_000_000, maxFrames: 16)
        let decoder = ImageDecoder(limits: limits)
        let big = Self.vp8l(width: 16_383, height: 16_383)
        #expect(try decoder.probe(big).width == 16_383)
        #expect(throws: ImageError.overBudget(.side(width: 16_383, height: 16_383, limit: 4096))) { try decoder.decode(big) }
        #expect(throws: ImageError.overBudget(.side(width: 4097, height: 10, limit: 4096))) { try decoder.decode(Self.vp8l(width: 4097, height: 10)) }
        // At the limit the header passes the budget; the (missing) image data is what fails.
        do throws(ImageError) {
            _ = try decoder.decode(Self.vp8l(width: 4096, height: 10))
            Issue.record("a header without image data decoded")
        } catch {
            if case .overBudget = error { Issue.record("4096 px is within a 4,096-px budget: \(error)") }
        }
    }

    @Test("an animation with more frames than the budget is refused from its chunks")
    func frames() throws {
        let bytes = try DiskFileSystem().read(WebPConformanceTests.folder + "/anim-img2webp-lossless.webp")
        #expect(throws: ImageError.overBudget(.frames(count: 6, limit: 5))) {
            try ImageDecoder(limits: DecodeLimits(maxSide: 4096, maxTotalPixels: 64_000_000, maxFrames: 5)).decode(bytes)
        }
        #expect(try ImageDecoder(limits: DecodeLimits(maxSide: 4096, maxTotalPixels: 64_000_000, maxFrames: 6)).decode(bytes).frames.count == 6)
    }
}
