/// A JSON value whose objects keep their keys in the order written, for deterministic reports.
public indirect enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number printed with a fixed count of decimals (deterministic, unlike shortest round-trip).
    case decimal(Double, places: Int)
    /// A number printed so that it reads back as the same Double (Swift's shortest round-trip form).
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool { a.serialized() == b.serialized() }
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

    /// A value or null.
    public static func optional(_ value: Int?) -> JSON { value.map(JSON.int) ?? .null }
    public static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }
    public static func optional(_ value: Bool?) -> JSON { value.map(JSON.bool) ?? .null }

    /// Pretty-printed with two-space indentation and a final newline.
    public func serialized() -> String { serialized(indent: 0) + "\n" }

    /// Pretty-printed as a value nested `indent` levels deep (no final newline).
    public func serialized(indent: Int) -> String {
        var out = ""
        write(into: &out, indent: indent)
        return out
    }

    private func write(into out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1), closing = String(repeating: "  ", count: indent)
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .decimal(let value, let places): out += JSON.fixed(value, places: places)
        case .number(let value): out += value.isFinite ? value.description : "null"
        case .string(let s): out += JSON.quote(s)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                item.write(into: &out, indent: indent + 1)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += closing + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            for (i, (key, value)) in members.enumerated() {
                out += pad + JSON.quote(key) + ": "
                value.write(into: &out, indent: indent + 1)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += closing + "}"
        }
    }

    /// `value` rounded half away from zero to `places` decimals, without Foundation; non-finite values print as null.
    static func fixed(_ value: Double, places: Int) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "null" }
        var scale = 1.0
        for _ in 0..<max(0, places) { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let unit = Int(scale), whole = scaled / unit, fraction = scaled % unit
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard places > 0 else { return sign + String(whole) }
        let digits = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: places - digits.count) + digits
    }

    /// A JSON string literal (RFC 8259 escaping).
    public static func quote(_ s: String) -> String {
        let body = s.escapingScalars { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case let c where c.value < 0x20:
                "\\u" + String(repeating: "0", count: 4 - String(c.value, radix: 16).count) + String(c.value, radix: 16)
            default: nil
            }
        }
        return "\"" + body + "\""
    }
}
