import StickerCatalog
import StickerImage

/// Flags stickers with no transparent pixel at all.
struct TransparencyRule: Rule {
    static let description = RuleDescription(
        id: "transparency", category: .pixels, severity: .error, needs: [.pixels],
        rationale: "Stickers are placed over message bubbles and photos, so they must have a transparent "
            + "background; a file without a single transparent pixel shows as an opaque box.",
        passing: [.loose(.png(width: 408, height: 408))],
        failing: [.loose(.png(width: 408, height: 408, style: .opaque)), .loose(.jpeg(side: 408))])

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let header = image.readableHeader else { return [] }
        if header.format == .jpeg { return [Finding(path: image.path, message: Self.jpeg)] }
        if !header.hasAlpha { return [Finding(path: image.path, message: Self.noAlpha)] }
        if let pixels = image.pixels, !pixels.hasTransparentPixel {
            return [Finding(path: image.path, message: Self.allOpaque(frames: header.frameCount))]
        }
        return []
    }

    fileprivate static let jpeg = "JPEG cannot be transparent: stickers need a transparent background"
    fileprivate static let noAlpha = "image has no alpha channel or transparent colour: stickers need a transparent background"

    fileprivate static func allOpaque(frames: Int) -> String {
        frames > 1
            ? "every pixel of all \(frames) frames is opaque: stickers need a transparent background"
            : "every pixel is opaque: stickers need a transparent background"
    }
}
