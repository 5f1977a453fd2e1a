import StickerCatalog
import StickerFiles

/// WhatsApp's `contents.json` as its sample apps read it (WhatsApp/stickers, Android `ContentFileParser`
/// and iOS `StickerPackManager`): the packs, each with its identifier, name, publisher, tray icon and
/// stickers (file, 1–3 emoji, accessibility text), in the order the sample writes its fields.
enum WhatsAppManifest {
    /// What each sticker is tagged with when no emoji is given: WhatsApp asks 1–3 a sticker for search.
    static let defaultEmoji = "🙂"
    /// The accessibility text WhatsApp takes: 125 characters for a still sticker, 255 for an animated one
    /// (StickerPackValidator.java).
    static let maxAccessibility = (still: 125, animated: 255)

    /// A sticker as contents.json lists it, with the emoji the labels file gave it (maybe none).
    struct Sticker: Sendable {
        var file: String
        var label: String
        var emoji: [String]
        var source: String
        /// What contents.json carries: 1–3 emoji, the default when none was given.
        var tags: [String] { emoji.isEmpty ? [WhatsAppManifest.defaultEmoji] : Array(emoji.prefix(maxEmoji)) }
    }

    /// The most emoji WhatsApp takes for a sticker (StickerPackValidator.java, EMOJI_MAX_LIMIT).
    static let maxEmoji = 3

    /// What the report says about the emoji: stickers given none, and lists cut to three.
    static func emojiNotes(_ stickers: [Sticker]) -> [String] {
        var notes: [String] = []
        let untagged = stickers.filter(\.emoji.isEmpty).count
        if untagged > 0 {
            notes.append(
                "\(untagged == stickers.count ? "each sticker is" : "\(untagged) of \(stickers.count) stickers \(untagged == 1 ? "is" : "are")") tagged "
                    + "\(defaultEmoji) for WhatsApp's search (it asks 1–3 emoji a sticker): give --labels a file with an emoji column "
                    + "(file,label,emoji) to tag them")
        }
        for sticker in stickers where sticker.emoji.count > maxEmoji {
            notes.append("\(sticker.source): \(sticker.emoji.count) emoji given, WhatsApp takes \(maxEmoji): the first \(maxEmoji) kept")
        }
        return notes
    }

    static func pack(identifier: String, name: String, publisher: String, tray: String?, animated: Bool, stickers: [Sticker]) -> JSONValue {
        let most = animated ? maxAccessibility.animated : maxAccessibility.still
        return .object([
            ("identifier", .string(identifier)), ("name", .string(String(name.prefix(128)))), ("publisher", .string(String(publisher.prefix(128)))),
            ("tray_image_file", .string(tray ?? "")), ("image_data_version", .string("1")), ("avoid_cache", .bool(false)),
            ("publisher_email", .string("")), ("publisher_website", .string("")), ("privacy_policy_website", .string("")),
            ("license_agreement_website", .string("")), ("animated_sticker_pack", .bool(animated)),
            (
                "stickers",
                .array(
                    stickers.map { sticker in
                        .object([
                            ("image_file", .string(sticker.file)), ("emojis", .array(sticker.tags.map(JSONValue.string))),
                            ("accessibility_text", .string(String(sticker.label.prefix(most))))
                        ])
                    })
            )
        ])
    }

    static func document(_ packs: [JSONValue]) -> [UInt8] {
        JSONValue.object([("android_play_store_link", .string("")), ("ios_app_store_link", .string("")), ("sticker_packs", .array(packs))])
            .xcodeBytes
    }
}
