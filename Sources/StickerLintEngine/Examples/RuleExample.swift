import StickerFiles
import StickerCatalog
import StickerImage

/// An input for a rule's documentation and tests: a small file tree, built in memory by the project's
/// own encoders, and the options to check it with.
package struct RuleExample: Sendable {
    /// One line for the docs: "a 408×408 PNG padded to 520,000 bytes".
    package var summary: String
    /// Files by path relative to the example's root.
    package var files: [ExampleFile]
    /// Symbolic links to create: (link path, target as written).
    package var links: [(String, String)]
    /// Grid for loose stickers (`--grid`).
    package var grid: GridSize?
    /// The profile its loose files are checked under (`--profile`), when not the default.
    package var profile: Profile?

    package init(summary: String, files: [ExampleFile], links: [(String, String)] = [], grid: GridSize? = nil, profile: Profile? = nil) {
        self.summary = summary
        self.files = files
        self.links = links
        self.grid = grid
        self.profile = profile
    }

    /// A file checked as the media of an interactive message (`--profile message-media`).
    package static func media(_ content: ExampleContent, named name: String? = nil, _ summary: String? = nil) -> RuleExample {
        var example = loose(content, named: name ?? "media.\(content.defaultExtension)", summary)
        example.profile = .messageMedia
        return example
    }

    /// A file checked as another store's sticker (`--profile STORE`).
    package static func store(_ profile: Profile, _ content: ExampleContent, named name: String? = nil, _ summary: String? = nil) -> RuleExample {
        var example = loose(content, named: name, summary)
        example.profile = profile
        return example
    }

    /// A folder of `count` different stickers checked under a store's profile: that store's pack, each
    /// sticker the store's own size and format (`Store.sample`). The last `animated` of them are animated.
    package static func storePack(
        _ profile: Profile, count: Int, animated: Int = 0, extra: [ExampleFile] = [], _ summary: String? = nil
    ) -> RuleExample {
        let content: (Int) -> ExampleContent = { seed in
            profile.ofStore?.sample(seed, seed > count - animated) ?? .png(width: 512, height: 512, seed: seed)
        }
        let files = (1...count).map { ExampleFile(($0 < 10 ? "0" : "") + "\($0)." + content($0).defaultExtension, content($0)) }
        let summary = summary ?? "a folder of \(count.counted("sticker"))" + (animated == 0 ? "" : ", \(animated) of them animated")
        return RuleExample(summary: summary, files: files + extra, profile: profile)
    }

    /// A loose sticker file.
    package static func loose(
        _ content: ExampleContent, named name: String? = nil, grid: GridSize? = nil,
        _ summary: String? = nil
    ) -> RuleExample {
        RuleExample(
            summary: summary ?? content.summary,
            files: [ExampleFile(name ?? "sticker.\(content.defaultExtension)", content)], grid: grid)
    }

    /// A catalog `Stickers.xcstickers` holding one pack `Pack.stickerpack`.
    package static func pack(
        grid: String? = "regular", _ stickers: [ExampleSticker], extra: [ExampleFile] = [],
        links: [(String, String)] = [], _ summary: String
    ) -> RuleExample {
        let root = CatalogWriter.folderName("Stickers", .catalog)
        let pack = "\(root)/\(CatalogWriter.folderName("Pack", .pack))"
        var files = [ExampleFile("\(root)/Contents.json", .text(#"{"info":{"author":"xcode","version":1}}"#))]
        let list = stickers.map { #"{"filename":"\#($0.folderName)"}"# }.joined(separator: ",")
        let gridJSON = grid.map { #","properties":{"grid-size":"\#($0)"}"# } ?? ""
        files.append(ExampleFile("\(pack)/Contents.json", .text(#"{"info":{"author":"xcode","version":1}\#(gridJSON),"stickers":[\#(list)]}"#)))
        for sticker in stickers { files += sticker.files(in: pack) }
        files += extra.map { ExampleFile("\(pack)/\($0.path)", $0.content) }
        return RuleExample(summary: summary, files: files, links: links.map { ("\(pack)/\($0.0)", $0.1) })
    }

    /// A catalog holding only an iMessage App Icon set.
    package static func iconSet(_ icons: [ExampleIcon], _ summary: String) -> RuleExample {
        let root = CatalogWriter.folderName("Stickers", .catalog)
        let catalog = ExampleFile("\(root)/Contents.json", .text(#"{"info":{"author":"xcode","version":1}}"#))
        return RuleExample(summary: summary, files: [catalog] + ExampleIcon.files(icons, in: "\(root)/\(CatalogWriter.iconSetName)"))
    }
}

/// One file of an example.
package struct ExampleFile: Sendable {
    package var path: String
    package var content: ExampleContent

    package init(_ path: String, _ content: ExampleContent) {
        self.path = path
        self.content = content
    }
}

/// A sticker folder or sequence of an example pack.
package struct ExampleSticker: Sendable {
    package var name: String
    package var isSequence: Bool
    package var images: [(String, ExampleContent)]
    /// Raw JSON of `properties`, inserted as is (so examples can break it).
    package var properties: String
    package var extra: [ExampleFile]

    var folderName: String { CatalogWriter.folderName(name, isSequence ? .sequence : .sticker) }

    /// A `Name.sticker` folder with one image.
    package static func sticker(
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
    package static func stickerNaming(_ name: String, _ filename: String) -> ExampleSticker {
        ExampleSticker(
            name: name, isSequence: false, images: [],
            properties: #"{"filename":"\#(filename)","accessibility-label":"A sticker"}"#, extra: [])
    }

    /// A `Name.stickersequence` with the given frames.
    package static func sequence(
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

    package func files(in pack: String) -> [ExampleFile] {
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
package enum PixelStyle: Sendable, Hashable {
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
package indirect enum ExampleContent: Sendable, Hashable {
    case png(width: Int, height: Int, style: PixelStyle = .sticker, seed: Int = 0)
    /// A PNG padded with a private ancillary chunk to exactly `bytes` bytes.
    case paddedPNG(side: Int, bytes: Int, seed: Int = 0)
    case apng(side: Int, frames: Int, delayMilliseconds: Int = 100, seed: Int = 0)
    /// An APNG of `frames` frames all alike (100 ms each, looping once).
    case apngRepeated(side: Int, frames: Int)
    /// An APNG whose fdAT skips a sequence number.
    case apngWithSequenceGap(side: Int, seed: Int = 0)
    case gif(side: Int, frames: Int, delayCentiseconds: Int = 10)
    case jpeg(side: Int)
    /// The first `keep` bytes of another content.
    case truncated(ExampleContent, keep: Int)
    /// A real 408×408 lossless WebP (its bytes in the test support, `ExampleWebP`).
    case webp
    /// A lossless WebP of one colour per frame (`seed` picks it), `frames` frames `delayMilliseconds`
    /// apart (an animated WebP when more than one), padded with an unknown chunk to `bytes` bytes.
    case webpSolid(width: Int, height: Int, frames: Int = 1, delayMilliseconds: Int = 100, bytes: Int? = nil, seed: Int = 0)
    /// The start of an MPEG-4 video: an ftyp box (brand isom) and an empty mdat.
    case mp4
    /// A TGS: a Lottie animation of one shape layer, a disc at the canvas's centre `disc` pixels across
    /// (half the canvas's width when nil), with the features listed, gzip'd in stored blocks, whose name
    /// is padded so that the file is exactly `bytes` bytes.
    case tgs(width: Int, height: Int, frameRate: Int = 60, frames: Int = 120, features: [LottieFeature] = [], bytes: Int? = nil, disc: Int? = nil)
    /// A Lottie JSON document (Discord's Lottie sticker) of one shape layer, not gzip'd, padded in its
    /// name to exactly `bytes` bytes.
    case lottie(width: Int, height: Int, frameRate: Int = 60, frames: Int = 120, bytes: Int? = nil)
    /// A WebM's EBML: a video track of `codec` (no picture in its blocks: never decoded), one block a
    /// frame at millisecond times, an Opus track with `audio`, padded with a Void element to `bytes`.
    case webm(width: Int, height: Int, frameRate: Int = 30, frames: Int = 60, codec: String = "V_VP9", audio: Bool = false, bytes: Int? = nil)
    case text(String)
    /// Bytes made elsewhere (a file a real tool wrote, read by the samples generator).
    case raw([UInt8])

    package var defaultExtension: String {
        switch self {
        case .png, .paddedPNG, .apng, .apngRepeated, .apngWithSequenceGap: "png"
        case .gif: "gif"
        case .jpeg: "jpg"
        case .truncated(let inner, _): inner.defaultExtension
        case .webp, .webpSolid: "webp"
        case .mp4: "mp4"
        case .tgs: "tgs"
        case .lottie: "json"
        case .webm: "webm"
        case .text: "json"
        case .raw: "bin"
        }
    }

    package var summary: String {
        switch self {
        case .png(let w, let h, let style, _):
            "a \(w)×\(h) PNG" + Self.styleSummary[style, default: ""]
        case .paddedPNG(let side, let bytes, _): "a \(side)×\(side) PNG of \(bytes.grouped) bytes"
        case .apng(let side, let frames, let delay, _): "a \(side)×\(side) APNG of \(frames) \(frames == 1 ? "frame" : "frames"), \(delay) ms each"
        case .apngWithSequenceGap(let side, _): "a \(side)×\(side) APNG whose fdAT skips a sequence number"
        case .apngRepeated(let side, let frames): "a \(side)×\(side) APNG of \(frames) identical frames"
        case .gif(let side, let frames, let delay): "a \(side)×\(side) GIF of \(frames) \(frames == 1 ? "frame" : "frames"), \(delay * 10) ms each"
        case .jpeg(let side): "a \(side)×\(side) JPEG"
        case .truncated(let inner, let keep): "\(inner.summary), cut after \(keep.grouped) bytes"
        case .webp: "a 408×408 WebP"
        case .webpSolid(let w, let h, let frames, let delay, let bytes, _):
            "a \(w)×\(h) " + (frames > 1 ? "animated WebP of \(frames) frames, \(delay) ms each" : "WebP")
                + (bytes.map { " of \($0.grouped) bytes" } ?? "")
        case .mp4: "an MP4 video"
        case .tgs(let w, let h, let rate, let frames, let features, let bytes, let disc):
            "a \(w)×\(h) TGS of \(frames) frames at \(rate) fps"
                + (disc.map { " drawing a \($0) px disc at its centre" } ?? "")
                + (features.isEmpty ? "" : " using \(features.map(\.description).joined(separator: " and "))")
                + (bytes.map { ", \($0.grouped) bytes" } ?? "")
        case .lottie(let w, let h, let rate, let frames, let bytes):
            "a \(w)×\(h) Lottie JSON of \(frames) frames at \(rate) fps" + (bytes.map { ", \($0.grouped) bytes" } ?? "")
        case .webm(let w, let h, let rate, let frames, let codec, let audio, let bytes):
            "a \(w)×\(h) WebM (\(codec)) of \(frames) frames at \(rate) fps" + (audio ? " with an audio track" : "")
                + (bytes.map { ", \($0.grouped) bytes" } ?? "")
        case .text: "a text file"
        case .raw(let bytes): "a file of \(bytes.count.grouped) bytes"
        }
    }

    static let styleSummary: [PixelStyle: String] = [
        .sticker: " on a transparent background", .opaque: " with no transparent pixel", .boxed: " with an opaque border",
        .flat: " without an alpha channel"
    ]
}
