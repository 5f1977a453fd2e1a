import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint

/// `stickerlint fix`: checks the paths, applies every safe fix, writes each changed file atomically,
/// and checks again (SPEC §9).
///
/// What it fixes today, losslessly: every PNG and APNG is re-encoded as small as it can be without
/// changing a pixel, a frame, a delay or the loop count (`PNGOptimizer`), and written only when smaller.
/// A second run finds nothing to change.
public struct Fixer: Sendable {
    public var configuration: Configuration
    public var files: any FileSystem
    public var jobs: Int
    public var limits: DecodeLimits
    /// `--lossy`: fit stickers over `sizeLimit` bytes under it, no worse than `minPSNR` dB.
    public var lossy = false
    public var minPSNR = 45.0
    /// The size a lossy fix aims under: the documented 500 KB (500,000 bytes).
    public var sizeLimit = StickerLimits.documentedBytes
    /// Catalog fixes that go beyond the lossless default, each asked for by its flag.
    public var addUnreferenced = false
    public var removeMissing = false
    public var convertGIF = false
    public var generateIcons = false
    /// `--icon-background`: RGB that App Store icons with alpha are flattened onto (`Fixer.colour(_:)`).
    public var iconBackground: [UInt8]?
    /// `--resize-to-grid`: stickers larger than their pack's grid (or than 618 px) resampled down to it.
    public var resizeToGrid = false
    /// With `lossy`: animations that cannot fit otherwise drop every other frame (delays merged).
    public var allowFrameDrop = false
    /// Keep text, time, pHYs and eXIf chunks of re-encoded PNGs (`--keep-metadata`); colour chunks are always kept.
    public var keepMetadata = false
    /// `--effort`: how hard the lossless re-encoding tries.
    public var effort = PNGOptimizer.Effort.default

    /// `--icon-background` values: white, black, #RRGGBB or #RGB.
    public static func colour(_ text: String) -> [UInt8]? { CatalogFixer.colour(text) }

    public init(configuration: Configuration = Configuration(), files: any FileSystem = DiskFileSystem(), jobs: Int = Linter.defaultJobs,
                limits: DecodeLimits = .default) {
        self.configuration = configuration
        self.files = files
        self.jobs = max(1, jobs)
        self.limits = limits
    }

    /// What `fix` does to one file.
    public struct FileFix: Sendable, Hashable {
        public var path: String
        public var bytesBefore: Int
        /// Equal to `bytesBefore` when the file is left alone.
        public var bytesAfter: Int
        /// What changed ("RGBA 8-bit → palette 8-bit"), empty when nothing did.
        public var changes: [String]
        /// Why it was left alone, when it was.
        public var kept: String?
        /// Why writing it failed, when it did (the file is as it was).
        public var failure: String?
        /// The quality kept by a lossy change (PSNR of premultiplied RGBA, dB), when one was made.
        public var psnr: Double? = nil

        public var isChanged: Bool { !changes.isEmpty && failure == nil }
    }

    /// A fix run: per file, and the findings before and after.
    public struct Report: Sendable {
        public var files: [FileFix]
        public var before: LintResult
        /// The check after writing (for a dry run: the check before).
        public var after: LintResult
        public var dryRun: Bool

        /// Findings of `before` that `after` no longer has.
        public var fixed: [Diagnostic] { Array(Set(before.diagnostics).subtracting(after.diagnostics)).sorted() }
        public var bytesSaved: Int { files.reduce(0) { $0 + $1.bytesBefore - $1.bytesAfter } }
        /// Nothing left that a check fails on (errors, or warnings too with `strict`).
        public func passes(strict: Bool) -> Bool { !after.fails(strict: strict) }
    }

