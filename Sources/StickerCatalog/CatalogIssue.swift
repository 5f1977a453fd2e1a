/// What the catalog reader could not read, resolve or account for. Judging what was read (an empty
/// pack, a grid-size value, a sequence's duration, icon slots) is left to the rules.
///
/// Each case belongs to one rule; the rule builds the message. `path` is the file or folder concerned.
package enum CatalogIssue: Sendable, Hashable {
    /// A Contents.json that is not valid JSON, or whose values have the wrong types (rule `catalog-json`).
    case invalidJSON(path: String, reason: String)
    /// A file or folder named by a Contents.json that does not exist (rule `missing-file`); with
    /// `caseOnlyMatchOf`, the name as written matches `path` on disk only when case is ignored.
    case missingFile(path: String, referencedBy: String, caseOnlyMatchOf: String? = nil)
    /// An image or sticker folder inside a pack that no Contents.json names (rule `unreferenced-file`);
    /// `isLink` when the name is a symbolic link (what it leads to is not the pack's own).
    case unreferenced(path: String, container: String, isLink: Bool = false)
    /// A Contents.json filename that leaves its folder; the target is never opened (rule `path-escape`).
    case pathEscape(path: String, filename: String, reason: String)
    /// Something the walk passed over: a folder it cannot list, a link it does not follow, a FIFO or
    /// device, a name that is not valid UTF-8 (rule `image-unreadable`, as a note).
    case skipped(path: String, reason: String)

    /// The path the issue is reported on.
    package var path: String {
        switch self {
        case .invalidJSON(let path, _), .missingFile(let path, _, _), .unreferenced(let path, _, _),
            .pathEscape(let path, _, _), .skipped(let path, _):
            path
        }
    }
}
