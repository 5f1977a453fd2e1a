/// A fault in a catalog's structure, found by reading its folders and Contents.json files.
///
/// Each case belongs to one rule; the rule builds the message. `path` is the file or folder concerned.
public enum CatalogIssue: Sendable, Hashable {
    /// A Contents.json that is not valid JSON, or whose values have the wrong types (rule `catalog-json`).
    case invalidJSON(path: String, reason: String)
    /// A file or folder named by a Contents.json that does not exist (rule `missing-file`).
    case missingFile(path: String, referencedBy: String)
    /// An image or sticker folder inside a pack that no Contents.json names (rule `unreferenced-file`).
    case unreferenced(path: String, container: String)
    /// A pack's `grid-size` that is not small, regular or large (rule `grid-size-value`).
    case gridSizeValue(path: String, value: String)
    /// A Contents.json filename that leaves its folder; the target is never opened (rule `path-escape`).
    case pathEscape(path: String, filename: String, reason: String)
    /// A sticker sequence fault found in its Contents.json (rule `sticker-sequence`).
    case sequence(path: String, problem: SequenceProblem)
    /// A pack with no stickers (rule `empty-pack`).
    case emptyPack(path: String)
    /// An icon set slot without an image (rule `icon-set`).
    case missingIconSlot(path: String, slot: IconSlot)
    /// Something the walk passed over: a folder it cannot list, a link it does not follow, a FIFO or
    /// device, a name that is not valid UTF-8 (rule `image-unreadable`, as a note).
    case skipped(path: String, reason: String)

    /// The path the issue is reported on.
    public var path: String {
        switch self {
        case .invalidJSON(let path, _), .missingFile(let path, _), .unreferenced(let path, _),
             .gridSizeValue(let path, _), .pathEscape(let path, _, _), .sequence(let path, _),
             .emptyPack(let path), .missingIconSlot(let path, _), .skipped(let path, _):
            path
        }
    }
}

/// What is wrong with a sticker sequence's Contents.json.
public enum SequenceProblem: Sendable, Hashable {
    case noFrames
    case durationNotPositive(Double)
    case unknownDurationType(String)
    /// An empty `{}` frame entry (real catalogs have them); skipped.
    case emptyFrameEntry(index: Int)
}
