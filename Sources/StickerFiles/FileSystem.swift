/// What a directory entry is, from lstat: symbolic links are reported as such, never followed.
public enum EntryKind: Sendable, Hashable {
    case file
    case directory
    case symlink
    case other
    case missing
}

/// What a folder holds: valid names, sorted by their UTF-8 bytes, and names that are not valid UTF-8
/// (shown with \xNN escapes, since they cannot be represented as paths here).
public struct Listing: Sendable, Hashable {
    public var names: [String]
    public var invalidNames: [String]

    public init(names: [String], invalidNames: [String] = []) {
        self.names = names
        self.invalidNames = invalidNames
    }
}

/// How stickerlint touches files: the one protocol every layer uses, with a disk implementation
/// (`DiskFileSystem`) and an in-memory one (`MemoryFileSystem`) for tests and fuzzing. Reads never
/// follow a FIFO or device; writes are atomic (a temporary file, then a rename).
public protocol FileSystem: Sendable {
    /// The whole file, opened read-only; refuses anything but a regular file.
    func read(_ path: String) throws(FileError) -> [UInt8]
    /// Up to `count` bytes from `offset` (fewer at the end), for a header without the rest.
    func read(_ path: String, at offset: Int, count: Int) throws(FileError) -> [UInt8]
    /// lstat's view of a path: links are not followed.
    func kind(_ path: String) -> EntryKind
    /// stat's view: links are followed (`.missing` when they lead nowhere).
    func targetKind(_ path: String) -> EntryKind
    /// Size in bytes, following links; nil when there is no such file.
    func size(_ path: String) -> Int?
    /// Size, modification time and identity of the file a path leads to (links followed): what tells
    /// a cache whether the file changed. Nil when there is no such file.
    func status(_ path: String) -> FileStatus?
    /// `status` of each of `names` (relative paths) under `folder`, on up to `workers` threads: many
    /// at once, in order (the disk's asks each relative to the folder opened once, so that its path is
    /// not walked again for every name: a warm check of a 5,000-sticker pack asks 10,000).
    func statuses(_ names: [String], in folder: String, workers: Int) -> [FileStatus?]
    /// A folder's entries without "." and "..", sorted by UTF-8 bytes.
    func listing(_ path: String) throws(FileError) -> Listing
    /// The canonical absolute path with every link resolved, or nil when it does not resolve.
    func realPath(_ path: String) -> String?
    /// The target a symbolic link names, as written.
    func linkTarget(_ path: String) -> String?
    /// Writes all of `bytes` or nothing; without `overwrite` an existing file is left alone and the call
    /// fails, and so does a link, a read-only file or one with several hard links (`ReplaceRefusal`). A
    /// replaced file keeps its mode, owner and extended attributes; a new one is 0666 (0600 when
    /// `privately`) less the umask.
    func write(_ bytes: [UInt8], to path: String, overwrite: Bool, privately: Bool) throws(FileError)
    /// Writes as `write(_:to:overwrite:privately:)` does, but a new file takes the mode of the file at
    /// `model` less the umask, as `cp` gives a copy (a variant is as private as its master); a replaced
    /// file keeps its own. The in-memory file system has no modes.
    func write(_ bytes: [UInt8], to path: String, overwrite: Bool, newModeOf model: String) throws(FileError)
    /// Why a writer must leave the file at `path` alone (a link, read-only, hard links); nil when it may
    /// replace it or nothing is there.
    func replaceRefusal(_ path: String) -> ReplaceRefusal?
    /// Creates a folder and its parents, like `mkdir -p` (the last one 0700 when `privately`).
    func createFolder(_ path: String, privately: Bool) throws(FileError)
    /// Removes a file or a whole tree, like `rm -rf`, never following links.
    func remove(_ path: String)
    /// Renames a file or folder, refusing (EEXIST) when `destination` already exists, unless it is the
    /// same file under another case of its name (a case-insensitive file system).
    func move(_ source: String, to destination: String) throws(FileError)
    /// Swaps two existing files or folders in one step (`renameat2(RENAME_EXCHANGE)` on Linux,
    /// `renamex_np(RENAME_SWAP)` on macOS): there is never a moment when either path is missing. Throws
    /// `FileError` with ENOSYS or EINVAL where the system or file system cannot (the caller falls back).
    func exchange(_ a: String, _ b: String) throws(FileError)
    /// Makes a symbolic link at `path` naming `target` as written (replacing what is there).
    func createLink(_ path: String, target: String) throws(FileError)
    /// Gives the file at `source` a second name, `destination` (a hard link), refusing an existing
    /// destination: `fix` renames a file this way, removing the old name only once every Contents.json
    /// names the new one, so that an interrupted run leaves no reference without its file.
    func hardLink(_ source: String, to destination: String) throws(FileError)
    /// Gives the file or folder at `destination` the mode, owner and group (where the process may set
    /// them) and extended attributes of `source` (links are not followed): what `fix --out` keeps of
    /// each original on its copy. The in-memory file system has none to give.
    func copyMetadata(from source: String, to destination: String) throws(FileError)
}

