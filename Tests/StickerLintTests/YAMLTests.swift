import StickerFiles
import StickerLint
import Testing

/// The YAML reader of `.stickerlint.yml`: what configurations are written with is read as YAML reads
/// it, with each node's line; what YAML allows but a configuration never needs is refused by line.
@Suite("YAML")
struct YAMLTests {
    static func s(_ text: String, _ line: Int) -> YAMLNode { .scalar(text, line: line) }
    static func pair(_ key: String, _ keyLine: Int, _ value: YAMLNode) -> YAMLPair { YAMLPair(key: s(key, keyLine), value: value) }

    @Test("a configuration as users write it: nested mappings, both list styles, quotes, comments")
    func configuration() throws {
        let text = """
            # stickerlint settings
            ---
            grid: regular            # for loose stickers
            rules:
              square: off
              file-size:
                over-limit: error
            exclude:
            - "Build/**"
            - 'Old ''art''/**'
            profiles:
              "SamplePacks/Media/**": message-media
              Art/*.png :  sticker
            list: [a, "b, c", 'd']
            map: {x: 1, "y": [2, 3]}
            empty:
            hash: a#b "#" # comment
            escaped: "tab\\tquote\\"é\\u00e9"
            """
        let root = try #require(try YAMLNode.parse(text))
        let expected: YAMLNode = .mapping(
            [
                Self.pair("grid", 3, Self.s("regular", 3)),
                Self.pair(
                    "rules", 4,
                    .mapping(
                        [
                            Self.pair("square", 5, Self.s("off", 5)),
                            Self.pair("file-size", 6, .mapping([Self.pair("over-limit", 7, Self.s("error", 7))], line: 7))
                        ], line: 5)),
                Self.pair("exclude", 8, .sequence([Self.s("Build/**", 9), Self.s("Old 'art'/**", 10)], line: 9)),
                Self.pair(
                    "profiles", 11,
                    .mapping(
                        [
                            Self.pair("SamplePacks/Media/**", 12, Self.s("message-media", 12)),
                            Self.pair("Art/*.png", 13, Self.s("sticker", 13))
                        ], line: 12)),
                Self.pair("list", 14, .sequence([Self.s("a", 14), Self.s("b, c", 14), Self.s("d", 14)], line: 14)),
                Self.pair(
                    "map", 15,
                    .mapping(
                        [
                            Self.pair("x", 15, Self.s("1", 15)),
                            Self.pair("y", 15, .sequence([Self.s("2", 15), Self.s("3", 15)], line: 15))
                        ], line: 15)),
                Self.pair("empty", 16, Self.s("", 16)),
                Self.pair("hash", 17, Self.s("a#b \"#\"", 17)),
                Self.pair("escaped", 18, Self.s("tab\tquote\"éé", 18))
            ], line: 3)
        #expect(root == expected)
    }

    @Test("indented lists, lists of mappings, and a document of comments only")
    func shapes() throws {
        let text = "exclude:\n    - a\n    - b\nitems:\n  - name: x\n    size: 1\n  - name: y\n"
        let root = try #require(try YAMLNode.parse(text))
        #expect(
            root
                == .mapping(
                    [
                        Self.pair("exclude", 1, .sequence([Self.s("a", 2), Self.s("b", 3)], line: 2)),
                        Self.pair(
                            "items", 4,
                            .sequence(
                                [
                                    .mapping([Self.pair("name", 5, Self.s("x", 5)), Self.pair("size", 6, Self.s("1", 6))], line: 5),
                                    .mapping([Self.pair("name", 7, Self.s("y", 7))], line: 7)
                                ], line: 5))
                    ], line: 1))
        #expect(try YAMLNode.parse("# nothing\n\n   \n") == nil)
        #expect(try YAMLNode.parse("") == nil)
        #expect(try YAMLNode.parse("---\ngrid: small\n...\n") == .mapping([Self.pair("grid", 2, Self.s("small", 2))], line: 2))
        #expect(
            try YAMLNode.parse("grid: small\r\nrules: {}\r\n")
                == .mapping(
                    [
                        Self.pair("grid", 1, Self.s("small", 1)), Self.pair("rules", 2, .mapping([], line: 2))
                    ], line: 1))
    }

    @Test(
        "what a configuration never needs is refused with its line",
        arguments: [
            ("grid: small\n\trules: x\n", 2, "tabs"),
            ("base: &b small\n", 1, "anchors"),
            ("grid: *b\n", 1, "aliases"),
            ("grid: !!str small\n", 1, "tags"),
            ("grid: |\n  small\n", 1, "block scalars"),
            ("grid: >\n  small\n", 1, "block scalars"),
            ("grid: small\n  regular\n", 2, "unexpected indented line"),
            ("grid: \"small\n", 1, "not closed"),
            ("exclude: [a, b\n", 1, "not closed"),
            ("map: {a: 1\n", 1, "not closed"),
            ("grid: small\ngrid: large\n", 2, "appears twice"),
            ("rules:\n    square: off\n  file-size: off\n", 3, "indented inconsistently"),
            ("grid: small\n---\ngrid: large\n", 2, "one YAML document"),
            ("? complex\n: key\n", 1, "complex keys"),
            ("grid: \"a\\qb\"\n", 1, "unknown escape"),
            ("grid: small\n- item\n", 2, "expected \"key: value\""),
            ("grid: \"a\" b\n", 1, "unexpected text")
        ])
    func refused(_ text: String, _ line: Int, _ words: String) {
        do {
            let node = try YAMLNode.parse(text)
            Issue.record("parsed: \(String(describing: node))")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.message.contains(words), "\(error)")
        }
    }
}
