import ArgumentParser
import StickerCatalog
import StickerImage
import StickerLint
import StickerReport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerFiles

/// `stickerlint check [PATH...]`: the main job.
struct Check: ParsableCommand {
    /// Shown at the end of `--help`.
    static let examples = [
        "stickerlint check Stickers.xcstickers",
        "stickerlint check --grid regular --format json -o report.json Art/",
        "stickerlint check --format github --report sarif:stickerlint.sarif --report html:report.html ."
    ]

    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check stickers and sticker catalogs (the default command).",
        discussion: """
            PATH may be an image, a folder (walked recursively), an asset catalog (.xcassets, .xcstickers), \
            a .stickerpack, a .sticker, a .stickersequence, or any file inside a catalog (its pack is \
            checked with it). Settings come from the nearest .stickerlint.yml in the current folder or its \
            parents, or from --config. A run that finds nothing to check exits 2 (a misspelt path must \
            not pass), unless --allow-empty is given or only files were named.
            """)

    @OptionGroup var lint: LintOptions

    @Option(
        help: ArgumentHelp(
            "Output format: \(ReporterRegistry.identifiers.joined(separator: ", ")).",
            discussion: OutputFormat.discussion, valueName: "format"),
        transform: OutputFormat.parse)
    var format: OutputFormat = OutputFormat(identifier: "text")

    @Option(name: [.short, .long], help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(
        name: .customLong("report"),
        help: ArgumentHelp(
            "Also write the report in FORMAT to PATH, from the same run (repeatable): CI shows "
                + "annotations with --format github and keeps a SARIF or HTML file without decoding any "
                + "image twice.", valueName: "format:path"),
        transform: ExtraReport.parse)
    var reports: [ExtraReport] = []

    @Option(
        help: ArgumentHelp(
            "Write this file (a Swift comment with the counts) once the check has run, whatever "
                + "it found: the output a build system's command needs (the build-tool plugin).",
            valueName: "file"))
    var stamp: String?

    @Flag(
        help: ArgumentHelp(
            "With --format json: carry the packs and each sticker's preview in the report, so that "
                + "stickerlint merge can join shard reports into HTML too."))
    var embedThumbnails = false

    func validate() throws {
        try lint.validate()
        let formats = [format.type] + reports.map(\.format.type)
        if embedThumbnails && !formats.contains(where: { $0.carriesPreviews }) {
            throw ValidationError("--embed-thumbnails goes with --format json or --report json:PATH (HTML embeds its previews anyway)")
        }
        let paths = reports.map(\.path) + (output.map { [$0] } ?? [])
        if let twice = Dictionary(grouping: paths, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw ValidationError("two reports would be written to \(twice)")
        }
    }

    func run() throws {
        let formats = [format.type] + reports.map(\.format.type)
        let result = try lint.run(thumbnails: formats.contains(where: { $0.showsPreviews }) || embedThumbnails)
        // The files first, standard output last: a reader that stops early (`| head`, SIGPIPE) takes only
        // its own copy away. Each is tried; any that failed is named and the run exits 2.
        var failures: [String] = []
        func attempt(_ write: () throws -> Void) {
            do { try write() } catch { failures.append("\(error)") }
        }
        if output != nil {
            attempt { try format.write(result, to: output, quiet: lint.quiet, embedPreviews: embedThumbnails) }
        }
        for report in reports {
            attempt {
                try report.format.write(
                    result, to: report.path, quiet: lint.quiet, embedPreviews: embedThumbnails && report.format.type.carriesPreviews)
            }
        }
        attempt {
            if let stamp {
                let counts = Dictionary(grouping: result.diagnostics, by: \.severity).mapValues(\.count)
                let line =
                    "// stickerlint check: \(result.files.count) files, \(counts[.error] ?? 0) errors, "
                    + "\(counts[.warning] ?? 0) warnings, \(counts[.note] ?? 0) notes\n"
                try AtomicFile.write(Array(line.utf8), to: stamp)
            }
            if let (variable, reporter) = format.type.summaryFile, let summary = Terminal.environment(variable), !summary.isEmpty {
                try Terminal.append(reporter.init(context: ReportContext()).render(result), to: summary)
            }
        }
        if output == nil {
            attempt { try format.write(result, to: nil, quiet: lint.quiet, embedPreviews: embedThumbnails) }
        }
        guard failures.isEmpty else {
            for failure in failures { Terminal.error(failure) }
            throw ExitCode(2)
        }
        try lint.exit(for: result)
    }
}

