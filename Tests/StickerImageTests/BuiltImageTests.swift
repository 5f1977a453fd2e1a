import StickerImage
import StickerTestSupport
import Testing

/// Sizes from the smallest possible to odd ones that exercise row padding, interlace passes and MCU edges.
private let sizes: [(Int, Int)] = [(1, 1), (1, 7), (7, 1), (3, 5), (17, 9), (33, 2)]

@Suite("Images built in code")
struct BuiltImageTests {
    @Test("PNG round-trips exactly at 1×1 and odd sizes, interlaced or not", arguments: sizes, [false, true])
    func png(_ size: (Int, Int), interlaced: Bool) throws {
        let (w, h) = size
        let rgba = Fixtures.pattern(width: w, height: h)
        let bytes = try PNGEncoder.encode(PNGRaster(width: w, height: h, colorType: .rgba, bitDepth: 8, pixels: rgba, interlaced: interlaced))
        let image = try ImageDecoder().decode(bytes)
        #expect(image.header.format == .png)
        #expect((image.width, image.height) == (w, h))
        #expect(image.header.interlaced == interlaced)
        #expect(image.frames.map(\.pixels) == [rgba])
    }

    @Test("PNG palette, grey and 16-bit rasters expand to the right RGBA")
    func pngColorTypes() throws {
        // 2×1 palette image with tRNS: index 1 is half-transparent red.
        let palette = try PNGEncoder.encode(
            PNGRaster(
                width: 2, height: 1, colorType: .palette, bitDepth: 8, pixels: [0, 1],
                palette: [0, 0, 255, 255, 0, 0], transparency: [255, 128]))
        #expect(try ImageDecoder().decode(palette).frames[0].pixels == [0, 0, 255, 255, 255, 0, 0, 128])
        // 1-bit grey, 3 px: 1, 0, 1 packed as 0b1010_0000.
        let grey = try PNGEncoder.encode(PNGRaster(width: 3, height: 1, colorType: .grey, bitDepth: 1, pixels: [0b1010_0000]))
        #expect(try ImageDecoder().decode(grey).frames[0].pixels == [255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255])
        // 16-bit RGBA: 0x8080 scales to 128, 0xFFFF to 255, 0x0101 to 1.
        let wide = try PNGEncoder.encode(
            PNGRaster(
                width: 1, height: 1, colorType: .rgba, bitDepth: 16,
                pixels: [0x80, 0x80, 0xFF, 0xFF, 0x01, 0x01, 0xFF, 0xFF]))
        #expect(try ImageDecoder().decode(wide).frames[0].pixels == [128, 255, 1, 255])
        // A palette index past the end of PLTE is corrupt data, not black.
        let outside = try PNGEncoder.encode(
            PNGRaster(
                width: 1, height: 1, colorType: .palette, bitDepth: 8, pixels: [3],
                palette: [0, 0, 0, 255, 255, 255, 9, 9, 9, 7, 7, 7]))
        #expect(throws: ImageError.self) {
            try ImageDecoder().decode(Self.shrinkPalette(outside))
        }
    }

    /// Rewrites a 4-entry PLTE to 3 entries, so index 3 points past it.
    static func shrinkPalette(_ png: [UInt8]) -> [UInt8] {
        var chunks: [(String, [UInt8])] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            var data = Array(png[(offset + 8)..<(offset + 8 + length)])
            if type == "PLTE" { data = Array(data.prefix(9)) }
            chunks.append((type, data))
            offset += 12 + length
        }
        return Fixtures.pngChunks(chunks)
    }

    @Test("APNG round-trips every frame, delay and the loop count at 1×1 and odd sizes", arguments: sizes)
    func apng(_ size: (Int, Int)) throws {
        let (w, h) = size
        let bytes = Fixtures.apng(width: w, height: h, frames: 3)
        let image = try ImageDecoder().decode(bytes)
        #expect(image.header.format == .apng)
        #expect(image.header.frameCount == 3)
        #expect(image.loopCount == 0)
        #expect(image.animationIssues.isEmpty)
        #expect(image.frames.map(\.pixels) == (0..<3).map { Fixtures.pattern(width: w, height: h, seed: $0) })
        #expect(image.frames.map(\.delay.milliseconds) == [100, 100, 100])
    }

    @Test("APNG regions composite with dispose and blend operations")
    func apngCompositing() throws {
        let red: [UInt8] = [255, 0, 0, 255], clear: [UInt8] = [0, 0, 0, 0], half: [UInt8] = [0, 0, 255, 128]
        let frames = [
            APNGEncoder.Frame(width: 2, height: 1, rgba: red + red, delay: FrameDelay(numerator: 1, denominator: 0)),
            // Region x=1: half-transparent blue OVER red, then disposed to the background.
            APNGEncoder.Frame(
                x: 1, y: 0, width: 1, height: 1, rgba: half, delay: FrameDelay(numerator: 5, denominator: 100),
                dispose: 1, blend: 1),
            // Region x=0: SOURCE replaces red with transparent, then PREVIOUS restores it.
            APNGEncoder.Frame(
                x: 0, y: 0, width: 1, height: 1, rgba: clear, delay: FrameDelay(numerator: 5, denominator: 100),
                dispose: 2, blend: 0),
            APNGEncoder.Frame(
                x: 1, y: 0, width: 1, height: 1, rgba: clear, delay: FrameDelay(numerator: 5, denominator: 100),
                dispose: 0, blend: 1)
        ]
        let image = try ImageDecoder().decode(try APNGEncoder.encode(width: 2, height: 1, frames: frames, loopCount: 3))
        #expect(image.loopCount == 3)
        #expect(image.frames[0].delay.milliseconds == 10)  // denominator 0 reads as 100
        // OVER: u = 128·255, v = 127·255, al = 255·255 → blue (255·u)/al = 128, red (255·v)/al = 127.
        #expect(image.frames[1].pixels == red + [127, 0, 128, 255])
        #expect(image.frames[2].pixels == clear + clear)  // frame 1 was cleared to the background
        #expect(image.frames[3].pixels == red + clear)  // frame 2 was restored, OVER with alpha 0 keeps
    }

    @Test("GIF round-trips palette pixels, transparency, delays and the loop count", arguments: sizes, [false, true])
    func gif(_ size: (Int, Int), interlaced: Bool) throws {
        let (w, h) = size
        let bytes = Fixtures.gif(width: w, height: h, frames: 2, loopCount: 0, interlaced: interlaced)
        let image = try ImageDecoder().decode(bytes)
        #expect(image.header.format == .gif)
        #expect(image.header.frameCount == 2)
        #expect(image.header.hasAlpha)
        #expect(image.loopCount == 0)
        for (seed, frame) in image.frames.enumerated() {
            let expected = Fixtures.indexes(width: w, height: h, seed: seed).flatMap { index -> [UInt8] in
                index == 0 ? [0, 0, 0, 0] : Array(Fixtures.palette[(Int(index) * 3)..<(Int(index) * 3 + 3)]) + [255]
            }
            #expect(frame.pixels == expected)
            #expect(frame.delay.milliseconds == 100)
        }
    }

    @Test("GIF frames are clipped to the screen; disposal 2 clears, 3 restores")
    func gifDisposal() throws {
        let frames = [
            GIFEncoder.Frame(width: 2, height: 1, indexes: [1, 1]),
            // Off the right edge: only its first pixel lands; then cleared to transparent.
            GIFEncoder.Frame(left: 1, top: 0, width: 2, height: 1, indexes: [2, 2], disposal: 2),
            GIFEncoder.Frame(left: 0, top: 0, width: 1, height: 1, indexes: [3], disposal: 3),
            GIFEncoder.Frame(left: 1, top: 0, width: 1, height: 1, indexes: [0], transparentIndex: 0)
        ]
        let bytes = try GIFEncoder.encode(width: 2, height: 1, palette: Fixtures.palette, frames: frames)
        let image = try ImageDecoder().decode(bytes)
        let red: [UInt8] = [255, 0, 0, 255], green: [UInt8] = [0, 255, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
        let clear: [UInt8] = [0, 0, 0, 0]
        #expect(image.loopCount == nil)
        #expect(image.frames.map(\.pixels) == [red + red, red + green, blue + clear, red + clear])
    }

    @Test("JPEG decodes at 1×1 and odd sizes, colour and grey, baseline and progressive", arguments: sizes, [false, true])
    func jpeg(_ size: (Int, Int), progressive: Bool) throws {
        let (w, h) = size
        for grey in [false, true] {
            let image = try ImageDecoder().decode(Fixtures.jpeg(width: w, height: h, progressive: progressive, grey: grey))
            #expect(image.header.format == .jpeg)
            #expect((image.width, image.height) == (w, h))
            #expect(!image.header.hasAlpha)
            #expect(image.header.colorModel == (grey ? .grey : .ycbcr))
            let pixels = image.frames[0].pixels
            #expect(pixels.count == w * h * 4)
            #expect(stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 })
        }
    }

    @Test("JPEG at every chroma subsampling stays close to its source", arguments: JPEGEncoder.Subsampling.allCases)
    func jpegSubsampling(_ subsampling: JPEGEncoder.Subsampling) throws {
        let source = Fixtures.pattern(width: 24, height: 16, alpha: false)
        let bytes = Fixtures.jpeg(width: 24, height: 16, quality: 100, subsampling: subsampling)
        let pixels = try ImageDecoder().decode(bytes).frames[0].pixels
        let meanError =
            zip(source, pixels).enumerated().filter { $0.offset % 4 != 3 }
            .reduce(0.0) { $0 + Double(abs(Int($1.element.0) - Int($1.element.1))) } / Double(24 * 16 * 3)
        #expect(meanError < 12)
    }

    @Test("EXIF orientation is reported from APP1")
    func exifOrientation() throws {
        var bytes = Fixtures.jpeg(width: 4, height: 4)
        // APP1: "Exif\0\0", big-endian TIFF header, IFD0 with one SHORT entry 0x0112 = 6.
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        bytes.insert(contentsOf: segment, at: 2)
        #expect(try ImageDecoder().probe(bytes).orientation == 6)
        #expect(try ImageDecoder().decode(bytes).header.orientation == 6)
    }
}

