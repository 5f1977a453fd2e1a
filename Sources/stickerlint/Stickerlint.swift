import ArgumentParser
import StickerCatalog
import StickerFiles
import StickerImage
import StickerReport

/// The `stickerlint` command tree: argument parsing and output only; the libraries do the work.
@main
struct Stickerlint: ParsableCommand {
    /// Shown at the end of `--help`.
    static let examples = [
        "stickerlint Stickers.xcstickers       check a catalog",
        "stickerlint check --grid regular Art  loose stickers, regular grid",
        "stickerlint check --format json -o report.json .",
        "stickerlint report -o report.html .   an HTML report with every sticker",
        "stickerlint fix --dry-run .           what a lossless fix would save",
        "stickerlint pack Art/ -o S.xcstickers a sticker catalog from art in any format",
        "stickerlint variants Art/             @2x and @1x files from @3x masters",
        "stickerlint rules                     every rule and why it exists",
        "stickerlint inspect sticker.png       what a file really is"
    ]

    static let configuration = CommandConfiguration(
        commandName: "stickerlint",
        abstract: "Validate iMessage sticker pack assets against Apple's rules.",
        discussion: """
            Checks PNG, APNG, GIF and JPEG stickers, loose or in Xcode sticker catalogs (.xcassets, \
            .xcstickers, .stickerpack, .sticker, .stickersequence): size, pixel dimensions, transparency, \
            format, animation and pack consistency. With --profile, the stickers of other stores too: \
            WebP, TGS (gzip'd Lottie), WebM video and Lottie JSON are read as well.

            Exit status: 0 no errors; 1 errors (or warnings with --strict); 2 the check could not run \
            (bad arguments, missing path, bad config, nothing to check).
            """,
        version: Tool.version,
        subcommands: [Check.self, Report.self, Fix.self, Pack.self, Merge.self, Variants.self, Rules.self, InstallHook.self, Inspect.self],
        defaultSubcommand: Check.self)

    /// The "EXAMPLES:" section for the command the arguments name (`stickerlint check --help`,
    /// `stickerlint help check`), or the root's.
    static func examples(for arguments: [String]) -> String {
        let commands: [(String, [String])] = [
            (Check._commandName, Check.examples), (Report._commandName, Report.examples), (Fix._commandName, Fix.examples),
            (Pack._commandName, Pack.examples),
            (Merge._commandName, Merge.examples),
            (Variants._commandName, Variants.examples), (Rules._commandName, Rules.examples),
            (Inspect._commandName, Inspect.examples), (InstallHook._commandName, InstallHook.examples)
        ]
        let lines = commands.first { arguments.dropFirst().contains($0.0) }?.1 ?? Self.examples
        return "EXAMPLES:\n" + lines.map { "  " + $0 }.joined(separator: "\n")
    }

    /// Arguments that only the root command answers (help, version, completion scripts).
    static let rootOnly: Set<String> = [
        "-h", "--help", "-help", "help", "--version", "--generate-completion-script",
        "--experimental-dump-help"
    ]

