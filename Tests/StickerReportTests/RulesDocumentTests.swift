import StickerLint
import StickerReport
import StickerTestSupport
import Testing

@Suite("Rules document")
struct RulesDocumentTests {
    @Test("docs/rules.md equals `stickerlint rules --format markdown`")
    func rulesDocument() throws {
        let committed = try Conformance.readProjectFile("docs/rules.md")
        let (status, generated, _) = try CLI.run(["rules", "--format", "markdown"])
        #expect(status == 0)
        #expect(committed == generated, "regenerate with: swift run stickerlint rules --format markdown > docs/rules.md")
    }

    @Test("without the command line's table of options, the document names no option for an unsafe fix: it says unsafe")
    func noOptionBelowTheCLI() {
        let document = RulesDocument.markdown()
        #expect(document.contains("(unsafe): ") && !document.contains("unsafe, with"))
        #expect(document.contains("(safe, by default): "))
        let named = RulesDocument.markdown(editFlags: EditFlags([.fit: "--fit-it"]))
        #expect(named.contains("(unsafe, with `--fit-it`): ") && named.contains("(unsafe): "))
    }
}
