import Foundation

/// WhatsApp's sample apps' validators, transcribed check by check: Android's ContentFileParser (the
/// contents.json) and StickerPackValidator (the pack and each file), and the iOS sample's checks where
/// they are stricter (the tray icon's exact 96×96 and format). Each check cites its line.
enum WhatsAppValidator {
    private typealias C = Citation

    /// ContentFileParser then StickerPackValidator on the contents.json at `path`, each pack's files in
    /// the folder named by its identifier beside it (the Android sample's assets), else beside the file.
    static func judge(contentsJSON path: String) -> Verdict {
        var verdict = Verdict()
        guard let data = FileManager.default.contents(atPath: path),
            let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            verdict.check(true, .line(C.waParser, 45), "contents.json is not a JSON object")
            return verdict
        }
        for key in top.keys.sorted() where !["android_play_store_link", "ios_app_store_link", "sticker_packs"].contains(key) {
            verdict.check(true, .line(C.waParser, 60), "unknown field in json: \(key)")
        }
        let packs = top["sticker_packs"] as? [[String: Any]] ?? []
        verdict.check(packs.isEmpty, .line(C.waParser, 65), "sticker pack list cannot be empty")
        let folder = (path as NSString).deletingLastPathComponent
        for pack in packs { verdict.add(judge(pack: pack, near: folder)) }
        return verdict
    }

    static func judge(pack: [String: Any], near folder: String) -> Verdict {
        var v = Verdict()
        let identifier = pack["identifier"] as? String ?? "", name = pack["name"] as? String ?? ""
        let publisher = pack["publisher"] as? String ?? "", tray = pack["tray_image_file"] as? String ?? ""
        let animated = pack["animated_sticker_pack"] as? Bool ?? false
        let version = pack["image_data_version"] as? String ?? ""
        // ContentFileParser.readStickerPack: unknown pack keys are skipped (L128-129).
        v.check(identifier.isEmpty, .line(C.waParser, 132), "identifier cannot be empty")
        v.check(name.isEmpty, .line(C.waParser, 135), "name cannot be empty")
        v.check(publisher.isEmpty, .line(C.waParser, 138), "publisher cannot be empty")
        v.check(tray.isEmpty, .line(C.waParser, 141), "tray_image_file cannot be empty")
        let stickers = pack["stickers"] as? [[String: Any]] ?? []
        v.check(stickers.isEmpty, .line(C.waParser, 144), "sticker list is empty")
        v.check(identifier.contains("..") || identifier.contains("/"), .line(C.waParser, 147), "identifier contains .. or /")
        v.check(version.isEmpty, .line(C.waParser, 150), "image_data_version should not be empty")
        for sticker in stickers {
            for key in sticker.keys.sorted() where !["image_file", "emojis", "accessibility_text"].contains(key) {
                v.check(true, .line(C.waParser, 185), "unknown field in json: \(key)")
            }
            let file = sticker["image_file"] as? String ?? ""
            v.check(file.isEmpty, .line(C.waParser, 189), "sticker image_file cannot be empty")
            v.check(!file.hasSuffix(".webp"), .line(C.waParser, 192), "image file for stickers should be webp files: \(file)")
            v.check(file.contains("..") || file.contains("/"), .line(C.waParser, 195), "the file name should not contain .. or /: \(file)")
        }
        // StickerPackValidator.verifyStickerPackValidity. Java's String.length() counts UTF-16 units.
        v.check(identifier.utf16.count > 128, .line(C.waValidator, 60), "identifier over CHAR_COUNT_MAX 128")
        // checkStringValidity: "[\\w-.,'\\s]+", the comment and message saying a-z, A-Z, digits, _ - . , ' and space (ASCII \w).
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.,' \t\n\r\u{0B}\u{0C}".unicodeScalars)
        v.check(
            !identifier.isEmpty && !identifier.unicodeScalars.allSatisfy(allowed.contains), .lines(C.waValidator, 197...199),
            "\(identifier) contains invalid characters")
        v.check(identifier.contains(".."), .line(C.waValidator, 201), "\(identifier) cannot contain ..")
        v.check(publisher.utf16.count > 128, .line(C.waValidator, 67), "publisher over 128 UTF-16 units")
        v.check(name.utf16.count > 128, .line(C.waValidator, 73), "name over 128 UTF-16 units")
        let packFolder = FileManager.default.fileExists(atPath: folder + "/" + identifier + "/" + tray) ? folder + "/" + identifier : folder
        if !tray.isEmpty { v.add(judgeTray(packFolder + "/" + tray)) }
        v.check(stickers.count < 3 || stickers.count > 30, .line(C.waValidator, 119), "sticker count \(stickers.count), not 3 to 30")
        for sticker in stickers {
            let emojis = (sticker["emojis"] as? [String] ?? []).filter { !$0.isEmpty }  // ContentFileParser L177
            v.check(emojis.count > 3, .line(C.waValidator, 128), "emoji count exceed limit")
            v.check(emojis.count < 1, .line(C.waValidator, 131), "at least 1 emoji")
            if let text = sticker["accessibility_text"] as? String {
                v.check(
                    animated ? text.utf16.count > 255 : text.utf16.count > 125, .lines(C.waValidator, 144...150),
                    "accessibility text of \(text.utf16.count) UTF-16 units")
            }
            let file = sticker["image_file"] as? String ?? ""
            if !file.isEmpty { v.add(judgeSticker(packFolder + "/" + file, animatedPack: animated)) }
        }
        return v
    }

    /// StickerPackValidator.validateStickerFile (L152-186) and the iOS sample's ImageData (L166-170).
    static func judgeSticker(_ path: String, animatedPack: Bool) -> Verdict {
        var v = Verdict()
        guard let media = try? Media.read(path) else {
            v.check(true, .line(C.waValidator, 184), "cannot open sticker file \(path)")
            return v
        }
        v.check(!animatedPack && media.bytes > 100 * 1_024, .line(C.waValidator, 155), "static sticker over 100 KB: \(media.bytes)")
        v.check(animatedPack && media.bytes > 500 * 1_024, .line(C.waValidator, 158), "animated sticker over 500 KB: \(media.bytes)")
        guard media.format == .webp else {
            v.check(true, .line(C.waValidator, 181), "Error parsing webp image (\(media.format))")
            return v
        }
        v.check(media.height != 512, .line(C.waValidator, 163), "sticker height should be 512: \(media.height)")
        v.check(media.width != 512, .line(C.waValidator, 166), "sticker width should be 512: \(media.width)")
        if animatedPack {
            v.check(media.frames <= 1, .line(C.waValidator, 170), "marked animated, all stickers should animate")
            v.check(media.durations.contains { $0 < 8 }, .line(C.waValidator, 190), "frame duration under 8 ms")
            v.check(media.totalMilliseconds > 10_000, .line(C.waValidator, 174), "duration \(media.totalMilliseconds) ms over 10,000")
        } else {
            v.check(media.frames > 1, .line(C.waValidator, 177), "not marked animated, all stickers should be static")
        }
        return v
    }

    /// The tray icon: Android's 50 KB and 24–512 px (StickerPackValidator L105-114), iOS's PNG or WebP
    /// (ImageData.swift L141), not animated, 50 KB, exactly 96×96 (L154-165; Limits.swift L14, L19).
    static func judgeTray(_ path: String) -> Verdict {
        var v = Verdict()
        guard let media = try? Media.read(path) else {
            v.check(true, .line(C.waValidator, 116), "Cannot open tray image")
            return v
        }
        v.check(media.bytes > 50 * 1_024, .line(C.waValidator, 105), "tray image over 50 KB: \(media.bytes)")
        v.check(!(24...512).contains(media.height), .line(C.waValidator, 109), "tray height not 24-512")
        v.check(!(24...512).contains(media.width), .line(C.waValidator, 112), "tray width not 24-512")
        v.check(!["png", "webp"].contains(fileExtension(path)), .line(C.waImageData, 141), "tray not png or webp")
        v.check(media.animated, .line(C.waImageData, 155), "animated tray")
        v.check(media.width != 96 || media.height != 96, .line(C.waImageData, 163), "tray \(media.width)×\(media.height), not 96×96")
        return v
    }
}
