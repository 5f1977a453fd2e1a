import StickerFiles
import StickerImage

/// One store's limits, in one table: what `--profile STORE` judges loose files and folders by (and what
/// `pack --for STORE` will make). Each number names its primary source (the store's own code or
/// guideline, in `../shared/STORES.md`); sizes are exact bytes (a store's "KB" read as its own code
/// reads it), and a value equal to a limit passes. Each store's table is in its own file (`Stores/`):
/// adding a store touches no rule.
package struct StoreLimits: Sendable {
    /// How a store constrains a sticker's width and height.
    package enum Sides: Sendable, Hashable {
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
        package func allows(width: Int, height: Int) -> Bool {
            switch self {
            case .any: true
            case .exactly(let w, let h): width == w && height == h
            case .oneSideExactly(let side): (width == side && height <= side) || (height == side && width <= side)
            case .square(let range): width == height && range.contains(width)
            case .within(let w, let h, let least): width <= w && height <= h && least.map { max(width, height) >= $0 } ?? true
            }
        }

        /// "exactly 512×512 px", for messages.
        package var wording: String {
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
    package enum Count: Sendable, Hashable {
        case range(ClosedRange<Int>)
        /// One of these counts exactly (LINE sells sets of 8, 16, 24…).
        case oneOf([Int])

        package func allows(_ count: Int) -> Bool {
            switch self {
            case .range(let range): range.contains(count)
            case .oneOf(let counts): counts.contains(count)
            }
        }

        package var wording: String {
            switch self {
            case .range(let range): "\(range.lowerBound)–\(range.upperBound)"
            case .oneOf(let counts):
                counts.dropLast().map(String.init).joined(separator: ", ") + (counts.count > 1 ? " or " : "") + (counts.last.map(String.init) ?? "")
            }
        }
    }

    /// What a still, an animated, a TGS or a video sticker of the store must be.
    package struct Kind: Sendable {
        package var formats: Set<ImageFormat>
        /// The container a TGS or video kind takes (`.tgs`, `.webm`); nil for images.
        package var container: FileKind? = nil
        /// "a still sticker", for messages.
        package var noun: String = "a still sticker"
        package var sides: Sides
        /// Whether the store's own code or guideline states `sides` plainly; when not (Discord's
        /// "constrained to 320×320"), a file outside them is a warning.
        package var sidesStated: Bool = true
        /// The most bytes the store takes: over it, an error.
        package var maxBytes: Int
        /// Where a source's unit is unclear (LINE's "1 MB"), the smaller reading: over it and up to
        /// `maxBytes`, a warning.
        package var documentedBytes: Int? = nil
        /// Both sides even (LINE).
        package var evenSides: Bool = false
        /// An animation's frames: each shown at least this long (WhatsApp).
        package var minFrameMilliseconds: Int? = nil
        /// An animation's playing time at most this long: one pass, or with `loopsCounted` every pass
        /// its loop count plays (LINE).
        package var maxMilliseconds: Int? = nil
        package var loopsCounted: Bool = false
        /// How many frames an animation may have (LINE).
        package var frames: ClosedRange<Int>? = nil
        /// The loop counts an animation may declare, 0 for forever (Signal: forever; LINE: 1–4).
        package var loops: ClosedRange<Int>? = nil
        /// Frames a second (Telegram: a TGS at 60, a video at most 30).
        package var frameRate: ClosedRange<Double>? = nil
        /// The video codecs taken, by Matroska codec ID (Telegram: V_VP9), and the container's doc type.
        package var codecs: Set<String>? = nil
        package var docType: String? = nil
        /// Whether a video may carry an audio track (Telegram's may not).
        package var audioAllowed: Bool = true
        /// Whether the Lottie features Telegram's animated stickers may not use are refused.
        package var forbidsLottieFeatures: Bool = false
        /// Whether a Lottie animation must draw within its canvas (Telegram: "sticker objects must not
        /// leave the canvas").
        package var keepsDrawingOnCanvas: Bool = false
        /// Whether an animation must move: some frame unlike the first (LINE).
        package var distinctFrames: Bool = false
        /// How the store redraws a file of this kind before it judges it (Signal's sticker creator draws a
        /// still on a 512×512 canvas as a WebP): the file's own bytes are not what is uploaded, so they
        /// are only noted, never refused. Nil: the file is uploaded as it is.
        package var redraw: String? = nil
        /// Where the numbers come from.
        package var source: String

        package init(
            formats: Set<ImageFormat>, container: FileKind? = nil, noun: String = "a still sticker", sides: Sides, sidesStated: Bool = true,
            maxBytes: Int, documentedBytes: Int? = nil, evenSides: Bool = false, minFrameMilliseconds: Int? = nil, maxMilliseconds: Int? = nil,
            loopsCounted: Bool = false, frames: ClosedRange<Int>? = nil, loops: ClosedRange<Int>? = nil, frameRate: ClosedRange<Double>? = nil,
            codecs: Set<String>? = nil, docType: String? = nil, audioAllowed: Bool = true, forbidsLottieFeatures: Bool = false,
            keepsDrawingOnCanvas: Bool = false, distinctFrames: Bool = false, redraw: String? = nil, source: String
        ) {
            self.redraw = redraw
            self.formats = formats
            self.container = container
            self.noun = noun
            self.sides = sides
            self.sidesStated = sidesStated
            self.maxBytes = maxBytes
            self.documentedBytes = documentedBytes
            self.evenSides = evenSides
            self.minFrameMilliseconds = minFrameMilliseconds
            self.maxMilliseconds = maxMilliseconds
            self.loopsCounted = loopsCounted
            self.frames = frames
            self.loops = loops
            self.frameRate = frameRate
            self.codecs = codecs
            self.docType = docType
            self.audioAllowed = audioAllowed
            self.forbidsLottieFeatures = forbidsLottieFeatures
            self.keepsDrawingOnCanvas = keepsDrawingOnCanvas
            self.distinctFrames = distinctFrames
            self.source = source
        }

        /// "animated stickers", from "an animated sticker".
        package var plural: String {
            let bare = noun.hasPrefix("an ") ? noun.dropFirst(3) : noun.dropFirst(2)
            return bare.hasSuffix("emoji") ? String(bare) : bare + "s"
        }
    }

    /// A file of a store's pack that is not a sticker, found by its name in the pack's folder (any
    /// extension, any case): WhatsApp's tray icon, Telegram's set thumbnail, LINE's main and tab images.
    /// It is judged by its own kind and never counted as a sticker.
    package struct PackFile: Sendable {
        /// "tray icon".
        package var name: String
        /// The base names it goes by, lowercased ("thumb", "thumbnail").
        package var baseNames: Set<String>
        /// Whether a base name followed by `_` or `-` and more names it too (WhatsApp's samples: `tray_Cuppy.png`).
        package var prefixed: Bool = false
        package var image: Kind
        /// A TGS or WebM one, where the store takes it (Telegram's animated and video thumbnails).
        package var tgs: Kind? = nil
        package var video: Kind? = nil
        /// What it must be in a pack of animated stickers, where that differs (LINE's animated main image,
        /// an APNG): then an animated one in a still pack, or a still one in an animated pack, is refused.
        package var animated: Kind? = nil

        package init(
            name: String, baseNames: Set<String>, prefixed: Bool = false, image: Kind, tgs: Kind? = nil, video: Kind? = nil, animated: Kind? = nil
        ) {
            self.name = name
            self.baseNames = baseNames
            self.prefixed = prefixed
            self.image = image
            self.tgs = tgs
            self.video = video
            self.animated = animated
        }
    }

    /// "WhatsApp".
    package let name: String
    package let still: Kind
    package let animated: Kind
    /// Telegram's animated (TGS) and video (WebM) stickers; nil where the store takes none.
    package var tgs: Kind? = nil
    package var video: Kind? = nil
    /// Discord's Lottie stickers (JSON, not gzip'd); nil where the store takes none.
    package var lottie: Kind? = nil
    /// Stickers in a pack (a folder checked under the profile); animated packs may allow fewer. Nil:
    /// the store has no packs to count (Discord's stickers are a server's slots).
    package let count: Count?
    package let animatedCount: Count?
    package let countSource: String
    /// Why a pack must be all still or all animated, where the store says so (its source); nil: it may mix.
    package var unmixedSource: String? = nil
    /// How the store's upload wants stickers named (LINE's ZIP: 01.png to 40.png), with its source; nil: any name.
    package var stickerNames: StickerNaming? = nil
    /// The pack's files other than stickers.
    package var packFiles: [PackFile] = []
    /// Animated formats the store takes as a still, its first frame redrawn (Signal's animated WebP), and
    /// where that is said; an animation in one is judged as a still, with a warning.
    package var takenAsStill: Set<ImageFormat> = []
    package var takenAsStillSource: String? = nil

    package init(
        name: String, still: Kind, animated: Kind, tgs: Kind? = nil, video: Kind? = nil, lottie: Kind? = nil, count: Count?, animatedCount: Count?,
        countSource: String, unmixedSource: String? = nil, stickerNames: StickerNaming? = nil, packFiles: [PackFile] = [],
        otherMotion: [Kind] = [], takenAsStill: Set<ImageFormat> = [], takenAsStillSource: String? = nil
    ) {
        self.otherMotion = otherMotion
        self.takenAsStill = takenAsStill
        self.takenAsStillSource = takenAsStillSource
        self.name = name
        self.still = still
        self.animated = animated
        self.tgs = tgs
        self.video = video
        self.lottie = lottie
        self.count = count
        self.animatedCount = animatedCount
        self.countSource = countSource
        self.unmixedSource = unmixedSource
        self.stickerNames = stickerNames
        self.packFiles = packFiles
    }

    /// A store's naming of sticker files: a number of `digits` digits from 1 up, and an extension.
    package struct StickerNaming: Sendable {
        package var digits: Int
        package var fileExtension: String
        package var source: String

        package init(digits: Int, fileExtension: String, source: String) {
            self.digits = digits
            self.fileExtension = fileExtension
            self.source = source
        }

        /// Whether a file name is one such name ("07.png"), its number at most `most`.
        package func allows(_ name: String, most: Int) -> Bool {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1] == fileExtension, parts[0].count == digits, parts[0].allSatisfy(\.isASCII),
                let number = Int(parts[0]), number >= 1
            else { return false }
            return number <= most
        }

        /// "01.png to 40.png".
        package func wording(most: Int) -> String {
            func name(_ n: Int) -> String { String(repeating: "0", count: max(0, digits - String(n).count)) + "\(n).\(fileExtension)" }
            return "\(name(1)) to \(name(most))"
        }
    }

    /// The pack file a path names, by its base name.
    package func packFile(for path: String) -> PackFile? {
        guard !packFiles.isEmpty else { return nil }
        let name = PathText.lastComponent(path).lowercased()
        let base = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return packFiles.first { file in
            file.baseNames.contains(base)
                || (file.prefixed && file.baseNames.contains { base.hasPrefix($0 + "_") || base.hasPrefix($0 + "-") })
        }
    }

    /// The kind a file of `frameCount` frames is judged as.
    package func kind(animated isAnimated: Bool) -> Kind { isAnimated ? animated : still }

    /// The kind a file is judged as: by its content's container (a TGS, a WebM) where the store takes
    /// one, else still or animated.
    package func kind(of facts: ImageFacts) -> Kind {
        if let file = packFile(for: facts.path) {
            if facts.isAnimated, let animated = file.animated { return animated }
            return [file.tgs, file.video].compactMap { $0 }.first { $0.container == facts.kind } ?? file.image
        }
        if facts.kind.isMotion { return motionKinds.first { $0.container == facts.kind } ?? animated }
        if let format = facts.header?.format, takenAsStill.contains(format) { return still }
        return kind(animated: facts.isAnimated)
    }

    /// Every kind the store judges a file by: its stickers', its other motion formats' and its pack files'.
    package var allKinds: [Kind] {
        [still, animated] + motionKinds + packFiles.flatMap { [$0.image] + [$0.tgs, $0.video, $0.animated].compactMap { $0 } }
    }

    /// Whether some kind of the store's asks what `test` looks for: a rule about it applies under the
    /// store's profile (`rules --profile STORE` lists it) only then.
    package func hasKind(_ test: (Kind) -> Bool) -> Bool { allKinds.contains(where: test) }

    /// The kinds read from a container or document rather than decoded (TGS, video, Lottie JSON, and
    /// any other a `MotionReader` reads), each by its `container`.
    package var motionKinds: [Kind] { [tgs, video, lottie].compactMap { $0 } + otherMotion }
    /// Kinds read by readers other than TGS's, WebM's and Lottie's (a store taking a format of its own).
    package var otherMotion: [Kind] = []
}
