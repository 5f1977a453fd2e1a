import StickerCatalog
import StickerFiles
import StickerImage

// WhatsApp: 512×512 WebP stickers in packs of 3–30, still and animated apart, each pack described by
// a contents.json (WhatsApp/stickers, StickerPackValidator.java and the iOS sample's Limits.swift).

extension Store {
    package static let whatsApp: Store = Store(
        id: "whatsapp", limits: .whatsApp,
        recipe: StoreRecipe(
            stillFormats: [.webp], animatedFormats: [.webp], packFileNames: ["tray.png"],
            // The .wastickers the sticker-maker apps import (and sticker-convert writes): a ZIP of title.txt,
            // author.txt, the 96×96 tray PNG and the pack's WebP stickers.
            archive: StoreArchive(
                fileExtension: "wastickers", texts: [("title.txt", .name), ("author.txt", .publisher)], leftOut: ["contents.json"],
                reader: "a .wastickers for the sticker-maker apps (title.txt, author.txt, tray.png, the stickers)")),
        manifest: WhatsAppManifest(),
        packHelp: "FOLDER/contents.json (as WhatsApp's sample apps read it; --publisher; emoji from an emoji column of --labels, "
            + "else 🙂) and a folder per pack named by its identifier: 512×512 WebP (still ≤ 102,400 bytes, animated ≤ 512,000 "
            + "and ≤ 10 s), tray.png 96×96; still and animated art in two packs, 3–30 stickers each.",
        sample: { seed, animated in .webpSolid(width: 512, height: 512, frames: animated ? 2 : 1, seed: seed) },
        rationale: [
            "file-size": "WhatsApp 102,400 and 512,000",
            "pixel-dimensions": "WhatsApp exactly 512×512",
            "unsupported-format": "WhatsApp WebP",
            "file-extension": "WhatsApp's iOS sample types a file by its extension (ImageData.swift:141; a .png is never animated, L58-64)",
            "frame-delay": "WhatsApp refuses frames under 8 ms: an error",
            "frame-delay.store": "WhatsApp: 8 ms",
            "animation-duration": "WhatsApp over 10 seconds",
            "pack-count": "WhatsApp 3–30",
            "mixed-animation": "WhatsApp's pack validator refuses a pack whose stickers are not all animated or all still, as its "
                + "animated_sticker_pack flag says: an animated sticker in a still pack (or a still one in an animated pack) "
                + "stops the upload.",
            "pack-manifest.emoji": "a sticker with no emoji or more than 3",
            "pack-manifest.text": "accessibility text over 125 UTF-16 units (255 in an animated pack)"
        ],
        examples: {
            [
                "file-size": StoreRuleExamples(
                    passing: [.store(.whatsapp, .webpSolid(width: 512, height: 512, bytes: 102_400))],
                    failing: [.store(.whatsapp, .webpSolid(width: 512, height: 512, bytes: 102_402))]),
                "pixel-dimensions": StoreRuleExamples(failing: [.store(.whatsapp, .webpSolid(width: 512, height: 500))]),
                "unsupported-format": StoreRuleExamples(
                    passing: [.store(.whatsapp, .webpSolid(width: 512, height: 512))], failing: [.store(.whatsapp, .png(width: 512, height: 512))]),
                "even-dimensions": StoreRuleExamples(passing: [.store(.whatsapp, .webpSolid(width: 512, height: 512))]),
                "file-extension": StoreRuleExamples(
                    passing: [.store(.whatsapp, .webpSolid(width: 512, height: 512), named: "sticker.webp")],
                    failing: [.store(.whatsapp, .webpSolid(width: 512, height: 512), named: "sticker.png", "WebP bytes named sticker.png")]),
                "animation-duration": StoreRuleExamples(
                    passing: [.store(.whatsapp, .webpSolid(width: 512, height: 512, frames: 10, delayMilliseconds: 1_000))],
                    failing: [.store(.whatsapp, .webpSolid(width: 512, height: 512, frames: 11, delayMilliseconds: 1_000))]),
                "pack-count": StoreRuleExamples(passing: [.storePack(.whatsapp, count: 3)], failing: [.storePack(.whatsapp, count: 2)]),
                "mixed-animation": StoreRuleExamples(
                    passing: [.storePack(.whatsapp, count: 3), .storePack(.whatsapp, count: 3, animated: 3)],
                    failing: [.storePack(.whatsapp, count: 3, animated: 1)]),
                "pack-manifest": StoreRuleExamples(
                    passing: [WhatsAppManifest.example(emojis: 1)],
                    failing: [WhatsAppManifest.example(emojis: 4), WhatsAppManifest.example(identifier: "a/b", emojis: 1)])
            ]
        })
}

