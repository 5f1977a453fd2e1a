import Foundation
import StickerTestSupport

/// Telegram: TDLib's upload checks (the format by extension, the size by get_max_sticker_file_size) and
/// the published requirements TDLib leaves to the server (sides, time, rate, codec, audio).
enum TelegramValidator {
    private typealias C = Citation
    enum Role { case sticker, emoji, thumbnail }

    static func judge(_ path: String, as role: Role) -> Verdict {
        var v = Verdict()
        // get_sticker_format_by_extension: tgs, webp, webm; anything else is an image sent as sticker.png.
        let ext = fileExtension(path)
        v.check(!["tgs", "webp", "webm", "png"].contains(ext), .lines(C.tdFormat, 43...53), "not a sticker format: .\(ext)")
        guard let media = try? Media.read(path) else {
            v.check(true, .lines(C.tdManager, 7948...7954), "unreadable")
            return v
        }
        let emoji = role == .emoji, thumb = role == .thumbnail
        switch media.format {
        case .png, .webp:
            // L156: WebP (and an image sent as one) 1 << 19, a custom emoji's or a thumbnail's 1 << 17.
            v.check(media.bytes > (thumb || emoji ? 1 << 17 : 1 << 19), .line(C.tdFormat, 156), "\(media.bytes) B over the WebP limit")
            v.check(media.animated, .quote(C.tgStickers, "Animated stickers … .TGS; video stickers … .WEBM"), "an animated \(media.format)")
            sides(&v, media, emoji || thumb)
        case .tgs:
            v.check(media.bytes > (thumb ? 1 << 15 : 1 << 16), .line(C.tdFormat, 158), "\(media.bytes) B over the TGS limit")
            let canvas = thumb ? 100 : 512
            v.check(
                media.width != canvas || media.height != canvas, .lines(C.tdManager, 7945...7947),
                "TGS canvas \(media.width)×\(media.height), not \(canvas)×\(canvas)")
            v.check(media.frameRate != 60, .quote(C.tgAnimated, "Frame rate must be 60 FPS"), "TGS at \(media.frameRate ?? 0) fps")
            v.check(media.totalMilliseconds > 3_000, .quote(C.tgAnimated, "must not exceed 3 seconds"), "\(media.totalMilliseconds) ms")
        case .webm:
            v.check(
                media.bytes > (thumb ? 1 << 15 : emoji ? 1 << 16 : 1 << 18), .line(C.tdFormat, 160), "\(media.bytes) B over the WebM limit")
            v.check(media.codec != "vp9", .quote(C.tgStickers, "encoded with the VP9 codec"), "codec \(media.codec ?? "none")")
            v.check(media.hasAudio, .quote(C.tgStickers, "must have no audio stream"), "an audio stream")
            v.check((media.frameRate ?? 0) > 30.01, .quote(C.tgStickers, "up to 30 FPS"), "\(media.frameRate ?? 0) fps")
            v.check(media.totalMilliseconds > 3_000, .quote(C.tgStickers, "must not exceed 3 seconds"), "\(media.totalMilliseconds) ms")
            sides(&v, media, emoji || thumb)
        default:
            v.check(true, .lines(C.tdFormat, 43...53), "not a sticker format: \(media.format)")
        }
        return v
    }

    private static func sides(_ v: inout Verdict, _ media: Media, _ hundred: Bool) {
        if hundred {
            v.check(
                media.width != 100 || media.height != 100, .quote(C.tgStickers, "must be exactly 100x100 pixels"),
                "\(media.width)×\(media.height), not 100×100")
        } else {
            v.check(
                max(media.width, media.height) != 512 || min(media.width, media.height) < 1,
                .quote(C.tgStickers, "one side must be exactly 512 pixels in size – the other side can be 512 pixels or less"),
                "\(media.width)×\(media.height)")
        }
    }

    /// addStickerToSet: "Emoji sticker sets can have up to 200 stickers. Other sticker sets can have up to 120 stickers."
    static func judgeSet(count: Int, emoji: Bool) -> Verdict {
        var v = Verdict()
        v.check(count > (emoji ? 200 : 120) || count < 1, .quote(C.tgBotAPI, "can have up to \(emoji ? 200 : 120) stickers"), "\(count) stickers")
        return v
    }
}

