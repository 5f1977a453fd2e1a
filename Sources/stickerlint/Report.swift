import ArgumentParser
import StickerCatalog
import StickerFiles
import StickerLint
import StickerReport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `stickerlint report PATH... --output report.html`: a self-contained HTML report.
struct Report: ParsableCommand {
    /// Shown at the end of `--help`.
    static let examples = [
        "stickerlint report -o report.html Stickers.xcstickers",
        "stickerlint report --grid regular -o art.html Art/",
        "stickerlint report -o report/ Studio/        an index page and a page per pack above 300 stickers"
    ]

    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a self-contained HTML report of a check, with every sticker shown.",
        discussion: """
            The same inputs, rules and exit status as `check`. The report is one file with inline styles \
            and embedded images: it opens offline anywhere and makes no network request. Each pack is laid \
            out as the Messages sticker browser shows it, and each sticker is shown over white, black, red, \
            yellow, a multicolour pattern and a photo-like background. Each preview is embedded once (the \
            grid cell and every backdrop show it through one CSS class) and is never larger than the file it \
            shows: a small original (pixel art, a small animation) is embedded as it is and scaled by the \
            browser. Previews are cached with the facts, so a second report of an unchanged tree decodes \
            nothing.

            -o DIR/ (a path ending in / or an existing folder) writes DIR/index.html; above \(HTMLReporter.pageThreshold) \
            stickers it writes an index page (the summary, every pack with its status, findings by rule) and \
            one page per pack, each self-contained, cross-linked and embedding only its own previews.
            """)

    @OptionGroup var lint: LintOptions

    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "The HTML file to write, or a folder (DIR/) for an index page and, "
                + "for large batches, one page per pack.", valueName: "path"))
    var output: String = "stickerlint-report.html"

    func validate() throws { try lint.validate() }

    func run() throws {
        let result = try lint.run(thumbnails: true)
        let files = DiskFileSystem()
        let folder = output.hasSuffix("/") || files.targetKind(output) == .directory
        var written = output
        do {
            if folder {
                let pages = try HTMLReporter().writeFolder(result, to: output, pid: getpid(), files: files)
                written = PathText.join(output, "index.html") + (pages > 1 ? " and \((pages - 1).counted("page"))" : "")
            } else {
                try Terminal.emit(to: output) { out in try HTMLReporter().stream(result, to: out) }
                Trace.mark("report written")
            }
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
        if !lint.quiet { try Terminal.print("wrote \(written.displayed): \(TextReporter().summary(result))") }
        try lint.exit(for: result)
    }
}
