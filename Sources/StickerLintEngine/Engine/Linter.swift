#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerCatalog
import StickerImage
import StickerFiles

/// Checks the paths given on the command line against every enabled rule.
///
/// `lint` runs four named steps: **plan** (read the catalogs, list every image once with its role and
/// grid, and derive from the enabled rules how deep each must be decoded), **inspect** (each image read
/// once and decoded no deeper than planned, in parallel), **check** (every rule over the one catalog
/// model, with a path → facts lookup in its context) and **focus** (keep what concerns the files named
/// on the command line). Everything after inspection is sorted, so the result is byte-for-byte the same
/// whatever the number of jobs.
public struct Linter: Sendable {
    /// The rules there are (the StickerLint module's `RuleRegistry.rules`); the configuration turns some off.
    package var rules: RuleSet
    package var configuration: Configuration
    package var jobs: Int
    package var files: any FileSystem
    package var limits: DecodeLimits
    /// Make a preview of every sticker, at most this many pixels on a side, for reports that show them.
    package var thumbnailSide: Int?
    /// Check only this part of the batch (`--shard I/N`).
    package var shard: Shard?
    /// Keep and reuse the facts of unchanged files here (nil: inspect every file).
    package var cache: FactCache?
    /// Facts kept in memory for the runs of one command (`fix` checks before and after writing: the
    /// second check inspects only the files that changed).
    package var memo: FactMemo?
    /// The caller exits once the run's result is out (the command line): the run's catalog model,
    /// plan, facts and rule context are left for the process's end to free (`Lifetime`), not freed one
    /// by one. A library user keeps the default.
    package var keepsUntilExit = false

    package init(
        rules: RuleSet, configuration: Configuration = Configuration(), jobs: Int = Linter.defaultJobs,
        files: any FileSystem = DiskFileSystem(), limits: DecodeLimits = .default, thumbnailSide: Int? = nil
    ) {
        self.rules = rules
        self.configuration = configuration
        self.jobs = max(1, jobs)
        self.files = files
        self.limits = limits
        self.thumbnailSide = thumbnailSide
    }

    /// All cores.
    public static var defaultJobs: Int { max(1, System.activeProcessorCount) }

