import ArgumentParser
import StickerLint
import StickerReport

/// `stickerlint report PATH... --output report.html`: a self-contained HTML report.
struct Report: ParsableCommand {
    /// Shown at the end of `--help`.
    static let examples = [
        "stickerlint report -o report.html Stickers.xcstickers",
        "stickerlint report --grid regular -o art.html Art/",
    ]

    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a self-contained HTML report of a check, with every sticker shown.",
        discussion: """
            The same inputs, rules and exit status as `check`. The report is one file with inline styles \
            and embedded images: it opens offline anywhere and makes no network request. Each pack is laid \
            out as the Messages sticker browser shows it, and each sticker is shown over white, black, red, \
            yellow, a multicolour pattern and a photo-like background.
            """)

    @OptionGroup var lint: LintOptions

    @Option(name: [.short, .long], help: "The HTML file to write.")
    var output: String = "stickerlint-report.html"

    func validate() throws { try lint.validate() }

    func run() throws {
        let result = try lint.run(thumbnails: true)
        do {
            try Terminal.emit(to: output) { emit in try emit(HTMLReporter().render(result)) }
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
        if !lint.quiet { print("wrote \(output): \(TextReporter().summary(result))") }
        try lint.exit(for: result)
    }
}
