import StickerCatalog

/// The kind of thing a rule looks at, for grouping in `stickerlint rules` and the docs.
package enum RuleCategory: String, Sendable, Hashable, CaseIterable {
    case file
    case pixels
    case animation
    case catalog
    case pack
    /// The media of interactive messages (the message-media profile).
    case media
}

/// What a rule needs to know about the images it checks. The engine decodes no deeper than the
/// enabled rules need.
package enum RuleNeed: String, Sendable, Hashable, CaseIterable {
    /// The file's size, kind and header (always known).
    case header
    /// The pixels of the frames, until the pixel answers (transparency, border) are settled.
    case pixels
    /// Every frame decoded to the end (to find corrupt data late in a file, or every frame's delay).
    case allFrames
    /// A digest of every frame's pixels, to compare stickers.
    case digest
    /// The first frame's side margins, which Messages crops from message media.
    case sideMargins
    /// Whether an animation's frames differ from its first (LINE refuses one that does not move).
    case distinctFrames
}

/// One kind of finding a rule reports besides its main one, with its own default severity;
/// `.stickerlint.yml` can set each case's severity (`accessibility-label: {missing: off}`).
package struct RuleCase: Sendable, Hashable {
    /// Kebab-case, unique within the rule: "near".
    package var id: String
    package var severity: Severity
    /// When it applies, for the docs: "a warning from 500,001 to 512,000 bytes: …".
    package var summary: String

    package init(_ id: String, _ severity: Severity, _ summary: String) {
        self.id = id
        self.severity = severity
        self.summary = summary
    }
}

/// A rule's stable kebab-case ID ("file-size"), used in configuration and reports. A type of its own:
/// code names a rule by its type (`FileSizeRule.id`), so renaming a rule cannot silently disconnect
/// anything; only the registry turns text into an ID (`RuleRegistry.id(_:)`).
public struct RuleID: RawRepresentable, Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public static func < (a: RuleID, b: RuleID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { rawValue }
}

/// A rule's self-description: identity, default severity, why it exists, what it needs, where it
/// applies, and examples that run as tests.
package struct RuleDescription: Sendable {
    /// Stable kebab-case ID used in configuration and reports.
    package var id: RuleID
    package var name: String { customName ?? Self.words(id.rawValue) }
    private let customName: String?
    package var category: RuleCategory
    package var severity: Severity
    /// Why the rule exists, in a sentence or two.
    package var rationale: String
    /// The ID of the rule's main case, whose default severity is `severity`: a plain `rule: warning` in
    /// `.stickerlint.yml` sets this case only.
    package var mainCase: String
    /// The rule's other cases, each with its own default severity.
    package var cases: [RuleCase]
    /// IDs the rule had before a rename: configurations, baselines and reports that name them keep
    /// working (SwiftLint's `deprecatedAliases`).
    package var deprecatedAliases: Set<String>
    /// What the rule needs to know about each image.
    package var needs: Set<RuleNeed>
    /// The roles of the images `check(image:context:)` is called for (icons are never stickers).
    package var appliesTo: Set<ImageRole.Kind>
    /// Of a store's stickers, the stores the rule judges (pack-manifest: those with a manifest).
    package var appliesToStore: @Sendable (Store) -> Bool

    /// Whether the rule judges an image in `role`.
    package func applies(to role: ImageRole) -> Bool {
        guard appliesTo.contains(role.kind) else { return false }
        if case .store(let store) = role { return appliesToStore(store) }
        return true
    }

    /// Whether the rule belongs to `profile`: it applies to one of the profile's roles.
    package func belongs(to profile: Profile) -> Bool {
        guard !appliesTo.isDisjoint(with: profile.roles) else { return false }
        if case .store(let store) = profile { return appliesToStore(store) }
        return true
    }

    /// The profiles the rule belongs to (catalog and pack rules apply to the sticker roles: the
    /// sticker profile's).
    package var profiles: [Profile] { Profile.allCases.filter(belongs(to:)) }
    /// Inputs on which the rule must stay silent.
    package var passing: [RuleExample] { makePassing() }
    /// Inputs on which the rule must fire.
    package var failing: [RuleExample] { makeFailing() }
    /// The examples are made when asked for (documentation, tests), never by a check: making every
    /// rule's examples was a tenth of a one-file check (Benchmarks/README.md, "Start-up").
    private let makePassing: @Sendable () -> [RuleExample]
    private let makeFailing: @Sendable () -> [RuleExample]

    /// `name` defaults to the ID in words ("file-size" → "File size"). The first line of a rule's description
    /// (ID, category, severity, main case, needs, roles) is what the engine and configuration read; the rest
    /// is documentation.
    package init(
        id: String, name: String? = nil, category: RuleCategory, severity: Severity, mainCase: String = "default",
        needs: Set<RuleNeed> = [.header], appliesTo: Set<ImageRole.Kind> = ImageRole.stickers,
        appliesToStore: @escaping @Sendable (Store) -> Bool = { _ in true }, rationale: String,
        cases: [RuleCase] = [], deprecatedAliases: Set<String> = [], passing: @autoclosure @escaping @Sendable () -> [RuleExample],
        failing: @autoclosure @escaping @Sendable () -> [RuleExample]
    ) {
        self.id = RuleID(rawValue: id)
        self.customName = name
        self.category = category
        self.severity = severity
        self.rationale = rationale
        self.mainCase = mainCase
        self.cases = cases
        self.deprecatedAliases = deprecatedAliases
        self.needs = needs
        self.appliesTo = appliesTo
        self.appliesToStore = appliesToStore
        self.makePassing = passing
        self.makeFailing = failing
    }
}