    /// Lints `paths` (sticker catalogs, packs, stickers, icon sets, folders and loose images, as
    /// `stickerlint check` takes them); `progress` is called with (done, total) as images are inspected.
    /// Throws when a path is not there; everything found in what is there is a finding of the result.
    public func lint(_ paths: [String], progress: (@Sendable (Int, Int) -> Void)? = nil) throws(ScanError) -> LintResult {
        let rules = self.rules.all.filter { configuration.isEnabled($0.description.id) }.map { $0.init() }
        Trace.mark("arguments and configuration")
        let prefetch = cache.map { CachePrefetch(cache: $0, files: files, arguments: paths, previews: thumbnailSide != nil) }
        let plan = try plan(paths, rules: rules)
        Trace.mark("images planned")
        let session = cache.map {
            CacheSession(
                cache: $0, files: files, jobs: plan.jobs, day: FactCache.now() / 86_400, previews: thumbnailSide != nil, prefetched: prefetch)
        }
        let packs = plan.scan.catalogs.flatMap(\.packs).sorted { PathOrder.less($0.path, $1.path) }
        let facts: [ImageFacts], diagnostics: [Diagnostic], thumbnails: [String: Thumbnail]
        // Each store pack's sidecar, where its store has one and the folder holds one (read once, before the rules).
        var manifests: [String: StoreManifestReading] = [:]
        for job in plan.jobs where plan.scan.isPackMember(job.path, configuration) {
            guard let manifest = job.role.ofStore?.manifest else { continue }
            let folder = PathText.parent(job.path)
            if manifests[folder] == nil, let reading = manifest.read(folder: folder, files: files) { manifests[folder] = reading }
        }
        func ruled(_ facts: [ImageFacts]) -> [Diagnostic] {
            let context = LintContext(configuration: configuration, images: facts.map(\.judged), manifests: manifests)
            if keepsUntilExit { Lifetime.keepUntilExit(context) }
            return check(plan.scan, rules: rules, context: context, focus: plan.scan.focus)
        }
        if let thumbnailSide {
            // A report: the rules run on the facts while the previews files are still being read;
            // the previews are attached after.
            var inspections = inspect(plan, cache: session, progress: progress)
            Trace.mark("images' statuses and facts")
            facts = inspections.map(\.facts)
            diagnostics = ruled(facts)
            Trace.mark("rules run")
            if let session { attachPreviews(&inspections, plan: plan, cache: session) }
            Trace.mark("previews attached")
            session?.save(inspections, jobs: plan.jobs)
            Trace.mark("facts and previews saved")
            thumbnails = Self.thumbnails(inspections, packs: packs, maxSide: thumbnailSide)
        } else {
            // The inspections (facts, cache entries) live only in this block: what outlives it is one
            // array of facts in path order (the plan's order).
            facts = {
                let inspections = inspect(plan, cache: session, progress: progress)
                if keepsUntilExit { Lifetime.keepUntilExit(inspections) }
                Trace.mark("images' statuses and facts")
                session?.save(inspections, jobs: plan.jobs)
                Trace.mark("facts saved")
                return inspections.map(\.facts)
            }()
            Trace.mark("facts collected")
            diagnostics = ruled(facts)
            Trace.mark("rules run")
            thumbnails = [:]
        }
        var result = LintResult(
            files: facts.map(FileSummary.init(_:)), diagnostics: diagnostics, packs: packs,
            iconSets: plan.scan.catalogs.flatMap(\.iconSets).sorted { PathOrder.less($0.path, $1.path) })
        result.thumbnails = thumbnails
        result.shard = shard
        if keepsUntilExit { Lifetime.keepUntilExit(Kept(plan: plan, session: session, facts: facts)) }
        return Self.focus(result, on: plan.scan.focus)
    }

    /// What `keepsUntilExit` leaves unfreed.
    private struct Kept: Sendable {
        var plan: Plan
        var session: CacheSession?
        var facts: [ImageFacts]
    }

    // MARK: Plan

    /// What a run will do: the scan, and each image once with its role, grid and decode depth.
    struct Plan: Sendable {
        var scan: CatalogScan
        var jobs: [ImageJob]
    }

