import ArgumentParser
import StickerCatalog
import StickerImage
import StickerPack

/// The options `fix` and `pack` share: how lossless encoding tries, and how far lossy fitting under the
/// size limit may go. Parsed once, as types.
struct FittingOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "How hard lossless re-encoding tries, as oxipng's -o: quick (three filter strategies, "
                + "libdeflate level 8), default (seven strategies ranked on sampled rows, level 11: no more "
                + "bytes than oxipng -o 2, sooner), max (every strategy, bigrams and brute force "
                + "included, compressed whole at levels 11 and 12: no more bytes than oxipng -o 4).", valueName: "quick|default|max"),
        transform: { value in
            guard let effort = PNGOptimizer.Effort(rawValue: value) else {
                throw ValidationError("use quick, default or max")
            }
            return effort
        })
    var effort: PNGOptimizer.Effort = .default

    @Option(
        help: ArgumentHelp(
            "Lossy fitting under the size limit never goes below this PSNR (premultiplied RGBA, dB): fix leaves such a file "
                + "alone, pack leaves such art out.", valueName: "dB"))
    var minPSNR: Double = SizeFitter.defaultMinPSNR

    @Flag(
        name: Fix.name(Fix.editFlags.allowFrameDrop),
        help: ArgumentHelp(
            "An animation that cannot fit under the size limit otherwise drops every other frame, as often as it takes "
                + "(delays merged, so the duration stays); with fix, goes with --lossy."))
    var allowFrameDrop = false

    func validate() throws {
        if !(minPSNR > 0 && minPSNR < 100) { throw ValidationError("--min-psnr must be above 0 and below 100 dB; got \(minPSNR)") }
    }
}

/// `pack --grid`: a grid, or auto (chosen from the art).
enum GridArgument {
    static func parse(_ value: String) -> PackOptions.GridChoice? {
        value == "auto" ? .auto : GridSize(userValue: value).map(PackOptions.GridChoice.fixed)
    }
}
