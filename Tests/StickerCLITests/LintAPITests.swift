import StickerFiles
import StickerLint
import StickerTestSupport
import Testing

/// The lint API a dependent package sees (#53.9): `Linter`, `Configuration`, `LintResult`, `Diagnostic`
/// and `RuleRegistry`, public; the engine behind them `package`. The snippets are type-checked as a
/// dependent's code (no `-package-name`), and the first one's calls run here too.
@Suite("the public lint API")
struct LintAPITests {
    static let dependent = """
        import StickerLint
        func check(_ folder: String) throws -> [String] {
            var configuration = try Configuration.find(from: folder).map { try Configuration.load(path: $0) } ?? Configuration()
            try configuration.useProfile(named: "sticker")
            let result = try Linter(configuration: configuration, jobs: 2).lint([folder])
            let failing = result.fails(strict: false) || result.errorCount + result.warningCount + result.noteCount > 0
            _ = (failing, result.imageCount, Configuration.profileNames, Linter.defaultJobs)
            return result.diagnostics.map { d in
                let why = RuleRegistry.rationale(of: d.rule) ?? ""
                let usual: Severity? = RuleRegistry.defaultSeverity(of: d.rule)
                return "\\(d.path): \\(d.severity.rawValue) \\(d.rule): \\(d.message) \\(why.count) \\(usual == d.severity)"
            } + RuleRegistry.ruleIDs.map(\\.rawValue)
        }
        """

    /// What stays inside the package: the rules' descriptions, a finding's edits, the result's files.
    static let inside = [
        "import StickerLint\nlet _ = RuleRegistry.descriptions",
        "import StickerLint\nfunc f(_ d: Diagnostic) { _ = d.fixes }",
        "import StickerLint\nfunc f(_ r: LintResult) { _ = r.files }",
        "import StickerLint\nfunc f(_ d: inout Diagnostic) { d.message = \"\" }"
    ]

    @Test("a dependent's code lints with the public API; the engine's members are out of its reach")
    func dependent() throws {
        let scratch = Scratch()
        let (status, said) = try CorrectableRuleTypeTests.typecheck(Self.dependent, in: scratch, asPackage: false)
        #expect(status == 0, "\(said)")
        for source in Self.inside {
            let (refused, why) = try CorrectableRuleTypeTests.typecheck(source, in: scratch, asPackage: false)
            #expect(refused != 0 && (why.contains("inaccessible") || why.contains("package") || why.contains("setter")), "\(source): \(why)")
        }
    }

    @Test("the calls a dependent makes: a folder's findings, in report order, with their rule's default and rationale")
    func calls() throws {
        let scratch = Scratch()
        try scratch.write("Art/small.png", ExampleContent.png(width: 200, height: 200).bytes())
        try scratch.write("Art/good.png", ExampleContent.png(width: 408, height: 408).bytes())
        var configuration = Configuration()
        try configuration.useProfile(named: "sticker")
        let result = try Linter(configuration: configuration, jobs: 2).lint([scratch.at("Art")])
        #expect(result.imageCount == 2 && result.errorCount == 1 && result.fails(strict: false))
        let finding = try #require(result.diagnostics.first)
        #expect(finding.rule == RuleRegistry.id("pixel-dimensions") && finding.path == scratch.at("Art/small.png"))
        #expect(finding.severity == RuleRegistry.defaultSeverity(of: finding.rule) && !(RuleRegistry.rationale(of: finding.rule) ?? "").isEmpty)
        #expect(RuleRegistry.ruleIDs.count == Set(RuleRegistry.ruleIDs).count && RuleRegistry.ruleIDs.contains(finding.rule))
        do {
            try configuration.useProfile(named: "myspace")
            Issue.record("an unknown profile was taken")
        } catch {
            #expect(error.description.contains("unknown profile \"myspace\" (one of sticker, message-media, whatsapp"), "\(error)")
        }
    }
}
