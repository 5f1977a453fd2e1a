import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint

/// What `pack --for STORE` made for each store.
package struct StorePackReport: Sendable {
    /// One file made: a sticker or a pack file (tray icon, thumbnail, main and tab images).
    package struct File: Sendable {
        package var source: String
        /// Its path under the store's folder ("cats/happy-cat.webp", "01.png").
        package var path: String
        package var format: StoreFileFormat
        package var width: Int
        package var height: Int
        package var frames: Int
        package var bytes: Int
        package var steps: [String]
        /// Of a lossy fit (dB); nil when the file shows the resampled art exactly.
        package var psnr: Double?
    }

    /// A pack written as the archive its store's uploader takes (`--archive`).
    package struct Archive: Sendable {
        /// Its path under the store's folder ("art.wastickers").
        package var path: String
        /// Its size; nil in a dry run.
        package var bytes: Int?
        /// The files in it, in order.
        package var entries: [String]
        /// Why it was not written (over the uploader's limit), when it was not.
        package var refused: String?
    }

    package struct Store: Sendable {
        package var profile: Profile
        package var name: String
        /// The store's folder (the output, or OUTPUT/STORE with several stores).
        package var folder: String
        package var files: [File] = []
        package var skipped: [(path: String, reason: String)] = []
        package var notes: [String] = []
        /// Why nothing was made for the store (too few stickers for a pack), when nothing was.
        package var failure: String?
        /// `--archive`: each pack as one file its uploader takes.
        package var archives: [Archive] = []
        /// `check --profile STORE` of what was written (nil in a dry run or when nothing was made).
        package var check: LintResult?
    }

    package var output: String
    package var stores: [Store]
    package var dryRun: Bool
    /// The iMessage catalog, with `--for all` or `--for imessage` among others.
    package var imessage: PackReport?
}

