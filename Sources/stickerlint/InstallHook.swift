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

    func run() throws {
        guard let hooks = Self.hooksFolder(from: DiskFileSystem().realPath(".") ?? ".") else {
            Terminal.error("not inside a git repository (no .git folder here or above)")
            throw ExitCode(2)
        }
        let hook = PathText.join(hooks, "pre-commit")
        if DiskFileSystem().kind(hook) != .missing {
            Terminal.error("\(hook) exists; not replacing it. Add this line to it instead:\n  \(Self.command)")
            throw ExitCode(1)
        }
        do {
            try Folders.create(hooks)
            try AtomicFile.write(Array(Self.script.utf8), to: hook, overwrite: false)
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
        chmod(hook, 0o755)
        print("installed \(hook)")
    }

    /// The one line to add to an existing hook.
    static var command: String {
        "git diff --cached --name-only --diff-filter=ACMR -z | grep -zaiE '\(filePattern)' | xargs -0 -r stickerlint check --"
    }

    /// The staged files the hook checks: every extension of the formats table, and Contents.json files.
    static var filePattern: String {
        "\\.(" + ImageFormat.recognizedExtensions.sorted().joined(separator: "|") + ")$|(^|/)Contents\\.json$"
    }

    static var script: String {
        let this = DiskFileSystem().realPath(CommandLine.arguments[0]) ?? "stickerlint"
        return """
            #!/bin/sh
            # Installed by `stickerlint install-hook`: checks the sticker files this commit adds or changes,
            # and the sticker packs they belong to. Skip once with `git commit --no-verify`.
            if command -v stickerlint >/dev/null 2>&1; then stickerlint=stickerlint; else stickerlint='\(this)'; fi
            git diff --cached --name-only --diff-filter=ACMR -z \\
              | grep -zaiE '\(filePattern)' \\
              | xargs -0 -r "$stickerlint" check --

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
