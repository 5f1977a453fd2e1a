import StickerCatalog

/// Warns when a sticker's size differs from its pack's grid.
struct GridSizeRule: CorrectableRule {
    static let description = RuleDescription(
        id: "grid-size", category: .pixels, severity: .warning,
        rationale: "Messages shows a pack's stickers at its grid size (small 300 px, regular 408 px, large 618 px); "
            + "other sizes are scaled, so they blur or waste bytes.",
        passing: [.pack([.sticker("Cat", .png(width: 408, height: 408))], "a 408×408 sticker in a regular pack")],
        failing: [
            .pack([.sticker("Cat", .png(width: 300, height: 300))], "a 300×300 sticker in a regular pack"),
            .loose(.png(width: 618, height: 618), grid: .small, "a 618×618 loose sticker checked with --grid small")
        ])

    static let corrections = [
        Correction(
            .resize, "resamples a sticker larger than its pack's grid down to it, frame by frame (Lanczos3)",
            before: .pack([.sticker("Cat", .png(width: 618, height: 618))], "a 618×618 sticker in a regular pack"),
            after: .pack([.sticker("Cat", .png(width: 408, height: 408))], "the sticker at 408×408"))
    ]

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let grid = image.grid, let header = image.header else { return [] }
        let side = max(header.width, header.height)
        guard side != grid.pixels else { return [] }
        return [Finding(path: image.path, message: Self.message(side, grid), fixes: side > grid.pixels ? [.resize] : [])]
    }

    fileprivate static func message(_ side: Int, _ grid: GridSize) -> String {
        let difference = abs(side - grid.pixels)
        let way = side > grid.pixels ? "larger" : "smaller"
        return "longer side is \(side) px, \(difference) px \(way) than the \(grid.pixels) px of the \(grid.displayName) grid"
    }
}
