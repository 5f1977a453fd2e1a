import StickerFiles
import StickerImage

// LINE: PNG stickers at most 370×320 with even sides, APNG animations at most 320×270 of 5–20 frames,
// sold in sets of 8 to 40, uploaded as a ZIP of 01.png… with main.png and tab.png (creator.line.me).

extension Store {
    package static let line: Store = Store(
        id: "line", limits: .line,
        recipe: StoreRecipe(
            stillFormats: [.png], animatedFormats: [.apng], packFileNames: ["main.png", "tab.png"],
            // The Creators Market takes a set as one ZIP of main.png, tab.png and 01.png… of at most 20 MB
            // (creator.line.me/en/guideline/sticker: "ZIP file ... 20MB"): 20,000,000 bytes, the smaller reading.
            archive: StoreArchive(
                fileExtension: "zip",
                maxBytes: (20_000_000, "LINE's Creators Market takes a ZIP of at most 20 MB (creator.line.me/en/guideline/sticker)"),
                reader: "a ZIP for the Creators Market (main.png, tab.png, 01.png…; at most 20 MB)")),
        packHelp: "01.png, 02.png… in sets of 8–40 (animated 8, 16 or 24, in FOLDER/still and FOLDER/animated when both): "
            + "PNG ≤ 370×320 with even sides, APNG ≤ 320×270 of 5–20 frames, 1–4 loops, ≤ 4 s; main.png 240×240 and "
            + "tab.png 96×74. Art past a set's count is left out, said so.",
        sample: { seed, animated in animated ? .apng(side: 270, frames: 5, seed: seed) : .png(width: 370, height: 320, seed: seed) },
        rationale: [
            "file-size": "LINE 1 MB and 300 KB",
            "file-size.near": "LINE: over 1,000,000 or 300,000 bytes, within 1,048,576 or 307,200, its guideline's \"KB\" being either",
            "pixel-dimensions": "LINE at most 370×320 (animated 320×270 with one side at least 270)",
            "unsupported-format": "LINE PNG and APNG",
            "animation-duration": "LINE over 4 seconds of playback (every loop counted)",
            "pack-count": "LINE sets of 8, 16, 24, 32 or 40 (animated 8, 16 or 24)",
            "even-dimensions": "LINE's sticker guideline asks a still sticker for an even width and an even height (its stickers are "
                + "shown at half size); the Creators Market refuses an odd one. Its animation guideline asks no such thing of an APNG.",
            "sticker-name": "A LINE set uploaded as a ZIP names its stickers 01.png, 02.png… up to the set's size (40), beside "
                + "main.png and tab.png (creator.line.me/en/guideline/sticker); other names are not taken from the ZIP.",
            "identical-frames": "LINE's animation guideline refuses an animated sticker whose frames are all the same image: it must move.",
            "frame-count": "LINE's animation guideline takes 5 to 20 frames; the Creators Market refuses others.",
            "loop-count": "LINE's guideline takes 1 to 4 loops.",
            "mixed-animation": "LINE sells a sticker set (PNG stills) apart from an animated sticker set (APNG), whose main image "
                + "is an APNG too: a still main image in an animated set, or an animated one in a still set, is refused."
        ],
        examples: {
            [
                "even-dimensions": StoreRuleExamples(
                    passing: [.store(.line, .png(width: 370, height: 320))],
                    failing: [.store(.line, .png(width: 369, height: 320)), .store(.line, .png(width: 370, height: 319))]),
                "pack-count": StoreRuleExamples(passing: [.storePack(.line, count: 8)], failing: [.storePack(.line, count: 9)]),
                "sticker-name": StoreRuleExamples(
                    passing: [.storePack(.line, count: 8)],
                    failing: [
                        .store(.line, .png(width: 370, height: 320), named: "wave.png"), .store(.line, .png(width: 370, height: 320), named: "41.png")
                    ]),
                "identical-frames": StoreRuleExamples(
                    passing: [.store(.line, .apng(side: 270, frames: 5))], failing: [.store(.line, .apngRepeated(side: 270, frames: 5))]),
                "frame-count": StoreRuleExamples(
                    passing: [.store(.line, .apng(side: 270, frames: 5))],
                    failing: [.store(.line, .apng(side: 270, frames: 4)), .store(.line, .apng(side: 270, frames: 21, delayMilliseconds: 100))]),
                "loop-count": StoreRuleExamples(failing: [.store(.line, .apng(side: 270, frames: 5), "a 270×270 APNG of 5 frames looping forever")]),
                "mixed-animation": StoreRuleExamples(
                    passing: [
                        .storePack(
                            .line, count: 8, extra: [ExampleFile("main.png", .png(width: 240, height: 240))], "a set of 8 PNGs and a PNG main.png"),
                        .storePack(
                            .line, count: 8, animated: 8, extra: [ExampleFile("main.png", .apng(side: 240, frames: 5))],
                            "a set of 8 APNGs and an APNG main.png")
                    ],
                    failing: [
                        .storePack(
                            .line, count: 8, animated: 8, extra: [ExampleFile("main.png", .png(width: 240, height: 240))],
                            "a set of 8 APNGs and a PNG main.png"),
                        .storePack(
                            .line, count: 8, extra: [ExampleFile("main.png", .apng(side: 240, frames: 5))], "a set of 8 PNGs and an APNG main.png"),
                        .storePack(.line, count: 8, animated: 1)
                    ])
            ]
        })
}

