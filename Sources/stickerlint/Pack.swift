import ArgumentParser
import StickerCatalog
import StickerFiles
import StickerPack
import StickerImage
import StickerLint
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `stickerlint pack SRC... -o Stickers.xcstickers`: art in any format → a sticker catalog that passes.
struct Pack: ParsableCommand {
    static let examples = [
        "stickerlint pack Art/ -o Stickers.xcstickers                a catalog from a folder of art",
        "stickerlint pack Art/ -o Stickers.xcstickers --icon icon.png --name Cats",
        "stickerlint pack Art/ --grid large --pad -o Big.xcstickers   large grid; small art centred",
        "stickerlint pack New/ --into Stickers.xcstickers --name More add a pack to a catalog",
        "stickerlint pack Art/ --labels labels.csv --order order.txt -o S.xcstickers",
        "stickerlint pack --dry-run Art/ -o S.xcstickers             what it would make",
        "stickerlint pack Art/ --for whatsapp -o WhatsApp --publisher Ann   WhatsApp's WebP packs and contents.json",
        "stickerlint pack Art/ --for all -o Packs                    a folder for every store, and the catalog",
        "stickerlint pack Art/ --for telegram --emoji-set -o Emoji   Telegram custom emoji (100×100 WebP)"
    ]

    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "pack",
            abstract:
                "Make a sticker catalog from art in any format (PNG, APNG, GIF, JPEG, WebP; TGS and Lottie JSON with --render-lottie), ready for Xcode and passing check.",
            discussion: """
                Every image under SRC becomes a sticker: folders are walked (hidden entries and catalogs \
                skipped), each folder's files in natural order of their names ("cat 2" before "cat 10"), or in \
                the order of --order FILE (one file name or path per line; files it does not name come last). \
                Animated art becomes APNG (GIF stays GIF with --keep-gif), still art PNG; WebP is read through \
                libwebp, and TGS and Lottie JSON animations are drawn by rlottie with --render-lottie. Frames shorter than 20 ms get 100 ms, as players show them, and identical frames merge.

                The grid (--grid small|regular|large, 300/408/618 px at @3x) is by default chosen from the art \
                (auto): the largest grid that the median art's longer side reaches, so that most art is reduced \
                and little is left smaller. Art larger than the grid is resampled down to it (Lanczos3 in \
                premultiplied alpha, frame by frame) and centred on a square transparent canvas; art smaller is \
                never enlarged: it is placed as it is and warned about, or centred on a canvas of the grid's \
                size with --pad. A sticker whose lossless encoding (the fix engine's) is over 500,000 bytes is \
                fitted under it the least lossy way (near-lossless, then palettes), never below --min-psnr; \
                each sticker's report says what was done and what was lost (resampling, PSNR). \
                --remove-background makes the plain background of art without alpha (JPEG, flattened PNG) \
                transparent: the colour most of the border has, where it touches the border.

                Only what passes is written: art check would fail whatever is done without a flag is left out \
                with the reason and the flag (under 300 px: --pad; no transparent pixel: --remove-background), \
                and art that is a sticker as it is (PNG, APNG or GIF, square, 300-618 px, transparent, under the \
                limit) is kept byte for byte when the file made for the grid would be lossy or only larger.

                Accessibility labels come from file names ("happy-cat.png" → "Happy cat") or from --labels \
                FILE (CSV "file,label" lines or a JSON object of file → label), never over 150 characters. \
                --icon IMAGE makes every slot of the iMessage App Icon set (scaled to cover, centred; App Store \
                icons flattened onto --icon-background, white by default).

                The catalog is written as Xcode writes one, into a hidden folder beside the output that is \
                renamed into place when complete: an interrupted run leaves nothing behind, and an existing \
                output is replaced only with --force (moved aside, then removed once the new one is in place). \
                --into adds the pack to an existing catalog, leaving what is there untouched. The same art \
                gives the same bytes every time. The result is then checked, and the check's findings printed.

                Other stores (--for STORE, -o FOLDER; several joined by commas, or all: FOLDER/STORE for \
                each, with the iMessage catalog in FOLDER/imessage). Each source is decoded once for every \
                store; each file is made at the store's own sides and within its own bytes (the limits check \
                judges by: docs/rules.md, "Other stores' limits"), losslessly when it fits, else the least lossy \
                way (PNG/APNG: the fitter above; WebP: near-lossless, then lossy down to quality 50; never below \
                --min-psnr), and \
                animations are retimed only where a limit demands it. Art already in a container a store \
                takes (a TGS or WebM video, a Lottie JSON) is kept byte for byte where check --profile STORE \
                finds no error in it, else left out with check's findings (with --render-lottie, TGS and Lottie \
                are drawn instead). Each report line says what was done and lost; the folder is then checked \
                under the store's profile.
                \(storeLines)

                Exit status: 0 made and check passes; 1 made, but some art was left out, a sticker has a \
                warning, or check found errors or warnings (with --dry-run: would be); 2 nothing made (a bad \
                argument, no art, an output that exists, no art that could be made into a sticker).
                """)
    }

    @Argument(help: "Image files and folders of art.", completion: .file())
    var sources: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The catalog to make, NAME.xcstickers (with --for, a folder).", valueName: "output"))
    var output: String?

    @Option(help: ArgumentHelp("Add the pack to this existing catalog instead.", valueName: "catalog"))
    var into: String?

    @Option(help: ArgumentHelp("The pack's name (its folder is NAME.stickerpack); default: the first source folder's name.", valueName: "name"))
    var name: String?

    @Option(
        help: ArgumentHelp("small (300 px), regular (408), large (618), or auto: chosen from the art.", valueName: "grid"),
        transform: { value in
            guard let grid = GridArgument.parse(value) else {
                throw ValidationError("use small, regular, large or auto")
            }
            return grid
        })
    var grid: PackOptions.GridChoice = .auto

    @Flag(help: "Centre art smaller than the grid on a transparent canvas of the grid's size (it is never enlarged).")
    var pad = false

    @Flag(help: "Keep animated GIFs as GIF (by default they become APNG).")
    var keepGIF = false

    @Flag(help: "Make the plain background of art without transparency (JPEG, flattened PNG) transparent where it touches the border.")
    var removeBackground = false

    @Flag(
        help: ArgumentHelp(
            "Draw TGS and Lottie JSON art (rlottie) into frames, made like any animation (a video sticker, an animated "
                + "WebP or an APNG, as each store takes animations)."))
    var renderLottie = false

    @Option(help: ArgumentHelp("A file naming the art in sticker order, one file name or path per line.", valueName: "file"))
    var order: String?

    @Option(
        help: ArgumentHelp(
            "Accessibility labels: CSV lines \"file,label\" (a header \"file,label,emoji\" adds the emoji "
                + Store.packable.compactMap { store in store.manifest.map { "\(store.name)'s \($0.fileName)" } }.joined(separator: " and ")
                + " lists) or a JSON object of file → "
                + "label (or → {\"label\", \"emoji\"}).", valueName: "file"))
    var labels: String?

    @Option(help: ArgumentHelp("An image to make the whole iMessage App Icon set from.", valueName: "image"))
    var icon: String?

    @Option(help: ArgumentHelp("The colour App Store icons are flattened onto: white, black or #RRGGBB.", valueName: "colour"))
    var iconBackground: String = "white"

    @Flag(help: "Replace an existing output catalog (or, with --into, an existing pack of the same name).")
    var force = false

    @Flag(help: "Say what would be made; write nothing.")
    var dryRun = false

    @Option(
        name: .customLong("for"),
        help: ArgumentHelp(
            "The store to make a pack for: imessage (a catalog, the default), \(Store.packable.map(\.id).joined(separator: ", ")), "
                + "several joined by commas, or all (OUTPUT/STORE for each).", valueName: "store"))
    var store: String?

    @Flag(
        help: ArgumentHelp(
            "With --for: each pack also written as the one file its store's uploader takes: "
                + Store.packable.compactMap { store in store.recipe?.archive.map { "\(store.name): \($0.reader)" } }.joined(separator: "; ")
                + " (the other stores take the folder's files)."))
    var archive = false

    @Flag(
        help: ArgumentHelp(
            "With --for \(Store.packable.filter { $0.emojiSet != nil }.map(\.id).joined(separator: " or ")): a custom emoji set "
                + "rather than stickers."))
    var emojiSet = false

    @Option(
        help: ArgumentHelp(
            "The publisher named in "
                + Store.packable.compactMap { store in store.manifest.map { "\(store.name)'s \($0.fileName)" } }.joined(separator: " and ")
                + " (default: the pack's name).", valueName: "name"))
    var publisher: String?

    @Flag(name: .shortAndLong, help: "Text output: count what was made instead of listing it (what was left out, notes and the check remain).")
    var quiet = false

    @Option(help: ArgumentHelp("Output format: text or json.", valueName: "format"))
    var format: String = "text"

    @OptionGroup var fitting: FittingOptions

    @OptionGroup var parallel: JobsOption

    /// The stores `--for` names, in the order given (`all`: every one); nil when it names only imessage.
    func stores() throws -> (stores: [Profile], imessage: Bool)? {
        guard let store else { return nil }
        let known = ["imessage"] + Store.packable.map(\.id)
        var names: [String] = []
        for name in store.split(separator: ",").map({ String($0.filter { $0 != " " }).lowercased() }) {
            let expanded = name == "all" ? known : [name]
            for one in expanded where !names.contains(one) { names.append(one) }
        }
        var profiles: [Profile] = []
        for name in names where name != "imessage" {
            guard let chosen = Store.packable.first(where: { $0.id == name }) else {
                throw ValidationError("--for takes \(known.joined(separator: ", ")) or all; got \"\(name)\"")
            }
            profiles.append(.store(emojiSet ? chosen.emojiSet ?? chosen : chosen))
        }
        return profiles.isEmpty ? nil : (profiles, names.contains("imessage"))
    }

    /// `--help`'s line for each store `--for` names: what its pack holds.
    static var storeLines: String {
        Store.packable.map { store in
            "  " + store.id + String(repeating: " ", count: max(1, 11 - store.id.count)) + store.packHelp
        }.joined(separator: "\n")
    }

    /// `--emoji-set` without a store that has custom emoji sets.
    var emojiSetMisused: ValidationError {
        ValidationError("--emoji-set goes with --for \(Store.packable.filter { $0.emojiSet != nil }.map(\.id).joined(separator: " or "))")
    }

    func validate() throws {
        if let (stores, _) = try self.stores() {
            guard let output, into == nil else { throw ValidationError("--for \(store ?? "") writes a folder: give -o FOLDER (not --into)") }
            guard ContentsKind(folder: output) == nil else {
                throw ValidationError("--for \(store ?? ""): -o names a folder for the store's files, not a catalog (\(output))")
            }
            let emojiSets = Set(Store.packable.compactMap(\.emojiSet))
            if emojiSet && !stores.contains(where: { $0.ofStore.map(emojiSets.contains) ?? false }) { throw emojiSetMisused }
        } else if emojiSet {
            throw emojiSetMisused
        } else if archive {
            throw ValidationError("--archive goes with --for STORE (a catalog is not uploaded as an archive)")
        }
        guard (output == nil) != (into == nil) else { throw ValidationError("give -o NEW.xcstickers or --into EXISTING.xcstickers (one of them)") }
        guard Canvas.colour(iconBackground) != nil else {
            throw ValidationError("--icon-background takes white, black or #RRGGBB; got \"\(iconBackground)\"")
        }
        guard ["text", "json"].contains(format) else { throw ValidationError("--format must be text or json; got \"\(format)\"") }
    }

    func run() throws {
        Terminal.ignoreFileSizeSignal()
        var options = PackOptions()
        options.name = name
        options.grid = grid
        options.pad = pad
        options.keepGIF = keepGIF
        options.removeBackground = removeBackground
        options.renderLottie = renderLottie
        options.orderFile = order
        options.labelsFile = labels
        options.icon = icon
        options.iconBackground = Canvas.colour(iconBackground) ?? [255, 255, 255]
        options.minPSNR = fitting.minPSNR
        options.allowFrameDrop = fitting.allowFrameDrop
        options.effort = fitting.effort
        options.force = force
        options.dryRun = dryRun
        options.archive = archive
        options.jobs = parallel.count
        options.publisher = publisher
        if let (stores, imessage) = try self.stores() {
            try runStores(stores, imessage: imessage, options: options)
            return
        }
        var packer = Packer(options: options)
        packer.interrupted = { Interruption.happened }
        let destination: PackDestination = output.map(PackDestination.catalog) ?? .into(into ?? "")
        let report: PackReport
        do {
            Interruption.install()
            report = try packer.run(sources, to: destination, pid: getpid())
        } catch {
            // Stopped by a signal: what was staged is gone; die of the same signal.
            Interruption.reraise()
            Self.say(error)
            throw ExitCode(2)
        }
        try Terminal.print(format == "json" ? PackReportFormat.json(report) : PackReportFormat.text(report, quiet: quiet), terminator: "")
        if !PackReportFormat.isClean(report) { throw ExitCode(1) }
    }

    /// `--for STORE`: a folder for each store (StorePacker).
    func runStores(_ stores: [Profile], imessage: Bool, options: PackOptions) throws {
        var packer = StorePacker(options: options)
        packer.interrupted = { Interruption.happened }
        // A bar on a terminal once the run has lasted a second (fitting an animation takes seconds a store);
        // off one, a line per piece of art made for every store.
        let progress = quiet ? nil : ProgressBar.onStandardError(label: "packing", linesOffTerminal: true)
        if let progress { packer.progress = { @Sendable (done: Int, total: Int, name: String) in progress.update(done, total, name) } }
        let report: StorePackReport
        do {
            Interruption.install()
            report = try packer.run(sources, stores: stores, imessage: imessage, to: output ?? "", pid: getpid())
            progress?.finish()
        } catch {
            progress?.finish()
            Interruption.reraise()
            Self.say(error)
            throw ExitCode(2)
        }
        try Terminal.print(format == "json" ? StorePackReportFormat.json(report) : StorePackReportFormat.text(report, quiet: quiet), terminator: "")
        if !StorePackReportFormat.isClean(report) { throw ExitCode(1) }
    }

    /// A PackError's message and each of its details on a line of its own, each escaped.
    static func say(_ error: any Error) {
        if let error = error as? PackError { Terminal.error(error.message, details: error.details) } else { Terminal.error("\(error)") }
    }
}
