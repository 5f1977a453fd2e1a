#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerFiles
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// `install-hook`: the hook runs from a GUI git client or Xcode, whose `PATH` has no Homebrew folder,
/// by calling stickerlint by absolute path; it says what to do when that binary has moved.
@Suite("install-hook")
struct InstallHookTests {
    static let git = Tools.find("git")
    /// What a GUI git client gives a hook: no /opt/homebrew/bin, no folder holding stickerlint.
    static let guiPath = ["PATH": "/usr/bin:/bin"]

    /// A repository with a hook installed by `binary`.
    static func repository(installedBy binary: String) throws -> (Scratch, String) {
        let scratch = Scratch()
        let git = try #require(Self.git)
        for arguments in [["init", "-q", "."], ["config", "user.email", "t@example.com"], ["config", "user.name", "T"]] {
            _ = try Process.run(git, arguments, in: scratch.path)
        }
        let (status, out, err) = try Process.run(binary, ["install-hook"], in: scratch.path)
        #expect(status == 0 && out.contains("installed"), "\(err)")
        return (scratch, git)
    }

    static func commit(_ files: [String: [UInt8]], in scratch: Scratch, git: String) throws -> (Int32, String, String) {
        for (name, bytes) in files {
            try scratch.write(name, bytes)
            _ = try Process.run(git, ["add", "--", name], in: scratch.path)
        }
        return try Process.run(git, ["commit", "-q", "-m", "change"], in: scratch.path, environment: Self.guiPath)
    }

    @Test(
        "the hook calls stickerlint by its absolute path and checks staged stickers whose names have spaces and accents",
        Requirement.trait(git != nil, "git is not installed"))
    func absolutePath() throws {
        let (scratch, git) = try Self.repository(installedBy: CLI.executable)
        let hook = String(decoding: try DiskFileSystem().read(scratch.at(".git/hooks/pre-commit")), as: UTF8.self)
        let binary = try #require(DiskFileSystem().realPath(CLI.executable))
        #expect(hook.contains("stickerlint='\(binary)'"), "\(hook)")
        // A good sticker passes, under a name with a space and an accent.
        let good = try Self.commit(["Pokémon 1.png": ExampleContent.png(width: 408, height: 408).bytes()], in: scratch, git: git)
        #expect(good.0 == 0, "\(good.2)")
        // An opaque one fails the commit, with the finding (git shows a hook's output on standard error).
        let bad = try Self.commit(["opaque box.png": ExampleContent.png(width: 408, height: 408, style: .opaque).bytes()], in: scratch, git: git)
        #expect(bad.0 != 0)
        #expect((bad.1 + bad.2).contains("opaque box.png\n  error") && (bad.1 + bad.2).contains("[transparency]"), "\(bad.1)\(bad.2)")
        _ = try Process.run(git, ["rm", "-q", "--cached", "--", "opaque box.png"], in: scratch.path)
        // A commit touching no sticker file runs nothing and passes.
        let text = try Self.commit(["README.txt": Array("hello".utf8)], in: scratch, git: git)
        #expect(text.0 == 0, "\(text.2)")
    }

