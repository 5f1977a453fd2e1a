import StickerCatalog
import StickerFiles

/// A WhatsApp pack's contents.json that WhatsApp's sample apps would refuse: its identifier, name,
/// publisher, tray icon, stickers, emoji and accessibility text, as `StickerPackValidator` checks them.
struct PackManifestRule: Rule {
    static let description = RuleDescription(
        id: "pack-manifest", category: .pack, severity: .error, appliesTo: [.whatsapp],
        rationale: "A WhatsApp pack published through WhatsApp's sample apps is described by a contents.json, which "
            + "their StickerPackValidator refuses when the identifier is empty, over 128 characters, holds characters other "
            + "than letters, digits, _ - . , ' and spaces, or \"..\"; when the name or publisher is empty or over 128 "
            + "characters; when the tray image is not named or not there; when a sticker's file is not there, or it has "
            + "no emoji or more than 3 (EMOJI_MIN_LIMIT 1, EMOJI_MAX_LIMIT 3); or when a sticker is animated in a pack "
            + "not marked animated_sticker_pack, or still in one that is. Accessibility text over 125 characters (255 "
            + "in an animated pack) is refused by WhatsApp's iOS sample. Checked where the pack's folder (or the folder "
            + "above it, the pack named by its identifier) has a contents.json; a pack without one is not.",
        cases: [
            RuleCase("emoji", .error, "a sticker with no emoji or more than 3"),
            RuleCase("text", .error, "accessibility text over 125 characters (255 in an animated pack)")
        ],
        passing: [.storePack(.whatsapp, count: 3, manifest: .whatsApp(emojis: 1))],
        failing: [
            .storePack(.whatsapp, count: 3, manifest: .whatsApp(emojis: 4)), .storePack(.whatsapp, count: 3, manifest: .whatsApp(identifier: "a/b"))
        ])

    static let maxCharacters = 128
    static let emojis = 1...3

    func check(scan: CatalogScan, context: LintContext) -> [Finding] {
        context.whatsAppContents.sorted { PathOrder.less($0.key, $1.key) }.flatMap { folder, contents in
            Self.check(contents, folder: folder, context: context)
        }
    }

    static func check(_ contents: WhatsAppContents, folder: String, context: LintContext) -> [Finding] {
        let at = contents.path
        let pack: WhatsAppContents.Pack
        switch contents.pack {
        case .failure(let failure): return [Finding(path: at, message: "contents.json \(failure)")]
        case .success(let found): pack = found
        }
        var findings: [Finding] = []
        func report(_ message: String, _ kind: String? = nil) { findings.append(Finding(path: at, message: message, case: kind)) }
        func field(_ key: String, _ value: String?) {
            guard let value, !value.isEmpty else { return report("\(key) is empty: WhatsApp refuses the pack") }
            if value.count > maxCharacters { report("\(key) is \(value.count) characters; WhatsApp takes at most \(maxCharacters)") }
        }
        field("identifier", pack.identifier)
        if let identifier = pack.identifier, !identifier.isEmpty {
            let allowed = identifier.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || $0.properties.numericType != nil || "_-.,' ".unicodeScalars.contains($0)
            }
            if !allowed {
                report("identifier \"\(identifier)\" holds characters WhatsApp refuses: it takes letters, digits, _ - . , ' and spaces")
            } else if identifier.contains("..") {
                report("identifier \"\(identifier)\" contains \"..\", which WhatsApp refuses")
            }
        }
        field("name", pack.name)
        field("publisher", pack.publisher)
        let present = Set(context.images.filter { PathText.parent($0.path) == folder }.map { PathText.lastComponent($0.path) })
        if let tray = pack.trayImageFile, !tray.isEmpty {
            if !present.contains(tray) { report("tray_image_file names \"\(tray)\", which is not in the folder") }
        } else {
            report("tray_image_file is empty: WhatsApp refuses the pack")
        }
        let textLimit = pack.animated ? 255 : 125
        for (index, sticker) in pack.stickers.enumerated() {
            let name = sticker.imageFile ?? ""
            let which = name.isEmpty ? "sticker \(index + 1)" : "sticker \"\(name)\""
            if name.isEmpty {
                report("\(which) has no image_file")
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
            if let text = sticker.accessibilityText, text.count > textLimit {
                report(
                    "\(which) has \(text.count) characters of accessibility text; WhatsApp takes at most \(textLimit) "
                        + (pack.animated ? "in an animated pack" : "in a still pack"), "text")
            }
        }
        return findings
    }
}
