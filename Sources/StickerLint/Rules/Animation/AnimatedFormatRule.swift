import StickerCatalog
import StickerImage

/// Flags an animated format holding a single frame.
struct AnimatedFormatRule: Rule {
    static let description = RuleDescription(
        id: "animated-format", category: .animation, severity: .error, appliesTo: ImageRole.stickers.union([.media]),
        rationale: "Messages treats APNG and GIF stickers as animated; a one-frame animation wastes bytes and may be "
            + "shown with animation chrome. Use PNG for still stickers.",
        passing: [.loose(.gif(side: 408, frames: 2)), .loose(.apng(side: 408, frames: 2))],
        failing: [.loose(.gif(side: 408, frames: 1)), .loose(.apng(side: 408, frames: 1))])

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let header = image.header, header.format.isAnimatable,
            header.frameCount == 1, image.animationIssues.isEmpty
        else { return [] }
        return [Finding(path: image.path, message: Self.message(header.format))]
    }

    fileprivate static func message(_ format: ImageFormat) -> String {
        "\(format.displayName) has a single frame: use PNG for still stickers"
    }
}
