import ArgumentParser

extension Check {
    /// The options the quick parse reads (a pre-commit hook's and an editor's way of calling): flags, and
    /// options with one value.
    static let quickFlags: Set<String> = ["-q", "--quiet", "--no-cache", "--strict", "--allow-empty"]
    static let quickOptions: Set<String> = ["--cache-path", "--config"]

    /// `stickerlint check FILE...` parsed without ArgumentParser, whose parse reflects every option of
    /// the command through the Swift runtime (half of a warm one-file check: Benchmarks/README.md,
    /// "Start-up"). Only plain paths and the options above, each at most once, values not starting
    /// with "-"; anything else (help, another option, `--`, `=`, a repeat, an empty list) returns nil
    /// and goes through ArgumentParser, so every message and every other spelling stays its. The
    /// result is the very `Check` ArgumentParser would give (a test compares them, every field).
    static func quick(_ arguments: [String]) -> Check? {
        var paths: [String] = []
        var flags: Set<String> = []
        var values: [String: String] = [:]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !argument.hasPrefix("-") {
                paths.append(argument)
            } else if quickFlags.contains(argument) {
                let canonical = argument == "-q" ? "--quiet" : argument
                guard flags.insert(canonical).inserted else { return nil }
            } else if quickOptions.contains(argument), index < arguments.count, !arguments[index].hasPrefix("-"), values[argument] == nil {
                values[argument] = arguments[index]
                index += 1
            } else {
                return nil
            }
        }
        guard !paths.isEmpty else { return nil }
        var jobs = JobsOption()
        jobs.jobs = nil
        var lint = LintOptions()
        lint.paths = paths
        lint.grid = nil
        lint.profile = nil
        lint.shard = nil
        lint.allowEmpty = flags.contains("--allow-empty")
        lint.strict = flags.contains("--strict")
        lint.maxWarnings = nil
        lint.baseline = nil
        lint.writeBaseline = nil
        lint.config = values["--config"]
        lint.noCache = flags.contains("--no-cache")
        lint.cachePath = values["--cache-path"]
        lint.parallel = jobs
        lint.quiet = flags.contains("--quiet")
        var check = Check()
        check.lint = lint
        check.format = OutputFormat(identifier: "text")
        check.output = nil
        check.reports = []
        check.stamp = nil
        check.embedThumbnails = false
        guard (try? check.validate()) != nil else { return nil }
        return check
    }
}