    /// Reads the catalogs and lists every image once, in path order, decoded as deep as the enabled
    /// rules that apply to its role need.
    func plan(_ paths: [String], rules: [any Rule]) throws(ScanError) -> Plan {
        let configuration = self.configuration
        var scan = try CatalogReader(
            files: files, imageExtensions: FileKind.walkedExtensions,
            isExcluded: { configuration.isExcluded($0) }, alsoWalks: { configuration.walksByProfile($0) },
            snapshots: cache.map { FolderSnapshotFiles(cache: $0, files: files, now: FactCache.now(), workers: self.jobs) }
        ).scan(paths)
        Trace.mark("rest of the scan")
        if let shard { scan = scan.keeping(shard) { configuration.profile(for: $0).looseRole.isStore } }
        let descriptions = rules.map { type(of: $0).description }
        func depth(_ role: ImageRole) -> DecodeDepth {
            let needs = descriptions.filter { $0.applies(to: role) }.reduce(into: Set<RuleNeed>()) { $0.formUnion($1.needs) }
            return DecodeDepth(
                pixels: !needs.isDisjoint(with: [.pixels, .allFrames, .digest, .sideMargins, .distinctFrames]),
                allFrames: needs.contains(.allFrames), digest: needs.contains(.digest),
                sideMargins: needs.contains(.sideMargins), distinctFrames: needs.contains(.distinctFrames))
        }
        var depths: [ImageRole: DecodeDepth] = [:]
        var jobs: [ImageJob] = []
        // By bytes: "café" composed and decomposed are two files (String's Set would keep one).
        var planned: Set<ByteKey> = []
        func add(_ ref: ImageRef, _ role: ImageRole, _ grid: GridSize?, root: String?) {
            if planned.insert(ByteKey(ref.path)).inserted {
                if depths[role] == nil { depths[role] = depth(role) }
                jobs.append(
                    ImageJob(
                        path: ref.path, role: role, grid: grid, depth: depths[role]!,
                        root: root ?? CacheSession.root(of: ref.path, arguments: paths)))
            }
        }
        for catalog in scan.catalogs {
            for pack in catalog.packs {
                for entry in pack.entries { for image in entry.images { add(image, entry.imageRole, pack.grid, root: catalog.path) } }
            }
            for set in catalog.iconSets { for icon in set.files { add(icon, .icon, nil, root: catalog.path) } }
        }
        for entry in scan.looseEntries {
            for image in entry.images { add(image, entry.imageRole, configuration.grid, root: nil) }
        }
        for image in scan.looseImages { add(image, configuration.profile(for: image.path).looseRole, configuration.grid, root: nil) }
        // Found in catalog order, which is mostly path order already: when it is wholly (a pack listed
        // in name order), nothing is sorted or copied; else the (stable) sort runs through it.
        let inOrder = jobs.indices.dropFirst().allSatisfy { !PathOrder.less(jobs[$0].path, jobs[$0 - 1].path) }
        return Plan(scan: scan, jobs: inOrder ? jobs : jobs.sorted { PathOrder.less($0.path, $1.path) })
    }

    // MARK: Inspect

    /// Inspects every planned image with at most `jobs` threads; results come back in plan order.
    func inspect(_ plan: Plan, cache: CacheSession?, progress: (@Sendable (Int, Int) -> Void)?) -> [ImageInspector.Inspection] {
        let inspector = self.inspector
        let jobs = plan.jobs, memo = self.memo
        let statuses = cache == nil && memo == nil ? nil : Self.statuses(jobs, files: files, workers: self.jobs)
        return Parallel.map(jobs.count, workers: self.jobs, progress: progress) { index in
            inspector.inspect(jobs[index], cache: cache, memo: memo, status: statuses.map { $0[index] })
        }
    }

    /// The run's inspector: its file system, its decode limits, its preview size.
    var inspector: ImageInspector { ImageInspector(files: files, decoder: ImageDecoder(limits: limits), thumbnailSide: thumbnailSide) }

    /// Gives each inspection whose facts came from the cache its kept preview, or, when the previews
    /// file has none for the file as it is, inspects the file afresh to make one (on `jobs` threads).
    func attachPreviews(_ inspections: inout [ImageInspector.Inspection], plan: Plan, cache: CacheSession) {
        let pending = inspections.indices.filter { inspections[$0].previewPending }
        guard !pending.isEmpty else { return }
        let inspector = self.inspector, jobs = plan.jobs
        // The found inspections are read from a copy that ends with the map: writing them back copies nothing.
        let attached = { (found: [ImageInspector.Inspection]) in
            Parallel.map(pending.count, workers: self.jobs) { position -> ImageInspector.Inspection in
                let index = pending[position], job = jobs[index]
                guard let thumbnail = cache.preview(for: job) else { return inspector.inspect(job, cache: cache, cachedFacts: false) }
                var entry = found[index].cacheEntry
                entry?.thumbnail = thumbnail
                return ImageInspector.Inspection(facts: found[index].facts, thumbnail: thumbnail, cacheEntry: entry)
            }
        }(inspections)
        for (position, index) in pending.enumerated() { inspections[index] = attached[position] }
    }

