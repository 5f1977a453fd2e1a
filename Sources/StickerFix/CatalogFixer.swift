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
        /// The size of what replaces it, when that differs (a GIF converted to APNG).
        var sizeAfter: Int? = nil
        /// Where the finding it answers is reported, when not at `path`.
        var answers: String? = nil
        /// A sticker folder removed with its reference.
        var removesFolder = false

        var fileFix: Fixer.FileFix {
            var fix = Fixer.FileFix(
                path: path, kind: kind, bytesBefore: size, bytesAfter: sizeAfter ?? size, changes: changes, kept: kept, failure: failure)
            fix.answers = answers
            return fix
        }
    }

    /// Contents.json documents read and edited, by path, written at the end.
    var documents: [String: (original: [UInt8], json: JSONValue)] = [:]
    var edited: [String: EditKind] = [:]
    /// The real paths of the files a symbolic link among the checked paths leads to.
    var linkedTargets: Set<String> = []
    var edits: [Edit] = []
    /// Files renamed, converted or moved: old path → new path.
    var renamed: [String: String] = [:]
    /// Whether an edit moves, makes or removes a file (or would, in a dry run), not only Contents.json text.
    var touchesFiles: Bool { !renamed.isEmpty || edits.contains { $0.removesFolder || $0.kind == .makeIcon || $0.kind == .flattenIcon } }
    /// Images the check did not see that are now part of a pack (those of a sticker folder added to it).
    var added: [String] = []

    /// What is removed only once the Contents.json files are written (`finish`): the old name of a
    /// renamed file (a hard link made the new one), the source of a conversion, a folder dropped. Until
    /// then every reference has its file, so a run interrupted anywhere leaves a catalog that checks
    /// as before, and the next run takes up what is left (`sweepLeftovers`).
    struct Pending {
        /// Removed when `document` was written (or needed none).
        var remove: String
        /// Removed instead when `document` could not be written: the new file, so the old stands alone.
        var undo: String?
        /// The Contents.json whose edit the change needs, if any.
        var document: String?
        /// The edit reporting it.
        var edit: Int
    }
    var pending: [Pending] = []
    /// Contents.json files that could not be written, with why.
    var unwritten: [String: String] = [:]
    /// Asked before each Contents.json is written: true (SIGINT, SIGTERM) leaves that one and every
    /// later one unwritten, and `finish` undoes the renames and conversions they needed, so an
    /// interrupted run leaves no new name beside an old one.
    var interrupted: @Sendable () -> Bool = { false }

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
        // The files a symbolic link among the paths leads to: renamed or converted, the link would lead nowhere.
        linkedTargets = Set(result.files.map(\.path).filter { files.kind($0) == .symlink }.compactMap { files.realPath($0) })
        // First what an interrupted run left, so that its renames and conversions are not taken for new ones.
        if write { sweepLeftovers(result) }
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
        if write { finish() }
    }

    /// Removes what waited for the Contents.json files: old names, converted sources, dropped folders.
    /// Where the Contents.json a change needed could not be written, the change is undone instead (the
    /// new name removed, the old one kept) and reported as not done.
    private mutating func finish() {
        for item in pending {
            if let document = item.document, let reason = unwritten[document] {
                if let undo = item.undo { files.remove(undo) }
                edits[item.edit].changes = []
                edits[item.edit].failure =
                    "not done: \(PathText.lastComponent(PathText.parent(document)))/Contents.json could not be written: \(reason)"
            } else {
                files.remove(item.remove)
            }
        }
        pending = []
    }

    /// What an interrupted run left between writing the Contents.json files and removing what they no
    /// longer name, removed now: an unreferenced file that is a second name (same device and inode) of a
    /// referenced file of the same stem beside it (a rename's old name); a GIF or WebP whose referenced
    /// PNG of the same stem shows exactly its frames (a conversion's source); with `--remove-missing`, a
    /// sticker folder that holds only a Contents.json naming a file that is not there (a dropped one).
    private mutating func sweepLeftovers(_ result: LintResult) {
        let unreferenced = Set(result.diagnostics.filter { $0.rule == .unreferencedFile }.map(\.path))
        for path in unreferenced.sorted(by: PathOrder.less) {
            let folder = PathText.parent(path)
            let twins = (files.list(folder) ?? []).map { PathText.join(folder, $0) }.filter { other in
                other != path && PathText.stem(other) == PathText.stem(path) && !unreferenced.contains(other) && files.kind(other) == .file
            }
            var why: String?
            if files.kind(path) == .file, let mine = files.status(path),
                let twin = twins.first(where: { files.status($0).map { $0.inode == mine.inode && $0.device == mine.device } == true })
            {
                why = "a second name of \"\(PathText.lastComponent(twin))\""
            } else if ["gif", "webp"].contains(PathText.fileExtension(path)), let png = twins.first(where: { PathText.fileExtension($0) == "png" }),
                let source = try? decoder.decode(try files.read(path)), let made = try? decoder.decode(try files.read(png)),
                PNGOptimizer.mergingIdenticalFrames(source.frames).map(\.pixels) == made.frames.map(\.pixels)
            {
                why = "converted already to \"\(PathText.lastComponent(png))\""
            } else if options.allows(.removeReference), ContentsKind(folder: path) == .sticker, files.list(path) == ["Contents.json"],
                let doc = document(PathText.join(path, "Contents.json")), case .string(let name)? = doc.json["properties"]?["filename"],
                files.kind(PathText.join(path, name)) == .missing
            {
                why = "a sticker folder whose image \"\(name)\" does not exist, dropped from its pack already"
            }
            guard let why else { continue }
            files.remove(path)
            edits.append(Edit(path: path, kind: .rename, changes: ["removed: \(why), left by an interrupted fix"]))
        }
    }

    /// `.repairKeys`: the near misses replaced by the keys meant (`KeyRepair`).
    private mutating func repairKeys(_ path: String) {
        guard let kind = ContentsKind(folder: PathText.parent(path)), let doc = document(path) else { return }
        let (json, changes) = KeyRepair.repaired(doc.json, kind: kind)
        guard !changes.isEmpty else { return }
        documents[path]?.json = json
        markEdited(path, by: .repairKeys)
        edits.append(Edit(path: path, kind: .repairKeys, changes: changes))
    }

    /// Records that the Contents.json at `path` was edited, by the first kind of edit that touched it
    /// (what a failure to write it is reported as).
    mutating func markEdited(_ path: String, by kind: EditKind) {
        if edited[path] == nil { edited[path] = kind }
    }

    /// Every Contents.json edited, written once, as Xcode writes it.
    private mutating func writeDocuments(write: Bool) {
        for (path, kind) in edited.sorted(by: { PathOrder.less($0.key, $1.key) }) {
            guard let doc = documents[path] else { continue }
            let bytes = doc.json.xcodeBytes
            guard bytes != doc.original, write else { continue }
            if interrupted() {
                unwritten[path] = "interrupted"
                undone(path)
                edits.append(Edit(path: path, kind: kind, failure: "interrupted: not written"))
                continue
            }
            do {
                // Still what was read: a Contents.json changed meanwhile is left to the next run.
                guard (try? files.read(path)) == doc.original else {
                    unwritten[path] = "it changed while fix was running"
                    undone(path)
                    edits.append(Edit(path: path, kind: kind, kept: "changed while fix was running"))
                    continue
                }
                try files.write(bytes, to: path)
            } catch {
                unwritten[path] = error.description
                undone(path)
                edits.append(Edit(path: path, kind: kind, failure: error.description))
            }
        }
    }

    /// The edits made in the Contents.json at `path` (a key repaired), which was not written: none of
    /// their changes happened, so none is reported as made or counted (the write's failure is said once).
    private mutating func undone(_ path: String) {
        edits.removeAll { $0.path.sameBytes(path) && !$0.changes.isEmpty && $0.failure == nil }
    }

    mutating func document(_ path: String) -> (original: [UInt8], json: JSONValue)? {
        if let doc = documents[path] { return doc }
        guard let bytes = try? files.read(path, within: .contentsJSON), let json = try? JSONParser.parse(bytes) else { return nil }
        documents[path] = (bytes, json)
        return (bytes, json)
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
