import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint

/// `stickerlint fix`: checks the paths once, plans the edits their findings call for, applies them
/// (each file atomically), and checks again, inspecting only what changed (README, "Fixing").
///
/// Edits come from the rules (`CorrectableRule`): each finding carries the kinds of edit that resolve
/// it, and `FixOptions` says which are made: safe ones always, unsafe ones by their flag. Besides what
/// findings ask for, every PNG, APNG and GIF is re-encoded as small as it can be without changing a
/// pixel, a frame, a delay or the loop count, and written only when smaller. A second run finds nothing
/// to change.
package struct Fixer: Sendable {
    package var configuration: Configuration
    package var files: any FileSystem
    package var jobs: Int
    package var limits: DecodeLimits
    package var options: FixOptions
    /// Asked between steps (the CLI answers SIGINT and SIGTERM this way): true rolls back the catalog's
    /// renames and conversions whose Contents.json is not yet written, and starts no further image.
    package var interrupted: @Sendable () -> Bool = { false }

    package init(
        configuration: Configuration = Configuration(), files: any FileSystem = DiskFileSystem(), jobs: Int = Linter.defaultJobs,
        limits: DecodeLimits = .default, options: FixOptions = FixOptions()
    ) {
        self.configuration = configuration
        self.files = files
        self.jobs = max(1, jobs)
        self.limits = limits
        self.options = options
    }

    /// What `fix` does to one file.
    package struct FileFix: Sendable, Hashable {
        package var path: String
        /// The edit made (or planned, or refused); nil when the file is left alone.
        package var kind: EditKind?
        /// The rule whose finding at this path the edit answers, when one does.
        package var rule: RuleID?
        package var bytesBefore: Int
        /// Equal to `bytesBefore` when the file is left alone.
        package var bytesAfter: Int
        /// What changed ("RGBA 8-bit → palette 8-bit"), empty when nothing did.
        package var changes: [String]
        /// Why it was left alone, when it was.
        package var kept: String?
        /// Why writing it failed, when it did (the file is as it was).
        package var failure: String?
        /// The quality kept by a lossy change (PSNR of premultiplied RGBA, dB), when one was made.
        package var psnr: Double? = nil
        /// Where the finding it answers is reported, when not at `path` (a sticker folder removed for
        /// its missing image, an icon made for its set).
        var answers: String? = nil

        package init(
            path: String, kind: EditKind? = nil, bytesBefore: Int, bytesAfter: Int, changes: [String] = [], kept: String? = nil,
            failure: String? = nil
        ) {
            self.path = path
            self.kind = kind
            self.bytesBefore = bytesBefore
            self.bytesAfter = bytesAfter
            self.changes = changes
            self.kept = kept
            self.failure = failure
        }

        package var isChanged: Bool { !changes.isEmpty && failure == nil }
    }

    /// A fix run: per file, and the findings before and after.
    package struct Report: Sendable {
        package var files: [FileFix]
        package var before: LintResult
        /// The check after writing (for a dry run: the check before).
        package var after: LintResult
        package var dryRun: Bool
        /// The options the run had, to say what was held back.
        package var options: FixOptions
        /// Files renamed (a JPEG named .png made .jpg, a GIF converted to .png), old path → new (in a dry
        /// run, what would be: the check after is the check before, under the old names).
        package var renamed: [String: String] = [:]

        /// Findings of `before` that `after` no longer has, matched by rule and path, not by wording: a
        /// finding whose numbers changed (a file still over the limit, by less) is neither fixed nor new.
        /// Within one rule and path the exact wordings are matched first; what `before` has more of is fixed.
        /// A finding of a renamed file is matched at its new name: one still there after the rename
        /// (a JPEG's size, renamed to .jpg) is neither fixed nor new.
        package var fixed: [Diagnostic] { Self.fixed(before: before.diagnostics, after: after.diagnostics, renamed: dryRun ? [:] : renamed) }

        static func fixed(before: [Diagnostic], after: [Diagnostic], renamed: [String: String] = [:]) -> [Diagnostic] {
            struct Key: Hashable {
                var rule: RuleID
                var path: ByteKey
            }
            var remaining: [Key: [Diagnostic]] = [:]
            for d in after { remaining[Key(rule: d.rule, path: ByteKey(d.path)), default: []].append(d) }
            var groups: [Key: [Diagnostic]] = [:]
            for d in before { groups[Key(rule: d.rule, path: ByteKey(renamed[d.path] ?? d.path)), default: []].append(d) }
            var out: [Diagnostic] = []
            for (key, list) in groups {
                var later = remaining[key] ?? []
                var unmatched: [Diagnostic] = []
                for d in list {
                    var moved = d
                    moved.path = renamed[d.path] ?? d.path
                    if let index = later.firstIndex(of: moved) { later.remove(at: index) } else { unmatched.append(d) }
                }
                // Reworded ones pair with what is left after; the rest are gone.
                out += unmatched.sorted().dropFirst(min(unmatched.count, later.count))
            }
            return out.sorted()
        }
        package var bytesSaved: Int { files.reduce(0) { $0 + $1.bytesBefore - $1.bytesAfter } }
        /// The files the run looked at, each once: a converted or renamed file's catalog edit and its
        /// image step are one file.
        package var fileCount: Int { Set(files.map { ByteKey(renamed[$0.path] ?? $0.path) }).count }
        /// Nothing left that a check fails on (errors, or warnings too with `strict`).
        package func passes(strict: Bool) -> Bool { !after.fails(strict: strict) }

        /// The report with every path, and every path in a message, rewritten by `move` (copies fixed in a
        /// staging folder, named where they are put).
        func relocated(_ move: (String) -> String) -> Report {
            func moved(_ result: LintResult) -> LintResult {
                var result = result
                for index in result.files.indices { result.files[index].path = move(result.files[index].path) }
                for index in result.diagnostics.indices {
                    result.diagnostics[index].path = move(result.diagnostics[index].path)
                    result.diagnostics[index].message = move(result.diagnostics[index].message)
                    for (at, replacement) in (result.diagnostics[index].textFix?.replacements ?? []).enumerated() {
                        result.diagnostics[index].textFix?.replacements[at].path = move(replacement.path)
                    }
                }
                result.files.sort { PathOrder.less($0.path, $1.path) }
                result.diagnostics.sort()
                return result
            }
            var report = self
            for index in report.files.indices {
                report.files[index].path = move(report.files[index].path)
                report.files[index].answers = report.files[index].answers.map(move)
                report.files[index].changes = report.files[index].changes.map(move)
                report.files[index].kept = report.files[index].kept.map(move)
                report.files[index].failure = report.files[index].failure.map(move)
            }
            report.before = moved(before)
            report.after = moved(after)
            report.renamed = Dictionary(renamed.map { (move($0.key), move($0.value)) }) { a, _ in a }
            return report
        }

        /// Findings left that an unsafe edit not allowed could fix, by the flag that allows it (ruff's
        /// "N hidden fixes can be enabled with --unsafe-fixes").
        package var heldBack: [(flag: String, count: Int)] {
            var counts: [String: Int] = [:]
            let sizes = Dictionary(after.files.map { (ByteKey($0.path), $0) }) { a, _ in a }
            for d in after.diagnostics {
                guard let kind = d.fixes.first(where: { !options.allows($0) }), var flag = options.flags[kind] else { continue }
                let file = sizes[ByteKey(d.path)]
                // Only what the flag will do: a resize that no legal size holds (too long and thin) is not counted.
                if kind == .resize, let w = file?.width, let h = file?.height, !ImageFixer.someSizeHolds(w, h) {
                    continue
                }
                // A GIF is fitted under the limit only by dropping frames: the hint names both flags.
                if kind == .fit, file?.format == .gif, !options.allowFrameDrop, let also = options.flags.allowFrameDrop { flag += " " + also }
                counts[flag, default: 0] += 1
            }
            return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
        }
    }

    /// Fixes `paths` in place (or, with `dryRun`, only plans it); `progress` gets (done, total).
    package func fix(_ paths: [String], dryRun: Bool, progress: (@Sendable (Int, Int) -> Void)? = nil) throws(ScanError) -> Report {
        var linter = Linter(configuration: configuration, jobs: jobs, files: files, limits: limits)
        linter.memo = FactMemo()
        let before = try linter.lint(paths)
        let decoder = ImageDecoder(limits: limits)
        // Catalog edits first (renames, conversions, references, icons); then every image under the
        // name it has now.
        var catalog = CatalogFixer(files: files, decoder: decoder, options: options)
        catalog.interrupted = interrupted
        catalog.run(before, write: !dryRun)
        let plan = imagePlan(before, renamed: catalog.renamed, added: catalog.added)
        let (targets, leftAlone) = Self.writeTargets(plan.map(\.path), roots: paths, files: files)
        let edits = Dictionary(plan.map { ($0.path, $0) }) { a, _ in a }
        let images = ImageFixer(files: files, decoder: decoder, options: options, write: !dryRun)
        let interrupted = self.interrupted
        let fixes = Parallel.map(targets.count, workers: jobs, progress: progress) { index in
            // Interrupted: no image more is started (each one in progress is replaced whole, or not at all).
            interrupted()
                ? FileFix(path: targets[index], bytesBefore: 0, bytesAfter: 0, kept: "interrupted: left as it was")
                : images.fix(edits[targets[index]] ?? ImageEdit(path: targets[index]))
        }
        let all = catalog.edits.map(\.fileFix) + leftAlone + fixes
        // Only the files written are inspected again (the memo holds the others' facts).
        // A file named as an argument and renamed (sticker.webp made sticker.png) is checked under its new name.
        let after = dryRun || !all.contains(where: \.isChanged) ? before : try linter.lint(paths.map { catalog.renamed[$0] ?? $0 })
        return Report(
            files: Self.attributed(all, before: before, renamed: catalog.renamed), before: before, after: after,
            dryRun: dryRun, options: options, renamed: catalog.renamed)
    }

    /// What each image gets: re-encoded without loss (PNG, APNG, GIF), and when allowed resized to its
    /// grid (`.resize` on a finding) or fitted under the limit (`.fit`). Paths as they are after the
    /// catalog edits; a GIF converted to APNG is already as small as it gets.
    func imagePlan(_ result: LintResult, renamed: [String: String], added: [String] = []) -> [ImageEdit] {
        let converted = Set(renamed.filter { PathText.fileExtension($0.key) == "gif" && PathText.fileExtension($0.value) == "png" }.keys)
        var byPath: [String: ImageEdit] = [:]
        // Images the check did not list: those of stickers just added to their pack.
        for path in added { byPath[path] = ImageEdit(path: path) }
        for file in result.files where !converted.contains(file.path) {
            let recompress = file.format == .png || file.format == .apng || file.format == .gif
            // Another store's file gets only the lossless re-encoding: its limits are not Messages' 500 KB.
            let fit = options.allows(.fit) && file.format != nil && file.profile.ofStore == nil
            guard recompress || fit else { continue }
            let path = renamed[file.path] ?? file.path
            byPath[path] = ImageEdit(
                path: path,
                fit: fit
                    ? Fitting(
                        limit: options.sizeLimit, minPSNR: options.minPSNR,
                        allowFrameDrop: options.allowFrameDrop) : nil)
        }
        if options.allows(.resize) {
            let sides = resizeSides(result)
            for d in result.diagnostics where d.fixes.contains(.resize) {
                guard let side = sides[d.path] else { continue }
                let path = renamed[d.path] ?? d.path
                byPath[path, default: ImageEdit(path: path)].resizeTo = side
            }
        }
        return byPath.values.sorted { PathOrder.less($0.path, $1.path) }
    }

    /// The side each sticker is resampled to: its pack's grid, or for a loose sticker the configured
    /// grid, else 618 px.
    func resizeSides(_ result: LintResult) -> [String: Int] {
        var side: [String: Int] = [:]
        for pack in result.packs {
            for entry in pack.entries { for image in entry.images { side[image.path] = pack.grid.pixels } }
        }
        var sides: [String: Int] = [:]
        for file in result.files where file.profile == .sticker {
            let limit = side[file.path] ?? configuration.grid?.pixels ?? StickerLimits.pixelRange.upperBound
            if let w = file.width, let h = file.height, max(w, h) > limit { sides[file.path] = limit }
        }
        return sides
    }

    /// Each change with the rule whose finding (at the file's path before the run) lists its kind.
    static func attributed(_ fixes: [FileFix], before: LintResult, renamed: [String: String]) -> [FileFix] {
        let original = Dictionary(renamed.map { ($0.value, $0.key) }) { a, _ in a }
        var findings: [String: [Diagnostic]] = [:]
        for d in before.diagnostics { findings[d.path, default: []].append(d) }
        return fixes.map { fix in
            var fix = fix
            guard let kind = fix.kind else { return fix }
            let at = findings[fix.answers ?? fix.path] ?? findings[original[fix.path] ?? ""] ?? []
            fix.rule = at.first { $0.fixes.contains(kind) }?.rule
            return fix
        }
    }

    /// The files `fix` may rewrite, and those it leaves alone with why. A symbolic link is never replaced:
    /// one whose target lies inside the paths being fixed is fixed through its target, once (files are
    /// told apart by device and inode, so a file reached by two names is rewritten once); one that leads
    /// out is left alone. A read-only file and one with several hard links are left alone too
    /// (`ReplaceRefusal`): a new file under one name would leave the others showing the old bytes.
    static func writeTargets(_ paths: [String], roots: [String], files: any FileSystem) -> (targets: [String], left: [FileFix]) {
        let realRoots = roots.compactMap { files.realPath($0) }
        func leave(_ path: String, _ why: String) -> FileFix {
            let size = files.size(path) ?? 0
            return FileFix(path: path, bytesBefore: size, bytesAfter: size, kept: why)
        }
        var targets: [String] = [], left: [FileFix] = [], seen: Set<[UInt64]> = []
        // Files under their own names first, so that a link to one of them adds nothing.
        let links = Set(paths.filter { files.kind($0) == .symlink })
        let ordered = paths.filter { !links.contains($0) } + paths.filter { links.contains($0) }
        for path in ordered {
            var target = path
            if links.contains(path) {
                guard let real = files.realPath(path), realRoots.contains(where: { real == $0 || real.hasPrefix($0 + "/") }) else {
                    left.append(leave(path, "a symbolic link leading out of the paths being fixed: left as it is"))
                    continue
                }
                target = real
            }
            guard let status = files.status(target), seen.insert([status.device, status.inode]).inserted else { continue }
            if let refusal = files.replaceRefusal(target) {
                left.append(leave(path, refusal.description))
                continue
            }
            targets.append(target)
        }
        return (targets, left)
    }
}

