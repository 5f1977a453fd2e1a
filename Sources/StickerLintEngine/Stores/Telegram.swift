import StickerFiles
import StickerImage

// Telegram: stickers one side 512 px as WebP or PNG, animated ones as TGS (gzip'd Lottie) or VP9 WebM,
// a set's thumbnail; custom emoji sets at 100×100 (core.telegram.org/stickers, TDLib StickerFormat.cpp).

extension Store {
    package static let telegram: Store = Store(
        id: "telegram", limits: .telegram,
        recipe: StoreRecipe(
            stillFormats: [.webp], animatedFormats: [], animatedRefusal: refusal("telegram"), packFileNames: ["thumb.webp"],
            videoAnimations: true, animationsApart: true),
        emojiSet: .telegramEmoji,
        packHelp: "512 px on the longer side, WebP ≤ 524,288 bytes, thumb.webp 100×100; animations as VP9 WebM video stickers "
            + "(≤ 262,144 bytes, ≤ 3 s, ≤ 30 frames a second) in a video set of their own; TGS and WebM stickers that pass kept as "
            + "they are (TGS in an animated set); with --emoji-set 100×100 custom emoji.",
        sample: { seed, _ in .png(width: 512, height: 512, seed: seed) },
        rationale: [
            "file-size": "Telegram 524,288 (its TGS stickers 65,536, its WebM video stickers 262,144)",
            "pixel-dimensions": "Telegram one side 512 and the other at most 512 (its TGS stickers 512×512)",
            "unsupported-format": "Telegram PNG or WebP stills (its animated stickers are TGS or WebM)",
            "file-extension": "TDLib takes a sticker's format from its file's extension (StickerFormat.cpp:43-53 at tdlib/td@022d6020)",
            "image-unreadable": "Under Telegram's profile, a TGS whose gzip or Lottie JSON cannot be read, or a WebM whose EBML "
                + "cannot (neither is ever decoded to pixels).",
            "animation-duration": "Telegram's TGS and video stickers over 3 seconds",
            "pack-count": "Telegram up to 120",
            "frame-rate": "Telegram's animated (TGS) stickers must run at 60 frames a second and its video stickers at no more than "
                + "30 (core.telegram.org/animated_stickers, core.telegram.org/stickers).",
            "video-stream": "Telegram's video stickers are WebM files of one VP9 video stream and no audio stream "
                + "(core.telegram.org/stickers).",
            "lottie-features": "Telegram's animated stickers may not use masks, layer effects, images, solids, texts, 3D layers, merge "
                + "paths, star shapes, gradient strokes, repeaters, time stretching, time remapping, auto-oriented layers or "
                + "expressions (core.telegram.org/animated_stickers): its players do not draw them.",
            "lottie-canvas": "Telegram's animated stickers: \"sticker objects must not leave the canvas\" "
                + "(core.telegram.org/animated_stickers); a player shows the 512×512 canvas only, so a shape that crosses its edge "
                + "is cut off there. A warning: Telegram's uploader is not known to refuse it."
        ],
        examples: {
            [
                "pixel-dimensions": StoreRuleExamples(
                    passing: [.store(.telegram, .png(width: 512, height: 300))], failing: [.store(.telegram, .png(width: 511, height: 511))]),
                "unsupported-format": StoreRuleExamples(failing: [.store(.telegram, .webpSolid(width: 512, height: 512, frames: 2))]),
                "file-extension": StoreRuleExamples(
                    failing: [.store(.telegram, .png(width: 512, height: 512), named: "sticker.webp", "PNG bytes named sticker.webp")]),
                "image-unreadable": StoreRuleExamples(failing: [.store(.telegram, .truncated(.tgs(width: 512, height: 512), keep: 100))]),
                "animation-duration": StoreRuleExamples(
                    passing: [
                        .store(.telegram, .tgs(width: 512, height: 512, frames: 180)), .store(.telegram, .webm(width: 512, height: 512, frames: 90))
                    ],
                    failing: [
                        .store(.telegram, .tgs(width: 512, height: 512, frames: 181)), .store(.telegram, .webm(width: 512, height: 512, frames: 91))
                    ]),
                "frame-rate": StoreRuleExamples(
                    passing: [
                        .store(.telegram, .tgs(width: 512, height: 512, frameRate: 60)),
                        .store(.telegram, .webm(width: 512, height: 512, frameRate: 30))
                    ],
                    failing: [
                        .store(.telegram, .tgs(width: 512, height: 512, frameRate: 59, frames: 60)),
                        .store(.telegram, .tgs(width: 512, height: 512, frameRate: 30, frames: 60)),
                        .store(.telegram, .webm(width: 512, height: 512, frameRate: 31))
                    ]),
                "video-stream": StoreRuleExamples(
                    passing: [.store(.telegram, .webm(width: 512, height: 512))],
                    failing: [
                        .store(.telegram, .webm(width: 512, height: 512, codec: "V_VP8")),
                        .store(.telegram, .webm(width: 512, height: 512, audio: true))
                    ]),
                "lottie-features": StoreRuleExamples(
                    passing: [.store(.telegram, .tgs(width: 512, height: 512))],
                    failing: [
                        .store(.telegram, .tgs(width: 512, height: 512, features: [.masks])),
                        .store(.telegram, .tgs(width: 512, height: 512, features: [.gradientStrokes, .expressions]))
                    ]),
                "lottie-canvas": StoreRuleExamples(
                    passing: [.store(.telegram, .tgs(width: 512, height: 512, disc: 512))],
                    failing: [
                        .store(.telegram, .tgs(width: 512, height: 512, disc: 514)), .store(.telegram, .tgs(width: 512, height: 512, disc: 600))
                    ])
            ]
        })

