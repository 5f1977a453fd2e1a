/// Contents.json as Xcode writes it, so that a file `fix` edits diffs minimally and Xcode does not
/// rewrite it on open: keys in the order given (Xcode's own files keep theirs), two-space indent,
/// `"key" : value`, an empty array or object as an opening and a closing line around an empty one,
/// whole numbers without a fraction, and a final newline.
public enum XcodeJSON {
    public static func serialize(_ value: JSONValue) -> [UInt8] {
        var out = ""
        write(value, indent: 0, into: &out)
        return Array((out + "\n").utf8)
    }

    static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent + 1), closing = String(repeating: "  ", count: indent)
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n):
            out += n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : n.isFinite ? n.description : "null"
        case .string(let s): out += quote(s)
        case .array(let items):
            guard !items.isEmpty else { return out += "[\n\n" + closing + "]" }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                write(item, indent: indent + 1, into: &out)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += closing + "]"
        case .object(let members):
            guard !members.isEmpty else { return out += "{\n\n" + closing + "}" }
            out += "{\n"
            for (i, (key, item)) in members.enumerated() {
                out += pad + quote(key) + " : "
                write(item, indent: indent + 1, into: &out)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += closing + "}"
        }
    }

    /// A string literal: quotes, backslashes and control characters escaped; everything else as UTF-8.
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
