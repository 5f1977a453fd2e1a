import StickerCatalog
import StickerFiles
import StickerFix
import StickerFuzzing
import StickerImage
import StickerLint
import StickerPack
import StickerReport
import StickerTestSupport
import StickerVariants
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A reader is one unit of change (#53): "Flick", a format made up in `Tests/Support/FlickReader.swift`
/// and registered there, is sniffed, walked, read, cached, judged, reported, merged, inspected, fuzzed and
/// passed over by fix, variants and pack with nothing under `Sources/` knowing it.
@Suite("a reader defined outside Sources")
struct TestReaderTests {
    static let flick = FlickReader.kind

    /// The reader is registered before each test (the sniffer knows it from then on).
    init() { _ = FlickReader.kind }

    /// "FlickChat": takes Flick stickers of 200×200 at 1–30 fps for at most 2 s, up to 1,000 bytes.
    static let store: Store = Store(
        id: "flickchat",
        limits: StoreLimits(
            name: "FlickChat",
            still: .init(formats: [.png], sides: .exactly(width: 200, height: 200), maxBytes: 10_000, source: "the test's own"),
            animated: .init(
                formats: [.apng], noun: "an animated sticker", sides: .exactly(width: 200, height: 200), maxBytes: 10_000, source: "the test's own"),
            count: nil, animatedCount: nil, countSource: "the test's own",
            otherMotion: [
                .init(
                    formats: [], container: .motion(flick), noun: "a Flick sticker", sides: .exactly(width: 200, height: 200), maxBytes: 1_000,
                    maxMilliseconds: 2_000, frameRate: 1...30, source: "the test's own")
            ]),
        recipe: StoreRecipe(stillFormats: [.png], animatedFormats: [.apng]),
        packHelp: "200×200 PNG or Flick.",
        sample: { seed, _ in .png(width: 200, height: 200, seed: seed) })

    static func lint(
        _ paths: [String], profile: Profile, files: any FileSystem = DiskFileSystem(), cache: FactCache? = nil, previews: Bool = false
    )
        throws -> LintResult
    {
        var configuration = Configuration()
        configuration.forcedProfile = profile
        var linter = Linter(configuration: configuration, jobs: 2, files: files, thumbnailSide: previews ? 64 : nil)
        linter.cache = cache
        return try linter.lint(paths)
    }

    static func found(_ result: LintResult) -> [String] {
        result.diagnostics.map { "\(PathText.lastComponent($0.path)) \($0.rule.rawValue): \($0.message)" }.sorted()
    }

    @Test("sniffed by its magic, named in the cache's and the report's words, walked by its extension, said by inspect")
    func identity() throws {
        let bytes = FlickReader.bytes(width: 200, height: 200, frames: 20, rate: 10)
        #expect(Sniffer.kind(prefix: bytes) == .motion(Self.flick))
        #expect(Sniffer.kind(prefix: Array("FLCX".utf8) + bytes.dropFirst(4)) == .unknown)
        #expect(FileKind(name: "flick") == .motion(Self.flick) && FileKind.motion(Self.flick).name == "flick")
        #expect(FileKind.all.contains(.motion(Self.flick)) && FileKind.walkedExtensions.contains("flick"))
        #expect(String(describing: FileKind.motion(Self.flick)) == "Flick animation")
        #expect(try ImageDecoder().inspection(of: MemoryByteSource(bytes), decode: false) == "Flick animation 200×200, 20 frames at 10 fps, 2 s")
        do {
            _ = try ImageDecoder().inspection(of: MemoryByteSource(FlickReader.bytes(width: 1, height: 1, frames: 1, rate: 0)), decode: false)
            Issue.record("a frame rate of 0 was read")
        } catch {
            #expect(error.description == "Flick animation: its frame rate is 0", "\(error)")
        }
    }

    @Test("check: unsupported as an iMessage sticker; judged under the store that takes it, by its facts; unreadable said as the reader says")
    func check() throws {
        let scratch = Scratch()
        try scratch.write("Pack/good.flick", FlickReader.bytes(width: 200, height: 200, frames: 20, rate: 10))
        try scratch.write("Pack/long.flick", FlickReader.bytes(width: 200, height: 100, frames: 90, rate: 30))
        try scratch.write("Pack/fast.flick", FlickReader.bytes(width: 200, height: 200, frames: 60, rate: 60))
        try scratch.write("Pack/zero.flick", FlickReader.bytes(width: 200, height: 200, frames: 1, rate: 0))
        try scratch.write("Pack/short.flick", Array("FLCK".utf8) + [1, 2])
        let sticker = try Self.lint([scratch.at("Pack")], profile: .sticker)
        #expect(sticker.files.count == 5, "the walk takes every .flick: \(sticker.files.map(\.path))")
        let unsupported = sticker.diagnostics.filter { $0.rule.rawValue == "unsupported-format" }
        #expect(unsupported.count == 5 && unsupported.allSatisfy { $0.message.contains("Flick animation") }, "\(Self.found(sticker))")

        let store = try Self.lint([scratch.at("Pack")], profile: .store(Self.store))
        #expect(
            Self.found(store) == [
                "fast.flick frame-rate: animation runs at 60 fps; FlickChat takes Flick stickers at no more than 30 fps",
                "long.flick animation-duration: animation plays 3,000 ms; FlickChat takes Flick stickers of at most 2,000 ms",
                "long.flick pixel-dimensions: canvas is 200×100 px; FlickChat takes Flick stickers exactly 200×200 px",
                "short.flick image-unreadable: cannot be read: file is truncated: it ends at byte 6 while reading the Flick header",
                "zero.flick image-unreadable: cannot be read: Flick animation: its frame rate is 0"
            ], "\(Self.found(store))")
        // Its kind and its timing reach the summary every report format is made from.
        let good = try #require(store.files.first { $0.path.hasSuffix("good.flick") })
        #expect(good.kind == .motion(Self.flick) && good.width == 200 && good.height == 200, "\(good)")
    }

    @Test("cached: a warm run reads no Flick file and equals the cold run")
    func cached() throws {
        let scratch = MemoryScratch()
        try scratch.write("Pack/a.flick", FlickReader.bytes(width: 200, height: 200, frames: 20, rate: 10))
        try scratch.write("Pack/b.flick", FlickReader.bytes(width: 300, height: 200, frames: 20, rate: 40))
        func run(cache: Bool) throws -> (LintResult, [String]) {
            let recording = RecordingFileSystem(scratch.files, touched: scratch.touched)
            let result = try Self.lint(
                [scratch.at("Pack")], profile: .store(Self.store), files: recording,
                cache: cache ? FactCache(folder: "/cache", identity: "test") : nil)
            return (result, recording.openedPaths.filter { $0.hasSuffix(".flick") })
        }
        let (cold, coldReads) = try run(cache: false)
        _ = try run(cache: true)
        let (warm, warmReads) = try run(cache: true)
        #expect(!cold.diagnostics.isEmpty && warm == cold)
        #expect(coldReads.count == 2 && warmReads.isEmpty, "\(warmReads)")
    }

    @Test("every report format renders it; the HTML report says why it is not drawn; merge reads its kind back")
    func reports() throws {
        let scratch = Scratch()
        try scratch.write("Pack/wave.flick", FlickReader.bytes(width: 200, height: 100, frames: 20, rate: 10))
        let result = try Self.lint([scratch.at("Pack")], profile: .store(Self.store), previews: true)
        for reporter in ReporterRegistry.all {
            #expect(reporter.init(context: ReportContext()).render(result).contains("wave.flick"), "\(reporter.identifier)")
        }
        #expect(HTMLReporter(context: ReportContext()).render(result).contains("A Flick animation is not drawn here"))
        // A report of the same file checked as an iMessage sticker, with previews, reads back as it was.
        let sticker = try Self.lint([scratch.at("Pack")], profile: .sticker, previews: true)
        let json = JSONReporter(context: ReportContext(embedPreviews: true)).render(sticker)
        #expect(json.contains("\"kind\": \"flick\""), "\(json)")
        let merged = try JSONReportReader.read(Array(json.utf8), path: "a.json")
        #expect(merged.result.files.map(\.kind) == [.motion(Self.flick)])
        #expect(merged.result.diagnostics == sticker.diagnostics)
    }

    @Test(
        "fix, variants and pack pass it over with a reason, pack --for a store that takes it keeps it as it is; the motion fuzz target runs its reader"
    )
    func otherCommands() throws {
        let scratch = Scratch()
        let bytes = FlickReader.bytes(width: 200, height: 200, frames: 20, rate: 10)
        try scratch.write("Loose/a.flick", bytes)
        try scratch.write("Art/a.flick", bytes)
        try scratch.write("Art/b.png", ExampleContent.png(width: 400, height: 400).bytes())

        // fix: nothing written, the findings stay (Messages takes neither the extension nor the content).
        var fixer = Fixer(jobs: 2)
        fixer.options.unsafe = [.convert]
        let fixed = try fixer.fix([scratch.at("Loose")], dryRun: false)
        #expect(fixed.files.allSatisfy { $0.kind == nil && $0.bytesAfter == $0.bytesBefore }, "\(fixed.files)")
        #expect(try DiskFileSystem().read(scratch.at("Loose/a.flick")) == bytes)
        #expect(fixed.after.diagnostics.map(\.rule.rawValue) == ["file-extension", "unsupported-format"])

        // variants: a Flick master is not a sticker format it scales.
        let planning = try VariantGenerator(jobs: 1).planning([scratch.at("Loose")])
        #expect(planning.plans.isEmpty, "\(planning.plans)")

        // pack: the art left out, saying what it is; the PNG packed.
        let report = try Packer().run([scratch.at("Art")], to: .catalog(scratch.at("Out.xcstickers")), pid: getpid())
        #expect(report.skipped.map(\.path) == [scratch.at("Art/a.flick")], "\(report.skipped)")
        #expect(report.skipped.first?.reason.contains("Flick animation") ?? false, "\(report.skipped)")

        // pack --for the store: the PNG made to its recipe, and the Flick art, which the store takes as it is and its
        // check passes, kept byte for byte (no store name or reader in the packer: the store's kinds decide).
        let stores = try StorePacker(files: DiskFileSystem(), options: PackOptions()).run(
            [scratch.at("Art")], stores: [.store(Self.store)], imessage: false, to: scratch.at("StoreOut"), pid: getpid())
        let made = try #require(stores.stores.first)
        #expect(made.files.map(\.path) == ["a.flick", "b.png"] && made.skipped.isEmpty, "\(made.files) \(made.skipped)")
        #expect(made.files.first?.format.name == "flick" && made.check?.errorCount == 0, "\(made.files)")
        #expect(try DiskFileSystem().read(scratch.at("StoreOut/a.flick")) == DiskFileSystem().read(scratch.at("Art/a.flick")))

        // The fuzz target over every registered reader takes hostile Flick headers.
        for hostile in [bytes, Array(bytes.prefix(7)), FlickReader.bytes(width: 65_535, height: 65_535, frames: 65_535, rate: 1)] {
            FuzzTarget.motion.run(hostile)
        }
    }
}
