import StickerFiles

/// What the reader took from the disk for one pack, sticker or sequence folder: its names, each
/// name's kind (lstat), and its Contents.json. Valid while the folder's status and the file's are
/// the ones recorded (git's index: a name added, removed or replaced changes the folder's
/// modification time; an edit changes the file's), so the next run asks two stats of the folder
/// instead of listing it, stating each name and opening its Contents.json.
///
/// What the disk said is kept, and of what the reader made of it only a clean entry folder's reading
/// (`FolderReading`): one that reported nothing and depended on nothing but these names and bytes, so
/// that a snapshot holds no finding and its reading is what reading the same bytes again would give
/// (the cache is refused by any other build). What lies beyond the folder (a subfolder's names, a
/// link's target) is always read afresh.
package struct FolderSnapshot: Sendable, Hashable {
    /// The folder's status (stat) when it was listed.
    package var status: FileStatus
    /// The folder's names, as listed, and each one's kind (lstat).
    package var names: [String]
    package var kinds: [EntryKind]
    /// The Contents.json file's status (stat) before it was read, and its bytes.
    package var contentsStatus: FileStatus
    package var contents: [UInt8]
    /// An entry folder's reading, when it was clean (see `FolderReading`).
    package var reading: FolderReading?

    package init(
        status: FileStatus, names: [String], kinds: [EntryKind], contentsStatus: FileStatus, contents: [UInt8], reading: FolderReading? = nil
    ) {
        self.status = status
        self.names = names
        self.kinds = kinds
        self.contentsStatus = contentsStatus
        self.contents = contents
        self.reading = reading
    }
}

/// What the reader made of a pack, sticker or sequence folder whose reading reported nothing and
/// looked at nothing but its snapshot: every name its Contents.json gives is one name of the folder,
/// a file (for a pack, a sticker or sequence folder), no link, and every name of the folder but
/// Contents.json and hidden ones is given (so that no exclusion pattern was asked). A warm run that
/// does not need an entry's Contents.json document (the pre-commit hook's run, for the other
/// stickers of the pack) takes the entry from here, and the pack's list of entries always: no name
/// resolved, no entry's JSON parsed (issue #39: a 5,000-sticker pack).
package enum FolderReading: Sendable, Hashable {
    case sticker(image: String, label: String?)
    case sequence(frames: [String], duration: Double?, durationType: String?, repetitions: Int?, label: String?, emptyFrameEntries: [Int])
    /// A pack's entries' folder names, in its order, and its grid size as written.
    case pack(entries: [String], gridSize: String?)

    /// Whether `paths` are names of `snapshot`'s folder of `kind`, one each, naming every name of it
    /// but Contents.json and hidden ones: the names, or nil.
    static func names(_ paths: [String], folder: String, snapshot: FolderSnapshot, kind: EntryKind) -> [String]? {
        let prefix = PathText.join(folder, "")
        let ofKind = Set(zip(snapshot.names, snapshot.kinds).filter { $0.1 == kind }.map(\.0))
        let names = paths.compactMap { path -> String? in
            guard path.hasPrefix(prefix) else { return nil }
            let name = String(path.dropFirst(prefix.count))
            return ofKind.contains(name) ? name : nil
        }
        let given = Set(snapshot.names.filter { !$0.hasPrefix(".") && $0 != "Contents.json" })
        guard names.count == paths.count, given == Set(names) else { return nil }
        return names
    }

    /// The clean reading of `pack` from `snapshot`, or nil.
    init?(pack: StickerPack, snapshot: FolderSnapshot) {
        guard pack.isReadable, let names = Self.names(pack.entries.map(\.path), folder: pack.path, snapshot: snapshot, kind: .directory) else {
            return nil
        }
        self = .pack(entries: names, gridSize: pack.gridSizeValue)
    }

    /// The clean reading of `entry` from `snapshot`, or nil.
    init?(_ entry: PackEntry, folder: String, snapshot: FolderSnapshot) {
        guard let names = Self.names(entry.images.map(\.path), folder: folder, snapshot: snapshot, kind: .file) else { return nil }
        switch entry {
        case .sticker(let sticker):
            guard sticker.isReadable, let image = names.first else { return nil }
            self = .sticker(image: image, label: sticker.accessibilityLabel)
        case .sequence(let s):
            guard s.isReadable else { return nil }
            self = .sequence(
                frames: names, duration: s.duration, durationType: s.durationType, repetitions: s.repetitions, label: s.accessibilityLabel,
                emptyFrameEntries: s.emptyFrameEntries)
        }
    }

    var isPack: Bool {
        if case .pack = self { true } else { false }
    }

    /// The entry at `folder` (nil for a pack's reading).
    func entry(at folder: String) -> PackEntry? {
        switch self {
        case .pack: nil
        case .sticker(let image, let label):
            .sticker(Sticker(path: folder, image: ImageRef(PathText.join(folder, image)), accessibilityLabel: label))
        case .sequence(let frames, let duration, let durationType, let repetitions, let label, let empty):
            .sequence(
                StickerSequence(
                    path: folder, frames: frames.map { ImageRef(PathText.join(folder, $0)) }, duration: duration, durationType: durationType,
                    repetitions: repetitions, accessibilityLabel: label, emptyFrameEntries: empty))
        }
    }
}

