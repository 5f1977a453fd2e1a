import StickerCatalog
import StickerFiles

/// Warns when two stickers of one pack have identical pixels and timing: the same frames shown for the
/// same time (a slow and a fast cut of one animation are two stickers).
struct DuplicateStickerRule: Rule {
    static let description = RuleDescription(
        id: "duplicate-sticker", category: .pack, severity: .warning, needs: [.digest], appliesTo: [.sticker, .sequenceFrame],
        rationale: "Two stickers with the same pixels and frame timing in one pack are almost always a copy-and-paste "
            + "slip; they take space in the app and in the sticker browser. Animations whose frames are shown for "
            + "different times are different stickers.",
        passing: [
            .pack(
                [.sticker("Cat", .png(width: 408, height: 408)), .sticker("Dog", .png(width: 408, height: 408, seed: 1))],
                "two stickers with different pixels"),
            .pack(
                [
                    .sticker("Fast", .apng(side: 408, frames: 3, delayMilliseconds: 20)),
                    .sticker("Slow", .apng(side: 408, frames: 3, delayMilliseconds: 200))
                ],
                "the same frames shown for 20 ms and for 200 ms")
        ],
        failing: [
            .pack(
                [.sticker("Cat", .png(width: 408, height: 408)), .sticker("Copy", .png(width: 408, height: 408))],
                "two stickers with the same pixels")
        ])

    func check(pack: StickerPack, context: LintContext) -> [Finding] {
        var first: [[UInt64]: String] = [:]
        var findings: [Finding] = []
        entries: for entry in pack.entries {
            let images = entry.images
            guard !images.isEmpty else { continue }
            // Each image's digest, then every frame's delay in milliseconds: pixels and timing both.
            var key: [UInt64] = [], delays: [UInt64] = []
            key.reserveCapacity(images.count)
            for image in images {
                guard let pixels = context.facts(image.path, \.pixels) ?? nil, let digest = pixels.digest else { continue entries }
                key.append(digest)
                for delay in pixels.frameDelays { delays.append(UInt64(delay.milliseconds)) }
            }
            key += delays
            let original = first[key]
            if let original {
                findings.append(Finding(path: entry.path, message: Self.message(original)))
            } else {
                first[key] = entry.path
            }
        }
        return findings
    }

    fileprivate static func message(_ original: String) -> String {
        "has the same pixels and timing as \"\(PathText.lastComponent(original))\""
    }
}
