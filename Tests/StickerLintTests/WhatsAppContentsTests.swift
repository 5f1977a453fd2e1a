import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// pack-manifest: a WhatsApp pack's contents.json at each of StickerPackValidator's edges.
@Suite("WhatsApp contents.json")
struct WhatsAppContentsTests {
    static let stickers = (1...3).map { ("\($0).webp", ExampleContent.webpSolid(width: 512, height: 512, seed: $0).bytes()) }
    static let tray = ("tray.png", ExampleContent.png(width: 96, height: 96).bytes())

    /// contents.json text of one pack; `sticker` gives each sticker's JSON object from its file name.
    static func json(
        identifier: String = "cats", name: String = "Cats", publisher: String = "Ann", tray: String = "tray.png", animated: Bool = false,
        version: String? = "1", extra: String = "", sticker: (String) -> String = { "{\"image_file\": \"\($0)\", \"emojis\": [\"😀\"]}" }
    ) -> [UInt8] {
        let list = stickers.map { sticker($0.0) }.joined(separator: ", ")
        let versionText = version.map { "\"image_data_version\": \"\($0)\", " } ?? ""
        return Array(
            ("{\(extra)\"sticker_packs\": [{\"identifier\": \"\(identifier)\", \"name\": \"\(name)\", \"publisher\": \"\(publisher)\", "
                + "\"tray_image_file\": \"\(tray)\", \(versionText)\"animated_sticker_pack\": \(animated), \"stickers\": [\(list)]}]}").utf8)
    }

    static func findings(_ contents: [UInt8], extra: [(String, [UInt8])] = []) throws -> [String] {
        try StoreProfileTests.findings("pack-manifest", .whatsapp, stickers + [tray, ("contents.json", contents)] + extra).map(\.message)
    }