extension Fixer {
    /// Why `--out` cannot be used.
    package enum MirrorError: Error, Sendable, CustomStringConvertible {
        case exists(String)
        /// `--out` inside a path to fix, or a path inside `--out`: the copy would copy itself.
        case overlaps(path: String, out: String)
        case file(FileError)
        /// The copies could not be checked (their catalogs could not be read).
        case scan(ScanError)

        package var description: String {
            switch self {
            case .exists(let path): "\(path) already exists: give --out an empty or new folder"
            case .overlaps(let path, let out):
                "--out \(out) and \(path) overlap (one is inside the other): give --out a folder outside the paths to fix"
            case .file(let error): error.description
            case .scan(let error): error.description
            }
        }
    }

    /// `--out DIR`: each path (a file, or a folder with everything in it) copied into a staging folder
    /// inside `folder` (`StagedOutput`), fixed and checked there, and only then put in place as
    /// `folder/NAME` under its own name: the originals are never opened for writing, and a run that
    /// fails, is interrupted or is killed leaves no half-fixed copy (the next run removes what a killed
    /// one left). The report names the copies where they are put. Symbolic links are copied as links;
    /// files and folders keep their originals' modes, owners (where the process may) and extended attributes.
    package func fixCopies(
        _ paths: [String], into folder: String, pid: Int32, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws(MirrorError) -> Report {
        let outside = files.resolved(folder)
        for path in paths {
            let inside = files.resolved(path)
            if PathText.isWithin(outside, inside) || PathText.isWithin(inside, outside) { throw .overlaps(path: path, out: folder) }
        }
        var stages: [(staged: StagedOutput, copy: String)] = []
        defer { for stage in stages { stage.staged.discard() } }
        var report: Report
        var folders: [(source: String, copy: String)] = []
        do {
            try files.createFolder(folder)
            for path in paths.map(PathText.normalize) {
                let name = PathText.lastComponent(path == "." ? (files.realPath(".") ?? "stickers") : path)
                let final = PathText.join(folder, name)
                guard files.kind(final) == .missing, !stages.contains(where: { $0.staged.output == final }) else { throw MirrorError.exists(final) }
                let staged = try StagedOutput(for: final, pid: pid, files: files)
                let copy = PathText.join(staged.root, name)
                stages.append((staged, copy))
                try copyTree(path, to: copy, folders: &folders)
            }
            report = try fix(stages.map(\.copy), dryRun: false, progress: progress)
            // A folder's own mode last (deepest first), once nothing more is written in it.
            for folder in folders.reversed() { try files.copyMetadata(from: folder.source, to: folder.copy) }
            let moves = stages.map { (from: $0.copy, to: $0.staged.output) }
            report = report.relocated { text in moves.reduce(text) { $0.replacing($1.from, with: $1.to) } }
            // Interrupted: nothing is put in place (the copies were fixed only in part).
            guard !interrupted() else { return report }
            for stage in stages { try stage.staged.place(stage.copy) }
        } catch let error as MirrorError {
            throw error
        } catch let error as FileError {
            throw .file(error)
        } catch let error as ScanError {
            throw .scan(error)
        } catch {
            throw .file(FileError(.write, path: folder, code: 0, reason: "\(error)"))
        }
        return report
    }

    /// Copies a file or a tree: links as links, each file with its original's mode, owner and extended
    /// attributes (a read-only original stays read-only, and is left as fix leaves it in place); the
    /// folders are listed in `folders` to be given theirs once fixing is done.
    private func copyTree(_ source: String, to destination: String, folders: inout [(source: String, copy: String)]) throws(FileError) {
        switch files.kind(source) {
        case .directory:
            try files.createFolder(destination)
            folders.append((source, destination))
            for name in try files.listing(source).names {
                try copyTree(PathText.join(source, name), to: PathText.join(destination, name), folders: &folders)
            }
        case .symlink:
            if let target = files.linkTarget(source) { try files.createLink(destination, target: target) }
        case .file:
            try files.write(try files.read(source), to: destination, overwrite: false)
            try files.copyMetadata(from: source, to: destination)
        case .other, .missing:
            return
        }
    }
}
