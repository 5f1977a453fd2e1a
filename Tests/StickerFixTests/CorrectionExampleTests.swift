import StickerCatalog
import StickerFiles
import StickerFix
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// Every correction a rule documents, run: `before` is fixed with the correction's flag, in memory;
/// then the rule no longer reports anything that edit fixes, and the tree has the shape of `after`
/// (the same files, the same Contents.json documents, images of the same size and frames, and for a
/// safe edit the same pixels).
@Suite("Correction examples")
struct CorrectionExampleTests {
    static let cases: [String] = RuleRegistry.all.flatMap { rule in
        rule.offeredCorrections.indices.map { "\(rule.id.rawValue) #\($0)" }
    }

    @Test("each rule's corrections turn their before example into their after example", arguments: cases)
    func correction(_ name: String) throws {
        let parts = name.split(separator: " ")
        let rule = try #require(RuleRegistry.id(String(parts[0])).flatMap(RuleRegistry.rule))
        let correction = rule.offeredCorrections[Int(parts[1].dropFirst())!]
        let files = MemoryFileSystem()
        try correction.before.write(to: "/example", in: files)
        var configuration = Configuration(grid: correction.before.grid)
        configuration.forcedProfile = correction.before.profile
        var options = FixOptions(unsafe: correction.kind.applicability == .unsafe ? [correction.kind] : [])
        if correction.kind == .flattenIcon { options.iconBackground = [255, 255, 255] }
        let fixer = Fixer(configuration: configuration, files: files, jobs: 2, options: options)
        let report = try fixer.fix(["/example"], dryRun: false)
        // The rule fired before with this edit on offer, and nothing it offers this edit for is left.
        #expect(
            report.before.diagnostics.contains { $0.rule == rule.id && $0.fixes.contains(correction.kind) },
            "\(name): the rule did not offer the edit")
        let left = report.after.diagnostics.filter { $0.rule == rule.id && $0.fixes.contains(correction.kind) }
        #expect(left.isEmpty, "\(name): still reported: \(left.map(\.message))")
        #expect(report.files.contains { $0.kind == correction.kind && $0.isChanged && $0.rule == rule.id }, "\(name): \(report.files)")
        let expected = MemoryFileSystem()
        try correction.after.write(to: "/example", in: expected)
        let (got, want) = (
            try Self.shape(files, pixels: correction.kind.applicability == .safe),
            try Self.shape(expected, pixels: correction.kind.applicability == .safe)
        )
        #expect(got == want, "\(name):\n\(got.joined(separator: "\n"))\nexpected:\n\(want.joined(separator: "\n"))")
    }

    @Test(
        "the fixes SARIF carries, made by the rules at check time and applied one at a time to a copy of Bad, each resolve their finding and change nothing else"
    )
    func textFixesOfBad() throws {
        // The sample's Contents.json-only fixes: key repairs and added references (its missing file is a
        // sticker folder's only image: removing it removes the folder, which a text replacement cannot say).
        try Self.applyEachTextFix(copy: FixtureTrees.copyOfBad, root: "Bad.xcstickers", kinds: [.repairKeys, .addReference])
    }

    @Test("a reference to a sticker folder or frame that is not there carries its removal as a text fix")
    func textFixesOfRemovals() throws {
        try Self.applyEachTextFix(copy: Self.packWithGhosts, root: "Pack.stickerpack", kinds: [.removeReference], count: 2)
    }

    /// A pack naming a sticker folder that is not there, and a sequence naming a frame that is not there.
    static func packWithGhosts() throws -> Scratch {
        let scratch = Scratch()
        let image = Fixtures.png(width: 408, height: 408)
        try scratch.write(
            "Pack.stickerpack/Contents.json",
            #"{"info":{"author":"xcode","version":1},"stickers":[{"filename":"Cat.sticker"},{"filename":"Ghost.sticker"},{"filename":"Wave.stickersequence"}]}"#
        )
        try scratch.write("Pack.stickerpack/Cat.sticker/Contents.json", #"{"properties":{"filename":"cat.png"}}"#)
        try scratch.write("Pack.stickerpack/Cat.sticker/cat.png", image)
        try scratch.write(
            "Pack.stickerpack/Wave.stickersequence/Contents.json",
            #"{"frames":[{"filename":"1.png"},{"filename":"2.png"}],"properties":{"duration":15,"duration-type":"fps","repetitions":0}}"#)
        try scratch.write("Pack.stickerpack/Wave.stickersequence/1.png", image)
        return scratch
    }

    /// Lints a copy, then for each finding carrying a text fix: applies it alone to a fresh copy and
    /// lints that: the fix's kind is one expected, the Contents.json still parses, the finding is gone
    /// and nothing is found at a place that had nothing before.
    static func applyEachTextFix(copy make: () throws -> Scratch, root: String, kinds: Set<EditKind>, count: Int? = nil) throws {
        let linter = Linter(jobs: 2)
        let original = try make()
        let result = try linter.lint([original.at(root)])
        let fixed = result.diagnostics.filter { $0.textFix != nil }
        #expect(Set(fixed.compactMap(\.textFix?.kind)) == kinds, "\(fixed.compactMap(\.textFix?.kind))")
        if let count { #expect(fixed.count == count, "\(fixed)") }
        for finding in fixed {
            let fix = try #require(finding.textFix)
            #expect(finding.fixes.contains(fix.kind))
            let copy = try make()
            let files = DiskFileSystem()
            for replacement in fix.replacements {
                let path = copy.at(String(replacement.path.dropFirst(original.path.count + 1)))
                let edited = replacement.applied(to: try files.read(path))
                #expect(throws: Never.self) { try JSONParser.parse(edited) }
                try files.write(edited, to: path)
            }
            let after = try linter.lint([copy.at(root)])
            var moved = finding
            moved.path = copy.at(String(finding.path.dropFirst(original.path.count + 1)))
            #expect(
                !after.diagnostics.contains { $0.rule == moved.rule && $0.path == moved.path && $0.message == moved.message },
                "\(finding.rule) still reported at \(finding.path)")
            // Nothing new: every finding left is a rule at a place that had it before (a pack-wide count
            // may change with a sticker added).
            let before = Set(result.diagnostics.map { $0.rule.rawValue + String($0.path.dropFirst(original.path.count)) })
            let now = Set(after.diagnostics.map { $0.rule.rawValue + String($0.path.dropFirst(copy.path.count)) })
            #expect(now.isSubset(of: before), "\(now.subtracting(before))")
        }
    }

    /// One line per file: a Contents.json as its document with keys sorted, an image as its size and
    /// frames (and a digest of its pixels when they must be equal).
    static func shape(_ files: MemoryFileSystem, pixels: Bool) throws -> [String] {
        var lines: [String] = []
        func visit(_ path: String) throws {
            switch files.kind(path) {
            case .directory:
                for name in try files.listing(path).names { try visit(PathText.join(path, name)) }
            case .file:
                let bytes = try files.read(path)
                if PathText.lastComponent(path) == "Contents.json" {
                    lines.append(path + " " + canonical(try JSONParser.parse(bytes)))
                } else if let image = try? ImageDecoder().decode(bytes) {
                    let digest =
                        pixels
                        ? " "
                            + String(
                                image.frames.flatMap(\.pixels).reduce(into: UInt64(14_695_981_039_346_656_037)) {
                                    $0 = ($0 ^ UInt64($1)) &* 1_099_511_628_211
                                }, radix: 16) : ""
                    lines.append("\(path) \(image.width)×\(image.height) \(image.frames.count) frames\(digest)")
                } else {
                    lines.append("\(path) \(bytes.count) bytes")
                }
            default:
                lines.append("\(path) \(files.kind(path))")
            }
        }
        try visit("/example")
        return lines.sorted()
    }

    static func canonical(_ value: JSONValue) -> String {
        switch value {
        case .object(let members):
            return "{" + members.sorted { $0.0 < $1.0 }.map { JSONValue.quote($0.0) + ":" + canonical($0.1) }.joined(separator: ",") + "}"
        case .array(let items):
            return "[" + items.map(canonical).joined(separator: ",") + "]"
        default:
            return value.serialized(indent: 0)
        }
    }
}
