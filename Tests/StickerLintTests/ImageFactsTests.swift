@testable import StickerImage
@testable import StickerLint
@testable import StickerLintEngine
import Testing

/// `ImageFacts` keeps its fields behind one shared reference: a copy changed must leave the original
/// as it was, and equality and hashing must go by the fields, never by the reference.
@Suite("Image facts")
struct ImageFactsTests {
    static func facts(_ path: String = "a.png") -> ImageFacts {
        ImageFacts(path: path, role: .sticker, fileExtension: "png", byteCount: 10, kind: .image(.png))
    }

    @Test("a changed copy leaves the original as it was, field by field")
    func copyOnWrite() {
        let original = Self.facts()
        var copies = Array(repeating: original, count: 11)
        copies[0].path = "b.png"
        copies[1].role = .loose
        copies[2].fileExtension = "gif"
        copies[3].byteCount = 11
        copies[4].kind = .webp
        copies[5].header = ImageHeader(
            format: .png, width: 1, height: 1, frameCount: 1, loopCount: nil, hasAlpha: true, bitDepth: 8, colorModel: .rgba, interlaced: false)
        copies[6].error = .empty
        copies[7].animationIssues = [.duplicateACTL(offset: 8)]
        copies[8].pixels = PixelFacts(hasTransparentPixel: true, borderIsOpaque: false, digest: nil, frameDelays: [])
        copies[9].grid = .large
        copies[10].motion = .lottie(
            LottieFacts(width: 1, height: 1, frameRate: 30, inPoint: 0, outPoint: 30, layerCount: 1, forbidden: [], inflatedBytes: nil))
        #expect(original == Self.facts())
        for (index, copy) in copies.enumerated() { #expect(copy != original, "field \(index)") }
        #expect(copies[0].path == "b.png" && original.path == "a.png")
    }

    @Test("equal fields in different storage are equal and hash alike; different fields are not equal")
    func equality() {
        let a = Self.facts(), b = Self.facts()
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
        #expect(a != Self.facts("c.png"))
        var changedBack = a
        changedBack.byteCount = 12
        changedBack.byteCount = 10
        #expect(changedBack == a && changedBack.hashValue == a.hashValue)
    }
}
