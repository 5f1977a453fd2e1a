#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerCatalog
import StickerImage
import StickerFiles

/// Where the facts of files already inspected are kept between runs (README, "The fact cache"), so that a commit
/// touching one sticker of a big pack decodes one sticker, not the pack.
///
/// One cache file per catalog or folder root in `folder`, named from the root's real path. An entry
/// is used only when the file's path, size, modification time (ns), inode and device, and the decode
/// depth the run asks for, are the same; the file as a whole only when it was written by this very
/// build with these decode limits (`identity`) and its checksum holds. Anything else (a damaged,
/// truncated, foreign or older cache) is ignored and rebuilt. Files are replaced atomically (a
/// temporary file, then a rename), so concurrent runs never see a partial file: the last writer wins
/// and merges what it finds on disk first. Only clean facts are kept: an image that failed to decode,
/// or has animation faults, is inspected again on every run.
package struct FactCache: Sendable {
    /// The folder holding the cache files.
    package var folder: String
    /// What wrote the cache: tool version, build, decode limits. A file with another is not read.
    package var identity: String
    /// Entries kept per cache file; the least recently used go first.
    package var maxEntries: Int = 200_000
    /// Cache files kept in the folder; the least recently written go first.
    package var maxFiles: Int = 64
    /// Entries not used for this long are dropped when their file is next written.
    package var maxIdleDays: Int = 30

    package init(folder: String, identity: String) {
        self.folder = folder
        self.identity = identity
    }

    /// The platform's cache folder: `$STICKERLINT_CACHE_DIR` when set, else `~/Library/Caches/stickerlint` on
    /// macOS, `$XDG_CACHE_HOME/stickerlint` or `~/.cache/stickerlint` elsewhere; nil when there is no home folder.
    package static func defaultFolder(environment: (String) -> String? = FactCache.environment) -> String? {
        if let folder = environment("STICKERLINT_CACHE_DIR"), !folder.isEmpty { return folder }
        let home = environment("HOME").flatMap { $0.isEmpty ? nil : $0 }
        #if canImport(Darwin)
        return home.map { $0 + "/Library/Caches/stickerlint" }
        #else
        if let xdg = environment("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return xdg + "/stickerlint" }
        return home.map { $0 + "/.cache/stickerlint" }
        #endif
    }

    /// The process environment.
    package static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// The identity of this build: the tool version, the executable's size and modification time (a
    /// rebuilt binary starts afresh) and the decode limits.
    package static func identity(version: String, limits: DecodeLimits, files: any FileSystem = DiskFileSystem()) -> String {
        let build = Executable.path.flatMap { files.status($0) }.map { "\($0.size)-\($0.modifiedNanoseconds)" } ?? "unknown"
        return "stickerlint \(version) build \(build) limits \(limits.maxSide) \(limits.maxTotalPixels) \(limits.maxFrames) "
            + "\(limits.maxDecodeSeconds) \(limits.maxFileBytes)"
    }

    /// The cache file of a root (an absolute real path).
    func file(forRoot root: String) -> String {
        folder + "/facts-" + String(FNV1a.hash(root), radix: 16) + ".cache"
    }

    /// The previews file of a root, read only by runs that show previews (reports).
    func previewsFile(forRoot root: String) -> String {
        folder + "/previews-" + String(FNV1a.hash(root), radix: 16) + ".cache"
    }

    /// The entries of one cache file, or none when it is missing, damaged or not this build's.
    func load(_ path: String, files: any FileSystem) -> [String: CachedFacts] {
        guard let bytes = try? files.read(path, within: .cache) else { return [:] }
        return (try? CacheFileFormat.decode(bytes, identity: identity)) ?? [:]
    }

    /// The previews of one previews file, or none when it is missing, damaged or not this build's.
    func loadPreviews(_ path: String, files: any FileSystem) -> [String: CachedPreview] {
        guard let bytes = try? files.read(path, within: .cache) else { return [:] }
        return (try? CacheFileFormat.decodePreviews(bytes, identity: identity)) ?? [:]
    }

    /// Writes one facts file: what is on disk now (another run may have written since the load) joined
    /// with `entries` (newer wins), idle entries dropped and the count bounded. Failures are ignored: a
    /// cache that cannot be written costs time, never a result.
    func save(_ entries: [String: CachedFacts], to path: String, files: any FileSystem, now: Int) {
        saveMerged(entries, to: path, files: files, now: now, day: \.lastUsedDay, load: load, encode: CacheFileFormat.encode)
    }

    /// Writes one previews file, as `save` writes a facts file.
    func savePreviews(_ entries: [String: CachedPreview], to path: String, files: any FileSystem, now: Int) {
        saveMerged(entries, to: path, files: files, now: now, day: \.lastUsedDay, load: loadPreviews, encode: CacheFileFormat.encodePreviews)
    }

    private func saveMerged<Entry>(
        _ entries: [String: Entry], to path: String, files: any FileSystem, now: Int, day: KeyPath<Entry, Int>,
        load: (String, any FileSystem) -> [String: Entry], encode: ([String: Entry], String) -> [UInt8]
    ) {
        var merged = load(path, files)
        merged.merge(entries) { _, mine in mine }
        let today = now / 86_400
        // A clock set far back or forward never traps here: an idle time no Int holds is too long.
        merged = merged.filter {
            let idle = today.subtractingReportingOverflow($0.value[keyPath: day])
            return !idle.overflow && idle.partialValue <= maxIdleDays
        }
        if merged.count > maxEntries {
            let kept = merged.sorted { ($0.value[keyPath: day], $0.key) > ($1.value[keyPath: day], $1.key) }.prefix(maxEntries)
            merged = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
        }
        do {
            // Private to the user: the cache names the user's files.
            try files.createFolder(folder, privately: true)
            try files.write(encode(merged, identity), to: path, overwrite: true, privately: true)
        } catch {
            return
        }
        trim(files: files, keeping: path)
    }

    /// The file of a pack's folder snapshots (a real path).
    func foldersFile(forPack realPath: String) -> String {
        folder + "/folders-" + String(FNV1a.hash(realPath), radix: 16) + ".cache"
    }

    /// Removes the least recently written cache files of the kind of `current` beyond `maxFiles`.
    func trim(files: any FileSystem, keeping current: String) {
        guard let names = files.list(folder) else { return }
        let prefix = PathText.lastComponent(current).prefix { $0 != "-" } + "-"
        let caches = names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".cache") }.map { folder + "/" + $0 }
        guard caches.count > maxFiles else { return }
        let byAge = caches.filter { $0 != current }
            .map { (path: $0, modified: files.status($0)?.modifiedNanoseconds ?? 0) }
            .sorted { ($0.modified, $0.path) < ($1.modified, $1.path) }
        for old in byAge.prefix(caches.count - maxFiles) { files.remove(old.path) }
    }

    /// Seconds since 1970.
    static func now() -> Int { Int(time(nil)) }
}

