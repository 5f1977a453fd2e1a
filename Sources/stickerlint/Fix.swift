import ArgumentParser
import StickerCatalog
import StickerFiles
import StickerFix
import StickerImage
import StickerLint
import StickerReport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `stickerlint fix PATH...`: makes stickers pass, losslessly, and says what it did.
struct Fix: ParsableCommand {
    /// Shown at the end of `--help`.
    static let examples = [
        "stickerlint fix --dry-run Stickers.xcstickers   what would change, changing nothing",
        "stickerlint fix Stickers.xcstickers             rewrite in place",
        "stickerlint fix --out Fixed Stickers.xcstickers fix a copy in Fixed/"
    ]

    /// How the options that allow unsafe edits are spelled: the options below are declared by these
    /// names (`name(_:)`), and SARIF's fixes, the rules document and fix's hints print them.
    static let editFlags = EditFlags(
        [
            .fit: "--lossy", .convert: "--convert-gif", .addReference: "--add-unreferenced", .removeReference: "--remove-missing",
            .makeIcon: "--generate-icons", .flattenIcon: "--icon-background", .resize: "--resize-to-grid"
        ], allowFrameDrop: "--allow-frame-drop")

    /// The option's name as ArgumentParser takes it: `spelling` without its two dashes.
    static func name(_ spelling: String?) -> NameSpecification { .customLong(String((spelling ?? "").dropFirst(2))) }

    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract:
            "Fix stickers without loss (smaller PNG, APNG and GIF files, the same pixels; catalog repairs), and with --lossy fit them under 500 KB.",
        discussion: """
            Checks PATH as check does, then rewrites every PNG and APNG as small as it can be without \
            changing what is shown: the smallest colour type and bit depth the pixels allow, the best of seven \
            filter strategies compressed by libdeflate (level 11), text and time chunks dropped, \
            APNG and GIF frames cut to the rectangle that changed (an APNG's drawn over the frame before \
            where that is smaller, in one colour type for all frames) and identical frames merged. A file is \
            written only when it gets smaller \
            and its re-encoding decodes to exactly the same pixels, frames, delays and loop count; colour chunks \
            (iCCP, sRGB, gAMA, cHRM, cICP, mDCv, cLLi) are kept as they are, and an eXIf whose orientation turns the image \
            (--keep-metadata keeps text and time too). Each file is replaced atomically (a temporary file, \
            then a rename), so an interrupted run leaves every file either as it was or fixed. Then the \
            paths are checked again.

            Under another store's profile (--profile, or profiles in .stickerlint.yml) a file gets only the \
            lossless re-encoding: the store's format, frames and loops are what it checks, so nothing is \
            fitted, resized or converted.

            With --lossy, a sticker still over 500,000 bytes is fitted under it the least lossy way. PNG and \
            APNG: first the colours under fully transparent pixels are cleared (nothing shows them), then \
            near-lossless encoding, every colour within ±k of the original once premultiplied (k = 1, 2, …, \
            chosen so that PNG's filters compress it far better), then one palette for all frames, from 256 \
            colours down, with or without dithering; of those that fit, the highest PSNR wins. JPEG: the \
            highest quality that fits. A change below --min-psnr (45 dB by \
            default) is not made, and the report says so.

            In catalogs, by default: a file whose extension does not match its content is renamed (an APNG \
            named .apng becomes .png, JPEG bytes named .png become .jpg) and a misspelt Contents.json key \
            is replaced by the key meant ("repetions" → "repetitions"), the Contents.json naming them updated. \
            Asked for: --convert-gif turns every GIF into an APNG (a still one into a PNG) with the same \
            frames, delays and plays; --add-unreferenced adds the stickers and images a pack holds but does \
            not name at the end of its list; --remove-missing removes references to files that do not exist; \
            --generate-icons fills the required slots of the iMessage App Icon from its largest icon (scaled to \
            cover the slot and centred); --icon-background flattens App Store icons that have alpha onto a \
            colour; --resize-to-grid resamples stickers larger than their pack's grid (or 618 px) down to it. \
            Contents.json files are written as Xcode writes them, so that the diff is only the change.

            Safe edits (lossless re-encoding, renames, key repairs) are made by default; each unsafe one \
            (something lost or chosen) only with its flag, and the summary ends with a hint for what they \
            would fix. --format json gives each change's kind, the rule it answers and its applicability.

            Exit status: 0 nothing left that check fails on; 1 findings remain (errors, or warnings with \
            --strict); 2 fix could not run.
            """)

    @Argument(help: "Files and folders to fix, as check takes them.", completion: .file())
    var paths: [String]

    @Flag(
        help: ArgumentHelp(
            "Keep text, time, pHYs and eXIf chunks when re-encoding a PNG (dropped by default: they change "
                + "nothing shown). Colour chunks (iCCP, sRGB, gAMA, cHRM, cICP, mDCv, cLLi) are always kept, and an eXIf "
                + "whose orientation turns the image."))
    var keepMetadata = false

    @Flag(help: "Print what would change and change nothing.")
    var dryRun = false

    @Flag(
        name: name(editFlags.spellings[.fit]),
        help: ArgumentHelp(
            "Fit stickers still over 500,000 bytes under it with the least loss: near-lossless or a palette "
                + "shared by all frames (PNG, APNG), a lower JPEG quality. Each change reports its PSNR."))
    var lossy = false

    @Option(help: ArgumentHelp("With --lossy, the size to fit under, in bytes (a budget tighter than Messages' own).", valueName: "bytes"))
    var maxBytes: Int = 500_000

    @Flag(
        name: name(editFlags.spellings[.convert]), help: "Convert GIF stickers to APNG (a still GIF to PNG), exactly: same frames, delays and plays.")
    var convertGIF = false

    @Flag(name: name(editFlags.spellings[.addReference]), help: "Add stickers and images a pack holds but does not name to the end of the pack.")
    var addUnreferenced = false

    @Flag(name: name(editFlags.spellings[.removeReference]), help: "Remove the Contents.json references to files that do not exist.")
    var removeMissing = false

    @Flag(
        name: name(editFlags.spellings[.makeIcon]),
        help: "Fill the required slots of the iMessage App Icon that have no image of the right size from the largest icon of the set.")
    var generateIcons = false

    @Option(
        name: name(editFlags.spellings[.flattenIcon]),
        help: ArgumentHelp(
            "Flatten App Store icons that have alpha onto this colour: white, black or #RRGGBB "
                + "(without it such icons are left alone and reported).", valueName: "colour"))
    var iconBackground: String?

    @Flag(
        name: name(editFlags.spellings[.resize]),
        help: "Resample stickers larger than their pack's grid (or than 618 px) down to it (Lanczos3, frame by frame).")
    var resizeToGrid = false

    @Option(
        help: ArgumentHelp(
            "Copy the paths into this folder and fix the copies; the originals are not touched. Each copy is fixed "
                + "and checked in a hidden folder and appears under its own name only when done.", valueName: "folder"))
    var out: String?

    @Option(help: ArgumentHelp("Output format: text or json.", valueName: "format"))
    var format: String = "text"

    @Flag(help: "Fail (exit 1) on warnings left too.")
    var strict = false

    @Option(help: "Configuration file (default: the nearest .stickerlint.yml).")
    var config: String?

    @Option(
        help: ArgumentHelp(
            "Fix every loose image as this profile's (as check takes it). Under another store's profile ("
                + Store.builtIn.map(\.id).joined(separator: ", ") + ") only what is safe for that store is done: PNG, APNG "
                + "and GIF recompressed without loss; no fitting, resizing or conversion.",
            valueName: "profile"),
        transform: Profile.parse)
    var profile: Profile?

    @OptionGroup var fitting: FittingOptions

    @OptionGroup var parallel: JobsOption

    @Flag(name: .shortAndLong, help: "No progress bar.")
    var quiet = false

    @Flag(help: "Taken as check and report take it: fix reads every file afresh and never uses the cache.")
    var noCache = false

    @Flag(help: "Exit 0 when no image is found (by default nothing to fix is an error, exit 2, as for check).")
    var allowEmpty = false

    func validate() throws {
        guard ["text", "json"].contains(format) else { throw ValidationError("--format must be text or json; got \"\(format)\"") }
        if let iconBackground, Canvas.colour(iconBackground) == nil {
            throw ValidationError("--icon-background takes white, black or #RRGGBB; got \"\(iconBackground)\"")
        }
        if fitting.allowFrameDrop && !lossy { throw ValidationError("--allow-frame-drop goes with --lossy") }
        if maxBytes != 500_000 && !lossy { throw ValidationError("--max-bytes goes with --lossy") }
        if maxBytes < 1_000 || maxBytes > 500_000 {
            throw ValidationError("--max-bytes must be between 1,000 and 500,000 (Messages' limit); got \(maxBytes)")
        }
        if dryRun && out != nil { throw ValidationError("--dry-run changes nothing: --out would copy files; give one of them") }
    }

    func run() throws {
        Terminal.ignoreFileSizeSignal()
        var configuration = try LintOptions.configuration(config)
        if let profile { configuration.forcedProfile = profile }
        var options = FixOptions()
        let allowed: [(Bool, EditKind)] = [
            (lossy, .fit), (convertGIF, .convert), (addUnreferenced, .addReference),
            (removeMissing, .removeReference), (generateIcons, .makeIcon), (resizeToGrid, .resize)
        ]
        options.unsafe = Set(allowed.filter(\.0).map(\.1))
        options.minPSNR = fitting.minPSNR
        options.sizeLimit = maxBytes
        options.iconBackground = iconBackground.flatMap(Canvas.colour)
        options.allowFrameDrop = fitting.allowFrameDrop
        options.keepMetadata = keepMetadata
        options.effort = fitting.effort
        options.flags = Self.editFlags
        var fixer = Fixer(configuration: configuration, jobs: parallel.count, options: options)
        fixer.interrupted = { Interruption.happened }
        let report: Fixer.Report
        // SIGINT and SIGTERM are answered between steps: renames whose Contents.json is not written are
        // rolled back, no image more is started, and the process then dies of the signal.
        if !dryRun { Interruption.install() }
        defer { Interruption.reraise() }
        do {
            let progress = quiet ? nil : ProgressBar.onStandardError(label: dryRun ? "planning" : "fixing")
            if let out {
                report = try fixer.fixCopies(paths, into: out, pid: getpid(), progress: progress?.update)
            } else {
                report = try fixer.fix(paths, dryRun: dryRun, progress: progress?.update)
            }
            progress?.finish()
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
        // Nothing found is not a success: a misspelt or empty folder in a script must not pass (as check).
        if report.before.files.isEmpty, report.before.diagnostics.isEmpty, !allowEmpty,
            !paths.allSatisfy({ DiskFileSystem().targetKind($0) == .file })
        {
            Terminal.error("no stickers found under \(paths.joined(separator: ", ")) (give --allow-empty if that is expected)")
            throw ExitCode(2)
        }
        try Terminal.print(
            format == "json"
                ? FixReportFormat.json(report)
                : FixReportFormat.text(report) { TextReporter(colored: Terminal.colorsStandardOutput, quiet: true).render($0) },
            terminator: "")
        // A file that could not be written (a full disk) is a job not done: exit 2, as for other failures to run.
        if report.files.contains(where: { $0.failure != nil }) { throw ExitCode(2) }
        if !report.passes(strict: strict) { throw ExitCode(1) }
    }
}
