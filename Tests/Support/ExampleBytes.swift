import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint

// The bytes of the rule examples (`ExampleContent`), made by the project's own encoders: the one fixture
// builder, used by the tests, the rule-example tests and `samplepacks`. The product holds only the
// examples' descriptions, which the rules documentation prints.

extension ExampleContent {
    /// The bytes, from the project's encoders.
    package func bytes() -> [UInt8] {
        switch self {
        case .png(let w, let h, .flat, let seed):
            let rgba = Self.pixels(w, h, .flat, seed)
            let rgb = (0..<(w * h)).flatMap { rgba[($0 * 4)..<($0 * 4 + 3)] }
            return (try? PNGEncoder.encode(PNGRaster(width: w, height: h, colorType: .rgb, bitDepth: 8, pixels: rgb))) ?? []
        case .png(let w, let h, let style, let seed):
            return (try? PNGEncoder.encode(rgba: Self.pixels(w, h, style, seed), width: w, height: h)) ?? []
        case .paddedPNG(let side, let bytes, let seed):
            return Self.padded(ExampleContent.png(width: side, height: side, seed: seed).bytes(), to: bytes)
        case .apng(let side, let frames, let delay, let seed):
            let list = (0..<frames).map { frame in
                APNGEncoder.Frame(
                    width: side, height: side, rgba: Self.pixels(side, side, .sticker, seed + frame),
                    delay: FrameDelay(numerator: delay, denominator: 1000))
            }
            return (try? APNGEncoder.encode(width: side, height: side, frames: list, loopCount: 0)) ?? []
        case .apngRepeated(let side, let frames):
            let pixels = Self.pixels(side, side, .sticker, 0)
            let list = (0..<frames).map { _ in
                APNGEncoder.Frame(width: side, height: side, rgba: pixels, delay: FrameDelay(numerator: 100, denominator: 1000))
            }
            return (try? APNGEncoder.encode(width: side, height: side, frames: list, loopCount: 1)) ?? []
        case .apngWithSequenceGap(let side, let seed):
            var bytes = ExampleContent.apng(side: side, frames: 2, seed: seed).bytes()
            PNGChunkBuilder.bumpFirstFdATSequence(&bytes)
            return bytes
        case .gif(let side, let frames, let delay):
            // A disc of colour on a transparent background, moving a little from frame to frame.
            let list = (0..<frames).map { seed -> GIFEncoder.Frame in
                let indexes = (0..<(side * side)).map { i -> UInt8 in
                    let x = i % side - side / 2 - seed * 3, y = i / side - side / 2
                    return x * x + y * y < side * side / 9 ? UInt8(1 + (i / side / 8 + seed) % 3) : 0
                }
                return GIFEncoder.Frame(width: side, height: side, indexes: indexes, delay: delay, disposal: 2, transparentIndex: 0)
            }
            let palette: [UInt8] = [0, 0, 0, 230, 60, 60, 60, 160, 230, 250, 200, 40]
            return (try? GIFEncoder.encode(width: side, height: side, palette: palette, frames: list, loopCount: 0)) ?? []
        case .jpeg(let side):
            return (try? JPEGEncoder.encode(rgba: Self.pixels(side, side, .opaque, 0), width: side, height: side)) ?? []
        case .truncated(let inner, let keep):
            return Array(inner.bytes().prefix(keep))
        case .webp:
            return ExampleWebP.bytes
        case .webpSolid(let w, let h, let frames, let delay, let bytes, let seed):
            return SolidWebP.bytes(width: w, height: h, frames: frames, delayMilliseconds: delay, padTo: bytes, seed: seed)
        case .mp4:
            return [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8) + [0, 0, 0, 8] + Array("mdat".utf8)
        case .tgs(let w, let h, let rate, let frames, let features, let bytes, let disc):
            return ExampleMotion.tgs(width: w, height: h, frameRate: rate, frames: frames, features: features, bytes: bytes, disc: disc)
        case .lottie(let w, let h, let rate, let frames, let bytes):
            return ExampleMotion.lottieJSON(width: w, height: h, frameRate: rate, frames: frames, bytes: bytes)
        case .webm(let w, let h, let rate, let frames, let codec, let audio, let bytes):
            return ExampleMotion.webm(width: w, height: h, frameRate: rate, frames: frames, codec: codec, audio: audio, bytes: bytes)
        case .text(let text):
            return Array(text.utf8)
        case .raw(let bytes):
            return bytes
        }
    }

