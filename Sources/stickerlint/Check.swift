import ArgumentParser
import StickerCatalog
import StickerLint
import StickerReport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `stickerlint check [PATH...]`: the main job.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check stickers and sticker catalogs (the default command).",
        discussion: """
            PATH may be an image, a folder (walked recursively), an asset catalog (.xcassets,
            .xcstickers), a .stickerpack, a .sticker or a .stickersequence. Settings come from the nearest
            .stickerlint.yml in the current folder or its parents, or from --config.
            """)

    @Argument(help: "Files and folders to check.", completion: .file())
    var paths: [String] = ["."]

    @Option(help: "Output format.")
    var format: OutputFormat = .text

    @Option(name: [.short, .long], help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(help: "Grid for loose stickers (the grid-size rule skips loose stickers without one).")
    var grid: GridSize?

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Option(help: "Configuration file (default: the nearest .stickerlint.yml).")
    var config: String?

    @Option(help: "Images checked in parallel (default: all cores). Results are the same for any value.")
    var jobs: Int?

    @Flag(name: .shortAndLong, help: "Print the findings only: no summary line.")
    var quiet = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        var configuration: Configuration
        do {
            if let config {
                configuration = try Configuration.load(path: config)
            } else if let found = Configuration.find(from: ".") {
                configuration = try Configuration.load(path: found)
            } else {
                configuration = Configuration()
            }
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
        if let grid { configuration.grid = grid }
        let linter = Linter(configuration: configuration, jobs: jobs ?? Linter.defaultJobs)
        let result: LintResult
        do {
            result = try linter.lint(paths)
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
        let reporter: any Reporter = switch format {
        case .text: TextReporter(colored: output == nil && Terminal.colorsStandardOutput, quiet: quiet)
        case .json: JSONReporter()
        }
        do {
            try Terminal.emit(reporter.render(result), to: output)
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
        if result.fails(strict: strict) { throw ExitCode(1) }
    }
}

/// `--format` values.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}

extension GridSize: ExpressibleByArgument {}