extension Profile {
    package static let line: Profile = .store(.line)
}

extension ImageRole {
    package static let line: ImageRole = .store(.line)
}

extension StoreLimits {
    static let line = StoreLimits(
        name: "LINE",
        still: Kind(
            formats: [.png], sides: .within(width: 370, height: 320), maxBytes: 1_048_576, documentedBytes: 1_000_000, evenSides: true,
            source: "creator.line.me/en/guideline/sticker (\"All images must be submitted in PNG format\"; \"W 370 × H 320\" at most; "
                + "\"Please ensure the image has an even-numbered height and width\"; \"The maximum filesize for each image is 1 MB\": "
                + "1,000,000 or 1,048,576 bytes)"),
        animated: Kind(
            formats: [.apng], noun: "an animated sticker", sides: .within(width: 320, height: 270, longSideAtLeast: 270), maxBytes: 307_200,
            documentedBytes: 300_000, maxMilliseconds: 4_000, loopsCounted: true, frames: 5...20, loops: 1...4, distinctFrames: true,
            source: "creator.line.me/en/guideline/animationsticker (\"Up to 320 x 270 .png(APNG)\"; \"Either the width or height of "
                + "the image must be at least 270 pixels\"; \"Between 5 and 20 frames\"; \"1 – 4 loops per sticker whose combined "
                + "length does not exceed 4 seconds\"; \"The maximum file size for each image is 300 KB\"; \"Files that use the same "
                + "data for all frames … will result in an upload error\")"),
        count: .oneOf([8, 16, 24, 32, 40]), animatedCount: .oneOf([8, 16, 24]),
        countSource: "creator.line.me/en/guideline/sticker (\"Either 8, 16, 24, 32, 40\") and /animationsticker (\"Either 8, 16, or 24\")",
        unmixedSource: "creator.line.me/en/guideline: a sticker set is PNG stills and an animated sticker set APNG animations, "
            + "each with its own main image (an APNG in an animated set)",
        stickerNames: StickerNaming(
            digits: 2, fileExtension: "png",
            source: "creator.line.me/en/guideline/sticker (a set uploaded as a ZIP: main.png, tab.png and 01.png to 40.png)"),
        packFiles: [
            PackFile(
                name: "main image", baseNames: ["main"],
                image: Kind(
                    formats: [.png], noun: "a main image", sides: .exactly(width: 240, height: 240), maxBytes: 1_048_576, documentedBytes: 1_000_000,
                    source: "creator.line.me/en/guideline/sticker (\"Main Image 1 W 240 × H 240\", PNG, \"1 MB\")"),
                animated: Kind(
                    formats: [.apng], noun: "an animated main image", sides: .exactly(width: 240, height: 240), maxBytes: 307_200,
                    documentedBytes: 300_000, maxMilliseconds: 4_000, loopsCounted: true, frames: 5...20, loops: 1...4, distinctFrames: true,
                    source: "creator.line.me/en/guideline/animationsticker (an animated set's main image: \"240 x 240 .png(APNG)\", "
                        + "the animated stickers' rules otherwise: \"300 KB\", 5–20 frames, 1–4 loops, at most 4 seconds)")),
            PackFile(
                name: "tab image", baseNames: ["tab"],
                image: Kind(
                    formats: [.png], noun: "a tab image", sides: .exactly(width: 96, height: 74), maxBytes: 1_048_576, documentedBytes: 1_000_000,
                    source: "creator.line.me/en/guideline/sticker (\"Chat Thumbnail Icon 1 W 96 × H 74\", PNG, \"1 MB\")"))
        ])
}
