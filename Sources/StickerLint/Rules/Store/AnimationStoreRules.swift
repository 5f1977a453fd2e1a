import StickerImage

/// An animation longer than its store plays (WhatsApp 10 s, LINE 4 s with its loops, Discord 5 s).
struct AnimationDurationRule: Rule {
    static let description = RuleDescription(
        id: "animation-duration", category: .animation, severity: .error, needs: [.allFrames], appliesTo: ImageRole.stores,
        rationale: "Stores refuse animations that play too long: WhatsApp over 10 seconds, LINE over 4 seconds of playback "
            + "(every loop counted), Discord over 5 seconds. The time is the sum of the frames' delays as stored.",
        passing: [.store(.whatsapp, .webpSolid(width: 512, height: 512, frames: 10, delayMilliseconds: 1_000))],
        failing: [.store(.whatsapp, .webpSolid(width: 512, height: 512, frames: 11, delayMilliseconds: 1_000))])

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let (store, kind) = image.storeKind, let limit = kind.maxMilliseconds, image.isAnimated,
            let delays = image.pixels?.frameDelays, delays.count > 1
        else { return [] }
        // Exact: the delays' sum in seconds, against the limit in milliseconds.
        let pass = delays.reduce(0.0) { $0 + $1.seconds } * 1_000
        let loops = kind.loopsCounted ? max(1, image.header?.loopCount ?? 1) : 1
        let total = pass * Double(loops)
        guard total > Double(limit) + 1e-6 else { return [] }
        let played =
            loops > 1
            ? "\(Int(pass.rounded()).grouped) ms a loop × \(loops) loops = \(Int(total.rounded()).grouped) ms" : "\(Int(total.rounded()).grouped) ms"
        return [Finding(path: image.path, message: "animation plays \(played); \(store.name) takes at most \(limit.grouped) ms")]
    }
}

/// An animation of more or fewer frames than its store takes (LINE: 5–20).
struct FrameCountRule: Rule {
    static let description = RuleDescription(
        id: "frame-count", category: .animation, severity: .error, appliesTo: ImageRole.stores,
        rationale: "LINE's animation guideline takes 5 to 20 frames; the Creators Market refuses others.",
        passing: [.store(.line, .apng(side: 270, frames: 5))],
        failing: [.store(.line, .apng(side: 270, frames: 4)), .store(.line, .apng(side: 270, frames: 21, delayMilliseconds: 100))])

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let (store, kind) = image.storeKind, let range = kind.frames, image.isAnimated, let frames = image.header?.frameCount,
            !range.contains(frames)
        else { return [] }
        return [Finding(path: image.path, message: "animation has \(frames) frames; \(store.name) takes \(range.lowerBound)–\(range.upperBound)")]
    }
}

/// An animation whose loop count its store refuses (Signal: forever; LINE: 1–4).
struct LoopCountRule: Rule {
    static let description = RuleDescription(
        id: "loop-count", category: .animation, severity: .error, appliesTo: ImageRole.stores,
        rationale: "Signal's sticker creator takes an APNG only when it loops forever (num_plays 0); LINE's guideline "
            + "takes 1 to 4 loops. The count is the file's own (APNG num_plays, GIF's NETSCAPE loop, WebP's ANIM).",
        passing: [.store(.signal, .apng(side: 256, frames: 2))],
        failing: [.store(.line, .apng(side: 270, frames: 5), "a 270×270 APNG of 5 frames looping forever")])

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let (store, kind) = image.storeKind, let range = kind.loops, image.isAnimated else { return [] }
        // A file that names no count plays once (GIF without a NETSCAPE block).
        let loops = image.header?.loopCount ?? 1
        guard !range.contains(loops) else { return [] }
        let has = loops == 0 ? "loops forever" : "plays \(loops) \(loops == 1 ? "time" : "times")"
        let wants = range == 0...0 ? "only animations that loop forever" : "\(range.lowerBound)–\(range.upperBound) loops"
        return [Finding(path: image.path, message: "animation \(has); \(store.name) takes \(wants)")]
    }
}