    /// The subcommand the arguments name, parsed on its own; nil when they need the root. ArgumentParser's
    /// root parse reflects every subcommand's arguments (completion-script and passthrough checks), which
    /// was two thirds of a one-file check's user time (perf, Benchmarks/README.md "Start-up"). Anything
    /// that parses differently alone (help, version, an option before the subcommand, an error) goes
    /// through the root, so its results and messages are unchanged.
    static func parseDirectly(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> (any ParsableCommand)? {
        let arguments = commandFirst(arguments)
        guard let first = arguments.first else { return nil }
        if arguments == ["--version"] { return PrintVersion() }
        guard !arguments.contains(where: rootOnly.contains) else { return nil }
        let subcommands = configuration.subcommands
        if let named = subcommands.first(where: { $0._commandName == first }) {
            if named == Check.self, let quick = Check.quick(Array(arguments.dropFirst())) { return quick }
            if named == Report.self, let quick = Report.quick(Array(arguments.dropFirst())) { return quick }
            return try? named.parseAsRoot(Array(arguments.dropFirst()))
        }
        // The default subcommand, as the root would pick it: the first argument is none of the commands.
        guard !first.hasPrefix("-") else { return nil }
        return Check.quick(arguments) ?? (try? Check.parseAsRoot(arguments))
    }

    /// Options given before the command's name (`stickerlint --no-cache check X`, as git's users type)
    /// moved after it, so they reach the command rather than "check" being read as a path; unchanged
    /// when a file of that name exists or nothing but options comes before it.
    static func commandFirst(_ arguments: [String]) -> [String] {
        guard let first = arguments.first, first.hasPrefix("-"), !arguments.contains(where: rootOnly.contains) else { return arguments }
        let names = Set(configuration.subcommands.map { $0._commandName })
        guard let index = arguments.firstIndex(where: names.contains), !arguments[..<index].contains("--"),
            DiskFileSystem().kind(arguments[index]) == .missing
        else { return arguments }
        return [arguments[index]] + arguments[..<index] + arguments[(index + 1)...]
    }

    /// ArgumentParser's "Unknown option '--fix'. Did you mean '--grid'?" keeps its suggestion only when it
    /// is a likely typo (`Suggestion.closest`), and an option that is a command's name says so instead.
    static func suggestingOnlyNear(_ message: String) -> String {
        let marker = "Unknown option '"
        guard let start = message.firstRange(of: marker), let end = message[start.upperBound...].firstIndex(of: "'") else { return message }
        let option = String(message[start.upperBound..<end])
        let name = String(option.drop { $0 == "-" })
        var text = message
        if let did = message.firstRange(of: ". Did you mean '"), let close = message[did.upperBound...].firstRange(of: "'?") {
            let suggested = String(message[did.upperBound..<close.lowerBound].drop { $0 == "-" })
            if Suggestion.closest(to: name, among: [suggested]) == nil { text.removeSubrange(did.lowerBound..<close.upperBound) }
        }
        if configuration.subcommands.contains(where: { $0._commandName == name }) {
            text += " (\(name) is a command: stickerlint \(name) PATH...)"
        }
        return text
    }

    /// Parses and runs, mapping argument errors to exit status 2 (README, "Checking stickers") instead of 64.
    static func main() {
        Allocator.keepLargeBlocks()
        Trace.mark("main (start-up before it is not counted)")
        var command: any ParsableCommand
        do {
            command = try parseDirectly() ?? parseAsRoot(commandFirst(Array(CommandLine.arguments.dropFirst())))
        } catch {
            if exitCode(for: error) == .validationFailure {
                Terminal.error(Self.suggestingOnlyNear(message(for: error)), then: "(see stickerlint --help)")
                Terminal.exit(2)
            }
            exit(withError: error)
        }
        // `--help` and `help COMMAND` parse to ArgumentParser's help command: its text ends with the
        // options, so the command's examples follow it.
        if type(of: command)._commandName == "help" {
            do {
                try command.run()
            } catch {
                // Its run() ends in a clean exit carrying the help text.
                guard exitCode(for: error) == .success else { exit(withError: error) }
                let help = fullMessage(for: error)
                do {
                    try Terminal.print(help + (help.hasSuffix("\n") ? "\n" : "\n\n") + examples(for: CommandLine.arguments))
                } catch {
                    Terminal.error(error.description)
                    Terminal.exit(2)
                }
                Terminal.exit(0)
            }
        }
        do {
            try command.run()
            Trace.mark("output written")
        } catch let failure as Terminal.OutputFailure {
            Terminal.error(failure.description)
            Terminal.exit(2)
        } catch {
            exit(withError: error)
        }
    }
}

/// `stickerlint --version` without building the command tree: what ArgumentParser prints for it.
struct PrintVersion: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version", shouldDisplay: false)

    func run() throws { try Terminal.print(Tool.version) }
}
