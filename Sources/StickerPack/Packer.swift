#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint

/// What `pack` is asked to do.
package struct PackOptions: Sendable, Hashable {
    /// How the grid is chosen.
    package enum GridChoice: Sendable, Hashable {
        case fixed(GridSize)
        /// The largest grid at most half of the art is smaller than (the median art's longer side,
        /// rounded down to a grid), so that most art is reduced and little is left small.
        case auto
    }

    /// The pack's name (its folder is NAME.stickerpack); by default the first source folder's name.
    package var name: String?
    package var grid: GridChoice = .auto
    /// Art smaller than the grid centred on a canvas of the grid's size (never enlarged).
    package var pad = false
    /// Animated GIFs stay GIF (otherwise APNG).
    package var keepGIF = false
    /// Art without alpha on a plain background: the background made transparent.
    package var removeBackground = false
    /// TGS and Lottie JSON art drawn by rlottie into frames, made like any animation (else left out, saying so).
    package var renderLottie = false
    /// A file naming the art in the order the stickers take (`PackNaming.order`).
    package var orderFile: String?
    /// A CSV or JSON file of file → accessibility label (`PackNaming.labels`).
    package var labelsFile: String?
    /// An image the whole iMessage App Icon set is made from.
    package var icon: String?
    /// RGB that the App Store icons (which may not have alpha) are flattened onto.
    package var iconBackground: [UInt8] = [255, 255, 255]
    /// Fitting under the size limit never goes below this PSNR (dB); a sticker that would is left out.
    package var minPSNR = SizeFitter.defaultMinPSNR
    /// Every sticker is made no larger than this (the documented 500 KB).
    package var sizeLimit = StickerLimits.documentedBytes
    /// An animation that cannot fit under the limit otherwise drops every other frame (as `fix --allow-frame-drop`).
    package var allowFrameDrop = false
    /// How hard lossless encoding tries.
    package var effort = PNGOptimizer.Effort.default
    /// Replace an existing output (or, with `into`, an existing pack of the same name).
    package var force = false
    package var dryRun = false
    /// `pack --for STORE --archive`: each pack also written as the archive its store's uploader takes (`StoreArchive`).
    package var archive = false
    /// The publisher WhatsApp's contents.json names (`pack --for whatsapp`); by default the pack's name.
    package var publisher: String?
    package var jobs = Linter.defaultJobs

    package init() {}
}

/// Where `pack` writes.
package enum PackDestination: Sendable, Hashable {
    /// A new catalog (`-o Stickers.xcstickers`).
    case catalog(String)
    /// A pack added to an existing catalog (`--into Existing.xcstickers`).
    case into(String)
}

/// Why `pack` made nothing (usage and environment faults: exit status 2).
package struct PackError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, on one line.
    package var message: String
    /// One line each below it (what each piece of art or store met), shown indented.
    package var details: [String]
    init(_ message: String, details: [String] = []) {
        self.message = message
        self.details = details
    }
    package var description: String { message + details.map { "\n  " + $0 }.joined() }
}

/// What `pack` did, sticker by sticker.
package struct PackReport: Sendable {
    package struct Sticker: Sendable {
        package var source: String
        /// The sticker folder's name ("happy-cat.sticker") and its image's ("happy-cat.png").
        package var folder: String
        package var file: String
        package var label: String
        package var format: ImageFormat
        package var side: Int
        package var frames: Int
        package var bytes: Int
        package var steps: [String]
        package var warnings: [String]
    }

    package var catalog: String
    /// NAME.stickerpack inside the catalog.
    package var pack: String
    package var grid: GridSize
    /// How the grid was chosen.
    package var gridReason: String
    package var stickers: [Sticker] = []
    /// Source files not made into a sticker, and why.
    package var skipped: [(path: String, reason: String)] = []
    /// About the pack as a whole (the icon, the order file, …).
    package var notes: [String] = []
    package var dryRun: Bool
    /// `check` of what was written (nil in a dry run).
    package var check: LintResult?
}

