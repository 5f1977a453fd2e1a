import StickerFiles
import StickerImage

/// One store's limits, in one table: what `--profile STORE` judges loose files and folders by (and what
/// `pack --for STORE` will make). Each number names its primary source (the store's own code or
/// guideline, in `../shared/STORES.md`); sizes are exact bytes (WhatsApp's and TDLib's KB are 1,024),
/// and a value equal to a limit passes. A store is this table plus the rules that read it: adding a
/// store touches no rule.
public struct StoreLimits: Sendable {
    /// How a store constrains a sticker's width and height.
    public enum Sides: Sendable, Hashable {
        /// Any size (the store resizes it).
        case any
        /// Exactly this width and height.
        case exactly(width: Int, height: Int)
        /// One side exactly `side`, the other at most `side` (Telegram).
        case oneSideExactly(Int)
        /// Square, each side in the range (Signal's APNG).
        case square(ClosedRange<Int>)
        /// At most `width`×`height`; with `longSideAtLeast`, the longer side at least that (LINE).
        case within(width: Int, height: Int, longSideAtLeast: Int? = nil)

        /// Whether `width`×`height` passes.
        public func allows(width: Int, height: Int) -> Bool {
            switch self {
            case .any: true
            case .exactly(let w, let h): width == w && height == h
            case .oneSideExactly(let side): (width == side && height <= side) || (height == side && width <= side)
            case .square(let range): width == height && range.contains(width)
            case .within(let w, let h, let least): width <= w && height <= h && least.map { max(width, height) >= $0 } ?? true
            }
        }

        /// "exactly 512×512 px", for messages.
        public var wording: String {
            switch self {
            case .any: "any size"
            case .exactly(let w, let h): "exactly \(w)×\(h) px"
            case .oneSideExactly(let side): "one side exactly \(side) px and the other at most \(side) px"
            case .square(let range): "square, \(range.lowerBound)–\(range.upperBound) px a side"
            case .within(let w, let h, let least):
                "at most \(w)×\(h) px" + (least.map { ", the longer side at least \($0) px" } ?? "")
            }
        }
    }

    /// How many stickers a pack may hold.
    public enum Count: Sendable, Hashable {
        case range(ClosedRange<Int>)
        /// One of these counts exactly (LINE sells sets of 8, 16, 24…).
        case oneOf([Int])

        public func allows(_ count: Int) -> Bool {
            switch self {
            case .range(let range): range.contains(count)
            case .oneOf(let counts): counts.contains(count)
            }
        }

        public var wording: String {
            switch self {
            case .range(let range): "\(range.lowerBound)–\(range.upperBound)"
            case .oneOf(let counts):
                counts.dropLast().map(String.init).joined(separator: ", ") + (counts.count > 1 ? " or " : "") + (counts.last.map(String.init) ?? "")
            }
        }
    }

    /// What a still, an animated, a TGS or a video sticker of the store must be.
    public struct Kind: Sendable {
        public var formats: Set<ImageFormat>
        /// The container a TGS or video kind takes (`.tgs`, `.webm`); nil for images.
        public var container: FileKind? = nil
        /// "a still sticker", for messages.
        public var noun: String = "a still sticker"
        public var sides: Sides
        /// Whether the store's own code or guideline states `sides` plainly; when not (Discord's
        /// "constrained to 320×320"), a file outside them is a warning.
        public var sidesStated: Bool = true
        /// The most bytes the store takes: over it, an error.
        public var maxBytes: Int
        /// Where a source's unit is unclear (LINE's "1 MB"), the smaller reading: over it and up to
        /// `maxBytes`, a warning.
        public var documentedBytes: Int? = nil
        /// Both sides even (LINE).
        public var evenSides: Bool = false
        /// An animation's frames: each shown at least this long (WhatsApp).
        public var minFrameMilliseconds: Int? = nil
        /// An animation's playing time at most this long: one pass, or with `loopsCounted` every pass
        /// its loop count plays (LINE).
        public var maxMilliseconds: Int? = nil
        public var loopsCounted: Bool = false
        /// How many frames an animation may have (LINE).
        public var frames: ClosedRange<Int>? = nil
        /// The loop counts an animation may declare, 0 for forever (Signal: forever; LINE: 1–4).
        public var loops: ClosedRange<Int>? = nil
        /// Frames a second (Telegram: a TGS at 60, a video at most 30).
        public var frameRate: ClosedRange<Double>? = nil
        /// The video codecs taken, by Matroska codec ID (Telegram: V_VP9), and the container's doc type.
        public var codecs: Set<String>? = nil
        public var docType: String? = nil
        /// Whether a video may carry an audio track (Telegram's may not).
        public var audioAllowed: Bool = true
        /// Whether the Lottie features Telegram's animated stickers may not use are refused.
        public var forbidsLottieFeatures: Bool = false
        /// Whether an animation must move: some frame unlike the first (LINE).
        public var distinctFrames: Bool = false
        /// Where the numbers come from.
        public var source: String

