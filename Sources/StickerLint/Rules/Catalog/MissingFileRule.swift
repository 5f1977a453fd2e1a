import StickerCatalog
/// Flags files and folders that a Contents.json names but that do not exist.
struct MissingFileRule: Rule {
    static let description = RuleDescription(
        id: "missing-file", name: "Missing file", category: .catalog, severity: .error,
        rationale: "Xcode shows an empty slot for a name in Contents.json whose file is gone, and the sticker is "
            + "missing from the built app.",
        passing: [.pack([.sticker("Cat", .png(width: 408, height: 408))], "a sticker whose image exists")],
        failing: [.pack([.stickerNaming("Cat", "cat.png")], "a sticker naming cat.png, which is not there")])

    func check(scan: CatalogScan, context: LintContext) -> [Finding] {
        scan.issues.compactMap { issue in
            guard case .missingFile(let path, let referencedBy) = issue else { return nil }
            return Finding(path: path, message: Self.message(referencedBy: referencedBy))
        }
    }

    fileprivate static func message(referencedBy: String) -> String {
        let parts = referencedBy.split(separator: "/").suffix(2).joined(separator: "/")
        return "does not exist, but \"\(parts)\" names it"
    }
}
