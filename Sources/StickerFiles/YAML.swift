/// The YAML of `.stickerlint.yml`: block mappings and sequences by indentation, flow `[a, b]` and
/// `{a: b}` on one line, plain, 'single-' and "double-quoted" scalars, comments and `---`. What a
/// configuration never needs (anchors and aliases, tags, block scalars `|` and `>`, multi-line plain
/// scalars, complex keys, several documents) is refused with its line, never misread. Every node
/// keeps the line it starts on (1-based), so configuration errors can name it.
///
/// Written here rather than taken from a YAML library (Yams, the one available, wraps libyaml and
/// Foundation) to keep the reader small and its refusals exact. It cannot be read two ways: every
/// document it accepts is read as PyYAML reads it, checked on documented, hostile and generated
/// configurations (YAMLDifferentialTests), and fuzzed (`make fuzz`, target yaml).
public indirect enum YAMLNode: Sendable, Hashable {
    case scalar(String, line: Int)
    case sequence([YAMLNode], line: Int)
    case mapping([YAMLPair], line: Int)

    /// The line the node starts on, from 1.
    public var line: Int {
        switch self {
        case .scalar(_, let line), .sequence(_, let line), .mapping(_, let line): line
        }
    }

    /// The text of a scalar (nil for a collection).
    public var string: String? {
        if case .scalar(let text, _) = self { return text }
        return nil
    }

    /// Parses a document; nil when it holds nothing but comments and blank lines.
    public static func parse(_ text: String) throws(YAMLError) -> YAMLNode? {
        var parser = YAMLParser(text)
        return try parser.document()
    }
}

/// One key and its value in a mapping.
public struct YAMLPair: Sendable, Hashable {
    public var key: YAMLNode
    public var value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }

    /// (key, value), to loop over a mapping.
    public var tuple: (YAMLNode, YAMLNode) { (key, value) }
}

/// Why a document cannot be read, and where.
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

/// A line-oriented recursive-descent parser over the document's significant lines.
struct YAMLParser {
    struct Line {
        var number: Int
        var indent: Int
        var text: String
    }

    var lines: [Line] = []
    var index = 0
    var blockDepth = 0
    var firstError: YAMLError?

    /// The longest line read, in bytes: a configuration's lines are short, and reading one as characters
    /// costs microseconds a character (a 900,000-character key took seconds).
    static let maxLineBytes = 4_096

    init(_ text: String) {
        // Measured in bytes before any character is formed: a longer line stops the read at once.
        var lineNumber = 1, lineBytes = 0
        for byte in text.utf8 {
            if byte == 0x0A {
                lineNumber += 1
                lineBytes = 0
                continue
            }
            lineBytes += 1
            if lineBytes > Self.maxLineBytes {
                firstError = YAMLError(line: lineNumber, message: "a line longer than \(Self.maxLineBytes.grouped) bytes; not read")
                return
            }
        }
        var number = 0
        // A byte-order mark before the document is no part of it (YAML and Xcode both skip it).
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        // "\r\n" is one Character in Swift: both line ends split.
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            let content = Substring(raw)
            // YAML also breaks lines at a lone CR, NEL, U+2028 and U+2029: refused rather than read otherwise.
            if firstError == nil, content.contains(where: { $0 == "\r" || $0 == "\u{85}" || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
                firstError = YAMLError(line: number, message: "unusual line break (a lone carriage return, NEL, U+2028 or U+2029); use \\n")
            }
            let indent = content.prefix { $0 == " " }.count
            let body = Self.strippingComment(content.dropFirst(indent))
            // A tab is allowed only inside quotes and comments: YAML refuses it as indentation and
            // reads it differently after ":" and "-" than a space.
            if firstError == nil, Self.hasStructuralTab(content) {
                firstError = YAMLError(line: number, message: "tabs are not allowed outside quotes and comments; use spaces")
            }
            if body.isEmpty { continue }
            lines.append(Line(number: number, indent: indent, text: String(body)))
        }
    }

