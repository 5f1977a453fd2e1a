import StickerImage

/// Message media must be PNG, JPEG, GIF or a video Messages plays.
struct MediaFormatRule: Rule {
    static let description = RuleDescription(
        id: "media-format", category: .media, severity: .error, appliesTo: [.media],
        rationale: "An interactive message's image or media file (MSMessageTemplateLayout's image or mediaFileURL) is "
            + "shown by Messages when it is PNG, JPEG or GIF, or a video AVFoundation plays (MP4, M4V, MOV); "
            + "anything else shows nothing. Videos are recognised from their bytes and not decoded.",
        passing: [.media(.jpeg(side: 900)), .media(.mp4, "an MP4 video")],
        failing: [.media(.webp, named: "media.webp", "WebP bytes")])

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        if image.kind.isVideo || image.kind.format != nil || image.header?.format != nil { return [] }
        return [Finding(path: image.path, message: Self.message(image.kind))]
    }

    fileprivate static func message(_ kind: FileKind) -> String {
        let accepted = "PNG, JPEG, GIF or a video (MP4, M4V, MOV)"
        return kind == .unknown
            ? "content is not a format Messages shows as message media: use \(accepted)"
            : "content is \(kind), which Messages does not show as message media: use \(accepted)"
    }
}
