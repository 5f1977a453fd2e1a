import Foundation
import StickerFiles
import StickerTestSupport
import Testing

/// A correctable rule that forgets its corrections does not compile (#38.4): `CorrectableRule.corrections`
/// has no default to fall back on. Two small files are type-checked against the built StickerLint module.
@Suite("correctable rules by type")
struct CorrectableRuleTypeTests {
    static let forgot = """
        import StickerLint
        struct Forgot: CorrectableRule {
            static let description = RuleRegistry.descriptions[0]
        }
        """
    static let remembered = """
        import StickerLint
        struct Remembered: CorrectableRule {
            static let description = RuleRegistry.descriptions[0]
            static let corrections: [Correction] = []
        }
        """

    /// `swiftc -typecheck` of `source` against the build's modules: (exit status, diagnostics).
    /// `asPackage: false` type-checks it as a dependent package's code, which sees only what is `public`.
    static func typecheck(_ source: String, in scratch: Scratch, asPackage: Bool = true) throws -> (Int32, String) {
        let root = Conformance.projectRoot, build = CLI.buildFolder
        try scratch.write("rule.swift", source)
        // The C modules the Swift modules were built against: this package's own and whichever route's libraries.
        var maps = ["CSystem", "CStickerCodecs", "CStickerVideo"].map { "\(build)/\($0).build/module.modulemap" }
        maps += (DiskFileSystem().list(build) ?? []).filter { $0.hasPrefix("Stickerlint") && $0.hasSuffix(".build") && !$0.contains("-tool") }
            .map { "\(build)/\($0)/module.modulemap" }
        maps += ["SystemPNG", "SystemJPEG", "SystemGIF", "SystemWebP", "SystemVPX"].map { "\(root)/Sources/\($0)/module.modulemap" }
        var arguments = ["-typecheck", "-I", build + "/Modules"]
        // The engine's API is `package` (only StickerImage is a product): the snippet is type-checked as
        // part of this package, under the name SwiftPM gave it (its build description says).
        if asPackage { arguments += ["-package-name", try packageName(build)] }
        for map in maps where DiskFileSystem().kind(map) == .file { arguments += ["-Xcc", "-fmodule-map-file=" + map] }
        for include in ["CSystem", "CStickerCodecs", "CDeflate", "CStickerVideo", "CRLottie"] {
            arguments += ["-I", "\(root)/Sources/\(include)/include"]
        }
        let (status, out, err) = try StickerTestSupport.Process.run(Tools.path("swiftc"), arguments + [scratch.at("rule.swift")])
        return (status, out + err)
    }

    /// The `-package-name` SwiftPM compiled StickerLint with, from the build's `description.json`.
    static func packageName(_ build: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: build + "/description.json"))
        let description = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let commands = try #require(description["swiftCommands"] as? [String: [String: Any]])
        for command in commands.values where command["moduleName"] as? String == "StickerLint" {
            let arguments = command["otherArguments"] as? [String] ?? []
            if let index = arguments.firstIndex(of: "-package-name"), index + 1 < arguments.count { return arguments[index + 1] }
        }
        Issue.record("no -package-name for StickerLint in \(build)/description.json")
        return ""
    }

    @Test("a CorrectableRule without corrections is refused by the compiler; with them it compiles")
    func refused() throws {
        let scratch = Scratch()
        let (remembered, said) = try Self.typecheck(Self.remembered, in: scratch)
        try #require(remembered == 0, "the control file must compile: \(said)")
        let (forgot, error) = try Self.typecheck(Self.forgot, in: scratch)
        #expect(forgot != 0 && error.contains("does not conform to protocol 'CorrectableRule'"), "\(error)")
    }
}
