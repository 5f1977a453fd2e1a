import StickerCatalog
/// Warns when a sticker has transparency but an opaque border all around.
struct OpaqueBackgroundRule: Rule {
    static let description = RuleDescription(
        id: "opaque-background", category: .pixels, severity: .warning, needs: [.pixels],
        rationale: "A sticker whose every border pixel is opaque shows as a box over the bubble, even though it has "
            + "transparent pixels inside: the background was probably not removed.",
        passing: [.loose(.png(width: 408, height: 408))],
        failing: [.loose(.png(width: 408, height: 408, style: .boxed))])

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let pixels = image.pixels, pixels.hasTransparentPixel, pixels.borderIsOpaque else { return [] }
        return [Finding(path: image.path, message: Self.message)]
    }

    fileprivate static let message =
        "every pixel on the canvas border is opaque although the image has transparent "
        + "pixels: over a message bubble it shows as a box"
}