extension Profile {
    package static let whatsapp: Profile = .store(.whatsApp)
}

extension ImageRole {
    package static let whatsapp: ImageRole = .store(.whatsApp)
}

extension StoreLimits {
    static let whatsApp = StoreLimits(
        name: "WhatsApp",
        still: Kind(
            formats: [.webp], sides: .exactly(width: 512, height: 512), maxBytes: 102_400,
            source: "WhatsApp/stickers@06144a1f Android StickerPackValidator.java:35, :43 and :155 (STATIC_STICKER_FILE_LIMIT_KB 100 × "
                + "KB_IN_BYTES 1,024; more refused), :38-39 and :163-168 (512×512), :177 (one frame); ContentFileParser.java:192 "
                + "(image_file ends .webp); iOS Limits.swift:12 and :20"),
        animated: Kind(
            formats: [.webp], noun: "an animated sticker", sides: .exactly(width: 512, height: 512), maxBytes: 512_000, minFrameMilliseconds: 8,
            maxMilliseconds: 10_000,
            source: "WhatsApp/stickers@06144a1f Android StickerPackValidator.java:36 and :158 (ANIMATED_STICKER_FILE_LIMIT_KB 500 × "
                + "1,024), :163-168 (512×512), :170 (more than one frame), :47 and :188-193 (ANIMATED_STICKER_FRAME_DURATION_MIN 8 ms, "
                + "each frame), :48 and :174 (ANIMATED_STICKER_TOTAL_DURATION_MAX 10,000 ms); iOS Limits.swift:13 and :16-17"),
        count: .range(3...30), animatedCount: nil,
        countSource: "WhatsApp/stickers@06144a1f Android StickerPackValidator.java:40-41 and :119 (STICKER_SIZE_MIN 3, STICKER_SIZE_MAX 30); "
            + "iOS Limits.swift:22-23",
        unmixedSource: "WhatsApp/stickers@06144a1f Android StickerPackValidator.java:169-179 (every sticker animated, or none, as the "
            + "pack's animated_sticker_pack says); iOS StickerPack.swift:176-180",
        packFiles: [
            PackFile(
                name: "tray icon", baseNames: ["tray", "trayicon"], prefixed: true,
                image: Kind(
                    formats: [.png, .webp], noun: "a tray icon", sides: .exactly(width: 96, height: 96), maxBytes: 51_200, frames: 1...1,
                    source: "WhatsApp/stickers@06144a1f iOS Limits.swift:14 and :19 (50 × 1,024 bytes; 96×96 px), ImageData.swift:141 (PNG "
                        + "or WebP), :155 (not animated), :159 and :163 (the size, the sides exactly); Android StickerPackValidator.java:44-46 "
                        + "and :105-113 (TRAY_IMAGE_FILE_SIZE_MAX_KB 50; any image it decodes, 24–512 px a side): a pack for both is 96×96"))
        ])
}