/// `stickerlint pack SRC... --for STORE -o OUT`: one folder of art made into each store's pack, each
/// file made to the store's recipe (`StoreRecipe`, from the limits `check` judges by) and the whole
/// checked under the store's profile. Each source is decoded once for every store; the output is made in
/// a hidden folder beside it and renamed into place whole, an existing one replaced only with `force`.
package struct StorePacker: Sendable {
    /// The catalog packer: its files, options, decoder and interruption are this run's, and it walks the
    /// art and makes the iMessage catalog.
    package var packer: Packer
    package var files: any FileSystem { packer.files }
    package var options: PackOptions { packer.options }
    package var decoder: ImageDecoder { packer.decoder }
    /// Told (stickers made, of how many) as each piece of art is done for every store: the CLI's bar.
    package var progress: (@Sendable (Int, Int, String) -> Void)?

    package var interrupted: @Sendable () -> Bool {
        get { packer.interrupted }
        set { packer.interrupted = newValue }
    }

    package init(files: any FileSystem = DiskFileSystem(), options: PackOptions = PackOptions(), limits: DecodeLimits = .default) {
        packer = Packer(files: files, options: options, limits: limits)
    }

    /// The folder each store's files go in: the output itself for one store, OUTPUT/STORE for several.
    static func folderName(_ store: Store, alone: Bool) -> String? { alone ? nil : store.id }

    package func run(_ sources: [String], stores: [Profile], imessage: Bool, to output: String, pid: Int32 = 0) throws(PackError) -> StorePackReport {
        let targets = stores.compactMap(\.ofStore).filter { $0.recipe != nil }
        guard !targets.isEmpty || imessage else { throw PackError("no store to pack for") }
        var packer = self.packer
        packer.walkedToo = Self.keptExtensions(targets)
        do { try StagedOutput.check(output, force: options.force, inputs: sources, files: files) } catch { throw PackError(error.description) }
        let alone = targets.count == 1 && !imessage
        var staged: StagedOutput?
        if !options.dryRun {
            do { staged = try StagedOutput(for: output, pid: pid, files: files) } catch {
                throw PackError("could not write \(output): \(error) (nothing was changed)")
            }
        }
        let staging = staged?.root
        defer { staged?.discard() }
        // The iMessage catalog, made by the catalog packer inside the staging folder from the same decode.
        let catalogPacker = packer
        let catalogName = "imessage/\(PackNaming.folderStem(options.name ?? "Stickers")).xcstickers"
        var prepared: Packer.Prepared?
        if imessage {
            if let staging {
                do { try files.createFolder(PathText.join(staging, "imessage")) } catch { throw PackError("could not write \(output): \(error)") }
            }
            prepared = try catalogPacker.prepare(sources, to: .catalog(PathText.join(staging ?? output, catalogName)), pid: pid)
        }
        defer { prepared?.discard(files) }
        let (found, walkNotes) = try packer.collectStickers(sources)
        guard !found.isEmpty else {
            throw PackError("no images under \(sources.joined(separator: ", ")) (\(PackArt.kindsRead(options.renderLottie)))")
        }
        let (ordered, orderNotes) = try packer.order(found)
        let art = prepared?.plan.art ?? ordered
        let labels = try packer.labelsByName(), emoji = try packer.emojiByName()
        let catalog = prepared.map { CatalogPart(maker: PackArt(decoder: decoder, options: options, grid: $0.plan.grid), staging: $0.staging) }
        let made = make(art, stores: targets, staging: staging, catalog: catalog)
        if interrupted() { throw PackError("interrupted: nothing was written") }
        var report = StorePackReport(output: output, stores: [], dryRun: options.dryRun)
        for (index, target) in targets.enumerated() {
            let folder = Self.folderName(target, alone: alone).map { PathText.join(output, $0) } ?? output
            var store = StorePackReport.Store(profile: .store(target), name: target.name, folder: folder)
            store.notes = walkNotes + orderNotes
            let results = made.map { $0.stores[index] }
            let within = staging.map { root in Self.folderName(target, alone: alone).map { PathText.join(root, $0) } ?? root }
            do {
                try assemble(
                    target, art: art, results: results, names: (labels, emoji), staging: staging, into: within, report: &store)
            } catch {
                throw PackError(interrupted() ? "interrupted: nothing was written" : "could not write \(folder): \(error) (nothing was changed)")
            }
            report.stores.append(store)
        }
        if let part = prepared {
            var catalogReport = try catalogPacker.finish(part, made.map { $0.sticker ?? .failure(.interrupted) }, check: false)
            // Said as where it will be once the output is in place.
            catalogReport.catalog = PathText.join(output, catalogName)
            catalogReport.pack = PathText.join(catalogReport.catalog, PathText.lastComponent(catalogReport.pack))
            report.imessage = catalogReport
        }
        guard report.stores.contains(where: { !$0.files.isEmpty }) || report.imessage != nil else {
            throw PackError(
                "nothing could be made:",
                details: report.stores.map { store in
                    "\(store.name): " + (store.failure ?? store.skipped.first.map { "\($0.path): \($0.reason)" } ?? "no art")
                })
        }
        guard let staged else { return report }
        if interrupted() { throw PackError("interrupted: nothing was written") }
        do { try staged.place() } catch {
            throw PackError(interrupted() ? "interrupted: nothing was written" : "could not write \(output): \(error) (nothing was changed)")
        }
        for index in report.stores.indices where !report.stores[index].files.isEmpty {
            report.stores[index].check = try Packer.checkWritten(
                report.stores[index].folder, profile: report.stores[index].profile, files: files, jobs: options.jobs)
        }
        if let catalog = report.imessage?.catalog {
            report.imessage?.check = try Packer.checkWritten(catalog, profile: nil, files: files, jobs: options.jobs)
        }
        return report
    }

    /// Every art decoded once, on `jobs` threads, and made for every store; by art, then by store.
    /// What one piece of art became: a file for each store, and the iMessage sticker when a catalog is made too.
    struct MadeArt: Sendable {
        var stores: [Result<StoreArt.Made, PackArt.Failure>]
        var sticker: Result<PackArt.Made, PackArt.Failure>?
    }

    /// The iMessage catalog's part of a run: the sticker maker at its grid, and where its stickers are staged.
    struct CatalogPart: Sendable {
        var maker: PackArt
        var staging: Packer.Staging?
    }

    /// Every art decoded once, on `jobs` threads, and made for every store (and the catalog); by art.
    private func make(_ art: [Packer.Art], stores targets: [Store], staging: String?, catalog: CatalogPart?) -> [MadeArt] {
        let tidier = PackArt(decoder: decoder, options: options, grid: .regular)
        let maker = StoreArt(decoder: decoder, options: options)
        let fs = files, interrupted = self.interrupted, limit = decoder.limits.maxFileBytes, drawing = options.renderLottie
        let progress = self.progress, done = Locked(0)
        return Parallel.map(art.count, workers: options.jobs) { index -> MadeArt in
            defer {
                let count = done.withLock { count in
                    count += 1
                    return count
                }
                progress?(count, art.count, art[index].path)
            }
            let bytes: [UInt8]
            do throws(PackArt.Failure) {
                if interrupted() { throw .interrupted }
                bytes = try Packer.read(art[index].path, files: fs, limit: limit)
            } catch {
                return MadeArt(stores: targets.map { _ in .failure(error) }, sticker: catalog.map { _ in .failure(error) })
            }
            // What each store keeps as it is: art in the container of one of its kinds (a TGS, a WebM, a
            // Lottie JSON), unless --render-lottie asks for it drawn.
            let motion = Self.keptMotion(bytes, drawing: drawing)
            let keeps = targets.map { target in
                motion.flatMap { kind in target.limits.motionKinds.contains { $0.container == .motion(kind) } ? kind : nil }
            }
            // Decoded (or drawn) once, and only when something is made of its pixels (else never asked for).
            var decoded: Result<PackArt.Tidied, PackArt.Failure> = .failure(.unreadable("not decoded"))
            if catalog != nil || keeps.contains(where: { $0 == nil }) {
                do throws(PackArt.Failure) { decoded = .success(try tidier.tidy(bytes)) } catch { decoded = .failure(error) }
            }
            let sticker = catalog.map { part -> Result<PackArt.Made, PackArt.Failure> in
                do throws(PackArt.Failure) {
                    if interrupted() { throw .interrupted }
                    let tidied = try decoded.get()
                    return .success(try Packer.staged(try part.maker.make(tidied, bytes: bytes), index: index, in: part.staging, files: fs))
                } catch {
                    return .failure(error)
                }
            }
            let stores = zip(targets, keeps).map { target, keep -> Result<StoreArt.Made, PackArt.Failure> in
                do throws(PackArt.Failure) {
                    if interrupted() { throw .interrupted }
                    var file: StoreArt.Made
                    if let keep {
                        file = try maker.kept(bytes, at: art[index].path, motion: keep, store: target, files: fs)
                    } else {
                        file = try maker.make(try decoded.get(), for: target)
                    }
                    if let staging {
                        let path = PathText.join(staging, ".made/\(target.id)-\(index)")
                        do { try fs.write(file.bytes, to: path, overwrite: false) } catch { throw .encoding("\(error)") }
                        file.staged = path
                    }
                    // On disk now: a thousand stickers for six stores are never all in memory.
                    file.size = file.bytes.count
                    file.bytes = []
                    return .success(file)
                } catch {
                    return .failure(error)
                }
            }
            return MadeArt(stores: stores, sticker: sticker)
        }
    }

    /// The sets a store's stickers fall in, in order: still, animated, video.
    static let setNames = ["still", "animated", "video"]

    /// The set a sticker falls in: video for a VP9 WebM made or kept (a container of the store's `video`
    /// kind), animated for an animated image or other art kept as it is (a TGS, a Lottie JSON), else still.
    static func set(of made: StoreArt.Made, video: StoreLimits.Kind?) -> String {
        switch made.format {
        case .video: setNames[2]
        case .kept(let kind): video?.container == .motion(kind) ? setNames[2] : setNames[1]
        case .image: made.frames > 1 ? setNames[1] : setNames[0]
        }
    }

    /// The reader's kind of art in a container a store may take as it is (TGS, WebM, Lottie JSON), unless it
    /// is to be drawn (`drawing`, --render-lottie, and a reader that draws it).
    static func keptMotion(_ bytes: [UInt8], drawing: Bool) -> MotionKind? {
        guard case .motion(let kind) = Sniffer.kind(prefix: Array(bytes.prefix(Sniffer.prefixLength))), !(drawing && kind.reader.draws) else {
            return nil
        }
        return kind
    }

    /// The extensions of the containers `stores` take as they are (`.tgs`, `.webm`, Discord's `.json`): a
    /// folder's walk takes them too.
    static func keptExtensions(_ stores: [Store]) -> Set<String> {
        Set(
            stores.flatMap(\.limits.motionKinds).flatMap { kind -> [String] in
                guard case .motion(let motion) = kind.container else { return [] }
                return motion.reader.extensions
            })
    }

    /// One store's packs from what was made for it: still and animated apart where the store keeps
    /// them apart, each cut to a count the store takes, named as the store wants, with its pack files
    /// (and the store's sidecar, `StoreManifest`), moved into `folder` inside the staging folder.
    private func assemble(
        _ target: Store, art: [Packer.Art], results: [Result<StoreArt.Made, PackArt.Failure>],
        names: (labels: [String: String], emoji: [String: [String]]), staging: String?,
        into folder: String?, report: inout StorePackReport.Store
    ) throws {
        let limits = target.limits
        // Each sticker's set: still, animated (an animated image, or a TGS or Lottie kept as it is) or video.
        var sets: [String: [(Int, StoreArt.Made)]] = [:]
        for (index, result) in results.enumerated() {
            switch result {
            case .failure(let failure): report.skipped.append((art[index].path, failure.description))
            case .success(let made): sets[Self.set(of: made, video: limits.video), default: []].append((index, made))
            }
        }
        // The packs: one of everything, or each set apart where the store keeps them apart or counts them apart.
        let apart = limits.unmixedSource != nil || limits.animatedCount != nil || target.recipe?.animationsApart == true
        var groups: [(name: String?, animated: Bool, members: [(Int, StoreArt.Made)])] =
            apart
            ? Self.setNames.compactMap { name in sets[name].map { (name, name != Self.setNames[0], $0) } }
            : [(nil, sets.keys.contains { $0 != Self.setNames[0] }, sets.values.flatMap { $0 }.sorted { $0.0 < $1.0 })]
        if apart && groups.count == 1 { groups[0].name = nil }
        var kept: [(name: String?, animated: Bool, members: [(Int, StoreArt.Made)])] = []
        for group in groups {
            let count = group.animated ? (limits.animatedCount ?? limits.count) : limits.count
            let what = group.name.map { "\($0) " } ?? ""
            guard let count else {
                kept.append(group)
                continue
            }
            guard let take = Self.largestAllowed(count, atMost: group.members.count) else {
                let reason =
                    "left out: a \(limits.name) pack holds \(count.wording) \(what)stickers, and there \(group.members.count == 1 ? "is" : "are") \(group.members.count)"
                for (index, _) in group.members { report.skipped.append((art[index].path, reason)) }
                continue
            }
            for (index, _) in group.members.dropFirst(take) {
                report.skipped.append(
                    (art[index].path, "left out: a \(limits.name) pack holds \(count.wording) \(what)stickers; the first \(take) were taken"))
            }
            kept.append((group.name, group.animated, Array(group.members.prefix(take))))
        }
        guard !kept.isEmpty else {
            report.failure = "no pack could be made: " + (report.skipped.first?.reason ?? "no art")
            return
        }
        let packName = options.name ?? Self.defaultName(art)
        let identifier = Self.identifier(packName)
        var manifestPacks: [StoreManifestPack] = []
        var archived: [(name: String, paths: [String])] = []
        let packFiles = (target.recipe?.packFileNames ?? []).compactMap { name in limits.packFile(for: name).map { (name, $0) } }
        for group in kept {
            // Inside the store's folder: each pack in a folder by identifier where the store's sidecar
            // wants so (beside it); else a second pack in a folder of its own.
            let packIdentifier = identifier + (kept.count > 1 && group.animated ? "_" + (group.name ?? "animated") : "")
            let sub: String? = target.manifest?.packsInFolders == true ? packIdentifier : kept.count > 1 ? group.name : nil
            var used: Set<String> = []
            var entries: [StoreManifestPack.Sticker] = []
            let firstFile = report.files.count
            for (position, (index, made)) in group.members.enumerated() {
                let ext = made.format.fileExtension
                var name: String
                var steps = made.steps
                if let naming = limits.stickerNames {
                    name =
                        String(repeating: "0", count: max(0, naming.digits - String(position + 1).count)) + "\(position + 1).\(naming.fileExtension)"
                } else {
                    var stem = Self.fileStem(art[index].path)
                    // Room for the extension and a " 99999" that makes it unique.
                    if let shortened = PackNaming.shortened(stem, leaving: 1 + ext.utf8.count + 6) {
                        stem = shortened
                        steps.append(PackNaming.shortenedStep(stem))
                    }
                    name = stem + "." + ext
                    // Unique in the pack, and never taken for a pack file (a sticker named "tray" or "thumb").
                    var n = 2
                    while used.contains(name.lowercased()) || limits.packFile(for: name) != nil {
                        name = "\(stem) \(n).\(ext)"
                        n += 1
                    }
                }
                used.insert(name.lowercased())
                let path = sub.map { PathText.join($0, name) } ?? name
                let label =
                    names.labels[art[index].relative] ?? names.labels[PathText.lastComponent(art[index].path)]
                    ?? PackNaming.label(fromFileName: art[index].path)
                let tags = names.emoji[art[index].relative] ?? names.emoji[PathText.lastComponent(art[index].path)] ?? []
                entries.append(StoreManifestPack.Sticker(file: name, label: label, emoji: tags, source: art[index].path))
                report.files.append(
                    StorePackReport.File(
                        source: art[index].path, path: path, format: made.format, width: made.width, height: made.height, frames: made.frames,
                        bytes: made.size, steps: steps, psnr: made.psnr))
                if let folder, let staged = made.staged {
                    let target = PathText.join(folder, path)
                    try files.createFolder(PathText.parent(target))
                    try files.move(staged, to: target)
                }
            }
            // The pack files, from the pack's first art that is decoded (art kept as it is may be in a
            // container stickerlint reads but does not draw).
            let decodable = group.members.first { made in
                if case .kept = made.1.format { return false }
                return true
            }
            if decodable == nil, let first = group.members.first, !packFiles.isEmpty {
                report.notes.append(
                    "no \(packFiles.map(\.1.name).joined(separator: " or ")) is made for the \(group.name.map { "\($0) " } ?? "")stickers: every one is "
                        + "kept as it is (\(first.1.format.displayName)), and stickerlint makes pack files from art it decodes")
            }
            if let first = decodable {
                for (named, file) in packFiles {
                    var name = named
                    var made: StoreArt.Made?, why: String?
                    if group.name == Self.setNames[2] || (group.animated && target.recipe?.videoAnimations == true), let kind = file.video {
                        // A video set's thumbnail is a video too, where one fits (else the still one, said).
                        do {
                            made = try videoPackFile(kind, store: target, from: art[first.0].path)
                            name = PathText.stem(named) + ".webm"
                        } catch {
                            why = "a still \(file.name): as a video, \(error)"
                        }
                    }
                    if made == nil {
                        made = try packFile(file, named: name, store: target, from: art[first.0].path, animated: group.animated)
                        if let why { made?.steps.append(why) }
                    }
                    guard let made else { continue }
                    let path = sub.map { PathText.join($0, name) } ?? name
                    report.files.append(
                        StorePackReport.File(
                            source: art[first.0].path, path: path, format: made.format, width: made.width, height: made.height,
                            frames: made.frames, bytes: made.bytes.count, steps: made.steps, psnr: made.psnr))
                    if let folder {
                        let target = PathText.join(folder, path)
                        try files.createFolder(PathText.parent(target))
                        try files.write(made.bytes, to: target, overwrite: false)
                    }
                }
            }
            archived.append((sub ?? Self.archiveStem(packName), report.files[firstFile...].map(\.path)))
            manifestPacks.append(
                StoreManifestPack(
                    identifier: packIdentifier, name: packName + (kept.count > 1 && group.animated ? " (\(group.name ?? "animated"))" : ""),
                    packFile: packFiles.first?.0, animated: group.animated, stickers: entries))
        }
        if let manifest = target.manifest {
            let (bytes, notes) = manifest.write(manifestPacks, publisher: options.publisher)
            report.notes += notes
            if let folder {
                try files.createFolder(folder)
                try files.write(bytes, to: PathText.join(folder, manifest.fileName), overwrite: false)
            }
        }
        if options.archive {
            if let archive = target.recipe?.archive {
                for (stem, paths) in archived {
                    report.archives.append(try write(archive, named: stem, of: paths, pack: packName, in: folder))
                }
            } else {
                report.notes.append("--archive: \(target.name) takes the pack's files as they are, from this folder: no archive is made for it")
            }
        }
    }

    /// One pack (the files at `paths` in the store's `folder`) as the archive its uploader takes, written
    /// beside them unless it is over the uploader's limit; in a dry run (no folder) only named.
    private func write(
        _ archive: StoreArchive, named stem: String, of paths: [String], pack: String, in folder: String?
    ) throws -> StorePackReport.Archive {
        let name = stem + "." + archive.fileExtension
        let kept = paths.filter { !archive.leftOut.contains(PathText.lastComponent($0)) }
        var result = StorePackReport.Archive(
            path: name, bytes: nil, entries: archive.texts.map(\.name) + kept.map { PathText.lastComponent($0) }, refused: nil)
        guard let folder else { return result }
        var entries = archive.texts.map { text in
            ZIPWriter.Entry(name: text.name, bytes: Array(((text.holds == .name ? pack : options.publisher ?? pack) + "\n").utf8))
        }
        for path in kept { entries.append(ZIPWriter.Entry(name: PathText.lastComponent(path), bytes: try files.read(PathText.join(folder, path)))) }
        let bytes = try ZIPWriter.archive(entries)
        result.bytes = bytes.count
        if let limit = archive.maxBytes, bytes.count > limit.bytes {
            result.refused = "not written: \(bytes.count.grouped) bytes, over \(limit.bytes.grouped): \(limit.source)"
            return result
        }
        try files.write(bytes, to: PathText.join(folder, name), overwrite: false)
        return result
    }

    /// A pack file (tray icon, thumbnail, main or tab image) made from a piece of art: a still picture
    /// (its first frame), or in an animated pack the animation where the store wants the file animated
    /// there (LINE's main image).
    private func packFile(_ file: StoreLimits.PackFile, named name: String, store: Store, from path: String, animated: Bool) throws -> StoreArt.Made {
        let tidier = PackArt(decoder: decoder, options: options, grid: .regular)
        var tidied = try tidier.tidy(try files.read(path))
        if animated, tidied.frames.count > 1, let kind = file.animated {
            let format = store.recipe?.animatedFormats.first { kind.formats.contains($0) } ?? .apng
            return try StoreArt(decoder: decoder, options: options).make(tidied, kind: kind, format: format, store: store.name)
        }
        tidied.frames = [tidied.frames[0]]
        var kind = file.image
        kind.frames = nil
        return try StoreArt(decoder: decoder, options: options).make(
            tidied, kind: kind, format: store.recipe?.format(of: file, named: name) ?? .png, store: store.name)
    }

    /// A pack file of a video set (Telegram's thumbnail) made a video sticker of its own `kind` from a
    /// piece of animated art.
    private func videoPackFile(_ kind: StoreLimits.Kind, store: Store, from path: String) throws -> StoreArt.Made {
        guard VP9.isAvailable else { throw VP9.Failure.unavailable }
        let tidied = try PackArt(decoder: decoder, options: options, grid: .regular).tidy(try files.read(path))
        guard tidied.frames.count > 1 else { throw PackArt.Failure.cannotFit("a still") }
        return try StoreArt(decoder: decoder, options: options).video(tidied, kind: kind, store: store.name)
    }

    /// The most stickers of `available` a pack may hold, if any count the store takes is reached.
    static func largestAllowed(_ count: StoreLimits.Count, atMost available: Int) -> Int? {
        switch count {
        case .range(let range): available < range.lowerBound ? nil : min(available, range.upperBound)
        case .oneOf(let counts): counts.filter { $0 <= available }.max()
        }
    }

    /// The pack's name when none is given: the first art's folder.
    static func defaultName(_ art: [Packer.Art]) -> String {
        let folder = art.first.map { PathText.lastComponent(PathText.parent($0.path)) } ?? ""
        return folder.isEmpty || folder == "." || folder == "/" ? "Stickers" : folder
    }

    /// A pack's identifier from a name: letters, digits, `_`, `-` and `.` (safe as a folder name and in
    /// every store's sidecar), the rest `_`.
    /// A pack's name made a file name in the store's folder (LINE's NAME.zip): "/", "\\" and control
    /// characters become "_", and so does a leading dot (a store's pack name may hold any of them; a file
    /// name must stay in its folder and in sight), then shortened to fit a file name.
    static func archiveStem(_ name: String) -> String {
        var text = String(name.map { $0 == "/" || $0 == "\\" || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } ? "_" : $0 })
        if text.hasPrefix(".") { text = "_" + text.dropFirst() }
        return PackNaming.folderStem(text.isEmpty ? "Stickers" : text)
    }

    static func identifier(_ name: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")
        // A dot after a dot becomes `_`: no run of dots is left ("Cat...Pack" → "Cat._.Pack"), which WhatsApp's
        // StickerPackValidator refuses in an identifier and no store's folder should hold.
        var text = ""
        for character in name.prefix(128) {
            text.append(!allowed.contains(character) || (character == "." && text.last == ".") ? "_" : character)
        }
        return text.isEmpty ? "stickers" : text
    }

    /// A file's stem, safe as a file name on every store's upload: no leading dot, and no ".." (WhatsApp's
    /// Android app refuses an image_file holding one: ContentFileParser.java L195): each run of dots is
    /// one, and none ends the stem ("wide..png" is "wide.webp", never "wide..webp").
    static func fileStem(_ path: String) -> String {
        var stem = PathText.stem(path)
        while stem.contains("..") { stem = stem.replacing("..", with: ".") }
        while stem.hasSuffix(".") { stem.removeLast() }
        return stem.isEmpty || stem.hasPrefix(".") ? "sticker" + stem : stem
    }
}