    package static let telegramEmoji: Store = Store(
        id: "telegram-emoji", limits: .telegramEmoji,
        recipe: StoreRecipe(
            stillFormats: [.webp], animatedFormats: [], animatedRefusal: refusal("telegram-emoji"), videoAnimations: true, animationsApart: true),
        profileHelp: "a custom emoji set", packHelp: "100×100 custom emoji, each ≤ 131,072 bytes.",
        sample: { seed, _ in .png(width: 100, height: 100, seed: seed) })

    /// Why `pack --for` makes no animated Telegram sticker where it has no VP9 encoder.
    private static func refusal(_ profile: String) -> String {
        "Telegram's animated stickers are TGS (gzip'd Lottie from After Effects' Bodymovin) and its video stickers "
            + "VP9 WebM (ffmpeg -c:v libvpx-vp9 -pix_fmt yuva420p): export the animation as one of them and check it with "
            + "--profile \(profile)"
    }
}

extension Profile {
    package static let telegram: Profile = .store(.telegram)
    package static let telegramEmoji: Profile = .store(.telegramEmoji)
}

extension ImageRole {
    package static let telegram: ImageRole = .store(.telegram)
    package static let telegramEmoji: ImageRole = .store(.telegramEmoji)
}

extension StoreLimits {
    static let telegram = StoreLimits(
        name: "Telegram",
        still: Kind(
            formats: [.webp, .png], sides: .oneSideExactly(512), maxBytes: 524_288,
            source: "core.telegram.org/stickers (PNG or WEBP; \"one side must be exactly 512 pixels in size – the other side can be 512 "
                + "pixels or less\"); tdlib/td@022d6020 td/telegram/StickerFormat.cpp:156 (1 << 19: 524,288 bytes)"),
        animated: Kind(
            formats: [], noun: "an animated sticker", sides: .oneSideExactly(512), maxBytes: 262_144,
            source: "core.telegram.org/stickers: animated stickers are TGS or WebM video, not animated WebP, PNG or GIF"),
        tgs: telegramTGS(
            noun: "an animated (TGS) sticker", sides: .exactly(width: 512, height: 512), maxBytes: 65_536,
            source:
                "core.telegram.org/animated_stickers (canvas 512×512 px, \"sticker objects must not leave the canvas\"; at most 64 KB gzip'd: 65,536 bytes as TDLib "
                + "StickerFormat.cpp:158 counts it, 1 << 16; a 512 px TGS in StickersManager.cpp:7945; at most 3 seconds; 60 frames a second; no masks, effects, images, solids, "
                + "texts, 3D layers, merge paths, stars, gradient strokes, repeaters, time stretching or remapping, "
                + "auto-oriented layers, expressions)"),
        video: telegramVideo(
            noun: "a video (WebM) sticker", sides: .oneSideExactly(512), maxBytes: 262_144,
            source: "core.telegram.org/stickers (video stickers: WebM, VP9, no audio stream, one side 512 px and the other "
                + "at most 512, at most 3 seconds, at most 30 frames a second, at most 256 KB: 262,144 bytes as TDLib "
                + "StickerFormat.cpp:160 counts it, 1 << 18)"),
        count: .range(1...120), animatedCount: nil,
        countSource: "core.telegram.org/bots/api addStickerToSet (\"Other sticker sets can have up to 120 stickers\")",
        packFiles: [telegramThumbnail])

