import StickerCatalog
import StickerFiles
import StickerLint
import StickerTestSupport
import Testing

/// `unknown-key`: keys Xcode does not know for each kind of Contents.json, with the key meant; a
/// catalog written the way Xcode writes it stays clean. Built in memory.
@Suite("Unknown Contents.json keys")
struct UnknownKeyTests {
    static let info = #""info":{"author":"xcode","version":1}"#

    /// A catalog written as Xcode 15 writes one: a group with a namespace, a pack, a sticker, a
    /// sequence with an empty frame entry, and an icon set with platforms and an unassigned entry.
    static func xcodeCatalog(_ scratch: MemoryScratch, replacing: [String: String] = [:]) throws {
        let png = ExampleContent.png(width: 408, height: 408).bytes()
        var files: [String: String] = [
            "S.xcstickers/Contents.json": "{\(info)}",
            "S.xcstickers/Group/Contents.json": #"{\#(info),"properties":{"provides-namespace":true}}"#,
            "S.xcstickers/Group/P.stickerpack/Contents.json":
                #"{\#(info),"properties":{"grid-size":"regular"},"stickers":[{"filename":"Cat.sticker"},{"filename":"Wave.stickersequence"}]}"#,
            "S.xcstickers/Group/P.stickerpack/Cat.sticker/Contents.json":
                #"{\#(info),"properties":{"accessibility-label":"A cat","filename":"cat.png"}}"#,
            "S.xcstickers/Group/P.stickerpack/Wave.stickersequence/Contents.json":
                #"{"frames":[{"filename":"1.png"},{}],\#(info),"properties":{"accessibility-label":"Wave","duration":15,"duration-type":"fps","repetitions":0}}"#
        ]
        let icons =
            ExampleIcon.complete.map { icon in
                ExampleIcon(filename: icon.filename, content: icon.content, entry: icon.entry.map { $0 + #","platform":"ios""# })
            } + [.unassigned("old.png")]
        for file in ExampleIcon.files(icons, in: "S.xcstickers/I.stickersiconset") {
            if case .text(let text) = file.content { files[file.path] = text } else { try scratch.write(file.path, file.content.bytes()) }
        }
        for (path, text) in files { try scratch.write(path, replacing[path] ?? text) }
        try scratch.write("S.xcstickers/Group/P.stickerpack/Cat.sticker/cat.png", png)
        try scratch.write("S.xcstickers/Group/P.stickerpack/Wave.stickersequence/1.png", png)
    }

    static func findings(_ replacing: [String: String] = [:]) throws -> [Diagnostic] {
        let scratch = MemoryScratch()
        try xcodeCatalog(scratch, replacing: replacing)
        return try Linter(jobs: 1, files: scratch.files).lint([scratch.at("S.xcstickers")]).diagnostics
    }

    @Test("a catalog written the way Xcode writes it has no unknown key")
    func clean() throws {
        let diagnostics = try Self.findings()
        #expect(!diagnostics.contains { $0.rule == "unknown-key" }, "\(diagnostics)")
        #expect(!diagnostics.contains { $0.rule == "catalog-json" }, "\(diagnostics)")
    }

    static let pack = "S.xcstickers/Group/P.stickerpack/Contents.json"
    static let sticker = "S.xcstickers/Group/P.stickerpack/Cat.sticker/Contents.json"
    static let sequence = "S.xcstickers/Group/P.stickerpack/Wave.stickersequence/Contents.json"

    @Test(
        "each typo is a warning on its Contents.json naming the key meant",
        arguments: [
            (
                pack, #"{"properties":{"grid-space":"large"},"stickers":[{"filename":"Cat.sticker"},{"filename":"Wave.stickersequence"}]}"#,
                #"unknown key "grid-space" in "properties" of a sticker pack Contents.json: Xcode ignores it (did you mean "grid-size"?)"#
            ),
            (
                sequence, #"{"frames":[{"filename":"1.png"}],"properties":{"duration":15,"duration-type":"fps","repetions":0}}"#,
                #"unknown key "repetions" in "properties" of a sticker sequence Contents.json: Xcode ignores it (did you mean "repetitions"?)"#
            ),
            (
                sticker, #"{"properties":{"acessibility-label":"A cat","filename":"cat.png"}}"#,
                #"unknown key "acessibility-label" in "properties" of a sticker Contents.json: Xcode ignores it (did you mean "accessibility-label"?)"#
            ),
            (
                sticker, #"{"properties":{"accessibilityLabel":"A cat","filename":"cat.png"}}"#,
                #"unknown key "accessibilityLabel" in "properties" of a sticker Contents.json: Xcode ignores it (did you mean "accessibility-label"?)"#
            ),
            (
                pack, #"{"properties":{"grid-size":"large"},"stickers":[{"filename":"Cat.sticker"},{"file-name":"Wave.stickersequence"}]}"#,
                #"unknown key "file-name" in "stickers"[1] of a sticker pack Contents.json: Xcode ignores it (did you mean "filename"?)"#
            ),
            (
                sticker, #"{"info":{"autor":"xcode"},"properties":{"filename":"cat.png"}}"#,
                #"unknown key "autor" in "info" of a sticker Contents.json: Xcode ignores it (did you mean "author"?)"#
            ),
            (
                sticker, #"{"property":{"filename":"cat.png"},"properties":{"filename":"cat.png"}}"#,
                #"unknown key "property" at the top level of a sticker Contents.json: Xcode ignores it (did you mean "properties"?)"#
            ),
            (
                "S.xcstickers/Contents.json", #"{"info":{"author":"xcode","version":1},"colour":"red"}"#,
                #"unknown key "colour" at the top level of a catalog or group Contents.json: Xcode ignores it"#
            )
        ])
    func typo(_ path: String, _ json: String, _ message: String) throws {
        let found = try Self.findings([path: json]).filter { $0.rule == "unknown-key" }
        #expect(found.map(\.severity) == [.warning])
        #expect(found.map(\.message) == [message])
        #expect(found.map { $0.path.hasSuffix("/" + path) } == [true], "\(found.map(\.path))")
    }

    @Test("values of the wrong type are catalog-json's, not unknown keys; nothing breaks")
    func wrongTypes() throws {
        let found = try Self.findings([Self.pack: #"{"properties":"large","stickers":[1,{"filename":"Cat.sticker"}]}"#])
        #expect(!found.contains { $0.rule == "unknown-key" }, "\(found)")
        #expect(found.contains { $0.rule == "catalog-json" })
    }
}
