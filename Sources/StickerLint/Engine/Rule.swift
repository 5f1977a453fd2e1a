import StickerCatalog

/// The kind of thing a rule looks at, for grouping in `stickerlint rules` and the docs.
public enum RuleCategory: String, Sendable, Hashable, CaseIterable {
    case file
    case pixels
    case animation
    case catalog
    case pack
}

/// What a rule needs to know about the images it checks. The engine decodes no deeper than the
/// enabled rules need.
public enum RuleNeed: String, Sendable, Hashable, CaseIterable {
    /// The file's size, kind and header (always known).
    case header
    /// The pixels of the frames, until the pixel answers (transparency, border) are settled.
    case pixels
    /// Every frame decoded to the end (to find corrupt data late in a file, or every frame's delay).
    case allFrames
    /// A digest of every frame's pixels, to compare stickers.
    case digest
}

/// A rule's self-description: identity, default severity, why it exists, what it needs, where it
/// applies, and examples that run as tests.
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
    /// What the rule needs to know about each image.
    public var needs: Set<RuleNeed>
    /// The roles of the images `check(image:context:)` is called for (icons are never stickers).
    public var appliesTo: Set<ImageRole>
    /// Inputs on which the rule must stay silent.
    public var passing: [RuleExample]
    /// Inputs on which the rule must fire.
    public var failing: [RuleExample]

    public init(id: String, name: String, category: RuleCategory, severity: Severity, rationale: String,
                severityNote: String? = nil, needs: Set<RuleNeed> = [.header], appliesTo: Set<ImageRole> = ImageRole.stickers,
                passing: [RuleExample], failing: [RuleExample]) {
        self.id = id
        self.name = name
        self.category = category
        self.severity = severity
        self.rationale = rationale
        self.severityNote = severityNote
        self.needs = needs
        self.appliesTo = appliesTo
        self.passing = passing
        self.failing = failing
    }
}

/// A check. Rules report findings; the engine decides the final severity from configuration.
///
/// A rule implements whichever checks concern it; the others report nothing. A new rule is one file
/// with a type conforming to `Rule`, plus its line in `RuleRegistry.all` (a test fails without it).
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    /// Checks one image whose role is in `description.appliesTo`.
    func check(image: ImageFacts, context: LintContext) -> [Finding]
    /// Checks one sticker or sequence, in a pack or given on its own.
    func check(entry: PackEntry, context: LintContext) -> [Finding]
    /// Checks one pack read whole, with its stickers in display order.
    func check(pack: StickerPack, context: LintContext) -> [Finding]
    /// Checks the whole scan once: what the reader could not read, icon sets, Contents.json files.
    func check(scan: CatalogScan, context: LintContext) -> [Finding]
}

extension Rule {
    public func check(image: ImageFacts, context: LintContext) -> [Finding] { [] }
    public func check(entry: PackEntry, context: LintContext) -> [Finding] { [] }
    public func check(pack: StickerPack, context: LintContext) -> [Finding] { [] }
    public func check(scan: CatalogScan, context: LintContext) -> [Finding] { [] }
}
