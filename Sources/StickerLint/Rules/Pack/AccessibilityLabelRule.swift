import StickerCatalog
import StickerFiles

/// Checks sticker accessibility labels: at most 150 characters, and a note when there is none.
struct AccessibilityLabelRule: Rule {
    static let description = RuleDescription(
        id: "accessibility-label", category: .pack, severity: .error, mainCase: "too-long",
        rationale: "VoiceOver reads a sticker's accessibility label, which may be at most 150 characters; without one "
            + "the sticker's name (its folder's name in the catalog) is used, as Apple's asset catalog reference says.",
        cases: [RuleCase("missing", .note, "a note when the label is missing")],
        passing: [.pack([.sticker("Cat", .png(width: 408, height: 408), label: "A grey cat waving")], "a sticker labelled \"A grey cat waving\"")],
        failing: [
            .pack(
                [.sticker("Cat", .png(width: 408, height: 408), label: String(repeating: "a", count: 151))],
                "a sticker with a 151-character label"),
            .pack([.sticker("Cat", .png(width: 408, height: 408), label: nil)], "a sticker without a label")
        ])

    static let limit = StickerLimits.labelCharacters

    func check(entry: PackEntry, context: LintContext) -> [Finding] {
        guard let label = entry.accessibilityLabel, !label.isEmpty else {
            return [Finding(path: entry.path, message: Self.missing(entry), case: "missing")]
        }
        guard label.count > Self.limit else { return [] }
        return [Finding(path: entry.path, message: Self.tooLong(label.count))]
    }

    fileprivate static func missing(_ entry: PackEntry) -> String {
        "no accessibility label: the sticker's name \"\(PathText.stem(entry.path))\" is used instead"
    }

    fileprivate static func tooLong(_ count: Int) -> String {
        "accessibility label is \(count) characters, \(count - limit) over the \(limit)-character limit"
    }
}