    /// A Telegram animated (TGS) kind: 60 fps, at most 3 s, none of the forbidden Lottie features
    /// (core.telegram.org/animated_stickers), at its own canvas and size.
    static func telegramTGS(noun: String, sides: Sides, maxBytes: Int, source: String) -> Kind {
        Kind(
            formats: [], container: .tgs, noun: noun, sides: sides, maxBytes: maxBytes, maxMilliseconds: 3_000, frameRate: 60...60,
            forbidsLottieFeatures: true, keepsDrawingOnCanvas: true, source: source)
    }

    /// A Telegram video (WebM) kind: VP9 in WebM, no audio, at most 30 fps and 3 s (core.telegram.org/stickers),
    /// at its own size.
    static func telegramVideo(noun: String, sides: Sides, maxBytes: Int, source: String) -> Kind {
        Kind(
            formats: [], container: .webm, noun: noun, sides: sides, maxBytes: maxBytes, maxMilliseconds: 3_000, frameRate: 0...30,
            codecs: ["V_VP9"], docType: "webm", audioAllowed: false, source: source)
    }

    /// A Telegram set's thumbnail (`thumb.webp`, `thumbnail.tgs`…): WebP or PNG 100×100 up to 128 KiB, or
    /// TGS or WebM up to 32 KiB (Bot API setStickerSetThumbnail; TDLib's sizes for thumbnails).
    static let telegramThumbnail = PackFile(
        name: "set thumbnail", baseNames: ["thumb", "thumbnail"],
        image: Kind(
            formats: [.webp, .png], noun: "a set thumbnail", sides: .exactly(width: 100, height: 100), maxBytes: 131_072,
            source: "core.telegram.org/bots/api setStickerSetThumbnail (WEBP or PNG, exactly 100×100 px, up to 128 KB: "
                + "131,072 bytes as TDLib StickerFormat.cpp:156 counts a thumbnail, 1 << 17)"),
        tgs: telegramTGS(
            noun: "an animated (TGS) set thumbnail", sides: .exactly(width: 100, height: 100),
            maxBytes: 32_768,
            source: "core.telegram.org/bots/api setStickerSetThumbnail (TGS up to 32 KB: 32,768 bytes in TDLib StickerFormat.cpp:158, 1 << 15; "
                + "the animated sticker requirements otherwise)"),
        video: telegramVideo(
            noun: "a video (WebM) set thumbnail", sides: .exactly(width: 100, height: 100), maxBytes: 32_768,
            source: "core.telegram.org/bots/api setStickerSetThumbnail (WEBM up to 32 KB: 32,768 bytes in TDLib StickerFormat.cpp:160, 1 << 15; "
                + "the video sticker requirements otherwise)"))

    static let telegramEmoji = StoreLimits(
        name: "Telegram",
        still: Kind(
            formats: [.webp, .png], noun: "a custom emoji", sides: .exactly(width: 100, height: 100), maxBytes: 131_072,
            source:
                "core.telegram.org/stickers (custom emoji: exactly 100×100 px); tdlib/td@022d6020 td/telegram/StickerFormat.cpp:156 (a custom emoji's WebP up to 1 << 17: "
                + "131,072 bytes)"),
        animated: Kind(
            formats: [], noun: "an animated custom emoji", sides: .exactly(width: 100, height: 100), maxBytes: 65_536,
            source: "core.telegram.org/stickers: animated custom emoji are TGS or WebM video, not animated WebP, PNG or GIF"),
        tgs: telegramTGS(
            noun: "an animated (TGS) custom emoji", sides: .exactly(width: 512, height: 512), maxBytes: 65_536,
            source: "core.telegram.org/stickers (custom emoji: \"the requirements for .TGS stickers and emoji are exactly the "
                + "same\": a 512×512 canvas, shown at 100×100); TDLib StickerFormat.cpp:158 (1 << 16: 65,536 bytes)"),
        video: telegramVideo(
            noun: "a video (WebM) custom emoji", sides: .exactly(width: 100, height: 100), maxBytes: 65_536,
            source: "core.telegram.org/stickers (custom emoji 100×100 px; the video sticker requirements otherwise); TDLib "
                + "StickerFormat.cpp:160 (a custom emoji's WebM up to 1 << 16: 65,536 bytes)"),
        count: .range(1...200), animatedCount: nil,
        countSource: "core.telegram.org/bots/api addStickerToSet (\"Emoji sticker sets can have up to 200 stickers\")",
        packFiles: [telegramThumbnail])
}