    /// Fixes `paths` in place (or, with `dryRun`, only plans it); `progress` gets (done, total).
    public func fix(_ paths: [String], dryRun: Bool, progress: (@Sendable (Int, Int) -> Void)? = nil) throws(ScanError) -> Report {
        let linter = Linter(configuration: configuration, jobs: jobs, files: files, limits: limits)
        let before = try linter.lint(paths)
        let files = self.files, decoder = ImageDecoder(limits: limits)
        let catalogFixes = fixCatalog(before, write: !dryRun)
        // Renamed and converted files are optimised under their new names.
        let current = !dryRun && catalogFixes.contains(where: \.isChanged) ? try linter.lint(paths) : before
        let targets = resizeTargets(current)
        let (candidates, leftAlone) = Self.writeTargets(current.files.filter {
            $0.format == .png || $0.format == .apng || $0.format == .gif || (lossy && $0.format == .jpeg) || targets[$0.path] != nil
        }.map(\.path), roots: paths, files: files)
        let fitting = lossy ? Fitting(limit: sizeLimit, minPSNR: minPSNR, allowFrameDrop: allowFrameDrop) : nil
        let fixes = Parallel.map(candidates.count, workers: jobs, progress: progress) { index in
            Self.fix(candidates[index], files: files, decoder: decoder, fitting: fitting, resizeTo: targets[candidates[index]],
                     keepMetadata: keepMetadata, effort: effort, write: !dryRun)
        }
        let all = catalogFixes + leftAlone + fixes
        let after = dryRun || !all.contains(where: \.isChanged) ? before : try linter.lint(paths)
        return Report(files: all, before: before, after: after, dryRun: dryRun)
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
            return FileFix(path: path, bytesBefore: size, bytesAfter: size, changes: [], kept: why, failure: nil)
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

    /// `--resize-to-grid`: the side each too-large sticker is resampled to: its pack's grid, or for a
    /// loose sticker the configured grid, else 618 px. Icons and message media are left alone.
    func resizeTargets(_ result: LintResult) -> [String: Int] {
        guard resizeToGrid else { return [:] }
        var side: [String: Int] = [:]
        for pack in result.packs {
            for entry in pack.entries { for image in entry.images { side[image.path] = pack.grid.pixels } }
        }
        let icons = Set(result.iconSets.flatMap(\.files).map(\.path))
        var targets: [String: Int] = [:]
        for file in result.files where !icons.contains(file.path) && file.profile == .sticker {
            let limit = side[file.path] ?? configuration.grid?.pixels ?? StickerLimits.pixelRange.upperBound
            if let w = file.width, let h = file.height, max(w, h) > limit { targets[file.path] = limit }
        }
        return targets
    }

    /// The catalog fixes (`CatalogFixer`) the findings of `before` call for, one FileFix per change.
    func fixCatalog(_ before: LintResult, write: Bool) -> [FileFix] {
        var catalog = CatalogFixer(files: files, decoder: ImageDecoder(limits: limits))
        catalog.addUnreferenced = addUnreferenced
        catalog.removeMissing = removeMissing
        catalog.convertGIF = convertGIF
        catalog.generateIcons = generateIcons
        catalog.iconBackground = iconBackground
        catalog.run(before, write: write)
        var out: [FileFix] = []
        for edit in catalog.edits {
            let size = edit.size
            out.append(FileFix(path: edit.path, bytesBefore: size, bytesAfter: size, changes: edit.changes, kept: edit.kept, failure: edit.failure))
        }
        return out
    }

    /// PNG and APNG through `PNGOptimizer`, animated GIF through `GIFOptimizer`.
    static func losslessly(_ bytes: [UInt8], decoder: ImageDecoder, keepMetadata: Bool = false,
                           effort: PNGOptimizer.Effort = .default) throws(PNGOptimizer.Skip) -> PNGOptimizer.Result {
        do {
            return try PNGOptimizer.optimize(bytes, decoder: decoder, keepMetadata: keepMetadata, effort: effort)
        } catch .notPNG {
            return try GIFOptimizer.optimize(bytes, decoder: decoder)
        }
    }

    /// Why a fitted file was not used.
    enum FitRefusal: Error, CustomStringConvertible {
        case profile
        case overWithColourChunks
        var description: String {
            switch self {
            case .profile: "its ICC profile is for another colour type than the fitted file's"
            case .overWithColourChunks: "with its colour chunks kept, the fitted file is over the limit"
            }
        }
    }

    /// What `--lossy` aims for.
    struct Fitting: Sendable {
        var limit: Int
        var minPSNR: Double
        var allowFrameDrop = false
    }

    /// One file: read; optimise losslessly; when still over the limit and `fitting`, fit it under with
    /// the least loss the floor allows; unless a dry run, write the result over it atomically.
    static func fix(_ path: String, files: any FileSystem, decoder: ImageDecoder, fitting: Fitting?, resizeTo: Int? = nil,
                    keepMetadata: Bool = false, effort: PNGOptimizer.Effort = .default, write: Bool) -> FileFix {
        let bytes: [UInt8]
        do {
            bytes = try files.read(path)
        } catch {
            return FileFix(path: path, bytesBefore: files.size(path) ?? 0, bytesAfter: files.size(path) ?? 0, changes: [],
                           kept: nil, failure: error.description)
        }
        var fix = FileFix(path: path, bytesBefore: bytes.count, bytesAfter: bytes.count, changes: [], kept: nil, failure: nil)
        // Resized first (asked for), then everything else works on the resized image.
        var source = bytes, resized: String?
        if let side = resizeTo, let image = try? decoder.decode(bytes), image.animationIssues.isEmpty, max(image.width, image.height) > side {
            let scale = Double(side) / Double(max(image.width, image.height))
            let w = max(1, Int((Double(image.width) * scale).rounded())), h = max(1, Int((Double(image.height) * scale).rounded()))
            let frames = image.frames.map {
                ImageFrame(pixels: Resampler.resize($0.pixels, width: image.width, height: image.height, to: w, h), delay: $0.delay)
            }
            if let encoded = try? FrameEncoder.encode(frames, width: w, height: h, like: image, source: bytes),
               let carried = PNGOptimizer.carryingColourChunks(from: bytes, into: encoded) {
                source = carried
                resized = "resized \(image.width)×\(image.height) → \(w)×\(h) (Lanczos3\(frames.count > 1 ? ", \(frames.count) frames" : ""))"
            }
        }
        var result = source
        do {
            let optimized = try Self.losslessly(source, decoder: decoder, keepMetadata: keepMetadata, effort: effort)
            result = optimized.bytes
            fix.changes = ["recompressed losslessly"] + optimized.changes
        } catch {
            if error != .alreadySmallest && error != .notPNG { fix.kept = error.description }
        }
        if let fitting, result.count >= fitting.limit, let image = try? decoder.decode(source), image.animationIssues.isEmpty {
            do {
                let fitted = try SizeFitter.fit(image, source: source, limit: fitting.limit, minPSNR: fitting.minPSNR,
                                                allowFrameDrop: fitting.allowFrameDrop)
                // The fitted file recompressed losslessly too, so that a second run finds nothing to change,
                // and shown in the source's colours (its colour chunks carried over).
                let recompressed = (try? PNGOptimizer.optimize(fitted.bytes, decoder: decoder).bytes) ?? fitted.bytes
                guard let carried = PNGOptimizer.carryingColourChunks(from: source, into: recompressed) else {
                    throw FitRefusal.profile
                }
                guard carried.count < fitting.limit else { throw FitRefusal.overWithColourChunks }
                result = carried
                fix.changes = ["lossy: \(fitted.method), PSNR \(PSNR.text(fitted.psnr)) dB"]
                fix.psnr = fitted.psnr
                fix.kept = nil
            } catch {
                fix.kept = "\(error)"
            }
        }
        if let resized { fix.changes = [resized] + fix.changes.filter { $0 != "recompressed losslessly" } }
        guard result.count < bytes.count || resized != nil else {
            fix.changes = []
            return fix
        }
        if write {
            do {
                // The file must still be what was read: a file changed meanwhile is left to the next run.
                guard (try? files.read(path)) == bytes else {
                    fix.kept = "changed while fix was running"
                    fix.changes = []
                    return fix
                }
                try files.write(result, to: path)
            } catch {
                fix.failure = error.description
                return fix
            }
        }
        fix.bytesAfter = result.count
        return fix
    }
}

extension Fixer {
    /// Why `--out` cannot be used.
    public enum MirrorError: Error, Sendable, CustomStringConvertible {
        case exists(String)
        case file(FileError)

