import StickerCatalog
/// Flags Contents.json files that are not valid JSON or have values of the wrong type.
struct CatalogJSONRule: Rule {
    static let description = RuleDescription(
        id: "catalog-json", name: "Catalog JSON", category: .catalog, severity: .error,
        rationale: "Xcode cannot build a catalog whose Contents.json is not valid JSON or has values of the wrong "
            + "type; the stickers it describes are left out.",
        passing: [.pack([.sticker("Cat", .png(width: 408, height: 408))], "a pack with well-formed Contents.json files")],
        failing: [
            .pack(
                [.sticker("Cat", .png(width: 408, height: 408))],
                extra: [ExampleFile("Cat.sticker/Contents.json", .text(#"{"properties": {"filename": "cat.png",}"#))],
                "a sticker whose Contents.json has a trailing comma")
        ])

    func check(scan: CatalogScan, context: LintContext) -> [Finding] {
        scan.issues.compactMap { issue in
            guard case .invalidJSON(let path, let reason) = issue else { return nil }
            return Finding(path: path, message: Self.message(reason))
        }
    }

    fileprivate static func message(_ reason: String) -> String {
        "Contents.json \(reason)"
    }
}
