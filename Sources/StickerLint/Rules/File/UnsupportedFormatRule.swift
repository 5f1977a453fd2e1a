import StickerCatalog
import StickerImage

/// Flags content that is none of PNG, APNG, GIF or JPEG.
struct UnsupportedFormatRule: Rule {
    static let description = RuleDescription(id: "unsupported-format", category: .file, severity: .error, appliesTo: ImageRole.all.subtracting([.media]),
        rationale: "Messages stickers must be PNG, APNG, GIF or JPEG; WebP, HEIC, BMP and others are refused "
            + "whatever their file name says.",
        passing: [.loose(.gif(side: 408, frames: 2))],
        failing: [.loose(.webp, named: "sticker.webp"), .loose(.webp, named: "sticker.png", "WebP bytes named sticker.png")])

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard case .unsupported(let kind)? = image.error else { return [] }
        return [Finding(path: image.path, message: Self.message(kind))]
    }

    fileprivate static func message(_ kind: FileKind) -> String {
        kind == .unknown
            ? "content is not an image format Messages accepts (PNG, APNG, GIF or JPEG)"
            : "content is \(kind), which Messages does not accept: use PNG, APNG, GIF or JPEG"
    }
}
