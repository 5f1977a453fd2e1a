import Foundation
@testable import StickerReport
import StickerTestSupport
import Testing

/// The report's base64 (every preview goes through it) against Foundation's, at every length
/// remainder, and read back by its decoder.
@Suite("base64")
struct Base64Tests {
    @Test("encodes as Foundation does and decodes back, lengths 0 to 300 and every byte value")
    func sameAsFoundation() {
        var random = SeededRandom(state: 29)
        let everyByte = (0...255).map(UInt8.init)
        for length in 0...300 {
            let bytes = length == 256 ? everyByte : (0..<length).map { _ in random.byte() }
            let encoded = Base64.encode(bytes)
            #expect(encoded == Data(bytes).base64EncodedString(), "\(length) bytes")
            #expect(Base64.decode(encoded) == bytes, "\(length) bytes")
        }
    }
}