/// The facts files a run will most likely read, read on other threads from its start, while the
/// catalogs are read (issue #39: a fifteenth of a pre-commit check of a 5,000-sticker pack went to
/// decoding its facts file after the pack was read), and for a report their previews files too
/// (megabytes, which a warm report waited for after its rules). A run's roots are only known once its
/// catalogs are read: the guess is each argument's enclosing `.xcstickers` folder, or for loose files
/// the folder named (a file's own folder), as `CacheSession.root` finds them; a root not guessed is
/// read as before. Only the session's first read takes a prefetched table: writing merges with the
/// file as it is then.
final class CachePrefetch: Sendable {
    private let tables: [String: Background<[String: CachedFacts]>]
    private let previewTables: [String: Background<[String: CachedPreview]>]

    init(cache: FactCache, files: any FileSystem, arguments: [String], previews: Bool = false) {
        var tables: [String: Background<[String: CachedFacts]>] = [:]
        var previewTables: [String: Background<[String: CachedPreview]>] = [:]
        let roots = arguments.map { argument in
            CatalogReader.cacheRoot(of: argument)
                ?? (files.targetKind(argument) == .directory ? PathText.normalize(argument) : PathText.parent(PathText.normalize(argument)))
        }
        for root in Set(roots) {
            let real = files.realPath(root) ?? root
            let file = cache.file(forRoot: real)
            tables[file] = Background { cache.load(file, files: files) }
            if previews {
                let previewsFile = cache.previewsFile(forRoot: real)
                previewTables[previewsFile] = Background { cache.loadPreviews(previewsFile, files: files) }
            }
        }
        self.tables = tables
        self.previewTables = previewTables
    }

    /// The entries of a facts file, when it was prefetched (waits for it).
    func entries(of file: String) -> [String: CachedFacts]? { tables[file]?.value }

    /// A previews file being read, when it was prefetched.
    func previews(of file: String) -> Background<[String: CachedPreview]>? { previewTables[file] }
}

/// The folder snapshots of packs (`FolderSnapshot`), kept in the cache's folder beside the facts: a
/// file per pack, written whole (atomically) when a read changed its table, refused whole when it is
/// damaged or another build's.
struct FolderSnapshotFiles: FolderSnapshotStore {
    let cache: FactCache
    let files: any FileSystem
    let now: Int
    let workers: Int

    func snapshots(ofPack realPath: String) -> FolderSnapshotTable {
        guard let bytes = try? files.read(cache.foldersFile(forPack: realPath), within: .cache) else { return FolderSnapshotTable([:]) }
        return (try? CacheFileFormat.folderTable(bytes, identity: cache.identity)) ?? FolderSnapshotTable([:])
    }

