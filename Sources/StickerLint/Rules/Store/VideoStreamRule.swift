import StickerImage

/// A video sticker in a codec or container its store refuses, or with sound (Telegram: VP9 in WebM, no audio).
struct VideoStreamRule: Rule {
    static let description = RuleDescription(
        id: "video-stream", category: .file, severity: .error, mainCase: "codec", appliesTo: ImageRole.stores,
        appliesToStore: { $0.limits.hasKind { $0.codecs != nil || $0.docType != nil || !$0.audioAllowed } },
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