/// A pack's snapshot table as loaded: each folder's key and two statuses at hand, the rest of its
/// snapshot decoded when asked. A warm check of a 5,000-sticker pack compares the statuses and takes
/// the clean readings; it never decodes 5,000 folders' names and Contents.json bytes (issue #39).
package struct FolderSnapshotTable: Sendable {
    /// One folder of the table.
    package struct Record: Sendable {
        /// The folder's path inside the pack ("." for the pack).
        package var key: String
        package var status: FileStatus
        package var contentsStatus: FileStatus
        /// Where the decoder finds the rest of the snapshot.
        package var payload: Range<Int>

        package init(key: String, status: FileStatus, contentsStatus: FileStatus, payload: Range<Int>) {
            self.key = key
            self.status = status
            self.contentsStatus = contentsStatus
            self.payload = payload
        }
    }

    package let records: [Record]
    private let index: [String: Int]
    private let decoder: any FolderSnapshotDecoder

    package init(records: [Record], decoder: any FolderSnapshotDecoder) {
        self.records = records
        var index: [String: Int] = [:]
        index.reserveCapacity(records.count)
        for (position, record) in records.enumerated() { index[record.key] = position }
        self.index = index
        self.decoder = decoder
    }

    /// A table of snapshots at hand (a store in memory).
    package init(_ snapshots: [String: FolderSnapshot]) {
        let keys = snapshots.keys.sorted()
        self.init(
            records: keys.enumerated().map { position, key in
                Record(key: key, status: snapshots[key]!.status, contentsStatus: snapshots[key]!.contentsStatus, payload: position..<position + 1)
            },
            decoder: Decoded(snapshots: keys.map { snapshots[$0]! }))
    }

    /// Snapshots at hand, by their record's position.
    private struct Decoded: FolderSnapshotDecoder {
        let snapshots: [FolderSnapshot]
        func snapshot(of record: Record) -> FolderSnapshot? { snapshots[record.payload.lowerBound] }
        func reading(of record: Record) -> FolderReading? { snapshots[record.payload.lowerBound].reading }
    }

    package var count: Int { records.count }

    package func position(of key: String) -> Int? { index[key] }

    /// The whole snapshot at `position`; nil when its bytes do not read (then the folder is read afresh).
    package func snapshot(at position: Int) -> FolderSnapshot? { decoder.snapshot(of: records[position]) }

    /// Only the clean reading of the snapshot at `position`, when it holds one.
    package func reading(at position: Int) -> FolderReading? { decoder.reading(of: records[position]) }

    package subscript(key: String) -> FolderSnapshot? { position(of: key).flatMap(snapshot(at:)) }

    /// Every snapshot that decodes, by key.
    package var dictionary: [String: FolderSnapshot] {
        var all: [String: FolderSnapshot] = [:]
        for position in records.indices { all[records[position].key] = snapshot(at: position) }
        return all
    }
}