    @Test(
        "when the binary has moved, the hook says what to do and stops the commit; --force writes it again",
        Requirement.trait(git != nil, "git is not installed"))
    func moved() throws {
        let bin = Scratch()
        try CLI.copyExecutable(to: bin.at("stickerlint"))
        let (scratch, git) = try Self.repository(installedBy: bin.at("stickerlint"))
        #expect(String(decoding: try DiskFileSystem().read(scratch.at(".git/hooks/pre-commit")), as: UTF8.self).contains(bin.path))
        DiskFileSystem().remove(bin.at("stickerlint"))
        let (status, _, err) = try Self.commit(["cat.png": ExampleContent.png(width: 408, height: 408).bytes()], in: scratch, git: git)
        #expect(status != 0)
        #expect(err.contains("is gone (moved or uninstalled)") && err.contains("stickerlint install-hook --force"), "\(err)")
        // Reinstalled from where stickerlint is now.
        let again = try Process.run(CLI.executable, ["install-hook"], in: scratch.path)
        #expect(again.0 == 1 && again.2.contains("give --force"))
        let forced = try Process.run(CLI.executable, ["install-hook", "--force"], in: scratch.path)
        #expect(forced.0 == 0, "\(forced.2)")
        let retry = try Process.run(git, ["commit", "-q", "-m", "change"], in: scratch.path, environment: Self.guiPath)
        #expect(retry.0 == 0, "\(retry.2)")
        // A hook someone else wrote is never replaced, even with --force.
        try scratch.write(".git/hooks/pre-commit", "#!/bin/sh\nexit 0\n")
        let foreign = try Process.run(CLI.executable, ["install-hook", "--force"], in: scratch.path)
        #expect(foreign.0 == 1 && foreign.2.contains("not replacing it"))
    }

    @Test(
        "the hook checks what is staged, not the working tree: a JPEG staged as .png fails the commit though a good PNG is on disk",
        Requirement.trait(git != nil, "git is not installed"))
    func checksStagedContent() throws {
        let (scratch, git) = try Self.repository(installedBy: CLI.executable)
        let good = ExampleContent.png(width: 408, height: 408).bytes()
        try scratch.write("Stickers/cat.png", try JPEGEncoder.encode(rgba: [UInt8](repeating: 200, count: 408 * 408 * 4), width: 408, height: 408))
        _ = try Process.run(git, ["add", "--", "Stickers/cat.png"], in: scratch.path)
        try scratch.write("Stickers/cat.png", good)  // the working tree now holds a good PNG; the index the JPEG
        let bad = try Process.run(git, ["commit", "-q", "-m", "jpeg"], in: scratch.path, environment: Self.guiPath)
        #expect(bad.0 != 0, "the staged JPEG was committed: \(bad.1)\(bad.2)")
        #expect((bad.1 + bad.2).contains("Stickers/cat.png"), "\(bad.1)\(bad.2)")
        // The working tree is left as it was, and staging the good file lets the commit through.
        #expect(try DiskFileSystem().read(scratch.at("Stickers/cat.png")) == good)
        _ = try Process.run(git, ["add", "--", "Stickers/cat.png"], in: scratch.path)
        let fixed = try Process.run(git, ["commit", "-q", "-m", "png"], in: scratch.path, environment: Self.guiPath)
        #expect(fixed.0 == 0, "\(fixed.2)")
        // The reverse: a good file staged with a bad one only in the working tree commits.
        try scratch.write("Stickers/cat.png", ExampleContent.png(width: 408, height: 408, style: .opaque).bytes())
        try scratch.write("Stickers/dog.png", ExampleContent.png(width: 408, height: 408, seed: 4).bytes())
        _ = try Process.run(git, ["add", "--", "Stickers/dog.png"], in: scratch.path)
        let unstagedBad = try Process.run(git, ["commit", "-q", "-m", "dog"], in: scratch.path, environment: Self.guiPath)
        #expect(unstagedBad.0 == 0, "\(unstagedBad.1)\(unstagedBad.2)")
        // No temporary folder is left behind.
        #expect(DiskFileSystem().kind(scratch.at("Stickers/.roots")) == .missing)
    }

