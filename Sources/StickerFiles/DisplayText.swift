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
/// - Every other format character (Unicode's Cf: the soft hyphen, U+2061–U+2064, U+206A–U+206F,
///   U+FFF9–U+FFFB…), the combining grapheme joiner and the Hangul fillers, which show nothing, are
///   escaped too, so two names that differ only in them never look alike; tag characters pass only
///   in a flag's tag sequence (after U+1F3F4).
/// - `::` becomes `:\u{3a}`: a name that starts a line cannot start a GitHub Actions workflow command
///   (`::error`, `::add-mask::`), and none is ever printed whole.
/// - Whitespace that begins or ends the text becomes `\u{20}`-style escapes: a name of spaces and
///   words (`  error  …`) printed at the start of a line cannot pass for one of the report's own
///   indented lines, and a trailing space is seen.
///
/// Everything else (letters of every script, emoji, combining marks) passes as it is.
extension String {
    /// The text with what could act on a terminal or a log reader escaped, on one line.
    package var displayed: String {
        // Most text needs nothing: asked first without copying its scalars (every path printed comes here).
        var clean = !(unicodeScalars.first?.properties.isWhitespace ?? false) && !(unicodeScalars.last?.properties.isWhitespace ?? false)
        var previous: Unicode.Scalar?, flag = false
        for scalar in unicodeScalars where clean {
            if Self.escape(scalar, inFlag: flag) != nil || (scalar == ":" && previous == ":") { clean = false }
            flag = Self.continuesFlag(scalar, flag)
            previous = scalar
        }
        if clean { return self }
        let scalars = Array(unicodeScalars)
        // The whitespace that begins and ends the text (all of it, when the text is nothing else).
        var lead = 0
        while lead < scalars.count, scalars[lead].properties.isWhitespace { lead += 1 }
        var trail = scalars.count
        while trail > lead, scalars[trail - 1].properties.isWhitespace { trail -= 1 }
        var out = ""
        out.reserveCapacity(utf8.count + 8)
        flag = false
        var previousColon = false
        for (index, scalar) in scalars.enumerated() {
            if index < lead || index >= trail {
                out += Self.escape(scalar, inFlag: flag) ?? "\\u{" + String(scalar.value, radix: 16) + "}"
                previousColon = false
            } else if let text = Self.escape(scalar, inFlag: flag) {
                out += text
                previousColon = false
            } else if scalar == ":" && previousColon {
                out += "\\u{3a}"
                previousColon = false
            } else {
                out.unicodeScalars.append(scalar)
                previousColon = scalar == ":"
            }
            flag = Self.continuesFlag(scalar, flag)
        }
        return out
    }

    /// The escape for one scalar, or nil when it passes as it is.
    /// Whether the next scalar is inside a flag's tag sequence: after U+1F3F4, and after each tag character
    /// that continues one.
    private static func continuesFlag(_ scalar: Unicode.Scalar, _ inFlag: Bool) -> Bool {
        scalar.value == 0x1F3F4 || (inFlag && (0xE0020...0xE007F).contains(scalar.value))
    }

    private static func escape(_ scalar: Unicode.Scalar, inFlag: Bool) -> String? {
        switch scalar.value {
        case 0x0A: "\\n"
        case 0x0D: "\\r"
        case 0x09: "\\t"
        // A tag character continues a flag's tag sequence (🏴 and its subdivision's letters).
        case 0xE0020...0xE007F where inFlag: nil
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
        // The joiners emoji sequences and Persian names need.
        case 0x200C, 0x200D: false
        // Invisible, though not Cf: the combining grapheme joiner and the Hangul fillers.
        case 0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0: true
        default: properties.generalCategory == .format
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