    /// Each job's file status, for the cache: asked relative to its root (a catalog's 5,000 images are
    /// each two or three names from it, not ten from "/"), on `workers` threads, in job order.
    static func statuses(_ jobs: [ImageJob], files: any FileSystem, workers: Int) -> [FileStatus?] {
        var result = [FileStatus?](repeating: nil, count: jobs.count)
        var byRoot: [String: [Int]] = [:]
        // By runs of jobs with one root (jobs come in path order): a root is hashed once a run.
        var start = 0
        while start < jobs.count {
            var end = start + 1
            while end < jobs.count && jobs[end].root == jobs[start].root { end += 1 }
            byRoot[jobs[start].root, default: []] += start..<end
            start = end
        }
        for (root, indexes) in byRoot {
            // A name inside the root, or an absolute path (which the folder does not change).
            let names = indexes.map { index -> String? in
                let key = CacheSession.key(jobs[index])
                return key != jobs[index].path || key.hasPrefix("/") || root == "." ? key : nil
            }
            let inside = indexes.indices.filter { names[$0] != nil }
            let taken = files.statuses(inside.map { names[$0]! }, in: root, workers: workers)
            for (position, status) in zip(inside, taken) { result[indexes[position]] = status }
            for position in indexes.indices where names[position] == nil { result[indexes[position]] = files.status(jobs[indexes[position]].path) }
        }
        return result
    }

    // MARK: Check

    /// Every rule over every subject it concerns (images in path order); configuration decides each
    /// finding's final severity. A run that keeps to some files of a pack (`focus`: the pre-commit
    /// hook's) checks only those of its images and entries: an image's or entry's findings are at its
    /// own path, which the focus would drop, so the other 4,999 stickers of a pack cost no rule
    /// (the pack's own rules still see them all). A finding made from a Contents.json (unknown-key's,
    /// a text fix's document) is at a path inside that file's folder: the other folders' files are
    /// left out the same way.
    func check(_ scan: CatalogScan, rules: [any Rule], context: LintContext, focus: [String: Set<String>] = [:]) -> [Diagnostic] {
        let filter = FocusFilter(focus)
        let kept = { (path: String) in filter.isEmpty || filter.contains(path, keepContainer: true) }
        // Unfocused, the context's own array (a copy of 100,000 facts would be the run's largest allocation).
        let images = filter.isEmpty ? context.images : context.images.filter { kept($0.path) }
        let packs = scan.catalogs.flatMap(\.packs)
        var entries: [PackEntry] = []
        for entry in packs.lazy.flatMap(\.entries) where kept(entry.path) { entries.append(entry) }
        for entry in scan.looseEntries where kept(entry.path) { entries.append(entry) }
        // Likewise a Contents.json's own findings (unknown-key) are at its path: the pack's is kept.
        var scan = scan
        if !focus.isEmpty { scan.contentsFiles = scan.contentsFiles.filter { kept($0.path) } }
        // The rules are independent: they run on the run's threads (a pre-commit check of a 5,000-sticker
        // pack spends a sixth of its time in them), and their findings are sorted after, so the result
        // is the same whatever ran where.
        let configuration = self.configuration, frozen = scan, checkedEntries = entries
        let perRule = Parallel.map(rules.count, workers: jobs) { index -> [Diagnostic] in
            let rule = rules[index], description = type(of: rule).description
            var findings: [Finding] = []
            for image in images where description.applies(to: image.role) {
                let found = rule.check(image: image, context: context)
                assert(found.allSatisfy { $0.path == image.path }, "\(description.id): an image's finding elsewhere than at the image")
                findings += found
            }
            for entry in checkedEntries {
                let found = rule.check(entry: entry, context: context)
                assert(found.allSatisfy { $0.path == entry.path }, "\(description.id): an entry's finding elsewhere than at the entry")
                findings += found
            }
            for pack in packs { findings += rule.check(pack: pack, context: context) }
            findings += rule.check(scan: frozen, context: context)
            return findings.compactMap { finding in
                configuration.severity(for: description, case: finding.caseID).map { severity in
                    Diagnostic(
                        rule: description.id, severity: severity, path: finding.path, message: finding.message,
                        fixes: finding.fixes, textFix: finding.textFix)
                }
            }
        }
        var diagnostics: Set<Diagnostic> = []
        for found in perRule { diagnostics.formUnion(found) }
        return diagnostics.sorted()
    }