@Suite("Truncated, empty and oversized files")
struct DamagedFileTests {
    /// Small files of every format, where every prefix is a truncation to test.
    static let samples: [(String, [UInt8])] = [
        ("png", Fixtures.png(width: 3, height: 3)),
        (
            "interlaced png",
            try! PNGEncoder.encode(
                PNGRaster(
                    width: 5, height: 3, colorType: .rgba, bitDepth: 8,
                    pixels: Fixtures.pattern(width: 5, height: 3), interlaced: true))
        ),
        ("apng", Fixtures.apng(width: 2, height: 2, frames: 2)),
        ("gif", Fixtures.gif(width: 3, height: 2, frames: 2, loopCount: 0)),
        ("jpeg", Fixtures.jpeg(width: 9, height: 9)),
        ("progressive jpeg", Fixtures.jpeg(width: 9, height: 9, progressive: true))
    ]

    @Test(
        "every proper prefix of a file, so truncation at every chunk, block and marker boundary, fails",
        arguments: samples.map(\.0))
    func everyPrefixFails(_ name: String) throws {
        let bytes = try #require(Self.samples.first { $0.0 == name }).1
        let decoder = ImageDecoder()
        _ = try decoder.decode(bytes)  // the whole file is fine
        for length in 0..<bytes.count {
            let prefix = Array(bytes.prefix(length))
            #expect(throws: ImageError.self, "\(name) cut to \(length) of \(bytes.count) bytes") {
                try decoder.decode(prefix)
            }
        }
    }

    @Test("APNG truncated at each chunk boundary names what it was reading")
    func apngChunkBoundaries() throws {
        let bytes = Fixtures.apng(width: 4, height: 4, frames: 3)
        var boundaries: [Int] = []
        var offset = 8
        while offset < bytes.count {
            boundaries.append(offset)
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            offset += 12 + length
        }
        #expect(boundaries.count >= 8)  // IHDR acTL fcTL IDAT fcTL fdAT fcTL fdAT IEND
        for boundary in boundaries {
            do {
                _ = try ImageDecoder().decode(Array(bytes.prefix(boundary)))
                Issue.record("cut at \(boundary) decoded")
            } catch {
                guard case .truncated = error else { Issue.record("cut at \(boundary): \(error)"); continue }
            }
        }
    }

    @Test("zero-byte files are reported as empty")
    func zeroBytes() {
        #expect(throws: ImageError.empty) { try ImageDecoder().decode([]) }
        #expect(throws: ImageError.empty) { try ImageDecoder().probe([]) }
    }

    /// Headers that declare 60000×60000 pixels, with just enough structure to be recognised.
    static let huge: [(String, [UInt8])] = [
        ("png", Fixtures.pngChunks([("IHDR", Fixtures.ihdr(width: 60000, height: 60000)), ("IDAT", [0x78, 0x9C, 3, 0, 0, 0, 0, 1]), ("IEND", [])])),
        (
            "gif",
            Array("GIF89a".utf8) + Fixtures.le16(60000) + Fixtures.le16(60000) + [0x80, 0, 0] + [UInt8](repeating: 0, count: 6)
                + [0x2C] + Fixtures.le16(0) + Fixtures.le16(0) + Fixtures.le16(60000) + Fixtures.le16(60000) + [0, 2, 2, 0x4C, 0x01, 0, 0x3B]
        ),
        ("jpeg", [0xFF, 0xD8, 0xFF, 0xC0, 0, 17, 8, 0xEA, 0x60, 0xEA, 0x60, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xFF, 0xD9])
    ]

    @Test("60000×60000 headers are probed but refused before any pixel buffer exists", arguments: huge.map(\.0))
    func hugeHeaders(_ name: String) throws {
        let bytes = try #require(Self.huge.first { $0.0 == name }).1
        let decoder = ImageDecoder()
        let header = try decoder.probe(bytes)
        #expect((header.width, header.height) == (60000, 60000))
        do {
            _ = try decoder.decode(bytes)
            Issue.record("a 60000×60000 \(name) decoded")
        } catch {
            guard case .overBudget(.side(_, _, let limit)) = error else { Issue.record("\(error)"); return }
            #expect(limit == 16_384)
            #expect(error.description.contains("60,000×60,000"))
        }
    }

    @Test("the pixel budget counts every frame")
    func frameBudget() throws {
        let bytes = Fixtures.gif(width: 10, height: 10, frames: 5)
        let tight = ImageDecoder(limits: DecodeLimits(maxSide: 100, maxTotalPixels: 499, maxFrames: 100))
        #expect(throws: ImageError.overBudget(.pixels(width: 10, height: 10, frames: 5, limit: 499))) {
            try tight.decode(bytes)
        }
        let fewFrames = ImageDecoder(limits: DecodeLimits(maxSide: 100, maxTotalPixels: 10_000, maxFrames: 4))
        #expect(throws: ImageError.overBudget(.frames(count: 5, limit: 4))) {
            try fewFrames.decode(bytes)
        }
    }
}