/// `stickerlint pack`: art in any format → a sticker catalog that passes `check`.
///
/// Every image under the sources becomes a sticker in natural order (or the order file's), animated art
/// an APNG, still art a PNG, resized to the grid and fitted under the size limit by the fix engine,
/// labelled from its file name. The catalog is made in a hidden folder beside its destination and
/// renamed into place as a whole; an existing output is replaced only with `force`.
package struct Packer: Sendable {
    package var files: any FileSystem
    package var options: PackOptions
    package var decoder: ImageDecoder
    /// Asked between stickers and before the output is put in place: true stops the run, which then
    /// removes what it staged and throws (the CLI answers Ctrl-C this way).
    package var interrupted: @Sendable () -> Bool = { false }
    /// Extensions a folder's walk takes beside the images' (`pack --for`: the containers a store keeps as
    /// they are, such as Discord's Lottie `.json`).
    var walkedToo: Set<String> = []

    package init(files: any FileSystem = DiskFileSystem(), options: PackOptions = PackOptions(), limits: DecodeLimits = .default) {
        self.files = files
        self.options = options
        decoder = ImageDecoder(limits: limits)
    }

    /// The name of the folder a run writes into before it is renamed into place.
    package static func temporaryName(for name: String, pid: Int32) -> String { StagingFolders.name(for: name, pid: pid) }

    package func run(_ sources: [String], to destination: PackDestination, pid: Int32 = 0) throws(PackError) -> PackReport {
        let prepared = try prepare(sources, to: destination, pid: pid)
        defer { prepared.discard(files) }
        return try finish(prepared, make(prepared.plan, into: prepared.staging))
    }

    /// A run up to making the stickers: the destination checked, the plan settled, the staging folder made.
    struct Prepared {
        var target: Target
        var plan: Plan
        var staging: Staging?

        /// Removes what was staged (nothing once it is in place).
        func discard(_ files: any FileSystem) { if let staging { files.remove(staging.root) } }
    }

    func prepare(_ sources: [String], to destination: PackDestination, pid: Int32) throws(PackError) -> Prepared {
        let target = try checkedTarget(sources, destination)
        let plan = try plan(sources, target)
        return Prepared(target: target, plan: plan, staging: try stage(target, pid: pid))
    }

    /// A run from the stickers made (each written to the staging folder's `.made/INDEX`): named, written,
    /// put in place and checked.
    /// `check`: whether the catalog is checked where it was put (not when it is put in a folder that
    /// is itself renamed into place after).
    func finish(_ prepared: Prepared, _ results: [Result<PackArt.Made, PackArt.Failure>], check: Bool = true) throws(PackError) -> PackReport {
        let (target, plan, staging) = (prepared.target, prepared.plan, prepared.staging)
        var report = PackReport(
            catalog: target.catalog, pack: target.packFolder, grid: plan.grid, gridReason: plan.gridReason, dryRun: options.dryRun)
        if interrupted() { throw PackError("interrupted: nothing was written") }
        let outputs = name(plan, results, into: &report)
        report.stickers = outputs.map(\.sticker)
        report.notes = plan.notes
        guard !outputs.isEmpty else {
            throw PackError(
                (plan.art.count == 1 ? "the image could not" : "none of the \(plan.art.count.counted("image")) could")
                    + " be made into a sticker:", details: report.skipped.map { "\($0.path): \($0.reason)" })
        }
        guard let staging else { return report }
        do {
            try write(outputs, plan, target, staging)
            try place(target, staging)
        } catch {
            throw PackError(interrupted() ? "interrupted: nothing was written" : "could not write \(target.final): \(error) (nothing was changed)")
        }
        guard check else { return report }
        report.check = try Self.checkWritten(target.catalog, profile: nil, files: files, jobs: options.jobs)
        return report
    }

    /// The check of what a run has put in place, under `profile` (the catalog's own when nil): a check
    /// that cannot run is an error that says the output is written (never taken for a dry run).
    static func checkWritten(_ path: String, profile: Profile?, files: any FileSystem, jobs: Int) throws(PackError) -> LintResult {
        var configuration = Configuration()
        configuration.forcedProfile = profile
        var linter = Linter(configuration: configuration, jobs: jobs, files: files)
        linter.cache = nil
        do {
            return try linter.lint([path])
        } catch {
            throw PackError("\(path) is written, but could not be checked: \(error)")
        }
    }

    /// Where a run writes: the catalog, the pack folder in it, and what is finally put in place (the
    /// catalog, or with `into` the pack).
    struct Target {
        var catalog: String
        var packName: String
        var packFolder: String
        var isInto: Bool
        var final: String { isInto ? packFolder : catalog }
    }

    /// The destination, refused before any work when it cannot be written: an existing output without
    /// `force`, a backup an interrupted run left, art inside the output.
    private func checkedTarget(_ sources: [String], _ destination: PackDestination) throws(PackError) -> Target {
        let (catalogPath, packName) = try destinationPaths(sources, destination)
        let target = Target(
            catalog: catalogPath, packName: packName, packFolder: PathText.join(catalogPath, CatalogWriter.folderName(packName, .pack)),
            isInto: destination.isInto)
        switch destination {
        case .catalog:
            break
        case .into(let path):
            guard files.kind(path) != .missing else { throw PackError("--into \(path): no such folder") }
            guard files.targetKind(path) == .directory, ContentsKind(folder: path) == .catalog else {
                throw PackError("\(path) is not a sticker catalog folder (\(ContentsKind.catalog.extensionsText)) to add a pack to")
            }
            if files.kind(target.packFolder) != .missing && !options.force {
                throw PackError("\(target.packFolder) exists: give --force to replace that pack, or --name for another")
            }
        }
        do {
            if case .catalog(let path) = destination {
                try StagedOutput.check(path, force: options.force, what: "the new catalog", inputs: sources, files: files)
            } else {
                try StagedOutput.checkAside(target.final, inputs: sources, files: files)
            }
        } catch {
            throw PackError(error.description)
        }
        return target
    }

    /// What a run makes, settled before anything is encoded: the art in order, the labels, the grid
    /// (from every piece of art's header), the icon set, and the notes.
    struct Plan {
        var art: [Art]
        var labels: [String: String]
        var grid: GridSize
        var gridReason: String
        var icons: (files: [(name: String, bytes: [UInt8])], entries: [JSONValue])?
        var notes: [String]
    }

    private func plan(_ sources: [String], _ target: Target) throws(PackError) -> Plan {
        let (art, walkNotes) = try collectStickers(sources)
        guard !art.isEmpty else { throw PackError("no images under \(sources.joined(separator: ", ")) (\(PackArt.kindsRead(options.renderLottie)))") }
        let ordered = try order(art)
        let labels = try labelsByName()
        var notes = walkNotes + ordered.notes
        // A label row that names no art is a typo the user would not otherwise see.
        let artNames = Set(ordered.art.flatMap { [$0.relative, PathText.lastComponent($0.path)] })
        for name in labels.keys.sorted() where !artNames.contains(name) {
            notes.append("--labels names \"\(name)\", which is none of the art: its label is not used")
        }
        let decoder = self.decoder, fs = files, list = ordered.art, drawing = options.renderLottie
        // Each art's longer side; 0 for a vector animation to be drawn (--render-lottie), drawn at any size.
        let sides: [Int?] = Parallel.map(list.count, workers: options.jobs) { index in
            guard let source = try? FileSystemByteSource(fs, path: list[index].path) else { return nil }
            if let header = try? decoder.probe(source) { return max(header.width, header.height) }
            guard drawing, let prefix = try? source.bytes(at: 0, count: Sniffer.prefixLength),
                case .motion(let kind) = Sniffer.kind(prefix: prefix), kind.reader.draws
            else { return nil }
            return 0
        }
        let measured = sides.compactMap { $0 }
        let (grid, reason) = chooseGrid(measured.filter { $0 > 0 }, vectors: measured.filter { $0 == 0 }.count)
        let existingIconSet = target.isInto ? (files.list(target.catalog) ?? []).first { ContentsKind(folder: $0) == .iconSet } : nil
        if options.icon == nil && existingIconSet == nil {
            notes.append("no iMessage App Icon: give --icon IMAGE to make every slot of the set (until then check reports the missing set)")
        }
        if options.icon != nil, let existingIconSet {
            notes.append("--icon not used: \(existingIconSet) is already in the catalog (stickerlint fix --generate-icons remakes its slots)")
        }
        let icons = existingIconSet == nil ? try options.icon.map { (path) throws(PackError) in try iconSet(path) } : nil
        return Plan(art: list, labels: labels, grid: grid, gridReason: reason, icons: icons, notes: notes)
    }

    /// The hidden folder everything is written into beside its destination, then renamed into place:
    /// each sticker's file as soon as it is made (workers write `.made/INDEX`), the folders and
    /// Contents.json files once the order, names and duplicates are settled. Nil in a dry run.
    struct Staging {
        var root: String
        var made: String { PathText.join(root, ".made") }
    }

    private func stage(_ target: Target, pid: Int32) throws(PackError) -> Staging? {
        if options.dryRun { return nil }
        let parent = target.isInto ? target.catalog : PathText.parent(target.catalog)
        do { return Staging(root: try StagedOutput(for: target.final, in: parent, pid: pid, files: files).root) } catch {
            throw PackError("could not write \(target.final): \(error) (nothing was changed)")
        }
    }

    /// Every sticker made, in parallel, each written to the staging folder as soon as it is made.
    private func make(_ plan: Plan, into staging: Staging?) -> [Result<PackArt.Made, PackArt.Failure>] {
        let maker = PackArt(decoder: decoder, options: options, grid: plan.grid)
        let interrupted = self.interrupted, fs = files, limit = decoder.limits.maxFileBytes, art = plan.art
        return Parallel.map(art.count, workers: options.jobs) { index in
            do throws(PackArt.Failure) {
                if interrupted() { throw .interrupted }
                let sticker = try maker.make(try Self.read(art[index].path, files: fs, limit: limit))
                return .success(try Self.staged(sticker, index: index, in: staging, files: fs))
            } catch {
                return .failure(error)
            }
        }
    }

    /// A piece of art's bytes, refused unread past the decode limits' file size.
    static func read(_ path: String, files: any FileSystem, limit: Int) throws(PackArt.Failure) -> [UInt8] {
        if let size = files.size(path), size > limit { throw .unreadable("\(ImageError.overBudget(.fileBytes(bytes: size, limit: limit)))") }
        do { return try files.read(path) } catch { throw .unreadable("\(error)") }
    }

    /// A sticker made, written to the staging folder (`.made/INDEX`) and its bytes let go: a thousand
    /// stickers are never all in memory.
    static func staged(_ made: PackArt.Made, index: Int, in staging: Staging?, files: any FileSystem) throws(PackArt.Failure) -> PackArt.Made {
        var sticker = made
        if let staging {
            do { try files.write(sticker.bytes, to: PathText.join(staging.made, String(index)), overwrite: false) } catch {
                throw .encoding("\(error)")
            }
        }
        sticker.bytes = []
        return sticker
    }

    /// Names, labels and duplicates, in order: each sticker made gets a unique folder name from its
    /// file's, a label, or is left out as a duplicate; what could not be made is reported skipped.
    private func name(
        _ plan: Plan, _ results: [Result<PackArt.Made, PackArt.Failure>], into report: inout PackReport
    ) -> [(sticker: PackReport.Sticker, index: Int)] {
        var usedNames: Set<String> = [], seen: [UInt64: String] = [:]
        var outputs: [(sticker: PackReport.Sticker, index: Int)] = []
        for (index, (item, result)) in zip(plan.art, results).enumerated() {
            switch result {
            case .failure(let failure):
                report.skipped.append((item.path, failure.description))
            case .success(let sticker):
                if let first = seen[sticker.digest] {
                    report.skipped.append((item.path, "left out: the same pixels and timing as \(first) (the duplicate-sticker rule)"))
                    continue
                }
                seen[sticker.digest] = item.path
                var stem = PathText.stem(item.path)
                if stem.isEmpty || stem.hasPrefix(".") { stem = "sticker" + stem }
                // Room for ".sticker" and a " 99999" that makes it unique.
                let shortened = PackNaming.shortened(stem, leaving: 8 + 6)
                if let shortened { stem = shortened }
                var unique = stem, n = 2
                while usedNames.contains(unique.lowercased()) {
                    unique = "\(stem) \(n)"
                    n += 1
                }
                usedNames.insert(unique.lowercased())
                var warnings = sticker.warnings
                var label = plan.labels[item.relative] ?? plan.labels[PathText.lastComponent(item.path)] ?? PackNaming.label(fromFileName: item.path)
                if label.count > PackNaming.maxLabel {
                    label = PackNaming.fitted(label)
                    warnings.append("label cut to \(label.count) characters (VoiceOver reads at most \(PackNaming.maxLabel))")
                }
                let ext = sticker.format == .gif ? "gif" : "png"
                let made = PackReport.Sticker(
                    source: item.path, folder: CatalogWriter.folderName(unique, .sticker), file: unique + "." + ext, label: label,
                    format: sticker.format, side: sticker.side, frames: sticker.frames, bytes: sticker.size,
                    steps: sticker.steps + (shortened.map { [PackNaming.shortenedStep($0)] } ?? []), warnings: warnings)
                outputs.append((made, index))
            }
        }
        return outputs
    }

    /// The catalog (or the pack) written whole in the staging folder: Contents.json files, the sticker
    /// folders with the files made for them, the icon set.
    private func write(_ outputs: [(sticker: PackReport.Sticker, index: Int)], _ plan: Plan, _ target: Target, _ staging: Staging) throws {
        let packRoot = PathText.join(staging.root, target.isInto ? "pack" : CatalogWriter.folderName(target.packName, .pack))
        try files.createFolder(packRoot)
        if !target.isInto {
            try files.write(CatalogWriter.catalogDocument.xcodeBytes, to: PathText.join(staging.root, "Contents.json"), overwrite: false)
        }
        let pack = CatalogWriter.packDocument(grid: plan.grid, stickers: outputs.map(\.sticker.folder))
        try files.write(pack.xcodeBytes, to: PathText.join(packRoot, "Contents.json"), overwrite: false)
        for (sticker, index) in outputs {
            let folder = PathText.join(packRoot, sticker.folder)
            try files.createFolder(folder)
            try files.move(PathText.join(staging.made, String(index)), to: PathText.join(folder, sticker.file))
            let json = CatalogWriter.stickerDocument(file: sticker.file, label: sticker.label)
            try files.write(json.xcodeBytes, to: PathText.join(folder, "Contents.json"), overwrite: false)
        }
        files.remove(staging.made)
        if interrupted() { throw PackError("interrupted") }
        guard let icons = plan.icons else { return }
        let set = PathText.join(target.isInto ? target.catalog : staging.root, CatalogWriter.iconSetName)
        let folder = target.isInto ? PathText.join(staging.root, "icons") : set
        try files.createFolder(folder)
        for (name, bytes) in icons.files { try files.write(bytes, to: PathText.join(folder, name), overwrite: false) }
        try files.write(CatalogWriter.iconSetDocument(icons.entries).xcodeBytes, to: PathText.join(folder, "Contents.json"), overwrite: false)
        // Into a catalog, the set goes in first: a pack without an icon is still a pack.
        if target.isInto { try files.move(folder, to: set) }
    }

    /// The staged catalog, or pack, renamed into place.
    private func place(_ target: Target, _ staging: Staging) throws(FileError) {
        if target.isInto {
            try place(PathText.join(staging.root, "pack"), at: target.packFolder)
        } else {
            try place(staging.root, at: target.catalog)
        }
    }

    /// Renames the made folder into place (`StagedOutput.place`: an existing one swapped, never missing).
    func place(_ staging: String, at path: String) throws(FileError) { try StagedOutput.place(staging, at: path, files: files) }

    // MARK: Sources

    struct Art: Sendable {
        var path: String
        /// Its path under the source folder it was found in (its name for a file given directly).
        var relative: String
    }

    /// The catalog's path and the pack's name.
    private func destinationPaths(_ sources: [String], _ destination: PackDestination) throws(PackError) -> (String, String) {
        let fallback =
            sources.first.map { source -> String in
                let trimmed = source.hasSuffix("/") && source.count > 1 ? String(source.dropLast()) : source
                let name =
                    files.targetKind(trimmed) == .directory ? PathText.lastComponent(files.realPath(trimmed) ?? trimmed) : PathText.stem(trimmed)
                return name.isEmpty || name == "." || name == "/" ? "Stickers" : name
            } ?? "Stickers"
        let name = options.name ?? fallback
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
            throw PackError("--name \"\(name)\": a pack name is a folder name (no /, no leading dot)")
        }
        switch destination {
        case .catalog(let path):
            guard ContentsKind(folder: path) == .catalog else {
                throw PackError("\(path): the output is a sticker catalog folder, named NAME\(ContentsKind.catalog.extensionsText)")
            }
            return (path, PackNaming.folderStem(name))
        case .into(let path):
            return (path, PackNaming.folderStem(name))
        }
    }

    /// The art that becomes stickers: what `collect` finds less the `--icon` file, which is the app's
    /// icon and never a sticker too, even when it lies among the art (said in a note).
    func collectStickers(_ sources: [String]) throws(PackError) -> (art: [Art], notes: [String]) {
        var (art, notes) = try collect(sources)
        if let icon = options.icon {
            let iconReal = ByteKey(files.realPath(icon) ?? icon)
            let before = art.count
            art.removeAll { ByteKey(files.realPath($0.path) ?? $0.path) == iconReal }
            if art.count < before { notes.append("\(icon) is the --icon: made the app's icon, not a sticker") }
        }
        return (art, notes)
    }

    /// Every image under the sources (files given directly, folders walked as `TreeWalk` walks them:
    /// hidden entries and catalogs skipped, linked folders not followed), each source's files in natural
    /// order of their paths under it; and a note for each entry the walk passed over.
    func collect(_ sources: [String]) throws(PackError) -> (art: [Art], notes: [String]) {
        // Real paths by bytes: "café" composed and decomposed are two pieces of art (a String set keeps one);
        // their stickers get names that differ on every file system ("café" and "café 2").
        var out: [Art] = [], seen: Set<ByteKey> = [], notes: [String] = []
        for source in sources {
            switch files.targetKind(source) {
            case .file:
                let real = files.realPath(source) ?? source
                if seen.insert(ByteKey(real)).inserted { out.append(Art(path: source, relative: PathText.lastComponent(source))) }
            case .directory:
                var walker = TreeWalk(files: files)
                walker.descends = { ContentsKind(folder: $0) == nil }
                // The registry's extensions, gathered once for the walk (not once a file); with --render-lottie, the
                // drawn readers' too (Lottie's `.json`, which a walk otherwise leaves to a profile that takes it).
                let drawn = options.renderLottie ? MotionKind.all.filter(\.reader.draws).flatMap(\.reader.extensions) : []
                let extensions = FileKind.walkedExtensions.union(drawn).union(walkedToo)
                walker.wants = { extensions.contains(PathText.fileExtension($0)) }
                let interrupted = self.interrupted
                walker.stop = { interrupted() }
                let walked: (found: [TreeWalk.Found], skipped: [TreeWalk.Skipped])
                do { walked = try walker.walk(source) } catch { throw PackError("interrupted: nothing was written") }
                notes += walked.skipped.map { "skipped \($0)" }
                for art in walked.found.sorted(by: { PackNaming.naturalLess($0.relative, $1.relative) }) {
                    let real = files.realPath(art.path) ?? art.path
                    if seen.insert(ByteKey(real)).inserted { out.append(Art(path: art.path, relative: art.relative)) }
                }
            default:
                throw PackError(files.absence(source))
            }
        }
        return (out, notes)
    }

    /// The art in the order file's order (those it does not name after, in their order, noted).
    func order(_ art: [Art]) throws(PackError) -> (art: [Art], notes: [String]) {
        guard let path = options.orderFile else { return (art, []) }
        let names: [String]
        do { names = PackNaming.order(try files.read(path, within: .order)) } catch { throw PackError("--order \(path): \(error)") }
        var remaining = art, ordered: [Art] = [], notes: [String] = []
        for name in names {
            guard let index = remaining.firstIndex(where: { $0.relative == name || PathText.lastComponent($0.path) == name }) else {
                notes.append("--order names \"\(name)\", which is not among the art")
                continue
            }
            ordered.append(remaining.remove(at: index))
        }
        if !remaining.isEmpty { notes.append("\(remaining.count.counted("file")) not named in \(path) come last, in natural order") }
        return (ordered + remaining, notes)
    }

    func labelsByName() throws(PackError) -> [String: String] {
        guard let path = options.labelsFile else { return [:] }
        return try labelsFile(path) { bytes throws(PackNaming.FileProblem) in try PackNaming.labels(bytes, path: path) }
    }

    /// The emoji the labels file tags each file with (its `emoji` column).
    func emojiByName() throws(PackError) -> [String: [String]] {
        guard let path = options.labelsFile else { return [:] }
        return try labelsFile(path) { bytes throws(PackNaming.FileProblem) in try PackNaming.emoji(bytes, path: path) }
    }

    private func labelsFile<T>(_ path: String, _ read: ([UInt8]) throws(PackNaming.FileProblem) -> T) throws(PackError) -> T {
        do {
            return try read(try files.read(path, within: .labels))
        } catch let problem as PackNaming.FileProblem {
            throw PackError("--labels \(problem)")
        } catch {
            throw PackError("--labels \(path): \(error)")
        }
    }

    /// The grid, and how it was chosen, from each measured art's longer side; `vectors`, art drawn at any
    /// size, leaves the choice to the rest, or takes the largest grid when it is all there is.
    func chooseGrid(_ measured: [Int], vectors: Int = 0) -> (GridSize, String) {
        switch options.grid {
        case .fixed(let grid): return (grid, "--grid \(grid.rawValue)")
        case .auto:
            if measured.isEmpty && vectors > 0 { return (.large, "auto: vector art only, drawn at any size") }
            let sides = measured.sorted()
            guard !sides.isEmpty else { return (.regular, "auto: no art could be measured, Xcode's default") }
            let median = sides[(sides.count - 1) / 2]
            let grid = GridSize.allCases.sorted { $0.pixels > $1.pixels }.first { $0.pixels <= median } ?? .small
            return (grid, "auto: the largest grid the median art fills without enlarging, \(median) px on its longer side")
        }
    }

    /// Every slot of the iMessage App Icon set from one image: scaled to fit each slot whole, centred
    /// (never cropped); App Store icons flattened onto the background colour.
    private func iconSet(_ path: String) throws(PackError) -> (files: [(name: String, bytes: [UInt8])], entries: [JSONValue]) {
        let image: DecodedImage
        do { image = try decoder.decode(try files.read(path)) } catch { throw PackError("--icon \(path): \(error)") }
        var icons: [(name: String, bytes: [UInt8])] = [], entries: [JSONValue] = []
        for slot in IconSlot.all {
            let pixels = Canvas.icon(from: image, slot.pixelWidth, slot.pixelHeight, background: slot.isMarketing ? options.iconBackground : nil)
            let bytes: [UInt8]
            do {
                bytes = try PNGOptimizer.smallestFile(rgba: pixels, width: slot.pixelWidth, height: slot.pixelHeight)
            } catch {
                throw PackError("--icon \(path): \(error)")
            }
            icons.append((slot.fileName, bytes))
            entries.append(CatalogWriter.iconEntry(slot))
        }
        return (icons, entries)
    }
}

extension PackDestination {
    var isInto: Bool { if case .into = self { true } else { false } }
}
