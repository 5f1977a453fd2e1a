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
    /// A format read from its container or document by a registered `MotionReader`, never decoded:
    /// Telegram's TGS and WebM, Discord's Lottie JSON (a folder walk takes `.json` files only under a
    /// profile that takes them).
    case motion(MotionKind)
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
        case .motion(let kind): kind.description
        case .unknown: "unknown"
        }
    }
}

extension FileKind {
    /// A video Messages plays (MP4, M4V, MOV), recognised from its bytes and never decoded.
    public var isVideo: Bool { self == .mp4 || self == .quickTime }

    /// Telegram's animated sticker (a gzip'd Lottie animation), read by `Lottie`.
    public static var tgs: FileKind { .motion(.tgs) }
    /// An EBML file (WebM or Matroska): Telegram's video sticker, read by `WebM`.
    public static var webm: FileKind { .motion(.webm) }
    /// A JSON object: Discord's Lottie sticker, read by `Lottie`.
    public static var lottie: FileKind { .motion(.lottie) }

    /// An animation read from its container or document, never decoded to pixels (TGS, WebM, Lottie JSON).
    public var isMotion: Bool { motionKind != nil }

    /// The reader's kind, for content a `MotionReader` reads.
    public var motionKind: MotionKind? {
        if case .motion(let kind) = self { return kind }
        return nil
    }

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
        case .motion(let kind): kind.reader.extensions
        case .unknown: []
        }
    }

    /// The kinds decided without a `MotionReader`.
    static let decidedKinds: [FileKind] =
        ImageFormat.allCases.map(\.fileKind) + [.cgbiPNG, .bmp, .tiff, .heic, .avif, .mp4, .quickTime, .unknown]

    /// Every kind: the decided ones, then one per registered `MotionReader`.
    public static var all: [FileKind] { decidedKinds + MotionKind.all.map { .motion($0) } }

    /// Every extension a folder walk picks up (a reader's only where it says so: a Lottie `.json` only
    /// where the profile takes one).
    public static var walkedExtensions: Set<String> {
        Set((decidedKinds + MotionKind.all.filter(\.reader.walkedAlways).map { .motion($0) }).flatMap(\.recognizedExtensions))
    }

    /// The extensions a folder walk takes only under a profile that takes their reader's kind (Lottie's `.json`).
    public static var profileWalkedExtensions: Set<String> {
        Set(MotionKind.all.filter { !$0.reader.walkedAlways }.flatMap(\.reader.extensions))
    }

    /// The kind's name in the fact cache and JSON reports: a decoded format's own ("png"), else the
    /// kind's ("cgbi", "quicktime"), a reader's name for a reader's kind.
    public var name: String {
        switch self {
        case .image(let format): format.rawValue
        case .cgbiPNG: "cgbi"
        case .webp: "webp"
        case .bmp: "bmp"
        case .tiff: "tiff"
        case .heic: "heic"
        case .avif: "avif"
        case .mp4: "mp4"
        case .quickTime: "quicktime"
        case .motion(let kind): kind.name
        case .unknown: "unknown"
        }
    }

    /// The kind of that name (`name`), when it is known to this process.
    public init?(name: String) {
        guard let kind = Self.all.first(where: { $0.name == name }) else { return nil }
        self = kind
    }
}