/// Why a path named on the command line leads nowhere, as every command says it.
public enum PathAbsence {
    /// "no such file or folder: PATH".
    public static func missing(_ path: String) -> String { "no such file or folder: \(path.displayed)" }
    /// A symbolic link whose target is missing, or links that lead to each other.
    public static func brokenLink(_ path: String) -> String {
        "\(path.displayed) is a symbolic link that leads to no file or folder (its target is missing, or links loop)"
    }
    /// A FIFO, a device or a socket (or a link to one): never opened, so never waited on.
    public static func notAFile(_ path: String) -> String {
        "\(path.displayed) is neither a file nor a folder (a FIFO, a device or a socket): it is not read"
    }
}

extension FileSystem {
    /// Why `path`, which leads to no file or folder (`targetKind` is `.missing` or `.other`), cannot be
    /// used: missing, a link to nothing, or something else (a FIFO, a device, a socket; through a link too).
    package func absence(_ path: String) -> String {
        if targetKind(path) == .other { return PathAbsence.notAFile(path) }
        return kind(path) == .symlink ? PathAbsence.brokenLink(path) : PathAbsence.missing(path)
    }
}

extension FileSystem {
    public func copyMetadata(from source: String, to destination: String) throws(FileError) {}

    public func statuses(_ names: [String], in folder: String, workers: Int) -> [FileStatus?] {
        Parallel.map(names.count, workers: workers) { status(PathText.join(folder, names[$0])) }
    }

    /// Entry names of a folder (valid UTF-8 only), or nil when it cannot be listed.
    public func list(_ path: String) -> [String]? { (try? listing(path))?.names }

    /// Writes, replacing an existing file.
    public func write(_ bytes: [UInt8], to path: String) throws(FileError) { try write(bytes, to: path, overwrite: true, privately: false) }

    /// Writes; without `overwrite` an existing file is left alone and the call fails.
    public func write(_ bytes: [UInt8], to path: String, overwrite: Bool) throws(FileError) {
        try write(bytes, to: path, overwrite: overwrite, privately: false)
    }

    /// Creates a folder and its parents, like `mkdir -p`.
    public func createFolder(_ path: String) throws(FileError) { try createFolder(path, privately: false) }

    /// The canonical absolute path of `path` even when it does not exist yet: the nearest folder above it
    /// that exists, with every link resolved, followed by the rest as written. What tells whether an
    /// output folder lies inside an input (`PathText.isWithin`).
    public func resolved(_ path: String) -> String {
        if let real = realPath(path) { return real }
        var rest: [String] = []
        var current = PathText.normalize(path)
        while true {
            if let real = realPath(current) { return rest.reversed().reduce(real) { PathText.join($0, $1) } }
            let up = PathText.parent(current)
            if up == current { return path }
            rest.append(PathText.lastComponent(current))
            current = up
        }
    }
}

extension Listing {
    /// Names sorted as every listing is: by UTF-8 bytes, never by locale.
    static func sorted(_ names: [String]) -> [String] {
        names.sorted(by: PathText.precedes)
    }
}
