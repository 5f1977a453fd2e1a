/// A walk of the files under a folder, with one symbolic-link policy: linked files are taken (their
/// path as found), linked folders are never followed (no loops, no escapes, as `check` reads a tree),
/// hidden names are passed over, and whatever is left out for another reason (a linked folder, a
/// folder that cannot be listed, a name that is not UTF-8, a device or FIFO) is returned with why.
/// Each folder's entries are in `Listing` order; `stop` is asked before each folder is listed, so an
/// interrupt ends a walk of any size at once.
public struct TreeWalk {
    /// A file found, by its path and its path relative to the walk's root.
    public struct Found: Sendable, Hashable {
        public var path: String
        public var relative: String
    }

    /// What the walk passed over, and why, in one line.
    public struct Skipped: Sendable, Hashable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Why a walk ended before its end.
    public struct Stopped: Error, Sendable {}

    public var files: any FileSystem
    /// Whether a folder is walked into by `walk` (catalog folders are not, for `pack`).
    public var descends: (String) -> Bool = { _ in true }
    /// Whether a file is wanted (by its path); unwanted files are not reported as skipped.
    public var wants: (String) -> Bool = { _ in true }
    /// Paths passed over unseen and unsaid (`check`'s exclude patterns): not even their kind is asked.
    public var excludes: (String) -> Bool = { _ in false }
    /// True stops the walk (the CLI's interrupt flag).
    public var stop: () -> Bool = { false }

    public init(files: any FileSystem) { self.files = files }

    /// One thing the walk met.
    public enum Event: Sendable, Hashable {
        /// A folder (never a link to one).
        case folder(Found)
        /// A wanted file, or a link to one.
        case file(Found)
        /// What was passed over, and why.
        case skipped(Skipped)
    }

    /// The files under `root` and what was passed over.
    public func walk(_ root: String) throws(Stopped) -> (found: [Found], skipped: [Skipped]) {
        var found: [Found] = [], skipped: [Skipped] = []
        try visit(root) { event in
            switch event {
            case .folder(let folder): return descends(folder.path)
            case .file(let file): found.append(file)
            case .skipped(let passed): skipped.append(passed)
            }
            return false
        }
        return (found, skipped)
    }

    /// The walk, event by event in walk order: the visitor answers each folder with whether the walk
    /// goes into it (it may read the folder another way itself: `check` reads a catalog as one).
    /// Every walk of the project is this one: `pack`'s art, `check`'s loose files, `variants`' masters.
    public func visit(_ root: String, _ visitor: (Event) -> Bool) throws(Stopped) {
        try visit(root, "", visitor)
    }

    private func visit(_ folder: String, _ relative: String, _ visitor: (Event) -> Bool) throws(Stopped) {
        if stop() { throw Stopped() }
        let listing: Listing
        do { listing = try files.listing(folder) } catch {
            _ = visitor(.skipped(Skipped(path: folder, reason: Self.unlistable(error))))
            return
        }
        for name in listing.invalidNames {
            _ = visitor(.skipped(Skipped(path: PathText.join(folder, name), reason: Self.invalidName)))
        }
        for name in listing.names where !name.hasPrefix(".") {
            let path = PathText.join(folder, name), rel = relative.isEmpty ? name : relative + "/" + name
            if excludes(path) { continue }
            switch Self.entry(path, wanted: wants(path), files: files) {
            case .folder: if visitor(.folder(Found(path: path, relative: rel))) { try visit(path, rel, visitor) }
            case .file: _ = visitor(.file(Found(path: path, relative: rel)))
            case .skipped(let reason): _ = visitor(.skipped(Skipped(path: path, reason: reason)))
            case .ignored: continue
            }
        }
    }

    /// What the link policy makes of one entry of a folder.
    public enum Entry: Sendable, Hashable {
        /// A folder (never a link to one): walked into.
        case folder
        /// A file, or a link to one, that is wanted.
        case file
        /// Passed over, and why.
        case skipped(String)
        /// Not wanted, said nothing of.
        case ignored
    }

    /// The one symbolic-link policy of every walk (this one, and the catalog reader's): folders are walked,
    /// wanted files and links to files taken, links to folders never followed; a dangling link, a link to
    /// a device and a device, FIFO or socket are passed over with why when their name is wanted.
    public static func entry(_ path: String, wanted: Bool, files: any FileSystem) -> Entry {
        switch files.kind(path) {
        case .directory: return .folder
        case .file: return wanted ? .file : .ignored
        case .symlink:
            switch files.targetKind(path) {
            case .file where wanted: return .file
            case .directory: return .skipped("a symbolic link to a folder is not followed")
            case .missing where wanted: return .skipped("a symbolic link that leads nowhere (dangling or a loop)")
            case .other where wanted: return .skipped("a symbolic link to a device, FIFO or socket; not read")
            default: return .ignored
            }
        case .other where wanted: return .skipped("a device, FIFO or socket, not a regular file; not read")
        default: return .ignored
        }
    }

    /// Why a folder was passed over when it cannot be listed.
    public static func unlistable(_ error: FileError) -> String { "the folder cannot be listed: \(error.reason.diagnosticText)" }

    /// Why a name that is not UTF-8 was passed over.
    public static let invalidName = "the name is not valid UTF-8; rename it"
}
