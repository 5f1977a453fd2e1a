import Foundation
import StickerLint
import StickerTestSupport

extension EdgeCase {
    // MARK: Telegram

    static func tg(
        _ name: String, _ accepted: Bool, _ content: ExampleContent, file: String? = nil, role: TelegramValidator.Role = .sticker
    ) -> EdgeCase {
        EdgeCase(
            store: role == .emoji ? "telegram-emoji" : "telegram", name: name, accepted: accepted,
            build: Build.file(file ?? "sticker." + content.defaultExtension, content)
        ) { path in TelegramValidator.judge(path, as: role) }
    }

    static func tgSet(_ count: Int, emoji: Bool) -> EdgeCase {
        let side = emoji ? 100 : 512
        return EdgeCase(
            store: emoji ? "telegram-emoji" : "telegram", name: "a set of \(count)", accepted: count <= (emoji ? 200 : 120),
            build: Build.folder(count, name: { String(format: "%03d.webp", $0) }) { .webpSolid(width: side, height: side, seed: $0) }
        ) { path in
            var verdict = TelegramValidator.judgeSet(count: folderFiles(path).count, emoji: emoji)
            for name in folderFiles(path) { verdict.add(TelegramValidator.judge(path + "/" + name, as: emoji ? .emoji : .sticker)) }
            return verdict
        }
    }

