/// The one JSON writer. Three layouts: `.report` for stickerlint's own reports (`"key": value`, empty
/// containers as `[]`/`{}`), `.xcode` for Contents.json as Xcode writes it, so that a file `fix`
/// edits diffs minimally and Xcode does not rewrite it on open (`"key" : value`, an empty array or
/// object as an opening and a closing line around an empty one, whole numbers without a fraction),
/// and `.compact` for a document handed to another library (no space at all, no final newline; whole
/// numbers without a fraction, as a reader that takes "4" as an integer and "4.0" as a real needs).
/// The first two indent by two spaces and end with a newline; all keep keys in the order given.
extension JSONValue {
    package enum Layout: Sendable {
        case report
        case xcode
        case compact
    }

    /// Pretty-printed with a final newline (compact: without).
    package func serialized(_ layout: Layout = .report) -> String { serialized(indent: 0, layout) + (layout == .compact ? "" : "\n") }

    /// Contents.json bytes, as Xcode writes them.
    package var xcodeBytes: [UInt8] { Array(serialized(.xcode).utf8) }

    /// Pretty-printed as a value nested `indent` levels deep (no final newline).
    package func serialized(indent: Int, _ layout: Layout = .report) -> String {
        var out = ""
        write(into: &out, indent: indent, layout)
        return out
    }

    private func write(into out: inout String, indent: Int, _ layout: Layout) {
        let compact = layout == .compact
        let pad = compact ? "" : String(repeating: "  ", count: indent + 1), closing = compact ? "" : String(repeating: "  ", count: indent)
        let empty = layout == .xcode ? "\n\n" + closing : "", newline = compact ? "" : "\n"
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .decimal(let value, let places): out += Self.fixed(value, places: places)
        case .number(let n):
            if layout != .report && n == n.rounded() && abs(n) < 1e15 {
                out += String(Int(n))
            } else {
                out += n.isFinite ? n.description : "null"
            }
        case .string(let s): out += Self.quote(s)
        case .array(let items):
            if items.isEmpty { out += "[" + empty + "]"; return }
            out += "[" + newline
            for (i, item) in items.enumerated() {
                out += pad
                item.write(into: &out, indent: indent + 1, layout)
                out += (i + 1 < items.count ? "," : "") + newline
            }
            out += closing + "]"
        case .object(let members):
            if members.isEmpty { out += "{" + empty + "}"; return }
            out += "{" + newline
            let colon = layout == .xcode ? " : " : compact ? ":" : ": "
            for (i, (key, value)) in members.enumerated() {
                out += pad + Self.quote(key) + colon
                value.write(into: &out, indent: indent + 1, layout)
                out += (i + 1 < members.count ? "," : "") + newline
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

    /// A JSON string literal (RFC 8259): quotes, backslashes and control characters escaped, and the
    /// other scalars that act on a display (C1 controls, bidi overrides, separators: `actsOnDisplay`)
    /// as `\uXXXX`, which every reader reads as the same string; everything else as UTF-8.
    package static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.actsOnDisplay:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
