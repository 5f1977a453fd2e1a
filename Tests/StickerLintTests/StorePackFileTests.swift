import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// A store pack's files that are not stickers — WhatsApp's tray icon, Telegram's set thumbnail, LINE's
/// main and tab images — judged by their own limits at each edge and never counted as stickers; and
/// Telegram's custom emoji sets (`telegram-emoji`) at theirs.
@Suite("Store pack files and custom emoji")
struct StorePackFileTests {
    static func findings(_ rule: String, _ profile: Profile, _ files: [(String, [UInt8])]) throws -> [String] {
        try StoreProfileTests.findings(rule, profile, files).map(\.message)
    }

    static func png(_ w: Int, _ h: Int, bytes: Int? = nil) -> [UInt8] {
        bytes.map { ExampleContent.padded(ExampleContent.png(width: w, height: h).bytes(), to: $0) }
            ?? ExampleContent.png(width: w, height: h).bytes()
    }

    static func webp(_ w: Int, _ h: Int, bytes: Int? = nil) -> [UInt8] { ExampleContent.webpSolid(width: w, height: h, bytes: bytes).bytes() }

    static func tgs(_ side: Int, bytes: Int? = nil) -> [UInt8] { ExampleContent.tgs(width: side, height: side, bytes: bytes).bytes() }

    static func webm(_ side: Int, bytes: Int? = nil) -> [UInt8] { ExampleContent.webm(width: side, height: side, bytes: bytes).bytes() }

    /// `count` different WhatsApp stickers.
    static func whatsAppStickers(_ count: Int) -> [(String, [UInt8])] {
        (1...count).map { ("\($0).webp", ExampleContent.webpSolid(width: 512, height: 512, seed: $0).bytes()) }
    }

