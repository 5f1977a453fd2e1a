import Foundation
import StickerLint
import StickerTestSupport

// The edge corpus: every number of every store's source, at its edge and one past it, built from the
// number (not from the project's limits), with what the source says of it. The transcribed validator
// and `stickerlint check --profile STORE` must both say it.

extension EdgeCase {
    static let all: [EdgeCase] = whatsApp + telegram + signal + line + discord

    // MARK: WhatsApp

    static func wa(_ name: String, _ accepted: Bool, _ build: @escaping @Sendable (String) throws -> String) -> EdgeCase {
        EdgeCase(store: "whatsapp", name: name, accepted: accepted, build: build) { path in
            if FileManager.default.fileExists(atPath: path + "/contents.json") {
                return WhatsAppValidator.judge(contentsJSON: path + "/contents.json")
            }
            return WhatsAppValidator.judgeSticker(path, animatedPack: (try? Media.read(path))?.animated ?? false)
        }
    }

    static func waFile(_ name: String, _ accepted: Bool, _ content: ExampleContent) -> EdgeCase {
        wa(name, accepted, Build.file("sticker." + content.defaultExtension, content))
    }

    static let emoji64 = String(repeating: "🐱", count: 64), emoji65 = String(repeating: "🐱", count: 65)

    static let whatsApp: [EdgeCase] = [
        waFile("still WebP of 102,400 bytes (100 × 1,024)", true, .webpSolid(width: 512, height: 512, bytes: 102_400)),
        waFile("still WebP of 102,402 bytes", false, .webpSolid(width: 512, height: 512, bytes: 102_402)),
        waFile("animated WebP of 512,000 bytes (500 × 1,024)", true, .webpSolid(width: 512, height: 512, frames: 2, bytes: 512_000)),
        waFile("animated WebP of 512,002 bytes", false, .webpSolid(width: 512, height: 512, frames: 2, bytes: 512_002)),
        waFile("512×512", true, .webpSolid(width: 512, height: 512)),
        waFile("511×512", false, .webpSolid(width: 511, height: 512)),
        waFile("513×512", false, .webpSolid(width: 513, height: 512)),
        waFile("512×511", false, .webpSolid(width: 512, height: 511)),
        waFile("512×513", false, .webpSolid(width: 512, height: 513)),
        waFile("frames of 8 ms", true, .webpSolid(width: 512, height: 512, frames: 3, delayMilliseconds: 8)),
        waFile("frames of 7 ms", false, .webpSolid(width: 512, height: 512, frames: 3, delayMilliseconds: 7)),
        waFile("10 frames of 1,000 ms (10,000 ms)", true, .webpSolid(width: 512, height: 512, frames: 10, delayMilliseconds: 1_000)),
        waFile("10 frames of 1,001 ms (10,010 ms)", false, .webpSolid(width: 512, height: 512, frames: 10, delayMilliseconds: 1_001)),
        waFile("a PNG sticker", false, .png(width: 512, height: 512)),
        waFile("a JPEG sticker", false, .jpeg(side: 512)),
        waFile("a GIF sticker", false, .gif(side: 512, frames: 2)),
        wa("a pack of 3", true, Build.whatsApp(count: 3)),
        wa("a pack of 2", false, Build.whatsApp(count: 2)),
        wa("a pack of 30", true, Build.whatsApp(count: 30)),
        wa("a pack of 31", false, Build.whatsApp(count: 31)),
        wa("an animated pack of 3", true, Build.whatsApp(count: 3, animated: true)),
        wa("animated stickers in a pack not marked animated", false, Build.whatsApp(animated: true) { $0["animated_sticker_pack"] = false }),
        wa("still stickers in a pack marked animated", false, Build.whatsApp { $0["animated_sticker_pack"] = true }),
        wa("tray 95×95", false, Build.whatsApp(tray: .png(width: 95, height: 95))),
        wa("tray 97×97", false, Build.whatsApp(tray: .png(width: 97, height: 97))),
        wa("tray 96×95", false, Build.whatsApp(tray: .png(width: 96, height: 95))),
        wa("tray of 51,200 bytes", true, Build.whatsApp(tray: .paddedPNG(side: 96, bytes: 51_200))),
        wa("tray of 51,201 bytes", false, Build.whatsApp(tray: .paddedPNG(side: 96, bytes: 51_201))),
        wa("tray an animated PNG", false, Build.whatsApp(tray: .apng(side: 96, frames: 2))),
        wa("identifier empty", false, Build.whatsApp { $0["identifier"] = "" }),
        wa("identifier of 128 characters", true, Build.whatsApp { $0["identifier"] = String(repeating: "a", count: 128) }),
        wa("identifier of 129 characters", false, Build.whatsApp { $0["identifier"] = String(repeating: "a", count: 129) }),
        wa("identifier café (ASCII \\w)", false, Build.whatsApp { $0["identifier"] = "café" }),
        wa("identifier with an emoji", false, Build.whatsApp { $0["identifier"] = "cats🐱" }),
        wa("identifier a..b", false, Build.whatsApp { $0["identifier"] = "a..b" }),
        wa("identifier a/b", false, Build.whatsApp { $0["identifier"] = "a/b" }),
        wa("identifier of every allowed character", true, Build.whatsApp { $0["identifier"] = "Az09_-.,' x" }),
        wa("name of 64 emoji (128 UTF-16 units)", true, Build.whatsApp { $0["name"] = emoji64 }),
        wa("name of 65 emoji (130 UTF-16 units)", false, Build.whatsApp { $0["name"] = emoji65 }),
        wa("name empty", false, Build.whatsApp { $0["name"] = "" }),
        wa("publisher of 64 emoji", true, Build.whatsApp { $0["publisher"] = emoji64 }),
        wa("publisher of 65 emoji", false, Build.whatsApp { $0["publisher"] = emoji65 }),
        wa("publisher missing", false, Build.whatsApp { $0["publisher"] = nil }),
        wa("no emoji", false, Build.whatsApp { $0["stickers"] = stickers($0, emojis: []) }),
        wa("an empty emoji only", false, Build.whatsApp { $0["stickers"] = stickers($0, emojis: [""]) }),
        wa("3 emoji", true, Build.whatsApp { $0["stickers"] = stickers($0, emojis: ["🐱", "😀", "🎉"]) }),
        wa("4 emoji", false, Build.whatsApp { $0["stickers"] = stickers($0, emojis: ["🐱", "😀", "🎉", "👍"]) }),
        wa("accessibility text of 125 characters", true, Build.whatsApp { $0["stickers"] = stickers($0, text: String(repeating: "a", count: 125)) }),
        wa("accessibility text of 126 characters", false, Build.whatsApp { $0["stickers"] = stickers($0, text: String(repeating: "a", count: 126)) }),
        wa("accessibility text of 62 emoji and a letter (125 units)", true, Build.whatsApp { $0["stickers"] = stickers($0, text: emojis(62) + "a") }),
        wa("accessibility text of 70 emoji (140 units)", false, Build.whatsApp { $0["stickers"] = stickers($0, text: emojis(70)) }),
        wa(
            "animated, accessibility text of 255 characters", true,
            Build.whatsApp(animated: true) { $0["stickers"] = stickers($0, text: String(repeating: "a", count: 255)) }),
        wa(
            "animated, accessibility text of 256 characters", false,
            Build.whatsApp(animated: true) { $0["stickers"] = stickers($0, text: String(repeating: "a", count: 256)) }),
        wa(
            "animated, accessibility text of 128 emoji (256 units)", false,
            Build.whatsApp(animated: true) { $0["stickers"] = stickers($0, text: emojis(128)) }),
        wa("no image_data_version", false, Build.whatsApp { $0["image_data_version"] = nil }),
        wa("image_data_version empty", false, Build.whatsApp { $0["image_data_version"] = "" }),
        wa("an unknown key at the top", false, Build.whatsApp(top: { $0["extra"] = "x" })),
        wa("an unknown key in a sticker", false, Build.whatsApp { $0["stickers"] = stickers($0, extra: ["size": 1]) }),
        wa("an unknown key in the pack (skipped)", true, Build.whatsApp { $0["extra"] = "x" }),
        wa("image_file a..b.webp", false, Build.whatsApp(edit: renameFirst("a..b.webp"))),
        wa("image_file not .webp", false, Build.whatsApp(edit: renameFirst("01.WEBP"))),
        wa("image_file not in the folder", false, Build.whatsApp { $0["stickers"] = stickers($0, file: "missing.webp") }),
        wa("tray_image_file empty", false, Build.whatsApp { $0["tray_image_file"] = "" }),
        wa("tray_image_file not in the folder", false, Build.whatsApp { $0["tray_image_file"] = "other.png" })
    ]

    static func emojis(_ count: Int) -> String { String(repeating: "🐱", count: count) }

    /// The pack's stickers with their emoji, text, first file name or an extra key replaced.
    static func stickers(
        _ pack: [String: Any], emojis: [String]? = nil, text: String? = nil, file: String? = nil, extra: [String: Any] = [:]
    ) -> [[String: Any]] {
        (pack["stickers"] as? [[String: Any]] ?? []).enumerated().map { index, sticker in
            var sticker = sticker
            if let emojis { sticker["emojis"] = emojis }
            if let text { sticker["accessibility_text"] = text }
            if let file, index == 0 { sticker["image_file"] = file }
            for (key, value) in extra { sticker[key] = value }
            return sticker
        }
    }

    /// Names the first sticker `name` in contents.json; the file is renamed by the builder's caller below.
    static func renameFirst(_ name: String) -> @Sendable (inout [String: Any]) -> Void {
        { pack in pack["stickers"] = stickers(pack, file: name) }
    }
}
