import StickerCatalog
import StickerImage

/// Notes JPEG and GIF stickers: Apple suggests PNG and APNG.
struct PreferredFormatRule: CorrectableRule {
    static let description = RuleDescription(
        id: "preferred-format", category: .file, severity: .note,
        rationale: "Apple suggests PNG for still stickers and APNG for animated ones: JPEG has no transparency and "
            + "GIF has 256 colours and one-bit transparency.",
        passing: [.loose(.png(width: 408, height: 408)), .loose(.apng(side: 408, frames: 3))],
        failing: [.loose(.gif(side: 408, frames: 2)), .loose(.jpeg(side: 408))])

    static let corrections = [
        Correction(
            .convert, "converts a GIF to APNG (a still one to PNG) with the same frames, delays and plays; the Contents.json naming it follows",
            before: .pack([.sticker("Wave", .gif(side: 408, frames: 2))], "a GIF sticker"),
            after: .pack([.sticker("Wave", .gif(side: 408, frames: 2), file: "wave.png")], "the same frames as an APNG"))
    ]

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let format = image.kind.format, format == .gif || format == .jpeg else { return [] }
        return [Finding(path: image.path, message: Self.message(format), fixes: format == .gif ? [.convert] : [])]
    }

    fileprivate static func message(_ format: ImageFormat) -> String {
        format == .gif
            ? "content is GIF: Apple suggests APNG for animated stickers (full colour, smooth edges) and PNG for still ones"
            : "content is JPEG: Apple suggests PNG, which keeps the transparent background a sticker needs"
    }
}