extension RuleDescription {
    /// "file-size" → "File size".
    static func words(_ id: String) -> String {
        let spaced = id.split(separator: "-", omittingEmptySubsequences: false).joined(separator: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    /// Every case ID, the main one first.
    package var caseIDs: [String] { [mainCase] + cases.map(\.id) }

    /// The default severity of a case (nil: the main case).
    package func defaultSeverity(case id: String?) -> Severity {
        cases.first { $0.id == id }?.severity ?? severity
    }

    /// What the rule reports at severities other than its default, for the docs.
    package var severityNote: String? { cases.isEmpty ? nil : cases.map(\.summary).joined(separator: "; ") }
}

/// A check. Rules report findings; the engine decides the final severity from configuration.
///
/// A rule implements whichever checks concern it; the others report nothing. A new rule is one file
/// with a type conforming to `Rule`, plus its line in the StickerLint module's `RuleRegistry.all` (a test fails without it).
package protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    /// Checks one image whose role is in `description.appliesTo`; every finding is at the image's path
    /// (a run that keeps to some files of a pack skips the other images: see `Linter.check`).
    func check(image: ImageFacts, context: LintContext) -> [Finding]
    /// Checks one sticker or sequence, in a pack or given on its own; every finding is at the entry's path.
    func check(entry: PackEntry, context: LintContext) -> [Finding]
    /// Checks one pack read whole, with its stickers in display order.
    func check(pack: StickerPack, context: LintContext) -> [Finding]
    /// Checks the whole scan once: what the reader could not read, icon sets, Contents.json files.
    func check(scan: CatalogScan, context: LintContext) -> [Finding]
}

extension Rule {
    /// The rule's ID.
    package static var id: RuleID { description.id }

    package func check(image: ImageFacts, context: LintContext) -> [Finding] { [] }
    package func check(entry: PackEntry, context: LintContext) -> [Finding] { [] }
    package func check(pack: StickerPack, context: LintContext) -> [Finding] { [] }
    package func check(scan: CatalogScan, context: LintContext) -> [Finding] { [] }
}

/// The rules a linter runs and a configuration may name, in the order the documents list them. The
/// engine knows no rule: the StickerLint module, above it, hands down its registry (`RuleRegistry.rules`),
/// and a test may hand down others.
package struct RuleSet: Sendable {
    package let all: [any Rule.Type]

    package init(_ all: [any Rule.Type]) { self.all = all }

    /// Descriptions in order.
    package var descriptions: [RuleDescription] { all.map { $0.description } }

    /// The rule with this ID.
    package func rule(_ id: RuleID) -> (any Rule.Type)? { all.first { $0.description.id == id } }

    /// The ID a text names: a current ID, else the rule that had it as a former one (`deprecatedAliases`).
    package func id(_ text: String) -> RuleID? {
        all.first { $0.description.id.rawValue == text }?.id ?? all.first { $0.description.deprecatedAliases.contains(text) }?.id
    }
}
