import StickerCatalog
import StickerImage
import StickerLint

/// Everything `fix` is asked to do, from the command line to the engine in one value: safe edits
/// always, each unsafe kind only when its flag allows it, and how hard to try.
package struct FixOptions: Sendable, Hashable {
    /// The unsafe edits allowed (`--lossy` allows `.fit`, `--convert-gif` `.convert`, …).
    package var unsafe: Set<EditKind> = []
    /// With `.fit`: leave a file alone rather than go below this PSNR (premultiplied RGBA, dB).
    package var minPSNR = SizeFitter.defaultMinPSNR
    /// With `.fit`: the size to fit under, the documented 500 KB (500,000 bytes) unless tighter.
    package var sizeLimit = StickerLimits.documentedBytes
    /// With `.fit`: animations that cannot fit otherwise drop every other frame (delays merged).
    package var allowFrameDrop = false
    /// RGB that App Store icons with alpha are flattened onto (`--icon-background`): `.flattenIcon`
    /// is allowed exactly when it is given, as no other edit needs a value to be made.
    package var iconBackground: [UInt8]?
    /// Keep text, time, pHYs and eXIf chunks of re-encoded PNGs; colour chunks are always kept.
    package var keepMetadata = false
    /// How hard lossless re-encoding tries.
    package var effort = PNGOptimizer.Effort.default
    /// How the command line spells the options that allow unsafe edits, for the report's hint.
    package var flags = EditFlags()

    package init(unsafe: Set<EditKind> = []) {
        self.unsafe = unsafe
    }

    /// Whether `fix` makes edits of this kind: safe ones always, unsafe ones when allowed.
    package func allows(_ kind: EditKind) -> Bool {
        kind == .flattenIcon ? iconBackground != nil : kind.applicability == .safe || unsafe.contains(kind)
    }
}
