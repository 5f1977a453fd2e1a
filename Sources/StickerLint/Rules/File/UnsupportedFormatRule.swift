import StickerCatalog
import StickerImage

/// Flags content that is none of PNG, APNG, GIF or JPEG.
struct UnsupportedFormatRule: CorrectableRule {
    static let description = RuleDescription(
        id: "unsupported-format", category: .file, severity: .error, appliesTo: ImageRole.all.subtracting([.media]),
        rationale: "Messages stickers must be PNG, APNG, GIF or JPEG; WebP, HEIC, BMP and others are refused "
            + "whatever their file name says.",
        passing: [.loose(.gif(side: 408, frames: 2))],
        failing: [.loose(.webp, named: "sticker.webp"), .loose(.webp, named: "sticker.png", "WebP bytes named sticker.png")])

    static let corrections = [
        Correction(
            .convertWebP,
            "converts a WebP (which stickerlint reads) to PNG, an animated one to APNG, with exactly its decoded pixels, "
                + "frames, delays and plays, named .png; the Contents.json naming it follows",
            before: .pack([.sticker("Photo", .webp)], "a WebP sticker"),
            after: .pack([.sticker("Photo", .webp, file: "photo.png")], "the same pixels as a PNG"))
    ]

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard case .unsupported(let kind)? = image.error else { return [] }
        return [Finding(path: image.path, message: Self.message(kind), fixes: kind == .webp ? [.convertWebP] : [])]
    }

    fileprivate static func message(_ kind: FileKind) -> String {
        kind == .unknown
            ? "content is not an image format Messages accepts (PNG, APNG, GIF or JPEG)"
            : "content is \(kind), which Messages does not accept: use PNG, APNG, GIF or JPEG"
    }
}
