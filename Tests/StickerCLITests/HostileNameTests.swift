#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StickerFiles
import StickerLint
import StickerReport
import StickerTestSupport
import Testing

/// #51 point 2: a file name that holds line breaks, `::` workflow commands, ESC, BEL, a C1 control and
/// a bidi override goes through every command and every report format without any of it coming out
/// raw: no output line starts a GitHub Actions command that stickerlint did not write, and no control
/// or override reaches the terminal.
@Suite("hostile names")
struct HostileNameTests {
    /// The name: a forged workflow command on a line of its own, a mask command, colour, a bell, CSI as
    /// a C1 control, and a right-to-left override.
    static let name =
        "cat\n::error file=README.md,line=1::FORGED\n::add-mask::secret\u{1B}[31mred\u{07}\u{9B}2J\u{202E}gnp.exe\u{2066}x\u{2028}y\u{FEFF}z"

    /// What may not appear in any output: a raw control, override or hidden character.
    static let forbidden: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}", "\u{2066}", "\u{2028}", "\u{FEFF}"]

    /// The problems found in one command's output (standard output and standard error).
    static func problems(_ label: String, _ text: String, github: Bool = false) -> [String] {
        var found: [String] = []
        for scalar in forbidden where text.unicodeScalars.contains(scalar) {
            found.append("\(label): raw U+\(String(scalar.value, radix: 16, uppercase: true))")
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("::") else { continue }
            // GitHub's own lines are stickerlint's: a command, a file property, a title, then the message.
            let ours = github && (trimmed.hasPrefix("::error file=") || trimmed.hasPrefix("::warning file=") || trimmed.hasPrefix("::notice file="))
            if !ours { found.append("\(label): a line starts with \"::\": \(line.prefix(80))") }
        }
        if github {
            // Every command stickerlint writes ends its properties at the first "::": the name's own "::" are escaped.
            for line in text.split(separator: "\n") where line.contains("README.md") {
                let afterCommand = line.dropFirst(2)
                if let end = afterCommand.firstRange(of: "::"), !afterCommand[..<end.lowerBound].contains("FORGED") {
                    found.append("github: the name ends the properties early: \(line.prefix(120))")
                }
                if line.contains("::add-mask::") || line.contains("::error file=README.md") {
                    found.append("github: a forged command: \(line.prefix(120))")
                }
            }
        }
        return found
    }

    @Test("a hostile name through check (every format), report, merge, inspect, fix, pack, pack --for and variants")
    func everyCommandEveryFormat() throws {
        let scratch = Scratch()
        // A sticker over the side limit (so that findings name it), an opaque one, in a loose folder.
        try scratch.write("art/" + Self.name + ".png", ExampleContent.png(width: 700, height: 700).bytes())
        try scratch.write("art/plain.png", ExampleContent.png(width: 408, height: 408).bytes())
        let art = scratch.at("art")
        var problems: [String] = []
        func run(_ label: String, _ arguments: [String], github: Bool = false) throws -> Int32 {
            let (status, out, err) = try CLI.run(arguments, in: scratch.path)
            problems += Self.problems(label + " (stdout)", out, github: github) + Self.problems(label + " (stderr)", err)
            #expect(
                out.contains("cat") || err.contains("cat") || arguments.contains("-o"),
                "\(label) does not name the file: \(out.prefix(300)) \(err.prefix(300))")
            return status
        }
        for format in ["text", "json", "sarif", "junit", "github", "xcode", "markdown", "html"] {
            #expect(try run("check --format \(format)", ["check", "--no-cache", "--format", format, art], github: format == "github") == 1)
        }
        #expect(try run("check -o report.json", ["check", "--no-cache", "--format", "json", "-o", scratch.at("report.json"), art]) == 1)
        #expect(try run("report", ["report", "--no-cache", art, "-o", scratch.at("report.html")]) == 1)
        for format in ["text", "github", "markdown", "xcode"] {
            _ = try run("merge --format \(format)", ["merge", "--format", format, scratch.at("report.json")], github: format == "github")
        }
        _ = try run("inspect", ["inspect", art + "/" + Self.name + ".png"])
        _ = try run("fix --dry-run", ["fix", "--dry-run", "--resize-to-grid", art])
        _ = try run("pack", ["pack", art, "-o", scratch.at("Out.xcstickers"), "--pad", "--remove-background"])
        _ = try run("pack --for", ["pack", art, "--for", "whatsapp,line", "-o", scratch.at("stores"), "--name", "Cats"])
        _ = try run("variants", ["variants", art, "--out", scratch.at("variants")])
        _ = try run("fix", ["fix", "--resize-to-grid", art])
        _ = try run("an unknown option", ["check", "--no-such-option" + Self.name, art])
        _ = try run("a missing path", ["check", art + "/missing " + Self.name])
        // An error naming the file is one line: the name's line breaks are escaped, not kept.
        let missing = try CLI.run(["check", art + "/missing " + Self.name], in: scratch.path)
        #expect(missing.2.split(separator: "\n").count == 1, "\(missing.2)")
        let packed = try CLI.run(["pack", scratch.at("nothing " + Self.name + ".png"), "-o", scratch.at("X.xcstickers")], in: scratch.path)
        #expect(packed.2.split(separator: "\n").count == 1, "\(packed.2)")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("the escaper: controls, C1, bidi, separators and hidden characters escaped; '::' split; letters, emoji and marks as they are")
    func escaper() {
        #expect("a\nb\r\tc".displayed == "a\\nb\\r\\tc")
        #expect("\u{1B}[31m\u{07}\u{7F}\u{80}\u{9F}".displayed == "\\u{1b}[31m\\u{7}\\u{7f}\\u{80}\\u{9f}")
        #expect(
            "\u{202A}\u{202E}\u{2066}\u{2069}\u{200E}\u{200F}\u{061C}".displayed == "\\u{202a}\\u{202e}\\u{2066}\\u{2069}\\u{200e}\\u{200f}\\u{61c}")
        #expect("\u{2028}\u{2029}\u{200B}\u{FEFF}\u{2060}".displayed == "\\u{2028}\\u{2029}\\u{200b}\\u{feff}\\u{2060}")
        #expect("\u{200C}\u{200D}".displayed == "\u{200C}\u{200D}")
        #expect("::error::x".displayed == ":\\u{3a}error:\\u{3a}x")
        #expect(":::".displayed == ":\\u{3a}:")
        #expect("a:b: c".displayed == "a:b: c")
        // Just outside each escaped range: passes as it is (inside the text: whitespace that begins or ends it is escaped).
        #expect(
            "x\u{20}\u{7E}\u{A0}\u{200A}\u{2027}\u{202F}\u{2065}\u{FEFE}\u{2064}\u{2063}x".displayed
                == "x\u{20}\u{7E}\u{A0}\u{200A}\u{2027}\u{202F}\u{2065}\u{FEFE}\\u{2064}\\u{2063}x")
        // Every other format character, and the invisible non-format ones, escaped: names that differ only in them
        // never look alike.
        #expect(
            "cat\u{AD}\u{34F}\u{180E}\u{2061}\u{206A}\u{206F}\u{FFF9}\u{FFFB}\u{3164}\u{E0020}\u{E0041}.png".displayed
                == "cat\\u{ad}\\u{34f}\\u{180e}\\u{2061}\\u{206a}\\u{206f}\\u{fff9}\\u{fffb}\\u{3164}\\u{e0020}\\u{e0041}.png")
        // Leading and trailing whitespace escaped: "  error  …" cannot pass for a report's own indented line.
        #expect("  error  x ".displayed == "\\u{20}\\u{20}error  x\\u{20}")
        #expect("\u{3000}a\u{A0}".displayed == "\\u{3000}a\\u{a0}")
        #expect("   ".displayed == "\\u{20}\\u{20}\\u{20}")
        // A subdivision flag's tag sequence passes whole (England: 🏴 and g b e n g, cancel tag).
        let kept = "café cafe\u{301} 😀 👩‍👩‍👧 日本語 عربي ❤️ 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"
        #expect(kept.displayed == kept)
    }

    #if os(Linux)
    /// Linux's /dev/full takes no byte (ENOSPC); macOS has no such device, and this stays unproven there.
    @Test("a report to a standard output that cannot be written is exit 2 with a line on standard error, for every command that prints")
    func fullStandardOutput() throws {
        let scratch = Scratch()
        try scratch.write("art/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        for arguments in [
            ["check", "--no-cache", "art"], ["check", "--no-cache", "--format", "json", "art"], ["rules"], ["inspect", "art/a.png"],
            ["--version"], ["check", "--help"], ["fix", "--dry-run", "art"], ["variants", "art", "--out", "v"]
        ] {
            let command = ([CLI.executable] + arguments).map { "'\($0)'" }.joined(separator: " ") + " > /dev/full"
            let (status, _, err) = try Process.run("/bin/sh", ["-c", command], in: scratch.path)
            #expect(status == 2, "\(arguments): \(status) \(err)")
            #expect(err.contains("cannot write to standard output"), "\(arguments): \(err)")
        }
    }
    #endif

    @Test("a reader that stops early (| head -c 10, SIGPIPE) takes only standard output away: the --report files of the run are written")
    func readerStopsEarly() throws {
        let scratch = Scratch()
        // Previews enough that the JSON report is far over a pipe's 64 KiB.
        for index in 0..<40 { try scratch.write("art/a\(index).png", ExampleContent.png(width: 408, height: 408, seed: index).bytes()) }
        let command =
            "'\(CLI.executable)' check --no-cache --format json --embed-thumbnails --report sarif:r.sarif --report junit:r.xml art | head -c 10 > /dev/null"
        let (status, _, err) = try Process.run("/bin/sh", ["-c", command], in: scratch.path)
        #expect(status == 0, "\(err)")
        let sarif = try DiskFileSystem().read(scratch.at("r.sarif"))
        #expect((try? JSONSerialization.jsonObject(with: Data(sarif))) != nil, "\(String(decoding: sarif, as: UTF8.self).suffix(200))")
        let junit = String(decoding: try DiskFileSystem().read(scratch.at("r.xml")), as: UTF8.self)
        #expect(junit.contains("a39.png") && junit.hasSuffix("</testsuites>\n"), "\(junit.suffix(200))")
    }

    @Test(
        "no name forges an Xcode issue or a SARIF location: a severity's colon in a name is escaped; a first segment's colon is percent-encoded (javascript:…, C:…)"
    )
    func xcodeAndSARIFLocations() throws {
        let scratch = Scratch()
        for name in ["a:7:3: error: FORGED.png", "javascript:alert(1).png", "C:x.png", "b: warning: x: note: y.png", "r:1:2: Error: z: remark: w.png"]
        {
            try scratch.write("art/" + name, ExampleContent.png(width: 700, height: 700).bytes())
        }
        let (_, xcode, _) = try CLI.run(["check", "--no-cache", "--format", "xcode", "art"], in: scratch.path)
        let lines = xcode.split(separator: "\n")
        #expect(lines.count == 5, "\(xcode)")
        for line in lines {
            // One header a line: ":1:1: error: " once, and no other severity word, in any case, followed by a colon.
            let lower = line.lowercased()
            #expect(lower.components(separatedBy: ": error: ").count == 2, "\(line)")
            #expect(!lower.contains(": warning:") && !lower.contains(": note:") && !lower.contains(": remark:"), "\(line)")
        }
        #expect(xcode.contains("/art/a:7:3: error\\u{3a} FORGED.png:1:1: error: "), "\(xcode)")
        let (_, sarif, _) = try CLI.run(["check", "--no-cache", "--format", "sarif", "art"], in: scratch.path)
        for uri in ["art/javascript:alert(1).png", "art/C:x.png"] { #expect(sarif.contains("\"uri\": \"\(uri)\""), "\(uri)") }
        #expect(URIPath.relative("javascript:alert(1).png", to: "/w") == "javascript%3Aalert(1).png")
        #expect(URIPath.relative("C:x.png", to: "/w") == "C%3Ax.png")
        #expect(URIPath.relative("/w/a:b/c:d.png", to: "/w") == "a%3Ab/c:d.png")
        #expect(URIPath.relative("/elsewhere/c:d.png", to: "/w") == "file:///elsewhere/c:d.png")
    }

    @Test(
        "names reach Markdown in code spans: a character reference, a link, an image, a mention, emphasis, HTML and a pipe are text (GitHub renders none of them in a code span), backticks fenced"
    )
    func markdownReference() throws {
        let scratch = Scratch()
        let names = [
            "a&#x202e;b.png": "`a&#x202e;b.png`", "[fix here](https:evil.example) @octocat.png": "`[fix here](https:evil.example) @octocat.png`",
            "![ok](x) <i>*hi*.png": "`![ok](x) <i>*hi*.png`", "a|b.png": "`a\\|b.png`", "a`b``c.png": "```a`b``c.png```",
            "`tick.png": "`` `tick.png ``"
        ]
        for name in names.keys { try scratch.write("art/" + name, ExampleContent.png(width: 700, height: 700).bytes()) }
        let (_, out, _) = try CLI.run(["check", "--no-cache", "--format", "markdown", "art"], in: scratch.path)
        for (name, cell) in names { #expect(out.contains("| " + cell + " | `"), "\(name): \(out)") }
        // A message quoting a name is a code span too.
        #expect(!out.contains("| [fix here]") && out.contains("| ❌ error | `"), "\(out)")
    }
}