    // MARK: Focus

    /// Keeps what concerns the files named on the command line inside packs (a pre-commit hook's list):
    /// their files, their findings and their pack's own findings.
    static func focus(_ result: LintResult, on focus: [String: Set<String>]) -> LintResult {
        guard !focus.isEmpty else { return result }
        var focused = result
        let filter = FocusFilter(focus)
        focused.files = result.files.filter { filter.contains($0.path, keepContainer: false) }
        focused.diagnostics = result.diagnostics.filter { filter.contains($0.path, keepContainer: true) }
        return focused
    }

    // MARK: Previews

    /// A preview per sticker of each pack (a sequence's frames as one animation) and per other image.
    static func thumbnails(_ inspections: [ImageInspector.Inspection], packs: [StickerPack], maxSide: Int) -> [String: Thumbnail] {
        let byPath = Dictionary(uniqueKeysWithValues: inspections.map { ($0.facts.path, $0) })
        var thumbnails: [String: Thumbnail] = [:]
        for inspection in inspections where inspection.facts.role != .icon {
            thumbnails[inspection.facts.path] = inspection.thumbnail
        }
        for entry in packs.flatMap(\.entries) {
            let images = entry.images.map(\.path)
            if images.count > 1 {
                let frames = images.compactMap { byPath[$0]?.firstFrame }
                guard frames.count == images.count else { continue }
                thumbnails[entry.path] = Thumbnailer.sequence(frames, delayMilliseconds: entry.frameDelayMilliseconds ?? 66, maxSide: maxSide)
            } else if let image = images.first {
                thumbnails[entry.path] = byPath[image]?.thumbnail
            }
        }
        return thumbnails
    }
}

/// How deep to decode one image: derived from the needs of the enabled rules that apply to its role.
struct DecodeDepth: Sendable, Hashable {
    /// Decode pixels at all (otherwise the header suffices).
    var pixels: Bool
    /// Decode every frame even once the pixel answers are settled.
    var allFrames: Bool
    /// Hash every frame's pixels.
    var digest: Bool
    /// Look for content in the side margins of the first frame.
    var sideMargins: Bool = false
    /// Compare every frame with the first.
    var distinctFrames: Bool = false
}

extension CatalogScan {
    /// Whether a loose image under a store's profile is a member of its folder's pack: one a folder walk
    /// found, or one named on the command line when the run says `--as-pack`. A file named alone is
    /// judged as a file (`check --profile whatsapp cat.webp` says nothing of the folder it lies in).
    package func isPackMember(_ path: String, _ configuration: Configuration) -> Bool {
        configuration.namedFilesArePacks || !namedAlone.contains(path)
    }
}

/// One image to inspect.
struct ImageJob: Sendable, Hashable {
    var path: String
    var role: ImageRole
    var grid: GridSize?
    var depth: DecodeDepth
    /// The catalog or folder it was reached from: its facts are cached in that root's cache file.
    var root: String = "."
}

extension PackEntry {
    /// The role of the entry's images.
    var imageRole: ImageRole {
        if case .sequence = self { return .sequenceFrame }
        return .sticker
    }

    /// How long each frame of a sequence shows (nil for a sticker).
    package var frameDelayMilliseconds: Int? {
        if case .sequence(let sequence) = self { return sequence.frameDelayMilliseconds }
        return nil
    }
}

/// The machine's processor count.
enum System {
    static var activeProcessorCount: Int {
        #if canImport(Glibc)
        return Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #else
        return Int(sysconf(_SC_NPROCESSORS_ONLN))
        #endif
    }
}

