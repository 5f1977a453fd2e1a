import StickerCatalog
import StickerFiles

/// Flags files and folders that a Contents.json names but that do not exist, and names that match a
/// file only when case is ignored.
struct MissingFileRule: CorrectableRule {
    static let description = RuleDescription(
        id: "missing-file", category: .catalog, severity: .error, mainCase: "absent",
        rationale: "Xcode shows an empty slot for a name in Contents.json whose file is gone, and the sticker is "
            + "missing from the built app. A name that matches only when case is ignored works on macOS's "
            + "default case-insensitive volumes and breaks on case-sensitive ones (some Macs, most CI).",
        cases: [RuleCase("case-only", .warning, "a warning when the name matches a file only if case is ignored")],
        passing: [.pack([.sticker("Cat", .png(width: 408, height: 408))], "a sticker whose image exists")],
        failing: [
            .pack([.stickerNaming("Cat", "cat.png")], "a sticker naming cat.png, which is not there"),
            .pack(
                [.stickerNaming("Cat", "Cat.PNG")], extra: [ExampleFile("Cat.sticker/cat.png", .png(width: 408, height: 408))],
                "a sticker naming Cat.PNG where the file is cat.png")
        ])

    static let corrections = [
        Correction(
            .removeReference, "removes the reference; a sticker folder left with nothing but its Contents.json goes too, with its pack entry",
            before: .pack(
                [.sticker("Dog", .png(width: 408, height: 408)), .stickerNaming("Cat", "cat.png")],
                "a pack whose Cat.sticker names cat.png, which is not there"),
            after: .pack([.sticker("Dog", .png(width: 408, height: 408))], "the pack without Cat.sticker"))
    ]

    func check(scan: CatalogScan, context: LintContext) -> [Finding] {
        // Built only when a finding needs a document (most runs have none).
        lazy var documents = scan.contentsFilesByPath
        return scan.issues.compactMap { issue in
            guard case .missingFile(let path, let referencedBy, let written) = issue else { return nil }
            if let written {
                return Finding(path: path, message: Self.caseOnly(written, referencedBy: referencedBy), case: "case-only")
            }
            // Out of a pack's, sequence's or icon set's list, the edit is the Contents.json's alone (a sticker
            // folder's only image removed takes the folder with it, which no text replacement says).
            let folder = PathText.parent(path)
            let textFix = ContentsKind(folder: folder).flatMap { kind in
                documents[PathText.join(folder, "Contents.json")].flatMap {
                    ProposedFix(.removeReference, $0, edited: CatalogWriter.removingEntry(PathText.lastComponent(path), from: $0.json, kind: kind))
                }
            }
            return Finding(path: path, message: Self.message(referencedBy: referencedBy), fixes: [.removeReference], textFix: textFix)
        }
    }

    /// "Cat.sticker/Contents.json" for a Contents.json path.
    fileprivate static func shortName(_ referencedBy: String) -> String {
        referencedBy.split(separator: "/").suffix(2).joined(separator: "/")
    }

    fileprivate static func message(referencedBy: String) -> String {
        "does not exist, but \"\(shortName(referencedBy))\" names it"
    }

    fileprivate static func caseOnly(_ written: String, referencedBy: String) -> String {
        "\"\(shortName(referencedBy))\" names it \"\(written)\", which matches only when case is ignored: "
            + "it works on case-insensitive volumes only; use the name on disk"
    }
}
