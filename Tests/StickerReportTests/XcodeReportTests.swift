import StickerLint
import StickerReport
import StickerTestSupport
import Testing

/// `--format xcode`: one `/abs/path:1:1: severity: message [rule]` line per finding, which Xcode's build
/// log shows in the Issue navigator.
@Suite("Xcode report")
struct XcodeReportTests {
    static let context = ReportContext(workingDirectory: "/Users/me/My App")

    @Test("every severity, absolute paths kept, relative ones joined to the working directory, spaces and colons as they are")
    func lines() {
        let result = LintResult(
            files: [],
            diagnostics: [
                Diagnostic(
                    rule: "file-size", severity: .error, path: "Stickers.xcstickers/P.stickerpack/Big: v2.sticker/big 1.png",
                    message: "file is 520,000 bytes, 8,000 over the 512,000-byte limit"),
                Diagnostic(rule: "square", severity: .warning, path: "/abs/loose 1.png", message: "image is 408×300 px, not square"),
                Diagnostic(rule: "preferred-format", severity: .note, path: "a.gif", message: "content is GIF")
            ])
        let expected = """
            /Users/me/My App/Stickers.xcstickers/P.stickerpack/Big: v2.sticker/big 1.png:1:1: error: file is 520,000 bytes, 8,000 over the 512,000-byte limit [file-size]
            /abs/loose 1.png:1:1: warning: image is 408×300 px, not square [square]
            /Users/me/My App/a.gif:1:1: note: content is GIF [preferred-format]

            """
        #expect(XcodeReporter(context: Self.context).render(result) == expected)
    }

    @Test("a line break or control character in a path or message cannot start a second issue line")
    func oneLinePerFinding() {
        let result = LintResult(
            files: [],
            diagnostics: [
                Diagnostic(rule: "catalog-json", severity: .error, path: "odd\nname/Contents.json", message: "is not valid JSON:\r\nline 1\t\u{1B}")
            ])
        let out = XcodeReporter(context: Self.context).render(result)
        #expect(out == "/Users/me/My App/odd\\nname/Contents.json:1:1: error: is not valid JSON:\\r\\nline 1\\t\\u{1b} [catalog-json]\n")
    }

    @Test("nothing found prints nothing (Xcode shows no issue)")
    func empty() {
        #expect(XcodeReporter(context: Self.context).render(LintResult(files: [], diagnostics: [])) == "")
    }

    @Test("the registry offers it as --format xcode")
    func registered() {
        #expect(ReporterRegistry.reporter("xcode").map(ObjectIdentifier.init) == ObjectIdentifier(XcodeReporter.self))
    }
}