/// The facts of one file as reports list them.
package struct FileSummary: Sendable, Hashable {
    package var path: String
    package var format: ImageFormat?
    package var bytes: Int?
    package var width: Int?
    package var height: Int?
    package var frames: Int?
    package var hasAlpha: Bool?
    /// How long one play of an animation lasts, when its frames were decoded.
    package var durationMilliseconds: Int?
    /// The rules and limits it was checked under.
    package var profile: Profile = .sticker
    /// What the content is, from its bytes (also for formats not decoded: WebP, a video).
    package var kind: FileKind = .unknown

    /// A file's facts as a report gives them (`stickerlint merge` reads them back from JSON).
    package init(
        path: String, format: ImageFormat?, bytes: Int?, width: Int?, height: Int?, frames: Int?, hasAlpha: Bool?,
        profile: Profile
    ) {
        self.path = path
        self.format = format
        self.bytes = bytes
        self.width = width
        self.height = height
        self.frames = frames
        self.hasAlpha = hasAlpha
        self.profile = profile
        kind = format?.fileKind ?? .unknown
    }

    init(_ facts: ImageFacts) {
        path = facts.path
        kind = facts.kind
        profile = Profile(role: facts.role)
        bytes = facts.byteCount
        format = facts.header?.format
        width = facts.header?.width
        height = facts.header?.height
        frames = facts.header?.frameCount
        hasAlpha = facts.header?.hasAlpha
        if let delays = facts.pixels?.frameDelays, delays.count > 1 {
            durationMilliseconds = delays.reduce(0) { $0 + $1.milliseconds }
        }
        // A TGS or WebM: its canvas, frames and playing time as read from its document or container.
        if let motion = facts.motion {
            width = motion.width
            height = motion.height
            frames = motion.frames
            durationMilliseconds = Int(saturatingRounded: motion.durationMilliseconds)
            if case .webm(let video) = motion { hasAlpha = video.hasAlpha }
        }
    }
}

/// What a lint run found.
public struct LintResult: Sendable, Hashable {
    /// Several runs' results as one (shards of a batch): files and findings joined, in report order.
    package static func merged(_ parts: [LintResult]) -> LintResult {
        var files: [ByteKey: FileSummary] = [:]
        for file in parts.flatMap(\.files) where files[ByteKey(file.path)] == nil { files[ByteKey(file.path)] = file }
        var merged = LintResult(
            files: files.values.sorted { PathOrder.less($0.path, $1.path) },
            diagnostics: Set(parts.flatMap(\.diagnostics)).sorted(),
            packs: parts.flatMap(\.packs).sorted { PathOrder.less($0.path, $1.path) },
            iconSets: parts.flatMap(\.iconSets).sorted { PathOrder.less($0.path, $1.path) })
        for part in parts { merged.thumbnails.merge(part.thumbnails) { first, _ in first } }
        return merged
    }

    /// Every image found, sorted by path.
    package var files: [FileSummary]
    /// Sorted by path, then rule, then message: the order of every report.
    public package(set) var diagnostics: [Diagnostic]
    /// The packs read whole, sorted by path, with their stickers in display order.
    package var packs: [StickerPack]
    /// The iMessage App Icon sets checked, sorted by path.
    package var iconSets: [IconSet]
    /// The part of a batch this result is (`check --shard I/N`); nil for a whole run and a merge.
    package var shard: Shard?
    /// Previews by sticker (entry folder or image) path, when the linter was asked for them.
    package var thumbnails: [String: Thumbnail] = [:]

    package init(files: [FileSummary], diagnostics: [Diagnostic], packs: [StickerPack] = [], iconSets: [IconSet] = []) {
        self.files = files
        self.diagnostics = diagnostics
        self.packs = packs
        self.iconSets = iconSets
    }

    /// Findings of each severity.
    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    public var noteCount: Int { diagnostics.filter { $0.severity == .note }.count }
    /// How many images were inspected.
    public var imageCount: Int { files.count }

    /// Whether the run fails: any error, or with `strict` any warning too.
    public func fails(strict: Bool) -> Bool { errorCount > 0 || (strict && warningCount > 0) }
}