/// How a table's snapshots are decoded when asked (the cache's file format lives with the cache).
package protocol FolderSnapshotDecoder: Sendable {
    /// The snapshot of `record`, or nil when its bytes do not read.
    func snapshot(of record: FolderSnapshotTable.Record) -> FolderSnapshot?
    /// Only its clean reading: nil when it has none or its bytes do not read.
    func reading(of record: FolderSnapshotTable.Record) -> FolderReading?
}

/// Where the snapshots of a pack's folders are kept between runs (the fact cache's folder): one table
/// per pack, by the pack's real path, of its folders by their path inside the pack ("." for the pack).
package protocol FolderSnapshotStore: Sendable {
    /// Seconds since 1970: a folder or file modified in the last two seconds is not kept (changed
    /// again within its timestamp's granularity, it would keep its status: git's "racily clean").
    var now: Int { get }
    func snapshots(ofPack realPath: String) -> FolderSnapshotTable
    func keep(_ snapshots: [String: FolderSnapshot], ofPack realPath: String)
    /// Threads for validating a table's snapshots (two stats each: 10,000 for a 5,000-sticker pack).
    var workers: Int { get }
}

extension FolderSnapshotStore {
    package var workers: Int { 1 }
}

extension CatalogSession {
    /// The key of the pack folder itself in its table.
    static let packKey = "."

    /// Reads a folder's names, their kinds and its Contents.json from `cached` when the folder's and
    /// the file's status still match it (`held`), else from the disk; either way the session then
    /// answers them without asking the disk again. Returns the snapshot to keep for the next run: nil
    /// when there is none worth keeping (no readable Contents.json file, a listing that failed, or a
    /// change in the last two seconds), and the folder is then read as it always was.
    /// `usesReading`: the caller takes a clean reading of the folder when the snapshot holds one, and
    /// then needs no names of it answered (a pack's: its Contents.json only; an entry's: nothing).
    mutating func snapshot(
        _ folder: String, cached: FolderSnapshot?, now: Int, statuses: Statuses? = nil, usesReading: Bool = false
    ) -> (snapshot: FolderSnapshot?, held: Bool) {
        // Each status before what it vouches for: a change in between shows as a newer status next run.
        let (folderStatus, fileStatus) = statuses ?? Self.statuses(folder, files: reader.files)
        guard let status = folderStatus, let contentsStatus = fileStatus else { return (nil, false) }
        if let cached, cached.status == status, cached.contentsStatus == contentsStatus {
            if usesReading, let reading = cached.reading {
                if reading.isPack { install(cached, folder: folder, names: false) }
            } else {
                install(cached, folder: folder)
            }
            return (cached, true)
        }
        let contentsPath = PathText.join(folder, "Contents.json")
        guard reader.files.targetKind(contentsPath) == .file, let names = reader.files.list(folder),
            let contents = try? reader.files.read(contentsPath, within: .contentsJSON)
        else { return (nil, false) }
        let fresh = FolderSnapshot(
            status: status, names: names, kinds: names.map { kind(PathText.join(folder, $0)) }, contentsStatus: contentsStatus,
            contents: contents)
        install(fresh, folder: folder)
        let settled = max(status.modifiedNanoseconds, contentsStatus.modifiedNanoseconds) / 1_000_000_000 < now - 2
        return (settled ? fresh : nil, false)
    }

    /// A folder's status and its Contents.json's, in that order.
    typealias Statuses = (folder: FileStatus?, contents: FileStatus?)

