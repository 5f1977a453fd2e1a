/// The one JSON value type: what `JSONParser` reads (Contents.json, JSON reports) and what every writer
/// writes (`serialized(_:)`: reports, and Contents.json as Xcode writes it). Objects keep their keys in
/// the order read or built, so output is deterministic.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number as parsed, written so that it reads back as the same Double (shortest round-trip form).
    case number(Double)
    /// A whole number built by a writer.
    case int(Int)
    /// A number written with a fixed count of decimals (deterministic, unlike the shortest form).
    case decimal(Double, places: Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// A value or null.
    public static func optional(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    public static func optional(_ value: Bool?) -> JSONValue { value.map(JSONValue.bool) ?? .null }

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.int(let x), .int(let y)): x == y
        case (.decimal(let x, let p), .decimal(let y, let q)): x == y && p == q
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n)
        case .int(let n): hasher.combine(n)
        case .decimal(let n, let places): hasher.combine(n); hasher.combine(places)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o): for (k, v) in o { hasher.combine(k); hasher.combine(v) }
        }
    }

    /// The value of `key` in an object (the last, if repeated, as Xcode's JSON reader takes it; the
    /// catalog reader reports the repetition).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    /// The JSON type name, for messages: "an object", "a string".
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number, .int, .decimal: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue {
    /// The object with the array at `key` transformed; nil when there is no such array.
    public func updating(_ key: String, _ transform: ([JSONValue]) -> [JSONValue]) -> JSONValue? {
        guard case .object(let members) = self, case .array(let items)? = self[key] else { return nil }
        return .object(members.map { $0.0 == key ? ($0.0, .array(transform(items))) : $0 })
    }

    /// The object with the object at `key` transformed; nil when there is no such object.
    public func updatingObject(_ key: String, _ transform: (JSONValue) -> JSONValue) -> JSONValue? {
        guard case .object(let members) = self, case .object? = self[key] else { return nil }
        return .object(members.map { $0.0 == key ? ($0.0, transform($0.1)) : $0 })
    }

    /// The object with `key` added after its other members.
    public func appending(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object(members + [(key, value)])
    }
}

