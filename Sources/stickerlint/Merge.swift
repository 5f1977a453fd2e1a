import ArgumentParser
import StickerFiles
import StickerLint
import StickerReport

/// `stickerlint merge REPORT.json...`: joins the JSON reports of `check --shard I/N` runs into one report.
struct Merge: ParsableCommand {
    /// Shown at the end of `--help`.
    static let examples = [
        "stickerlint merge shard-1.json shard-2.json shard-3.json shard-4.json",
        "stickerlint merge --format sarif -o stickerlint.sarif shards/*.json",
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

    @Option(help: ArgumentHelp("Output format: \(Self.formats.joined(separator: ", ")).", valueName: "format"),
            transform: OutputFormat.parse)
    var format: OutputFormat = OutputFormat(identifier: "text")

    @Option(name: [.short, .long], help: "Write the report to this file instead of standard output.")
    var output: String?

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Option(help: "Fail (exit 1) when there are more than this many warnings.")
    var maxWarnings: Int?

    static var formats: [String] { ReporterRegistry.identifiers }

    func validate() throws {
        if reports.isEmpty { throw ValidationError("give the JSON reports to merge") }
    }

    func run() throws {
        var parts: [JSONReportReader.Report] = []
        for path in reports {
            do {
                parts.append(try JSONReportReader.read(try DiskFileSystem().read(path, within: .mergedReport), path: path))
            } catch {
                Terminal.error("\(error)")
                throw ExitCode(2)
            }
        }
        // Previews travel only when every part carries them: a report without them would leave holes.
        let embedded = parts.allSatisfy(\.embedsPreviews)
        if format.type == HTMLReporter.self && !embedded {
            let bare = zip(reports, parts).filter { !$0.1.embedsPreviews }.map(\.0)
            Terminal.error("merge cannot write HTML: \(bare.joined(separator: ", ")) \(bare.count == 1 ? "does" : "do") not carry the packs and "
                           + "previews; write the shard reports with check --format json --embed-thumbnails")
            throw ExitCode(2)
        }
        let result = LintResult.merged(parts.map(\.result))
        do {
            try format.write(result, to: output, quiet: false, embedPreviews: embedded && format.type == JSONReporter.self)
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
        try LintOptions.exit(for: result, strict: strict, maxWarnings: maxWarnings)
    }
}