    static let telegram: [EdgeCase] = [
        tg("WebP 512×512", true, .webpSolid(width: 512, height: 512)),
        tg("WebP 512×300", true, .webpSolid(width: 512, height: 300)),
        tg("WebP 300×512", true, .webpSolid(width: 300, height: 512)),
        tg("WebP 511×511", false, .webpSolid(width: 511, height: 511)),
        tg("WebP 513×400", false, .webpSolid(width: 513, height: 400)),
        tg("WebP 512×513", false, .webpSolid(width: 512, height: 513)),
        tg("PNG 512×512", true, .png(width: 512, height: 512)),
        tg("WebP of 524,288 bytes (1 << 19)", true, .webpSolid(width: 512, height: 512, bytes: 524_288)),
        tg("WebP of 524,290 bytes", false, .webpSolid(width: 512, height: 512, bytes: 524_290)),
        tg("PNG of 524,288 bytes", true, .paddedPNG(side: 512, bytes: 524_288)),
        tg("PNG of 524,289 bytes", false, .paddedPNG(side: 512, bytes: 524_289)),
        tg("a JPEG", false, .jpeg(side: 512)),
        tg("a GIF", false, .gif(side: 512, frames: 2)),
        tg("an animated WebP", false, .webpSolid(width: 512, height: 512, frames: 2)),
        tg("TGS 512×512, 2 s at 60 fps", true, .tgs(width: 512, height: 512)),
        tg("TGS canvas 511×512", false, .tgs(width: 511, height: 512)),
        tg("TGS of 65,536 bytes (1 << 16)", true, .tgs(width: 512, height: 512, bytes: 65_536)),
        tg("TGS of 65,537 bytes", false, .tgs(width: 512, height: 512, bytes: 65_537)),
        tg("TGS of 180 frames at 60 fps (3 s)", true, .tgs(width: 512, height: 512, frames: 180)),
        tg("TGS of 181 frames at 60 fps", false, .tgs(width: 512, height: 512, frames: 181)),
        tg("TGS at 30 fps", false, .tgs(width: 512, height: 512, frameRate: 30, frames: 60)),
        tg("WebM 512×512 VP9, 2 s at 30 fps", true, .webm(width: 512, height: 512)),
        tg("WebM 512×300", true, .webm(width: 512, height: 300)),
        tg("WebM 513×512", false, .webm(width: 513, height: 512)),
        tg("WebM 500×500", false, .webm(width: 500, height: 500)),
        tg("WebM of 262,144 bytes (1 << 18)", true, .webm(width: 512, height: 512, bytes: 262_144)),
        tg("WebM of 262,145 bytes", false, .webm(width: 512, height: 512, bytes: 262_145)),
        tg("WebM of 90 frames at 30 fps (3 s)", true, .webm(width: 512, height: 512, frames: 90)),
        tg("WebM of 91 frames at 30 fps", false, .webm(width: 512, height: 512, frames: 91)),
        tg("WebM at 31 fps", false, .webm(width: 512, height: 512, frameRate: 31, frames: 31)),
        tg("WebM of VP8", false, .webm(width: 512, height: 512, codec: "V_VP8")),
        tg("WebM with an audio stream", false, .webm(width: 512, height: 512, audio: true)),
        tg("emoji WebP 100×100", true, .webpSolid(width: 100, height: 100), role: .emoji),
        tg("emoji WebP 101×101", false, .webpSolid(width: 101, height: 101), role: .emoji),
        tg("emoji WebP 100×99", false, .webpSolid(width: 100, height: 99), role: .emoji),
        tg("emoji WebP of 131,072 bytes (1 << 17)", true, .webpSolid(width: 100, height: 100, bytes: 131_072), role: .emoji),
        tg("emoji WebP of 131,074 bytes", false, .webpSolid(width: 100, height: 100, bytes: 131_074), role: .emoji),
        tg("emoji WebM 100×100", true, .webm(width: 100, height: 100), role: .emoji),
        tg("emoji WebM of 65,536 bytes", true, .webm(width: 100, height: 100, bytes: 65_536), role: .emoji),
        tg("emoji WebM of 65,537 bytes", false, .webm(width: 100, height: 100, bytes: 65_537), role: .emoji),
        tg("emoji WebM 512×512", false, .webm(width: 512, height: 512), role: .emoji),
        tg("emoji TGS on a 512×512 canvas", true, .tgs(width: 512, height: 512), role: .emoji),
        tg("emoji TGS on a 100×100 canvas", false, .tgs(width: 100, height: 100), role: .emoji),
        tg("thumbnail WebP 100×100", true, .webpSolid(width: 100, height: 100), file: "thumb.webp", role: .thumbnail),
        tg("thumbnail WebP 99×99", false, .webpSolid(width: 99, height: 99), file: "thumb.webp", role: .thumbnail),
        tg("thumbnail WebP of 131,072 bytes", true, .webpSolid(width: 100, height: 100, bytes: 131_072), file: "thumb.webp", role: .thumbnail),
        tg("thumbnail WebP of 131,074 bytes", false, .webpSolid(width: 100, height: 100, bytes: 131_074), file: "thumb.webp", role: .thumbnail),
        tg("thumbnail TGS of 32,768 bytes (1 << 15)", true, .tgs(width: 100, height: 100, bytes: 32_768), file: "thumb.tgs", role: .thumbnail),
        tg("thumbnail TGS of 32,769 bytes", false, .tgs(width: 100, height: 100, bytes: 32_769), file: "thumb.tgs", role: .thumbnail),
        tg("thumbnail WebM of 32,768 bytes", true, .webm(width: 100, height: 100, bytes: 32_768), file: "thumb.webm", role: .thumbnail),
        tg("thumbnail WebM of 32,769 bytes", false, .webm(width: 100, height: 100, bytes: 32_769), file: "thumb.webm", role: .thumbnail),
        tgSet(120, emoji: false), tgSet(121, emoji: false), tgSet(200, emoji: true), tgSet(201, emoji: true)
    ]

    // MARK: Signal

    static func sig(_ name: String, _ accepted: Bool, _ file: String, _ bytes: @escaping @Sendable () -> [UInt8]) -> EdgeCase {
        EdgeCase(store: "signal", name: name, accepted: accepted, build: { root in try Build.write(root, file, bytes()) }) { path in
            try SignalValidator.judge(path)
        }
    }

    static func sig(_ name: String, _ accepted: Bool, _ content: ExampleContent) -> EdgeCase {
        sig(name, accepted, "sticker." + content.defaultExtension) { content.bytes() }
    }

    static func sigSet(_ count: Int) -> EdgeCase {
        EdgeCase(
            store: "signal", name: "a pack of \(count)", accepted: count <= 200, build: Build.folder(count) { .png(width: 16, height: 16, seed: $0) }
        ) {
            path in SignalValidator.judgeSet(count: folderFiles(path).count)
        }
    }

