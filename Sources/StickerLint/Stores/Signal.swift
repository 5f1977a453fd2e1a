import StickerFiles
import StickerImage

// Signal: PNG or WebP stills of any size (re-encoded at 512 px), square APNG or WebP animations looping
// forever, 300 KiB each, up to 200 a pack (Signal-Desktop's sticker creator).

extension Store {
    package static let signal: Store = Store(
        id: "signal", limits: .signal,
        recipe: StoreRecipe(stillFormats: [.png, .webp], animatedFormats: [.apng, .webp]),
        packHelp: "PNG, APNG looping forever (square, ≤ 512 px), ≤ 307,200 bytes (WebP when only WebP fits).",
        sample: { seed, _ in .png(width: 512, height: 512, seed: seed) },
        rationale: [
            "file-size": "Signal 307,200",
            "pixel-dimensions": "Signal's APNG square 10–512",
            "unsupported-format": "Signal PNG or WebP, APNG or WebP animated",
            "pack-count": "Signal up to 200",
            "loop-count": "Signal's sticker creator takes an APNG only when it loops forever (num_plays 0);"
        ],
        examples: { ["loop-count": StoreRuleExamples(passing: [.store(.signal, .apng(side: 256, frames: 2))])] })
}

extension Profile {
    package static let signal: Profile = .store(.signal)
}

extension ImageRole {
    package static let signal: ImageRole = .store(.signal)
}

extension StoreLimits {
    static let signal = StoreLimits(
        name: "Signal",
        still: Kind(
            formats: [.png, .webp], sides: .any, maxBytes: 307_200,
            source: "Signal-Desktop sticker-creator constants.ts (300 KiB) and util/processImage.ts (stills re-encoded at 512 px)"),
        animated: Kind(
            formats: [.apng, .webp], noun: "an animated sticker", sides: .square(10...512), maxBytes: 307_200, loops: 0...0,
            source: "Signal-Desktop sticker-creator util/apng.ts (square, 10–512 px; num_plays 0, looping forever) and constants.ts (300 KiB)"),
        count: .range(1...200), animatedCount: nil,
        countSource: "Signal-Desktop sticker-creator constants.ts (up to 200 stickers)")
}
