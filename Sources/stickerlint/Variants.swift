import ArgumentParser
import StickerCatalog
import StickerImage
import StickerLint
import StickerReport
import StickerVariants

/// `stickerlint variants PATH...`: @2x and @1x files from @3x masters.
struct Variants: ParsableCommand {
    /// Shown at the end of `--help`.
    static let examples = [
        "stickerlint variants Art/                       next to each master",
        "stickerlint variants --out Web Stickers.xcstickers"
    ]

    static let configuration = CommandConfiguration(
        commandName: "variants",
        abstract: "Write @2x and @1x variants of @3x sticker masters.",
        discussion: """
            From name.png or name@3x.png writes name@2x.png (two thirds of the size) and name@1x.png (one \
            third) in the master's format; animations keep every frame shown, its time and the loop count \
            (identical neighbouring frames become one, their delays summed, as fix makes them). Resizing is \
            Lanczos3 in premultiplied alpha, so no colour bleeds from under transparent pixels; a GIF keeps \
            its palette and a PNG of up to 256 colours keeps them. Each variant is then made as small as \
            `fix` makes a file without loss (animation frames cut to what changed); one that still has more \
            bytes than its master says why, and one over a byte limit its master is within is fitted under \
            it as `fix --lossy` fits (a note gives the method and PSNR). Masters are \
            never modified, existing files are kept unless --force is given, and every file is written to a \
            temporary file first and renamed into place.

            Each variant is checked against the scaled limits (@2x 200-412 px, @1x 100-206 px) and the \
            512,000-byte limit, with the severities `check` gives: errors fail (exit 1), warnings only \
            with --strict.

            Stickers inside an asset catalog need no variant files (Messages makes them at run time) and \
            Xcode would list any written there as unassigned: for a catalog give --out DIR outside it. \
            Icons and files that are already @2x or @1x are never masters.
            """)

    @Argument(help: "Masters, or folders to search for masters.", completion: .file())
    var paths: [String]

    @Option(help: "Write the variants here, mirroring the input folders (default: next to each master).")
    var out: String?

    @Flag(help: "Replace variants that already exist.")
    var force = false

    @Flag(help: "Fail (exit 1) on warnings too: a variant over 500,000 bytes, a file left in place.")
    var strict = false

    @Flag(help: "Exit 0 when no master is found (by default nothing to make is an error, exit 2, as for check).")
    var allowEmpty = false

    @OptionGroup var parallel: JobsOption

    func run() throws {
        Terminal.ignoreFileSizeSignal()
        let generator = VariantGenerator(outputFolder: out, force: force, jobs: parallel.count)
        let planning: VariantPlanning
        do {
            planning = try generator.planning(paths)
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
        if planning.plans.isEmpty, planning.skipped.isEmpty, !allowEmpty {
            Terminal.error("no masters found under \(paths.joined(separator: ", ")) (give --allow-empty if that is expected)")
            throw ExitCode(2)
        }
        let reports = generator.run(planning.plans)
        try Terminal.print(VariantsReport.text(reports, skipped: planning.skipped), terminator: "")
        if reports.contains(where: { $0.fails(strict: strict) }) { throw ExitCode(1) }
    }
}
