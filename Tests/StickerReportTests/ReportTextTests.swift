import Foundation
import StickerLint
@testable import StickerReport
import StickerTestSupport
import Testing

/// The report's base64 (every preview goes through it) against Foundation's, at every length
/// remainder, and read back by its decoder; HTML escaping with and without anything to escape.
@Suite("report text")
struct ReportTextTests {
    @Test("base64 encodes as Foundation does and decodes back, lengths 0 to 300 and every byte value")
    func base64SameAsFoundation() {
        var random = SeededRandom(state: 29)
        let everyByte = (0...255).map(UInt8.init)
        for length in 0...300 {
            let bytes = length == 256 ? everyByte : (0..<length).map { _ in random.byte() }
            let encoded = Base64.encode(bytes)
            #expect(encoded == Data(bytes).base64EncodedString(), "\(length) bytes")
            #expect(Base64.decode(encoded) == bytes, "\(length) bytes")
        }
    }

    @Test("a report output gives the bytes of its pieces in order: text of every size, base64 across its 48 KB steps, blocks of 64 KB")
    func reportOutput() throws {
        var random = SeededRandom(state: 31)
        var written: [[UInt8]] = []
        let output = ReportOutput { written.append(Array($0)) }
        var expected: [UInt8] = []
        let step = ReportOutput.base64Step
        for size in [0, 1, 2, 3, step - 1, step, step + 1, 2 * step + 2, 150_000] {
            let bytes = (0..<size).map { _ in random.byte() }
            // Base64 of a slice that does not start at 0, as cached previews are.
            let padded = [7, 7] + bytes
            try output.base64(padded[2...])
            expected += Array(Data(bytes).base64EncodedString().utf8)
            let text = size == 150_000 ? String(repeating: "é", count: 40_000) : "<\(size)>"
            try output.text(text)
            expected += Array(text.utf8)
        }
        try output.flush()
        #expect(written.joined().elementsEqual(expected))
        // Gathered into blocks, not a hand-over per piece (the one large text piece goes out on its
        // own, after what was gathered before it); none is empty.
        #expect(written.count <= expected.count / ReportOutput.blockSize + 3, "\(written.count) hand-overs")
        #expect(written.allSatisfy { !$0.isEmpty })
    }

    @Test("an HTML report streamed into a report output is the rendered page, byte for byte")
    func htmlThroughReportOutput() throws {
        let result = try Linter(jobs: 2, thumbnailSide: HTMLReporter.thumbnailSide).lint([Conformance.projectRoot + "/SamplePacks"])
        var streamed: [UInt8] = []
        let output = ReportOutput { streamed += $0 }
        try HTMLReporter().stream(result, to: output)
        try output.flush()
        #expect(!result.thumbnails.isEmpty)
        #expect(streamed == Array(HTMLReporter().render(result).utf8))
    }

    @Test(
        "HTML escaping: the five characters, alone and among others; text without them is kept as it is",
        arguments: [
            ("a & b", "a &amp; b"), ("<x>", "&lt;x&gt;"), ("say \"hi\"", "say &quot;hi&quot;"), ("it's", "it&#39;s"),
            ("Cat.sticker/cat.png", "Cat.sticker/cat.png"), ("", ""), ("e\u{301}t\u{E9} & 🐱", "e\u{301}t\u{E9} &amp; 🐱"),
            ("\u{301}<", "\u{301}&lt;"), ("café ☕️ 100%", "café ☕️ 100%")
        ])
    func escape(_ text: String, _ expected: String) {
        #expect(Array(HTML.escape(text).unicodeScalars) == Array(expected.unicodeScalars))
    }
}
