import StickerFiles
import StickerCatalog
import StickerImage

/// An input for a rule's documentation and tests: a small file tree, built in memory by the project's
/// own encoders, and the options to check it with.
public struct RuleExample: Sendable {
    /// One line for the docs: "a 408×408 PNG padded to 520,000 bytes".
    public var summary: String
    /// Files by path relative to the example's root.
    public var files: [ExampleFile]
    /// Symbolic links to create: (link path, target as written).
    public var links: [(String, String)]
    /// Grid for loose stickers (`--grid`).
    public var grid: GridSize?
    /// The profile its loose files are checked under (`--profile`), when not the default.
    public var profile: Profile?

    public init(summary: String, files: [ExampleFile], links: [(String, String)] = [], grid: GridSize? = nil, profile: Profile? = nil) {
        self.summary = summary
        self.files = files
        self.links = links
        self.grid = grid
        self.profile = profile
    }

    /// A file checked as the media of an interactive message (`--profile message-media`).
    public static func media(_ content: ExampleContent, named name: String? = nil, _ summary: String? = nil) -> RuleExample {
        var example = loose(content, named: name ?? "media.\(content.defaultExtension)", summary)
        example.profile = .messageMedia
        return example
    }

    /// A loose sticker file.
    public static func loose(
        _ content: ExampleContent, named name: String? = nil, grid: GridSize? = nil,
        _ summary: String? = nil
    ) -> RuleExample {
        RuleExample(
            summary: summary ?? content.summary,
            files: [ExampleFile(name ?? "sticker.\(content.defaultExtension)", content)], grid: grid)
    }

