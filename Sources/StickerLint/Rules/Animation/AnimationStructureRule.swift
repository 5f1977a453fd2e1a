import StickerCatalog
import StickerImage

/// Flags APNG animation chunks that break the APNG specification.
struct AnimationStructureRule: Rule {
    static let description = RuleDescription(
        id: "animation-structure", category: .animation, severity: .error, appliesTo: ImageRole.stickers.union([.media]),
        rationale: "An APNG whose acTL, fcTL and fdAT chunks break the specification (acTL after IDAT, a frame "
            + "count that does not match, bad sequence numbers, a frame outside the canvas) is shown as its still "
            + "default image, or not at all.",
        passing: [.loose(.apng(side: 408, frames: 3))],
        failing: [.loose(.apngWithSequenceGap(side: 408))])

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        return image.animationIssues.map { Finding(path: image.path, message: Self.message($0)) }
    }

    fileprivate static func message(_ issue: AnimationStructureIssue) -> String {
        "\(issue); players show the still default image instead"
    }
}
