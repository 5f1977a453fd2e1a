import StickerCatalog
import Testing

/// `FocusFilter` against the definition it was made from (the strings compared as Swift compares
/// them: canonical equivalence), on every pair of a set of paths and focuses around each edge.
@Suite("Focus filter")
struct FocusFilterTests {
    /// The definition, with strings: outside every container, the container (and its Contents.json),
    /// a subject, inside one, or (keeping containers) a folder holding one.
    static func reference(_ path: String, _ focus: [String: Set<String>], keepContainer: Bool) -> Bool {
        guard let (container, subjects) = focus.first(where: { path == $0.key || path.hasPrefix($0.key + "/") }) else { return true }
        if keepContainer && (path == container || path == container + "/Contents.json") { return true }
        return subjects.contains { path == $0 || path.hasPrefix($0 + "/") || (keepContainer && $0.hasPrefix(path + "/")) }
    }

    static let pack = "C.xcstickers/P.stickerpack"
    static let paths: [String] = [
        "", "C.xcstickers", pack, "\(pack)/Contents.json", "\(pack)/Contents.jsonx", "\(pack)/A.sticker", "\(pack)/A.sticker/a.png",
        "\(pack)/A.stickers", "\(pack)/A.stickerx/a.png", "\(pack)/B.sticker/b.png", "\(pack)/B.sticker/Contents.json",
        "\(pack)/Caf\u{E9}.sticker/c.png", "\(pack)/Cafe\u{301}.sticker/c.png", "\(pack)/Cafe\u{301}.sticker", "\(pack)x/A.sticker",
        "C.xcstickers/Q.stickerpack/A.sticker/a.png", "C.xcstickers/Caf\u{E9}.stickerpack/Contents.json",
        "C.xcstickers/Cafe\u{301}.stickerpack/Contents.json", "C.xcstickers/Cafe\u{301}.stickerpack", "/abs/\(pack)/A.sticker/a.png"
    ]
    static let focuses: [[String: Set<String>]] = [
        [:],
        [pack: ["\(pack)/A.sticker/a.png"]],
        [pack: ["\(pack)/A.sticker", "\(pack)/B.sticker/b.png"]],
        [pack: ["\(pack)/Caf\u{E9}.sticker"]],
        [pack: ["\(pack)/Cafe\u{301}.sticker/c.png"]],
        ["C.xcstickers/Caf\u{E9}.stickerpack": ["C.xcstickers/Caf\u{E9}.stickerpack/X.sticker"]],
        [pack: ["\(pack)/A.sticker/a.png"], "C.xcstickers/Q.stickerpack": ["C.xcstickers/Q.stickerpack/A.sticker"]]
    ]

    @Test("the filter answers as the definition does for every path, focus and container rule")
    func matchesDefinition() {
        for focus in Self.focuses {
            let filter = FocusFilter(focus)
            #expect(filter.isEmpty == focus.isEmpty)
            for path in Self.paths {
                for keep in [false, true] {
                    #expect(
                        filter.contains(path, keepContainer: keep) == Self.reference(path, focus, keepContainer: keep),
                        "\(path) in \(focus), keeping the container: \(keep)")
                }
            }
        }
    }

    @Test("what it keeps, spelt out: the subject, its folder and the pack's file; not a sibling or a look-alike name")
    func examples() {
        let filter = FocusFilter([Self.pack: ["\(Self.pack)/A.sticker/a.png"]])
        #expect(filter.contains("\(Self.pack)/A.sticker/a.png", keepContainer: false))
        #expect(!filter.contains("\(Self.pack)/A.sticker", keepContainer: false))
        #expect(filter.contains("\(Self.pack)/A.sticker", keepContainer: true))
        #expect(filter.contains("\(Self.pack)/Contents.json", keepContainer: true))
        #expect(!filter.contains("\(Self.pack)/Contents.json", keepContainer: false))
        #expect(!filter.contains("\(Self.pack)/A.stickers/a.png", keepContainer: true))
        #expect(!filter.contains("\(Self.pack)/B.sticker/b.png", keepContainer: true))
        #expect(filter.contains("Other/x.png", keepContainer: false))
    }
}
