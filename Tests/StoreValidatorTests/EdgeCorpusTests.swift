import Foundation
import StickerLint
import StickerTestSupport
import Testing

/// #54: every number of each store's source, at its edge and one past, judged three ways that must
/// agree: by hand from the source (the case's `accepted`), by the transcription of the store's own
/// validator (this module), and by `stickerlint check --profile STORE` (accepted: no error).
@Suite("the stores' own validators, transcribed: the edge corpus")
struct EdgeCorpusTests {
    @Test("the corpus holds every store's edges: at least 122 cases, both sides of each")
    func size() {
        #expect(EdgeCase.all.count >= 122, "\(EdgeCase.all.count) cases")
        for store in ["whatsapp", "telegram", "telegram-emoji", "signal", "line", "discord"] {
            let cases = EdgeCase.all.filter { $0.store == store }
            #expect(cases.contains { $0.accepted } && cases.contains { !$0.accepted }, "\(store)")
        }
        #expect(Set(EdgeCase.all.map { "\($0.store) \($0.name)" }).count == EdgeCase.all.count, "case names repeat")
    }

    @Test("each case: the source's answer, the transcription's and stickerlint's agree", arguments: EdgeCase.all)
    func agree(_ edge: EdgeCase) throws {
        let scratch = Scratch()
        let path = try edge.build(scratch.path)
        let verdict = try edge.judge(path)
        #expect(verdict.accepted == edge.accepted, "transcription: \(verdict)")
        var configuration = Configuration()
        configuration.forcedProfile = Profile(rawValue: edge.store)
        let result = try Linter(configuration: configuration, jobs: 2).lint([path])
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty == edge.accepted, "stickerlint: \(errors.map { "\($0.rule.rawValue): \($0.message)" })")
    }
}
