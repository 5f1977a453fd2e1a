import StickerCatalog
/// Flags Contents.json filenames that leave their folder; the target is never read.
struct PathEscapeRule: Rule {
    static let description = RuleDescription(
        id: "path-escape", category: .catalog, severity: .error,
        rationale: "A filename with \"..\", an absolute path or a symbolic link out of its folder reaches files "
            + "outside the catalog: Xcode will not package it, and a checker must not read it.",
        passing: [.pack([.sticker("Cat", .png(width: 408, height: 408))], "a sticker whose image is inside its folder")],
        failing: [
            .pack([.stickerNaming("Cat", "../../x.png")], "a sticker naming ../../x.png"),
            .pack(
                [.stickerNaming("Cat", "cat.png")], links: [("Cat.sticker/cat.png", "/etc/hostname")],
                "a sticker whose image is a symbolic link to /etc/hostname")
        ])

    func check(scan: CatalogScan, context: LintContext) -> [Finding] {
        scan.issues.compactMap { issue in
            guard case .pathEscape(let path, let filename, let reason) = issue else { return nil }
            return Finding(path: path, message: Self.message(filename, reason))
        }
    }

    fileprivate static func message(_ filename: String, _ reason: String) -> String {
        "filename \"\(filename)\" \(reason); it was not read"
    }
}
