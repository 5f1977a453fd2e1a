import StickerFiles
import StickerImage

// Signal: PNG or WebP stills of any size (re-encoded at 512 px), square APNG or WebP animations looping
// forever, 300 KiB each, up to 200 a pack (Signal-Desktop's sticker creator).

extension Store {
    package static let signal: Store = Store(
        id: "signal", limits: .signal,
        recipe: StoreRecipe(stillFormats: [.png, .webp], animatedFormats: [.apng]),
        packHelp: "PNG (WebP when only WebP fits), APNG looping forever (square, ≤ 512 px), ≤ 307,200 bytes: Signal's sticker "
            + "creator keeps only an APNG animated.",
        sample: { seed, _ in .png(width: 512, height: 512, seed: seed) },
        rationale: [
            "file-size": "Signal 307,200 for an APNG (a still is redrawn first, below)",
            "file-size.redrawn": "Signal: a still over 307,200 bytes, noted: its sticker creator redraws a still on a 512×512 canvas as a "
                + "WebP at quality 0.8 and judges that redraw, not the file (processImage.ts)",
            "unsupported-format.still": "Signal: an animated WebP, which its sticker creator takes as a still (its first frame "
                + "redrawn); only an APNG stays animated",
            "pixel-dimensions": "Signal's APNG square 10–512 (a still any size: it is redrawn at 512×512)",
            "unsupported-format": "Signal PNG or WebP, APNG animated",
            "pack-count": "Signal up to 200",
            "loop-count": "Signal's sticker creator takes an APNG only when it loops forever (num_plays 0);"
        ],
        examples: {
            [
                "loop-count": StoreRuleExamples(passing: [.store(.signal, .apng(side: 256, frames: 2))]),
                "file-size": StoreRuleExamples(
                    passing: [.store(.signal, .paddedPNG(side: 1_600, bytes: 307_200), "a 1,600×1,600 PNG of 307,200 bytes (redrawn by Signal)")],
                    failing: [
                        .store(.signal, .paddedPNG(side: 1_600, bytes: 6_500_000), "a 1,600×1,600 PNG of 6,500,000 bytes: a note (Signal redraws it)")
                    ]),
                "unsupported-format": StoreRuleExamples(
                    passing: [.store(.signal, .webpSolid(width: 600, height: 400), "a still 600×400 WebP")],
                    failing: [
                        .store(.signal, .gif(side: 320, frames: 2)),
                        .store(.signal, .webpSolid(width: 600, height: 400, frames: 2), "an animated 600×400 WebP: a warning (taken as a still)")
                    ])
            ]
        })
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
            redraw: "its sticker creator draws a still on a 512×512 canvas and uploads it as a WebP at quality 0.8",
            source: "signalapp/Signal-Desktop sticker-creator@9801430f src/constants.ts:5 and :8 (STICKER_SIZE 512, MAX_STICKER_BYTE_SIZE "
                + "300 * 1024); @3c25092f src/util/processImage.ts:18 (WEBP_QUALITY 0.8), :98-117 (anything but an APNG drawn on a "
                + "512×512 canvas and made a WebP), :119-124 (that WebP at most 300 KiB); @9801430f src/util/useStickerDropzone.ts:12-16 "
                + "(.png, .webp, .apng)"),
        animated: Kind(
            formats: [.apng], noun: "an animated sticker", sides: .square(10...512), maxBytes: 307_200, loops: 0...0,
            source: "signalapp/Signal-Desktop sticker-creator@3c25092f src/util/processImage.ts:66-71 (square), :72-77 (the file at most 300 KiB, "
                + "constants.ts:8), :78-83 (at least MIN_IMAGE_SIZE 10 px, constants.ts:4), :84-89 (at most 512 px), :90-95 "
                + "(numPlays Infinity: num_plays 0, looping forever)"),
        count: .range(1...200), animatedCount: nil,
        countSource: "signalapp/Signal-Desktop sticker-creator@9801430f src/constants.ts:6-7 (MIN_STICKERS 1, MAX_STICKERS 200)",
        takenAsStill: [.webp],
        takenAsStillSource: "signalapp/Signal-Desktop sticker-creator@3c25092f src/util/processImage.ts:61-65 (only an APNG is kept as it is) and "
            + ":98-117 (an animated WebP drawn on the canvas like a still: its first frame)")
}
