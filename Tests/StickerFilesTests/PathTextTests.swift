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
}
