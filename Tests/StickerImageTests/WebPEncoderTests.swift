import Foundation
@testable import StickerImage
import StickerTestSupport
import Testing

/// libwebp's encoder as `pack --for` uses it (issue #41): what it writes is read back by our decoder,
/// by dwebp (stills, byte for byte) and by Pillow (animations: frames, durations, loop count).
@Suite(
    "WebP encoder round trips",
    Requirement.trait(
        Tools.available("dwebp") && Tools.pythonHas("PIL"),
        "dwebp (Debian/Homebrew `webp`) or python3 Pillow is not installed (make test installs them)"))
struct WebPEncoderTests {
    /// Sticker-like art: a disc of a smooth blend with a noisy band, on transparency, with a soft edge.
    static func art(_ width: Int, _ height: Int, seed: UInt64) -> [UInt8] {
        var random = SeededRandom(state: seed)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let r2 = min(width, height) * min(width, height) / 4
        for y in 0..<height {
            for x in 0..<width {
                let dx = x - width / 2, dy = y - height / 2, d = dx * dx + dy * dy
                guard d < r2 else { continue }
                let o = (y * width + x) * 4
                let noise = y % 16 < 4 ? Int(random.byte(shift: 56) % 24) : 0
                out[o] = UInt8(min(255, x * 255 / max(1, width - 1) / 2 + noise))
                out[o + 1] = UInt8(y * 255 / max(1, height - 1))
                out[o + 2] = UInt8(truncatingIfNeeded: x + y + Int(seed & 0xFF))
                out[o + 3] = d > r2 - 3 * min(width, height) ? 128 : 255
            }
        }
        return out
    }

    static func require() throws {
        try Requirement.require(Tools.available("dwebp"), "dwebp (Debian/Homebrew `webp`) is not installed (make test installs it)")
        try Requirement.require(Tools.pythonHas("PIL"), "python3 Pillow is not installed (make test installs it)")
    }

    /// The pixels with the colour of fully transparent pixels cleared (what no one sees).
    static func visible(_ rgba: [UInt8]) -> [UInt8] {
        var out = rgba
        for i in stride(from: 0, to: out.count, by: 4) where out[i + 3] == 0 { (out[i], out[i + 1], out[i + 2]) = (0, 0, 0) }
        return out
    }