    @Test("WhatsApp's tray icon: a 96×96 PNG or WebP of at most 51,200 bytes; 95 or 97 px, a byte more or a GIF fail")
    func trayIcon() throws {
        #expect(try Self.findings("pixel-dimensions", .whatsapp, [("tray.png", Self.png(96, 96))]).isEmpty)
        // As WhatsApp's sample apps name it, with the pack's name after the word.
        #expect(try Self.findings("pixel-dimensions", .whatsapp, [("tray_Cuppy.png", Self.png(96, 96)), ("Tray-icon.png", Self.png(96, 96))]).isEmpty)
        // A name that only begins with the word is a sticker's, judged at a sticker's 512×512.
        #expect(
            try Self.findings("pixel-dimensions", .whatsapp, [("traycat.webp", Self.webp(96, 96))])
                == ["image is 96×96 px; WhatsApp takes stickers exactly 512×512 px"])
        for (w, h) in [(95, 96), (96, 97), (97, 97), (512, 512)] {
            #expect(
                try Self.findings("pixel-dimensions", .whatsapp, [("tray.png", Self.png(w, h))])
                    == ["image is \(w)×\(h) px; WhatsApp takes tray icons exactly 96×96 px"])
        }
        #expect(try Self.findings("file-size", .whatsapp, [("tray.png", Self.png(96, 96, bytes: 51_200))]).isEmpty)
        #expect(
            try Self.findings("file-size", .whatsapp, [("Tray.PNG", Self.png(96, 96, bytes: 51_201))])
                == ["file is 51,201 bytes, 1 over WhatsApp's 51,200-byte limit for a tray icon"])
        // #54: a still WebP is a tray icon too (Android decodes any image; iOS ImageData.swift takes PNG or WebP).
        #expect(try Self.findings("unsupported-format", .whatsapp, [("tray.webp", Self.webp(96, 96))]).isEmpty)
        // iOS ImageData.swift refuses an animated tray image.
        #expect(try Self.findings("frame-count", .whatsapp, [("tray.webp", Self.webp(96, 96))]).isEmpty)
        #expect(
            try Self.findings("frame-count", .whatsapp, [("tray.webp", ExampleContent.webpSolid(width: 96, height: 96, frames: 2, seed: 1).bytes())])
                == ["animation has 2 frames; WhatsApp takes a tray icon still, one frame"])
        #expect(
            try Self.findings("unsupported-format", .whatsapp, [("tray.gif", Fixtures.gif(width: 96, height: 96))])
                == ["content is GIF: WhatsApp takes PNG or WebP for a tray icon"])
        // Not a sticker: three stickers and a tray icon are a pack of three; two and a tray icon are two.
        #expect(try Self.findings("pack-count", .whatsapp, Self.whatsAppStickers(3) + [("tray.png", Self.png(96, 96))]).isEmpty)
        #expect(
            try Self.findings("pack-count", .whatsapp, Self.whatsAppStickers(2) + [("tray.png", Self.png(96, 96))])
                == ["the folder holds 2 stickers; a WhatsApp pack holds 3–30"])
        // A tray icon is still; a pack of animated stickers and a still tray icon is not mixed.
        let animated = (1...3).map { ("\($0).webp", ExampleContent.webpSolid(width: 512, height: 512, frames: 2, seed: $0).bytes()) }
        #expect(try Self.findings("mixed-animation", .whatsapp, animated + [("tray.png", Self.png(96, 96))]).isEmpty)
    }

    @Test("Telegram's set thumbnail: WebP or PNG 100×100 ≤ 131,072 bytes; TGS or WebM 100×100 ≤ 32,768; not counted")
    func telegramThumbnail() throws {
        #expect(try Self.findings("pixel-dimensions", .telegram, [("thumb.webp", Self.webp(100, 100))]).isEmpty)
        #expect(
            try Self.findings("pixel-dimensions", .telegram, [("thumbnail.png", Self.png(101, 100))])
                == ["image is 101×100 px; Telegram takes set thumbnails exactly 100×100 px"])
        #expect(try Self.findings("file-size", .telegram, [("thumb.png", Self.png(100, 100, bytes: 131_072))]).isEmpty)
        #expect(
            try Self.findings("file-size", .telegram, [("thumb.png", Self.png(100, 100, bytes: 131_073))])
                == ["file is 131,073 bytes, 1 over Telegram's 131,072-byte limit for a set thumbnail"])
        #expect(try Self.findings("file-size", .telegram, [("thumb.tgs", Self.tgs(100, bytes: 32_768))]).isEmpty)
        #expect(
            try Self.findings("file-size", .telegram, [("thumb.tgs", Self.tgs(100, bytes: 32_769))])
                == ["file is 32,769 bytes, 1 over Telegram's 32,768-byte limit for an animated (TGS) set thumbnail"])
        #expect(try Self.findings("pixel-dimensions", .telegram, [("thumb.tgs", Self.tgs(100))]).isEmpty)
        #expect(try Self.findings("pixel-dimensions", .telegram, [("thumb.tgs", Self.tgs(512))]).count == 1)
        #expect(try Self.findings("file-size", .telegram, [("thumb.webm", Self.webm(100, bytes: 32_768))]).isEmpty)
        #expect(try Self.findings("file-size", .telegram, [("thumb.webm", Self.webm(100, bytes: 32_769))]).count == 1)
        #expect(try Self.findings("pixel-dimensions", .telegram, [("thumb.webm", Self.webm(101))]).count == 1)
        // A folder of only a thumbnail holds no sticker: Telegram takes 1–120.
        #expect(
            try Self.findings("pack-count", .telegram, [("thumb.webp", Self.webp(100, 100))]).isEmpty == false)
        #expect(try Self.findings("pack-count", .telegram, [("thumb.webp", Self.webp(100, 100)), ("a.webp", Self.webp(512, 512))]).isEmpty)
    }

    @Test("LINE's main image 240×240 and tab image 96×74, each one pixel off fails; neither is counted")
    func lineImages() throws {
        #expect(try Self.findings("pixel-dimensions", .line, [("main.png", Self.png(240, 240)), ("tab.png", Self.png(96, 74))]).isEmpty)
        #expect(
            try Self.findings("pixel-dimensions", .line, [("main.png", Self.png(240, 241))])
                == ["image is 240×241 px; LINE takes main images exactly 240×240 px"])
        #expect(
            try Self.findings("pixel-dimensions", .line, [("tab.png", Self.png(96, 75))]) == [
                "image is 96×75 px; LINE takes tab images exactly 96×74 px"
            ])
        let stickers = (1...8).map { (($0 < 10 ? "0" : "") + "\($0).png", ExampleContent.png(width: 370, height: 320, seed: $0).bytes()) }
        #expect(try Self.findings("pack-count", .line, stickers + [("main.png", Self.png(240, 240)), ("tab.png", Self.png(96, 74))]).isEmpty)
        #expect(try Self.findings("pack-count", .line, Array(stickers.prefix(7)) + [("main.png", Self.png(240, 240))]).count == 1)
    }

    @Test("sticker-name: LINE's ZIP names 01.png to 40.png (a warning); 00, 41, 1.png, wave.png and .apng fail; main and tab are not stickers")
    func lineNames() throws {
        let art = Self.png(370, 320)
        for name in ["01.png", "09.png", "10.png", "40.png", "main.png", "tab.png"] {
            #expect(try Self.findings("sticker-name", .line, [(name, name == "tab.png" ? Self.png(96, 74) : art)]).isEmpty, "\(name)")
        }
        for name in ["00.png", "41.png", "1.png", "001.png", "wave.png", "01.apng", "01.PNG", "０1.png"] {
            #expect(
                try Self.findings("sticker-name", .line, [(name, art)]) == ["named \(name); LINE takes stickers named 01.png to 40.png"], "\(name)")
        }
        #expect(try StoreProfileTests.findings("sticker-name", .line, [("wave.png", art)]).map(\.severity) == [.warning])
        // Stores that name no files: any name.
        #expect(try Self.findings("sticker-name", .whatsapp, [("wave.webp", Self.webp(512, 512))]).isEmpty)
    }

    @Test("identical-frames: a LINE APNG whose frames are all alike fails; one pixel of one frame unlike passes; stills and other stores pass")
    func identicalFrames() throws {
        let side = 270
        func apng(_ frames: [[UInt8]]) -> [UInt8] {
            let list = frames.map { APNGEncoder.Frame(width: side, height: side, rgba: $0, delay: FrameDelay(numerator: 1, denominator: 10)) }
            return (try? APNGEncoder.encode(width: side, height: side, frames: list, loopCount: 1)) ?? []
        }
        let still = ExampleContent.pixels(side, side, .sticker, 0)
        var moved = still
        moved[(side * side / 2) * 4 + 3] ^= 0x01  // one pixel's alpha, of the last frame
        #expect(
            try Self.findings("identical-frames", .line, [("01.png", apng(Array(repeating: still, count: 5)))])
                == ["all 5 frames are the same picture; LINE takes animations that move"])
        #expect(try Self.findings("identical-frames", .line, [("01.png", apng(Array(repeating: still, count: 4) + [moved]))]).isEmpty)
        #expect(try Self.findings("identical-frames", .line, [("01.png", apng([moved] + Array(repeating: still, count: 4)))]).isEmpty)
        #expect(try Self.findings("identical-frames", .line, [("01.png", Self.png(370, 320))]).isEmpty)
        #expect(try Self.findings("identical-frames", .discord, [("a.png", apng(Array(repeating: still, count: 5)))]).isEmpty)
    }

    @Test("telegram-emoji: 100×100 (a TGS on a 512×512 canvas); WebP ≤ 131,072 bytes, TGS and WebM ≤ 65,536; 200 to a set, 201 fail")
    func customEmoji() throws {
        #expect(try Self.findings("pixel-dimensions", .telegramEmoji, [("a.webp", Self.webp(100, 100))]).isEmpty)
        #expect(
            try Self.findings("pixel-dimensions", .telegramEmoji, [("a.webp", Self.webp(100, 99))])
                == ["image is 100×99 px; Telegram takes custom emoji exactly 100×100 px"])
        #expect(try Self.findings("file-size", .telegramEmoji, [("a.webp", Self.webp(100, 100, bytes: 131_072))]).isEmpty)
        #expect(try Self.findings("file-size", .telegramEmoji, [("a.webp", Self.webp(100, 100, bytes: 131_074))]).count == 1)
        #expect(try Self.findings("file-size", .telegramEmoji, [("a.tgs", Self.tgs(100, bytes: 65_536))]).isEmpty)
        #expect(
            try Self.findings("file-size", .telegramEmoji, [("a.tgs", Self.tgs(100, bytes: 65_537))])
                == ["file is 65,537 bytes, 1 over Telegram's 65,536-byte limit for an animated (TGS) custom emoji"])
        #expect(try Self.findings("file-size", .telegramEmoji, [("a.webm", Self.webm(100, bytes: 65_536))]).isEmpty)
        #expect(try Self.findings("file-size", .telegramEmoji, [("a.webm", Self.webm(100, bytes: 65_537))]).count == 1)
        // A TGS emoji is drawn on a TGS sticker's 512×512 canvas ("the requirements for .TGS stickers and emoji
        // are exactly the same", core.telegram.org/stickers), shown at 100×100.
        #expect(try Self.findings("pixel-dimensions", .telegramEmoji, [("a.tgs", Self.tgs(512))]).isEmpty)
        #expect(
            try Self.findings("pixel-dimensions", .telegramEmoji, [("a.tgs", Self.tgs(100))])
                == ["canvas is 100×100 px; Telegram takes animated (TGS) custom emoji exactly 512×512 px"])
        #expect(try Self.findings("pixel-dimensions", .telegramEmoji, [("a.webm", Self.webm(512))]).count == 1)
        // The animated and video requirements hold for emoji too: 60 fps for a TGS, at most 30 for a video, 3 s.
        let slow = ExampleContent.tgs(width: 100, height: 100, frameRate: 30, frames: 60).bytes()
        #expect(try Self.findings("frame-rate", .telegramEmoji, [("a.tgs", slow)]).count == 1)
        #expect(
            try Self.findings("lottie-features", .telegramEmoji, [("a.tgs", ExampleContent.tgs(width: 100, height: 100, features: [.masks]).bytes())])
                .count == 1)
        // Objects stay on the canvas (a disc 44 px past each edge leaves it; one exactly as wide does not).
        #expect(
            try Self.findings("lottie-canvas", .telegramEmoji, [("a.tgs", ExampleContent.tgs(width: 512, height: 512, disc: 600).bytes())])
                == [
                    "drawing leaves its 512×512 canvas by up to 44 px in every frame looked at (60 of its 120): Telegram's animated stickers keep their objects on the canvas"
                ])
        #expect(
            try Self.findings("lottie-canvas", .telegramEmoji, [("a.tgs", ExampleContent.tgs(width: 512, height: 512, disc: 512).bytes())]).isEmpty)
        // Not drawn by rlottie (it starts before frame 0): said, with why, rather than passed in silence.
        #expect(
            try Self.findings("lottie-canvas", .telegram, [("a.tgs", HostileMotion.tgs(ip: "-1", op: "119"))])
                == [
                    "drawing not measured against the 512×512 canvas Telegram's animated stickers keep their objects on, as rlottie's drawing is refused: the animation starts at frame -1 (\"ip\"): rlottie, which draws TGS, misreads a start before frame 0 and would draw the wrong frames"
                ])
        let fast = ExampleContent.webm(width: 100, height: 100, frameRate: 60, frames: 60).bytes()
        #expect(try Self.findings("frame-rate", .telegramEmoji, [("a.webm", fast)]).count == 1)
        #expect(
            try Self.findings("animation-duration", .telegramEmoji, [("a.webm", ExampleContent.webm(width: 100, height: 100, frames: 91).bytes())])
                .count == 1)
        #expect(
            try Self.findings(
                "frame-rate", .telegram, [("thumb.tgs", ExampleContent.tgs(width: 100, height: 100, frameRate: 30, frames: 60).bytes())]
            ).count == 1)
        // A 512 px sticker is not an emoji; the sticker profile's 512 px rule does not apply here.
        #expect(try Self.findings("pixel-dimensions", .telegramEmoji, [("a.webm", Self.webm(512))]).count == 1)
        let emoji = (0..<201).map { ("e\($0).webp", ExampleContent.webpSolid(width: 100, height: 100, seed: $0).bytes()) }
        #expect(try Self.findings("pack-count", .telegramEmoji, Array(emoji.prefix(200))).isEmpty)
        #expect(try Self.findings("pack-count", .telegramEmoji, emoji) == ["the folder holds 201 stickers; a Telegram pack holds 1–200"])
    }
}
