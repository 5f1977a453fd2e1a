import StickerFiles

/// What the reader took from the disk for one pack, sticker or sequence folder: its names, each
/// name's kind (lstat), and its Contents.json. Valid while the folder's status and the file's are
/// the ones recorded (git's index: a name added, removed or replaced changes the folder's
/// modification time; an edit changes the file's), so the next run asks two stats of the folder
/// instead of listing it, stating each name and opening its Contents.json.
///
/// Only what the disk said is kept, never what the reader made of it: the reading itself (JSON,
/// names resolved, issues) runs again from these bytes, so a snapshot cannot hold a stale finding.
/// What lies beyond the folder (a subfolder's names, a link's target) is always read afresh.
public struct FolderSnapshot: Sendable, Hashable {
    /// The folder's status (stat) when it was listed.
    public var status: FileStatus
    /// The folder's names, as listed, and each one's kind (lstat).
    public var names: [String]
    public var kinds: [EntryKind]
    /// The Contents.json file's status (stat) before it was read, and its bytes.
    public var contentsStatus: FileStatus
    public var contents: [UInt8]

    public init(status: FileStatus, names: [String], kinds: [EntryKind], contentsStatus: FileStatus, contents: [UInt8]) {
        self.status = status
        self.names = names
        self.kinds = kinds
        self.contentsStatus = contentsStatus
        self.contents = contents
    }
}

/// Where the snapshots of a pack's folders are kept between runs (the fact cache's folder): one table
/// per pack, by the pack's real path, of its folders by their path inside the pack ("." for the pack).
public protocol FolderSnapshotStore: Sendable {
    /// Seconds since 1970: a folder or file modified in the last two seconds is not kept (changed
    /// again within its timestamp's granularity, it would keep its status: git's "racily clean").
    var now: Int { get }
    func snapshots(ofPack realPath: String) -> [String: FolderSnapshot]
    func keep(_ snapshots: [String: FolderSnapshot], ofPack realPath: String)
}

extension CatalogSession {
    /// The key of the pack folder itself in its table.
    static let packKey = "."

    /// Reads a folder's names, their kinds and its Contents.json from `cached` when the folder's and
    /// the file's status still match it, else from the disk; either way the session then answers
    /// them without asking the disk again. Returns the snapshot to keep for the next run: nil when
    /// there is none worth keeping (no readable Contents.json file, a listing that failed, or a
    /// change in the last two seconds), and the folder is then read as it always was.
    mutating func snapshot(_ folder: String, cached: FolderSnapshot?, now: Int) -> FolderSnapshot? {
        let contentsPath = PathText.join(folder, "Contents.json")
        // Each status before what it vouches for: a change in between shows as a newer status next run.
        guard let status = reader.files.status(folder), let contentsStatus = reader.files.status(contentsPath) else { return nil }
        if let cached, cached.status == status, cached.contentsStatus == contentsStatus {
            install(cached, folder: folder)
            return cached
        }
        guard reader.files.targetKind(contentsPath) == .file, let names = reader.files.list(folder),
            let contents = try? reader.files.read(contentsPath, within: .contentsJSON)
        else { return nil }
        let fresh = FolderSnapshot(
            status: status, names: names, kinds: names.map { kind(PathText.join(folder, $0)) }, contentsStatus: contentsStatus,
            contents: contents)
        install(fresh, folder: folder)
        let settled = max(status.modifiedNanoseconds, contentsStatus.modifiedNanoseconds) / 1_000_000_000 < now - 2
        return settled ? fresh : nil
    }

    /// Makes the session answer the folder's listing, its names' kinds and its Contents.json from a snapshot.
    private mutating func install(_ snapshot: FolderSnapshot, folder: String) {
        listings[folder] = snapshot.names
        for (name, kind) in zip(snapshot.names, snapshot.kinds) { kinds[PathText.join(folder, name)] = kind }
        snapshotContents[PathText.join(folder, "Contents.json")] = snapshot.contents
    }

    /// The snapshots of a pack and its entry folders, kept: loads the pack's table, and returns what
    /// `finish` compares and stores once the pack is read.
    mutating func beginSnapshots(ofPack path: String) -> PackSnapshots? {
        guard let store = reader.snapshots, kind(path) == .directory, let real = realFolder(path) else { return nil }
        var tracking = PackSnapshots(store: store, realPath: real, loaded: store.snapshots(ofPack: real))
        tracking.kept[Self.packKey] = snapshot(path, cached: tracking.loaded[Self.packKey], now: store.now)
        return tracking
    }

    /// Takes an entry folder of the pack through its snapshot before it is read.
    mutating func snapshotEntry(_ child: String, of pack: String, into tracking: inout PackSnapshots?) {
        guard var current = tracking, kind(child) == .directory else { return }
        let key = String(child.dropFirst(PathText.join(pack, "").count))
        current.kept[key] = snapshot(child, cached: current.loaded[key], now: current.store.now)
        tracking = current
    }
}

/// One pack's snapshot table during a read: as loaded, and as the read leaves it.
struct PackSnapshots {
    let store: any FolderSnapshotStore
    let realPath: String
    let loaded: [String: FolderSnapshot]
    var kept: [String: FolderSnapshot] = [:]

    /// Stores the table when the read changed it (a folder read afresh, one gone): an unchanged pack writes nothing.
    func finish() {
        if kept != loaded { store.keep(kept, ofPack: realPath) }
    }
}
