// The lint API's top: the rules (Rules/, with their examples and corrections) over the engine
// (StickerLintEngine: the linter, configuration, facts, cache, stores), which knows no rule and is handed
// `RuleRegistry.rules` from here. Importing StickerLint gives both.
@_exported import StickerLintEngine
import StickerFiles
import StickerImage

extension Linter {
    /// A linter of `configuration`'s rules and profiles that inspects images on `jobs` threads.
    public init(configuration: Configuration, jobs: Int = Linter.defaultJobs) {
        self.init(rules: RuleRegistry.rules, configuration: configuration, jobs: jobs, files: DiskFileSystem())
    }

    /// Every rule of the registry, over `files` (a disk or one in memory), decoding within `limits`.
    package init(
        configuration: Configuration = Configuration(), jobs: Int = Linter.defaultJobs,
        files: any FileSystem = DiskFileSystem(), limits: DecodeLimits = .default, thumbnailSide: Int? = nil
    ) {
        self.init(rules: RuleRegistry.rules, configuration: configuration, jobs: jobs, files: files, limits: limits, thumbnailSide: thumbnailSide)
    }
}

extension Configuration {
    /// Reads and validates a configuration file.
    public static func load(path: String) throws(ConfigurationError) -> Configuration {
        try load(path: path, rules: RuleRegistry.rules)
    }

    /// Parses configuration text. Unknown keys, unknown rule IDs and bad values are errors naming the line.
    public static func parse(_ text: String, path: String) throws(ConfigurationError) -> Configuration {
        try parse(text, path: path, rules: RuleRegistry.rules)
    }
}
