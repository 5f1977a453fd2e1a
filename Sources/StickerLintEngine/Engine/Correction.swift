import StickerCatalog
import StickerFiles

/// Whether an edit keeps everything the user had, as ruff labels its fixes.
package enum Applicability: String, Sendable, Hashable, Codable, CaseIterable {
    /// The same pixels, frames, delays and meaning: `fix` applies it by default.
    case safe
    /// Something is lost or chosen (quality, size, frames, a reference, a format): only with its flag.
    case unsafe
}

/// One kind of edit `fix` can make. Rules attach the kinds that resolve a finding to the finding
/// (`Finding.fixes`), so the fixer finds its work by kind, never by a rule's ID.
package enum EditKind: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Re-encoded without loss, smaller (PNG, APNG, GIF).
    case recompress
    /// Renamed to the extension its content needs, its Contents.json reference updated.
    case rename
    /// Misspelt Contents.json keys replaced by the keys meant.
    case repairKeys = "repair-keys"
    /// A GIF converted to APNG (a still one to PNG), exactly: same frames, delays and plays.
    case convert
    /// A WebP, which Messages refuses, converted to PNG (an animated one to APNG) with exactly its
    /// decoded pixels, frames, delays and plays: nothing more is lost than the WebP had lost already.
    case convertWebP = "convert-webp"
    /// Fitted under the size limit with the least loss a PSNR floor allows.
    case fit
    /// Resampled down to its pack's grid (or 618 px).
    case resize
    /// An image or sticker a pack holds but does not name, added to the end of its list.
    case addReference = "add-reference"
    /// The reference to a file that does not exist, removed.
    case removeReference = "remove-reference"
    /// A required iMessage App Icon slot filled (or a wrong-sized icon remade) from the set's largest icon.
    case makeIcon = "make-icon"
    /// An App Store icon with alpha flattened onto a colour.
    case flattenIcon = "flatten-icon"

    package var applicability: Applicability {
        switch self {
        case .recompress, .rename, .repairKeys, .convertWebP: .safe
        case .convert, .fit, .resize, .addReference, .removeReference, .makeIcon, .flattenIcon: .unsafe
        }
    }

    package static func < (a: EditKind, b: EditKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// How the command line spells the option that allows each unsafe edit: the CLI's own table
/// (`Fix.editFlags`), handed down to what prints the options (SARIF's fix descriptions, the rules
/// document, fix's hints). Nothing below the CLI knows an option's name: without a table they say
/// "unsafe" and name no option.
package struct EditFlags: Sendable, Hashable {
    /// The option (`--lossy`) that allows each unsafe edit.
    package var spellings: [EditKind: String]
    /// The option that lets the size fitting drop a GIF's frames, named beside the fitting's own in a hint.
    package var allowFrameDrop: String?

    package init(_ spellings: [EditKind: String] = [:], allowFrameDrop: String? = nil) {
        self.spellings = spellings
        self.allowFrameDrop = allowFrameDrop
    }

    /// The option that allows `kind`; nil for a safe edit (applied by default) or an unknown spelling.
    package subscript(kind: EditKind) -> String? { kind.applicability == .unsafe ? spellings[kind] : nil }
}

/// How a finding can be fixed: `safe` when `fix` tries a safe edit by default, `unsafe` when only a
/// flagged edit can, `no` when no edit can (the JSON report's `"fixable"`).
package enum Fixability: String, Sendable, Hashable, Codable {
    case safe
    case unsafe
    case no

    package init(_ fixes: [EditKind]) {
        self = fixes.isEmpty ? .no : fixes.contains { $0.applicability == .safe } ? .safe : .unsafe
    }
}

/// One fix a rule offers, for its documentation and tests: the edit, what it does, and an example
/// before and after. The example test fixes `before` (with the edit's flag) and expects the rule
/// silent and the tree shaped as `after`.
package struct Correction: Sendable {
    package var kind: EditKind
    /// "renames the file to the extension its content needs; its Contents.json follows".
    package var summary: String
    package var before: RuleExample
    package var after: RuleExample

    package init(_ kind: EditKind, _ summary: String, before: RuleExample, after: RuleExample) {
        self.kind = kind
        self.summary = summary
        self.before = before
        self.after = after
    }
}

/// A rule that can repair what it finds, after SwiftLint's `CorrectableRule`: beside its check it
/// lists its corrections (each with examples that run as tests), and its findings carry the edits
/// that resolve them (`Finding.fixes`). The fixer applies edits by kind; a rule's ID is never compared.
package protocol CorrectableRule: Rule {
    static var corrections: [Correction] { get }
}

extension Rule {
    /// The rule's corrections; none for a rule that cannot repair what it finds. (A different name from
    /// `CorrectableRule.corrections`, so that no default can stand in for it: a correctable rule that
    /// forgets its corrections does not compile.)
    package static var offeredCorrections: [Correction] { (Self.self as? any CorrectableRule.Type)?.corrections ?? [] }
}

/// One replacement in a text file, in bytes: what a fix would change in a Contents.json, for reports
/// that carry fixes (SARIF's `artifactChanges`). The smallest span that differs.
package struct TextReplacement: Sendable, Hashable, Codable {
    package var path: String
    package var byteOffset: Int
    package var byteLength: Int
    package var inserted: String

    /// The replacement that turns `old` into `new`: the common start and end left out, the span kept
    /// on whole UTF-8 characters. Nil when they are equal.
    package init?(path: String, from old: [UInt8], to new: [UInt8]) {
        guard old != new else { return nil }
        var prefix = 0
        while prefix < min(old.count, new.count), old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        // Never split a character: back off to the start of one (UTF-8 continuation bytes are 10xxxxxx).
        while prefix > 0, prefix < new.count, new[prefix] & 0xC0 == 0x80 { prefix -= 1 }
        while suffix > 0, new.count - suffix < new.count, new[new.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
        self.path = path
        byteOffset = prefix
        byteLength = old.count - prefix - suffix
        inserted = String(decoding: new[prefix..<(new.count - suffix)], as: UTF8.self)
    }

    /// A replacement as a report states it.
    package init(path: String, byteOffset: Int, byteLength: Int, inserted: String) {
        self.path = path
        self.byteOffset = byteOffset
        self.byteLength = byteLength
        self.inserted = inserted
    }

    /// `old` with the replacement made.
    package func applied(to old: [UInt8]) -> [UInt8] {
        Array(old[..<byteOffset]) + Array(inserted.utf8) + Array(old[(byteOffset + byteLength)...])
    }
}

/// A fix a report can carry, made at check time by the rule that found the problem (ruff's `Fix`):
/// the edit, and the text replacements that make it.
package struct ProposedFix: Sendable, Hashable, Codable {
    package var kind: EditKind
    package var replacements: [TextReplacement]

    package init(kind: EditKind, replacements: [TextReplacement]) {
        self.kind = kind
        self.replacements = replacements
    }

    /// The edit that turns a Contents.json as read into `edited`, as Xcode writes it; nil when there
    /// is no edited document or it writes the same bytes.
    package init?(_ kind: EditKind, _ file: ContentsFile, edited: JSONValue?) {
        guard let edited, let replacement = TextReplacement(path: file.path, from: file.bytes, to: edited.xcodeBytes) else { return nil }
        self.init(kind: kind, replacements: [replacement])
    }
}
