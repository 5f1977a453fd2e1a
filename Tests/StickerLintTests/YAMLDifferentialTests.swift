import StickerFiles
import Foundation
import StickerLint
import StickerTestSupport
import Testing

/// stickerlint's own YAML reader against PyYAML (the reference reader, in the test tools), on
/// configurations in every form the README documents and on hostile ones (flow style, anchors and
/// aliases, several documents, tabs, duplicate keys, quoted keys, comments after values, Unicode, CRLF,
/// a byte-order mark, escapes, tags, block scalars…). For each document our reader either gives
/// exactly PyYAML's tree (mappings in order with every key, sequences, and each scalar's text after
/// unquoting: no type resolution, which is the configuration's job) or refuses it with an error
/// naming one of its lines. It never reads a document another way.
@Suite("YAML against PyYAML")
struct YAMLDifferentialTests {
    /// A node as both readers give it.
    indirect enum Tree: Equatable, CustomStringConvertible {
        case scalar(String)
        case sequence([Tree])
        case mapping([[Tree]])
        case empty

        init(_ node: YAMLNode?) {
            switch node {
            case nil: self = .empty
            case .scalar(let text, _): self = .scalar(text)
            case .sequence(let items, _): self = .sequence(items.map { Tree($0) })
            case .mapping(let pairs, _): self = .mapping(pairs.map { [Tree($0.key), Tree($0.value)] })
            }
        }

        /// From yaml_compose.py's JSON.
        init(json: Any) throws {
            switch json {
            case is NSNull: self = .empty
            case let items as [Any]: self = .sequence(try items.map { try Tree(json: $0) })
            case let object as [String: Any]:
                if let text = object["s"] as? String { self = .scalar(text); return }
                let pairs = try #require(object["m"] as? [[Any]])
                self = .mapping(try pairs.map { try $0.map { try Tree(json: $0) } })
            default: throw Failure.unexpected("\(json)")
            }
        }

        var description: String {
            switch self {
            case .scalar(let text): "\"\(text)\""
            case .sequence(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
            case .mapping(let pairs): "{" + pairs.map { "\($0[0]): \($0[1])" }.joined(separator: ", ") + "}"
            case .empty: "(empty)"
            }
        }
    }

    enum Failure: Error { case unexpected(String) }

    /// A deterministic generator (SplitMix64), so a failing document is the same on every run.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func pick<T>(_ options: [T]) -> T { options[Int(next() % UInt64(options.count))] }
        mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }
    }

    /// The README's forms, verbatim and as pieces.
    static let documented: [String] = [
        """
        grid: regular            # grid for loose stickers
        rules:
          square: off            # off | note | warning | error
          preferred-format: warning
          accessibility-label: {missing: off}   # one case of a rule
          file-size:
            near: error          # 500,001-512,000 bytes fail too; "over" (> 512,000) stays an error
        exclude: ["Build/**", "drafts"]

        """,
        """
        # stickerlint's configuration
        profiles:
          "SamplePacks/Media/**": message-media

        """
    ]

    /// Hostile documents: what YAML allows and a configuration must not misread.
    static let hostile: [String] = [
        "{grid: regular, rules: {square: off}}\n", "[a, b, [c, d]]\n", "grid: &g regular\nprofile: *g\n",
        "rules: &r {square: off}\nother: *r\n", "grid: regular\n---\ngrid: large\n", "---\ngrid: regular\n...\n",
        "grid:\tregular\n", "rules:\n\tsquare: off\n", "grid: regular\ngrid: large\n", "\"grid\": regular\n", "'grid': 'regular'\n",
        "grid: regular # a comment\n", "grid: regular#not a comment\n", "exclude: [\"a#b\", 'c # d']\n", "grid: \"régular ✨\"\n",
        "grid: regular\r\nrules:\r\n  square: off\r\n", "\u{FEFF}grid: regular\n", "grid: \"tab\\there \\u00e9 \\x41 \\\"q\\\"\"\n",
        "grid: 'it''s'\n", "grid: a: b\n", "grid:regular\n", "exclude:\n- a\n- b\n", "exclude:\n  - a\n  - b\n", "grid:\n", "grid: ~\n",
        "grid: null\n", "? grid\n: regular\n", "grid: !!str regular\n", "grid: |\n  regular\n", "grid: >\n  regular\n",
        "grid: regular\n  large\n", "exclude: [a, b,]\n", "exclude: **/*.png\n", "exclude: \"**/*.png\"\n", "grid: `regular`\n",
        "grid: @regular\n", "grid: %regular\n", "rules:\n   square: off\n   grid-size: note\n", "rules:\n    square: off\n",
        "rules:\n  square: off\n square2: off\n", "a:\n  b:\n    c:\n      d: e\n", "- - a\n  - b\n- c\n", "exclude: []\nrules: {}\n",
        "grid: 'a\nb'\n", "grid: \"a\nb\"\n", "%YAML 1.1\n---\ngrid: regular\n", "grid: regular\n...\ngrid: large\n", "# only a comment\n",
        "", "\n\n", "grid: \"\\N\"\n", "grid: \"\\z\"\n", "grid: '\\n'\n", "key with spaces: value with spaces\n",
        "exclude: [ a , b ]\n", "exclude: {a, b}\n", "exclude: [a: b]\n", "\"a\\\"b\": c\n", "grid: - a\n", "- a\nb: c\n",
        "grid: regular  \n", "grid: 'regular' # c\n", "grid: \"regular\"x\n", "grid: 0x1F\n", "grid: 1e3\n", "grid: yes\n",
        "rules: {square: off, square: note}\n", "grid: [\n  a,\n  b\n]\n", "grid: {a: 1,\n b: 2}\n", "grid: \"\\u0000\"\n",
        "grid: \u{00A0}regular\n", "grid: regular\u{2028}large\n", "ключ: значение\n", "🙂: 🙃\n", "grid: 'unterminated\n",
        "grid: \"unterminated\n", "grid: [a, b\n", "grid: {a: b\n", "exclude:\n- a\n  - b\n", "\t\n", "grid: regular\n\t\n"
    ]

    /// Generated configurations: the documented keys with values in every style, then mutations.
    static func generated(count: Int) -> [String] {
        var g = Generator(state: 20_261_123)
        let rules = ["square", "preferred-format", "file-size", "accessibility-label", "grid-size", "transparency"]
        let severities = ["off", "note", "warning", "error"]
        let cases = ["over", "near", "missing", "too-long"]
        func scalar(_ text: String) -> String {
            switch g.next() % 4 {
            case 0: return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            case 1: return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
            default: return text
            }
        }
        // A glob with `*` is quoted: plain, it would start an alias (a hostile document has that case).
        func glob(_ text: String) -> String { text.contains("*") ? "\"\(text)\"" : scalar(text) }
        func comment() -> String { g.chance(30) ? "   # " + g.pick(["note", "a # in a comment", "\"quoted\"", "é"]) : "" }
        var documents: [String] = []
        for _ in 0..<count {
            let indent = String(repeating: " ", count: g.pick([1, 2, 3, 4]))
            var lines: [String] = []
            if g.chance(15) { lines.append("---") }
            if g.chance(20) { lines.append("# settings") }
            for key in ["grid", "rules", "exclude", "profile", "profiles"] where g.chance(60) {
                switch key {
                case "grid": lines.append("grid: " + scalar(g.pick(["small", "regular", "medium", "large"])) + comment())
                case "profile": lines.append("profile: " + scalar(g.pick(["sticker", "message-media"])) + comment())
                case "rules":
                    if g.chance(25) {
                        let entries = (0..<Int(1 + g.next() % 3)).map { _ in scalar(g.pick(rules)) + ": " + scalar(g.pick(severities)) }
                        lines.append("rules: {" + entries.joined(separator: ", ") + "}" + comment())
                        continue
                    }
                    lines.append("rules:" + comment())
                    for rule in rules where g.chance(40) {
                        switch g.next() % 3 {
                        case 0: lines.append(indent + scalar(rule) + ": " + scalar(g.pick(severities)) + comment())
                        case 1:
                            lines.append(indent + scalar(rule) + ": {" + scalar(g.pick(cases)) + ": " + scalar(g.pick(severities)) + "}" + comment())
                        default:
                            lines.append(indent + scalar(rule) + ":" + comment())
                            lines.append(indent + indent + scalar(g.pick(cases)) + ": " + scalar(g.pick(severities)) + comment())
                        }
                    }
                    if lines.last == "rules:" { lines[lines.count - 1] = "rules: {}" }
                case "exclude":
                    let globs = (0..<Int(1 + g.next() % 3)).map { _ in g.pick(["Build/**", "drafts", "Art/*.png", "a b/c", "é/**", "x#y"]) }
                    if g.chance(50) {
                        lines.append("exclude: [" + globs.map(glob).joined(separator: ", ") + "]" + comment())
                    } else {
                        lines.append("exclude:" + comment())
                        let dash = g.chance(50) ? "" : indent
                        for item in globs { lines.append(dash + "- " + glob(item) + comment()) }
                    }
                default:
                    lines.append("profiles:" + comment())
                    lines.append(
                        indent + "\"" + g.pick(["Media/**", "SamplePacks/Media/**", "*.gif"]) + "\": " + scalar(g.pick(["sticker", "message-media"]))
                            + comment())
                }
                if g.chance(15) { lines.append("") }
            }
            var text = lines.joined(separator: "\n") + "\n"
            // Mutations: line ends, a byte-order mark, a tab, a duplicate, an anchor.
            if g.chance(15) { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
            if g.chance(5) { text = "\u{FEFF}" + text }
            if g.chance(5), let i = text.firstIndex(of: " ") { text.replaceSubrange(i...i, with: "\t") }
            if g.chance(5), let first = lines.first(where: { $0.hasPrefix("grid") }) { text += first + "\n" }
            if g.chance(3) { text = text.replacingOccurrences(of: "regular", with: "&a regular") }
            documents.append(text)
        }
        return documents
    }

    @Test(
        "our reader gives PyYAML's tree or refuses with a line, on documented, hostile and generated configurations",
        Requirement.trait(Tools.pythonHas("yaml"), "python3 yaml (PyYAML) is not installed (make test installs it)"))
    func againstPyYAML() throws {
        try Requirement.require(Tools.pythonHas("yaml"), "python3 yaml (PyYAML) is not installed (make test installs it)")
        let documents = Self.documented + Self.hostile + Self.generated(count: 400)
        let scratch = Scratch()
        var paths: [String] = []
        for (index, text) in documents.enumerated() {
            let path = scratch.at("doc\(index).yml")
            try scratch.write("doc\(index).yml", Array(text.utf8))
            paths.append(path)
        }
        let script = Conformance.projectRoot + "/Tests/Tools/yaml_compose.py"
        let (status, out, err) = try Process.run(Tools.path("python3"), [script] + paths)
        try #require(status == 0, "\(err)")
        let answers = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: [String: Any]])
        var agreed = 0, refused = 0
        for (index, text) in documents.enumerated() {
            let answer = try #require(answers[paths[index]])
            let lineCount = max(1, text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).count)
            let parsed: Result<YAMLNode?, YAMLError> = Result { () throws(YAMLError) in try YAMLNode.parse(text) }
            switch parsed {
            case .success(let node):
                let ours = Tree(node)
                if let tree = answer["tree"] {
                    let theirs = try Tree(json: tree)
                    #expect(
                        ours == theirs,
                        "document \(index) read otherwise than PyYAML reads it:\n\(text.debugDescription)\nours:   \(ours)\nPyYAML: \(theirs)")
                    agreed += 1
                } else {
                    Issue.record(
                        "document \(index) accepted, but PyYAML refuses it (\(answer["message"] ?? "")):\n\(text.debugDescription)\nours: \(ours)")
                }
            case .failure(let error):
                #expect((1...lineCount).contains(error.line), "document \(index): the error names line \(error.line) of \(lineCount)")
                refused += 1
            }
        }
        // Every documented form and most generated ones are read, not refused.
        #expect(agreed >= Self.documented.count + 300, "agreed \(agreed), refused \(refused)")
    }

    @Test("nesting deeper than 64 levels is refused with its line, flow or block (make fuzz found the stack overflow)")
    func depth() {
        // 2,000 levels on one line (a line holds at most 4,096 bytes).
        let flow = String(repeating: "[", count: 2000)
        func refusal(_ text: String) -> YAMLError? {
            do { _ = try YAMLNode.parse(text); return nil } catch { return error }
        }
        #expect(refusal(flow)?.line == 1 && refusal(flow)?.message == "nested more than 64 levels deep")
        var block = "a:\n"
        for level in 1...80 { block += String(repeating: " ", count: level) + "k\(level):\n" }
        #expect(refusal(block)?.line == 65 && refusal(block)?.message == "nested more than 64 levels deep", "\(String(describing: refusal(block)))")
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect((try? YAMLNode.parse(ok)) != nil)
    }
}
