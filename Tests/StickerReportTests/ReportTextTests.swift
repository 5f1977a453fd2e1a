import Foundation
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
