import StickerCatalog
import StickerFiles

/// Warns about files inside a pack that no Contents.json names.
struct UnreferencedFileRule: Rule {
    static let description = RuleDescription(id: "unreferenced-file", category: .catalog, severity: .warning,
        rationale: "Xcode shows a file that no Contents.json names as an \"unassigned child\" and leaves it out of the "
            + "app: it is either a forgotten sticker or clutter.",
        passing: [.pack([.sticker("Cat", .png(width: 408, height: 408))], "a sticker folder holding only its image")],
        failing: [.pack([.sticker("Cat", .png(width: 408, height: 408),
                                  extra: [ExampleFile("cat-old.png", .png(width: 408, height: 408))])],
                        "a sticker folder with a second, unnamed image")])

    func check(scan: CatalogScan, context: LintContext) -> [Finding] {
        scan.issues.compactMap { issue in
            guard case .unreferenced(let path, let container) = issue else { return nil }
            return Finding(path: path, message: Self.message(container: container))
        }
    }

    fileprivate static func message(container: String) -> String {
        "the Contents.json of \"\(PathText.lastComponent(container))\" does not name it: Xcode shows it as an "
            + "unassigned child and leaves it out of the app"
    }
}