    func keep(_ snapshots: [String: FolderSnapshot], ofPack realPath: String) {
        let path = cache.foldersFile(forPack: realPath)
        do {
            try files.createFolder(cache.folder, privately: true)
            try files.write(CacheFileFormat.encodeFolders(snapshots, identity: cache.identity), to: path, overwrite: true, privately: true)
        } catch {
            return
        }
        cache.trim(files: files, keeping: path)
    }
}

/// What the cache keeps of one file: the stat that identifies its content, the depth it was decoded
/// to, and the facts found.
struct CachedFacts: Sendable, Hashable {
    var status: FileStatus
    var depth: DecodeDepth
    var kind: FileKind
    var header: ImageHeader?
    var pixels: PixelFacts?
    /// What a TGS, WebM or Lottie JSON says of itself.
    var motion: MotionFacts? = nil
    /// Why it is not decoded, when that is a fact of the format rather than of a fault: a format
    /// stickerlint does not decode (WebP, a video), a CgBI PNG, an empty file.
    var error: ImageError? = nil
    /// Days since 1970 when a run last used it.
    var lastUsedDay: Int
    /// The report's preview, once a report has made one (so that the next report of an unchanged file
    /// decodes nothing): kept in the root's previews file, apart from the facts, and there only for
    /// runs that show previews.
    var thumbnail: Thumbnail? = nil

    /// The entry as its facts file keeps it: without the preview.
    var factsOnly: CachedFacts {
        var entry = self
        entry.thumbnail = nil
        return entry
    }

    /// The facts a cold run would find, when this entry still describes the file and was decoded to
    /// exactly the depth the job asks for (a deeper decode may settle different answers). Facts carry
    /// no verdict, so an entry serves every role.
    func facts(for job: ImageJob, status current: FileStatus) -> ImageFacts? {
        guard current == status, job.depth == depth else { return nil }
        var facts = ImageFacts(
            path: job.path, role: job.role, fileExtension: PathText.fileExtension(job.path), byteCount: status.size,
            kind: kind, header: header, error: error, pixels: pixels, grid: job.grid)
        facts.motion = motion
        return facts
    }

}

extension CachedFacts {
    /// The entry for facts found from the file with this status, when they are worth keeping: read in
    /// full with no animation fault and no error but a format's (so nothing else needs to be remembered), from a file
    /// not modified in the last two seconds (one changed again within its timestamp's granularity
    /// would keep its status: git's "racily clean" case).
    init?(_ facts: ImageFacts, status: FileStatus, depth: DecodeDepth, day: Int, now: Int) {
        guard facts.error.map(Self.isKept) ?? true, facts.animationIssues.isEmpty, facts.byteCount == status.size,
            status.modifiedNanoseconds / 1_000_000_000 < now - 2
        else { return nil }
        self.init(
            status: status, depth: depth, kind: facts.kind, header: facts.header, pixels: facts.pixels, motion: facts.motion,
            error: facts.error, lastUsedDay: day)
    }

    /// The errors an entry may carry: what the format is, not what went wrong reading it.
    static func isKept(_ error: ImageError) -> Bool {
        switch error {
        case .unsupported, .cgbi, .empty: true
        default: false
        }
    }
}

/// A report's preview of a file, kept in the root's previews file for as long as the file keeps its status.
struct CachedPreview: Sendable, Hashable {
    var status: FileStatus
    var lastUsedDay: Int
    var thumbnail: Thumbnail
}

/// One run's use of the cache: the cache files of the roots the run reaches, loaded once before the
/// inspection, looked up by every job (read only, from any thread), and written back after it when
/// something changed.
struct CacheSession: Sendable {
    let cache: FactCache
    let files: any FileSystem
    /// Days since 1970: entries used today are not written again today.
    let day: Int
    /// By job root: its facts file, its previews file, and the entries loaded from them (with their
    /// previews only when `previews`: a check reads no previews file).
    let roots: [String: (file: String, previews: String, entries: [String: CachedFacts])]
    let previews: Bool
    /// By job root, its previews file being read on another thread (megabytes at studio scale) while
    /// the run inspects and checks from the facts; waited for only when the previews are attached.
    private let previewTables: [String: Background<[String: CachedPreview]>]

    init(cache: FactCache, files: any FileSystem, jobs: [ImageJob], day: Int, previews: Bool = false, prefetched: CachePrefetch? = nil) {
        self.cache = cache
        self.files = files
        self.day = day
        self.previews = previews
        var roots: [String: (file: String, previews: String, entries: [String: CachedFacts])] = [:]
        var tables: [String: Background<[String: CachedPreview]>] = [:]
        for root in Self.roots(of: jobs) {
            let real = files.realPath(root) ?? root
            let file = cache.file(forRoot: real), previewsFile = cache.previewsFile(forRoot: real)
            if previews { tables[root] = prefetched?.previews(of: previewsFile) ?? Background { cache.loadPreviews(previewsFile, files: files) } }
            roots[root] = (file, previewsFile, prefetched?.entries(of: file) ?? cache.load(file, files: files))
        }
        self.roots = roots
        previewTables = tables
    }

