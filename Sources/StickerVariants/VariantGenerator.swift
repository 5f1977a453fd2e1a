import StickerCatalog
import StickerImage
import StickerLint

/// A variant size: @2x (two thirds of the @3x master) or @1x (one third).
public enum VariantScale: Int, Sendable, Hashable, CaseIterable {
    case x2 = 2
    case x1 = 1

    /// "@2x".
    public var suffix: String { "@\(rawValue)x" }

    /// Messages' 300–618 px @3x range, scaled: 200–412 px at @2x, 100–206 px at @1x.
    public var sideRange: ClosedRange<Int> {
        side(StickerLimits.pixelRange.lowerBound)...side(StickerLimits.pixelRange.upperBound)
    }

    /// The variant side for a master side: round(side · scale / 3).
    public func side(_ master: Int) -> Int { Resampler.scaled(master, rawValue, 3) }
}

/// One master and where its variants go.
public struct VariantPlan: Sendable, Hashable {
    public var source: String
    public var outputs: [VariantScale: String]
}

/// What happened to one variant file.
public struct VariantOutcome: Sendable, Hashable {
    public enum Status: Sendable, Hashable {
        case written
        /// The file existed and --force was not given; it was left alone.
        case exists
        case failed(String)
    }

    public var path: String
    public var scale: VariantScale
    public var width: Int
    public var height: Int
    public var frames: Int
    public var bytes: Int
    public var status: Status
    /// Where the variant falls outside its scaled limits.
    public var problems: [String]
}

/// The result for one master.
public struct VariantReport: Sendable, Hashable {
    public var source: String
    public var outcomes: [VariantOutcome]
    /// Why no variant could be made (the master cannot be read or decoded).
    public var error: String?

    public var succeeded: Bool {
        error == nil && outcomes.allSatisfy { $0.status == .written && $0.problems.isEmpty }
    }
}

/// Why planning failed (exit status 2).
public enum VariantError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(String)
    case notAMaster(String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path): "no such file or folder: \(path)"
        case .notAMaster(let path, let reason): "\(path): \(reason)"
        }
    }
}

/// Makes @2x and @1x variants of @3x masters, in the master's format, never touching the master and
/// never replacing an existing file unless asked to.
public struct VariantGenerator: Sendable {
    public var outputFolder: String?
    public var force: Bool
    public var jobs: Int
    public var limits: DecodeLimits
    public var files: any FileReading

    public static let extensions = ImageFormat.recognizedExtensions
    /// Variants must stay within this many bytes, like the masters (the `file-size` rule's limit).
    public static let byteLimit = StickerLimits.maxBytes

    public init(outputFolder: String? = nil, force: Bool = false, jobs: Int = Linter.defaultJobs,
                limits: DecodeLimits = .default, files: any FileReading = DiskFileReader()) {
        self.outputFolder = outputFolder.map(PathText.normalize)
        self.force = force
        self.jobs = max(1, jobs)
        self.limits = limits
        self.files = files
    }

    /// The masters under `paths`: files given by name, and image files found in folders (except files
    /// that are variants already). `--out` mirrors each folder argument's tree.
    public func plan(_ paths: [String]) throws(VariantError) -> [VariantPlan] {
        var plans: [VariantPlan] = []
        for raw in paths {
            let path = PathText.normalize(raw)
            switch FileSystem.targetKind(path) {
            case .file:
                guard let stem = Self.masterStem(PathText.lastComponent(path)) else {
                    throw .notAMaster(raw, reason: "is not an @3x master (a .png, .gif, .jpg or .jpeg not named @2x or @1x)")
                }
                let folder = outputFolder ?? PathText.parent(path)
                plans.append(plan(path, stem: stem, folder: folder))
            case .directory:
                walk(path, relative: "", into: &plans)
            default:
                throw .notFound(raw)
            }
        }
        var seen: Set<String> = []
        return plans.filter { seen.insert($0.source).inserted }
    }

    private func walk(_ folder: String, relative: String, into plans: inout [VariantPlan]) {
        for name in FileSystem.list(folder) ?? [] where !name.hasPrefix(".") {
            let path = PathText.join(folder, name)
            switch FileSystem.kind(path) {
            case .directory:
                walk(path, relative: relative.isEmpty ? name : relative + "/" + name, into: &plans)
            case .file:
                guard let stem = Self.masterStem(name) else { continue }
                let target = outputFolder.map { relative.isEmpty ? $0 : PathText.join($0, relative) } ?? folder
                plans.append(plan(path, stem: stem, folder: target))
            default:
                break
            }
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
    public func run(_ plans: [VariantPlan], progress: (@Sendable (Int, Int) -> Void)? = nil) -> [VariantReport] {
        let generator = self
        return Parallel.map(plans.count, workers: jobs, progress: progress) { generator.make(plans[$0]) }
    }

    func make(_ plan: VariantPlan) -> VariantReport {
        var report = VariantReport(source: plan.source, outcomes: [])
        let bytes: [UInt8]
        let image: DecodedImage
        do {
            bytes = try files.readAll(plan.source)
            image = try ImageDecoder(limits: limits).decode(bytes)
        } catch {
            report.error = "cannot be decoded: \(error)"
            return report
        }
        for scale in VariantScale.allCases {
            guard let path = plan.outputs[scale] else { continue }
            let width = scale.side(image.width), height = scale.side(image.height)
            var outcome = VariantOutcome(path: path, scale: scale, width: width, height: height,
                                         frames: image.frames.count, bytes: 0, status: .written, problems: [])
            do {
                let frames = image.frames.map {
                    ImageFrame(pixels: Resampler.resize($0.pixels, width: image.width, height: image.height, to: width, height),
                               delay: $0.delay)
                }
                let encoded = try FrameEncoder.encode(frames, width: width, height: height, like: image, source: bytes)
                outcome.bytes = encoded.count
                outcome.problems = Self.problems(width: width, height: height, bytes: encoded.count, scale: scale)
                try Folders.create(PathText.parent(path))
                do {
                    try AtomicFile.write(encoded, to: path, overwrite: force)
                } catch {
                    outcome.status = FileSystem.kind(path) != .missing && !force ? .exists : .failed(error.description)
                }
            } catch {
                outcome.status = .failed("\(error)")
            }
            report.outcomes.append(outcome)
        }
        return report
    }

    /// The variant's size and bytes against its scaled limits.
    static func problems(width: Int, height: Int, bytes: Int, scale: VariantScale) -> [String] {
        var problems: [String] = []
        let range = scale.sideRange
        if !range.contains(width) || !range.contains(height) {
            problems.append("\(width)×\(height) px is outside the \(range.lowerBound)–\(range.upperBound) px range of \(scale.suffix) stickers")
        }
        if bytes > byteLimit {
            problems.append("\(bytes.grouped) bytes is over the \(byteLimit.grouped)-byte limit")
        }
        return problems
    }
}
