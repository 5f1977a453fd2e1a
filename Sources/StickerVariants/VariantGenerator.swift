import StickerCatalog
import StickerImage
import StickerLint
import StickerFiles

/// A variant size: @2x (two thirds of the @3x master) or @1x (one third).
package enum VariantScale: Int, Sendable, Hashable, CaseIterable {
    case x2 = 2
    case x1 = 1

    /// "@2x".
    package var suffix: String { "@\(rawValue)x" }

    /// Messages' 300–618 px @3x range, scaled: 200–412 px at @2x, 100–206 px at @1x.
    package var sideRange: ClosedRange<Int> {
        side(StickerLimits.pixelRange.lowerBound)...side(StickerLimits.pixelRange.upperBound)
    }

    /// The variant side for a master side: round(side · scale / 3).
    package func side(_ master: Int) -> Int { Resampler.scaled(master, rawValue, 3) }
}

/// One master and where its variants go.
package struct VariantPlan: Sendable, Hashable {
    package var source: String
    package var outputs: [VariantScale: String]
}

/// What happened to one variant file.
package struct VariantOutcome: Sendable, Hashable {
    package enum Status: Sendable, Hashable {
        case written
        /// The file existed and --force was not given; it was left alone.
        case exists
        case failed(String)
    }

    package var path: String
    package var scale: VariantScale
    package var width: Int
    package var height: Int
    package var frames: Int
    package var bytes: Int
    package var status: Status
    /// Where the variant falls outside its scaled limits, with check's severities.
    package var problems: [VariantProblem]
    /// What its encoding took that a reader should know: fitted under a limit its master is within,
    /// or more bytes than its master (and why).
    package var notes: [String] = []
}

/// A variant outside its scaled limits: the finding `check` would report on it, with the same rule's
/// severity, so that both commands agree.
package struct VariantProblem: Sendable, Hashable {
    package var rule: RuleID
    package var severity: Severity
    package var message: String
}

/// An input that gets no variants, and why.
package struct VariantSkip: Sendable, Hashable {
    package enum Reason: String, Sendable, Hashable, CaseIterable {
        /// Messages derives @2x and @1x from @3x stickers in catalogs; files there would be unassigned children.
        case inCatalog = "inside an asset catalog"
        /// iMessage App Icon images are not stickers.
        case icon = "an iMessage App Icon image"
        /// Already a @2x or @1x file.
        case variant = "already a @2x or @1x variant"
        /// Passed over by the folder walk (`TreeWalk`'s link policy): `detail` says why.
        case notWalked = "passed over by the walk"
    }

    package var path: String
    package var reason: Reason
    /// The walk's own words, for `notWalked` ("a symbolic link to a folder is not followed").
    package var detail: String? = nil

    /// What the report says of it.
    package var said: String { detail ?? reason.rawValue }
}

/// What `plan` found: the masters, and what it passed over.
package struct VariantPlanning: Sendable, Hashable {
    package var plans: [VariantPlan]
    package var skipped: [VariantSkip]
}

/// The result for one master.
package struct VariantReport: Sendable, Hashable {
    package var source: String
    package var outcomes: [VariantOutcome]
    /// Why no variant could be made (the master cannot be read or decoded).
    package var error: String?

    /// Whether the command fails for this master, by check's rule: an error (unreadable master, a failed
    /// write, a variant over an error limit), or with `strict` a warning too (a limit's warning case, an
    /// existing file left alone).
    package func fails(strict: Bool) -> Bool {
        if error != nil { return true }
        for outcome in outcomes {
            if case .failed = outcome.status { return true }
            if strict && outcome.status == .exists { return true }
            for problem in outcome.problems where problem.severity == .error || (strict && problem.severity == .warning) {
                return true
            }
        }
        return false
    }
}

/// Why planning failed (exit status 2).
package enum VariantError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Missing, a link to nothing, or neither a file nor a folder: `FileSystem.absence`'s words.
    case absent(String)
    case notAMaster(String, reason: String)
    case outputInCatalog(String)

    package var description: String {
        switch self {
        case .absent(let why): why
        case .notAMaster(let path, let reason): "\(path): \(reason)"
        case .outputInCatalog(let path):
            "--out \(path) is inside an asset catalog: Xcode would list every variant as an unassigned child; choose a folder outside it"
        }
    }
}