    static let signal: [EdgeCase] = [
        sig("APNG 512×512 looping forever", true, "a.png") { Build.apng(side: 512, frames: 2, plays: 0) },
        sig("APNG 513×513", false, "a.png") { Build.apng(side: 513, frames: 2, plays: 0) },
        sig("APNG 10×10", true, "a.png") { Build.apng(side: 10, frames: 2, plays: 0) },
        sig("APNG 9×9", false, "a.png") { Build.apng(side: 9, frames: 2, plays: 0) },
        sig("APNG playing once", false, "a.png") { Build.apng(side: 256, frames: 2, plays: 1) },
        sig("APNG of 307,200 bytes (300 × 1,024)", true, "a.png") { Build.padded(Build.apng(side: 256, frames: 2, plays: 0), to: 307_200) },
        sig("APNG of 307,201 bytes", false, "a.png") { Build.padded(Build.apng(side: 256, frames: 2, plays: 0), to: 307_201) },
        sig("a .apng file", true, "a.apng") { Build.apng(side: 256, frames: 2, plays: 0) },
        sig("a still PNG 1,600×1,600 of 6,500,000 bytes (redrawn)", true, .paddedPNG(side: 1_600, bytes: 6_500_000)),
        sig("a still PNG 512×512", true, .png(width: 512, height: 512)),
        sig("a still WebP 600×400", true, .webpSolid(width: 600, height: 400)),
        sig("an animated WebP (taken as a still)", true, .webpSolid(width: 600, height: 400, frames: 2)),
        sig("a GIF", false, .gif(side: 320, frames: 2)),
        sig("a JPEG", false, .jpeg(side: 320)),
        sigSet(200), sigSet(201)
    ]

    // MARK: LINE

    static func ln(_ name: String, _ accepted: Bool, _ bytes: @escaping @Sendable () -> [UInt8]) -> EdgeCase {
        EdgeCase(store: "line", name: name, accepted: accepted, build: { root in try Build.write(root, "01.png", bytes()) }) { path in
            LineValidator.judge(path)
        }
    }

    static func ln(_ name: String, _ accepted: Bool, _ content: ExampleContent) -> EdgeCase { ln(name, accepted) { content.bytes() } }

    static func lnSet(
        _ name: String, _ accepted: Bool, count: Int, animated: Bool = false,
        names: @escaping @Sendable (Int) -> String = { String(format: "%02d.png", $0) },
        extra: [(String, ExampleContent)] = []
    ) -> EdgeCase {
        EdgeCase(
            store: "line", name: name, accepted: accepted,
            build: { root in
                let folder = try Build.folder(count, name: names, extra: extra) { .png(width: 370, height: 320, seed: $0) }(root)
                if animated {
                    for index in 1...count { _ = try Build.write(folder, names(index), Build.apng(side: 270, frames: 5, plays: 1, seed: index)) }
                }
                return folder
            }
        ) { path in LineValidator.judgeSet(path) }
    }