/// What `check` and `report` share: inputs, configuration, gates and the run itself.
struct LintOptions: ParsableArguments {
    @Argument(help: "Files and folders to check.", completion: .file())
    var paths: [String] = ["."]

    @Option(
        help: ArgumentHelp(
            "Grid for loose stickers: small, regular (or medium) or large; without one the grid-size "
                + "rule skips loose stickers.", valueName: "grid"),
        transform: GridSize.parse)
    var grid: GridSize?

    @Option(
        help: ArgumentHelp(
            "Check every loose image as this: sticker (the default), message-media (the image or media file of "
                + "an interactive message), or another store's sticker: \(Store.profileList) (that store's formats, "
                + "sizes and bytes; a folder named or walked is that store's pack, its "
                + Store.builtIn.flatMap { $0.limits.packFiles.map(\.name) }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                .joined(separator: ", ") + " named so). Overrides profile and "
                + "profiles in .stickerlint.yml.",
            valueName: "profile"),
        transform: Profile.parse)
    var profile: Profile?

    @Flag(
        help: ArgumentHelp(
            "Under a store's profile, take the files named in each folder as that folder's whole pack (pack-count, "
                + "mixed-animation, pack-manifest count them as named). Without it a file named alone is judged as a file, "
                + "and only folders are packs."))
    var asPack = false

    @Option(
        help: ArgumentHelp(
            "Check only part I of N of the batch (for CI matrices): whole packs and loose files are "
                + "split by a stable hash; join the parts' --format json reports with stickerlint merge.",
            valueName: "I/N"),
        transform: { text in
            guard let shard = Shard(text) else { throw ValidationError("--shard takes I/N with 1 ≤ I ≤ N, such as 2/4; got \"\(text)\"") }
            return shard
        })
    var shard: Shard?

    @Flag(help: "Exit 0 when no image is found (by default nothing to check is an error, exit 2).")
    var allowEmpty = false

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Option(help: "Fail (exit 1) when there are more than this many warnings.")
    var maxWarnings: Int?

    @Option(help: "Do not report findings recorded in this baseline file (see --write-baseline).")
    var baseline: String?

    @Option(help: "Record the current findings in this baseline file, to adopt stickerlint on an old pack.")
    var writeBaseline: String?

    @Option(help: "Configuration file (default: the nearest .stickerlint.yml).")
    var config: String?

    @Flag(help: "Inspect every file afresh: neither read nor write the cache of per-file facts.")
    var noCache = false

    @Option(
        help: ArgumentHelp(
            "Keep the cache of per-file facts in this folder (default: ~/Library/Caches/stickerlint on "
                + "macOS, $XDG_CACHE_HOME/stickerlint or ~/.cache/stickerlint elsewhere). An unchanged file "
                + "(same path, size, modification time and inode) is not decoded again.", valueName: "folder"))
    var cachePath: String?

    @OptionGroup var parallel: JobsOption

    @Flag(name: .shortAndLong, help: "Print the findings only: no summary line and no progress bar.")
    var quiet = false

    /// The pre-commit hook's list: a named `.json` file is taken only as a folder walk takes it (a Lottie
    /// sticker where its profile takes them; never another JSON file of the repository).
    @Flag(help: .hidden)
    var asWalked = false

    func validate() throws {
        if let maxWarnings, maxWarnings < 0 { throw ValidationError("--max-warnings must be 0 or more") }
    }

