import StickerCatalog
import StickerFiles
import StickerLint

/// Names, order and accessibility labels for `pack`.
package enum PackNaming {
    /// Natural order: runs of digits compare by value ("cat 2" before "cat 10"), letters without regard
    /// to case; names equal that way fall back to their bytes, so the order is total and stable.
    package static func naturalLess(_ a: String, _ b: String) -> Bool {
        let x = chunks(a), y = chunks(b)
        for (p, q) in zip(x, y) where p != q {
            switch (p, q) {
            case (.number(let m, let ml), .number(let n, let nl)):
                if m != n { return m < n }
                if ml != nl { return ml < nl }  // "01" after "1"
            case (.number, .text): return true
            case (.text, .number): return false
            case (.text(let s), .text(let t)):
                let (ls, lt) = (s.lowercased(), t.lowercased())
                if ls != lt { return PathText.precedes(ls, lt) }
            }
        }
        if x.count != y.count { return x.count < y.count }
        return PathText.precedes(a, b)
    }

    private enum Chunk: Equatable {
        /// The value (saturating: very long digit runs compare by length next) and the run's length.
        case number(UInt64, Int)
        case text(String)
    }

    private static func chunks(_ s: String) -> [Chunk] {
        var out: [Chunk] = [], text = "", digits = ""
        func flush() {
            if !text.isEmpty { out.append(.text(text)); text = "" }
            if !digits.isEmpty {
                let value = digits.reduce(UInt64(0)) { acc, c in
                    let (m, o1) = acc.multipliedReportingOverflow(by: 10)
                    let (s, o2) = m.addingReportingOverflow(UInt64(c.wholeNumberValue ?? 0))
                    return o1 || o2 ? .max : s
                }
                out.append(.number(value, digits.count))
                digits = ""
            }
        }
        for c in s {
            if c.isASCII && c.isNumber {
                if !text.isEmpty { flush() }
                digits.append(c)
            } else {
                if !digits.isEmpty { flush() }
                text.append(c)
            }
        }
        flush()
        return out
    }

    /// The longest accessibility label VoiceOver takes (the accessibility-label rule's limit).
    package static let maxLabel = StickerLimits.labelCharacters

    /// The longest file or folder name, in bytes (NAME_MAX on Linux and macOS: 255).
    package static let maxNameBytes = 255

    /// `stem` cut at a character boundary so that it and `room` bytes more (an extension, " 2", ".sticker")
    /// fit in one file name; nil when it fits as it is. Art can be named as long as its own folder
    /// allows, and a name made from it with a longer ending would not be writable.
    package static func shortened(_ stem: String, leaving room: Int) -> String? {
        let limit = maxNameBytes - room
        guard stem.utf8.count > limit else { return nil }
        var cut = "", bytes = 0
        for character in stem {
            let size = character.utf8.count
            if bytes + size > limit { break }
            cut.append(character)
            bytes += size
        }
        // A name ending in a space or dot reads badly and Windows refuses it.
        while let last = cut.last, last == " " || last == "." { cut.removeLast() }
        return cut.isEmpty ? "sticker" : cut
    }

    /// A pack's name as the stem of its folders (`NAME.xcstickers`, `NAME.stickerpack`), cut so that each,
    /// and the staging folder made for it, fits in a file name.
    package static func folderStem(_ name: String) -> String {
        shortened(name, leaving: ".stickerpack".utf8.count + StagingFolders.nameOverhead) ?? name
    }

    /// The step a shortened name is said with.
    package static func shortenedStep(_ stem: String) -> String {
        "name shortened to \(stem.utf8.count.grouped) bytes: a file name holds at most \(maxNameBytes.grouped)"
    }

    /// A label from a file name: "happy-cat.png" → "Happy cat", "HappyCat_02.gif" → "Happy cat 02".
    /// Dashes, underscores, dots and camel case become spaces; the first letter is capitalised and the
    /// rest of each word lowercased unless it is all capitals (an acronym) or has digits.
    package static func label(fromFileName name: String) -> String {
        var stem = PathText.stem(name)
        // A scale suffix is no part of what the sticker shows: "yay@3x" is "Yay".
        for scale in ["@1x", "@2x", "@3x"] where stem.count > scale.count && stem.lowercased().hasSuffix(scale) {
            stem = String(stem.dropLast(scale.count))
        }
        var words: [String] = [], word = ""
        var previous: Character?
        for c in stem {
            if c == "-" || c == "_" || c == "." || c == " " || c == "+" {
                if !word.isEmpty { words.append(word); word = "" }
            } else {
                if let p = previous, c.isUppercase, p.isLowercase, !word.isEmpty {
                    words.append(word)
                    word = ""
                }
                word.append(c)
            }
            previous = c
        }
        if !word.isEmpty { words.append(word) }
        let shaped = words.enumerated().map { index, word -> String in
            let acronym = word.count > 1 && word.allSatisfy { $0.isUppercase || $0.isNumber }
            let body = acronym ? word : word.lowercased()
            return index == 0 ? body.prefix(1).uppercased() + body.dropFirst() : body
        }
        let text = shaped.joined(separator: " ")
        return text.isEmpty ? stem : text
    }

    /// `label` cut to at most 150 characters at a word boundary (at a character when one word is longer).
    package static func fitted(_ label: String) -> String {
        guard label.count > maxLabel else { return label }
        let cut = String(label.prefix(maxLabel))
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) >= maxLabel / 2 {
            return String(cut[..<space])
        }
        return cut
    }

    /// Why a labels or order file could not be used.
    package struct FileProblem: Error, Sendable, Hashable, CustomStringConvertible {
        package var path: String
        package var line: Int?
        package var reason: String
        package var description: String { "\(path)\(line.map { ":\($0)" } ?? ""): \(reason)" }
    }

    /// Labels by file: a JSON object (`{"happy-cat.png": "Happy cat"}`, or of objects with a "label") or
    /// CSV (`file,label` per line, RFC 4180 quoting; a first line `file,label…` is a header, and may name
    /// an `emoji` column too). Keys are file names or paths relative to a source folder.
    package static func labels(_ bytes: [UInt8], path: String) throws(FileProblem) -> [String: String] {
        try columns(bytes, path: path).compactMapValues { $0.label }
    }

    /// The emoji each file is tagged with, for the stores that want them (WhatsApp's contents.json): the
    /// `emoji` (or `whatsapp`) column of a CSV with a header, or the "emoji" of a JSON object's entry;
    /// each emoji one character ("🐱😺" and "🐱 😺" are two), spaces and commas between them ignored.
    package static func emoji(_ bytes: [UInt8], path: String) throws(FileProblem) -> [String: [String]] {
        try columns(bytes, path: path).compactMapValues { row in
            row.emoji.map { text in text.filter { !$0.isWhitespace && $0 != "," }.map(String.init) }.flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// Each file's label and emoji text, as a labels file gives them.
    static func columns(_ bytes: [UInt8], path: String) throws(FileProblem) -> [String: (label: String?, emoji: String?)] {
        let text = String(decoding: bytes, as: UTF8.self)
        if text.drop(while: { $0.isWhitespace }).first == "{" {
            let value: JSONValue
            do { value = try JSONParser.parse(bytes) } catch { throw FileProblem(path: path, line: nil, reason: "not valid JSON: \(error)") }
            guard case .object(let members) = value else { throw FileProblem(path: path, line: nil, reason: "expected an object of file → label") }
            var out: [String: (label: String?, emoji: String?)] = [:]
            for (key, value) in members {
                switch value {
                case .string(let label): out[key] = (label, nil)
                case .object:
                    func field(_ name: String) throws(FileProblem) -> String? {
                        switch value[name] {
                        case nil: return nil
                        case .string(let text)?: return text
                        case .array(let items)?:
                            var joined = ""
                            for item in items {
                                guard case .string(let text) = item else {
                                    throw FileProblem(path: path, line: nil, reason: "the \(name) of \"\(key)\" is not a list of strings")
                                }
                                joined += text
                            }
                            return joined
                        default: throw FileProblem(path: path, line: nil, reason: "the \(name) of \"\(key)\" is not a string")
                        }
                    }
                    out[key] = (try field("label"), try field("emoji"))
                default:
                    throw FileProblem(path: path, line: nil, reason: "the label of \"\(key)\" is not a string")
                }
            }
            return out
        }
        var out: [String: (label: String?, emoji: String?)] = [:]
        var emojiColumn: Int?
        var width = 2
        for (index, record) in try csvRecords(text, path: path).enumerated() {
            let line = index + 1
            if record.allSatisfy({ $0.trimmingWhitespace.isEmpty }) { continue }
            let names = record.map { $0.trimmingWhitespace.lowercased() }
            if index == 0 && names.count >= 2 && names[0] == "file" && names[1] == "label" {
                // "emoji", "emojis", or the name of a store whose sidecar lists emoji.
                let stores = Set(Store.builtIn.filter { $0.manifest != nil }.map(\.id))
                emojiColumn = names.firstIndex { $0 == "emoji" || $0 == "emojis" || stores.contains($0) }
                width = names.count
                continue
            }
            guard record.count == width else {
                let expected = width == 2 ? "two fields, file and label" : "\(width) fields, as the header names"
                throw FileProblem(path: path, line: line, reason: "expected \(expected); found \(record.count)")
            }
            out[record[0].trimmingWhitespace] = (record[1].trimmingWhitespace, emojiColumn.map { record[$0].trimmingWhitespace })
        }
        return out
    }

    /// CSV records (RFC 4180: fields in double quotes may hold commas, line breaks and "" for a quote).
    static func csvRecords(_ text: String, path: String) throws(FileProblem) -> [[String]] {
        var records: [[String]] = [], field = "", record: [String] = []
        var quoted = false, afterQuote = false, line = 1
        var iterator = text.makeIterator()
        while let c = iterator.next() {
            if quoted {
                if c == "\"" {
                    quoted = false
                    afterQuote = true
                } else {
                    if c == "\n" { line += 1 }
                    field.append(c)
                }
                continue
            }
            switch c {
            case "\"" where afterQuote:
                field.append("\"")  // "" inside quotes
                quoted = true
                afterQuote = false
            case "\"" where field.trimmingWhitespace.isEmpty:
                field = ""
                quoted = true
            case ",":
                record.append(field)
                field = ""
                afterQuote = false
            case "\n", "\r\n":
                record.append(field)
                records.append(record)
                record = []
                field = ""
                afterQuote = false
                line += 1
            case "\r":
                continue
            default:
                field.append(c)
                afterQuote = false
            }
        }
        if quoted { throw FileProblem(path: path, line: line, reason: "a quoted field is not closed") }
        if !field.isEmpty || !record.isEmpty {
            record.append(field)
            records.append(record)
        }
        return records
    }

    /// An order file's names: one file name or relative path per line; blank lines and lines starting
    /// with # are skipped.
    package static func order(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { String($0).trimmingWhitespace }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}