    static let line: [EdgeCase] = [
        ln("PNG 370×320", true, .png(width: 370, height: 320)),
        ln("PNG 372×320", false, .png(width: 372, height: 320)),
        ln("PNG 370×322", false, .png(width: 370, height: 322)),
        ln("PNG 368×318", true, .png(width: 368, height: 318)),
        ln("PNG 369×320 (odd)", false, .png(width: 369, height: 320)),
        ln("PNG 370×319 (odd)", false, .png(width: 370, height: 319)),
        ln("PNG of 1,048,576 bytes (1 MB as 1,024²)", true, .paddedPNG(side: 320, bytes: 1_048_576)),
        ln("PNG of 1,048,577 bytes", false, .paddedPNG(side: 320, bytes: 1_048_577)),
        ln("a JPEG", false, .jpeg(side: 320)),
        ln("APNG 270×270, 5 frames, once", true) { Build.apng(side: 270, frames: 5, plays: 1) },
        ln("APNG 271×271", false) { Build.apng(side: 271, frames: 5, plays: 1) },
        ln("APNG 269×269 (no side of 270)", false) { Build.apng(side: 269, frames: 5, plays: 1) },
        ln("APNG of 4 frames", false) { Build.apng(side: 270, frames: 4, plays: 1) },
        ln("APNG of 20 frames", true) { Build.apng(side: 270, frames: 20, plays: 1) },
        ln("APNG of 21 frames", false) { Build.apng(side: 270, frames: 21, plays: 1) },
        ln("APNG of 1 s playing 4 times", true) { Build.apng(side: 270, frames: 5, delay: 200, plays: 4) },
        ln("APNG playing 5 times", false) { Build.apng(side: 270, frames: 5, delay: 100, plays: 5) },
        ln("APNG playing forever", false) { Build.apng(side: 270, frames: 5, plays: 0) },
        ln("APNG of 4 s once", true) { Build.apng(side: 270, frames: 5, delay: 800, plays: 1) },
        ln("APNG of 5 s once", false) { Build.apng(side: 270, frames: 5, delay: 1_000, plays: 1) },
        ln("APNG of 4 s twice", false) { Build.apng(side: 270, frames: 5, delay: 800, plays: 2) },
        ln("APNG of frames all alike", false, .apngRepeated(side: 270, frames: 5)),
        ln("APNG of 307,200 bytes", true) { Build.padded(Build.apng(side: 270, frames: 5, plays: 1), to: 307_200) },
        ln("APNG of 307,201 bytes", false) { Build.padded(Build.apng(side: 270, frames: 5, plays: 1), to: 307_201) },
        lnSet("a set of 8", true, count: 8),
        lnSet("a set of 9", false, count: 9),
        lnSet("a set of 40", true, count: 40),
        lnSet("an animated set of 24", true, count: 24, animated: true),
        lnSet("an animated set of 32", false, count: 32, animated: true),
        lnSet(
            "a set with a sticker named 1.png (a ZIP leaves it out; the web form takes it: a warning)", true, count: 8,
            names: { $0 == 1 ? "1.png" : String(format: "%02d.png", $0) }),
        lnSet("main 240×240", true, count: 8, extra: [("main.png", .png(width: 240, height: 240))]),
        lnSet("main 241×241", false, count: 8, extra: [("main.png", .png(width: 241, height: 241))]),
        lnSet("tab 96×74", true, count: 8, extra: [("tab.png", .png(width: 96, height: 74))]),
        lnSet("tab 96×75", false, count: 8, extra: [("tab.png", .png(width: 96, height: 75))]),
        lnSet("an animated set with a PNG main", false, count: 8, animated: true, extra: [("main.png", .png(width: 240, height: 240))])
    ]

    // MARK: Discord

    static func dc(_ name: String, _ accepted: Bool, _ content: ExampleContent) -> EdgeCase {
        EdgeCase(store: "discord", name: name, accepted: accepted, build: Build.file("sticker." + content.defaultExtension, content)) { path in
            DiscordValidator.judge(path)
        }
    }

    static let discord: [EdgeCase] = [
        dc("PNG 320×320", true, .png(width: 320, height: 320)),
        dc("APNG 320×320", true, .apng(side: 320, frames: 3)),
        dc("GIF 320×320", true, .gif(side: 320, frames: 3)),
        dc("Lottie 320×320", true, .lottie(width: 320, height: 320)),
        dc("a WebP", false, .webpSolid(width: 320, height: 320)),
        dc("a JPEG", false, .jpeg(side: 320)),
        dc("PNG of 524,288 bytes (512 KiB)", true, .paddedPNG(side: 320, bytes: 524_288)),
        dc("PNG of 524,289 bytes", false, .paddedPNG(side: 320, bytes: 524_289)),
        dc("APNG of 5 s", true, .apng(side: 320, frames: 50)),
        dc("APNG of 5.1 s", false, .apng(side: 320, frames: 51)),
        dc("Lottie of 300 frames at 60 fps (5 s)", true, .lottie(width: 320, height: 320, frames: 300)),
        dc("Lottie of 301 frames at 60 fps", false, .lottie(width: 320, height: 320, frames: 301))
    ]
}
