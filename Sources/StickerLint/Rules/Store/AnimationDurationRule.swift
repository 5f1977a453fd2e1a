import StickerImage

/// An animation longer than its store plays (WhatsApp 10 s, LINE 4 s with its loops, Discord 5 s).
struct AnimationDurationRule: Rule {
    static let description = RuleDescription(
        id: "animation-duration", category: .animation, severity: .error, needs: [.allFrames], appliesTo: ImageRole.stores,
        appliesToStore: { $0.limits.hasKind { $0.maxMilliseconds != nil } },
        rationale: "Stores refuse animations that play too long: " + Store.rationale("animation-duration") + ". The time is the "
            + "sum of the frames' delays as stored; a TGS's or Lottie JSON's (op − ip) / fr; a WebM's declared Duration when its frames end within it, "
            + "else (as a player shows them) the frames' span plus one frame; a GIF's frames of 0 or 1 cs count as the 100 ms "
            + "browsers show them for.",
        passing: Store.passing("animation-duration"), failing: Store.failing("animation-duration"))

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let (store, kind) = image.storeKind, let limit = kind.maxMilliseconds, image.isAnimated else { return [] }
        if let motion = image.motion {
            let played = motion.durationMilliseconds
            guard played > Double(limit) + 1e-6 else { return [] }
            return [
                Finding(
                    path: image.path,
                    message: "animation plays \(Self.milliseconds(played)) ms; \(store.name) takes \(kind.plural) of at most \(limit.grouped) ms")
            ]
        }
        guard let delays = image.pixels?.frameDelays, delays.count > 1 else { return [] }
        // Exact: the delays' sum in seconds, against the limit in milliseconds. A GIF's frames of 0 or 1 cs
        // are shown for 100 ms by browsers and the apps built on them (Chromium, Firefox, Safari): so counted.
        let isGIF = image.header?.format == .gif
        let stretched = isGIF ? delays.filter { $0.seconds <= Self.gifStretchedAtMost }.count : 0
        let pass = delays.reduce(0.0) { $0 + (isGIF && $1.seconds <= Self.gifStretchedAtMost ? 0.1 : $1.seconds) } * 1_000
        let loops = kind.loopsCounted ? max(1, image.header?.loopCount ?? 1) : 1
        let total = pass * Double(loops)
        guard total > Double(limit) + 1e-6 else { return [] }
        let played =
            loops > 1
            ? "\(Int(saturatingRounded: pass).grouped) ms a loop × \(loops) loops = \(Int(saturatingRounded: total).grouped) ms"
            : "\(Int(saturatingRounded: total).grouped) ms"
        let shown = stretched > 0 ? " (\(stretched.counted("frame")) of 0 or 1 cs counted as the 100 ms browsers show)" : ""
        return [Finding(path: image.path, message: "animation plays \(played)\(shown); \(store.name) takes at most \(limit.grouped) ms")]
    }

    /// A GIF delay browsers stretch to 100 ms: 10 ms (1 cs) or less.
    static let gifStretchedAtMost = 0.010 + 1e-9

    /// "3,016.7": whole milliseconds grouped, a fraction to one place where there is one.
    static func milliseconds(_ value: Double) -> String {
        let tenths = Int(saturatingRounded: value * 10)
        return (tenths / 10).grouped + (tenths % 10 == 0 ? "" : ".\(tenths % 10)")
    }
}
