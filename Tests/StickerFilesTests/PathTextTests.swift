import StickerFiles
import Testing

@Suite("path text")
struct PathTextTests {
    @Test(
        "the last component: trailing slashes ignored, a path of slashes or nothing as it is",
        arguments: [
            ("a/b", "b"), ("a/b/", "b"), ("a//b//", "b"), ("b", "b"), ("/b", "b"), ("/", "/"), ("///", "///"), ("", ""),
            ("Stickers.xcstickers/Pack.stickerpack/Caf\u{E9}.sticker", "Caf\u{E9}.sticker"), ("/e\u{301}/\u{1F600}.png/", "\u{1F600}.png"),
            ("./cat.png", "cat.png")
        ])
    func lastComponent(_ path: String, _ expected: String) {
        #expect(PathText.lastComponent(path) == expected)
        #expect(PathText.lastComponent(path).utf8.elementsEqual(expected.utf8))
    }

    @Test(
        "stem and extension come from the last component", arguments: [("a/Cat.PNG", "Cat", "png"), ("a.b/c", "c", ""), ("a/.hidden", ".hidden", "")])
    func stemAndExtension(_ path: String, _ stem: String, _ ext: String) {
        #expect(PathText.stem(path) == stem)
        #expect(PathText.fileExtension(path) == ext)
    }

    @Test("the extension by bytes is the one by characters, for every edge spelling")
    func extensionByBytes() {
        let paths = [
            "", "/", "///", ".", "..", "a", "a.", ".a", "a.b", "a.B", "A.PNG", "a/b.png/", "a/b.png//", "a.b/c", "a/.png", "a/..png", "x.tar.GZ",
            "a/b.P\u{E9}G", "caf\u{E9}.PNG", "a.\u{301}png", "a/b.pn\u{301}g", "\u{1F600}.Gif", "dir.d/\u{1F600}", "a.png/\u{E9}", "Z.z", "@.[",
            "Pack.stickerpack/s00000.sticker/s00000.png"
        ]
        for path in paths {
            #expect(Array(PathText.fileExtension(path).utf8) == Array(PathText.fileExtensionByCharacters(path).utf8), "\(path)")
        }
    }

    @Test(
        "byte order: by UTF-8 bytes, a prefix first, NFC and NFD apart, whatever the locale",
        arguments: [
            ("a", "b", -1), ("b", "a", 1), ("a", "a", 0), ("", "", 0), ("", "a", -1), ("a", "", 1),
            ("ab", "abc", -1), ("abc", "ab", 1), ("Z", "a", -1), ("a/b", "a.b", 1), ("a/b", "a0", -1),
            // é is C3 A9 in UTF-8, after every ASCII byte; its NFD spelling (e, U+0301) starts with "e".
            ("caf\u{E9}", "cafz", 1), ("cafe\u{301}", "caf\u{E9}", -1), ("\u{1F600}", "\u{E9}", 1),
            ("s00009.sticker", "s00010.sticker", -1)
        ])
    func byteOrder(_ a: String, _ b: String, _ expected: Int) {
        #expect(PathText.compareBytes(a, b) == expected)
        #expect(PathText.precedes(a, b) == (expected < 0))
    }

    /// Paths around every edge of "is it that folder or inside it": equal, one byte longer, a "/"
    /// after, another byte after, ASCII and not, NFC against NFD on either side, a combining mark
    /// after the folder's bytes, empty strings.
    static let containment: [String] = [
        "", "/", "a", "a/", "a/b", "ab", "a.b", "a/b/c", "Pack.stickerpack", "Pack.stickerpack/s1.sticker",
        "Pack.stickerpack/s1.sticker/s1.png", "Pack.stickerpack/s1.stickers", "Pack.stickerpack/s10.sticker",
        "Caf\u{E9}", "Cafe\u{301}", "Caf\u{E9}/x.png", "Cafe\u{301}/x.png", "Cafe", "Cafe/x", "Cafe\u{301}x", "\u{1F600}/a",
        "/abs/Pack.stickerpack/s1.sticker/s1.png", "/abs/Pack.stickerpack"
    ]

    @Test("is-or-inside answers as == and hasPrefix(folder + \"/\") do, canonically equivalent spellings alike, for every pair")
    func selfOrInside() {
        for path in Self.containment {
            for folder in Self.containment {
                #expect(PathText.isSelfOrInside(path, folder) == (path == folder || path.hasPrefix(folder + "/")), "\(path) in \(folder)")
            }
        }
    }

    @Test("the remainder inside a folder is the bytes after the folder's and a \"/\", or nil when the bytes do not begin so")
    func remainder() {
        #expect(PathText.remainder(of: "a/b/c", inside: "a") == "b/c")
        #expect(PathText.remainder(of: "a/b", inside: "a/b") == nil)
        #expect(PathText.remainder(of: "a/", inside: "a") == nil)
        #expect(PathText.remainder(of: "ab/c", inside: "a") == nil)
        #expect(PathText.remainder(of: "Caf\u{E9}/x", inside: "Cafe\u{301}") == nil)
        #expect(PathText.remainder(of: "Caf\u{E9}/x\u{1F600}", inside: "Caf\u{E9}")?.utf8.elementsEqual("x\u{1F600}".utf8) == true)
        for path in Self.containment {
            for folder in Self.containment {
                guard let rest = PathText.remainder(of: path, inside: folder) else { continue }
                #expect(Array(path.utf8) == Array(folder.utf8) + Array("/".utf8) + Array(rest.utf8), "\(path) in \(folder)")
            }
        }
    }

    @Test(
        "join: one slash between, none doubled after a trailing one, the child alone after nothing or \".\", bytes as given",
        arguments: [
            ("a", "b", "a/b"), ("a/", "b", "a/b"), ("/", "b", "/b"), ("", "b", "b"), (".", "b", "b"), ("./", "b", "./b"),
            ("..", "b", "../b"), ("a", "", "a/"), ("", "", ""), (".a", "b", ".a/b"),
            ("Pack.stickerpack/s00000.sticker", "Contents.json", "Pack.stickerpack/s00000.sticker/Contents.json"),
            ("Caf\u{E9}", "x\u{1F600}.png", "Caf\u{E9}/x\u{1F600}.png"), ("Cafe\u{301}", "e\u{301}", "Cafe\u{301}/e\u{301}"),
            ("a", "\u{301}b", "a/\u{301}b")
        ])
    func join(_ base: String, _ child: String, _ expected: String) {
        #expect(Array(PathText.join(base, child).utf8) == Array(expected.utf8))
    }

    @Test("ASCII: 0x7F anywhere is, 0x80 anywhere is not, at every position of a word and of the tail after it")
    func ascii() {
        for count in 0...17 {
            let plain = [UInt8](repeating: 0x41, count: count)
            #expect(plain.withUnsafeBufferPointer(PathText.isASCII), "\(count) bytes")
            for position in 0..<count {
                var edge = plain, over = plain
                edge[position] = 0x7F
                over[position] = 0x80
                #expect(edge.withUnsafeBufferPointer(PathText.isASCII), "0x7F at \(position) of \(count)")
                #expect(!over.withUnsafeBufferPointer(PathText.isASCII), "0x80 at \(position) of \(count)")
            }
        }
    }
}