    /// Whether a tab stands outside quoted text and the comment.
    static func hasStructuralTab(_ text: Substring) -> Bool {
        let code = strippingComment(text, keepingTrailingSpace: true)
        var quote: Character?
        var previous: Character = " "
        for c in code {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                if previous == " " || previous == "[" || previous == "{" || previous == "," || previous == ":" { quote = c }
            } else if c == "\t" {
                return true
            }
            previous = c
        }
        return false
    }

    /// The text before a comment (`#` at the start or after a space, outside quotes), without trailing spaces.
    static func strippingComment(_ text: Substring, keepingTrailingSpace: Bool = false) -> Substring {
        var quote: Character?
        var previous: Character = " "
        var end = text.endIndex
        for i in text.indices {
            let c = text[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                if previous == " " || previous == "[" || previous == "{" || previous == "," || previous == ":" || i == text.startIndex { quote = c }
            } else if c == "#" && (previous == " " || previous == "\t") {
                end = i
                break
            } else if c == "#" && i == text.startIndex {
                return ""
            }
            previous = c
        }
        var result = text[..<end]
        if keepingTrailingSpace { return result }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }

    mutating func document() throws(YAMLError) -> YAMLNode? {
        if let firstError { throw firstError }
        if let first = lines.first, first.indent == 0, first.text == "---" || first.text.hasPrefix("--- ") {
            if first.text == "---" { lines.removeFirst() } else { lines[0].text = String(first.text.dropFirst(4)) }
        }
        if let end = lines.firstIndex(where: { $0.indent == 0 && ($0.text == "..." || $0.text == "---" || $0.text.hasPrefix("--- ")) }) {
            if lines[end].text != "..." { throw YAMLError(line: lines[end].number, message: "only one YAML document is allowed") }
            if end + 1 < lines.count {
                throw YAMLError(line: lines[end + 1].number, message: "nothing may follow the end of the document (\"...\")")
            }
            lines.removeSubrange(end...)
        }
        if let directive = lines.first(where: { $0.indent == 0 && $0.text.hasPrefix("%") }) {
            throw YAMLError(line: directive.number, message: "directives (%) are not supported")
        }
        guard let first = lines.first else { return nil }
        let node = try block(indent: first.indent)
        if index < lines.count {
            throw YAMLError(line: lines[index].number, message: "this line is indented inconsistently with the lines before it")
        }
        return node
    }

    // MARK: Blocks

    /// The block whose lines start at exactly `indent` columns.
    mutating func block(indent: Int) throws(YAMLError) -> YAMLNode {
        let line = lines[index]
        blockDepth += 1
        defer { blockDepth -= 1 }
        if blockDepth > FlowReader.maxDepth {
            throw YAMLError(line: line.number, message: "nested more than \(FlowReader.maxDepth) levels deep")
        }
        if line.text == "-" || line.text.hasPrefix("- ") { return try sequence(indent: indent) }
        if try Self.splitKey(line.text, line: line.number) != nil { return try mapping(indent: indent) }
        index += 1
        let node = try Self.inline(line.text, line: line.number)
        if index < lines.count, lines[index].indent > indent {
            throw YAMLError(line: lines[index].number, message: "a value spread over several lines is not supported; write it on one line")
        }
        return node
    }

    mutating func sequence(indent: Int) throws(YAMLError) -> YAMLNode {
        let start = lines[index].number
        var items: [YAMLNode] = []
        while index < lines.count, lines[index].indent == indent, lines[index].text == "-" || lines[index].text.hasPrefix("- ") {
            let line = lines[index]
            let rest = line.text.dropFirst(1).drop { $0 == " " }
            if rest.isEmpty {
                index += 1
                items.append(try nested(after: line, indent: indent, allowSameIndentSequence: false))
            } else {
                // "- key: value" or "- - x": the rest is a block of its own, starting at its column.
                lines[index] = Line(number: line.number, indent: indent + (line.text.count - rest.count), text: String(rest))
                items.append(try block(indent: lines[index].indent))
            }
        }
        return .sequence(items, line: start)
    }

    mutating func mapping(indent: Int) throws(YAMLError) -> YAMLNode {
        let start = lines[index].number
        var pairs: [YAMLPair] = []
        var seen: Set<String> = []
        while index < lines.count, lines[index].indent == indent {
            let line = lines[index]
            guard let (keyText, rest) = try Self.splitKey(line.text, line: line.number) else {
                throw YAMLError(line: line.number, message: "expected \"key: value\" here, as on the lines before it")
            }
            let key = try Self.inline(keyText, line: line.number)
            guard let name = key.string else { throw YAMLError(line: line.number, message: "a key must be a plain or quoted string") }
            guard seen.insert(name).inserted else { throw YAMLError(line: line.number, message: "the key \"\(name)\" appears twice") }
            index += 1
            let value: YAMLNode
            if rest.isEmpty {
                value = try nested(after: line, indent: indent, allowSameIndentSequence: true)
            } else {
                value = try Self.inline(rest, line: line.number)
                if index < lines.count, lines[index].indent > indent {
                    throw YAMLError(line: lines[index].number, message: "unexpected indented line after a value on the line before")
                }
            }
            pairs.append(YAMLPair(key: key, value: value))
        }
        return .mapping(pairs, line: start)
    }

    /// The value of a key or item with nothing after it on its line: the more-indented block below
    /// (or, for a key, a sequence at the key's own indentation), else an empty scalar.
    mutating func nested(after line: Line, indent: Int, allowSameIndentSequence: Bool) throws(YAMLError) -> YAMLNode {
        guard index < lines.count else { return .scalar("", line: line.number) }
        let next = lines[index]
        if next.indent > indent { return try block(indent: next.indent) }
        if allowSameIndentSequence, next.indent == indent, next.text == "-" || next.text.hasPrefix("- ") {
            return try sequence(indent: indent)
        }
        return .scalar("", line: line.number)
    }

    /// Splits "key: rest" (rest may be empty) at the first ": " or final ":" outside quotes and brackets;
    /// nil when the line is not a mapping entry.
    static func splitKey(_ text: String, line: Int) throws(YAMLError) -> (String, String)? {
        if text.hasPrefix("? ") { throw YAMLError(line: line, message: "complex keys (\"? \") are not supported") }
        var quote: Character?
        var depth = 0
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if let q = quote {
                if c == "\\" && q == "\"" { i += 1 } else if c == q { quote = nil }
            } else if (c == "\"" || c == "'") && i == 0 {
                quote = c
            } else if c == "[" || c == "{" {
                if i == 0 { return nil }
                depth += 1
            } else if c == "]" || c == "}" {
                depth -= 1
            } else if c == ":" && depth == 0 && (i + 1 == chars.count || chars[i + 1] == " ") {
                let key = String(chars[..<i]).trimmingSpaces
                let rest = String(chars[(i + 1)...]).trimmingSpaces
                return key.isEmpty ? nil : (key, rest)
            }
            i += 1
        }
        return nil
    }

    // MARK: One-line values

    /// A scalar or a flow collection written on one line.
    static func inline(_ text: String, line: Int) throws(YAMLError) -> YAMLNode {
        var flow = FlowReader(chars: Array(text), line: line)
        let node = try flow.value()
        flow.skipSpaces()
        guard flow.isAtEnd else { throw YAMLError(line: line, message: "unexpected text after the value: \"\(String(flow.chars[flow.i...]))\"") }
        return node
    }
}

