import StickerFiles
import StickerLint
import StickerTestSupport
import Testing

/// #52 point 8: nothing to do is exit 2 for every command that walks folders, as for `check`; a folder
/// given to `inspect` is a usage error; `fix` takes `--no-cache` as `check` and `report` do.
@Suite("exit status of an empty or misspelt input")
struct ExitStatusTests {
    @Test("an empty folder: check, fix and variants exit 2 naming it; with --allow-empty, 0")
    func emptyFolder() throws {
        let scratch = Scratch()
        try scratch.write("empty/.keep", "")
        for command in [["check", "--no-cache"], ["fix"], ["variants"]] {
            let (status, out, err) = try CLI.run(command + ["empty"], in: scratch.path)
            #expect(status == 2 && err.contains("found under empty (give --allow-empty if that is expected)"), "\(command): \(status) \(out) \(err)")
            let allowed = try CLI.run(command + ["--allow-empty", "empty"], in: scratch.path)
            #expect(allowed.0 == 0, "\(command) --allow-empty: \(allowed.2)")
        }
    }

    @Test("a misspelt folder: check, fix, variants and inspect exit 2 naming it")
    func misspelt() throws {
        let scratch = Scratch()
        for command in [["check", "--no-cache"], ["fix"], ["variants"], ["inspect"]] {
            let (status, _, err) = try CLI.run(command + ["Stikers"], in: scratch.path)
            #expect(status == 2 && err.contains("Stikers"), "\(command): \(status) \(err)")
        }
    }

    @Test("inspect of a folder is exit 2 and says what to run instead")
    func inspectFolder() throws {
        let scratch = Scratch()
        try scratch.write("art/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        let (status, _, err) = try CLI.run(["inspect", "art"], in: scratch.path)
        #expect(status == 2 && err.contains("art is a folder: inspect takes image files (stickerlint check art checks what it holds)"), "\(err)")
        #expect(try CLI.run(["inspect", "art/a.png"], in: scratch.path).0 == 0)
    }

    @Test("fix takes --no-cache, as check and report do")
    func fixNoCache() throws {
        let scratch = Scratch()
        try scratch.write("art/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        let (status, out, err) = try CLI.run(["fix", "--no-cache", "art"], in: scratch.path)
        #expect(status == 0 && out.contains("fix: "), "\(status) \(out) \(err)")
    }
}
