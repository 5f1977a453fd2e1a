import ArgumentParser
import StickerReport

/// The `stickerlint` command tree: argument parsing and output only; the libraries do the work.
@main
struct Stickerlint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stickerlint",
        abstract: "Validate iMessage sticker pack assets against Apple's rules.",
        discussion: """
            stickerlint checks PNG, APNG, GIF and JPEG stickers, loose or in Xcode sticker catalogs
            (.xcassets, .xcstickers, .stickerpack, .sticker, .stickersequence), against Apple's rules:
            size, pixel dimensions, transparency, format, animation and pack consistency.

            Examples:
              stickerlint Stickers.xcstickers              check a catalog (check is the default command)
              stickerlint check --grid regular Art/         check loose stickers against the regular grid
              stickerlint check --format json -o out.json .
              stickerlint rules                             list every rule
              stickerlint inspect sticker.png               show what a file really is

            Exit status: 0 no errors, 1 errors found (or warnings with --strict), 2 the check could not run.
            """,
        version: Tool.version,
        subcommands: [Check.self, Rules.self, Inspect.self],
        defaultSubcommand: Check.self)
}
