import StickerReport
import StickerTestSupport
import Testing

@Suite("Rules document")
struct RulesDocumentTests {
    @Test("docs/rules.md equals `stickerlint rules --format markdown`")
    func rulesDocument() throws {
        let committed = try Conformance.readProjectFile("docs/rules.md")
        #expect(committed == RulesDocument.markdown(), "regenerate with: swift run stickerlint rules --format markdown > docs/rules.md")
    }
}