/// WhatsApp's `contents.json`, as its sample apps read it (Android `ContentFileParser`, iOS
/// `StickerPackManager`): `sticker_packs`, each with `identifier`, `name`, `publisher`,
/// `tray_image_file`, `animated_sticker_pack` and `stickers` (`image_file`, `emojis`,
/// `accessibility_text`). Found beside the pack's stickers, or one folder up with the pack in a folder
/// named by its identifier (the Android sample's assets); judged as `StickerPackValidator` judges it,
/// and written in the order the sample writes its fields.
struct WhatsAppManifest: StoreManifest {
    var fileName: String { "contents.json" }
    var packsInFolders: Bool { true }
    var rationale: String {
        "A WhatsApp pack published through WhatsApp's sample apps is described by a contents.json, which their "
            + "StickerPackValidator.java (WhatsApp/stickers@06144a1f) refuses when the identifier is empty or over 128 UTF-16 "
            + "units (Java's length(), L57-62; iOS counts characters, never more), holds characters other than a to z, A to Z, "
            + "0 to 9, _ - . , ' and spaces (its pattern [\\w-.,'\\s]+, Java's \\w being ASCII, L196-200) or \"..\" (L201); "
            + "when the name or publisher is empty or over 128 UTF-16 units (L64-75); when the tray image is not named or not "
            + "there (L76-78, L104); when a sticker has no emoji or more than 3 (EMOJI_MIN_LIMIT 1, EMOJI_MAX_LIMIT 3: "
            + "L128-133; ContentFileParser.java drops an empty one first, L177) or its file is not there (L154); or when a "
            + "sticker is animated in a pack not marked animated_sticker_pack, or still in one that is (L169-179). Its "
            + "ContentFileParser.java refuses a file without image_data_version (L150), with a key it does not know at the "
            + "top level (L60) or in a sticker (L185), or with an image_file that does not end in .webp (L192) or holds "
            + "\"..\" or \"/\" (L195). Accessibility text over 125 UTF-16 units (255 in an animated pack) is refused "
            + "(L32-33, L144-150). Checked where the pack's folder (or the folder above it, the pack named by its "
            + "identifier) has a contents.json; a pack without one is not."
    }

    struct Pack: Sendable, Hashable {
        var identifier: String?
        var name: String?
        var publisher: String?
        var trayImageFile: String?
        var imageDataVersion: String?
        var animated: Bool
        var stickers: [Sticker]
        /// Keys ContentFileParser.java throws on ("unknown field in json"): the document's besides its
        /// three, and each sticker's besides its three (a pack's own unknown keys it skips).
        var unknownKeys: [String] = []
    }

    struct Sticker: Sendable, Hashable {
        var imageFile: String?
        var emojis: [String]
        var accessibilityText: String?
    }

    enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case unreadable(String)
        case notJSON(String)
        case noPack(String)

