import ArgumentParser
import StickerImage

/// The `stickerlint` command tree: argument parsing and output only; the libraries do the work.
@main
struct Stickerlint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stickerlint",
        abstract: "Validate iMessage sticker pack assets against Apple's rules.",
        discussion: """
            stickerlint reads PNG, APNG, GIF and JPEG stickers and Xcode sticker catalogs.

            Examples:
              stickerlint inspect Sticker.png      show what a file really is
            """,
        version: StickerlintVersion.current,
        subcommands: [Inspect.self])
}

/// The version printed by `--version` and written into reports.
enum StickerlintVersion {
    static let current = "0.1.0"
}
