import Foundation
import StickerCatalog
import StickerLint
import StickerTestSupport
import Testing
import StickerFiles

/// Every rule's own examples: passing ones yield nothing from the rule, failing ones yield the rule.
@Suite("Rule examples")
struct RuleExampleTests {
    static let ids = RuleRegistry.descriptions.map(\.id.rawValue)

    @Test("passing and failing examples behave as documented", arguments: ids)
    func examples(_ id: String) throws {
        let description = try #require(RuleRegistry.id(id).flatMap(RuleRegistry.rule)).description
        for example in description.passing {
            let found = try Self.lint(example).filter { $0.rule.rawValue == id }
            #expect(found.isEmpty, "\(id) fired on its passing example \"\(example.summary)\": \(found.map(\.message))")
        }
        for example in description.failing {
            let found = try Self.lint(example).filter { $0.rule.rawValue == id }
            #expect(!found.isEmpty, "\(id) stayed silent on its failing example \"\(example.summary)\"")
        }
    }

    /// Lints an example written to an in-memory tree: nothing touches the disk.
    static func lint(_ example: RuleExample) throws -> [Diagnostic] {
        let files = MemoryFileSystem()
        try example.write(to: "/example", in: files)
        var configuration = Configuration(grid: example.grid)
        configuration.forcedProfile = example.profile
        let linter = Linter(configuration: configuration, jobs: 2, files: files)
        return try linter.lint(["/example"]).diagnostics
    }
}

@Suite("Rule registry")
struct RuleRegistryTests {
    @Test("IDs are unique kebab-case; every rule has a rationale and both kinds of example")
    func registry() {
        let descriptions = RuleRegistry.descriptions
        #expect(Set(descriptions.map(\.id)).count == descriptions.count)
        for d in descriptions {
            let id = d.id.rawValue
            #expect(id.allSatisfy { $0.isLowercase || $0 == "-" } && !id.hasPrefix("-") && !id.hasSuffix("-"), "\(id)")
            #expect(d.rationale.count > 40, "\(d.id) rationale")
            #expect(!d.passing.isEmpty && !d.failing.isEmpty, "\(d.id) examples")
        }
    }

    @Test("every Rule type in Sources/StickerLint/Rules is registered, once, and nothing else is")
    func registryMatchesSources() throws {
        // The rule types declared in the sources, found by reading them: a new rule file that is not
        // added to RuleRegistry.all fails here.
        let declared = try Self.ruleTypes(under: Conformance.projectRoot + "/Sources/StickerLint/Rules")
        let registered = RuleRegistry.all.map { String(describing: $0) }
        #expect(Set(registered).count == registered.count, "a rule is registered twice: \(registered)")
        #expect(declared.sorted() == registered.sorted())
        #expect(declared.count >= 24)
    }

    /// Names of the types declared as `struct Name: Rule` in the Swift files below `folder`.
    static func ruleTypes(under folder: String) throws -> [String] {
        let pattern = try NSRegularExpression(pattern: #"(?m)^\s*(?:public\s+|package\s+)?struct\s+(\w+)\s*:\s*(?:Correctable|StorePack)?Rule\b"#)
        var names: [String] = []
        for name in DiskFileSystem().list(folder) ?? [] {
            let path = folder + "/" + name
            if DiskFileSystem().kind(path) == .directory {
                names += try ruleTypes(under: path)
            } else if name.hasSuffix(".swift") {
                let text = String(decoding: try DiskFileSystem().read(path), as: UTF8.self)
                for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    names.append(String(text[Range(match.range(at: 1), in: text)!]))
                }
            }
        }
        return names
    }
}