    @Test(
        "install-hook writes where git runs hooks: core.hooksPath when set, the main repository's hooks from a worktree",
        Requirement.trait(git != nil, "git is not installed"))
    func hooksPath() throws {
        let git = try #require(Self.git)
        let scratch = Scratch()
        for arguments in [["init", "-q", "repo"]] { _ = try Process.run(git, arguments, in: scratch.path) }
        let repo = scratch.at("repo")
        for arguments in [["config", "user.email", "t@example.com"], ["config", "user.name", "T"], ["config", "core.hooksPath", ".githooks"]] {
            _ = try Process.run(git, arguments, in: repo)
        }
        let installed = try Process.run(CLI.executable, ["install-hook"], in: repo)
        #expect(installed.0 == 0, "\(installed.2)")
        #expect(DiskFileSystem().kind(scratch.at("repo/.githooks/pre-commit")) == .file)
        #expect(DiskFileSystem().kind(scratch.at("repo/.git/hooks/pre-commit")) == .missing)
        // git runs it: an opaque sticker fails the commit.
        try scratch.write("repo/box.png", ExampleContent.png(width: 408, height: 408, style: .opaque).bytes())
        _ = try Process.run(git, ["add", "box.png"], in: repo)
        #expect(try Process.run(git, ["commit", "-q", "-m", "x"], in: repo, environment: Self.guiPath).0 != 0)

        // A worktree: the hook goes to the repository's hooks folder, which git runs for every worktree.
        _ = try Process.run(git, ["config", "--unset", "core.hooksPath"], in: repo)
        _ = try Process.run(git, ["rm", "-q", "--cached", "box.png"], in: repo)
        try scratch.write("repo/README", "x")
        _ = try Process.run(git, ["add", "README"], in: repo)
        _ = try Process.run(git, ["commit", "-q", "-m", "first"], in: repo)
        _ = try Process.run(git, ["worktree", "add", "-q", "../tree"], in: repo)
        let fromTree = try Process.run(CLI.executable, ["install-hook"], in: scratch.at("tree"))
        #expect(fromTree.0 == 0, "\(fromTree.2)")
        #expect(DiskFileSystem().kind(scratch.at("repo/.git/hooks/pre-commit")) == .file, "\(fromTree.1)")
        try scratch.write("tree/box.png", ExampleContent.png(width: 408, height: 408, style: .opaque).bytes())
        _ = try Process.run(git, ["add", "box.png"], in: scratch.at("tree"))
        #expect(try Process.run(git, ["commit", "-q", "-m", "x"], in: scratch.at("tree"), environment: Self.guiPath).0 != 0)
    }
}

