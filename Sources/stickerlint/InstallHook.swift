#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import StickerCatalog
import StickerImage
import StickerFiles

/// `stickerlint install-hook`: a plain `.git/hooks/pre-commit` for teams without the pre-commit framework.
struct InstallHook: ParsableCommand {
    /// Shown at the end of `--help`.
    static let examples = [
        "cd MyApp && stickerlint install-hook",
    ]

    static let configuration = CommandConfiguration(
        commandName: "install-hook",
        abstract: "Install a git pre-commit hook that checks the stickers a commit touches.",
        discussion: """
            Writes .git/hooks/pre-commit in the current repository. The hook passes the staged PNG, APNG, \
            GIF, JPEG and Contents.json files to `stickerlint check`, which also checks the sticker packs \
            they belong to. An existing hook is never replaced. (With the pre-commit framework, use \
            .pre-commit-hooks.yaml.)
            """)

    @Flag(help: "Replace a hook that an earlier `stickerlint install-hook` wrote (for example after stickerlint moved).")
    var force = false

    /// The line that marks a hook as ours.
    static let marker = "# Installed by `stickerlint install-hook`"

    func run() throws {
        guard let hooks = Self.hooksFolder(from: DiskFileSystem().realPath(".") ?? ".") else {
            Terminal.error("not inside a git repository (no .git folder here or above)")
            throw ExitCode(2)
        }
        let hook = PathText.join(hooks, "pre-commit")
        if DiskFileSystem().kind(hook) != .missing {
            let ours = (try? DiskFileSystem().read(hook)).map { String(decoding: $0, as: UTF8.self).contains(Self.marker) } ?? false
            guard force && ours else {
                Terminal.error(ours ? "\(hook) exists (installed by stickerlint); give --force to write it again"
                                    : "\(hook) exists; not replacing it. Add this line to it instead:\n  \(Self.command)")
                throw ExitCode(1)
            }
        }
        do {
            try Folders.create(hooks)
            try AtomicFile.write(Array(Self.script.utf8), to: hook, overwrite: force)
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
        chmod(hook, AtomicFile.newFileMode(0o777))   // executable, as far as the umask allows
        print("installed \(hook)")
    }

    /// The one line to add to an existing hook.
    static var command: String {
        "files=$(git -c core.quotePath=false diff --cached --name-only --diff-filter=ACMR | grep -iE '\(filePattern)') "
            + "&& printf '%s\\n' \"$files\" | tr '\\n' '\\0' | xargs -0 \(Self.quoted(Self.binary)) check --"
    }

    /// The staged files the hook checks: every extension of the formats table, and Contents.json files.
    static var filePattern: String {
        "\\.(" + ImageFormat.recognizedExtensions.sorted().joined(separator: "|") + ")$|(^|/)Contents\\.json$"
    }

    /// This program's absolute path, which the hook calls: GUI git clients and Xcode run hooks with a
    /// `PATH` that lacks Homebrew's folders.
    static var binary: String { Executable.path ?? "stickerlint" }

    /// A word for sh: in single quotes, each ' written as '\\''.
    static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// POSIX sh, for Linux and macOS alike: names with spaces and non-ASCII letters are passed whole
    /// (`core.quotePath=false`, split on line breaks only, no globbing), and nothing runs when the commit
    /// touches no sticker file.
    static var script: String {
        """
        #!/bin/sh
        \(marker): checks the sticker files this commit adds or changes,
        # and the sticker packs they belong to. Skip once with `git commit --no-verify`.
        stickerlint=\(Self.quoted(binary))
        if [ ! -x "$stickerlint" ]; then
          if command -v stickerlint >/dev/null 2>&1; then
            stickerlint=$(command -v stickerlint)
          else
            echo "stickerlint pre-commit hook: $stickerlint is gone (moved or uninstalled)." >&2
            echo "  Install it again and run 'stickerlint install-hook --force' in this repository," >&2
            echo "  or commit once with 'git commit --no-verify'." >&2
            exit 1
          fi
        fi
        files=$(git -c core.quotePath=false diff --cached --name-only --diff-filter=ACMR \\
          | grep -iE '\(filePattern)') || exit 0
        IFS='
        '
        set -f
        # shellcheck disable=SC2086
        exec "$stickerlint" check -- $files

        """
    }

    /// The hooks folder of the repository containing `directory` (worktrees included).
    static func hooksFolder(from directory: String) -> String? {
        var current = directory
        while true {
            let git = PathText.join(current, ".git")
            switch DiskFileSystem().kind(git) {
            case .directory:
                return PathText.join(git, "hooks")
            case .file:
                // A worktree or submodule: ".git" names the real folder ("gitdir: …").
                if let bytes = try? DiskFileSystem().read(git) {
                    let text = String(decoding: bytes, as: UTF8.self).trimmingSpaces()
                    if text.hasPrefix("gitdir: ") {
                        let target = String(text.dropFirst(8))
                        return PathText.join(target.hasPrefix("/") ? target : PathText.join(current, target), "hooks")
                    }
                }
                return nil
            default:
                let parent = PathText.parent(current)
                if parent == current || current == "/" { return nil }
                current = parent
            }
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}