/// A strict JSON parser (RFC 8259) whose errors name the line and column.
public struct JSONParser {
    /// Why a document is not JSON, with the position (1-based line and column).
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var reason: String
        public var description: String { "line \(line), column \(column): \(reason)" }
    }

    /// A key an object holds more than once, where it appears again.
    public struct Duplicate: Sendable, Hashable {
        public var key: String
        public var line: Int
    }

    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0
    /// Values still allowed before the document is refused (`maxValues`).
    private var valuesLeft: Int
    private let maxValues: Int
    /// Repeated keys and the byte offsets where they appear again; lines are found in one pass at the end
    /// (a line counted for each repetition as it was found cost the square of a document of repeats).
    private var duplicateOffsets: [(key: String, offset: Int)] = []

    /// Parses a whole document.
    public static func parse(_ bytes: [UInt8], maxValues: Int = .max) throws(Failure) -> JSONValue {
        var duplicates: [Duplicate] = []
        return try parse(bytes, duplicates: &duplicates, maxValues: maxValues)
    }

    /// Parses a whole document, noting keys repeated within an object. Text that is not UTF-8 (an
    /// overlong form, an encoded surrogate, a byte that starts nothing) is refused with its offset, as
    /// Foundation's JSON reader refuses it, and so is an escaped surrogate without its pair. A document
    /// of more than `maxValues` values (every number, string, array and object counts) is refused where
    /// the next one starts: the values built cost far more memory than their text.
    public static func parse(_ bytes: [UInt8], duplicates: inout [Duplicate], maxValues: Int = .max) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maxValues: maxValues)
        if let offset = UTF8Check.firstInvalidByte(bytes) {
            parser.i = offset
            throw parser.failure("invalid UTF-8 at byte \(offset)")
        }
        defer { duplicates = parser.duplicateLines() }
        // A UTF-8 byte order mark is tolerated, as Xcode tolerates it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.i = 3 }
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        if parser.i < bytes.count { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8], maxValues: Int) {
        self.bytes = bytes
        self.maxValues = maxValues
        valuesLeft = maxValues
    }

    /// The repeated keys with their 1-based lines, counted in one pass over the text.
    private func duplicateLines() -> [Duplicate] {
        var line = 1, scanned = 0
        return duplicateOffsets.map { key, offset in
            while scanned < min(offset, bytes.count) {
                if bytes[scanned] == 0x0A { line += 1 }
                scanned += 1
            }
            return Duplicate(key: key, line: line)
        }
    }

    private func failure(_ reason: String) -> Failure {
        var line = 1, column = 1
        for b in bytes[0..<min(i, bytes.count)] {
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return Failure(line: line, column: column, reason: reason)
    }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    private mutating func value() throws(Failure) -> JSONValue {
        guard i < bytes.count else { throw failure("unexpected end of file") }
        valuesLeft -= 1
        if valuesLeft < 0 { throw failure("more than \(maxValues.grouped) JSON values; not read") }
        depth += 1
        defer { depth -= 1 }
        if depth > 512 { throw failure("nesting is deeper than 512 levels") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("unexpected character \(describe(bytes[i]))")
        }
    }

    private func describe(_ b: UInt8) -> String {
        b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "0x\(String(b, radix: 16))"
    }

    private mutating func literal(_ word: String) throws(Failure) {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else {
            throw failure("invalid literal (expected \(word))")
        }
        i += w.count
    }

    private mutating func object() throws(Failure) -> JSONValue {
        i += 1
        var members: [(String, JSONValue)] = []
        var keys: Set<String> = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw failure("expected a quoted key") }
            let key = try string()
            if !keys.insert(key).inserted { duplicateOffsets.append((key, i)) }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw failure("expected ':' after the key") }
            i += 1
            skipSpace()
            members.append((key, try value()))
            skipSpace()
            guard i < bytes.count else { throw failure("unexpected end of file inside an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw failure("expected ',' or '}' in an object")
        }
    }

    private mutating func array() throws(Failure) -> JSONValue {
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            guard i < bytes.count else { throw failure("unexpected end of file inside an array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw failure("expected ',' or ']' in an array")
        }
    }

    private mutating func string() throws(Failure) -> String {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b < 0x20 { throw failure("control character in a string") }
            if b == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { break }
                switch bytes[i] {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar), i + 2 < bytes.count,
                        bytes[i + 1] == UInt8(ascii: "\\"), bytes[i + 2] == UInt8(ascii: "u")
                    {
                        let high = i
                        i += 2
                        let low = try hex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            // Not a low surrogate (found by `make fuzz`: the sum overflowed): the high one is unpaired.
                            i = high
                            throw failure("unpaired surrogate \\u\(String(scalar, radix: 16, uppercase: true)) in a string")
                        }
                    }
                    if (0xD800...0xDFFF).contains(scalar) {
                        throw failure("unpaired surrogate \\u\(String(scalar, radix: 16, uppercase: true)) in a string")
                    }
                    out += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                default:
                    throw failure("invalid escape \\\(describe(bytes[i]))")
                }
                i += 1
                continue
            }
            out.append(b)
            i += 1
        }
        throw failure("unterminated string")
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard i + 4 < bytes.count else { throw failure("incomplete \\u escape") }
        var v: UInt32 = 0
        for k in 1...4 {
            guard let d = hexDigit(bytes[i + k]) else { throw failure("invalid \\u escape") }
            v = v << 4 | d
        }
        i += 4
        return v
    }

    private func hexDigit(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - 48)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - 87)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - 55)
        default: nil
        }
    }

    private mutating func number() throws(Failure) -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits() -> Int {
            let s = i
            while i < bytes.count, (48...57).contains(bytes[i]) { i += 1 }
            return i - s
        }
        guard i < bytes.count, (48...57).contains(bytes[i]) else { throw failure("invalid number") }
        if bytes[i] == 48 { i += 1 } else { _ = digits() }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw failure("invalid number: digits expected after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw failure("invalid number: digits expected in the exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else { throw failure("invalid number") }
        // 1e999 is no number a catalog holds, and it could not be written back (found by `make fuzz`).
        guard value.isFinite else { throw failure("number out of range") }
        return value
    }
}

/// UTF-8 as RFC 3629 defines it: no overlong forms, no encoded surrogates, nothing above U+10FFFF.
public enum UTF8Check {
    /// The offset of the first byte that is not part of a valid UTF-8 sequence; nil when all are.
    public static func firstInvalidByte(_ bytes: [UInt8]) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int, low: UInt8, high: UInt8
            switch b {
            case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
            case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)  // no overlong three-byte forms
            case 0xED: (length, low, high) = (3, 0x80, 0x9F)  // no surrogates
            case 0xE1...0xEC, 0xEE...0xEF: (length, low, high) = (3, 0x80, 0xBF)
            case 0xF0: (length, low, high) = (4, 0x90, 0xBF)  // no overlong four-byte forms
            case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
            case 0xF4: (length, low, high) = (4, 0x80, 0x8F)  // nothing above U+10FFFF
            default: return i  // 0x80–0xC1, 0xF5–0xFF
            }
            guard i + length <= n else { return i }
            guard (low...high).contains(bytes[i + 1]) else { return i }
            for k in 2..<max(2, length) where bytes[i + k] & 0xC0 != 0x80 { return i }
            i += length
        }
        return nil
    }
}
