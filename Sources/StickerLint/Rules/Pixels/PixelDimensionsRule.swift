import StickerCatalog
import StickerImage

/// Flags stickers outside Messages' 300–618 px range at @3x, from the header alone.
struct PixelDimensionsRule: CorrectableRule {
    static let description = RuleDescription(
        id: "pixel-dimensions", category: .pixels, severity: .error, appliesTo: ImageRole.stickers.union(ImageRole.stores),
        rationale: "Sticker images are always @3x and must be 300×300 to 618×618 px; Messages rejects smaller or "
            + "larger ones. Under another store's profile, that store's sizes: " + Store.rationale("pixel-dimensions") + ".",
        cases: [
            RuleCase(
                "unstated", .warning,
                "a warning where the store's documentation does not state the size plainly"
                    + Store.rationale("pixel-dimensions.unstated").parenthesized)
        ],
        passing: [.loose(.png(width: 300, height: 300)), .loose(.png(width: 618, height: 618))] + Store.passing("pixel-dimensions"),
        failing: [.loose(.png(width: 200, height: 200)), .loose(.png(width: 408, height: 700))] + Store.failing("pixel-dimensions"))

    static let corrections = [
        Correction(
            .resize, "resamples a sticker larger than 618 px (or than its pack's grid) down to it, frame by frame (Lanczos3)",
            before: .loose(.png(width: 700, height: 700), named: "cat.png"),
            after: .loose(.png(width: 618, height: 618), named: "cat.png"))
    ]

    static let range = StickerLimits.pixelRange

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        if let (store, kind) = image.storeKind, let (width, height) = image.canvas {
            guard !kind.sides.allows(width: width, height: height) else { return [] }
            let what = kind.noun == "a still sticker" ? "stickers" : kind.plural
            return [
                Finding(
                    path: image.path,
                    message:
                        "\(image.motion == nil ? "image" : "canvas") is \(width)×\(height) px; \(store.name) takes \(what) \(kind.sides.wording)",
                    case: kind.sidesStated ? nil : "unstated")
            ]
        }
        guard let header = image.header, !image.role.isStore else { return [] }
        guard !Self.range.contains(header.width) || !Self.range.contains(header.height) else { return [] }
        let tooLarge = max(header.width, header.height) > Self.range.upperBound
        return [
            Finding(path: image.path, message: Self.message(header.width, header.height), fixes: tooLarge && image.role != .icon ? [.resize] : [])
        ]
    }

    fileprivate static func message(_ w: Int, _ h: Int) -> String {
        "image is \(w)×\(h) px; stickers must be 300–618 px on each side at @3x"
    }
}
