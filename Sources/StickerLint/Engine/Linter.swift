#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerCatalog
import StickerImage

/// Checks the paths given on the command line against every enabled rule.
///
/// Images are inspected in parallel by a bounded pool of `jobs` workers; everything after that is
/// sorted, so the result is byte-for-byte the same whatever the number of jobs.
public struct Linter: Sendable {
    public var configuration: Configuration
    public var jobs: Int
    public var files: any FileReading
    public var limits: DecodeLimits
    /// Make a preview of every sticker, at most this many pixels on a side, for reports that show them.
    public var thumbnailSide: Int?

    public init(configuration: Configuration = Configuration(), jobs: Int = Linter.defaultJobs,
                files: any FileReading = DiskFileReader(), limits: DecodeLimits = .default, thumbnailSide: Int? = nil) {
        self.configuration = configuration
        self.jobs = max(1, jobs)
        self.files = files
        self.limits = limits
        self.thumbnailSide = thumbnailSide
    }

    /// All cores.
    public static var defaultJobs: Int { max(1, System.activeProcessorCount) }

    /// Lints `paths`; `progress` is called with (done, total) as images are inspected.
    public func lint(_ paths: [String], progress: (@Sendable (Int, Int) -> Void)? = nil) throws(ScanError) -> LintResult {
        let configuration = self.configuration
        let reader = CatalogReader(files: files, isExcluded: { configuration.isExcluded($0) })
        let scan = try reader.scan(paths)
        let rules = RuleRegistry.all.filter { configuration.isEnabled($0.description.id) }.map { $0.init() }
        let descriptions = rules.map { type(of: $0).description }
        let needsPixels = descriptions.contains { $0.needsPixels }
        let inspector = ImageInspector(
            files: files, decoder: ImageDecoder(limits: limits), decodePixels: needsPixels,
            decodeAllFrames: configuration.isEnabled("image-unreadable") || configuration.isEnabled("frame-delay"),
            thumbnailSide: thumbnailSide)
        let wantsDigest = configuration.isEnabled("duplicate-sticker")

        // Every image once, with its role and grid.
        var jobsByPath: [String: ImageJob] = [:]
        func add(_ ref: ImageRef, _ role: ImageRole, _ grid: GridSize?) {
            if jobsByPath[ref.path] == nil {
                jobsByPath[ref.path] = ImageJob(path: ref.path, role: role, grid: grid, digest: wantsDigest && role != .loose)
            }
        }
        for catalog in scan.catalogs {
            for pack in catalog.packs {
                for entry in pack.entries {
                    for image in entry.images { add(image, Self.role(of: entry), pack.grid) }
                }
            }
            for set in catalog.iconSets { for icon in set.images { add(icon.image, .icon, nil) } }
        }
        for loose in scan.looseEntries {
            for image in loose.entry.images { add(image, Self.role(of: loose.entry), loose.grid ?? configuration.grid) }
        }
        for image in scan.looseImages { add(image, .loose, configuration.grid) }
        let jobList = jobsByPath.values.sorted { PathOrder.less($0.path, $1.path) }
        let inspections = Self.inspectAll(jobList, workers: jobs, inspector: inspector, progress: progress)
        let facts = inspections.map(\.facts)
        let factsByPath = Dictionary(uniqueKeysWithValues: facts.map { ($0.path, $0) })

        // Subjects for the rules.
        var packs: [PackFacts] = []
        var icons: [IconFacts] = []
        func entryFacts(_ entry: PackEntry) -> EntryFacts {
            EntryFacts(path: entry.path, kind: Self.entryKind(entry), accessibilityLabel: entry.accessibilityLabel,
                       images: entry.images.compactMap { factsByPath[$0.path] })
        }
        for catalog in scan.catalogs {
            for pack in catalog.packs {
                packs.append(PackFacts(path: pack.path, grid: pack.grid, entries: pack.entries.map(entryFacts), isSingleEntry: false))
            }
            for set in catalog.iconSets {
                for icon in set.images {
                    if let image = factsByPath[icon.image.path] { icons.append(IconFacts(iconSet: set.path, slot: icon.slot, image: image)) }
                }
            }
        }
        for loose in scan.looseEntries {
            packs.append(PackFacts(path: loose.entry.path, grid: loose.grid ?? .regular, entries: [entryFacts(loose.entry)], isSingleEntry: true))
        }
        let catalogFacts = CatalogFacts(issues: scan.issues, icons: icons)
        var sequenceDelays: [String: Int] = [:]
        for catalog in scan.catalogs {
            for pack in catalog.packs {
                for case .sequence(let sequence) in pack.entries { sequenceDelays[sequence.path] = sequence.frameDelayMilliseconds }
            }
        }
        let context = LintContext(configuration: configuration)

        var diagnostics: Set<Diagnostic> = []
        for rule in rules {
            let description = type(of: rule).description
            var findings: [Finding] = []
            for image in facts where image.role != .icon || description.appliesToIcons {
                findings += rule.check(image: image, context: context)
            }
            for pack in packs { findings += rule.check(pack: pack, context: context) }
            findings += rule.check(catalog: catalogFacts, context: context)
            for finding in findings {
                guard let severity = configuration.severity(for: description.id, default: finding.severity ?? description.severity) else { continue }
                diagnostics.insert(Diagnostic(rule: description.id, severity: severity, path: finding.path, message: finding.message))
            }
        }
        var summaries = facts.map(FileSummary.init).sorted { PathOrder.less($0.path, $1.path) }
        var reported = diagnostics.sorted()
        if !scan.focus.isEmpty {
            summaries = summaries.filter { Self.inFocus($0.path, scan.focus, keepContainer: false) }
            reported = reported.filter { Self.inFocus($0.path, scan.focus, keepContainer: true) }
        }
        let packSummaries = packs.filter { !$0.isSingleEntry }.map { pack in
            PackSummary(path: pack.path, grid: pack.grid, entries: pack.entries.map {
                EntrySummary(path: $0.path, accessibilityLabel: $0.accessibilityLabel, images: $0.images.map(\.path),
                             frameDelayMilliseconds: sequenceDelays[$0.path])
            })
        }.sorted { PathOrder.less($0.path, $1.path) }
        let iconSummaries = scan.catalogs.flatMap(\.iconSets).map { set in
            IconSetSummary(path: set.path, images: set.images.map(\.image.path))
        }.sorted { PathOrder.less($0.path, $1.path) }
        var result = LintResult(files: summaries, diagnostics: reported, packs: packSummaries, iconSets: iconSummaries)
        if let side = thumbnailSide { result.thumbnails = Self.thumbnails(inspections, packs: packSummaries, maxSide: side) }
        return result
    }

