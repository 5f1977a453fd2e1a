import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint

/// `.addReference` and `.removeReference`: a pack's list gains what it holds, or loses what is gone.
extension CatalogFixer {
    /// `--add-unreferenced`: a sticker or sequence folder in a pack that its Contents.json does not
    /// name is added at the end of the pack's list; an image lying in the pack gets a sticker folder.
    mutating func adopt(_ path: String, write: Bool) {
        let pack = PathText.parent(path), contents = PathText.join(pack, "Contents.json")
        var entryName = PathText.lastComponent(path)
        let ext = PathText.fileExtension(path)
        // Nothing fix does follows a link: a linked sticker folder or image may lead out of the catalog
        // (the path-escape rule), and adding it would make fix write there.
        if files.kind(path) == .symlink || !PathText.isWithin(files.resolved(path), files.resolved(pack)) {
            edits.append(Edit(path: path, kind: .addReference, kept: "not added: a symbolic link (what it leads to is not the pack's own)"))
            return
        }
        if ContentsKind(folder: path)?.isEntry != true {
            guard ["png", "apng", "gif", "jpg", "jpeg"].contains(ext) else { return }
            let folder = PathText.join(PathText.parent(path), CatalogWriter.folderName(PathText.stem(path), .sticker))
            guard files.kind(folder) == .missing else {
                edits.append(Edit(path: path, kind: .addReference, kept: "not added: \"\(PathText.lastComponent(folder))\" exists"))
                return
            }
            if write {
                do {
                    try files.createFolder(folder)
                    try files.move(path, to: PathText.join(folder, PathText.lastComponent(path)))
                    let sticker: JSONValue = .object([
                        ("info", .object([("author", .string("xcode")), ("version", .number(1))])),
                        ("properties", .object([("filename", .string(PathText.lastComponent(path)))]))
                    ])
                    try files.write(sticker.xcodeBytes, to: PathText.join(folder, "Contents.json"), overwrite: false)
                } catch {
                    edits.append(Edit(path: path, kind: .addReference, failure: error.description))
                    return
                }
            }
            entryName = PathText.lastComponent(folder)
            renamed[path] = PathText.join(folder, PathText.lastComponent(path))
        }
        guard let doc = document(contents) else { return }
        guard let added = CatalogWriter.addingEntry(entryName, to: doc.json) else {
            edits.append(Edit(path: path, kind: .addReference, kept: "not added: \"\(entryName)\" is already in the pack's list"))
            return
        }
        if ContentsKind(folder: path)?.isEntry == true {
            self.added += (files.list(path) ?? []).filter { ["png", "gif"].contains(PathText.fileExtension($0).lowercased()) }
                .map { PathText.join(path, $0) }
        }
        documents[contents]?.json = added
        markEdited(contents, by: .addReference)
        edits.append(Edit(path: path, kind: .addReference, changes: ["added to the end of \"\(PathText.lastComponent(pack))\" as \"\(entryName)\""]))
    }

    /// `--remove-missing`: the reference to a file that does not exist is removed from the Contents.json
    /// naming it; a sticker folder left with nothing but its Contents.json goes too, with its pack entry.
    mutating func drop(_ path: String, write: Bool) {
        let folder = PathText.parent(path), name = PathText.lastComponent(path)
        guard let kind = ContentsKind(folder: folder) else { return }
        switch kind {
        case .sticker:
            let pack = PathText.parent(folder)
            guard ContentsKind(folder: pack) == .pack, let names = files.list(folder), names == ["Contents.json"] else { return }
            guard removeEntry(named: PathText.lastComponent(folder), from: PathText.join(pack, "Contents.json"), kind: .pack) else { return }
            edits.append(
                Edit(
                    path: folder, kind: .removeReference, changes: ["removed: its image \"\(name)\" does not exist (the folder held nothing else)"],
                    answers: path, removesFolder: true))
            // The folder goes once the pack's Contents.json no longer names it (`finish`).
            if write { pending.append(Pending(remove: folder, undo: nil, document: PathText.join(pack, "Contents.json"), edit: edits.count - 1)) }
        case .pack, .sequence, .iconSet:
            guard removeEntry(named: name, from: PathText.join(folder, "Contents.json"), kind: kind) else { return }
            edits.append(
                Edit(path: path, kind: .removeReference, changes: ["reference removed from \"\(PathText.lastComponent(folder))/Contents.json\""]))
        case .catalog:
            return
        }
    }

    /// Removes the entries naming `name` from a pack's or sequence's list, or the filename of an icon
    /// set's entry (`CatalogWriter.removingEntry`).
    mutating func removeEntry(named name: String, from contents: String, kind: ContentsKind) -> Bool {
        guard let doc = document(contents), let json = CatalogWriter.removingEntry(name, from: doc.json, kind: kind) else { return false }
        documents[contents]?.json = json
        markEdited(contents, by: .removeReference)
        return true
    }
}
