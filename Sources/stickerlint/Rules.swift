import ArgumentParser
import StickerLint
import StickerReport

/// `stickerlint rules`: every rule with its ID, default severity and rationale.
struct Rules: ParsableCommand {
    /// Shown at the end of `--help`.
    static let examples = [
        "stickerlint rules",
        "stickerlint rules --format markdown > docs/rules.md",
        "stickerlint rules --profile message-media"
    ]

    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule with its ID, default severity and rationale.",
        discussion: """
            Each rule's ID, default severity and why it exists. --format markdown prints the reference \
            committed as docs/rules.md, with every rule's cases and examples.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case markdown
    }

    @Option(help: "Output format.")
    var format: Format = .text

    @Option(
        help: ArgumentHelp("Only the rules of this profile: \(Profile.namesWording).", valueName: "profile"),
        transform: Profile.parse)
    var profile: Profile?

    func run() throws {
        try Terminal.print(
            format == .markdown ? RulesDocument.markdown(profile: profile, editFlags: Fix.editFlags) : RulesDocument.text(profile: profile),
            terminator: "")
    }
}
