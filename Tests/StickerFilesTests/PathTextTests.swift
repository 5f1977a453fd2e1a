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
}