/// #52 points 1–3: the hook sees deletions and every format check reads, and the line it suggests for
/// an existing hook runs what the installed hook runs.
@Suite("install-hook: every change")
struct InstallHookChangeTests {
    @Test(
        "git rm of an image its Contents.json still names stops the commit; deleting a loose file commits",
        Requirement.trait(InstallHookTests.git != nil, "git is not installed"))
    func deletion() throws {
        let (scratch, git) = try InstallHookTests.repository(installedBy: CLI.executable)
        let sticker = "Stickers.xcstickers/Pack.stickerpack/Cat.sticker"
        try scratch.write("Stickers.xcstickers/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        try scratch.write(
            "Stickers.xcstickers/Pack.stickerpack/Contents.json", #"{"info":{"author":"xcode","version":1},"properties":{"grid-size":"regular"}}"#)
        try scratch.write(sticker + "/Contents.json", #"{"info":{"author":"xcode","version":1},"properties":{"filename":"cat.png"}}"#)
        let added = try InstallHookTests.commit(
            [
                sticker + "/cat.png": ExampleContent.png(width: 408, height: 408).bytes(),
                "loose.png": ExampleContent.png(width: 408, height: 408, seed: 2).bytes()
            ],
            in: scratch, git: git)
        _ = try Process.run(git, ["add", "-A"], in: scratch.path)
        _ = try Process.run(git, ["commit", "-q", "-m", "all"], in: scratch.path, environment: InstallHookTests.guiPath)
        #expect(added.0 == 0 || added.0 == 1)  // the catalog's own findings (no icon set) aside
        _ = try Process.run(git, ["rm", "-q", "--", sticker + "/cat.png"], in: scratch.path)
        let removed = try Process.run(git, ["commit", "-q", "-m", "rm"], in: scratch.path, environment: InstallHookTests.guiPath)
        #expect(removed.0 != 0, "the deletion was committed: \(removed.1)\(removed.2)")
        #expect((removed.1 + removed.2).contains("[missing-file]"), "\(removed.1)\(removed.2)")
        _ = try Process.run(git, ["reset", "-q", "HEAD", "--", sticker + "/cat.png"], in: scratch.path)
        _ = try Process.run(git, ["checkout", "-q", "--", sticker + "/cat.png"], in: scratch.path)
        _ = try Process.run(git, ["rm", "-q", "--", "loose.png"], in: scratch.path)
        let loose = try Process.run(git, ["commit", "-q", "-m", "rm loose"], in: scratch.path, environment: InstallHookTests.guiPath)
        #expect(loose.0 == 0, "\(loose.1)\(loose.2)")
    }

    @Test(
        "names git quotes (a quote, a backslash, a tab) are checked as staged, not passed over; a name with a line break stops the commit, said; a rename inside a catalog is checked for the old name its Contents.json still holds",
        Requirement.trait(InstallHookTests.git != nil, "git is not installed"))
    func quotedNamesAndRenames() throws {
        let (scratch, git) = try InstallHookTests.repository(installedBy: CLI.executable)
        // A 100×100 PNG: under every sticker's 300 px minimum.
        let small = try ExampleContent.png(width: 100, height: 100).bytes()
        for name in ["say \"hi\".png", "back\\slash.png", "tab\tbad.png", "Cat\"s.xcstickers/Pack.stickerpack/x.png"] {
            let (status, out, err) = try InstallHookTests.commit([name: small], in: scratch, git: git)
            #expect(
                status != 0 && (out + err).contains(name.hasSuffix("/x.png") ? "Cat\"s.xcstickers" : "[pixel-dimensions]"), "\(name): \(out)\(err)")
            _ = try Process.run(git, ["rm", "-q", "--cached", "--", name], in: scratch.path)
            unlink(scratch.at(name))
        }
        let (status, out, err) = try InstallHookTests.commit(["line\nbreak.png": small], in: scratch, git: git)
        #expect(status != 0 && err.contains("a staged file's name holds a line break, which the hook cannot check"), "\(out)\(err)")
        _ = try Process.run(git, ["rm", "-q", "--cached", "--", "line\nbreak.png"], in: scratch.path)
        unlink(scratch.at("line\nbreak.png"))
        // A catalog whose Contents.json names cat.png, committed; then cat.png renamed with git mv alone.
        let sticker = "Stickers.xcstickers/Pack.stickerpack/Cat.sticker"
        try scratch.write("Stickers.xcstickers/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        try scratch.write(
            "Stickers.xcstickers/Pack.stickerpack/Contents.json", #"{"info":{"author":"xcode","version":1},"properties":{"grid-size":"regular"}}"#)
        try scratch.write(sticker + "/Contents.json", #"{"info":{"author":"xcode","version":1},"properties":{"filename":"cat.png"}}"#)
        try scratch.write(sticker + "/cat.png", try ExampleContent.png(width: 408, height: 408).bytes())
        _ = try Process.run(git, ["add", "-A"], in: scratch.path)
        _ = try Process.run(git, ["commit", "-q", "--no-verify", "-m", "catalog"], in: scratch.path)
        _ = try Process.run(git, ["mv", sticker + "/cat.png", sticker + "/kitty.png"], in: scratch.path)
        let renamed = try Process.run(git, ["commit", "-q", "-m", "mv"], in: scratch.path, environment: InstallHookTests.guiPath)
        #expect(renamed.0 != 0 && (renamed.1 + renamed.2).contains("[missing-file]"), "the rename was committed: \(renamed.1)\(renamed.2)")
        _ = try Process.run(git, ["reset", "-q", "--hard"], in: scratch.path)
        // A committed link made a file (git's type change, T): the file is checked as staged.
        try scratch.write("target.png", try ExampleContent.png(width: 408, height: 408).bytes())
        #expect(symlink("target.png", scratch.at("s.png")) == 0)
        _ = try Process.run(git, ["add", "-A"], in: scratch.path)
        _ = try Process.run(git, ["commit", "-q", "--no-verify", "-m", "link"], in: scratch.path)
        unlink(scratch.at("s.png"))
        let retyped = try InstallHookTests.commit(["s.png": small], in: scratch, git: git)
        #expect(retyped.0 != 0 && (retyped.1 + retyped.2).contains("[pixel-dimensions]"), "the type change was committed: \(retyped.1)\(retyped.2)")
    }

    @Test(
        "a staged WebP with findings, a TGS and a WebM are checked; a package.json is not",
        Requirement.trait(InstallHookTests.git != nil, "git is not installed"))
    func everyFormat() throws {
        let (scratch, git) = try InstallHookTests.repository(installedBy: CLI.executable)
        let webp = try InstallHookTests.commit(
            ["sticker.webp": SolidWebP.bytes(width: 100, height: 100, frames: 1, delayMilliseconds: 0, padTo: nil, seed: 1)], in: scratch, git: git)
        #expect(webp.0 != 0 && (webp.1 + webp.2).contains("sticker.webp"), "\(webp.1)\(webp.2)")
        _ = try Process.run(git, ["rm", "-q", "--cached", "sticker.webp"], in: scratch.path)
        let tgs = try InstallHookTests.commit(["a.tgs": HostileMotion.tgs()], in: scratch, git: git)
        #expect(tgs.0 != 0 && (tgs.1 + tgs.2).contains("a.tgs"), "\(tgs.1)\(tgs.2)")
        _ = try Process.run(git, ["rm", "-q", "--cached", "a.tgs"], in: scratch.path)
        let json = try InstallHookTests.commit(["package.json": Array(#"{"name":"x"}"#.utf8)], in: scratch, git: git)
        #expect(json.0 == 0, "\(json.1)\(json.2)")
    }

    @Test(
        "beside an existing hook, the script is written and the suggested line runs it: a bad staged file with a good working copy stops the commit",
        Requirement.trait(InstallHookTests.git != nil, "git is not installed"))
    func existingHook() throws {
        let git = try #require(InstallHookTests.git)
        let scratch = Scratch()
        for arguments in [["init", "-q", "."], ["config", "user.email", "t@example.com"], ["config", "user.name", "T"]] {
            _ = try Process.run(git, arguments, in: scratch.path)
        }
        try scratch.writeExecutable(".git/hooks/pre-commit", "#!/bin/sh\necho theirs\n")
        let (status, _, err) = try Process.run(CLI.executable, ["install-hook"], in: scratch.path)
        #expect(status == 1 && err.contains("not replacing it"), "\(err)")
        let line = try #require(err.split(separator: "\n").last.map { String($0.drop { $0 == " " }) })
        #expect(line == #""$(git rev-parse --git-path hooks)/stickerlint-pre-commit" || exit 1"#, "\(err)")
        try scratch.writeExecutable(".git/hooks/pre-commit", "#!/bin/sh\necho theirs\n\(line)\n")
        // A bad file staged, a good one in the working tree: the commit stops.
        try scratch.write("box.png", ExampleContent.png(width: 408, height: 408, style: .opaque).bytes())
        _ = try Process.run(git, ["add", "box.png"], in: scratch.path)
        try scratch.write("box.png", ExampleContent.png(width: 408, height: 408).bytes())
        let bad = try Process.run(git, ["commit", "-q", "-m", "x"], in: scratch.path, environment: InstallHookTests.guiPath)
        #expect(bad.0 != 0 && (bad.1 + bad.2).contains("[transparency]"), "\(bad.1)\(bad.2)")
    }
}
