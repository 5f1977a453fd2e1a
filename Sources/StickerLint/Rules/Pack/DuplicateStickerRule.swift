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
                "the same frames shown for 20 ms and for 200 ms"),
            .pack(
                [
                    .sequence("Slow", [.png(width: 408, height: 408), .png(width: 408, height: 408, seed: 1)], duration: "15"),
                    .sequence("Fast", [.png(width: 408, height: 408), .png(width: 408, height: 408, seed: 1)], duration: "30")
                ],
                "the same frames as sequences at 15 and at 30 frames a second")
        ],
        failing: [
            .pack(
                [.sticker("Cat", .png(width: 408, height: 408)), .sticker("Copy", .png(width: 408, height: 408))],
                "two stickers with the same pixels")
        ])

    func check(pack: StickerPack, context: LintContext) -> [Finding] {
        // By a fingerprint of each entry's numbers first, with nothing allocated (a pack of 5,000
        // stickers made 5,000 arrays to hash); entries whose fingerprints meet compare all their numbers.
        var first: [UInt64: Int] = [:], others: [UInt64: [Int]] = [:]
        first.reserveCapacity(pack.entries.count)
        var findings: [Finding] = []
        for (index, entry) in pack.entries.enumerated() {
            var fingerprint = FNV1a.offsetBasis
            guard Self.numbers(of: entry, context: context, { fingerprint = (fingerprint ^ $0) &* FNV1a.prime }) else { continue }
            guard let earliest = first[fingerprint] else {
                first[fingerprint] = index
                continue
            }
            let key = Self.key(of: entry, context: context)
            // Each earlier entry here has numbers of its own: at most one is this one's.
            if let original = ([earliest] + others[fingerprint, default: []]).first(where: { Self.key(of: pack.entries[$0], context: context) == key }
            ) {
                findings.append(Finding(path: entry.path, message: Self.message(pack.entries[original].path)))
            } else {
                others[fingerprint, default: []].append(index)
            }
        }
        return findings
    }

    /// Each image's digest, then every frame's delay, exactly (19.5 ms is not 20), and a sequence's frame
    /// time from its properties (15 and 30 fps differ): pixels and timing both, given to `body` in that
    /// order; false (and nothing given) when an image has no digest or there is none.
    static func numbers(of entry: PackEntry, context: LintContext, _ body: (UInt64) -> Void) -> Bool {
        func pixels(_ image: ImageRef) -> PixelFacts? { context.facts(image.path, \.pixels) ?? nil }
        switch entry {
        case .sticker(let sticker):
            guard let image = sticker.image, let found = pixels(image), let digest = found.digest else { return false }
            body(digest)
            for delay in found.frameDelays { body(delay.seconds.bitPattern) }
        case .sequence(let sequence):
            let found = sequence.frames.map(pixels)
            guard !found.isEmpty, found.allSatisfy({ $0?.digest != nil }) else { return false }
            for frame in found { body(frame!.digest!) }
            for frame in found { for delay in frame!.frameDelays { body(delay.seconds.bitPattern) } }
            body(sequence.frameSeconds?.bitPattern ?? 0)
        }
        return true
    }

    static func key(of entry: PackEntry, context: LintContext) -> [UInt64] {
        var key: [UInt64] = []
        _ = numbers(of: entry, context: context) { key.append($0) }
        return key
    }

    fileprivate static func message(_ original: String) -> String {
        "has the same pixels and timing as \"\(PathText.lastComponent(original))\""
    }
}
