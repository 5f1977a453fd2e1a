#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerFiles
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

    @Test("the hook calls stickerlint by its absolute path and checks staged stickers whose names have spaces and accents",
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

    @Test("when the binary has moved, the hook says what to do and stops the commit; --force writes it again",
          Requirement.trait(git != nil, "git is not installed"))
    func moved() throws {
        let bin = Scratch()
        try bin.write("stickerlint", try DiskFileSystem().read(CLI.executable))
        chmod(bin.at("stickerlint"), 0o755)
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
}
