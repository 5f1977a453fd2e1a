/// Content in the strips Messages crops from the sides of message media.
struct MediaCropRule: Rule {
    static let description = RuleDescription(
        id: "media-crop", category: .media, severity: .note, needs: [.sideMargins], appliesTo: [.media],
        rationale: "Messages crops 6 points from the left and right edges of an interactive message's image (18 px of a "
            + "900 px image) and rounds its corners. Content there is cut off: this notes pixels in those strips that "
            + "differ from the image's own edge colour in their row.",
        passing: [.media(.png(width: 900, height: 900)), .media(.png(width: 900, height: 900, style: .opaque))],
        failing: [.media(.png(width: 900, height: 900, style: .boxed), "a 900×900 PNG with a frame drawn at its very edge")])

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let margins = image.pixels?.sideMargins, margins.leftHasContent || margins.rightHasContent else { return [] }
        let sides = margins.leftHasContent && margins.rightHasContent ? "left and right" : margins.leftHasContent ? "left" : "right"
        return [Finding(path: image.path, message: Self.message(sides, margins.width))]
    }

    fileprivate static func message(_ sides: String, _ width: Int) -> String {
        "content reaches into the \(sides) \(width) px that Messages crops from message media (6 of its 300 points): "
            + "keep it clear of the sides"
    }
}
