import StickerImage

/// An animation longer than its store plays (WhatsApp 10 s, LINE 4 s with its loops, Discord 5 s).
struct AnimationDurationRule: Rule {
    static let description = RuleDescription(
        id: "animation-duration", category: .animation, severity: .error, needs: [.allFrames], appliesTo: ImageRole.stores,
        rationale: "Stores refuse animations that play too long: " + Store.rationale("animation-duration") + ". The time is the "
            + "sum of the frames' delays as stored; a TGS's or Lottie JSON's (op − ip) / fr; a WebM's declared Duration, else its last "
            + "frame's time plus one frame.",
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
        // Exact: the delays' sum in seconds, against the limit in milliseconds.
        let pass = delays.reduce(0.0) { $0 + $1.seconds } * 1_000
        let loops = kind.loopsCounted ? max(1, image.header?.loopCount ?? 1) : 1
        let total = pass * Double(loops)
        guard total > Double(limit) + 1e-6 else { return [] }
        let played =
            loops > 1
            ? "\(Int(saturatingRounded: pass).grouped) ms a loop × \(loops) loops = \(Int(saturatingRounded: total).grouped) ms"
            : "\(Int(saturatingRounded: total).grouped) ms"
        return [Finding(path: image.path, message: "animation plays \(played); \(store.name) takes at most \(limit.grouped) ms")]
    }

    /// "3,016.7": whole milliseconds grouped, a fraction to one place where there is one.
    static func milliseconds(_ value: Double) -> String {
        let tenths = Int(saturatingRounded: value * 10)
        return (tenths / 10).grouped + (tenths % 10 == 0 ? "" : ".\(tenths % 10)")
    }
}

/// An animation whose frames are all the same picture, where the store wants one that moves (LINE).
struct IdenticalFramesRule: Rule {
    static let description = RuleDescription(
        id: "identical-frames", category: .animation, severity: .error, needs: [.distinctFrames], appliesTo: ImageRole.stores,
        rationale: Store.rationale("identical-frames", separator: " ").suffixed(" ")
            + "The frames are compared as they are shown (each composited on the canvas), pixel for pixel.",
        passing: Store.passing("identical-frames"), failing: Store.failing("identical-frames"))

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let (store, kind) = image.storeKind, kind.distinctFrames, image.isAnimated, image.pixels?.framesDiffer == false else { return [] }
        let frames = image.header?.frameCount ?? 0
        return [Finding(path: image.path, message: "all \(frames) frames are the same picture; \(store.name) takes animations that move")]
    }
}

/// A TGS or video sticker at a frame rate its store refuses (Telegram: a TGS at 60 fps, a video at most 30).
struct FrameRateRule: Rule {
    static let description = RuleDescription(
        id: "frame-rate", category: .animation, severity: .error, appliesTo: ImageRole.stores,
        rationale: Store.rationale("frame-rate", separator: " ").suffixed(" ") + "A TGS's rate is its declared `fr`, "
            + "compared exactly; a WebM's is measured from its blocks' times, which are whole milliseconds, so a rate within "
            + "0.5% of the limit passes.",
        passing: Store.passing("frame-rate"), failing: Store.failing("frame-rate"))

    /// How far a measured rate may stray from its limit: block times are whole milliseconds.
    static let measuredTolerance = 0.005

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let (store, kind) = image.storeKind, let range = kind.frameRate, let motion = image.motion, let rate = motion.frameRate
        else { return [] }
        let slack = if case .webm = motion { Self.measuredTolerance } else { 0.0 }
        guard rate < range.lowerBound * (1 - slack) || rate > range.upperBound * (1 + slack) else { return [] }
        let wanted =
            range.lowerBound == range.upperBound ? "at \(Self.rate(range.upperBound)) fps" : "at no more than \(Self.rate(range.upperBound)) fps"
        return [Finding(path: image.path, message: "animation runs at \(Self.rate(rate)) fps; \(store.name) takes \(kind.plural) \(wanted)")]
    }

    /// "60", "29.97".
    static func rate(_ value: Double) -> String {
        let hundredths = Int(saturatingRounded: value * 100), fraction = hundredths % 100
        guard fraction != 0 else { return "\(hundredths / 100)" }
        return "\(hundredths / 100)." + (fraction % 10 == 0 ? "\(fraction / 10)" : fraction < 10 ? "0\(fraction)" : "\(fraction)")
    }
}

