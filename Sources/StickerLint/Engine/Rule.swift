import StickerCatalog

/// The kind of thing a rule looks at, for grouping in `stickerlint rules` and the docs.
public enum RuleCategory: String, Sendable, Hashable, CaseIterable {
    case file
    case pixels
    case animation
    case catalog
    case pack
}

/// A rule's self-description: identity, default severity, why it exists, and examples that run as tests.
public struct RuleDescription: Sendable {
    /// Stable kebab-case ID used in configuration and reports.
    public var id: String
    public var name: String
    public var category: RuleCategory
    public var severity: Severity
    /// Why the rule exists, in a sentence or two.
    public var rationale: String
    /// What the rule reports in cases other than its default severity, for the docs.
    public var severityNote: String?
    /// Whether the rule also checks iMessage App Icon images (most rules are for stickers only).
    public var appliesToIcons: Bool
    /// Whether the rule needs decoded pixels (otherwise headers suffice).
    public var needsPixels: Bool
    /// Inputs on which the rule must stay silent.
    public var passing: [RuleExample]
    /// Inputs on which the rule must fire.
    public var failing: [RuleExample]

    public init(id: String, name: String, category: RuleCategory, severity: Severity, rationale: String,
                severityNote: String? = nil, appliesToIcons: Bool = false, needsPixels: Bool = false,
                passing: [RuleExample], failing: [RuleExample]) {
        self.id = id
        self.name = name
        self.category = category
        self.severity = severity
        self.rationale = rationale
        self.severityNote = severityNote
        self.appliesToIcons = appliesToIcons
        self.needsPixels = needsPixels
        self.passing = passing
        self.failing = failing
    }
}

/// A check. Rules report findings; the engine decides the final severity from configuration.
///
/// A rule implements whichever of the three checks concern it; the others report nothing.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    /// Checks one image (stickers, sequence frames, loose images; icons only when `appliesToIcons`).
    func check(image: ImageFacts, context: LintContext) -> [Finding]
    /// Checks one pack with its stickers in display order.
    func check(pack: PackFacts, context: LintContext) -> [Finding]
    /// Checks what the catalog reader found.
    func check(catalog: CatalogFacts, context: LintContext) -> [Finding]
}

extension Rule {
    public func check(image: ImageFacts, context: LintContext) -> [Finding] { [] }
    public func check(pack: PackFacts, context: LintContext) -> [Finding] { [] }
    public func check(catalog: CatalogFacts, context: LintContext) -> [Finding] { [] }
}
