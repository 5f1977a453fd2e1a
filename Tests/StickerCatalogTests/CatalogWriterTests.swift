import StickerCatalog
import StickerFiles
import Testing

/// Folder names and their extensions are spelt from one table (`ContentsKind`), through `CatalogWriter`.
@Suite("Catalog writer")
struct CatalogWriterTests {
    @Test("folder names and the extensions messages name")
    func names() {
        #expect(CatalogWriter.folderName("Cat", .sticker) == "Cat.sticker")
        #expect(CatalogWriter.folderName("Wave", .sequence) == "Wave.stickersequence")
        #expect(CatalogWriter.folderName("Pack", .pack) == "Pack.stickerpack")
        #expect(CatalogWriter.folderName("Stickers", .catalog) == "Stickers.xcstickers")
        #expect(CatalogWriter.iconSetName == "iMessage App Icon.stickersiconset")
        #expect(ContentsKind.catalog.extensionsText == ".xcstickers or .xcassets")
        #expect(ContentsKind.pack.extensionsText == ".stickerpack")
        #expect(CatalogWriter.displayName("a/Cat.sticker") == "Cat")
        #expect(CatalogWriter.displayName("a/cat.png") == "cat.png")
    }

    @Test("a pack's list gains a folder at its end once; an entry goes from a list, an icon set keeps the slot")
    func listEdits() throws {
        let pack = try JSONParser.parse(Array(#"{"info":{"author":"xcode","version":1},"stickers":[{"filename":"A.sticker"}]}"#.utf8))
        let added = try #require(CatalogWriter.addingEntry("B.sticker", to: pack))
        #expect(added["stickers"] == .array([.object([("filename", .string("A.sticker"))]), .object([("filename", .string("B.sticker"))])]))
        #expect(CatalogWriter.addingEntry("A.sticker", to: pack) == nil)
        let bare = try JSONParser.parse(Array(#"{"info":{"author":"xcode","version":1}}"#.utf8))
        #expect(CatalogWriter.addingEntry("B.sticker", to: bare)?["stickers"] == .array([.object([("filename", .string("B.sticker"))])]))
        #expect(CatalogWriter.removingEntry("A.sticker", from: pack, kind: .pack)?["stickers"] == .array([]))
        #expect(CatalogWriter.removingEntry("Z.sticker", from: pack, kind: .pack) == nil)
        #expect(CatalogWriter.removingEntry("A.sticker", from: pack, kind: .sticker) == nil)
        let set = try JSONParser.parse(Array(#"{"images":[{"filename":"a.png","idiom":"iphone","scale":"2x","size":"29x29"}]}"#.utf8))
        let emptied = try #require(CatalogWriter.removingEntry("a.png", from: set, kind: .iconSet))
        #expect(emptied["images"] == .array([.object([("idiom", .string("iphone")), ("scale", .string("2x")), ("size", .string("29x29"))])]))
    }
}