/// A video sticker in a codec or container its store refuses, or with sound (Telegram: VP9 in WebM, no audio).
struct VideoStreamRule: Rule {
    static let description = RuleDescription(
        id: "video-stream", category: .file, severity: .error, mainCase: "codec", appliesTo: ImageRole.stores,
        rationale: Store.rationale("video-stream", separator: " ").suffixed(" ")
            + "The codec and tracks are read from the WebM's EBML; the video is never decoded.",
        cases: [
            RuleCase("audio", .error, "an audio track beside the video"),
            RuleCase("container", .error, "a Matroska file (DocType matroska), not WebM")
        ],
        passing: Store.passing("video-stream"), failing: Store.failing("video-stream"))

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let (store, kind) = image.storeKind, case .webm(let video)? = image.motion else { return [] }
        var findings: [Finding] = []
        if let docType = kind.docType, video.docType != docType {
            findings.append(
                Finding(
                    path: image.path, message: "container is \(video.docType), not \(docType): \(store.name) takes \(docType) files",
                    case: "container"))
        }
        if let codecs = kind.codecs, !codecs.contains(video.codec) {
            let names = codecs.sorted().map(Self.codecName).joined(separator: " or ")
            findings.append(
                Finding(path: image.path, message: "video is \(Self.codecName(video.codec)); \(store.name) takes \(names) for \(kind.noun)"))
        }
        if !kind.audioAllowed, video.audioTracks > 0 {
            let tracks = video.audioTracks == 1 ? "an audio track" : "\(video.audioTracks) audio tracks"
            findings.append(
                Finding(path: image.path, message: "video has \(tracks); \(store.name) takes \(kind.plural) without sound", case: "audio"))
        }
        return findings
    }

    /// "VP9 (V_VP9)": the codec's name and its Matroska ID.
    static func codecName(_ id: String) -> String {
        let known = ["V_VP9": "VP9", "V_VP8": "VP8", "V_AV1": "AV1", "V_MPEG4/ISO/AVC": "H.264", "V_MPEGH/ISO/HEVC": "H.265"]
        return known[id].map { "\($0) (\(id))" } ?? id
    }
}

/// A TGS using what Telegram's animated stickers may not (masks, effects, images, expressions…).
struct LottieFeaturesRule: Rule {
    static let description = RuleDescription(
        id: "lottie-features", category: .animation, severity: .error, appliesTo: ImageRole.stores,
        rationale: Store.rationale("lottie-features", separator: " ").suffixed(" ") + "Found in the Lottie JSON "
            + "by their fields, through layers, shapes and precompositions; nothing is rendered.",
        passing: Store.passing("lottie-features"), failing: Store.failing("lottie-features"))

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let (store, kind) = image.storeKind, kind.forbidsLottieFeatures, case .lottie(let lottie)? = image.motion,
            !lottie.forbidden.isEmpty
        else { return [] }
        let names = lottie.forbidden.map(\.description)
        let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names.last! : names[0]
        return [Finding(path: image.path, message: "animation uses \(list): \(store.name)'s animated stickers may not")]
    }
}

/// An animation of more or fewer frames than its store takes (LINE: 5–20).
struct FrameCountRule: Rule {
    static let description = RuleDescription(
        id: "frame-count", category: .animation, severity: .error, appliesTo: ImageRole.stores,
        rationale: Store.rationale("frame-count", separator: " "),
        passing: Store.passing("frame-count"), failing: Store.failing("frame-count"))

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
        rationale: Store.rationale("loop-count", separator: " ").suffixed(" ")
            + "The count is the file's own (APNG num_plays, GIF's NETSCAPE loop, WebP's ANIM).",
        passing: Store.passing("loop-count"), failing: Store.failing("loop-count"))

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
