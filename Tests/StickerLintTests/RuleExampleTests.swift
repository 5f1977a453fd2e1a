import StickerCatalog
import StickerLint
import StickerReport
import StickerTestSupport
import Testing

/// Every rule's own examples: passing ones yield nothing from the rule, failing ones yield the rule.
@Suite("Rule examples")
struct RuleExampleTests {
    static let ids = RuleRegistry.descriptions.map(\.id)

    @Test("passing and failing examples behave as documented", arguments: ids)
    func examples(_ id: String) throws {
        let description = try #require(RuleRegistry.rule(id)).description
        for example in description.passing {
            let found = try Self.lint(example).filter { $0.rule == id }
            #expect(found.isEmpty, "\(id) fired on its passing example \"\(example.summary)\": \(found.map(\.message))")
        }
        for example in description.failing {
            let found = try Self.lint(example).filter { $0.rule == id }
            #expect(!found.isEmpty, "\(id) stayed silent on its failing example \"\(example.summary)\"")
        }
    }

    static func lint(_ example: RuleExample) throws -> [Diagnostic] {
        let scratch = Scratch()
        try example.write(to: scratch.path)
        let linter = Linter(configuration: Configuration(grid: example.grid), jobs: 2)
        return try linter.lint([scratch.path]).diagnostics
    }
}

@Suite("Rule registry")
struct RuleRegistryTests {
    @Test("IDs are unique kebab-case; every rule has a rationale and both kinds of example")
    func registry() {
        let descriptions = RuleRegistry.descriptions
        #expect(Set(descriptions.map(\.id)).count == descriptions.count)
        for d in descriptions {
            #expect(d.id.allSatisfy { $0.isLowercase || $0 == "-" } && !d.id.hasPrefix("-") && !d.id.hasSuffix("-"), "\(d.id)")
            #expect(d.rationale.count > 40, "\(d.id) rationale")
            #expect(!d.passing.isEmpty && !d.failing.isEmpty, "\(d.id) examples")
        }
    }

    @Test("the registry holds exactly the rule IDs of SPEC §4")
    func specRules() {
        let spec = ["image-unreadable", "unsupported-format", "file-extension", "file-size", "pixel-dimensions", "square",
                    "grid-size", "transparency", "opaque-background", "animated-format", "preferred-format",
                    "animation-structure", "frame-delay", "catalog-json", "missing-file", "unreferenced-file",
                    "grid-size-value", "mixed-sizes", "path-escape", "sticker-sequence", "accessibility-label",
                    "duplicate-sticker", "empty-pack", "icon-set"]
        #expect(RuleRegistry.descriptions.map(\.id) == spec)
        let defaults: [String: Severity] = ["square": .warning, "grid-size": .warning, "opaque-background": .warning,
                                            "preferred-format": .note, "frame-delay": .warning, "unreferenced-file": .warning,
                                            "mixed-sizes": .warning, "duplicate-sticker": .warning]
        for d in RuleRegistry.descriptions { #expect(d.severity == defaults[d.id, default: .error], "\(d.id)") }
    }

    @Test("docs/rules.md equals `stickerlint rules --format markdown`")
    func rulesDocument() throws {
        let committed = try Conformance.readProjectFile("docs/rules.md")
        #expect(committed == RulesDocument.markdown(), "regenerate with: swift run stickerlint rules --format markdown > docs/rules.md")
    }
}