    /// Loads the configuration, lints (with previews of every sticker when `thumbnails`), and applies
    /// the baseline; problems that stop the run exit 2.
    func run(thumbnails: Bool = false) throws -> LintResult {
        var configuration = try Self.configuration(config)
        if let grid { configuration.grid = grid }
        if let profile { configuration.forcedProfile = profile }
        configuration.namedFilesArePacks = asPack
        var linter = Linter(
            configuration: configuration, jobs: parallel.count,
            thumbnailSide: thumbnails ? HTMLReporter.thumbnailSide : nil)
        linter.shard = shard
        linter.keepsUntilExit = true
        if !noCache, let folder = cachePath ?? FactCache.defaultFolder() {
            let kind = DiskFileSystem().targetKind(folder)
            if DiskFileSystem().kind(folder) == .symlink {
                // A link planted where the cache goes would have stickerlint write wherever it points.
                Terminal.note(
                    "the cache folder \(folder) is a symbolic link: not followed, every file is inspected afresh (give --cache-path the folder it names)"
                )
            } else if kind == .missing || kind == .directory {
                linter.cache = FactCache(folder: folder, identity: FactCache.identity(version: Tool.version, limits: linter.limits))
            } else {
                // Said once, on standard error: the run goes on, inspecting every file afresh.
                Terminal.note("the cache folder \(folder) is not a folder: every file is inspected afresh (give --cache-path another, or --no-cache)")
            }
        }
        var paths = paths
        if asWalked {
            let byProfile = FileKind.profileWalkedExtensions
            paths = paths.filter { path in
                !byProfile.contains(PathText.fileExtension(path))
                    || PathText.lastComponent(path).lowercased() == "contents.json" || configuration.walksByProfile(path)
            }
            if paths.isEmpty { return LintResult(files: [], diagnostics: []) }
        }
        do {
            let progress = quiet ? nil : ProgressBar.onStandardError(label: "checking")
            var result = try linter.lint(paths, progress: progress?.update)
            Trace.mark("result narrowed")
            progress?.finish()
            // Nothing checked is not a pass: a misspelt path in CI must not go green. Files named one by
            // one (a pre-commit hook's list, all of them excluded) may legitimately leave nothing.
            // A shard may hold nothing: the other parts have it.
            if result.files.isEmpty, result.diagnostics.isEmpty, !allowEmpty, shard == nil,
                !paths.allSatisfy({ DiskFileSystem().targetKind($0) == .file })
            {
                Terminal.error("no stickers found under \(paths.joined(separator: ", ")) (give --allow-empty if that is expected)")
                throw ExitCode(2)
            }
            if let writeBaseline {
                try AtomicFile.write(Array(Baseline(result, relativeTo: PathText.parent(writeBaseline)).serialized().utf8), to: writeBaseline)
            }
            if let baseline {
                result = try Baseline.load(baseline).filter(result)
            }
            return result
        } catch let error as ExitCode {
            throw error
        } catch {
            Terminal.error("\(error)" + Self.subcommandHint(error))
            throw ExitCode(2)
        }
    }

    /// The file given with --config, else the nearest .stickerlint.yml, else the defaults; a
    /// configuration that cannot be read stops the run (exit 2).
    static func configuration(_ config: String?) throws -> Configuration {
        do {
            if let config { return try Configuration.load(path: config) }
            if let found = Configuration.find(from: ".") { return try Configuration.load(path: found) }
            return Configuration()
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
    }

    /// For `stickerlint chek`: a missing path that is a near miss of a command names the command.
    static func subcommandHint(_ error: any Error) -> String {
        guard case ScanError.notFound(let path)? = error as? ScanError, !path.contains("/"), !path.contains(".") else { return "" }
        let commands = Stickerlint.configuration.subcommands.map { $0._commandName }
        return Suggestion.closest(to: path, among: commands).map { " (did you mean `stickerlint \($0)`?)" } ?? ""
    }

    /// Exit status 1 when the result fails the gates.
    func exit(for result: LintResult) throws {
        try Self.exit(for: result, strict: strict, maxWarnings: maxWarnings)
    }

    /// Exit 1 when errors remain, or warnings with --strict or over --max-warnings (check, report, merge).
    static func exit(for result: LintResult, strict: Bool, maxWarnings: Int?) throws {
        let tooManyWarnings = maxWarnings.map { result.warningCount > $0 } ?? false
        if result.fails(strict: strict) || tooManyWarnings { throw ExitCode(1) }
    }
}

/// A `--report FORMAT:PATH` value: another report of the same run, written to a file.
struct ExtraReport: Sendable {
    let format: OutputFormat
    let path: String