    /// A preview per sticker of each pack (a sequence's frames as one animation) and per other image.
    static func thumbnails(_ inspections: [ImageInspector.Inspection], packs: [PackSummary], maxSide: Int) -> [String: Thumbnail] {
        let byPath = Dictionary(uniqueKeysWithValues: inspections.map { ($0.facts.path, $0) })
        var thumbnails: [String: Thumbnail] = [:]
        for inspection in inspections where inspection.facts.role != .icon {
            thumbnails[inspection.facts.path] = inspection.thumbnail
        }
        for entry in packs.flatMap(\.entries) {
            if entry.images.count > 1 {
                let frames = entry.images.compactMap { byPath[$0]?.firstFrame }
                guard frames.count == entry.images.count else { continue }
                thumbnails[entry.path] = Thumbnailer.sequence(frames, delayMilliseconds: entry.frameDelayMilliseconds ?? 66, maxSide: maxSide)
            } else if let image = entry.images.first {
                thumbnails[entry.path] = byPath[image]?.thumbnail
            }
        }
        return thumbnails
    }

    /// Whether a path concerns a focused file: outside every focused pack, the pack itself (and its
    /// Contents.json), a focused file or folder, something inside one, or a folder holding one.
    static func inFocus(_ path: String, _ focus: [String: Set<String>], keepContainer: Bool) -> Bool {
        guard let (container, subjects) = focus.first(where: { path == $0.key || path.hasPrefix($0.key + "/") }) else { return true }
        if keepContainer && (path == container || path == container + "/Contents.json") { return true }
        return subjects.contains { path == $0 || path.hasPrefix($0 + "/") || (keepContainer && $0.hasPrefix(path + "/")) }
    }

