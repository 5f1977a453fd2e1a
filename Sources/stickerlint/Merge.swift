import ArgumentParser
import StickerFiles
import StickerLint
import StickerReport

/// `stickerlint merge REPORT.json...`: joins the JSON reports of `check --shard I/N` runs into one report.
struct Merge: ParsableCommand {
    /// Shown at the end of `--help`.
    static let examples = [
        "stickerlint merge shard-1.json shard-2.json shard-3.json shard-4.json",
        "stickerlint merge --format sarif -o stickerlint.sarif shards/*.json"
    ]

    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the JSON reports of sharded runs (check --shard I/N --format json) into one report.",
        discussion: """
            The result is the report an unsharded run gives: files and findings in the same order, byte for \
            byte in JSON. Exits as check would on the joined findings (--strict and --max-warnings apply). \
            HTML needs the packs and the stickers' previews: write the shard reports with check --format json \
            --embed-thumbnails, and the merge can write HTML (and JSON that carries them too).
            """)

    @Argument(help: "JSON reports written by check --format json.", completion: .file(extensions: ["json"]))
    var reports: [String]

    @Option(
        help: ArgumentHelp("Output format: \(Self.formats.joined(separator: ", ")).", valueName: "format"),
        transform: OutputFormat.parse)
    var format: OutputFormat = OutputFormat(identifier: "text")

    @Option(name: [.short, .long], help: "Write the report to this file instead of standard output.")
    var output: String?

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Option(help: "Fail (exit 1) when there are more than this many warnings.")
    var maxWarnings: Int?

    static var formats: [String] { ReporterRegistry.identifiers }

    /// Why the reports are not the parts of one batch, each once: a shard given twice, one missing,
    /// parts of batches of different sizes, or a whole run beside shards. Nil when they are (or none is a shard).
    static func shardProblem(_ parts: [(path: String, shard: Shard?)]) -> String? {
        let sharded = parts.filter { $0.shard != nil }
        guard !sharded.isEmpty else { return nil }
        if let whole = parts.first(where: { $0.shard == nil }) {
            return "\(whole.path) is a whole run's report, not a shard of the batch \(sharded[0].path) belongs to"
        }
        let counts = Set(sharded.map { $0.shard!.count })
        guard counts.count == 1, let count = counts.first else {
            return "the reports are shards of batches of different sizes (\(counts.sorted().map { "/\($0)" }.joined(separator: ", ")))"
        }
        var byIndex: [Int: [String]] = [:]
        for part in sharded { byIndex[part.shard!.index, default: []].append(part.path) }
        if let (index, paths) = byIndex.sorted(by: { $0.key < $1.key }).first(where: { $0.value.count > 1 }) {
            return "shard \(index)/\(count) is given \(paths.count) times (\(paths.joined(separator: ", ")))"
        }
        // The first few missing parts, found in at most (parts given + shown) steps, however large the count.
        let missingCount = count - byIndex.count, shown = 8
        guard missingCount > 0 else { return nil }
        var missing: [Int] = []
        var index = 1
        while missing.count < min(missingCount, shown) {
            if byIndex[index] == nil { missing.append(index) }
            index += 1
        }
        let more = missingCount > missing.count ? " and \((missingCount - missing.count).grouped) more" : ""
        return "\(missingCount == 1 ? "shard" : "shards") \(missing.map { "\($0)/\(count)" }.joined(separator: ", "))\(more) "
            + "\(missingCount == 1 ? "is" : "are") missing: merge needs every part of the batch"
    }

    func validate() throws {
        if reports.isEmpty { throw ValidationError("give the JSON reports to merge") }
    }

    func run() throws {
        var parts: [JSONReportReader.Report] = []
        for path in reports {
            do {
                parts.append(try JSONReportReader.read(try DiskFileSystem().read(path, within: .mergedReport), path: path))
            } catch let error as FileError {
                // A file error names the path only when the system's words do not ("is a folder…").
                Terminal.error(error.notRegular != nil ? "\(path) \(error)" : "\(error)")
                throw ExitCode(2)
            } catch {
                Terminal.error("\(error)")
                throw ExitCode(2)
            }
        }
        if let problem = Self.shardProblem(zip(reports, parts.map(\.result.shard)).map { ($0, $1) }) {
            Terminal.error("merge: \(problem)")
            throw ExitCode(2)
        }
        // Previews travel only when every part carries them: a report without them would leave holes.
        let embedded = parts.allSatisfy(\.embedsPreviews)
        if format.type.showsPreviews && !embedded {
            let bare = zip(reports, parts).filter { !$0.1.embedsPreviews }.map(\.0)
            Terminal.error(
                "merge cannot write HTML: \(bare.joined(separator: ", ")) \(bare.count == 1 ? "does" : "do") not carry the packs and "
                    + "previews; write the shard reports with check --format json --embed-thumbnails")
            throw ExitCode(2)
        }
        let result = LintResult.merged(parts.map(\.result))
        do {
            try format.write(result, to: output, quiet: false, embedPreviews: embedded && format.type.carriesPreviews)
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
        try LintOptions.exit(for: result, strict: strict, maxWarnings: maxWarnings)
    }
}
