import ArgumentParser
import StickerCatalog
import StickerImage
import StickerLint
import StickerReport
import StickerVariants

/// `stickerlint variants PATH...`: @2x and @1x files from @3x masters.
struct Variants: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write @2x and @1x variants of @3x sticker masters.",
        discussion: """
            From name.png or name@3x.png writes name@2x.png (two thirds of the size)
            and name@1x.png (one third) in the master's format; animations keep every
            frame, delay and loop count. Resizing is Lanczos3 in premultiplied alpha,
            so no colour bleeds from under transparent pixels. Masters are never
            modified, existing files are kept unless --force is given, and every file
            is written to a temporary file first and renamed into place.
            Each variant is checked against the scaled limits (@2x 200-412 px,
            @1x 100-206 px, under 512,000 bytes).
            """)

    @Argument(help: "Masters, or folders to search for masters.", completion: .file())
    var paths: [String]

    @Option(help: "Write the variants here, mirroring the input folders (default: next to each master).")
    var out: String?

    @Flag(help: "Replace variants that already exist.")
    var force = false

    @OptionGroup var parallel: JobsOption

    func run() throws {
        Terminal.ignoreFileSizeSignal()
        let generator = VariantGenerator(outputFolder: out, force: force, jobs: parallel.count)
        let plans: [VariantPlan]
        do {
            plans = try generator.plan(paths)
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
        let reports = generator.run(plans)
        print(VariantsReport.text(reports), terminator: "")
        if !reports.allSatisfy(\.succeeded) { throw ExitCode(1) }
    }
}
