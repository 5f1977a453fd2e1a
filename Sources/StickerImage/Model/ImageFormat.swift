/// An image format stickerlint decodes.
///
/// `apng` is a PNG whose acTL chunk comes before its first IDAT (the APNG specification's test).
/// `webp` is read (to show, convert and pack it) but is not a sticker format: Messages refuses it, so
/// it has no accepted extension and its content stays `FileKind.webp` for the rules.
public enum ImageFormat: String, Sendable, Hashable, Codable, CaseIterable {
    case png
    case apng
    case gif
    case jpeg
    case webp

    /// Whether the format can carry more than one frame.
    public var isAnimatable: Bool { self == .apng || self == .gif || self == .webp }

    /// Whether Messages accepts stickers in this format (PNG, APNG, GIF, JPEG).
    public var isStickerFormat: Bool { self != .webp }

    /// The kind of content a file in this format is (WebP keeps its own kind: not a sticker format).
    public var fileKind: FileKind { self == .webp ? .webp : .image(self) }

    /// The name people know the format by.
    public var displayName: String {
        switch self {
        case .png: "PNG"
        case .apng: "APNG"
        case .gif: "GIF"
        case .jpeg: "JPEG"
        case .webp: "WebP"
        }
    }

    // The one table of formats: the rules, the folder walk, variants, previews and the pre-commit hook's
    // file pattern (checked by a test) all take their extensions and types from here.

    /// The extensions App Store Connect accepts for files of this format, the usual one first (an APNG
    /// must be named .png).
    public var acceptedExtensions: [String] {
        switch self {
        case .png, .apng: ["png"]
        case .gif: ["gif"]
        case .jpeg: ["jpg", "jpeg"]
        case .webp: []
        }
    }

    /// The extensions files of this format are found by: the accepted ones, `.apng` and `.webp`.
    public var recognizedExtensions: [String] {
        switch self {
        case .apng: ["png", "apng"]
        case .webp: ["webp"]
        default: acceptedExtensions
        }
    }

    /// The MIME type (APNG travels as image/png, which browsers sniff and animate).
    public var mimeType: String {
        switch self {
        case .png, .apng: "image/png"
        case .gif: "image/gif"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        }
    }

    /// Every extension a sticker file may have.
    public static let acceptedExtensions: Set<String> = Set(allCases.flatMap(\.acceptedExtensions))
    /// The formats a sticker may be in.
    public static let stickerFormats: [ImageFormat] = allCases.filter(\.isStickerFormat)
    /// Every extension of a sticker format, `.apng` included (what the hook and variants look at; a
    /// folder walk also picks up `.webp` and the other kinds: `FileKind.walkedExtensions`).
    public static let recognizedExtensions: Set<String> = Set(stickerFormats.flatMap(\.recognizedExtensions))
}

/// What a file's content says it is, decided from its bytes and never from its name.
public enum FileKind: Sendable, Hashable, CustomStringConvertible {
    /// A format stickerlint decodes.
    case image(ImageFormat)
    /// Xcode's "iPhone-optimized" PNG: a CgBI chunk first, BGRA, premultiplied, headerless zlib.
    case cgbiPNG
    case webp
    case bmp
    case tiff
    case heic
    case avif
    /// An MPEG-4 video (ISO base media file: `.mp4`, `.m4v`): message media, never a sticker.
    case mp4
    /// A QuickTime movie (`.mov`): message media, never a sticker.
    case quickTime
    /// A gzip stream: Telegram's animated sticker (TGS, a gzip'd Lottie animation), read by `Lottie`.
    case tgs
    /// An EBML file (WebM or Matroska): Telegram's video sticker, read by `WebM`, never decoded.
    case webm
    /// A JSON object: Discord's Lottie sticker, read by `Lottie` (a folder walk takes `.json` files only
    /// under a profile that takes them).
    case lottie
    /// Nothing recognisable.
    case unknown

    /// The supported format, when the content is one.
    public var format: ImageFormat? {
        if case .image(let format) = self { return format }
        return nil
    }

    public var description: String {
        switch self {
        case .image(let format): format.displayName
        case .cgbiPNG: "Xcode-optimized CgBI PNG"
        case .webp: "WebP"
        case .bmp: "BMP"
        case .tiff: "TIFF"
        case .heic: "HEIC"
        case .avif: "AVIF"
        case .mp4: "MP4 video"
        case .quickTime: "QuickTime movie"
        case .tgs: "TGS (gzip'd Lottie)"
        case .webm: "WebM video"
        case .lottie: "Lottie JSON"
        case .unknown: "unknown"
        }
    }
}

extension FileKind {
    /// A video Messages plays (MP4, M4V, MOV), recognised from its bytes and never decoded.
    public var isVideo: Bool { self == .mp4 || self == .quickTime }

    /// An animation read from its container or document, never decoded to pixels (TGS, WebM, Lottie JSON).
    public var isMotion: Bool { self == .tgs || self == .webm || self == .lottie }

    /// The extensions files of this kind usually have: a folder walk picks these up, so that a WebP or
    /// HEIC named as such is reported as unsupported rather than passed over.
    public var recognizedExtensions: [String] {
        switch self {
        case .image(let format): format.recognizedExtensions
        case .cgbiPNG: ["png"]
        case .webp: ["webp"]
        case .bmp: ["bmp"]
        case .tiff: ["tif", "tiff"]
        case .heic: ["heic", "heif"]
        case .avif: ["avif"]
        case .mp4: ["mp4", "m4v"]
        case .quickTime: ["mov"]
        case .tgs: ["tgs"]
        case .webm: ["webm"]
        case .lottie: ["json"]
        case .unknown: []
        }
    }

    /// Every extension a folder walk picks up (a Lottie `.json` only where the profile takes one).
    public static let walkedExtensions: Set<String> = Set(
        (ImageFormat.allCases.map(\.fileKind) + [.cgbiPNG, .bmp, .tiff, .heic, .avif, .mp4, .quickTime, .tgs, .webm]).flatMap(\.recognizedExtensions))
}