        /// "animated stickers", from "an animated sticker".
        public var plural: String {
            let bare = noun.hasPrefix("an ") ? noun.dropFirst(3) : noun.dropFirst(2)
            return bare.hasSuffix("emoji") ? String(bare) : bare + "s"
        }
    }

    /// A file of a store's pack that is not a sticker, found by its name in the pack's folder (any
    /// extension, any case): WhatsApp's tray icon, Telegram's set thumbnail, LINE's main and tab images.
    /// It is judged by its own kind and never counted as a sticker.
    public struct PackFile: Sendable {
        /// "tray icon".
        public var name: String
        /// The base names it goes by, lowercased ("thumb", "thumbnail").
        public var baseNames: Set<String>
        /// Whether a base name followed by `_` or `-` and more names it too (WhatsApp's samples: `tray_Cuppy.png`).
        public var prefixed: Bool = false
        public var image: Kind
        /// A TGS or WebM one, where the store takes it (Telegram's animated and video thumbnails).
        public var tgs: Kind? = nil
        public var video: Kind? = nil
    }

    public let profile: Profile
    /// "WhatsApp".
    public let name: String
    public let still: Kind
    public let animated: Kind
    /// Telegram's animated (TGS) and video (WebM) stickers; nil where the store takes none.
    public var tgs: Kind? = nil
    public var video: Kind? = nil
    /// Discord's Lottie stickers (JSON, not gzip'd); nil where the store takes none.
    public var lottie: Kind? = nil
    /// Stickers in a pack (a folder checked under the profile); animated packs may allow fewer. Nil:
    /// the store has no packs to count (Discord's stickers are a server's slots).
    public let count: Count?
    public let animatedCount: Count?
    public let countSource: String
    /// Why a pack must be all still or all animated, where the store says so (its source); nil: it may mix.
    public var unmixedSource: String? = nil
    /// How the store's upload wants stickers named (LINE's ZIP: 01.png to 40.png), with its source; nil: any name.
    public var stickerNames: StickerNaming? = nil
    /// The pack's files other than stickers.
    public var packFiles: [PackFile] = []

    /// A store's naming of sticker files: a number of `digits` digits from 1 up, and an extension.
    public struct StickerNaming: Sendable {
        public var digits: Int
        public var fileExtension: String
        public var source: String

        /// Whether a file name is one such name ("07.png"), its number at most `most`.
        public func allows(_ name: String, most: Int) -> Bool {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1] == fileExtension, parts[0].count == digits, parts[0].allSatisfy(\.isASCII),
                let number = Int(parts[0]), number >= 1
            else { return false }
            return number <= most
        }

