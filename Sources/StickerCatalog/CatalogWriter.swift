import StickerFiles

/// What stickerlint writes into a catalog, spelt once: folder names (from `ContentsKind`'s table) and
/// the Contents.json documents of a catalog, a pack, a sticker and an icon set, each with the `info`
/// block Xcode writes. `fix` and `pack` write through it.
package enum CatalogWriter {
    /// `"info": {"author": "xcode", "version": 1}`'s value.
    package static let info: JSONValue = .object([("author", .string("xcode")), ("version", .int(1))])

    /// The icon set's folder name, as Xcode's template names it.
    package static let iconSetName = folderName("iMessage App Icon", .iconSet)

    /// "Cat.sticker" for ("Cat", .sticker).
    package static func folderName(_ name: String, _ kind: ContentsKind) -> String { name + "." + kind.folderExtension }

    /// "Cat" for ".../Cat.sticker" (any catalog folder's extension taken off); other names as they are.
    package static func displayName(_ path: String) -> String {
        let last = PathText.lastComponent(path)
        guard ContentsKind(folder: last) != nil else { return last }
        return String(last.dropLast(PathText.fileExtension(last).count + 1))
    }

    /// A catalog root's Contents.json.
    package static var catalogDocument: JSONValue { .object([("info", info)]) }

    /// A pack's Contents.json: its grid and its stickers' folder names, in order.
    package static func packDocument(grid: GridSize, stickers: [String]) -> JSONValue {
        .object([
            ("info", info), ("properties", .object([("grid-size", .string(grid.rawValue))])),
            ("stickers", .array(stickers.map { .object([("filename", .string($0))]) }))
        ])
    }

    /// A sticker's Contents.json: its image and accessibility label.
    package static func stickerDocument(file: String, label: String) -> JSONValue {
        .object([
            ("info", info),
            ("properties", .object([("accessibility-label", .string(label)), ("filename", .string(file))]))
        ])
    }

    /// An icon set's Contents.json from its entries (`iconEntry`).
    package static func iconSetDocument(_ entries: [JSONValue]) -> JSONValue { .object([("images", .array(entries)), ("info", info)]) }

    /// One icon set entry: the slot's file (`IconSlot.fileName` unless another is given), idiom, scale and size.
    package static func iconEntry(_ slot: IconSlot, fileName: String? = nil) -> JSONValue {
        .object([
            ("filename", .string(fileName ?? slot.fileName)), ("idiom", .string(slot.idiom)), ("scale", .string(slot.scale)),
            ("size", .string(slot.size))
        ])
    }

    /// The array of a folder's Contents.json that names its members; nil for a sticker or a catalog.
    package static func listKey(_ kind: ContentsKind) -> String? {
        switch kind {
        case .pack: "stickers"
        case .sequence: "frames"
        case .iconSet: "images"
        case .sticker, .catalog: nil
        }
    }

    /// A pack's Contents.json with the sticker or sequence folder `name` added at the end of its list
    /// (the list made when there is none); nil when the list names it already.
    package static func addingEntry(_ name: String, to pack: JSONValue) -> JSONValue? {
        let entry: JSONValue = .object([("filename", .string(name))])
        if case .array(let entries)? = pack["stickers"], entries.contains(where: { $0["filename"] == .string(name) }) { return nil }
        return pack.updating("stickers") { $0 + [entry] } ?? pack.appending("stickers", .array([entry]))
    }

    /// A pack's or sequence's Contents.json without the entries naming `name`, or an icon set's without
    /// that entry's filename (the slot stays, empty, as Xcode keeps it); nil when nothing changes.
    package static func removingEntry(_ name: String, from json: JSONValue, kind: ContentsKind) -> JSONValue? {
        guard let key = listKey(kind) else { return nil }
        let names: (JSONValue) -> Bool = { $0["filename"] == .string(name) }
        let edited: JSONValue? =
            kind == .iconSet
            ? json.updating(key) { items in
                items.map { item in
                    guard names(item), case .object(let members) = item else { return item }
                    return .object(members.filter { $0.0 != "filename" })
                }
            }
            : json.updating(key) { $0.filter { !names($0) } }
        guard let edited, edited != json else { return nil }
        return edited
    }
}
