import StickerFiles
import StickerCatalog
import StickerImage

/// Flags sticker files larger than Messages accepts.
struct FileSizeRule: CorrectableRule {
    static let description = RuleDescription(
        id: "file-size", category: .file, severity: .error, mainCase: "over", appliesTo: ImageRole.stickers.union(ImageRole.stores),
        rationale: "Xcode refuses stickers over 512,000 bytes (\"The compiled sticker cannot be larger than 512000 "
            + "bytes\") and the Messages documentation asks for less than 500 KB. Under another store's profile, that "
            + "store's limit for a still or an animated sticker, in exact bytes (a size equal to it passes): "
            + Store.rationale("file-size") + ".",
        cases: [
            RuleCase(
                "near", .warning,
                "a warning from 500,001 to 512,000 bytes: under Xcode's limit, over the documented 500 KB"
                    + Store.rationale("file-size.near", separator: "; ").parenthesized),
            RuleCase(
                "redrawn", .note, "a note where a store redraws the file before judging it: " + Store.rationale("file-size.redrawn", separator: "; "))
        ],
        passing: [.loose(.paddedPNG(side: 408, bytes: 500_000))] + Store.passing("file-size"),
        failing: [.loose(.paddedPNG(side: 408, bytes: 520_000)), .loose(.paddedPNG(side: 408, bytes: 505_000))] + Store.failing("file-size"))

    static let corrections = [
        Correction(
            .recompress, "re-encodes a PNG, APNG or GIF without loss, as small as it can be (the same pixels, frames, delays and loops)",
            before: .loose(.paddedPNG(side: 408, bytes: 520_000), named: "cat.png"),
            after: .loose(.png(width: 408, height: 408), named: "cat.png")),
        Correction(
            .fit, "fits the file under 500,000 bytes with the least loss: near-lossless, a palette, a lower JPEG quality; refused below --min-psnr",
            before: .loose(.png(width: 618, height: 618, style: .manyColours), named: "cat.png", "a 618×618 PNG of 260 colours, over 1 MB"),
            after: .loose(.png(width: 618, height: 618, style: .manyColours), named: "cat.png", "the same picture in 256 colours"))
    ]

    static let hardLimit = StickerLimits.maxBytes
    static let documentedLimit = StickerLimits.documentedBytes

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let bytes = image.byteCount else { return [] }
        if let (store, kind) = image.storeKind {
            if let redraw = kind.redraw {
                // What the store uploads is its own redraw, not this file: a large file is noted, never refused.
                guard bytes > kind.maxBytes else { return [] }
                return [
                    Finding(
                        path: image.path,
                        message: "file is \(bytes.grouped) bytes, over \(store.name)'s \(kind.maxBytes.grouped) for a sticker, but \(store.name) "
                            + "redraws it: \(redraw), and judges that", case: "redrawn")
                ]
            }
            let what = "\(store.name)'s \(kind.maxBytes.grouped)-byte limit for \(kind.noun)"
            if bytes > kind.maxBytes {
                return [Finding(path: image.path, message: "file is \(bytes.grouped) bytes, \((bytes - kind.maxBytes).grouped) over \(what)")]
            }
            if let documented = kind.documentedBytes, bytes > documented {
                return [
                    Finding(
                        path: image.path,
                        message: "file is \(bytes.grouped) bytes: within \(what) if its KB is 1,024 bytes, over it by "
                            + "\((bytes - documented).grouped) if 1,000", case: "near")
                ]
            }
            return []
        }
        let fixes: [EditKind] =
            switch image.kind.format {
            case .png?, .apng?, .gif?: [.recompress, .fit]
            case .jpeg?: [.fit]
            case .webp?, nil: []
            }
        if bytes > Self.hardLimit {
            return [Finding(path: image.path, message: Self.overLimit(bytes), fixes: fixes)]
        }
        if bytes > Self.documentedLimit {
            return [Finding(path: image.path, message: Self.overDocumented(bytes), case: "near", fixes: fixes)]
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