/// Makes @2x and @1x variants of @3x masters, in the master's format, never touching the master and
/// never replacing an existing file unless asked to.
package struct VariantGenerator: Sendable {
    package var outputFolder: String?
    package var force: Bool
    package var jobs: Int
    package var limits: DecodeLimits
    package var files: any FileSystem

    package static let extensions = ImageFormat.recognizedExtensions
    /// Variants must stay within this many bytes, like the masters (the `file-size` rule's limit).
    package static let byteLimit = StickerLimits.maxBytes

    package init(
        outputFolder: String? = nil, force: Bool = false, jobs: Int = Linter.defaultJobs,
        limits: DecodeLimits = .default, files: any FileSystem = DiskFileSystem()
    ) {
        self.outputFolder = outputFolder.map(PathText.normalize)
        self.force = force
        self.jobs = max(1, jobs)
        self.limits = limits
        self.files = files
    }

    /// The masters under `paths` (files given by name, image files found in folders), and what gets no variants: icons, files that are variants already,
    /// and (without `--out`) anything inside an asset catalog, where Messages makes @2x and @1x itself and
    /// Xcode would report every written file as an unassigned child. `--out` mirrors each folder
    /// argument's tree, and must lie outside any catalog.
    package func planning(_ paths: [String]) throws(VariantError) -> VariantPlanning {
        if let outputFolder, Self.isInCatalog(files.realPath(outputFolder) ?? outputFolder) {
            throw .outputInCatalog(outputFolder)
        }
        var planning = VariantPlanning(plans: [], skipped: [])
        for raw in paths {
            let path = PathText.normalize(raw)
            switch files.targetKind(path) {
            case .file:
                let name = PathText.lastComponent(path)
                if let reason = skipReason(path, name: name) {
                    planning.skipped.append(VariantSkip(path: path, reason: reason))
                    continue
                }
                guard let stem = Self.masterStem(name) else {
                    throw .notAMaster(raw, reason: "is not an @3x master (a .png, .gif, .jpg or .jpeg not named @2x or @1x)")
                }
                let folder = outputFolder ?? PathText.parent(path)
                planning.plans.append(plan(path, stem: stem, folder: folder))
            case .directory:
                if outputFolder == nil, Self.isInCatalog(files.realPath(path) ?? path) {
                    planning.skipped.append(VariantSkip(path: path, reason: .inCatalog))
                    continue
                }
                walk(path, into: &planning)
            default:
                throw .absent(files.absence(raw))
            }
        }
        var seen: Set<String> = []
        planning.plans = planning.plans.filter { seen.insert($0.source).inserted }
        return planning
    }

    /// Whether a path is, or lies inside, an asset catalog folder (`ContentsKind`'s table).
    static func isInCatalog(_ path: String) -> Bool {
        path.split(separator: "/").contains { ContentsKind(folder: String($0)) != nil }
    }

    /// Why an image file gets no variants, if it gets none.
    private func skipReason(_ path: String, name: String) -> VariantSkip.Reason? {
        if path.split(separator: "/").contains(where: { ContentsKind.iconSet.names(String($0)) }) { return .icon }
        if Self.extensions.contains(PathText.fileExtension(name)), Self.masterStem(name) == nil { return .variant }
        if outputFolder == nil, Self.isInCatalog(path) { return .inCatalog }
        return nil
    }

    /// The folder walk (`TreeWalk`, the one walk and link policy): folders walked (not linked ones, not
    /// icon sets, not catalogs without `--out`), images and links to images taken, the rest passed over and said.
    private func walk(_ folder: String, into planning: inout VariantPlanning) {
        var walker = TreeWalk(files: files)
        walker.wants = { Self.extensions.contains(PathText.fileExtension($0)) }
        // A walk with no stop never stops.
        try? walker.visit(folder) { event in
            switch event {
            case .folder(let found):
                let name = PathText.lastComponent(found.path)
                if ContentsKind.iconSet.names(name) {
                    planning.skipped.append(VariantSkip(path: found.path, reason: .icon))
                    return false
                }
                if outputFolder == nil, ContentsKind(folder: name) != nil {
                    planning.skipped.append(VariantSkip(path: found.path, reason: .inCatalog))
                    return false
                }
                return true
            case .file(let found):
                let name = PathText.lastComponent(found.path)
                if let reason = skipReason(found.path, name: name) {
                    planning.skipped.append(VariantSkip(path: found.path, reason: reason))
                } else if let stem = Self.masterStem(name) {
                    // The file's folder, or its mirror under --out.
                    let relative = found.relative.lastIndex(of: "/").map { String(found.relative[..<$0]) } ?? ""
                    let target = outputFolder.map { relative.isEmpty ? $0 : PathText.join($0, relative) } ?? PathText.parent(found.path)
                    planning.plans.append(plan(found.path, stem: stem, folder: target))
                }
            case .skipped(let passed):
                planning.skipped.append(VariantSkip(path: passed.path, reason: .notWalked, detail: passed.reason))
            }
            return false
        }
    }

    private func plan(_ path: String, stem: String, folder: String) -> VariantPlan {
        let ext = PathText.fileExtension(path)
        var outputs: [VariantScale: String] = [:]
        for scale in VariantScale.allCases {
            outputs[scale] = PathText.join(folder, "\(stem)\(scale.suffix).\(ext == "apng" ? "png" : ext)")
        }
        return VariantPlan(source: path, outputs: outputs)
    }

    /// "name" for "name.png" or "name@3x.png"; nil for variants and non-images.
    static func masterStem(_ name: String) -> String? {
        let ext = PathText.fileExtension(name)
        guard extensions.contains(ext) else { return nil }
        var stem = String(name.dropLast(ext.count + 1))
        if stem.hasSuffix("@2x") || stem.hasSuffix("@1x") || stem.isEmpty { return nil }
        if stem.hasSuffix("@3x") { stem.removeLast(3) }
        return stem.isEmpty ? nil : stem
    }

    /// Makes every planned variant, masters in parallel.
    package func run(_ plans: [VariantPlan], progress: (@Sendable (Int, Int) -> Void)? = nil) -> [VariantReport] {
        let generator = self
        return Parallel.map(plans.count, workers: jobs, progress: progress) { generator.make(plans[$0]) }
    }

    func make(_ plan: VariantPlan) -> VariantReport {
        let decoder = ImageDecoder(limits: limits)
        var report = VariantReport(source: plan.source, outcomes: [])
        let bytes: [UInt8]
        let image: DecodedImage
        do {
            bytes = try files.read(plan.source)
            image = try decoder.decode(bytes)
        } catch {
            report.error = "cannot be decoded: \(error)"
            return report
        }
        // Players show a damaged APNG's still default image: variants of that would hide the damage as stills.
        if let issue = image.animationIssues.first {
            report.error =
                "its animation is damaged (\(issue)); players show its still default image, so no variant is made "
                + "until the master is repaired [animation-structure]"
            return report
        }
        for scale in VariantScale.allCases {
            guard let path = plan.outputs[scale] else { continue }
            let width = scale.side(image.width), height = scale.side(image.height)
            var outcome = VariantOutcome(
                path: path, scale: scale, width: width, height: height,
                frames: image.frames.count, bytes: 0, status: .written, problems: [])
            do {
                let made = try VariantEncoder.encode(image, source: bytes, width: width, height: height, decoder: decoder)
                let encoded = made.bytes
                outcome.bytes = encoded.count
                outcome.notes = made.notes
                // The frames written (identical neighbours are merged, as fix merges them).
                outcome.frames = (try? decoder.probe(encoded).frameCount) ?? outcome.frames
                outcome.problems = Self.problems(width: width, height: height, bytes: encoded.count, scale: scale)
                try Folders.create(PathText.parent(path))
                do {
                    // A new variant is as private as its master (its mode less the umask, as cp gives a copy).
                    try files.write(encoded, to: path, overwrite: force, newModeOf: plan.source)
                } catch {
                    outcome.status = files.kind(path) != .missing && !force ? .exists : .failed("\(error)")
                }
            } catch {
                outcome.status = .failed("\(error)")
            }
            report.outcomes.append(outcome)
        }
        return report
    }

    /// The variant's size and bytes against its scaled limits, as the pixel-dimensions and file-size rules
    /// would report them, with their severities (file-size's warning case from 500,001 bytes).
    static func problems(width: Int, height: Int, bytes: Int, scale: VariantScale) -> [VariantProblem] {
        var problems: [VariantProblem] = []
        let range = scale.sideRange
        if !range.contains(width) || !range.contains(height) {
            problems.append(
                VariantProblem(
                    rule: .pixelDimensions, severity: severity(.pixelDimensions),
                    message: "\(width)×\(height) px is outside the \(range.lowerBound)–\(range.upperBound) px range of \(scale.suffix) stickers"))
        }
        if bytes > byteLimit {
            problems.append(
                VariantProblem(
                    rule: .fileSize, severity: severity(.fileSize),
                    message: "\(bytes.grouped) bytes is over the \(byteLimit.grouped)-byte limit"))
        } else if bytes > StickerLimits.documentedBytes {
            problems.append(
                VariantProblem(
                    rule: .fileSize, severity: severity(.fileSize, case: "near"),
                    message: "\(bytes.grouped) bytes is over the 500 KB (\(StickerLimits.documentedBytes.grouped) bytes) Messages documents"))
        }
        return problems
    }

    /// A rule's default severity for a case, from the registry `check` uses.
    static func severity(_ rule: RuleID, case caseID: String? = nil) -> Severity {
        RuleRegistry.rule(rule)?.description.defaultSeverity(case: caseID) ?? .error
    }
}
