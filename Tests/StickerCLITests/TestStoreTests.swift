import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint
import StickerPack
import StickerReport
import StickerTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A store is one unit of change (#53): a store defined here, in the tests, with its limits, recipe,
/// sidecar, rationale and examples, goes through check, rules, pack and every report format with
/// nothing under `Sources/` knowing it.
@Suite("a store defined outside Sources")
struct TestStoreTests {
    /// "MoonChat": 256×256 PNG stickers up to 40,000 bytes, APNG up to 80,000, even sides, packs of 2 to
    /// 4 with a 64×64 banner and a `moon.json` sidecar listing the stickers.
    static let moon: Store = moonStore()

    /// MoonChat, its packs uploaded (with `archive`) as one archive each.
    static func moonStore(archive: StoreArchive? = nil) -> Store {
        Store(
            id: "moonchat",
            limits: StoreLimits(
                name: "MoonChat",
                still: .init(formats: [.png], sides: .exactly(width: 256, height: 256), maxBytes: 40_000, evenSides: true, source: "the test's own"),
                animated: .init(
                    formats: [.apng], noun: "an animated sticker", sides: .exactly(width: 256, height: 256), maxBytes: 80_000, maxMilliseconds: 2_000,
                    source: "the test's own"),
                count: .range(2...4), animatedCount: nil, countSource: "the test's own (2 to 4 stickers)",
                packFiles: [
                    StoreLimits.PackFile(
                        name: "banner", baseNames: ["banner"],
                        image: .init(
                            formats: [.png], noun: "a banner", sides: .exactly(width: 64, height: 64), maxBytes: 10_000, source: "the test's own"))
                ]),
            recipe: StoreRecipe(stillFormats: [.png], animatedFormats: [.apng], packFileNames: ["banner.png"], archive: archive),
            manifest: MoonManifest(),
            packHelp: "256×256 PNG, banner.png 64×64, moon.json.",
            sample: { seed, _ in .png(width: 256, height: 256, seed: seed) },
            rationale: ["file-size": "MoonChat 40,000 and 80,000"],
            examples: {
                [
                    "file-size": StoreRuleExamples(
                        passing: [.store(.store(moon), .png(width: 256, height: 256))],
                        failing: [.store(.store(moon), .paddedPNG(side: 256, bytes: 40_001))])
                ]
            })
    }

    /// MoonChat's sidecar: `moon.json`, the list of the pack's stickers by file name.
    struct MoonManifest: StoreManifest {
        var fileName: String { "moon.json" }
        var packsInFolders: Bool { false }
        var rationale: String { "A MoonChat pack's moon.json lists its stickers; a file it names must be in the folder." }

        func read(folder: String, files: any FileSystem) -> StoreManifestReading? {
            let path = folder + "/moon.json"
            guard files.kind(path) == .file, let bytes = try? files.read(path), case .array(let list)? = try? JSONParser.parse(bytes) else {
                return nil
            }
            let names = list.compactMap { if case .string(let name) = $0 { name } else { nil } }
            return StoreManifestReading(path: path) { folder, context in
                names.filter { context.facts(folder + "/" + $0) == nil }.map {
                    Finding(path: path, message: "moon.json names \"\($0)\", which is not in the folder")
                }
            }
        }

        func write(_ packs: [StoreManifestPack], publisher: String?) -> (bytes: [UInt8], notes: [String]) {
            let names = packs.flatMap(\.stickers).map { JSONValue.string($0.file) }
            return (JSONValue.array(names).xcodeBytes, ["moon.json lists \(names.count) stickers"])
        }
    }

    static func lint(_ folder: String) throws -> LintResult {
        var configuration = Configuration()
        configuration.forcedProfile = .store(moon)
        var linter = Linter(configuration: configuration, jobs: 2, files: DiskFileSystem())
        linter.cache = nil
        return try linter.lint([folder])
    }

    @Test("check: the store's limits, pack count, pack files and sidecar judge its folder; its rationale and examples document its rules")
    func check() throws {
        let scratch = Scratch()
        try scratch.write("Pack/a.png", ExampleContent.png(width: 256, height: 256, seed: 1).bytes())
        try scratch.write("Pack/b.png", ExampleContent.png(width: 255, height: 256, seed: 2).bytes())
        try scratch.write("Pack/c.png", ExampleContent.paddedPNG(side: 256, bytes: 40_001).bytes())
        try scratch.write("Pack/banner.png", ExampleContent.png(width: 64, height: 64).bytes())
        try scratch.write("Pack/moon.json", "[\"a.png\", \"gone.png\"]")
        let result = try Self.lint(scratch.at("Pack"))
        let found = result.diagnostics.map { "\(PathText.lastComponent($0.path)) \($0.rule.rawValue): \($0.message)" }.sorted()
        #expect(
            found == [
                "b.png even-dimensions: image is 255×256 px: MoonChat takes even sides only (odd width 255)",
                "b.png pixel-dimensions: image is 255×256 px; MoonChat takes stickers exactly 256×256 px",
                "c.png file-size: file is 40,001 bytes, 1 over MoonChat's 40,000-byte limit for a still sticker",
                "moon.json pack-manifest: moon.json names \"gone.png\", which is not in the folder"
            ], "\(found)")
        // Four files, one of them the banner: three stickers, within 2 to 4; with a fifth, over.
        try scratch.write("Pack/d.png", ExampleContent.png(width: 256, height: 256, seed: 4).bytes())
        try scratch.write("Pack/e.png", ExampleContent.png(width: 256, height: 256, seed: 5).bytes())
        let five = try Self.lint(scratch.at("Pack")).diagnostics.filter { $0.rule.rawValue == "pack-count" }.map(\.message)
        #expect(five.count == 1 && five[0].contains("MoonChat"), "\(five)")

        // The rules of its profile, and its rows in the rules document.
        let rules = Set(RulesDocument.descriptions(profile: .store(Self.moon)).map(\.id.rawValue))
        #expect(rules.isSuperset(of: ["file-size", "pixel-dimensions", "even-dimensions", "pack-count", "pack-manifest"]), "\(rules)")
        #expect(!rules.contains("grid-size"))
        let document = RulesDocument.markdown(profile: .store(Self.moon))
        #expect(document.contains("| MoonChat (`moonchat`) |"), "\(document.suffix(600))")
        // Its examples behave as their side says, under its own profile.
        for example in Self.moon.examples()["file-size"]!.passing {
            #expect(try Self.run(example).filter { $0.rule.rawValue == "file-size" }.isEmpty, "\(example.summary)")
        }
        for example in Self.moon.examples()["file-size"]!.failing {
            #expect(!(try Self.run(example).filter { $0.rule.rawValue == "file-size" }.isEmpty), "\(example.summary)")
        }
    }

    /// The diagnostics of an example checked as its profile.
    static func run(_ example: RuleExample) throws -> [Diagnostic] {
        let scratch = Scratch()
        for file in example.files { try scratch.write(file.path, file.content.bytes()) }
        var configuration = Configuration()
        configuration.forcedProfile = example.profile
        var linter = Linter(configuration: configuration, jobs: 1, files: DiskFileSystem())
        linter.cache = nil
        return try linter.lint([scratch.path]).diagnostics
    }

    @Test("pack --for: the store's recipe makes its pack, banner and sidecar, which check passes; every report format renders the check")
    func pack() throws {
        let scratch = Scratch()
        for seed in 1...3 { try scratch.write("Art/cat\(seed).png", ExampleContent.png(width: 400, height: 400, seed: seed).bytes()) }
        var options = PackOptions()
        options.name = "Cats"
        let output = scratch.at("Out")
        let report = try StorePacker(files: DiskFileSystem(), options: options).run(
            [scratch.at("Art")], stores: [.store(Self.moon)], imessage: false, to: output, pid: getpid())
        let store = try #require(report.stores.first)
        #expect(store.name == "MoonChat" && store.profile == .store(Self.moon))
        #expect(store.files.map(\.path).sorted() == ["banner.png", "cat1.png", "cat2.png", "cat3.png"], "\(store.files.map(\.path))")
        #expect(store.files.allSatisfy { $0.format == .image(.png) })
        #expect(store.files.filter { $0.path != "banner.png" }.allSatisfy { $0.width == 256 && $0.height == 256 })
        #expect(store.notes.contains("moon.json lists 3 stickers"), "\(store.notes)")
        let listed = try String(decoding: DiskFileSystem().read(output + "/moon.json"), as: UTF8.self)
        #expect(listed.contains("\"cat1.png\"") && listed.contains("\"cat3.png\""), "\(listed)")
        let check = try #require(store.check)
        #expect(check.diagnostics.isEmpty, "\(check.diagnostics.map(\.message))")

        // Every report format renders a check under the store's profile, naming the store's findings.
        try DiskFileSystem().write(ExampleContent.png(width: 251, height: 256).bytes(), to: output + "/odd.png")
        let result = try Self.lint(output)
        #expect(result.diagnostics.contains { $0.rule.rawValue == "even-dimensions" })
        for reporter in ReporterRegistry.all {
            let text = reporter.init(context: ReportContext()).render(result)
            #expect(text.contains("odd.png"), "\(reporter.identifier)")
        }
        #expect(JSONReporter(context: ReportContext()).render(result).contains("\"profile\": \"moonchat\""))
        #expect(HTMLReporter(context: ReportContext()).render(result).contains("MoonChat"))
    }

    /// `pack --for moonchat --archive` with MoonChat's uploader taking at most `limit` bytes.
    static func archived(limit: Int, in scratch: Scratch, as name: String) throws -> StorePackReport {
        let store = moonStore(
            archive: StoreArchive(
                fileExtension: "moonpack", texts: [("name.txt", .name)], leftOut: ["moon.json"], maxBytes: (limit, "the test's own"),
                reader: "MoonChat's uploader"))
        var options = PackOptions()
        options.name = "Cats"
        options.archive = true
        return try StorePacker(files: DiskFileSystem(), options: options).run(
            [scratch.at("Art")], stores: [.store(store)], imessage: false, to: scratch.at(name), pid: getpid())
    }

    @Test(
        "pack --archive: a store's archive holds its text files and the pack's files, not its sidecar; unzip and Python read it; its limit, to the byte"
    )
    func archive() throws {
        try Requirement.require(Tools.available("unzip") && Tools.pythonHas("zipfile"), "unzip and python3")
        let scratch = Scratch()
        for seed in 1...3 { try scratch.write("Art/cat\(seed).png", ExampleContent.png(width: 400, height: 400, seed: seed).bytes()) }
        let roomy = try #require(try Self.archived(limit: 10_000_000, in: scratch, as: "Roomy").stores.first)
        let archive = try #require(roomy.archives.first)
        #expect(roomy.archives.count == 1 && archive.path == "Cats.moonpack" && archive.refused == nil)
        #expect(archive.entries == ["name.txt", "cat1.png", "cat2.png", "cat3.png", "banner.png"], "\(archive.entries)")
        let path = scratch.at("Roomy/Cats.moonpack")
        let size = try #require(archive.bytes)
        #expect(try DiskFileSystem().read(path).count == size)
        let (status, out, _) = try Process.run(Tools.path("unzip"), ["-t", path])
        #expect(status == 0 && out.contains("No errors detected"), "\(out)")
        // Python's zipfile: the names, name.txt's text, each file's bytes those of the folder's file.
        let script = """
            import sys, zipfile, os
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            print(",".join(z.namelist()))
            print(repr(z.read("name.txt").decode()))
            folder = os.path.dirname(sys.argv[1])
            print(all(z.read(n) == open(os.path.join(folder, n), "rb").read() for n in z.namelist() if n != "name.txt"))
            """
        let python = try Process.run(Tools.path("python3"), ["-c", script, path])
        #expect(python.0 == 0, "\(python.2)")
        #expect(python.1 == "name.txt,cat1.png,cat2.png,cat3.png,banner.png\n'Cats\\n'\nTrue\n", "\(python.1)")
        #expect(try Self.lint(scratch.at("Roomy")).diagnostics.isEmpty)
        // The same art gives the same archive; at exactly its size it is written, a byte under it is refused and not written.
        let exact = try #require(try Self.archived(limit: size, in: scratch, as: "Exact").stores.first)
        let same = try DiskFileSystem().read(scratch.at("Exact/Cats.moonpack")) == DiskFileSystem().read(path)
        #expect(exact.archives.first?.refused == nil && same)
        let under = try Self.archived(limit: size - 1, in: scratch, as: "Under")
        let refused = try #require(under.stores.first?.archives.first?.refused)
        #expect(refused.contains("\(size.grouped) bytes, over \((size - 1).grouped)") && refused.contains("the test's own"), "\(refused)")
        #expect(DiskFileSystem().kind(scratch.at("Under/Cats.moonpack")) == .missing)
        #expect(!StorePackReportFormat.isClean(under))
        #expect(StorePackReportFormat.text(under).contains("could not archive Cats.moonpack"))
    }
}
