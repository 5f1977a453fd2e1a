/// Every rule, in the order docs/rules.md lists them. `stickerlint rules` and docs/rules.md are generated from it.
public enum RuleRegistry {
    package static let all: [any Rule.Type] = [
        ImageUnreadableRule.self,
        UnsupportedFormatRule.self,
        FileExtensionRule.self,
        FileSizeRule.self,
        PixelDimensionsRule.self,
        SquareRule.self,
        GridSizeRule.self,
        TransparencyRule.self,
        OpaqueBackgroundRule.self,
        AnimatedFormatRule.self,
        PreferredFormatRule.self,
        AnimationStructureRule.self,
        FrameDelayRule.self,
        CatalogJSONRule.self,
        MissingFileRule.self,
        UnreferencedFileRule.self,
        UnknownKeyRule.self,
        GridSizeValueRule.self,
        MixedSizesRule.self,
        PathEscapeRule.self,
        StickerSequenceRule.self,
        AccessibilityLabelRule.self,
        DuplicateStickerRule.self,
        EmptyPackRule.self,
        IconSetRule.self,
        MediaFormatRule.self,
        MediaSizeRule.self,
        MediaCropRule.self,
        EvenDimensionsRule.self,
        PackCountRule.self,
        MixedAnimationRule.self,
        AnimationDurationRule.self,
        FrameCountRule.self,
        LoopCountRule.self,
        FrameRateRule.self,
        VideoStreamRule.self,
        LottieFeaturesRule.self,
        LottieCanvasRule.self,
        StickerNameRule.self,
        IdenticalFramesRule.self,
        PackManifestRule.self
    ]

    /// The rules as the engine takes them (`Linter`, `Configuration`).
    package static let rules = RuleSet(all)

    /// Every rule's ID, in the order docs/rules.md lists them.
    public static var ruleIDs: [RuleID] { all.map { $0.description.id } }

    /// The severity a rule's findings have unless a configuration says otherwise.
    public static func defaultSeverity(of id: RuleID) -> Severity? { rule(id)?.description.severity }

    /// Why a rule exists, as `stickerlint rules` and docs/rules.md say it.
    public static func rationale(of id: RuleID) -> String? { rule(id)?.description.rationale }

    /// Descriptions in registry order.
    package static var descriptions: [RuleDescription] { rules.descriptions }

    /// The rule with this ID.
    package static func rule(_ id: RuleID) -> (any Rule.Type)? { rules.rule(id) }

    /// The corrections of the rule with this ID (none for a rule that cannot repair what it finds).
    package static func corrections(_ id: RuleID) -> [Correction] { rule(id)?.offeredCorrections ?? [] }

    /// The ID a text names, when it names a rule: the one place text becomes a rule ID (configuration,
    /// JSON reports read back, command-line options).
    /// A rule's former ID (`deprecatedAliases`) gives its current one.
    public static func id(_ text: String) -> RuleID? { rules.id(text) }
}

extension RuleID {
    /// The IDs other layers name (variants judge their output by these rules).
    package static var pixelDimensions: RuleID { PixelDimensionsRule.id }
    package static var fileSize: RuleID { FileSizeRule.id }
}