    /// A PNG or APNG padded to exactly `bytes` bytes (when that is room enough) with a private ancillary
    /// chunk (lowercase first and second letters) that decoders skip, after its IHDR.
    package static func padded(_ png: [UInt8], to bytes: Int) -> [UInt8] {
        var chunk: [UInt8] = []
        PNGChunkBuilder.append("spAd", [UInt8](repeating: 0, count: max(0, bytes - png.count - 12)), to: &chunk)
        return Array(png.prefix(33)) + chunk + png.dropFirst(33)
    }

    /// Deterministic sticker-like pixels: a shaded disc, with the background the style asks for.
    package static func pixels(_ w: Int, _ h: Int, _ style: PixelStyle, _ seed: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: w * h * 4)
        if style == .manyColours {
            // A fixed linear congruential generator: the same bytes on every platform.
            var state = UInt64(truncatingIfNeeded: 0x9E37_79B9 &+ seed)
            func next() -> Int {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int(truncatingIfNeeded: state >> 33)
            }
            let base = (0..<130).map { _ in [UInt8(next() % 255), UInt8(next() % 256), UInt8(next() % 256)] }
            let colours = base + base.map { [$0[0] + 1, $0[1], $0[2]] }
            for i in 0..<(w * h) {
                let c = colours[next() % colours.count]
                out[i * 4] = c[0]; out[i * 4 + 1] = c[1]; out[i * 4 + 2] = c[2]; out[i * 4 + 3] = 255
            }
            return out
        }
        let cx = Double(w) / 2, cy = Double(h) / 2, r = Double(min(w, h)) * 0.42
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                let d = (dx * dx + dy * dy).squareRoot()
                let inside = max(0, min(1, r - d + 0.5))
                out[i] = UInt8((x * 200 / max(1, w) + seed * 40) % 256)
                out[i + 1] = UInt8((y * 180 / max(1, h) + 40) % 256)
                out[i + 2] = UInt8((150 + seed * 25) % 256)
                switch style {
                case .sticker:
                    out[i + 3] = UInt8((inside * 255).rounded())
                case .opaque, .flat, .manyColours:
                    out[i + 3] = 255
                case .boxed:
                    let border = x < 4 || y < 4 || x >= w - 4 || y >= h - 4
                    out[i + 3] = border ? 255 : UInt8((inside * 255).rounded())
                }
            }
        }
        return out
    }
}

/// Chunk surgery for examples.
package enum PNGChunkBuilder {
    package static func append(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        PNGWriter.appendChunk(named: type, data, to: &out)
    }

    /// Every chunk (name, whole bytes) of a PNG, read independently of the code under test.
    package static func chunks(_ bytes: [UInt8]) -> [(String, [UInt8])] {
        var out: [(String, [UInt8])] = [], i = 8
        while i + 12 <= bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let name = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            out.append((name, Array(bytes[i..<(i + 12 + length)])))
            i += 12 + length
        }
        return out
    }

    /// Adds one to the sequence number of the first fdAT chunk and fixes its CRC.
    static func bumpFirstFdATSequence(_ bytes: inout [UInt8]) {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == "fdAT" {
                bytes[offset + 11] &+= 1
                let crc = PNGWriter.crc32(Array(bytes[(offset + 4)..<(offset + 8 + length)]))
                let at = offset + 8 + length
                bytes[at] = UInt8(crc >> 24); bytes[at + 1] = UInt8((crc >> 16) & 0xFF)
                bytes[at + 2] = UInt8((crc >> 8) & 0xFF); bytes[at + 3] = UInt8(crc & 0xFF)
                return
            }
            offset += 12 + length
        }
    }
}