        /// "01.png to 40.png".
        public func wording(most: Int) -> String {
            func name(_ n: Int) -> String { String(repeating: "0", count: max(0, digits - String(n).count)) + "\(n).\(fileExtension)" }
            return "\(name(1)) to \(name(most))"
        }
    }

    /// The pack file a path names, by its base name.
    public func packFile(for path: String) -> PackFile? {
        guard !packFiles.isEmpty else { return nil }
        let name = PathText.lastComponent(path).lowercased()
        let base = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return packFiles.first { file in
            file.baseNames.contains(base)
                || (file.prefixed && file.baseNames.contains { base.hasPrefix($0 + "_") || base.hasPrefix($0 + "-") })
        }
    }

    /// The kind a file of `frameCount` frames is judged as.
    public func kind(animated isAnimated: Bool) -> Kind { isAnimated ? animated : still }

    /// The kind a file is judged as: by its content's container (a TGS, a WebM) where the store takes
    /// one, else still or animated.
    public func kind(of facts: ImageFacts) -> Kind {
        if let file = packFile(for: facts.path) {
            switch facts.kind {
            case .tgs: return file.tgs ?? file.image
            case .webm: return file.video ?? file.image
            default: return file.image
            }
        }
        switch facts.kind {
        case .tgs: return tgs ?? animated
        case .webm: return video ?? animated
        case .lottie: return lottie ?? animated
        default: return kind(animated: facts.isAnimated)
        }
    }

    /// The kinds read from a container or document rather than decoded (TGS, video, Lottie JSON).
    public var motionKinds: [Kind] { [tgs, video, lottie].compactMap { $0 } }

    /// Every store's table, by profile.
    /// By a switch: searching `all` copied each store's limits to compare (every rule asks this of
    /// every image; a sticker's profile has none).
    public static func of(_ profile: Profile) -> StoreLimits? {
        switch profile {
        case .sticker, .messageMedia: nil
        case .whatsapp: whatsApp
        case .telegram: telegram
        case .telegramEmoji: telegramEmoji
        case .signal: signal
        case .line: line
        case .discord: discord
        }
    }

    public static let all: [StoreLimits] = [whatsApp, telegram, telegramEmoji, signal, line, discord]

    static let whatsApp = StoreLimits(
        profile: .whatsapp, name: "WhatsApp",
        still: Kind(
            formats: [.webp], sides: .exactly(width: 512, height: 512), maxBytes: 102_400,
            source: "WhatsApp/stickers StickerPackValidator.java (STATIC_STICKER_FILE_LIMIT_KB 100 × 1,024; 512×512) and iOS Limits.swift"),
        animated: Kind(
            formats: [.webp], noun: "an animated sticker", sides: .exactly(width: 512, height: 512), maxBytes: 512_000, minFrameMilliseconds: 8,
            maxMilliseconds: 10_000,
            source: "WhatsApp/stickers StickerPackValidator.java (ANIMATED_STICKER_FILE_LIMIT_KB 500 × 1,024; 512×512; "
                + "ANIMATED_STICKER_FRAME_DURATION_MIN 8 ms; ANIMATED_STICKER_TOTAL_DURATION_MAX 10 s)"),
        count: .range(3...30), animatedCount: nil,
        countSource: "WhatsApp/stickers StickerPackValidator.java (STICKER_SIZE_MIN 3, STICKER_SIZE_MAX 30)",
        unmixedSource: "WhatsApp/stickers StickerPackValidator.java (every sticker animated or not as the pack's animated_sticker_pack says)",
        packFiles: [
            PackFile(
                name: "tray icon", baseNames: ["tray", "trayicon"], prefixed: true,
                image: Kind(
                    formats: [.png], noun: "a tray icon", sides: .exactly(width: 96, height: 96), maxBytes: 51_200,
                    source: "WhatsApp/stickers iOS Limits.swift (tray image 96×96 px, 50 × 1,024 bytes) and StickerPackValidator.java "
                        + "(TRAY_IMAGE_FILE_SIZE_MAX_KB 50; Android takes 24–512 px, iOS exactly 96×96: a pack for both is 96×96); README (PNG)"))
        ])

    static let telegram = StoreLimits(
        profile: .telegram, name: "Telegram",
        still: Kind(
            formats: [.webp, .png], sides: .oneSideExactly(512), maxBytes: 524_288,
            source: "core.telegram.org/stickers (one side 512 px, the other 512 px or less); TDLib StickerFormat.cpp (512 KiB)"),
        animated: Kind(
            formats: [], noun: "an animated sticker", sides: .oneSideExactly(512), maxBytes: 262_144,
            source: "core.telegram.org/stickers: animated stickers are TGS or WebM video, not animated WebP, PNG or GIF"),
        tgs: telegramTGS(
            noun: "an animated (TGS) sticker", sides: .exactly(width: 512, height: 512), maxBytes: 65_536,
            source: "core.telegram.org/animated_stickers (canvas 512×512 px; at most 64 KB gzip'd: 65,536 bytes as TDLib "
                + "StickerFormat.cpp counts it; at most 3 seconds; 60 frames a second; no masks, effects, images, solids, "
                + "texts, 3D layers, merge paths, stars, gradient strokes, repeaters, time stretching or remapping, "
                + "auto-oriented layers, expressions)"),
        video: telegramVideo(
            noun: "a video (WebM) sticker", sides: .oneSideExactly(512), maxBytes: 262_144,
            source: "core.telegram.org/stickers (video stickers: WebM, VP9, no audio stream, one side 512 px and the other "
                + "at most 512, at most 3 seconds, at most 30 frames a second, at most 256 KB: 262,144 bytes as TDLib "
                + "StickerFormat.cpp counts it)"),
        count: .range(1...120), animatedCount: nil,
        countSource: "core.telegram.org/bots/api createNewStickerSet and addStickerToSet (up to 120 stickers)",
        packFiles: [telegramThumbnail])

    /// A Telegram animated (TGS) kind: 60 fps, at most 3 s, none of the forbidden Lottie features
    /// (core.telegram.org/animated_stickers), at its own canvas and size.
    static func telegramTGS(noun: String, sides: Sides, maxBytes: Int, source: String) -> Kind {
        Kind(
            formats: [], container: .tgs, noun: noun, sides: sides, maxBytes: maxBytes, maxMilliseconds: 3_000, frameRate: 60...60,
            forbidsLottieFeatures: true, source: source)
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
                + "131,072 bytes as TDLib StickerFormat.cpp counts a thumbnail)"),
        tgs: telegramTGS(
            noun: "an animated (TGS) set thumbnail", sides: .exactly(width: 100, height: 100),
            maxBytes: 32_768,
            source: "core.telegram.org/bots/api setStickerSetThumbnail (TGS up to 32 KB: 32,768 bytes in TDLib StickerFormat.cpp; "
                + "the animated sticker requirements otherwise)"),
        video: telegramVideo(
            noun: "a video (WebM) set thumbnail", sides: .exactly(width: 100, height: 100), maxBytes: 32_768,
            source: "core.telegram.org/bots/api setStickerSetThumbnail (WEBM up to 32 KB: 32,768 bytes in TDLib StickerFormat.cpp; "
                + "the video sticker requirements otherwise)"))

    static let telegramEmoji = StoreLimits(
        profile: .telegramEmoji, name: "Telegram",
        still: Kind(
            formats: [.webp, .png], noun: "a custom emoji", sides: .exactly(width: 100, height: 100), maxBytes: 131_072,
            source: "core.telegram.org/stickers (custom emoji: exactly 100×100 px); TDLib StickerFormat.cpp (a WebP emoji up to 128 KiB)"),
        animated: Kind(
            formats: [], noun: "an animated custom emoji", sides: .exactly(width: 100, height: 100), maxBytes: 65_536,
            source: "core.telegram.org/stickers: animated custom emoji are TGS or WebM video, not animated WebP, PNG or GIF"),
        tgs: telegramTGS(
            noun: "an animated (TGS) custom emoji", sides: .exactly(width: 100, height: 100), maxBytes: 65_536,
            source: "core.telegram.org/stickers (custom emoji 100×100 px; the animated sticker requirements otherwise); TDLib "
                + "StickerFormat.cpp (64 KiB)"),
        video: telegramVideo(
            noun: "a video (WebM) custom emoji", sides: .exactly(width: 100, height: 100), maxBytes: 65_536,
            source: "core.telegram.org/stickers (custom emoji 100×100 px; the video sticker requirements otherwise); TDLib "
                + "StickerFormat.cpp (64 KiB)"),
        count: .range(1...200), animatedCount: nil,
        countSource: "core.telegram.org/bots/api createNewStickerSet (custom emoji sets: up to 200)",
        packFiles: [telegramThumbnail])

    static let signal = StoreLimits(
        profile: .signal, name: "Signal",
        still: Kind(
            formats: [.png, .webp], sides: .any, maxBytes: 307_200,
            source: "Signal-Desktop sticker-creator constants.ts (300 KiB) and util/processImage.ts (stills re-encoded at 512 px)"),
        animated: Kind(
            formats: [.apng, .webp], noun: "an animated sticker", sides: .square(10...512), maxBytes: 307_200, loops: 0...0,
            source: "Signal-Desktop sticker-creator util/apng.ts (square, 10–512 px; num_plays 0, looping forever) and constants.ts (300 KiB)"),
        count: .range(1...200), animatedCount: nil,
        countSource: "Signal-Desktop sticker-creator constants.ts (up to 200 stickers)")

    static let line = StoreLimits(
        profile: .line, name: "LINE",
        still: Kind(
            formats: [.png], sides: .within(width: 370, height: 320), maxBytes: 1_048_576, documentedBytes: 1_000_000, evenSides: true,
            source: "creator.line.me/en/guideline/sticker (PNG, at most 370×320 px, even width and height, \"1 MB\": 1,000,000 or 1,048,576 bytes)"),
        animated: Kind(
            formats: [.apng], noun: "an animated sticker", sides: .within(width: 320, height: 270, longSideAtLeast: 270), maxBytes: 307_200,
            documentedBytes: 300_000,
            evenSides: true, maxMilliseconds: 4_000, loopsCounted: true, frames: 5...20, loops: 1...4, distinctFrames: true,
            source: "creator.line.me/en/guideline/animationsticker (APNG, at most 320×270 px, one side at least 270 px, \"300 KB\", "
                + "5–20 frames, 1–4 loops, at most 4 seconds of playback)"),
        count: .oneOf([8, 16, 24, 32, 40]), animatedCount: .oneOf([8, 16, 24]),
        countSource: "creator.line.me/en/guideline (sets of 8, 16, 24, 32 or 40 stickers; animated 8, 16 or 24)",
        stickerNames: StickerNaming(
            digits: 2, fileExtension: "png",
            source: "creator.line.me/en/guideline/sticker (a set uploaded as a ZIP: main.png, tab.png and 01.png to 40.png)"),
        packFiles: [
            PackFile(
                name: "main image", baseNames: ["main"],
                image: Kind(
                    formats: [.png], noun: "a main image", sides: .exactly(width: 240, height: 240), maxBytes: 1_048_576, documentedBytes: 1_000_000,
                    source: "creator.line.me/en/guideline/sticker (main image: PNG, 240×240 px, \"1 MB\")")),
            PackFile(
                name: "tab image", baseNames: ["tab"],
                image: Kind(
                    formats: [.png], noun: "a tab image", sides: .exactly(width: 96, height: 74), maxBytes: 1_048_576, documentedBytes: 1_000_000,
                    source: "creator.line.me/en/guideline/sticker (chat tab image: PNG, 96×74 px, \"1 MB\")"))
        ])

    static let discord = StoreLimits(
        profile: .discord, name: "Discord",
        still: Kind(
            formats: [.png, .gif], sides: .exactly(width: 320, height: 320), sidesStated: false, maxBytes: 524_288,
            source: "discord-api-docs resources/sticker.mdx (PNG, APNG, GIF, Lottie; 512 KiB; \"constrained to 320×320\")"),
        animated: Kind(
            formats: [.apng, .gif], noun: "an animated sticker", sides: .exactly(width: 320, height: 320), sidesStated: false, maxBytes: 524_288,
            maxMilliseconds: 5_000,
            source: "discord-api-docs resources/sticker.mdx (PNG, APNG, GIF, Lottie; 512 KiB; \"constrained to 320×320\"; at most 5 seconds)"),
        lottie: Kind(
            formats: [], container: .lottie, noun: "a Lottie sticker", sides: .exactly(width: 320, height: 320), sidesStated: false,
            maxBytes: 524_288, maxMilliseconds: 5_000,
            source: "discord-api-docs resources/sticker.mdx (Lottie JSON stickers, in servers with the VERIFIED or PARTNERED "
                + "feature; 512 KiB; \"constrained to 320×320\"; at most 5 seconds)"),
        count: nil, animatedCount: nil,
        countSource: "a server's sticker slots (5 to 60 by boost level), not a pack")
}
