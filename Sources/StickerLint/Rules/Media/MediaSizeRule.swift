/// Message media far from the recommended 300 × 300 points at 3× (900 × 900 px).
struct MediaSizeRule: Rule {
    static let description = RuleDescription(
        id: "media-size", category: .media, severity: .note, appliesTo: [.media],
        rationale: "Apple recommends 300 × 300 points at 3× (900 × 900 px) for the image of an interactive message; "
            + "slightly larger or smaller is accepted and Messages scales it. Far from that size it is blurred or "
            + "wastes bytes: this notes a side outside two thirds to four thirds of 900 px (600–1200 px).",
        passing: [.media(.png(width: 900, height: 900, style: .opaque)), .media(.png(width: 600, height: 1200, style: .opaque))],
        failing: [.media(.png(width: 408, height: 408, style: .opaque)), .media(.png(width: 900, height: 1201, style: .opaque))])

    static let recommended = 900
    static let range = 600...1200

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let header = image.readableHeader,
            !Self.range.contains(header.width) || !Self.range.contains(header.height)
        else { return [] }
        return [Finding(path: image.path, message: Self.message(header.width, header.height))]
    }

    fileprivate static func message(_ width: Int, _ height: Int) -> String {
        "image is \(width)×\(height) px; Messages recommends \(recommended)×\(recommended) px (300×300 pt at 3×) for "
            + "message media and scales other sizes (keep each side within \(range.lowerBound)–\(range.upperBound) px)"
    }
}