    /// The jobs' roots, each once. Jobs come in path order, so a root mostly repeats the one before:
    /// it is hashed only when it differs (5,000 images of one catalog hashed one root 5,000 times).
    static func roots(of jobs: [ImageJob]) -> Set<String> {
        var roots: Set<String> = []
        var last: String?
        for job in jobs where job.root != last {
            roots.insert(job.root)
            last = job.root
        }
        return roots
    }

    /// The kept preview of a job's file when it still has the status of the job's facts entry (waits
    /// for the root's previews file).
    func preview(for job: ImageJob) -> Thumbnail? {
        guard let status = entry(for: job)?.status, let kept = previewTables[job.root]?.value[Self.key(job)], kept.status == status
        else { return nil }
        return kept.thumbnail
    }

    /// A job's key in its root's cache file: its path inside the root, so the entry serves whatever
    /// folder the run starts from.
    static func key(_ job: ImageJob) -> String {
        if job.root == "." && !job.path.hasPrefix("/") { return job.path }
        // By bytes first (the generic String.dropFirst walks characters: a tenth of a warm 5,000-sticker check).
        if let inside = PathText.remainder(of: job.path, inside: job.root) { return inside }
        return job.path.hasPrefix(job.root + "/") ? String(job.path.dropFirst(job.root.count + 1)) : job.path
    }

    func entry(for job: ImageJob) -> CachedFacts? { roots[job.root]?.entries[Self.key(job)] }

    /// Writes back each root whose entries changed: a file inspected afresh, or an entry first used today.
    func save(_ inspections: [ImageInspector.Inspection], jobs: [ImageJob]) {
        var changed: [String: [String: CachedFacts]] = [:]
        var changedPreviews: [String: [String: CachedPreview]] = [:]
        for (job, inspection) in zip(jobs, inspections) {
            guard let entry = inspection.cacheEntry, let root = roots[job.root] else { continue }
            let key = Self.key(job)
            let loaded = root.entries[key]
            let factsChanged = loaded?.factsOnly != entry.factsOnly
            if factsChanged { changed[job.root, default: [:]][key] = entry.factsOnly }
            // A preview made, or used on a new day (its idle time starts again), like its facts.
            if let thumbnail = entry.thumbnail, factsChanged || preview(for: job) != thumbnail {
                changedPreviews[job.root, default: [:]][key] = CachedPreview(status: entry.status, lastUsedDay: day, thumbnail: thumbnail)
            }
        }
        let now = FactCache.now()
        for (root, entries) in changed.sorted(by: { $0.key < $1.key }) {
            cache.save(entries, to: roots[root]!.file, files: files, now: now)
        }
        for (root, entries) in changedPreviews.sorted(by: { $0.key < $1.key }) {
            cache.savePreviews(entries, to: roots[root]!.previews, files: files, now: now)
        }
    }

    /// The root a loose image was reached from: the folder argument holding it, or the folder of an
    /// image named by itself.
    static func root(of path: String, arguments: [String]) -> String {
        let folders = arguments.map(PathText.normalize).filter { $0 != path }.sorted { $0.count < $1.count }
        for folder in folders where folder == "." ? !path.hasPrefix("/") : path.hasPrefix(folder + "/") { return folder }
        return PathText.parent(path)
    }
}

extension FactCache {
    /// The cache file reader as the fuzz target `cache` drives it (see `CacheFileFormat.decodeForFuzzing`).
    package static func decodeForFuzzing(_ bytes: [UInt8]) { CacheFileFormat.decodeForFuzzing(bytes) }
}

/// Facts kept in memory across the checks of one command, by path: an entry serves while the file's
/// status (size, modification time, inode) and the job (role, grid, decode depth) are unchanged, so a
/// file rewritten or renamed in between is inspected again and every other one is not.
package final class FactMemo: @unchecked Sendable {
    private let lock = Locked(())
    private var entries: [String: (job: ImageJob, status: FileStatus, facts: ImageFacts)] = [:]

    package init() {}

    func facts(for job: ImageJob, status: FileStatus) -> ImageFacts? {
        guard let entry = lock.withLock({ _ in entries[job.path] }), entry.job == job, entry.status == status else { return nil }
        return entry.facts
    }

    func keep(_ facts: ImageFacts, for job: ImageJob, status: FileStatus) {
        lock.withLock { _ in entries[job.path] = (job, status, facts) }
    }

    /// How many files it holds facts for.
    package var count: Int { lock.withLock { _ in entries.count } }
}
