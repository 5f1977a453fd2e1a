import StickerCatalog
/// Warns about stickers that are not square.
struct SquareRule: Rule {
    static let description = RuleDescription(
        id: "square", category: .pixels, severity: .warning,
        rationale: "Messages lays stickers out in square cells; a non-square sticker is scaled to fit and looks "
            + "smaller than its neighbours.",
        passing: [.loose(.png(width: 408, height: 408))],
        failing: [.loose(.png(width: 408, height: 300))])

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let header = image.header, header.width != header.height else { return [] }
        return [Finding(path: image.path, message: Self.message(header.width, header.height))]
    }

    fileprivate static func message(_ w: Int, _ h: Int) -> String {
        "image is \(w)×\(h) px, not square"
    }
}
