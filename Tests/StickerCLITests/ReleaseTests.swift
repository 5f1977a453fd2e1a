import Foundation
import StickerReport
import StickerTestSupport
import Testing
import StickerFiles

/// The release pieces that can be proven here: the Homebrew formula's placeholders and their filling,
/// and the release archive (scripts/package-release.sh) with its checksum and licences.
@Suite("release: formula and archives")
struct ReleaseTests {
    static let root = Conformance.projectRoot
    static let ruby = Tools.find("ruby")
    static let tar = Tools.find("tar")
    static let sha256sum = Tools.find("sha256sum")

    @Test(
        "the formula's url and sha256 are placeholders that update-formula.sh fills in; the result is valid Ruby",
        Requirement.trait(ruby != nil, "ruby (apt ruby) checks the formula's syntax"))
    func formula() throws {
        try Requirement.require(Self.ruby != nil, "ruby")
        let source = try String(contentsOfFile: Self.root + "/Formula/stickerlint.rb", encoding: .utf8)
        let url = "url \"https://github.com/stickerlint/stickerlint/archive/refs/tags/vSTICKERLINT_VERSION.tar.gz\""
        #expect(source.contains(url))
        #expect(source.contains("sha256 \"STICKERLINT_SOURCE_SHA256\""))
        #expect(try Process.run(Self.ruby!, ["-c", Self.root + "/Formula/stickerlint.rb"]).0 == 0)

        let scratch = Scratch()
        let hash = String(repeating: "0123456789abcdef", count: 4)
        let filled = try Process.run(Self.root + "/scripts/update-formula.sh", [Tool.version, hash, scratch.at("stickerlint.rb")])
        #expect(filled.0 == 0, "\(filled.2)")
        let written = try String(contentsOfFile: scratch.at("stickerlint.rb"), encoding: .utf8)
        #expect(written.contains("url \"https://github.com/stickerlint/stickerlint/archive/refs/tags/v\(Tool.version).tar.gz\""))
        #expect(written.contains("sha256 \"\(hash)\""))
        #expect(!written.contains("STICKERLINT_"))
        #expect(try Process.run(Self.ruby!, ["-c", scratch.at("stickerlint.rb")]).0 == 0)
        // A placeholder, a short hash or a tag name never reaches a tap.
        for (version, sha) in [
            (Tool.version, "STICKERLINT_SOURCE_SHA256"), (Tool.version, String(hash.dropLast())),
            ("v" + Tool.version, hash), (Tool.version, hash.uppercased())
        ] {
            let refused = try Process.run(Self.root + "/scripts/update-formula.sh", [version, sha, scratch.at("refused.rb")])
            #expect(refused.0 == 2, "\(version) \(sha)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.at("refused.rb")))
    }

    @Test(
        "a release archive holds the binary and every linked library's licence, with a SHA-256 that checks, byte-identical when made twice",
        Requirement.trait(tar != nil && sha256sum != nil, "tar and sha256sum"))
    func archive() throws {
        try Requirement.require(Self.tar != nil && Self.sha256sum != nil, "tar and sha256sum")
        let scratch = Scratch()
        let name = "stickerlint-\(Tool.version)-linux-test"
        for out in ["one", "two"] {
            let made = try Process.run(Self.root + "/scripts/package-release.sh", [CLI.executable, name, scratch.at(out)])
            #expect(made.0 == 0, "\(made.2)")
        }
        let one = try Data(contentsOf: URL(fileURLWithPath: scratch.at("one/\(name).tar.gz")))
        let two = try Data(contentsOf: URL(fileURLWithPath: scratch.at("two/\(name).tar.gz")))
        #expect(one == two)
        let check = try Process.run(Self.sha256sum!, ["-c", "\(name).tar.gz.sha256"], in: scratch.at("one"))
        #expect(check.0 == 0 && check.1.contains("OK"))
        let listing = try Process.run(Self.tar!, ["-tzf", scratch.at("one/\(name).tar.gz")]).1
        let expected = [
            "bin/stickerlint", "README.md", "licenses/stickerlint.txt", "licenses/libpng.txt", "licenses/giflib.txt",
            "licenses/libjpeg-turbo.txt", "licenses/libdeflate.txt", "licenses/libwebp.txt", "licenses/rlottie.txt",
            "licenses/swift-argument-parser.txt",
            "licenses/swift-runtime.txt"
        ]
        for file in expected { #expect(listing.contains("\(name)/\(file)\n"), "\(file)") }
        // The packed binary runs.
        #expect(try Process.run(Self.tar!, ["-xzf", "\(name).tar.gz"], in: scratch.at("one")).0 == 0)
        #expect(try Process.run(scratch.at("one/\(name)/bin/stickerlint"), ["--version"]).1 == Tool.version + "\n")
    }
}
