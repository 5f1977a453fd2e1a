import StickerImage

/// A TGS drawing past its canvas, where a store asks that it stay on it (Telegram).
struct LottieCanvasRule: Rule {
    static let description = RuleDescription(
        id: "lottie-canvas", category: .animation, severity: .warning, appliesTo: ImageRole.stores,
        appliesToStore: { $0.limits.hasKind { $0.keepsDrawingOnCanvas } },
        rationale: Store.rationale("lottie-canvas", separator: " ").suffixed(" ") + "Measured by drawing the animation with "
            + "rlottie on a margin as wide as its shapes reach (1 to \(LottieRenderer.overflowMargin) canvases): a pixel wholly past the "
            + "canvas, with some alpha, is a shape leaving it (every frame of a play of up to \(LottieRenderer.overflowFrames), that many "
            + "spread evenly over a longer one; a canvas over \(LottieRenderer.overflowSide) px is drawn at \(LottieRenderer.overflowSide) "
            + "px). An animation rlottie does not draw (one starting before frame 0, a frame painting over "
            + "\(LottieRenderer.maxPainted) times the canvas, a shape further out) is said as not drawn, with why.",
        passing: Store.passing("lottie-canvas"), failing: Store.failing("lottie-canvas"))

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let (store, kind) = image.storeKind, kind.keepsDrawingOnCanvas, case .lottie(let lottie)? = image.motion else { return [] }
        if let undrawn = lottie.undrawn {
            return [
                Finding(
                    path: image.path,
                    message: "drawing not measured against the \(lottie.width)×\(lottie.height) canvas \(store.name)'s animated stickers keep "
                        + "their objects on, as rlottie's drawing is refused: \(undrawn)")
            ]
        }
        guard let overflow = lottie.overflow else { return [] }
        let frames = overflow.framesText(total: lottie.frames)
        return [
            Finding(
                path: image.path,
                message: "drawing leaves its \(lottie.width)×\(lottie.height) canvas by up to \(overflow.pixels.grouped) px in \(frames): "
                    + "\(store.name)'s animated stickers keep their objects on the canvas")
        ]
    }
}