/// Signal-Desktop's sticker creator: the dropzone's formats, processImage's APNG checks, and its redraw
/// of anything else on a 512×512 canvas as a WebP at quality 0.8, judged after the redraw.
enum SignalValidator {
    private typealias C = Citation

    static func judge(_ path: String) throws -> Verdict {
        var v = Verdict()
        v.check(!["png", "webp", "apng"].contains(fileExtension(path)), .lines(C.sigDropzone, 12...16), "the dropzone takes .png .webp .apng")
        guard v.accepted else { return v }
        guard let media = try? Media.read(path), media.width > 0, media.height > 0 else {
            v.check(true, .lines(C.sigProcess, 47...52), "Image height or width were falsy")
            return v
        }
        if media.format == .apng {
            v.check(media.width != media.height, .lines(C.sigProcess, 66...71), "Image must be square")
            v.check(media.bytes > 300 * 1_024, .lines(C.sigProcess, 72...77), "Image file was too large: \(media.bytes)")
            v.check(media.width < 10, .lines(C.sigProcess, 78...83), "Sticker dimensions are too small")
            v.check(media.width > 512, .lines(C.sigProcess, 84...89), "Image dimensions are too large")
            v.check(media.loops != 0, .lines(C.sigProcess, 90...95), "Animated images must loop forever")
            return v
        }
        // The redraw (L98-117): fitted into 512×512, centred, a WebP at quality 0.8 (ImageMagick's libwebp
        // at 80 stands in for the browser's), then at most MAX_STICKER_BYTE_SIZE (L119-124; constants.ts L8).
        let out = NSTemporaryDirectory() + "signal-redraw-\(UUID().uuidString).webp"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let (status, _, err) = try StickerTestSupport.Process.run(
            Tools.find("convert"),
            [path + "[0]", "-resize", "512x512", "-background", "none", "-gravity", "center", "-extent", "512x512", "-quality", "80", out])
        guard status == 0, let redrawn = try? Media.read(out) else { throw Media.Unreadable(description: "convert: \(err)") }
        v.check(redrawn.bytes > 300 * 1_024, .lines(C.sigProcess, 119...124), "the redrawn WebP is \(redrawn.bytes) B")
        return v
    }

    static func judgeSet(count: Int) -> Verdict {
        var v = Verdict()
        v.check(count < 1 || count > 200, .lines(C.sigConstants, 6...7), "\(count) stickers, not 1 to 200")
        return v
    }
}

/// LINE Creators Market: the sticker and animation sticker guidelines' numbers.
enum LineValidator {
    private typealias C = Citation
    enum Role { case sticker, main, tab }

    static func judge(_ path: String, role: Role = .sticker, animatedSet: Bool? = nil) -> Verdict {
        var v = Verdict()
        guard let media = try? Media.read(path), media.format == .png || media.format == .apng else {
            v.check(true, .quote(C.lineSticker, "File format: PNG"), "not a PNG")
            return v
        }
        let animated = animatedSet ?? media.animated
        switch (role, animated) {
        case (.tab, _):
            v.check(
                media.width != 96 || media.height != 74, .quote(C.lineSticker, "Chat Thumbnail Icon 1 W 96 × H 74"),
                "tab \(media.width)×\(media.height)")
        case (.main, false):
            v.check(media.animated, .quote(C.lineSticker, "All images must be submitted in PNG format"), "an animated main image in a still set")
            v.check(
                media.width != 240 || media.height != 240, .quote(C.lineSticker, "Main Image 1 W 240 × H 240"), "main \(media.width)×\(media.height)")
        case (.main, true):
            v.check(!media.animated, .quote(C.lineAnimation, "Main Image 1 240 x 240 .png(APNG)"), "a still main image in an animated set")
            v.check(
                media.width != 240 || media.height != 240, .quote(C.lineAnimation, "Main Image 1 240 x 240 .png(APNG)"),
                "main \(media.width)×\(media.height)")
            animation(&v, media)
        case (.sticker, false):
            v.check(media.animated, .quote(C.lineSticker, "All images must be submitted in PNG format"), "an APNG in a still set")
            v.check(media.width > 370 || media.height > 320, .quote(C.lineSticker, "W 370 × H 320"), "\(media.width)×\(media.height)")
            v.check(
                media.width % 2 == 1 || media.height % 2 == 1, .quote(C.lineSticker, "Please ensure the image has an even-numbered height and width"),
                "odd side")
            v.check(media.bytes > 1 << 20, .quote(C.lineSticker, "The maximum filesize for each image is 1 MB"), "\(media.bytes) B")
        case (.sticker, true):
            v.check(!media.animated, .quote(C.lineAnimation, "Up to 320 x 270 .png(APNG)"), "a still PNG in an animated set")
            v.check(
                media.width > 320 || media.height > 270 || max(media.width, media.height) < 270,
                .quote(C.lineAnimation, "within 320 x 270 … Either the width or height of the image must be at least 270 pixels"),
                "\(media.width)×\(media.height)")
            animation(&v, media)
        }
        return v
    }

