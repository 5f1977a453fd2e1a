/// What an image's header says, read without decoding pixels.
public struct ImageHeader: Sendable, Hashable {
    public var format: ImageFormat
    /// Canvas width in pixels (the logical screen for GIF).
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// Animation frames: APNG num_frames, the number of GIF images, 1 for a still.
    public var frameCount: Int
    /// Times the animation plays as stored: APNG num_plays or the GIF NETSCAPE2.0 loop count, where 0
    /// means forever; nil for a still or a GIF without a loop extension (which plays once).
    public var loopCount: Int?
    /// The file declares transparency: a PNG alpha channel or tRNS chunk, or a GIF transparent index.
    public var hasAlpha: Bool
    /// Bits per sample as stored (PNG 1–16, GIF colour-table bits, JPEG precision).
    public var bitDepth: Int
    /// How samples are stored.
    public var colorModel: ColorModel
    /// PNG Adam7 or GIF interlaced rows, or a progressive JPEG.
    public var interlaced: Bool
    /// The EXIF orientation tag of a JPEG (1–8), when it has one.
    public var orientation: Int?

    public init(
        format: ImageFormat, width: Int, height: Int, frameCount: Int = 1, loopCount: Int? = nil,
        hasAlpha: Bool, bitDepth: Int, colorModel: ColorModel, interlaced: Bool = false,
        orientation: Int? = nil
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.loopCount = loopCount
        self.hasAlpha = hasAlpha
        self.bitDepth = bitDepth
        self.colorModel = colorModel
        self.interlaced = interlaced
        self.orientation = orientation
    }
}

/// How an image stores its samples.
public enum ColorModel: String, Sendable, Hashable, Codable {
    case grey
    case greyAlpha
    case rgb
    case rgba
    case indexed
    case cmyk
    case ycck
    case ycbcr

    /// The PNG colour type for a PNG model (0, 2, 3, 4, 6), nil for the others.
    public var pngColorType: Int? {
        switch self {
        case .grey: 0
        case .rgb: 2
        case .indexed: 3
        case .greyAlpha: 4
        case .rgba: 6
        case .cmyk, .ycck, .ycbcr: nil
        }
    }

    /// The model for a PNG colour type, nil for a value the PNG specification does not define.
    public init?(pngColorType: Int) {
        switch pngColorType {
        case 0: self = .grey
        case 2: self = .rgb
        case 3: self = .indexed
        case 4: self = .greyAlpha
        case 6: self = .rgba
        default: return nil
        }
    }
}