    static func statuses(_ folder: String, files: any FileSystem) -> Statuses {
        let status = files.status(folder)
        return (status, files.status(PathText.join(folder, "Contents.json")))
    }

    /// Makes the session answer the folder's listing, its names' kinds and its Contents.json from a snapshot.
    private mutating func install(_ snapshot: FolderSnapshot, folder: String, names: Bool = true) {
        if names {
            listings[folder] = snapshot.names
            for (name, kind) in zip(snapshot.names, snapshot.kinds) { kinds[PathText.join(folder, name)] = kind }
        }
        snapshotContents[PathText.join(folder, "Contents.json")] = snapshot.contents
    }

    /// The snapshots of a pack and its entry folders, kept: loads the pack's table, and returns what
    /// `finish` compares and stores once the pack is read.
    mutating func beginSnapshots(ofPack path: String) -> PackSnapshots? {
        guard let store = reader.snapshots, kind(path) == .directory, let real = realFolder(path) else { return nil }
        let loaded = store.snapshots(ofPack: real)
        Trace.mark("the pack's snapshot table loaded")
        // The entry folders' statuses, taken together on the store's threads (stats are most of a warm
        // run's system time); each still before what it vouches for is read. By the table's positions.
        var names: [String] = []
        names.reserveCapacity(2 * loaded.count)
        for record in loaded.records where record.key != Self.packKey {
            names.append(record.key)
            names.append(PathText.join(record.key, "Contents.json"))
        }
        let taken = reader.files.statuses(names, in: path, workers: store.workers)
        var statuses = [Statuses?](repeating: nil, count: loaded.count), next = 0
        for (position, record) in loaded.records.enumerated() where record.key != Self.packKey {
            statuses[position] = (folder: taken[next], contents: taken[next + 1])
            next += 2
        }
        var tracking = PackSnapshots(store: store, realPath: real, loaded: loaded, statuses: statuses)
        let (kept, held) = snapshot(path, cached: tracking.loadedPack, now: store.now, usesReading: true)
        tracking.record(Self.packKey, kept, held: held)
        return tracking
    }

    /// Takes an entry folder of the pack through its snapshot, then reads it: from the snapshot's
    /// clean reading when it holds one and the run needs neither the folder's Contents.json document
    /// nor its findings (`needsDocument`), else from the snapshot's names and bytes, else from the disk.
    /// `isFolder`: the pack's clean reading says the entry is a folder (no lstat asked).
    mutating func readEntry(
        _ child: String, of pack: String, tracking: inout PackSnapshots, needsDocument: Bool, isFolder: Bool = false
    ) -> PackEntry {
        guard isFolder || kind(child) == .directory else { return readEntry(child) }
        // By bytes: the pack's path and a "/" are a prefix of the child's (the generic String.dropFirst walks characters).
        let key = PathText.remainder(of: child, inside: pack) ?? String(child.dropFirst(PathText.join(pack, "").count))
        let position = tracking.loaded.position(of: key)
        // The warm case: both statuses as recorded and a clean reading, for a run that needs no document
        // of the folder: the entry from the reading alone, nothing else of the snapshot decoded.
        if !needsDocument, let position, let entry = tracking.heldEntry(at: position, folder: child) { return entry }
        // No copy of the tracking is held past here: the table it grows would be copied whole at each entry.
        let cached = position.flatMap { tracking.loaded.snapshot(at: $0) }
        let statuses = position.flatMap { tracking.statuses[$0] }
        let (kept, held) = snapshot(child, cached: cached, now: tracking.store.now, statuses: statuses, usesReading: !needsDocument)
        tracking.record(key, kept, held: held)
        if held, !needsDocument, let entry = kept?.reading?.entry(at: child) { return entry }
        let issuesBefore = issues.count
        let entry = readEntry(child)
        if let kept, issues.count == issuesBefore { tracking.setReading(FolderReading(entry, folder: child, snapshot: kept), of: key) }
        return entry
    }
}