    private static func role(of entry: PackEntry) -> ImageRole {
        if case .sequence = entry { return .sequenceFrame }
        return .sticker
    }

    private static func entryKind(_ entry: PackEntry) -> EntryFacts.Kind {
        if case .sequence = entry { return .sequence }
        return .sticker
    }

    /// Inspects every job with at most `workers` threads; results come back in job order.
    private static func inspectAll(_ jobs: [ImageJob], workers: Int, inspector: ImageInspector,
                                   progress: (@Sendable (Int, Int) -> Void)?) -> [ImageInspector.Inspection] {
        Parallel.map(jobs.count, workers: workers, progress: progress) { index in
            let job = jobs[index]
            return inspector.inspectWithPreview(job.path, role: job.role, grid: job.grid, digest: job.digest)
        }
    }
}

/// One image to inspect.
struct ImageJob: Sendable {
    var path: String
    var role: ImageRole
    var grid: GridSize?
    var digest: Bool
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

/// The facts of one file as reports list them (SPEC §6).
public struct FileSummary: Sendable, Hashable {
    public var path: String
    public var format: ImageFormat?
    public var bytes: Int?
    public var width: Int?
    public var height: Int?
    public var frames: Int?
    public var hasAlpha: Bool?
    /// How long one play of an animation lasts, when its frames were decoded.
    public var durationMilliseconds: Int?

    init(_ facts: ImageFacts) {
        path = facts.path
        bytes = facts.byteCount
        format = facts.header?.format
        width = facts.header?.width
        height = facts.header?.height
        frames = facts.header?.frameCount
        hasAlpha = facts.header?.hasAlpha
        if let delays = facts.pixels?.frameDelays, delays.count > 1 {
            durationMilliseconds = delays.reduce(0) { $0 + $1.milliseconds }
        }
    }
}

/// What a lint run found.
public struct LintResult: Sendable, Hashable {
    /// Every image found, sorted by path.
    public var files: [FileSummary]
    /// Sorted by path, then rule.
    public var diagnostics: [Diagnostic]
    /// The packs checked, with their stickers in display order.
    public var packs: [PackSummary]
    /// The iMessage App Icon sets checked.
    public var iconSets: [IconSetSummary]
    /// Previews by sticker (entry folder or image) path, when the linter was asked for them.
    public var thumbnails: [String: Thumbnail] = [:]

    public init(files: [FileSummary], diagnostics: [Diagnostic], packs: [PackSummary] = [], iconSets: [IconSetSummary] = []) {
        self.files = files
        self.diagnostics = diagnostics
        self.packs = packs
        self.iconSets = iconSets
    }

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    public var noteCount: Int { diagnostics.filter { $0.severity == .note }.count }

    /// Whether the run fails: any error, or with `strict` any warning too.
    public func fails(strict: Bool) -> Bool { errorCount > 0 || (strict && warningCount > 0) }
}

/// A pack as reports show it: its grid and its stickers in display order.
public struct PackSummary: Sendable, Hashable {
    public var path: String
    public var grid: GridSize
    public var entries: [EntrySummary]
}

/// A sticker (folder or sequence) of a pack.
public struct EntrySummary: Sendable, Hashable {
    public var path: String
    public var accessibilityLabel: String?
    /// Its image, or its sequence's frames.
    public var images: [String]
    /// For a sequence, how long each frame shows.
    public var frameDelayMilliseconds: Int?
}

/// An iMessage App Icon set and its images.
public struct IconSetSummary: Sendable, Hashable {
    public var path: String
    public var images: [String]
}