    @Test(
        "lossless stills decode to their pixels exactly, in our decoder and in dwebp; `exact` keeps hidden colour too",
        arguments: [(1, 1), (37, 23), (512, 512), (96, 96)])
    func losslessStill(width: Int, height: Int) throws {
        try Self.require()
        let scratch = Scratch()
        let rgba = Self.art(width, height, seed: UInt64(width * 7 + height))
        for exact in [true, false] {
            let webp = try WebPEncoder.encode(
                rgba: rgba, width: width, height: height, options: WebPEncoder.Options(lossless: true, quality: 80, method: 4, exact: exact))
            #expect(Sniffer.kind(prefix: Array(webp.prefix(Sniffer.prefixLength))) == .webp)
            let image = try ImageDecoder().decode(webp)
            #expect(image.width == width && image.height == height && image.frames.count == 1)
            #expect(
                exact ? image.frames[0].pixels == rgba : Self.visible(image.frames[0].pixels) == Self.visible(rgba),
                "\(width)×\(height) exact \(exact)")
            try scratch.write("s.webp", webp)
            let theirs = try #require(try WebPConformanceTests.dwebp(scratch.at("s.webp"), scratch: scratch))
            #expect(theirs.width == width && theirs.height == height && theirs.rgba == image.frames[0].pixels, "dwebp reads what we read")
        }
    }

    @Test("lossy stills keep the size and alpha, look like the source (PSNR ≥ 30 dB at quality 90), and shrink with quality")
    func lossyStill() throws {
        try Self.require()
        let (width, height) = (300, 200)
        let rgba = Self.art(width, height, seed: 5)
        var sizes: [Int] = []
        for quality: Float in [30, 90] {
            let webp = try WebPEncoder.encode(
                rgba: rgba, width: width, height: height, options: WebPEncoder.Options(lossless: false, quality: quality))
            let pixels = try ImageDecoder().decode(webp).frames[0].pixels
            #expect(stride(from: 3, to: rgba.count, by: 4).allSatisfy { pixels[$0] == rgba[$0] }, "alpha is lossless at quality \(quality)")
            if quality == 90 {
                var squared = 0.0, count = 0.0
                for i in stride(from: 0, to: rgba.count, by: 4) where rgba[i + 3] == 255 {
                    for c in 0..<3 {
                        let d = Double(pixels[i + c]) - Double(rgba[i + c])
                        squared += d * d
                        count += 1
                    }
                }
                let psnr = 10 * log10(255 * 255 / max(squared / count, 1e-9))
                #expect(psnr >= 30, "PSNR \(psnr) dB")
            }
            sizes.append(webp.count)
        }
        #expect(sizes[0] < sizes[1], "quality 30 is smaller than 90: \(sizes)")
    }

    @Test("animations keep every frame, its time (ms) and the loop count, in our decoder and in Pillow", arguments: [0, 1, 3])
    func animation(loopCount: Int) throws {
        try Self.require()
        let scratch = Scratch()
        let (width, height) = (64, 48)
        let delays = [100, 250, 40, 1_000]
        let frames = delays.enumerated().map { index, ms in
            ImageFrame(pixels: Self.art(width, height, seed: UInt64(index + 1)), delay: FrameDelay(numerator: ms, denominator: 1_000))
        }
        let webp = try WebPEncoder.encodeAnimation(frames, width: width, height: height, loopCount: loopCount, options: .smallestLossless)
        let image = try ImageDecoder().decode(webp)
        #expect(image.frames.count == delays.count)
        #expect(image.loopCount == loopCount)
        #expect(image.frames.map(\.delay.milliseconds) == delays)
        for (index, frame) in image.frames.enumerated() {
            #expect(Self.visible(frame.pixels) == Self.visible(frames[index].pixels), "frame \(index)")
        }
        try scratch.write("a.webp", webp)
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            durations = []
            for i in range(im.n_frames):
                im.seek(i)
                im.load()
                durations.append(im.info["duration"])
            print(im.n_frames, im.info.get("loop"), *durations)
            """
        let (status, stdout, stderr) = try Process.run(Tools.path("python3"), ["-c", script, scratch.at("a.webp")])
        try #require(status == 0, "Pillow: \(stderr)")
        let numbers = stdout.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        #expect(numbers == [delays.count, loopCount] + delays, "Pillow reads \(stdout)")
    }

    @Test("sizes are checked before libwebp allocates: no side of 0 or above 16,383; the raster must fill the canvas")
    func badSizes() {
        #expect(throws: ImageError.overBudget(.side(width: 0, height: 5, limit: 16_383))) {
            try WebPEncoder.encode(rgba: [], width: 0, height: 5, options: .smallestLossless)
        }
        #expect(throws: ImageError.overBudget(.side(width: 16_384, height: 1, limit: 16_383))) {
            try WebPEncoder.encode(rgba: [UInt8](repeating: 0, count: 16_384 * 4), width: 16_384, height: 1, options: .smallestLossless)
        }
        // The largest side passes.
        #expect(
            (try? WebPEncoder.encode(rgba: [UInt8](repeating: 9, count: 16_383 * 4), width: 16_383, height: 1, options: .smallestLossless)) != nil)
        #expect(throws: ImageError.encoding(.rasterSize(width: 2, height: 2, bytes: 15, needed: 16))) {
            try WebPEncoder.encode(rgba: [UInt8](repeating: 0, count: 15), width: 2, height: 2, options: .smallestLossless)
        }
        let short = ImageFrame(pixels: [UInt8](repeating: 0, count: 12), delay: .zero)
        #expect(throws: ImageError.encoding(.rasterSize(width: 2, height: 2, bytes: 12, needed: 16))) {
            try WebPEncoder.encodeAnimation([short], width: 2, height: 2, loopCount: 0, options: .smallestLossless)
        }
    }

    @Test("the same input gives the same bytes twice")
    func deterministic() throws {
        let rgba = Self.art(120, 90, seed: 3)
        for options in [WebPEncoder.Options.smallestLossless, WebPEncoder.Options(lossless: false, quality: 80)] {
            let a = try WebPEncoder.encode(rgba: rgba, width: 120, height: 90, options: options)
            let b = try WebPEncoder.encode(rgba: rgba, width: 120, height: 90, options: options)
            #expect(a == b)
        }
    }
}