    /// A catalog `Stickers.xcstickers` holding one pack `Pack.stickerpack`.
    public static func pack(
        grid: String? = "regular", _ stickers: [ExampleSticker], extra: [ExampleFile] = [],
        links: [(String, String)] = [], _ summary: String
    ) -> RuleExample {
        let root = "Stickers.xcstickers"
        let pack = "\(root)/Pack.stickerpack"
        var files = [ExampleFile("\(root)/Contents.json", .text(#"{"info":{"author":"xcode","version":1}}"#))]
        let list = stickers.map { #"{"filename":"\#($0.folderName)"}"# }.joined(separator: ",")
        let gridJSON = grid.map { #","properties":{"grid-size":"\#($0)"}"# } ?? ""
        files.append(ExampleFile("\(pack)/Contents.json", .text(#"{"info":{"author":"xcode","version":1}\#(gridJSON),"stickers":[\#(list)]}"#)))
        for sticker in stickers { files += sticker.files(in: pack) }
        files += extra.map { ExampleFile("\(pack)/\($0.path)", $0.content) }
        return RuleExample(summary: summary, files: files, links: links.map { ("\(pack)/\($0.0)", $0.1) })
    }

    /// A catalog holding only an iMessage App Icon set.
    public static func iconSet(_ icons: [ExampleIcon], _ summary: String) -> RuleExample {
        let catalog = ExampleFile("Stickers.xcstickers/Contents.json", .text(#"{"info":{"author":"xcode","version":1}}"#))
        return RuleExample(summary: summary, files: [catalog] + ExampleIcon.files(icons, in: "Stickers.xcstickers/iMessage App Icon.stickersiconset"))
    }
}

/// One file of an example.
public struct ExampleFile: Sendable {
    public var path: String
    public var content: ExampleContent

    public init(_ path: String, _ content: ExampleContent) {
        self.path = path
        self.content = content
    }
}

/// A sticker folder or sequence of an example pack.
public struct ExampleSticker: Sendable {
    public var name: String
    public var isSequence: Bool
    public var images: [(String, ExampleContent)]
    /// Raw JSON of `properties`, inserted as is (so examples can break it).
    public var properties: String
    public var extra: [ExampleFile]

    var folderName: String { name + (isSequence ? ".stickersequence" : ".sticker") }

    /// A `Name.sticker` folder with one image.
    public static func sticker(
        _ name: String, _ content: ExampleContent, file: String? = nil,
        label: String? = "A sticker", extra: [ExampleFile] = []
    ) -> ExampleSticker {
        let filename = file ?? "\(name.lowercased()).\(content.defaultExtension)"
        let labelJSON = label.map { #","accessibility-label":"\#($0)""# } ?? ""
        return ExampleSticker(
            name: name, isSequence: false, images: [(filename, content)],
            properties: #"{"filename":"\#(filename)"\#(labelJSON)}"#, extra: extra)
    }

    /// A `Name.sticker` folder whose Contents.json names `filename` without providing that file.
    public static func stickerNaming(_ name: String, _ filename: String) -> ExampleSticker {
        ExampleSticker(
            name: name, isSequence: false, images: [],
            properties: #"{"filename":"\#(filename)","accessibility-label":"A sticker"}"#, extra: [])
    }

    /// A `Name.stickersequence` with the given frames.
    public static func sequence(
        _ name: String, _ frames: [ExampleContent], duration: String = "15",
        durationType: String = "fps", emptyEntries: Int = 0
    ) -> ExampleSticker {
        let images = frames.enumerated().map { ("frame\($0.offset + 1).\($0.element.defaultExtension)", $0.element) }
        return ExampleSticker(
            name: name, isSequence: true, images: images,
            properties: #"{"duration":\#(duration),"duration-type":"\#(durationType)","repetitions":0,"accessibility-label":"A sequence"}"#,
            extra: [], emptyFrameEntries: emptyEntries)
    }

    var emptyFrameEntries = 0

    init(
        name: String, isSequence: Bool, images: [(String, ExampleContent)], properties: String, extra: [ExampleFile],
        emptyFrameEntries: Int = 0
    ) {
        self.name = name
        self.isSequence = isSequence
        self.images = images
        self.properties = properties
        self.extra = extra
        self.emptyFrameEntries = emptyFrameEntries
    }

    func files(in pack: String) -> [ExampleFile] {
        let folder = "\(pack)/\(folderName)"
        var result = images.map { ExampleFile("\(folder)/\($0.0)", $0.1) }
        let json: String
        if isSequence {
            var frames = images.map { #"{"filename":"\#($0.0)"}"# }
            frames += Array(repeating: "{}", count: emptyFrameEntries)
            json = #"{"frames":[\#(frames.joined(separator: ","))],"info":{"author":"xcode","version":1},"properties":\#(properties)}"#
        } else {
            json = #"{"info":{"author":"xcode","version":1},"properties":\#(properties)}"#
        }
        result.append(ExampleFile("\(folder)/Contents.json", .text(json)))
        result += extra.map { ExampleFile("\(folder)/\($0.path)", $0.content) }
        return result
    }
}

/// How an example image's pixels look.
public enum PixelStyle: Sendable, Hashable {
    /// A shape on a transparent background: what a sticker should be.
    case sticker
    /// Every pixel opaque.
    case opaque
    /// Transparent pixels inside, but an opaque frame all around the border.
    case boxed
    /// Every pixel opaque, stored without an alpha channel (a PNG of colour type 2).
    case flat
    /// Opaque noise of 260 colours (130 random ones and a twin of each, one level apart): deflate
    /// cannot shrink it, a 256-colour palette shows it all but a few levels off.
    case manyColours
}

/// The bytes of one example file.
public indirect enum ExampleContent: Sendable, Hashable {
    case png(width: Int, height: Int, style: PixelStyle = .sticker, seed: Int = 0)
    /// A PNG padded with a private ancillary chunk to exactly `bytes` bytes.
    case paddedPNG(side: Int, bytes: Int, seed: Int = 0)
    case apng(side: Int, frames: Int, delayMilliseconds: Int = 100, seed: Int = 0)
    /// An APNG whose fdAT skips a sequence number.
    case apngWithSequenceGap(side: Int, seed: Int = 0)
    case gif(side: Int, frames: Int, delayCentiseconds: Int = 10)
    case jpeg(side: Int)
    /// The first `keep` bytes of another content.
    case truncated(ExampleContent, keep: Int)
    /// A real 408×408 lossless WebP (`ExampleWebP`).
    case webp
    /// The start of an MPEG-4 video: an ftyp box (brand isom) and an empty mdat.
    case mp4
    case text(String)
    /// Bytes made elsewhere (a file a real tool wrote, read by the samples generator).
    case raw([UInt8])

    public var defaultExtension: String {
        switch self {
        case .png, .paddedPNG, .apng, .apngWithSequenceGap: "png"
        case .gif: "gif"
        case .jpeg: "jpg"
        case .truncated(let inner, _): inner.defaultExtension
        case .webp: "webp"
        case .mp4: "mp4"
        case .text: "json"
        case .raw: "bin"
        }
    }

    public var summary: String {
        switch self {
        case .png(let w, let h, let style, _):
            "a \(w)×\(h) PNG" + Self.styleSummary[style, default: ""]
        case .paddedPNG(let side, let bytes, _): "a \(side)×\(side) PNG of \(bytes.grouped) bytes"
        case .apng(let side, let frames, let delay, _): "a \(side)×\(side) APNG of \(frames) \(frames == 1 ? "frame" : "frames"), \(delay) ms each"
        case .apngWithSequenceGap(let side, _): "a \(side)×\(side) APNG whose fdAT skips a sequence number"
        case .gif(let side, let frames, let delay): "a \(side)×\(side) GIF of \(frames) \(frames == 1 ? "frame" : "frames"), \(delay * 10) ms each"
        case .jpeg(let side): "a \(side)×\(side) JPEG"
        case .truncated(let inner, let keep): "\(inner.summary), cut after \(keep.grouped) bytes"
        case .webp: "a 408×408 WebP"
        case .mp4: "an MP4 video"
        case .text: "a text file"
        case .raw(let bytes): "a file of \(bytes.count.grouped) bytes"
        }
    }

    static let styleSummary: [PixelStyle: String] = [
        .sticker: " on a transparent background", .opaque: " with no transparent pixel", .boxed: " with an opaque border",
        .flat: " without an alpha channel"
    ]

    /// The bytes, from the project's encoders.
    public func bytes() -> [UInt8] {
        switch self {
        case .png(let w, let h, .flat, let seed):
            let rgba = Self.pixels(w, h, .flat, seed)
            let rgb = (0..<(w * h)).flatMap { rgba[($0 * 4)..<($0 * 4 + 3)] }
            return (try? PNGEncoder.encode(PNGRaster(width: w, height: h, colorType: .rgb, bitDepth: 8, pixels: rgb))) ?? []
        case .png(let w, let h, let style, let seed):
            return (try? PNGEncoder.encode(rgba: Self.pixels(w, h, style, seed), width: w, height: h)) ?? []
        case .paddedPNG(let side, let bytes, let seed):
            let png = ExampleContent.png(width: side, height: side, seed: seed).bytes()
            // A private ancillary chunk (lowercase first and second letters) that decoders skip.
            let padding = max(0, bytes - png.count - 12)
            var chunk: [UInt8] = []
            PNGChunkBuilder.append("spAd", [UInt8](repeating: 0, count: padding), to: &chunk)
            return Array(png.prefix(33)) + chunk + png.dropFirst(33)
        case .apng(let side, let frames, let delay, let seed):
            let list = (0..<frames).map { frame in
                APNGEncoder.Frame(
                    width: side, height: side, rgba: Self.pixels(side, side, .sticker, seed + frame),
                    delay: FrameDelay(numerator: delay, denominator: 1000))
            }
            return (try? APNGEncoder.encode(width: side, height: side, frames: list, loopCount: 0)) ?? []
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
        case .mp4:
            return [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8) + [0, 0, 0, 8] + Array("mdat".utf8)
        case .text(let text):
            return Array(text.utf8)
        case .raw(let bytes):
            return bytes
        }
    }

    /// Deterministic sticker-like pixels: a shaded disc, with the background the style asks for.
    public static func pixels(_ w: Int, _ h: Int, _ style: PixelStyle, _ seed: Int) -> [UInt8] {
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
enum PNGChunkBuilder {
    static func append(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        PNGWriter.appendChunk(named: type, data, to: &out)
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
