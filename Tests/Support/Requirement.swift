#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

/// What a test needs from the machine (a tool, a corpus, a Python module), and what happens without it.
///
/// On a developer's machine a test whose requirement is missing is skipped with a message. Under CI
/// (`CI` set in the environment) it runs and fails, naming what is missing: a missing install step must
/// never turn into a green run that checked nothing.
package enum Requirement {
    /// Whether this run is CI's (the `CI` environment variable is set and not "false" or "0").
    package static let isCI: Bool = {
        guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }()

    /// A trait that skips the test when `available` is false, except under CI where the test runs (and
    /// `require` inside it fails).
    package static func trait(_ available: Bool, _ missing: String) -> ConditionTrait {
        .enabled(if: available || isCI, Comment(rawValue: missing))
    }

    /// Fails the test, naming what is missing, when `available` is false.
    package static func require(
        _ available: Bool, _ missing: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try #require(
            available, Comment(rawValue: "\(missing)\(isCI ? " (CI must provide it)" : "")"),
            sourceLocation: sourceLocation)
    }
}

/// Command-line tools the tests use, found on `PATH` (Homebrew puts them in /opt/homebrew/bin).
package enum Tools {
    /// The tool's full path, or nil when no folder of `PATH` has an executable of that name.
    package static func find(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// The tool's full path, or its bare name (which fails clearly when run) when it is not on `PATH`.
    package static func path(_ name: String) -> String { find(name) ?? name }

    package static func available(_ name: String) -> Bool { find(name) != nil }

    /// Whether `python3` can import a module.
    package static func pythonHas(_ module: String) -> Bool {
        guard let python = find("python3") else { return false }
        return (try? Process.run(python, ["-c", "import \(module)"]).0) == 0
    }
}
