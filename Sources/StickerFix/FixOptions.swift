import StickerCatalog
import StickerImage
import StickerLint

/// Everything `fix` is asked to do, from the command line to the engine in one value: safe edits
/// always, each unsafe kind only when its flag allows it (`EditKind.flag`), and how hard to try.
public struct FixOptions: Sendable, Hashable {
    /// The unsafe edits allowed (`--lossy` allows `.fit`, `--convert-gif` `.convert`, …).
    public var unsafe: Set<EditKind> = []
    /// With `.fit`: leave a file alone rather than go below this PSNR (premultiplied RGBA, dB).
    public var minPSNR = 45.0
    /// With `.fit`: the size to fit under, the documented 500 KB (500,000 bytes) unless tighter.
    public var sizeLimit = StickerLimits.documentedBytes
    /// With `.fit`: animations that cannot fit otherwise drop every other frame (delays merged).
    public var allowFrameDrop = false
    /// RGB that App Store icons with alpha are flattened onto (`--icon-background`; allows `.flattenIcon`).
    public var iconBackground: [UInt8]? {
        didSet { if iconBackground == nil { unsafe.remove(.flattenIcon) } else { unsafe.insert(.flattenIcon) } }
    }
    /// Keep text, time, pHYs and eXIf chunks of re-encoded PNGs; colour chunks are always kept.
    public var keepMetadata = false
    /// How hard lossless re-encoding tries.
    public var effort = PNGOptimizer.Effort.default

    public init(unsafe: Set<EditKind> = []) {
        self.unsafe = unsafe
    }

    /// Whether `fix` makes edits of this kind: safe ones always, unsafe ones when allowed.
    public func allows(_ kind: EditKind) -> Bool { kind.applicability == .safe || unsafe.contains(kind) }

    /// `--icon-background` values: white, black, #RRGGBB or #RGB.
    public static func colour(_ text: String) -> [UInt8]? {
        switch text.lowercased() {
        case "white": return [255, 255, 255]
        case "black": return [0, 0, 0]
        default:
            var digits = Array(text.hasPrefix("#") ? text.dropFirst() : Substring(text))
            if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
            guard digits.count == 6 else { return nil }
            let values = stride(from: 0, to: 6, by: 2).compactMap { UInt8(String(digits[$0...($0 + 1)]), radix: 16) }
            return values.count == 3 ? values : nil
        }
    }
}
