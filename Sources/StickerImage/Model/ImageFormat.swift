/// An image format stickerlint decodes.
///
/// `apng` is a PNG whose acTL chunk comes before its first IDAT (the APNG specification's test).
public enum ImageFormat: String, Sendable, Hashable, Codable, CaseIterable {
    case png
    case apng
    case gif
    case jpeg

    /// Whether the format can carry more than one frame.
    public var isAnimatable: Bool { self == .apng || self == .gif }

    /// The name people know the format by.
    public var displayName: String {
        switch self {
        case .png: "PNG"
        case .apng: "APNG"
        case .gif: "GIF"
        case .jpeg: "JPEG"
        }
    }
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
        case .unknown: "unknown"
        }
    }
}