/// One pack's snapshot table during a read: as loaded, and as the read leaves it. A warm run of an
/// unchanged pack holds every loaded snapshot and makes no table (issue #39: 5,000 entries).
struct PackSnapshots {
    let store: any FolderSnapshotStore
    let realPath: String
    let loaded: FolderSnapshotTable
    /// The loaded entry folders' statuses, taken before any was read, by position in `loaded`.
    let statuses: [CatalogSession.Statuses?]
    /// The pack folder's own loaded snapshot, decoded once.
    let loadedPack: FolderSnapshot?
    /// Which loaded snapshots still hold, as read, by position.
    private var held: [Bool]
    private var heldCount = 0
    /// Folders read afresh, or whose reading changed: what to keep of each (nil: nothing).
    private var changed: [String: FolderSnapshot?] = [:]

    init(store: any FolderSnapshotStore, realPath: String, loaded: FolderSnapshotTable, statuses: [CatalogSession.Statuses?]) {
        self.store = store
        self.realPath = realPath
        self.loaded = loaded
        self.statuses = statuses
        loadedPack = loaded[CatalogSession.packKey]
        held = Array(repeating: false, count: loaded.count)
    }

    /// The loaded snapshot of a folder (the pack's decoded once).
    func loaded(_ key: String) -> FolderSnapshot? { key == CatalogSession.packKey ? loadedPack : loaded[key] }

    mutating func record(_ key: String, _ snapshot: FolderSnapshot?, held isHeld: Bool) {
        if isHeld, let position = loaded.position(of: key) { hold(position) } else { changed[key] = .some(snapshot) }
    }

    private mutating func hold(_ position: Int) {
        if !held[position] {
            held[position] = true
            heldCount += 1
        }
    }

    /// The entry at `folder` from the clean reading of the snapshot at `position`, when both its
    /// statuses are as recorded: the snapshot then holds, and nothing else of it is decoded.
    mutating func heldEntry(at position: Int, folder: String) -> PackEntry? {
        let record = loaded.records[position]
        guard let taken = statuses[position], taken.folder == record.status, taken.contents == record.contentsStatus,
            let entry = loaded.reading(at: position)?.entry(at: folder)
        else { return nil }
        hold(position)
        return entry
    }

    /// The snapshot kept for a folder read in this run.
    func kept(_ key: String) -> FolderSnapshot? { changed[key] ?? loaded(key) }

    mutating func setReading(_ reading: FolderReading?, of key: String) {
        guard var snapshot = kept(key), snapshot.reading != reading else { return }
        snapshot.reading = reading
        changed[key] = .some(snapshot)
    }

    /// Stores the table when the read changed it (a folder read afresh, one gone): an unchanged pack
    /// writes nothing, and a table written keeps only the folders this read took.
    ///
    /// The table this read makes is the held folders' loaded snapshots, overridden by the changed
    /// folders' (nil: none). When every changed folder's is its loaded one (a folder read afresh to
    /// the same snapshot, or to none where none was kept: a file just written), that table is the
    /// loaded one exactly when it has as many folders: counted, without decoding or comparing 5,000
    /// snapshots (a commit that touches one sticker). Otherwise it differs from the loaded one (a
    /// folder's snapshot changed, or one is gone) and is written.
    func finish() {
        let asLoaded = changed.allSatisfy { loaded($0.key) == $0.value }
        let isHeld = { (key: String) in loaded.position(of: key).map { held[$0] } ?? false }
        if asLoaded && heldCount + changed.count(where: { $0.value != nil && !isHeld($0.key) }) == loaded.count { return }
        var kept: [String: FolderSnapshot] = [:]
        kept.reserveCapacity(heldCount + changed.count)
        for position in held.indices where held[position] {
            let key = loaded.records[position].key
            kept[key] = loaded(key)
        }
        for (key, snapshot) in changed { kept[key] = snapshot }
        store.keep(kept, ofPack: realPath)
    }
}
