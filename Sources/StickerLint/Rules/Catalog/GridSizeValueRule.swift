import StickerCatalog
/// Flags a pack grid-size that is not small, regular or large.
struct GridSizeValueRule: Rule {
    static let description = RuleDescription(
        id: "grid-size-value", category: .catalog, severity: .error,
        rationale: "A pack's grid-size must be small, regular or large; anything else is ignored and the pack is shown "
            + "at the regular size.",
        passing: [.pack(grid: "large", [.sticker("Cat", .png(width: 618, height: 618))], "a pack with grid-size large")],
        failing: [.pack(grid: "huge", [.sticker("Cat", .png(width: 408, height: 408))], "a pack with grid-size huge")])

    func check(pack: StickerPack, context: LintContext) -> [Finding] {
        guard let value = pack.gridSizeValue, GridSize(rawValue: value) == nil else { return [] }
        return [Finding(path: pack.path, message: Self.message(value))]
    }

    fileprivate static func message(_ value: String) -> String {
        if value == "medium" {
            return "grid-size \"medium\" is what Apple's design guidance calls the regular size, but Xcode only reads "
                + "\"regular\": write \"regular\" (Xcode uses regular meanwhile)"
        }
        return "grid-size \"\(value)\" is not small, regular or large"
            + Suggestion.didYouMean(value, among: GridSize.allCases.map(\.rawValue)) + "; Xcode uses regular instead"
    }
}