        public var description: String {
            switch self {
            case .exists(let path): "\(path) already exists: give --out an empty or new folder"
            case .file(let error): error.description
            }
        }
    }

    /// `--out DIR`: copies each path (a file, or a folder with everything in it) into `folder` under its
    /// own name, so the fix runs on the copies and the originals are never opened for writing.
    /// Returns the copies' paths. Symbolic links are copied as links.
    public func mirror(_ paths: [String], into folder: String) throws(MirrorError) -> [String] {
        var copies: [String] = []
        do {
            try files.createFolder(folder)
            for path in paths.map(PathText.normalize) {
                let copy = PathText.join(folder, PathText.lastComponent(path == "." ? (files.realPath(".") ?? "stickers") : path))
                guard files.kind(copy) == .missing else { throw MirrorError.exists(copy) }
                try copyTree(path, to: copy)
                copies.append(copy)
            }
        } catch let error as MirrorError {
            throw error
        } catch let error as FileError {
            throw .file(error)
        } catch {
            throw .file(FileError(.write, path: folder, code: 0, reason: "\(error)"))
        }
        return copies
    }

    private func copyTree(_ source: String, to destination: String) throws(FileError) {
        switch files.kind(source) {
        case .directory:
            try files.createFolder(destination)
            for name in try files.listing(source).names { try copyTree(PathText.join(source, name), to: PathText.join(destination, name)) }
        case .symlink:
            if let target = files.linkTarget(source) { try files.createLink(destination, target: target) }
        case .file:
            try files.write(try files.read(source), to: destination, overwrite: false)
        case .other, .missing:
            return
        }
    }
}
