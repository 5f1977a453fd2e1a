import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint

/// The catalog part of `fix`, driven by the edits the findings carry (`Finding.fixes`), never by rule
/// IDs: `.rename` (a file renamed to the extension its content needs), `.repairKeys` (misspelt
/// Contents.json keys), and when allowed `.convert` (GIF → APNG or PNG), `.addReference`,
/// `.removeReference`, `.makeIcon` and `.flattenIcon`. Every Contents.json touched is written once,
/// as Xcode writes it, atomically. The edits live in extensions by subject: files
/// (CatalogFixer+Files), references (CatalogFixer+References) and the iMessage App Icon
/// (CatalogFixer+Icons).
struct CatalogFixer {
    let files: any FileSystem
    let decoder: ImageDecoder
    let options: FixOptions

    /// One change to the catalog: the path it is reported on, its kind, what changed, or why not.
    struct Edit {
        var path: String
        var kind: EditKind
        var changes: [String] = []
        var kept: String?
        var failure: String?
        /// Its size in bytes before the run (a Contents.json's before its edits).
        var size = 0
        /// Where the finding it answers is reported, when not at `path`.
        var answers: String? = nil
        /// A sticker folder removed with its reference.
        var removesFolder = false

        var fileFix: Fixer.FileFix {
            var fix = Fixer.FileFix(path: path, kind: kind, bytesBefore: size, bytesAfter: size, changes: changes, kept: kept, failure: failure)
            fix.answers = answers
            return fix
        }
    }

    /// Contents.json documents read and edited, by path, written at the end.
    var documents: [String: (original: [UInt8], json: JSONValue)] = [:]
    var edited: Set<String> = []
    var edits: [Edit] = []
    /// Files renamed, converted or moved: old path → new path.
    var renamed: [String: String] = [:]
    /// Whether an edit moves, makes or removes a file (or would, in a dry run), not only Contents.json text.
    var touchesFiles: Bool { !renamed.isEmpty || edits.contains { $0.removesFolder || $0.kind == .makeIcon || $0.kind == .flattenIcon } }
    /// Images the check did not see that are now part of a pack (those of a sticker folder added to it).
    var added: [String] = []

    init(files: any FileSystem, decoder: ImageDecoder, options: FixOptions) {
        self.files = files
        self.decoder = decoder
        self.options = options
    }

    /// Applies (or with `write` false, only plans) every catalog edit the findings of `result` carry
    /// and the options allow.
    mutating func run(_ result: LintResult, write: Bool) {
        let byPath = Dictionary(result.files.map { ($0.path, $0) }) { a, _ in a }
        defer {
            // Sizes as they were: a renamed file is no longer at its old path, a Contents.json is rewritten.
            for index in edits.indices {
                let path = edits[index].path
                edits[index].size = documents[path]?.original.count ?? byPath[path]?.bytes ?? 0
            }
        }
        func paths(_ kind: EditKind) -> [String] {
            guard options.allows(kind) else { return [] }
            return Set(result.diagnostics.filter { $0.fixes.contains(kind) }.map(\.path)).sorted(by: PathOrder.less)
        }
        let converting = Set(paths(.convert))
        for path in paths(.rename) where !converting.contains(path) {
            guard let format = byPath[path]?.format, !Self.accepted(format).contains(PathText.fileExtension(path)) else { continue }
            rename(path, to: Self.replacingExtension(path, with: Self.extensionFor(format)), write: write)
        }
        for path in converting where byPath[path]?.format == .gif { convert(path, as: .convert, write: write) }
        for path in paths(.convertWebP) where byPath[path]?.kind == .webp { convert(path, as: .convertWebP, write: write) }
        for path in paths(.repairKeys) { repairKeys(path) }
        for path in paths(.addReference) { adopt(path, write: write) }
        for path in paths(.removeReference) { drop(path, write: write) }
        if options.allows(.makeIcon) || options.allows(.flattenIcon) {
            let sets = Set(paths(.makeIcon) + paths(.flattenIcon))
            for set in result.iconSets where set.isReadable && (sets.contains(set.path) || set.files.contains { sets.contains($0.path) }) {
                fixIcons(set, summaries: byPath, write: write)
            }
        }
        writeDocuments(write: write)
    }

