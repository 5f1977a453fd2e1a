import StickerCatalog
import StickerImage

/// Flags sticker files larger than Messages accepts.
struct FileSizeRule: Rule {
    static let description = RuleDescription(id: "file-size", category: .file, severity: .error, mainCase: "over",
        rationale: "Xcode refuses stickers over 512,000 bytes (\"The compiled sticker cannot be larger than 512000 "
            + "bytes\") and the Messages documentation asks for less than 500 KB.",
        cases: [RuleCase("near", .warning, "a warning from 500,001 to 512,000 bytes: under Xcode's limit, over the documented 500 KB")],
        passing: [.loose(.paddedPNG(side: 408, bytes: 500_000))],
        failing: [.loose(.paddedPNG(side: 408, bytes: 520_000)), .loose(.paddedPNG(side: 408, bytes: 505_000))])

    static let hardLimit = StickerLimits.maxBytes
    static let documentedLimit = StickerLimits.documentedBytes

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let bytes = image.byteCount else { return [] }
        if bytes > Self.hardLimit {
            return [Finding(path: image.path, message: Self.overLimit(bytes))]
        }
        if bytes > Self.documentedLimit {
            return [Finding(path: image.path, message: Self.overDocumented(bytes), case: "near")]
        }
        return []
    }

    fileprivate static func overLimit(_ bytes: Int) -> String {
        "file is \(bytes.grouped) bytes, \((bytes - hardLimit).grouped) over the \(hardLimit.grouped)-byte limit"
    }

    fileprivate static func overDocumented(_ bytes: Int) -> String {
        "file is \(bytes.grouped) bytes: under Xcode's \(hardLimit.grouped)-byte limit but "
            + "\((bytes - documentedLimit).grouped) over the 500 KB (\(documentedLimit.grouped) bytes) Messages documents"
    }
}
