import StickerFiles
import StickerImage
import StickerLint

/// What `pack --for STORE` makes for one store: the store's limits, taken from the table `check`
/// judges by (`StoreLimits`), and the few choices those limits leave open: the format each kind is
/// written in, how files are named, and which pack files are made. A sticker made to a recipe passes
/// that store's profile by construction; the run checks it anyway.
public struct StoreRecipe: Sendable {
    public let limits: StoreLimits
    /// The formats still art is written in, in order: the next is tried when the art cannot be made
    /// within the store's limit in one (Signal: PNG, else WebP).
    public let stillFormats: [ImageFormat]
    /// The same for animated art; empty where the store takes no animated image (Telegram).
    public let animatedFormats: [ImageFormat]
    /// Why animated art cannot be made for the store, and what would be needed instead.
    public let animatedRefusal: String?
    /// The pack files made from the first sticker's art: the store's kind for each, and its file name.
    public let packFiles: [(name: String, file: StoreLimits.PackFile)]
    /// Whether the pack is WhatsApp's: a contents.json one folder up, each pack a folder by identifier.
    public let whatsAppLayout: Bool

    public var profile: Profile { limits.profile }

    /// The stores `pack --for` makes packs for, with `imessage` (a catalog) first: the names the option takes.
    public static let storeNames = ["imessage", "whatsapp", "telegram", "signal", "line", "discord"]

    /// The recipe for a store's profile (nil for the sticker and message-media profiles).
    public static func of(_ profile: Profile) -> StoreRecipe? {
        guard let limits = StoreLimits.of(profile) else { return nil }
        func file(_ base: String, _ name: String) -> (String, StoreLimits.PackFile)? {
            limits.packFiles.first { $0.baseNames.contains(base) }.map { (name, $0) }
        }
        let telegramRefusal =
            "Telegram's animated stickers are TGS (gzip'd Lottie from After Effects' Bodymovin) and its video stickers "
            + "VP9 WebM (ffmpeg -c:v libvpx-vp9 -pix_fmt yuva420p), neither of which stickerlint makes: export the "
            + "animation as one of them, then check it with --profile \(profile.rawValue)"
        switch profile {
        case .whatsapp:
            return StoreRecipe(
                limits: limits, stillFormats: [.webp], animatedFormats: [.webp], animatedRefusal: nil,
                packFiles: [file("tray", "tray.png")].compactMap { $0 }, whatsAppLayout: true)
        case .telegram, .telegramEmoji:
            return StoreRecipe(
                limits: limits, stillFormats: [.webp], animatedFormats: [], animatedRefusal: telegramRefusal,
                packFiles: profile == .telegram ? [file("thumb", "thumb.webp")].compactMap { $0 } : [], whatsAppLayout: false)
        case .signal:
            return StoreRecipe(
                limits: limits, stillFormats: [.png, .webp], animatedFormats: [.apng, .webp], animatedRefusal: nil, packFiles: [],
                whatsAppLayout: false)
        case .discord:
            return StoreRecipe(
                limits: limits, stillFormats: [.png], animatedFormats: [.apng], animatedRefusal: nil, packFiles: [], whatsAppLayout: false)
        case .line:
            return StoreRecipe(
                limits: limits, stillFormats: [.png], animatedFormats: [.apng], animatedRefusal: nil,
                packFiles: [file("main", "main.png"), file("tab", "tab.png")].compactMap { $0 }, whatsAppLayout: false)
        case .sticker, .messageMedia:
            return nil
        }
    }

    /// The bytes a file of `kind` is made within: the smaller reading where the source's unit is unclear
    /// (LINE's "KB"), so that check has no warning either.
    static func byteLimit(_ kind: StoreLimits.Kind) -> Int { kind.documentedBytes ?? kind.maxBytes }

    /// The file format a pack file is written in: the recipe's still format where the file's kind takes
    /// it, else PNG.
    func format(of file: StoreLimits.PackFile) -> ImageFormat {
        stillFormats.first { file.image.formats.contains($0) } ?? .png
    }
}

/// Where art of `width`×`height` goes on a store's canvas: the size the art is resampled to, and the
/// canvas it is centred on.
struct StoreGeometry: Sendable, Hashable {
    var contentWidth: Int
    var contentHeight: Int
    var canvasWidth: Int
    var canvasHeight: Int

    /// The largest size a store's `sides` allow for art of this shape (enlarged where the store wants
    /// an exact side; never where it takes any size), on the canvas the sides ask for; even sides where
    /// the kind asks for them.
    static func fit(width: Int, height: Int, sides: StoreLimits.Sides, evenSides: Bool) -> StoreGeometry {
        func scaled(toWidth w: Int, height h: Int) -> (Int, Int) {
            // The scale that fits both, each side rounded and never past its bound.
            if width * h >= height * w {
                return (w, min(h, max(1, (height * w + width / 2) / width)))
            }
            return (min(w, max(1, (width * h + height / 2) / height)), h)
        }
        var geometry: StoreGeometry
        switch sides {
        case .exactly(let w, let h):
            let (cw, ch) = scaled(toWidth: w, height: h)
            geometry = StoreGeometry(contentWidth: cw, contentHeight: ch, canvasWidth: w, canvasHeight: h)
        case .oneSideExactly(let side):
            let (cw, ch) = scaled(toWidth: side, height: side)
            geometry = StoreGeometry(contentWidth: cw, contentHeight: ch, canvasWidth: cw, canvasHeight: ch)
        case .square(let range):
            let side = min(range.upperBound, max(range.lowerBound, max(width, height)))
            let (cw, ch) = scaled(toWidth: side, height: side)
            geometry = StoreGeometry(contentWidth: cw, contentHeight: ch, canvasWidth: side, canvasHeight: side)
        case .within(let w, let h, _):
            let (cw, ch) = scaled(toWidth: w, height: h)
            geometry = StoreGeometry(contentWidth: cw, contentHeight: ch, canvasWidth: cw, canvasHeight: ch)
        case .any:
            // Signal re-encodes stills at 512 px: larger art is brought down to it, smaller kept.
            let longer = max(width, height)
            let (cw, ch) = longer > 512 ? scaled(toWidth: 512, height: 512) : (width, height)
            geometry = StoreGeometry(contentWidth: cw, contentHeight: ch, canvasWidth: cw, canvasHeight: ch)
        }
        if evenSides {
            // One more transparent column or row where a side is odd, within the bound (every bound is even).
            geometry.canvasWidth += geometry.canvasWidth % 2
            geometry.canvasHeight += geometry.canvasHeight % 2
        }
        return geometry
    }
}