/// Reads values on one line: quoted and plain scalars, `[…]` and `{…}`.
struct FlowReader {
    let chars: [Character]
    let line: Int
    var i = 0
    var depth = 0

    init(chars: [Character], line: Int) {
        self.chars = chars
        self.line = line
    }

    var isAtEnd: Bool { i >= chars.count }

    mutating func skipSpaces() { while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 } }

    func fail(_ message: String) -> YAMLError { YAMLError(line: line, message: message) }

    mutating func value() throws(YAMLError) -> YAMLNode {
        skipSpaces()
        guard i < chars.count else { return .scalar("", line: line) }
        switch chars[i] {
        case "[": return try sequence()
        case "{": return try mapping()
        case "\"": return .scalar(try doubleQuoted(), line: line)
        case "'": return .scalar(try singleQuoted(), line: line)
        case "&", "*": throw fail("anchors and aliases (\(chars[i])) are not supported; write the value out")
        case "!": throw fail("tags (!) are not supported")
        case "|", ">": throw fail("block scalars (\(chars[i])) are not supported; write the value on one line")
        case "%", "@", "`": throw fail("a value cannot start with \(chars[i]); put it in quotes")
        default: return .scalar(try plain(), line: line)
        }
    }

    /// Up to the end, or in a flow collection to the next `,`, `]` or `}` (or ": " in a flow mapping key).
    /// What YAML would read as structure instead ("a: b" as a value, "- a", "? a", a flow collection's
    /// indicators in a plain value) is refused, never read as text.
    mutating func plain(inKey: Bool = false) throws(YAMLError) -> String {
        let start = i
        while i < chars.count {
            let c = chars[i]
            if depth > 0 && (c == "," || c == "]" || c == "}") { break }
            let colonEnds =
                c == ":"
                && (i + 1 == chars.count || chars[i + 1] == " " || (depth > 0 && (chars[i + 1] == "," || chars[i + 1] == "}" || chars[i + 1] == "]")))
            if inKey && colonEnds { break }
            if colonEnds { throw fail("\": \" in a value reads as a mapping in YAML; put the value in quotes") }
            if depth > 0 && (c == "[" || c == "{") { throw fail("\(c) inside a plain value of a flow collection; put it in quotes") }
            i += 1
        }
        let text = String(chars[start..<i]).trimmingSpaces
        if text == "-" || text.hasPrefix("- ") || text == "?" || text.hasPrefix("? ") || text.hasPrefix(": ") {
            throw fail("a value cannot start with \"\(text.prefix(2))\" (YAML reads it as structure); put it in quotes")
        }
        return text
    }

    mutating func singleQuoted() throws(YAMLError) -> String {
        i += 1
        var out = ""
        while i < chars.count {
            if chars[i] == "'" {
                if i + 1 < chars.count, chars[i + 1] == "'" {
                    out.append("'")
                    i += 2
                    continue
                }
                i += 1
                return out
            }
            out.append(chars[i])
            i += 1
        }
        throw fail("a quoted string is not closed on its line")
    }

    mutating func doubleQuoted() throws(YAMLError) -> String {
        i += 1
        var out = ""
        while i < chars.count {
            let c = chars[i]
            if c == "\"" {
                i += 1
                return out
            }
            if c == "\\" {
                i += 1
                guard i < chars.count else { break }
                switch chars[i] {
                case "\"": out.append("\"")
                case "\\": out.append("\\")
                case "/": out.append("/")
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "0": out.append("\0")
                case "u":
                    let hex = String(chars[min(i + 1, chars.count)..<min(i + 5, chars.count)])
                    guard hex.count == 4, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                        throw fail("\\u needs four hexadecimal digits of a Unicode scalar")
                    }
                    out.unicodeScalars.append(scalar)
                    i += 4
                default: throw fail("unknown escape \\\(chars[i]) in a double-quoted string")
                }
                i += 1
                continue
            }
            out.append(c)
            i += 1
        }
        throw fail("a quoted string is not closed on its line")
    }

    /// Deeper nesting than any configuration has is refused before it can exhaust the stack (found by
    /// `make fuzz`: thousands of "[" crashed the recursive reader).
    static let maxDepth = 64

    mutating func enter() throws(YAMLError) {
        depth += 1
        if depth > Self.maxDepth { throw fail("nested more than \(Self.maxDepth) levels deep") }
    }

    mutating func sequence() throws(YAMLError) -> YAMLNode {
        i += 1
        try enter()
        var items: [YAMLNode] = []
        while true {
            skipSpaces()
            guard i < chars.count else { throw fail("a [ list is not closed on its line") }
            if chars[i] == "]" {
                i += 1
                break
            }
            items.append(try value())
            skipSpaces()
            guard i < chars.count else { throw fail("a [ list is not closed on its line") }
            if chars[i] == "," {
                i += 1
            } else if chars[i] != "]" {
                throw fail("expected , or ] in a [ list")
            }
        }
        depth -= 1
        return .sequence(items, line: line)
    }

    mutating func mapping() throws(YAMLError) -> YAMLNode {
        i += 1
        try enter()
        var pairs: [YAMLPair] = []
        var seen: Set<String> = []
        while true {
            skipSpaces()
            guard i < chars.count else { throw fail("a { mapping is not closed on its line") }
            if chars[i] == "}" {
                i += 1
                break
            }
            let key: String
            switch chars[i] {
            case "\"": key = try doubleQuoted()
            case "'": key = try singleQuoted()
            default: key = try plain(inKey: true)
            }
            guard seen.insert(key).inserted else { throw fail("the key \"\(key)\" appears twice") }
            skipSpaces()
            guard i < chars.count, chars[i] == ":" else { throw fail("expected \"key: value\" in a { mapping") }
            i += 1
            let value = try value()
            pairs.append(YAMLPair(key: .scalar(key, line: line), value: value))
            skipSpaces()
            guard i < chars.count else { throw fail("a { mapping is not closed on its line") }
            if chars[i] == "," {
                i += 1
            } else if chars[i] != "}" {
                throw fail("expected , or } in a { mapping")
            }
        }
        depth -= 1
        return .mapping(pairs, line: line)
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (YAML's blanks; a newline is not one).
    fileprivate var trimmingSpaces: String {
        let chars = Array(self)
        guard let first = chars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = chars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(chars[first...last])
    }
}
