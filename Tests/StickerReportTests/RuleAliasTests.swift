import StickerCatalog
import StickerFiles
import StickerLint
import StickerReport
import StickerTestSupport
import Testing

/// A renamed rule keeps configurations and baselines working (SwiftLint's `deprecatedAliases`): text
/// naming a former ID resolves to the current one, in the one place text becomes a rule ID.
@Suite("Rule aliases")
struct RuleAliasTests {
    /// A rule as it would stand after a rename from "old-name" to "new-name".
    struct RenamedRule: Rule {
        static let description = RuleDescription(
            id: "new-name", category: .file, severity: .warning, rationale: "a renamed rule, for this test",
            deprecatedAliases: ["old-name"], passing: [], failing: [])
    }

    struct OtherRule: Rule {
        static let description = RuleDescription(
            id: "other", category: .file, severity: .warning, rationale: "another rule, for this test", passing: [], failing: [])
    }

    @Test("a former ID names the rule by its current one; a current ID wins over another rule's former one")
    func formerIDResolves() {
        let rules: [any Rule.Type] = [OtherRule.self, RenamedRule.self]
        #expect(RuleSet(rules).id("old-name")?.rawValue == "new-name")
        #expect(RuleSet(rules).id("new-name")?.rawValue == "new-name")
        #expect(RuleSet(rules).id("other")?.rawValue == "other")
        #expect(RuleSet(rules).id("old_name") == nil)
        #expect(RuleSet(rules).id("Old-Name") == nil)
    }

    @Test("no former ID of a registered rule is another rule's ID or claimed twice")
    func aliasesAreUnambiguous() {
        let ids = Set(RuleRegistry.descriptions.map { $0.id.rawValue })
        let aliases = RuleRegistry.descriptions.flatMap { $0.deprecatedAliases }
        #expect(ids.isDisjoint(with: aliases), "\(ids.intersection(aliases))")
        #expect(Set(aliases).count == aliases.count)
        for alias in aliases { #expect(RuleRegistry.id(alias).map { ids.contains($0.rawValue) } == true) }
    }

    @Test("a baseline recorded under a rule's former ID still hides that finding")
    func baselineUnderFormerID() throws {
        let scratch = Scratch()
        let sticker = scratch.at("big.png")
        try scratch.write("big.png", ExampleContent.paddedPNG(side: 408, bytes: 520_000).bytes())
        let result = try Linter(jobs: 1).lint([sticker])
        let finding = try #require(result.diagnostics.first { $0.rule == .fileSize })
        let entry: JSONValue = .object([("rule", .string("old-file-size")), ("path", .string(finding.path)), ("message", .string(finding.message))])
        try scratch.write("baseline.json", JSONValue.object([("version", .int(1)), ("findings", .array([entry]))]).serialized())
        let renamed: (String) -> RuleID? = { $0 == "old-file-size" ? .fileSize : RuleRegistry.id($0) }
        let hidden = try Baseline.load(scratch.at("baseline.json"), resolve: renamed).filter(result)
        #expect(!hidden.diagnostics.contains { $0.rule == .fileSize })
        // Without the alias, the old name matches nothing: the finding comes back.
        let unresolved = try Baseline.load(scratch.at("baseline.json")).filter(result)
        #expect(unresolved.diagnostics.contains { $0.rule == .fileSize })
    }

    @Test("a baseline hides a finding only as it was worded: the same rule and file with another message comes back")
    func baselineMatchesTheMessage() throws {
        let scratch = Scratch()
        let sticker = scratch.at("big.png")
        try scratch.write("big.png", ExampleContent.paddedPNG(side: 408, bytes: 520_000).bytes())
        let result = try Linter(jobs: 1).lint([sticker])
        let finding = try #require(result.diagnostics.first { $0.rule == .fileSize })
        func baseline(_ message: String) throws -> LintResult {
            let entry: JSONValue = .object([("rule", .string("file-size")), ("path", .string(finding.path)), ("message", .string(message))])
            try scratch.write("baseline.json", JSONValue.object([("version", .int(1)), ("findings", .array([entry]))]).serialized())
            return try Baseline.load(scratch.at("baseline.json")).filter(result)
        }
        #expect(!(try baseline(finding.message)).diagnostics.contains { $0.rule == .fileSize })
        // The file grew by a byte since the baseline was taken: its finding says so, and is shown again.
        #expect((try baseline(finding.message + " ")).diagnostics.contains { $0.rule == .fileSize })
    }
}
