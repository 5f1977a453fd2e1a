import ArgumentParser

/// `stickerlint check FILE...` and `stickerlint report FILE... -o FILE` parsed without ArgumentParser,
/// whose parse reflects every option of the command through the Swift runtime (half of a warm one-file
/// check, and 2.5 ms of a warm report: Benchmarks/README.md, "Start-up" and issue #39). Only plain
/// paths and the options below, each at most once, values not starting with "-"; anything else (help,
/// another option, `--`, `=`, a repeat, an empty list) returns nil and goes through ArgumentParser, so
/// every message and every other spelling stays its. The result is the very command ArgumentParser
/// would give (a test compares them, every field).
enum QuickParse {
    /// The options the quick parse reads (a pre-commit hook's and an editor's way of calling): flags, and
    /// options with one value.
    static let flags: Set<String> = ["-q", "--quiet", "--no-cache", "--strict", "--allow-empty"]
    static let options: Set<String> = ["--cache-path", "--config"]

    /// The paths, the flags given (canonical spelling) and the options' values, or nil.
    static func split(_ arguments: [String], moreOptions: Set<String> = []) -> (paths: [String], flags: Set<String>, values: [String: String])? {
        var paths: [String] = []
        var flags: Set<String> = []
        var values: [String: String] = [:]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !argument.hasPrefix("-") {
                paths.append(argument)
            } else if Self.flags.contains(argument) {
                let canonical = argument == "-q" ? "--quiet" : argument
                guard flags.insert(canonical).inserted else { return nil }
            } else if Self.options.contains(argument) || moreOptions.contains(argument), index < arguments.count,
                !arguments[index].hasPrefix("-"), values[argument] == nil
            {
                values[argument] = arguments[index]
                index += 1
            } else {
                return nil
            }
        }
        guard !paths.isEmpty else { return nil }
        return (paths, flags, values)
    }

    /// The lint options of a quick parse, every field as ArgumentParser leaves it.
    static func lintOptions(paths: [String], flags: Set<String>, values: [String: String]) -> LintOptions {
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
        lint.asWalked = false
        lint.asPack = false
        return lint
    }
}

extension Check {
    static func quick(_ arguments: [String]) -> Check? {
        guard let (paths, flags, values) = QuickParse.split(arguments) else { return nil }
        var check = Check()
        check.lint = QuickParse.lintOptions(paths: paths, flags: flags, values: values)
        check.format = OutputFormat(identifier: "text")
        check.output = nil
        check.reports = []
        check.stamp = nil
        check.embedThumbnails = false
        guard (try? check.validate()) != nil else { return nil }
        return check
    }
}

extension Report {
    /// With `-o PATH` or `--output PATH` too (a file, or a folder `DIR/`: the command tells them apart).
    static func quick(_ arguments: [String]) -> Report? {
        guard let (paths, flags, values) = QuickParse.split(arguments, moreOptions: ["-o", "--output"]),
            !(values["-o"] != nil && values["--output"] != nil)
        else { return nil }
        var report = Report()
        report.lint = QuickParse.lintOptions(paths: paths, flags: flags, values: values)
        report.output = values["-o"] ?? values["--output"] ?? "stickerlint-report.html"
        guard (try? report.validate()) != nil else { return nil }
        return report
    }
}
