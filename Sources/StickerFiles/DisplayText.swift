/// The one escaper for text that reaches a terminal or a line-oriented format (the text, GitHub,
/// Xcode and Markdown reports; the summaries of `pack`, `fix`, `variants`, `inspect`, `merge` and
/// `install-hook`; every error and note): a file name can hold any byte but `/` and NUL, and none of
/// what it holds may act on the reader.
///
/// - Line breaks and every other C0 control, DEL and the C1 controls (U+0080–U+009F, which some
///   terminals take as escape introducers) become visible escapes: `\n`, `\r`, `\t`, `\u{1b}`.
/// - The bidirectional controls (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069), the line and
///   paragraph separators (U+2028, U+2029) and the invisible characters that hide text (U+200B, U+2060,
///   U+FEFF) become `\u{202e}`-style escapes: a name cannot reorder or hide what follows it. The
///   joiners (U+200C, U+200D) pass: emoji sequences and Persian names need them.
/// - `::` becomes `:\u{3a}`: a name that starts a line cannot start a GitHub Actions workflow command
///   (`::error`, `::add-mask::`), and none is ever printed whole.
///
/// Everything else (letters of every script, emoji, combining marks) passes as it is.
extension String {
    /// The text with what could act on a terminal or a log reader escaped, on one line.
    package var displayed: String {
        var clean = true
        var previousColon = false
        for scalar in unicodeScalars {
            if Self.escape(scalar) != nil || (scalar == ":" && previousColon) {
                clean = false
                break
            }
            previousColon = scalar == ":"
        }
        if clean { return self }
        var out = ""
        out.reserveCapacity(utf8.count + 8)
        previousColon = false
        for scalar in unicodeScalars {
            if let text = Self.escape(scalar) {
                out += text
                previousColon = false
            } else if scalar == ":" && previousColon {
                out += "\\u{3a}"
                previousColon = false
            } else {
                out.unicodeScalars.append(scalar)
                previousColon = scalar == ":"
            }
        }
        return out
    }

    /// The escape for one scalar, or nil when it passes as it is.
    private static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x0A: "\\n"
        case 0x0D: "\\r"
        case 0x09: "\\t"
        default: scalar.actsOnDisplay ? "\\u{" + String(scalar.value, radix: 16) + "}" : nil
        }
    }
}

extension Unicode.Scalar {
    /// A control (C0, DEL, C1), bidi control, line or paragraph separator or invisible character: what
    /// `String.displayed` escapes, and what the JSON, XML and HTML writers write as a numeric escape
    /// (valid in each, and never a raw byte that a terminal or a log acts on).
    package var actsOnDisplay: Bool {
        switch value {
        case 0x00..<0x20, 0x7F...0x9F, 0x061C, 0x200B, 0x200E, 0x200F, 0x2028...0x202E, 0x2060, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }
}

extension String {
    /// Without leading and trailing whitespace (newlines too): a CSV field, a line a tool printed.
    package var trimmingWhitespace: String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s = s.dropFirst() }
        while let c = s.last, c.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