    @Test("a pack as the sample apps write it passes; identifier, name and publisher at 128 characters pass, 129 fail, empty fails")
    func fields() throws {
        #expect(try Self.findings(Self.json()) == [])
        let long = String(repeating: "a", count: 128)
        #expect(try Self.findings(Self.json(identifier: long, name: long, publisher: long)) == [])
        #expect(
            try Self.findings(Self.json(identifier: long + "a"))
                == ["identifier is 129 characters; WhatsApp takes at most 128 (its Android app counts UTF-16 units)"])
        #expect(
            try Self.findings(Self.json(name: long + "é")) == [
                "name is 129 characters; WhatsApp takes at most 128 (its Android app counts UTF-16 units)"
            ])
        #expect(try Self.findings(Self.json(publisher: "")) == ["publisher is empty: WhatsApp refuses the pack"])
        #expect(try Self.findings(Self.json(identifier: "Cats, Ann's 2.0 _-")) == [])
        let pattern =
            "which WhatsApp refuses: its Android validator's pattern [\\w-.,'\\s]+ takes a to z, A to Z, 0 to 9, _ - . , ' and "
            + "spaces (Java's \\w is ASCII; the iOS sample checks no pattern)"
        #expect(try Self.findings(Self.json(identifier: "cats/2")) == ["identifier \"cats/2\" holds \"/\", " + pattern])
        // #54: Java's \w is [a-zA-Z_0-9]: a letter past ASCII is refused, as the validator's own message says.
        #expect(try Self.findings(Self.json(identifier: "café")) == ["identifier \"café\" holds \"é\", " + pattern])
        #expect(try Self.findings(Self.json(identifier: "cafe")) == [])
        #expect(try Self.findings(Self.json(identifier: "a..b")) == ["identifier \"a..b\" contains \"..\", which WhatsApp refuses"])
    }

    @Test("emoji: 1 to 3 a sticker pass, 0 and 4 fail; accessibility text 125 characters pass, 126 fail (255 and 256 when animated)")
    func emojiAndText() throws {
        func emojis(_ n: Int) -> (String) -> String {
            { "{\"image_file\": \"\($0)\", \"emojis\": [" + Array(repeating: "\"🐱\"", count: n).joined(separator: ", ") + "]}" }
        }
        #expect(try Self.findings(Self.json(sticker: emojis(1))) == [])
        #expect(try Self.findings(Self.json(sticker: emojis(3))) == [])
        #expect(try Self.findings(Self.json(sticker: emojis(0))).count == 3)
        #expect(try Self.findings(Self.json(sticker: emojis(4))).first == "sticker \"1.webp\" has 4 emojis; WhatsApp takes 1–3")
        // #54: ContentFileParser.java keeps only emoji that are not empty (L177): [""] is none.
        let empty: (String) -> String = { "{\"image_file\": \"\($0)\", \"emojis\": [\"\"]}" }
        #expect(try Self.findings(Self.json(sticker: empty)).first == "sticker \"1.webp\" has 0 emojis; WhatsApp takes 1–3")
        func text(_ n: Int) -> (String) -> String {
            { "{\"image_file\": \"\($0)\", \"emojis\": [\"🐱\"], \"accessibility_text\": \"\(String(repeating: "x", count: n))\"}" }
        }
        #expect(try Self.findings(Self.json(sticker: text(125))) == [])
        #expect(
            try Self.findings(Self.json(sticker: text(126))).first
                == "sticker \"1.webp\" has 126 characters of accessibility text; WhatsApp takes at most 125 in a still pack "
                + "(its Android app counts UTF-16 units)")
        let moving = (1...3).map { ("\($0).webp", ExampleContent.webpSolid(width: 512, height: 512, frames: 2, seed: $0).bytes()) }
        let animated = try StoreProfileTests.findings(
            "pack-manifest", .whatsapp, moving + [Self.tray, ("contents.json", Self.json(animated: true, sticker: text(255)))])
        #expect(animated.isEmpty, "\(animated.map(\.message))")
        let over = try StoreProfileTests.findings(
            "pack-manifest", .whatsapp, moving + [Self.tray, ("contents.json", Self.json(animated: true, sticker: text(256)))])
        #expect(over.count == 3)
    }

    /// #54: what WhatsApp's own code refuses that a character count or a loose parse let through
    /// (WhatsApp/stickers, Android StickerPackValidator.java L42/L60–73 `length()`, L32–33/L148–149;
    /// ContentFileParser.java L60, L150, L185, L192, L195; iOS ImageData.swift L141, L154–165).
    @Test(
        "UTF-16 lengths: 64 emoji (128 units) of name or publisher pass, 65 fail; accessibility text of 62 emoji and a letter (125) passes, 63 emoji fail, 70 fail"
    )
    func utf16Lengths() throws {
        let face = "\u{1F600}"
        #expect(try Self.findings(Self.json(name: String(repeating: face, count: 64), publisher: String(repeating: face, count: 64))) == [])
        #expect(
            try Self.findings(Self.json(name: String(repeating: face, count: 65)))
                == ["name is 130 UTF-16 units (65 characters); WhatsApp takes at most 128 (its Android app counts UTF-16 units)"])
        #expect(
            try Self.findings(Self.json(publisher: String(repeating: face, count: 100)))
                == ["publisher is 200 UTF-16 units (100 characters); WhatsApp takes at most 128 (its Android app counts UTF-16 units)"])
        func text(_ t: String) -> (String) -> String { { "{\"image_file\": \"\($0)\", \"emojis\": [\"🐱\"], \"accessibility_text\": \"\(t)\"}" } }
        #expect(try Self.findings(Self.json(sticker: text(String(repeating: face, count: 62) + "x"))) == [])
        #expect(
            try Self.findings(Self.json(sticker: text(String(repeating: face, count: 63)))).first
                == "sticker \"1.webp\" has 126 UTF-16 units (63 characters) of accessibility text; WhatsApp takes at most 125 in a still pack "
                + "(its Android app counts UTF-16 units)")
        #expect(try Self.findings(Self.json(sticker: text(String(repeating: face, count: 70)))).count == 3)
    }

    @Test(
        "the parse: image_data_version required; unknown keys at the top and in a sticker refused, in a pack skipped; image_file .webp without .. or /"
    )
    func parse() throws {
        #expect(
            try Self.findings(Self.json(version: nil))
                == ["image_data_version is missing or empty: WhatsApp's Android app refuses the pack (ContentFileParser)"])
        #expect(
            try Self.findings(Self.json(version: ""))
                == ["image_data_version is missing or empty: WhatsApp's Android app refuses the pack (ContentFileParser)"])
        #expect(
            try Self.findings(Self.json(extra: "\"theme\": \"dark\", "))
                == ["contents.json has the unknown key \"theme\" at the top level: WhatsApp's Android app refuses the file"])
        #expect(try Self.findings(Self.json(identifier: "cats\", \"avoid_cache\": false, \"x_note\": \"kept")) == [])
        let extraKey = Self.json(sticker: { "{\"image_file\": \"\($0)\", \"emojis\": [\"🐱\"], \"tags\": []}" })
        #expect(
            try Self.findings(extraKey).sorted()
                == (1...3).map { "contents.json has the unknown key \"tags\" in sticker \($0): WhatsApp's Android app refuses the file" })
        func file(_ name: String) -> [UInt8] {
            Self.json(sticker: { "{\"image_file\": \"\($0 == "1.webp" ? name : $0)\", \"emojis\": [\"🐱\"]}" })
        }
        #expect(
            try Self.findings(file("a..b.webp"))
                == ["sticker \"a..b.webp\": an image_file with \"..\" or \"/\" is refused by WhatsApp's Android app (ContentFileParser)"])
        #expect(
            try Self.findings(file("x/1.webp"))
                == ["sticker \"x/1.webp\": an image_file with \"..\" or \"/\" is refused by WhatsApp's Android app (ContentFileParser)"])
        #expect(
            try Self.findings(file("1.WEBP"))
                == ["sticker \"1.WEBP\": an image_file not ending in .webp is refused by WhatsApp's Android app (ContentFileParser)"])
    }

    @Test("the tray: a 96×96 PNG or WebP passes (Android decodes any image, iOS takes PNG or WebP); 95×96 fails")
    func trayFormats() throws {
        let contents = ("contents.json", Self.json(tray: "tray.webp"))
        let webp = ("tray.webp", ExampleContent.webpSolid(width: 96, height: 96, seed: 9).bytes())
        var all: [Diagnostic] = []
        for rule in ["unsupported-format", "pixel-dimensions", "pack-manifest", "file-size"] {
            all += try StoreProfileTests.findings(rule, .whatsapp, Self.stickers + [webp, contents])
        }
        #expect(all.isEmpty, "\(all.map(\.message))")
        let narrow = ("tray.webp", ExampleContent.webpSolid(width: 95, height: 96, seed: 9).bytes())
        let refused = try StoreProfileTests.findings("pixel-dimensions", .whatsapp, Self.stickers + [narrow, contents])
        #expect(refused.count == 1 && refused[0].path.hasSuffix("tray.webp"), "\(refused.map(\.message))")
    }

    @Test("files: a tray or sticker file not there, a still sticker in an animated pack, each named")
    func files() throws {
        #expect(try Self.findings(Self.json(tray: "tray_Cats.png")) == ["tray_image_file names \"tray_Cats.png\", which is not in the folder"])
        #expect(try Self.findings(Self.json(tray: "")) == ["tray_image_file is empty: WhatsApp refuses the pack"])
        let missing = Self.json(sticker: { "{\"image_file\": \"\($0 == "2.webp" ? "9.webp" : $0)\", \"emojis\": [\"🐱\"]}" })
        #expect(try Self.findings(missing) == ["sticker \"9.webp\": its image_file is not in the folder"])
        #expect(
            try Self.findings(Self.json(animated: true)).first
                == "sticker \"1.webp\" is still in a pack marked animated_sticker_pack: WhatsApp refuses it")
    }

    @Test("where it is found: beside the stickers, or one folder up naming the folder; damaged or foreign JSON is said so")
    func layouts() throws {
        // The Android sample's assets: contents.json above, the pack in a folder named by its identifier.
        let memory = MemoryFileSystem()
        try memory.createFolder("/assets/cats")
        for (name, bytes) in Self.stickers + [Self.tray] { try memory.write(bytes, to: "/assets/cats/" + name) }
        try memory.write(Self.json(identifier: "cats", publisher: ""), to: "/assets/contents.json")
        var configuration = Configuration()
        configuration.forcedProfile = .whatsapp
        let result = try Linter(configuration: configuration, jobs: 1, files: memory).lint(["/assets/cats"])
        #expect(
            result.diagnostics.filter { $0.rule.rawValue == "pack-manifest" }.map { "\($0.path): \($0.message)" }
                == ["/assets/contents.json: publisher is empty: WhatsApp refuses the pack"])
        #expect(try Self.findings(Array("{\"sticker_packs\": [".utf8)).first?.hasPrefix("contents.json is not JSON") == true)
        #expect(try Self.findings(Array("{\"packs\": []}".utf8)) == ["contents.json has no \"sticker_packs\" list"])
        // A pack without a contents.json is not checked.
        #expect(try StoreProfileTests.findings("pack-manifest", .whatsapp, Self.stickers + [Self.tray]).isEmpty)
    }
}
