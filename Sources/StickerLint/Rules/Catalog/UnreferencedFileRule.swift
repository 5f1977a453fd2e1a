import StickerCatalog
import StickerImage
import StickerFiles

/// Warns about files inside a pack that no Contents.json names, and icon-set images in no slot.
struct UnreferencedFileRule: CorrectableRule {
    static let description = RuleDescription(
        id: "unreferenced-file", category: .catalog, severity: .warning,
        rationale: "Xcode shows a file that no Contents.json names as an \"unassigned child\" and leaves it out of the "
            + "app: it is either a forgotten sticker or clutter. In an icon set, an image in an unassigned entry or in "
            + "an entry that is no slot of the iMessage App Icon is such a child too.",
        passing: [.pack([.sticker("Cat", .png(width: 408, height: 408))], "a sticker folder holding only its image")],
        failing: [
            .pack(
                [
                    .sticker(
                        "Cat", .png(width: 408, height: 408),
                        extra: [ExampleFile("cat-old.png", .png(width: 408, height: 408))])
                ],
                "a sticker folder with a second, unnamed image"),
            .iconSet(ExampleIcon.complete + [.unassigned("old.png")], "an icon set with an image in an unassigned entry"),
            .iconSet(ExampleIcon.complete + [.outsideSlots("extra.png")], "an icon set with an image in a universal @1x entry"),
            .iconSet(ExampleIcon.complete + [.unnamed("spare.png")], "an icon set with an image no entry names")
        ])

    static let corrections = [
        Correction(
            .addReference,
            "adds a sticker or sequence a pack holds but does not name to the end of its list (an image lying in the pack gets a sticker folder)",
            before: .pack(
                [.sticker("Cat", .png(width: 408, height: 408))],
                extra: ExampleSticker.sticker("Dog", .png(width: 408, height: 408)).files(in: "").map {
                    ExampleFile(String($0.path.dropFirst()), $0.content)
                },
                "a pack holding Dog.sticker without naming it"),
            after: .pack(
                [.sticker("Cat", .png(width: 408, height: 408)), .sticker("Dog", .png(width: 408, height: 408))],
                "the pack naming Dog.sticker last"))
    ]

    func check(scan: CatalogScan, context: LintContext) -> [Finding] {
        // Built only when a finding needs a document (most runs have none).
        lazy var documents = scan.contentsFilesByPath
        let unnamed = scan.issues.compactMap { issue -> Finding? in
            guard case .unreferenced(let path, let container, let isLink) = issue else { return nil }
            // In a pack, a sticker, a sequence or an image can be added to the pack's list.
            let isEntry = ContentsKind(folder: path)?.isEntry == true
            let addable =
                ContentsKind(folder: container) == .pack && (isEntry || ImageFormat.acceptedExtensions.contains(PathText.fileExtension(path)))
            // A folder's addition edits the pack's Contents.json alone (an image's makes a folder; a link's is refused).
            let textFix = (addable && isEntry && !isLink ? documents[PathText.join(container, "Contents.json")] : nil).flatMap {
                ProposedFix(.addReference, $0, edited: CatalogWriter.addingEntry(PathText.lastComponent(path), to: $0.json))
            }
            return Finding(path: path, message: Self.unnamed(container: container), fixes: addable ? [.addReference] : [], textFix: textFix)
        }
        return unnamed + scan.catalogs.flatMap(\.iconSets).flatMap(Self.outsideSlots)
    }

    /// Icon-set images whose entries fill no slot (images no entry names are in the reader's issues).
    static func outsideSlots(_ set: IconSet) -> [Finding] {
        set.unassignedFiles.compactMap { file in
            let entries = set.entries.filter { $0.image == file }
            guard let entry = entries.first else { return nil }
            let why =
                entries.allSatisfy(\.unassigned)
                ? "is marked unassigned"
                : "(\(entry.label)) is no slot of the iMessage App Icon"
            return Finding(
                path: file.path,
                message: "its entry in the Contents.json of \"\(PathText.lastComponent(set.path))\" \(why)"
                    + Self.consequence)
        }
    }

    fileprivate static func unnamed(container: String) -> String {
        "the Contents.json of \"\(PathText.lastComponent(container))\" does not name it" + consequence
    }

    fileprivate static let consequence = ": Xcode shows it as an unassigned child and leaves it out of the app"
}

extension RuleID {
    /// `unreferenced-file`: what `fix` looks at for what an interrupted run left behind.
    package static let unreferencedFile = UnreferencedFileRule.description.id
}