    /// `.repairKeys`: the near misses replaced by the keys meant (`KeyRepair`).
    private mutating func repairKeys(_ path: String) {
        guard let kind = ContentsKind(folder: PathText.parent(path)), let doc = document(path) else { return }
        let (json, changes) = KeyRepair.repaired(doc.json, kind: kind)
        guard !changes.isEmpty else { return }
        documents[path]?.json = json
        edited.insert(path)
        edits.append(Edit(path: path, kind: .repairKeys, changes: changes))
    }

    /// Every Contents.json edited, written once, as Xcode writes it.
    private mutating func writeDocuments(write: Bool) {
        for path in edited.sorted(by: PathOrder.less) {
            guard let doc = documents[path] else { continue }
            let bytes = doc.json.xcodeBytes
            guard bytes != doc.original, write else { continue }
            do {
                // Still what was read: a Contents.json changed meanwhile is left to the next run.
                guard (try? files.read(path)) == doc.original else {
                    edits.append(Edit(path: path, kind: .repairKeys, kept: "changed while fix was running"))
                    continue
                }
                try files.write(bytes, to: path)
            } catch {
                edits.append(Edit(path: path, kind: .repairKeys, failure: error.description))
            }
        }
    }

    mutating func document(_ path: String) -> (original: [UInt8], json: JSONValue)? {
        if let doc = documents[path] { return doc }
        guard let bytes = try? files.read(path, within: .contentsJSON), let json = try? JSONParser.parse(bytes) else { return nil }
        documents[path] = (bytes, json)
        return (bytes, json)
    }

    /// What kind of folder `folder` is, by its extension; nil for an ordinary folder.
    static func kind(of folder: String) -> ContentsKind? { ContentsKind(folder: folder) }

    /// The array that names the folder's members.
    static func listKey(_ kind: ContentsKind) -> String {
        switch kind {
        case .pack: "stickers"
        case .sequence: "frames"
        case .iconSet: "images"
        case .sticker, .catalog: ""
        }
    }

    static func extensionFor(_ format: ImageFormat) -> String {
        switch format {
        case .png, .apng: "png"
        case .jpeg: "jpg"
        case .gif: "gif"
        case .webp: "webp"
        }
    }

    /// Extensions App Store Connect accepts for that content.
    static func accepted(_ format: ImageFormat) -> [String] {
        switch format {
        case .png, .apng: ["png"]
        case .jpeg: ["jpg", "jpeg"]
        case .gif: ["gif"]
        case .webp: []
        }
    }

    static func replacingExtension(_ path: String, with ext: String) -> String {
        PathText.join(PathText.parent(path), PathText.stem(path) + "." + ext)
    }
}

extension JSONValue {
    /// The object with the array at `key` transformed; nil when there is no such array.
    func updating(_ key: String, _ transform: ([JSONValue]) -> [JSONValue]) -> JSONValue? {
        guard case .object(let members) = self, case .array(let items)? = self[key] else { return nil }
        return .object(members.map { $0.0 == key ? ($0.0, .array(transform(items))) : $0 })
    }

    /// The object with the object at `key` transformed; nil when there is no such object.
    func updatingObject(_ key: String, _ transform: (JSONValue) -> JSONValue) -> JSONValue? {
        guard case .object(let members) = self, case .object? = self[key] else { return nil }
        return .object(members.map { $0.0 == key ? ($0.0, transform($0.1)) : $0 })
    }

    /// The object with `key` added after its other members.
    func appending(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object(members + [(key, value)])
    }
}