        var description: String {
            switch self {
            case .unreadable(let why): "cannot be read: \(why)"
            case .notJSON(let why): "is not JSON: \(why)"
            case .noPack(let why): why
            }
        }
    }

    /// The most bytes read of a contents.json (WhatsApp's own are a few kilobytes).
    static let maxBytes = 1 << 20
    /// Identifier, name and publisher: StickerPackValidator.java's CHAR_COUNT_MAX, compared with Java's
    /// `String.length()` (UTF-16 units), and iOS Limits.swift's MaxCharLimit128 with Swift's `count`
    /// (characters): the UTF-16 count is never the smaller, so it is the one judged.
    static let maxCharacters = 128
    /// What StickerPackValidator.java's `[\\w-.,'\\s]+` matches (L197): Java's `\\w` is `[a-zA-Z_0-9]` and `\\s`
    /// `[ \\t\\n\\x0B\\f\\r]`, as the line's comment and the error message ("a to z, A to Z") say.
    static let identifierScalars = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.,' \t\n\u{0B}\u{0C}\r".unicodeScalars)
    /// The keys ContentFileParser.java reads at the top level and in a sticker; any other throws.
    static let topLevelKeys: Set<String> = ["android_play_store_link", "ios_app_store_link", "sticker_packs"]
    static let stickerKeys: Set<String> = ["image_file", "emojis", "accessibility_text"]

    /// The longest start of `text`, in whole characters, of at most `units` UTF-16 units.
    static func cut(_ text: String, _ units: Int) -> String {
        var count = 0
        var end = text.startIndex
        for character in text {
            count += character.utf16.count
            guard count <= units else { break }
            end = text.index(after: end)
        }
        return String(text[..<end])
    }

    /// "130 UTF-16 units (65 characters)": a text's length as Java counts it, and as Swift does when that differs.
    static func length(_ text: String) -> String {
        let units = text.utf16.count, characters = text.count
        return units == characters ? "\(units) characters" : "\(units) UTF-16 units (\(characters) characters)"
    }
    /// The emoji a sticker takes (StickerPackValidator.java, EMOJI_MIN_LIMIT and EMOJI_MAX_LIMIT).
    static let emojis = 1...3
    /// What each sticker is tagged with when no emoji is given: WhatsApp asks 1–3 a sticker for search.
    static let defaultEmoji = "🙂"
    /// The accessibility text WhatsApp takes: 125 characters for a still sticker, 255 for an animated one
    /// (StickerPackValidator.java).
    static let maxAccessibility = (still: 125, animated: 255)

    func read(folder: String, files: any FileSystem) -> StoreManifestReading? {
        guard let (path, pack) = Self.find(for: folder, files: files) else { return nil }
        return StoreManifestReading(path: path) { folder, context in Self.judge(pack, at: path, folder: folder, context: context) }
    }

    /// The contents.json describing the pack in `folder`, when there is one: `folder/contents.json`
    /// (its pack named like the folder, or its only pack), else `parent/contents.json` with a pack whose
    /// identifier is the folder's name.
    static func find(for folder: String, files: any FileSystem) -> (String, Result<Pack, Failure>)? {
        let name = PathText.lastComponent(folder)
        for (path, inside) in [(folder + "/contents.json", true), (PathText.parent(folder) + "/contents.json", false)] {
            guard files.kind(path) == .file else { continue }
            let document: JSONValue
            do {
                guard let size = files.size(path), size <= maxBytes else { return (path, .failure(.unreadable("over \(maxBytes.grouped) bytes"))) }
                document = try JSONParser.parse(try files.read(path, within: .contentsJSON))
            } catch let error as FileError {
                return (path, .failure(.unreadable(error.description)))
            } catch {
                return (path, .failure(.notJSON("\(error)")))
            }
            guard case .array(let packs)? = document["sticker_packs"] else {
                if !inside { continue }
                return (path, .failure(.noPack("has no \"sticker_packs\" list")))
            }
            let parsed = packs.map(Self.pack)
            // The document's unknown keys go with the one pack taken (given to every pack, a file of many
            // keys and many packs grew as their product).
            func taken(_ pack: Pack) -> Pack {
                var pack = pack
                if case .object(let pairs) = document {
                    pack.unknownKeys = pairs.map(\.0).filter { !topLevelKeys.contains($0) }.map { "\"\($0)\" at the top level" } + pack.unknownKeys
                }
                return pack
            }
            if let named = parsed.first(where: { $0.identifier == name }) { return (path, .success(taken(named))) }
            if inside, parsed.count == 1 { return (path, .success(taken(parsed[0]))) }
            if inside {
                return (path, .failure(.noPack("lists \(parsed.count.counted("pack")), none with the identifier \"\(name)\" of this folder")))
            }
        }
        return nil
    }

    static func pack(_ value: JSONValue) -> Pack {
        func string(_ key: String, in value: JSONValue) -> String? {
            if case .string(let text)? = value[key] { return text }
            return nil
        }
        var stickers: [Sticker] = []
        var unknown: [String] = []
        if case .array(let list)? = value["stickers"] {
            for (index, item) in list.enumerated() {
                if case .object(let pairs) = item {
                    unknown += pairs.map(\.0).filter { !stickerKeys.contains($0) }.map { "\"\($0)\" in sticker \(index + 1)" }
                }
            }
            stickers = list.map { item in
                var emojis: [String] = []
                if case .array(let values)? = item["emojis"] {
                    // ContentFileParser.java L176-179 keeps only the emoji that are not empty.
                    emojis = values.compactMap { if case .string(let text) = $0, !text.isEmpty { text } else { nil } }
                }
                return Sticker(imageFile: string("image_file", in: item), emojis: emojis, accessibilityText: string("accessibility_text", in: item))
            }
        }
        var animated = false
        if case .bool(let flag)? = value["animated_sticker_pack"] { animated = flag }
        return Pack(
            identifier: string("identifier", in: value), name: string("name", in: value), publisher: string("publisher", in: value),
            trayImageFile: string("tray_image_file", in: value), imageDataVersion: string("image_data_version", in: value), animated: animated,
            stickers: stickers, unknownKeys: unknown)
    }

    /// What WhatsApp's validators refuse of the pack, judged against the folder's images.
    static func judge(_ read: Result<Pack, Failure>, at path: String, folder: String, context: LintContext) -> [Finding] {
        let pack: Pack
        switch read {
        case .failure(let failure): return [Finding(path: path, message: "contents.json \(failure)")]
        case .success(let found): pack = found
        }
        var findings: [Finding] = []
        func report(_ message: String, _ kind: String? = nil) { findings.append(Finding(path: path, message: message, case: kind)) }
        func field(_ key: String, _ value: String?) {
            guard let value, !value.isEmpty else { return report("\(key) is empty: WhatsApp refuses the pack") }
            if value.utf16.count > maxCharacters {
                report("\(key) is \(length(value)); WhatsApp takes at most \(maxCharacters) (its Android app counts UTF-16 units)")
            }
        }
        for key in pack.unknownKeys { report("contents.json has the unknown key \(key): WhatsApp's Android app refuses the file") }
        field("identifier", pack.identifier)
        if let identifier = pack.identifier, !identifier.isEmpty {
            if let refused = identifier.unicodeScalars.first(where: { !Self.identifierScalars.contains($0) }) {
                report(
                    "identifier \"\(identifier)\" holds \"\(String(refused))\", which WhatsApp refuses: its Android "
                        + "validator's pattern [\\w-.,'\\s]+ takes a to z, A to Z, 0 to 9, _ - . , ' and spaces (Java's \\w is ASCII; "
                        + "the iOS sample checks no pattern)")
            } else if identifier.contains("..") {
                report("identifier \"\(identifier)\" contains \"..\", which WhatsApp refuses")
            }
        }
        field("name", pack.name)
        field("publisher", pack.publisher)
        if (pack.imageDataVersion ?? "").isEmpty {
            report("image_data_version is missing or empty: WhatsApp's Android app refuses the pack (ContentFileParser)")
        }
        let present = Set(context.images.filter { PathText.parent($0.path) == folder }.map { PathText.lastComponent($0.path) })
        if let tray = pack.trayImageFile, !tray.isEmpty {
            if !present.contains(tray) { report("tray_image_file names \"\(tray)\", which is not in the folder") }
        } else {
            report("tray_image_file is empty: WhatsApp refuses the pack")
        }
        let textLimit = pack.animated ? maxAccessibility.animated : maxAccessibility.still
        for (index, sticker) in pack.stickers.enumerated() {
            let name = sticker.imageFile ?? ""
            let which = name.isEmpty ? "sticker \(index + 1)" : "sticker \"\(name)\""
            if name.isEmpty {
                report("\(which) has no image_file")
            } else if name.contains("..") || name.contains("/") {
                report("\(which): an image_file with \"..\" or \"/\" is refused by WhatsApp's Android app (ContentFileParser)")
            } else if !name.hasSuffix(".webp") {
                report("\(which): an image_file not ending in .webp is refused by WhatsApp's Android app (ContentFileParser)")
            } else if !present.contains(name) {
                report("\(which): its image_file is not in the folder")
            } else if let facts = context.facts(folder + "/" + name), facts.error == nil, facts.isAnimated != pack.animated {
                report(
                    "\(which) is \(facts.isAnimated ? "animated" : "still") in a pack "
                        + (pack.animated ? "marked animated_sticker_pack" : "not marked animated_sticker_pack") + ": WhatsApp refuses it")
            }
            if !emojis.contains(sticker.emojis.count) {
                report("\(which) has \(sticker.emojis.count.counted("emoji")); WhatsApp takes \(emojis.lowerBound)–\(emojis.upperBound)", "emoji")
            }
            if let text = sticker.accessibilityText, text.utf16.count > textLimit {
                report(
                    "\(which) has \(length(text)) of accessibility text; WhatsApp takes at most \(textLimit) "
                        + (pack.animated ? "in an animated pack" : "in a still pack") + " (its Android app counts UTF-16 units)", "text")
            }
        }
        return findings
    }

    func write(_ packs: [StoreManifestPack], publisher: String?) -> (bytes: [UInt8], notes: [String]) {
        var notes: [String] = []
        if publisher == nil, let first = packs.first {
            notes.append("publisher \"\(first.name)\" (the pack's name): give --publisher NAME for WhatsApp's contents.json")
        }
        let stickers = packs.flatMap(\.stickers)
        let untagged = stickers.filter(\.emoji.isEmpty).count
        if untagged > 0 {
            notes.append(
                "\(untagged == stickers.count ? "each sticker is" : "\(untagged) of \(stickers.count) stickers \(untagged == 1 ? "is" : "are")") tagged "
                    + "\(Self.defaultEmoji) for WhatsApp's search (it asks 1–3 emoji a sticker): give --labels a file with an emoji column "
                    + "(file,label,emoji) to tag them")
        }
        let most = Self.emojis.upperBound
        for sticker in stickers where sticker.emoji.count > most {
            notes.append("\(sticker.source): \(sticker.emoji.count) emoji given, WhatsApp takes \(most): the first \(most) kept")
        }
        let list = packs.map { pack -> JSONValue in
            let textLimit = pack.animated ? Self.maxAccessibility.animated : Self.maxAccessibility.still
            let named = publisher ?? packs[0].name
            return .object([
                ("identifier", .string(pack.identifier)), ("name", .string(Self.cut(pack.name, Self.maxCharacters))),
                ("publisher", .string(Self.cut(named, Self.maxCharacters))),
                ("tray_image_file", .string(pack.packFile ?? "")), ("image_data_version", .string("1")), ("avoid_cache", .bool(false)),
                ("publisher_email", .string("")), ("publisher_website", .string("")), ("privacy_policy_website", .string("")),
                ("license_agreement_website", .string("")), ("animated_sticker_pack", .bool(pack.animated)),
                (
                    "stickers",
                    .array(
                        pack.stickers.map { sticker in
                            let tags = sticker.emoji.isEmpty ? [Self.defaultEmoji] : Array(sticker.emoji.prefix(most))
                            return .object([
                                ("image_file", .string(sticker.file)), ("emojis", .array(tags.map(JSONValue.string))),
                                ("accessibility_text", .string(Self.cut(sticker.label, textLimit)))
                            ])
                        })
                )
            ])
        }
        let document = JSONValue.object([
            ("android_play_store_link", .string("")), ("ios_app_store_link", .string("")), ("sticker_packs", .array(list))
        ])
        return (document.xcodeBytes, notes)
    }

    /// A pack of three stickers with a tray icon and a contents.json (identifier `identifier`, name
    /// "Cats", publisher "Ann", tray.png), each sticker with `emojis` emoji: the rule's examples.
    static func example(identifier: String = "cats", emojis: Int) -> RuleExample {
        var example = RuleExample.storePack(.whatsapp, count: 3)
        let stickers = example.files.map(\.path)
        let list = stickers.map { name in
            "{\"image_file\": \"\(name)\", \"emojis\": [" + Array(repeating: "\"\u{1F600}\"", count: emojis).joined(separator: ", ") + "]}"
        }
        let json =
            "{\"sticker_packs\": [{\"identifier\": \"\(identifier)\", \"name\": \"Cats\", \"publisher\": \"Ann\", "
            + "\"tray_image_file\": \"tray.png\", \"image_data_version\": \"1\", \"animated_sticker_pack\": false, \"stickers\": ["
            + list.joined(separator: ", ") + "]}]}\n"
        example.files.append(ExampleFile("tray.png", .png(width: 96, height: 96)))
        example.files.append(ExampleFile("contents.json", .text(json)))
        example.summary += ", a tray icon and a contents.json (identifier \"\(identifier)\", \(emojis.counted("emoji")) a sticker)"
        return example
    }
}
