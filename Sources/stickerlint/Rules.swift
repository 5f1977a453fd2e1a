import ArgumentParser
import StickerReport

/// `stickerlint rules`: every rule with its ID, default severity and rationale.
struct Rules: ParsableCommand {
    /// Shown at the end of `--help`.
    static let examples = [
        "stickerlint rules",
        "stickerlint rules --format markdown > docs/rules.md",
    ]

    static let configuration = CommandConfiguration(
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

    func run() throws {
        print(format == .markdown ? RulesDocument.markdown() : RulesDocument.text(), terminator: "")
    }
}
