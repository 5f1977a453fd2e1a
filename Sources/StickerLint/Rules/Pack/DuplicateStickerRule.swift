import StickerCatalog
import StickerFiles

/// Warns when two stickers of one pack have identical pixels.
struct DuplicateStickerRule: Rule {
    static let description = RuleDescription(id: "duplicate-sticker", category: .pack, severity: .warning, needs: [.digest], appliesTo: [.sticker, .sequenceFrame],
        rationale: "Two stickers with the same pixels in one pack are almost always a copy-and-paste slip; they take "
            + "space in the app and in the sticker browser.",
        passing: [.pack([.sticker("Cat", .png(width: 408, height: 408)), .sticker("Dog", .png(width: 408, height: 408, seed: 1))],
                        "two stickers with different pixels")],
        failing: [.pack([.sticker("Cat", .png(width: 408, height: 408)), .sticker("Copy", .png(width: 408, height: 408))],
                        "two stickers with the same pixels")])

    func check(pack: StickerPack, context: LintContext) -> [Finding] {
        var first: [[UInt64]: String] = [:]
        var findings: [Finding] = []
        for entry in pack.entries {
            let digests = context.images(of: entry).compactMap { $0.pixels?.digest }
            guard !digests.isEmpty, digests.count == entry.images.count else { continue }
            if let original = first[digests] {
                findings.append(Finding(path: entry.path, message: Self.message(original)))
            } else {
                first[digests] = entry.path
            }
        }
        return findings
    }

    fileprivate static func message(_ original: String) -> String {
        "has the same pixels as \"\(PathText.lastComponent(original))\""
    }
}
