import StickerFiles
import StickerLint

/// A store's limits in words (`StoreLimits`), for the rules document's table and the report's pack cards.
enum StoreWording {
    /// "WebP · exactly 512×512 px · 102,400 bytes", with timing limits where the kind has them.
    static func kind(_ kind: StoreLimits.Kind) -> String {
        let formats =
            kind.container.map { container in
                "\(container)" + (kind.codecs.map { " (\($0.sorted().joined(separator: ", "))\(kind.audioAllowed ? "" : ", no audio"))" } ?? "")
            } ?? kind.formats.map(\.displayName).sorted().joined(separator: ", ")
        let sides = kind.sides.wording + (kind.sidesStated ? "" : " (a warning: not stated plainly)") + (kind.evenSides ? ", even sides" : "")
        let bytes =
            "\(kind.maxBytes.grouped) bytes" + (kind.documentedBytes.map { " (a warning over \($0.grouped): the source's KB may be 1,000)" } ?? "")
        var timing: [String] = []
        if let rate = kind.frameRate {
            timing.append(
                rate.lowerBound == rate.upperBound
                    ? "\(Int(saturatingRounded: rate.upperBound)) fps" : "at most \(Int(saturatingRounded: rate.upperBound)) fps")
        }
        if let frames = kind.frames { timing.append(frames == 1...1 ? "still" : "\(frames.lowerBound)–\(frames.upperBound) frames") }
        if let least = kind.minFrameMilliseconds { timing.append("frames of at least \(least) ms") }
        if let most = kind.maxMilliseconds { timing.append("at most \(most.grouped) ms" + (kind.loopsCounted ? " with its loops" : "")) }
        if let loops = kind.loops { timing.append(loops == 0...0 ? "looping forever" : "\(loops.lowerBound)–\(loops.upperBound) loops") }
        if kind.forbidsLottieFeatures { timing.append("no masks, effects, images and the like (`lottie-features`)") }
        if kind.keepsDrawingOnCanvas { timing.append("drawn within the canvas (`lottie-canvas`)") }
        return ([formats, sides, bytes] + timing).joined(separator: " · ")
    }

    /// The animated kinds: the store's animated kind, and its TGS, video and Lottie kinds (Telegram takes
    /// only those; Discord takes both).
    static func animated(_ store: StoreLimits) -> String {
        ((store.animated.formats.isEmpty && !store.motionKinds.isEmpty ? [] : [store.animated]) + store.motionKinds).map(kind)
            .joined(separator: "; ")
    }

    /// What makes a pack: how many stickers, whether they may mix, and the pack's own files. With `code`,
    /// the files' names in Markdown code spans.
    static func pack(_ store: StoreLimits, code: Bool) -> String {
        func name(_ text: String) -> String { code ? "`\(text)`" : text }
        return (store.count.map { "\($0.wording) stickers" + (store.animatedCount.map { " (animated \($0.wording))" } ?? "") } ?? "not counted")
            + (store.unmixedSource == nil ? "" : "; all still or all animated")
            + store.packFiles.map { file in
                let names = file.baseNames.sorted().map { name("\($0).*") } + (file.prefixed ? file.baseNames.sorted().map { name("\($0)_*") } : [])
                return "; \(file.name) (\(names.joined(separator: ", "))): "
                    + ([file.image] + [file.tgs, file.video].compactMap { $0 }).map(kind).joined(separator: "; ")
                    + (file.animated.map { " (in an animated pack, " + kind($0) + ")" } ?? "")
            }.joined()
    }
}
