import StickerFiles

/// What stickerlint writes into a catalog, spelt once: folder names (from `ContentsKind`'s table) and
/// the Contents.json documents of a catalog, a pack, a sticker and an icon set, each with the `info`
/// block Xcode writes. `fix` and `pack` write through it.
public enum CatalogWriter {
    /// `"info": {"author": "xcode", "version": 1}`'s value.
    public static let info: JSONValue = .object([("author", .string("xcode")), ("version", .int(1))])

    /// The icon set's folder name, as Xcode's template names it.
    public static let iconSetName = folderName("iMessage App Icon", .iconSet)

    /// "Cat.sticker" for ("Cat", .sticker).
    public static func folderName(_ name: String, _ kind: ContentsKind) -> String { name + "." + kind.folderExtension }

    /// "Cat" for ".../Cat.sticker" (any catalog folder's extension taken off); other names as they are.
    public static func displayName(_ path: String) -> String {
        let last = PathText.lastComponent(path)
        guard ContentsKind(folder: last) != nil else { return last }
        return String(last.dropLast(PathText.fileExtension(last).count + 1))
    }

    /// A catalog root's Contents.json.
    public static var catalogDocument: JSONValue { .object([("info", info)]) }

    /// A pack's Contents.json: its grid and its stickers' folder names, in order.
    public static func packDocument(grid: GridSize, stickers: [String]) -> JSONValue {
        .object([
            ("info", info), ("properties", .object([("grid-size", .string(grid.rawValue))])),
            ("stickers", .array(stickers.map { .object([("filename", .string($0))]) }))
        ])
    }

    /// A sticker's Contents.json: its image and accessibility label.
    public static func stickerDocument(file: String, label: String) -> JSONValue {
        .object([
            ("info", info),
            ("properties", .object([("accessibility-label", .string(label)), ("filename", .string(file))]))
        ])
    }

    /// An icon set's Contents.json from its entries (`iconEntry`).
    public static func iconSetDocument(_ entries: [JSONValue]) -> JSONValue { .object([("images", .array(entries)), ("info", info)]) }

    /// One icon set entry: the slot's file (`IconSlot.fileName`), idiom, scale and size.
    public static func iconEntry(_ slot: IconSlot) -> JSONValue {
        .object([
            ("filename", .string(slot.fileName)), ("idiom", .string(slot.idiom)), ("scale", .string(slot.scale)),
            ("size", .string(slot.size))
        ])
    }
}
