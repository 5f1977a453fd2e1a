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
        "cd MyApp && stickerlint install-hook"
    ]

    static let configuration = CommandConfiguration(
        commandName: "install-hook",
        abstract: "Install a git pre-commit hook that checks the stickers a commit touches.",
        discussion: """
            Writes pre-commit in the folder git runs hooks from (`git rev-parse --git-path hooks`: \
            .git/hooks, or core.hooksPath when it is set; a worktree shares its repository's). The hook \
            checks every staged change as it is staged (the index's version, not the working tree's), with \
            the catalogs it belongs to: PNG, APNG, GIF, JPEG, WebP, TGS and WebM files, Contents.json files, \
            Lottie JSON where a profile takes it, and deletions (a file deleted that a Contents.json still \
            names stops the commit). An existing hook is never replaced: the script is written beside it \
            as stickerlint-pre-commit, with the one line that runs it. (With the pre-commit framework, use \
            .pre-commit-hooks.yaml.)
            """)

    @Flag(help: "Replace a hook that an earlier `stickerlint install-hook` wrote (for example after stickerlint moved).")
    var force = false

    /// The line that marks a hook as ours.
    static let marker = "# Installed by `stickerlint install-hook`"

    func run() throws {
        guard let hooks = Self.gitHooksFolder() ?? Self.hooksFolder(from: DiskFileSystem().realPath(".") ?? ".") else {
            Terminal.error("not inside a git repository (no .git folder here or above)")
            throw ExitCode(2)
        }
        let hook = PathText.join(hooks, "pre-commit")
        if DiskFileSystem().kind(hook) != .missing {
            let ours = (try? DiskFileSystem().read(hook)).map { String(decoding: $0, as: UTF8.self).contains(Self.marker) } ?? false
            if !ours {
                // Another hook is there: the same script goes beside it, and one line added to it runs it
                // (what the installed hook does: the index's files, a failure stops the commit).
                let beside = PathText.join(hooks, Self.besideName)
                do {
                    try Folders.create(hooks)
                    try AtomicFile.write(Array(Self.script.utf8), to: beside, overwrite: true)
                } catch {
                    Terminal.error("\(error)")
                    throw ExitCode(2)
                }
                chmod(beside, AtomicFile.newFileMode(0o777))
                Terminal.error("\(hook) exists; not replacing it. Wrote \(beside); add this line to \(hook) to run it:", details: [Self.command])
                throw ExitCode(1)
            }
            guard force else {
                Terminal.error("\(hook) exists (installed by stickerlint); give --force to write it again")
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
        chmod(hook, AtomicFile.newFileMode(0o777))  // executable, as far as the umask allows
        try Terminal.print("installed \(hook.displayed)")
    }

    /// The script written beside a hook that is not ours.
    static let besideName = "stickerlint-pre-commit"

    /// The one line to add to an existing hook: it runs the installed script, which checks the index as
    /// the hook does and stops the commit on a failure.
    static var command: String {
        "\"$(git rev-parse --git-path hooks)/\(besideName)\" || exit 1"
    }

    /// The staged files the hook checks: every kind a folder walk takes (PNG, APNG, GIF, JPEG, WebP, TGS,
    /// WebM and the rest), JSON files (Contents.json, and Lottie stickers where a profile takes them:
    /// `check --as-walked` drops any other), in any letter case.
    static var filePattern: String {
        "\\.(" + FileKind.walkedExtensions.union(FileKind.profileWalkedExtensions).union(["json"]).sorted().joined(separator: "|") + ")$"
    }

    /// This program's absolute path, which the hook calls: GUI git clients and Xcode run hooks with a
    /// `PATH` that lacks Homebrew's folders.
    static var binary: String { Executable.path ?? "stickerlint" }

    /// A word for sh: in single quotes, each ' written as '\\''.
    static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// POSIX sh, for Linux and macOS alike: names with spaces, quotes, backslashes, tabs and non-ASCII
    /// letters are passed whole (git's `-z` lists, split on line breaks only, no globbing; a name holding a
    /// line break stops the commit, said), and nothing runs when the commit
    /// touches no sticker file. What is checked is what the commit records, as pre-commit does: the
    /// index's version of each staged file (and of every file of the catalogs they belong to, and of the
    /// `.stickerlint.yml` files) is written to a temporary folder with `git checkout-index` and checked
    /// there, so an unstaged fix in the working tree cannot hide a bad staged file.
    static var script: String {
        """
        #!/bin/sh
        \(marker): checks the sticker files this commit adds, changes or
        # deletes, as staged, and the sticker packs they belong to. Skip once with `git commit --no-verify`.
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
        # The staged names as git stores them (-z: never quoted, so "a\\tb.png" or 'say "hi".png' is passed
        # whole), a rename as its deletion and its addition (the old name may still be in a Contents.json), and a
        # change of type (T: a link made a file) as a change.
        staged_names() { git diff --cached --name-only -z --no-renames --diff-filter=ACMRDT; }
        case $(staged_names | tr -cd '\\n' | wc -c | tr -d ' ') in
          0) ;;
          *) echo "stickerlint pre-commit hook: a staged file's name holds a line break, which the hook cannot check." >&2
             echo "  Rename it, or commit once with 'git commit --no-verify'." >&2
             exit 1 ;;
        esac
        files=$(staged_names | tr '\\000' '\\n' | grep -iE '\(filePattern)') || exit 0
        cd "$(git rev-parse --show-toplevel)" || exit 1
        staged=$(mktemp -d "${TMPDIR:-/tmp}/stickerlint-hook.XXXXXX") || exit 1
        trap 'rm -rf "$staged"' EXIT
        trap 'exit 1' HUP INT TERM
        # The staged files, the catalogs (.xcstickers, .xcassets) they lie in, and every .stickerlint.yml.
        printf '%s\\n' "$files" | awk '{
          n = split($0, part, "/"); path = ""; root = ""
          for (i = 1; i < n && root == ""; i++) {
            path = (i == 1) ? part[i] : path "/" part[i]
            if (tolower(part[i]) ~ /\\.(xcstickers|xcassets)$/) root = path
          }
          print (root == "" ? $0 : root) }' | sort -u > "$staged/.roots"
        {
          while IFS= read -r root; do git ls-files -z -- ":(literal)$root"; done < "$staged/.roots"
          git ls-files -z -- ':(glob)**/.stickerlint.yml'
        } | git checkout-index -z --stdin --prefix="$staged/" || exit 1
        rm -f "$staged/.roots"
        cd "$staged" || exit 1
        # What each staged change asks to check: a file as staged; for a file deleted inside a catalog, the
        # nearest folder the index still has (its sticker, pack or catalog, whose Contents.json may still
        # name it); a deleted file outside a catalog leaves nothing to check.
        targets=$(printf '%s\\n' "$files" | while IFS= read -r f; do
          if [ -e "$f" ]; then printf '%s\\n' "$f"; continue; fi
          d=$(dirname "$f")
          while [ "$d" != . ] && [ "$d" != / ] && [ ! -d "$d" ]; do d=$(dirname "$d"); done
          case $(printf '%s' "$d" | tr '[:upper:]' '[:lower:]') in
            *.xcstickers|*.xcstickers/*|*.xcassets|*.xcassets/*) printf '%s\\n' "$d" ;;
          esac
        done | sort -u)
        [ -n "$targets" ] || exit 0
        IFS='
        '
        set -f
        # shellcheck disable=SC2086
        "$stickerlint" check --no-cache --as-walked -- $targets

        """
    }

    /// Where git runs hooks from: `git rev-parse --git-path hooks`, which honours `core.hooksPath` and
    /// worktrees (a worktree's hooks are the main repository's); nil outside a repository or without git.
    static func gitHooksFolder() -> String? {
        guard let pipe = popen("git rev-parse --path-format=absolute --git-path hooks 2>/dev/null", "r") else { return nil }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, pipe)
            if n <= 0 { break }
            output += buffer[0..<n]
        }
        guard pclose(pipe) == 0 else { return nil }
        let path = String(decoding: output, as: UTF8.self).trimmingWhitespace
        return path.isEmpty ? nil : path
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
                    let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespace
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