    /// `json:report.json`: the format before the first colon (no format has one), the path after it.
    static func parse(_ value: String) throws -> ExtraReport {
        guard let colon = value.firstIndex(of: ":") else {
            throw ValidationError("--report takes FORMAT:PATH, e.g. sarif:stickerlint.sarif (got \"\(value)\")")
        }
        let path = String(value[value.index(after: colon)...])
        guard !path.isEmpty else { throw ValidationError("--report \(value): no path after the colon") }
        return ExtraReport(format: try OutputFormat.parse(String(value[..<colon])), path: path)
    }
}

/// A `--format` value: one of the reporters in `ReporterRegistry`.
struct OutputFormat: Sendable {
    let type: any Reporter.Type

    /// Writes the report of a run, in the context of this terminal and folder (colour only on a
    /// terminal), to standard output or atomically to `output`, streamed where the format allows.
    func write(_ result: LintResult, to output: String?, quiet: Bool, embedPreviews: Bool = false) throws {
        let context = ReportContext(
            colored: output == nil && Terminal.colorsStandardOutput, quiet: quiet,
            workingDirectory: DiskFileSystem().realPath(".") ?? ".", timestamp: Terminal.timestamp(),
            embedPreviews: embedPreviews, editFlags: Fix.editFlags)
        try Terminal.emit(to: output) { out in try type.init(context: context).stream(result, to: out.text) }
    }

    init(identifier: String) {
        type = ReporterRegistry.reporter(identifier)!
    }

    /// `--format`: a reporter's identifier; a near miss is named.
    static func parse(_ value: String) throws -> OutputFormat {
        try parsedOption(value, "format", among: ReporterRegistry.identifiers, use: "one of \(ReporterRegistry.identifiers.joined(separator: ", "))")
        {
            ReporterRegistry.reporter($0) != nil ? OutputFormat(identifier: $0) : nil
        }
    }

    /// One line per format for `--help`.
    static let discussion: String = {
        let width = ReporterRegistry.identifiers.map(\.count).max() ?? 0
        return ReporterRegistry.all.map { $0.identifier.padded(to: width + 2) + $0.summary }
            .joined(separator: "\n")
    }()
}

/// An option's value read by `make`; one it does not take is a usage error that names a near miss
/// among `names` and says what to `use`.
func parsedOption<T>(_ value: String, _ what: String, among names: [String], use: String, _ make: (String) -> T?) throws -> T {
    guard let parsed = make(value) else {
        throw ValidationError("unknown \(what) \"\(value)\"\(Suggestion.didYouMean(value, among: names)); use \(use)")
    }
    return parsed
}

extension GridSize {
    /// `--grid`: Xcode's names or "medium"; a near miss is named.
    static func parse(_ value: String) throws -> GridSize {
        try parsedOption(value, "grid", among: GridSize.userValues, use: "small, regular (or medium) or large", GridSize.init(userValue:))
    }
}

extension Profile {
    /// `--profile`: one of `Profile.names`; a near miss is named.
    static func parse(_ value: String) throws -> Profile {
        try parsedOption(value, "profile", among: Profile.names, use: Profile.namesWording, Profile.init(rawValue:))
    }
}

/// `--jobs`, shared by the commands that work on many files.
struct JobsOption: ParsableArguments {
    // Unconditional: "--jobs -1" is a value to refuse with a reason, not a missing one.
    @Option(parsing: .unconditional, help: "Files processed in parallel (default: all cores). Results are the same for any value.")
    var jobs: Int?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    /// The number of workers to use.
    var count: Int { jobs ?? Linter.defaultJobs }
}