    private static func animation(_ v: inout Verdict, _ media: Media) {
        v.check(!(5...20).contains(media.frames), .quote(C.lineAnimation, "Between 5 and 20 frames"), "\(media.frames) frames")
        let loops = media.loops ?? 0
        v.check(!(1...4).contains(loops), .quote(C.lineAnimation, "Loops: 1 – 4 loops per sticker"), "\(loops) loops")
        v.check(
            media.totalMilliseconds * max(loops, 1) > 4_000, .quote(C.lineAnimation, "whose combined length does not exceed 4 seconds"),
            "\(media.totalMilliseconds) ms × \(loops)")
        v.check(media.bytes > 300 * 1_024, .quote(C.lineAnimation, "The maximum file size for each image is 300 KB"), "\(media.bytes) B")
        v.check(
            media.framesAlike, .quote(C.lineAnimation, "Files that use the same data for all frames … will result in an upload error"),
            "frames all alike")
    }

    /// Sets of 8, 16, 24, 32 or 40 (animated 8, 16 or 24), files 01.png… (the ZIP's names).
    static func judgeSet(_ folder: String) -> Verdict {
        var v = Verdict()
        let files = folderFiles(folder).filter { $0.hasSuffix(".png") }
        let stickers = files.filter { $0 != "main.png" && $0 != "tab.png" }
        let media = stickers.compactMap { try? Media.read(folder + "/" + $0) }
        let animated = media.contains { $0.animated }
        v.check(
            media.contains { $0.animated } && media.contains { !$0.animated },
            .quote(C.lineAnimation, "Animated Sticker Images Either 8, 16, or 24 … .png(APNG)"), "stills and animations mixed")
        let counts = animated ? [8, 16, 24] : [8, 16, 24, 32, 40]
        v.check(
            !counts.contains(stickers.count),
            .quote(animated ? C.lineAnimation : C.lineSticker, animated ? "Either 8, 16, or 24" : "Either 8, 16, 24, 32, 40"),
            "\(stickers.count) stickers")
        // A ZIP's stickers are named 01.png to 40.png; the web form takes files one by one, by any name: a
        // name is no refusal.
        for name in stickers { v.add(judge(folder + "/" + name, animatedSet: animated)) }
        if files.contains("main.png") { v.add(judge(folder + "/main.png", role: .main, animatedSet: animated)) }
        if files.contains("tab.png") { v.add(judge(folder + "/tab.png", role: .tab)) }
        return v
    }
}

/// Discord: the API docs' and help centre's numbers.
enum DiscordValidator {
    private typealias C = Citation

    static func judge(_ path: String) -> Verdict {
        var v = Verdict()
        guard let media = try? Media.read(path), [.png, .apng, .gif, .lottie].contains(media.format) else {
            v.check(true, .quote(C.discordDocs, "PNG, APNG, GIF, LOTTIE"), "not a sticker format")
            return v
        }
        v.check(media.bytes > 512 * 1_024, .quote(C.discordFAQ, "512 KB"), "\(media.bytes) B")
        v.check(media.animated && media.totalMilliseconds > 5_000, .quote(C.discordFAQ, "5 seconds"), "\(media.totalMilliseconds) ms")
        return v
    }
}
