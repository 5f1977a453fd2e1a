import StickerCatalog
import StickerFiles
import StickerImage
@testable import StickerLint
@testable import StickerLintEngine
import StickerTestSupport
import Testing

/// The cache of per-file facts (SPEC §10): a warm run gives the cold run's result without reading an
/// unchanged image; a changed file (content, size or modification time) is read again, alone; a
/// damaged, truncated or foreign cache file is never trusted. Built in memory, where every write is a
/// new modification time.
@Suite("Fact cache")
struct FactCacheTests {
    static let cacheFolder = "/cache"

    /// The catalog of the catalog-role tests (stickers, a sequence, an icon set, an image set) and,
    /// beside it, loose files of every format, a damaged PNG and an APNG with a sequence fault.
    static func scratch() throws -> MemoryScratch {
        let scratch = try CatalogRoleTests.catalog()
        try scratch.write("Loose/anim.png", ExampleContent.apng(side: 408, frames: 3).bytes())
        try scratch.write("Loose/wave.gif", ExampleContent.gif(side: 300, frames: 2).bytes())
        try scratch.write("Loose/photo.jpg", ExampleContent.jpeg(side: 500).bytes())
        try scratch.write("Loose/cut.png", ExampleContent.truncated(.png(width: 408, height: 408), keep: 300).bytes())
        try scratch.write("Loose/gap.png", ExampleContent.apngWithSequenceGap(side: 408).bytes())
        try scratch.write("Loose/movie.webp", ExampleContent.webp.bytes())
        return scratch
    }

    static let arguments = ["S.xcstickers", "Loose"]

    /// One run over the scratch, recording what it reads; with the cache unless `cache` is false.
    static func run(
        _ scratch: MemoryScratch, cache: Bool = true, identity: String = "test",
        configure: (inout FactCache) -> Void = { _ in }
    ) throws -> (LintResult, reads: [String]) {
        try run(scratch.files, arguments.map(scratch.at), cache: cache, identity: identity, touched: scratch.touched, configure: configure)
    }

    static func run(
        _ files: MemoryFileSystem, _ paths: [String], cache: Bool = true, identity: String = "test", touched: [String: Int] = [:],
        configure: (inout FactCache) -> Void = { _ in }
    ) throws -> (LintResult, reads: [String]) {
        let recording = RecordingFileSystem(files, touched: touched)
        var linter = Linter(jobs: 2, files: recording)
        if cache {
            var factCache = FactCache(folder: cacheFolder, identity: identity)
            configure(&factCache)
            linter.cache = factCache
        }
        let result = try linter.lint(paths)
        let images = Set(result.files.map(\.path))
        return (result, recording.openedPaths.filter { images.contains($0) }.sorted())
    }

    static func cacheFiles(_ scratch: MemoryScratch) -> [String] {
        (scratch.files.list(cacheFolder) ?? []).map { cacheFolder + "/" + $0 }
    }

    /// The images whose facts the cache cannot keep: a decode error or animation faults.
    static func uncacheable(_ scratch: MemoryScratch) -> [String] { [scratch.at("Loose/cut.png"), scratch.at("Loose/gap.png")] }

    @Test("a warm run reads no unchanged image and gives exactly the cold run's result")
    func warmRunIsIdentical() throws {
        let scratch = try Self.scratch()
        let (cold, coldReads) = try Self.run(scratch, cache: false)
        let (first, firstReads) = try Self.run(scratch)
        let (warm, warmReads) = try Self.run(scratch)
        #expect(first == cold)
        #expect(warm == cold)
        #expect(firstReads == coldReads)
        #expect(coldReads.count == cold.files.count)
        // Only the two images whose facts are not kept are read again.
        #expect(warmReads == Self.uncacheable(scratch))
        // One facts file per root (the catalog and the folder of loose files), one snapshot file per pack.
        let names = Self.cacheFiles(scratch).map(PathText.lastComponent)
        #expect(names.filter { $0.hasPrefix("facts-") }.count == 2 && names.filter { $0.hasPrefix("folders-") }.count == 1, "\(names)")
    }

    @Test("the facts file of the catalog an argument lies in is read once, from the start of the run, and serves as a read after the scan did")
    func prefetchedFactsFile() throws {
        // The root the scan gives what an argument leads to: the pack (or icon set) it lies in or names,
        // the catalog it names (a root other than the scan's would read a facts file in vain).
        #expect(CatalogReader.cacheRoot(of: "S.xcstickers/P.stickerpack/Cat.sticker/cat.png") == "S.xcstickers/P.stickerpack")
        #expect(CatalogReader.cacheRoot(of: "S.xcstickers/P.stickerpack/Cat.sticker") == "S.xcstickers/P.stickerpack")
        #expect(
            CatalogReader.cacheRoot(of: "S.xcstickers/iMessage App Icon.stickersiconset/a.png") == "S.xcstickers/iMessage App Icon.stickersiconset")
        #expect(CatalogReader.cacheRoot(of: "/a/S.xcstickers/") == "/a/S.xcstickers")
        #expect(CatalogReader.cacheRoot(of: "./S.xcstickers") == "S.xcstickers")
        #expect(CatalogReader.cacheRoot(of: "/a/Outer.xcstickers/In.xcstickers/P.stickerpack") == "/a/Outer.xcstickers/In.xcstickers/P.stickerpack")
        #expect(CatalogReader.cacheRoot(of: "S.xcstickers/Group") == nil)
        #expect(CatalogReader.cacheRoot(of: "Loose/cat.png") == nil)
        #expect(CatalogReader.cacheRoot(of: "S.xcstickersX/cat.png") == nil)
        let scratch = try Self.scratch()
        let sticker = [scratch.at(CatalogRoleTests.pack + "/Cat.sticker")]
        let (cold, _) = try Self.run(scratch.files, sticker, cache: false)
        _ = try Self.run(scratch.files, sticker)
        let recording = RecordingFileSystem(scratch.files)
        var linter = Linter(jobs: 2, files: recording)
        linter.cache = FactCache(folder: Self.cacheFolder, identity: "test")
        let warm = try linter.lint(sticker)
        #expect(warm == cold)
        let facts = recording.openedPaths.filter { PathText.lastComponent($0).hasPrefix("facts-") }
        #expect(facts.count == 1, "\(facts)")
        // Nothing of the pack's images read again: their facts came from the prefetched file.
        #expect(!recording.openedPaths.contains { $0.hasSuffix(".png") })
    }

    @Test("a report's previews are cached with the facts: a second report reads only sequence frames and uncacheable files, with the same previews")
    func previewsCached() throws {
        let scratch = try Self.scratch()
        var previewFilesRead: [String] = []
        func report(cache: Bool) throws -> (LintResult, [String]) {
            let recording = RecordingFileSystem(scratch.files)
            var linter = Linter(jobs: 2, files: recording, thumbnailSide: 120)
            if cache { linter.cache = FactCache(folder: Self.cacheFolder, identity: "test") }
            let result = try linter.lint(Self.arguments.map(scratch.at))
            let images = Set(result.files.map(\.path))
            previewFilesRead = recording.openedPaths.filter { $0.contains("/previews-") }
            return (result, recording.openedPaths.filter { images.contains($0) }.sorted())
        }
        let (cold, _) = try report(cache: false)
        _ = try Self.run(scratch)  // a check first: facts cached without previews
        let (first, firstReads) = try report(cache: true)
        let (warm, warmReads) = try report(cache: true)
        #expect(first == cold && warm == cold && warm.thumbnails == cold.thumbnails && !cold.thumbnails.isEmpty)
        #expect(firstReads.count > warmReads.count)
        // Read again: what the cache cannot keep, and the frames of the sequence (its preview is made from
        // their decoded first frames). Every other image: neither read nor decoded.
        let sequence = cold.packs.flatMap(\.entries).filter { $0.images.count > 1 }.flatMap(\.images).map(\.path)
        #expect(warmReads == (Self.uncacheable(scratch) + sequence).sorted(), "\(warmReads)")
        // The previews are in files of their own, beside the facts files, read by a report.
        let names = Self.cacheFiles(scratch).map(PathText.lastComponent)
        #expect(names.filter { $0.hasPrefix("previews-") }.count == 2, "\(names)")
        #expect(previewFilesRead.count == 2)
        // And a check after a report still uses the facts (the previews do not change them), and
        // never reads a preview: no previews file opened, no preview bytes in a facts file.
        let recording = RecordingFileSystem(scratch.files)
        var linter = Linter(jobs: 2, files: recording)
        linter.cache = FactCache(folder: Self.cacheFolder, identity: "test")
        _ = try linter.lint(Self.arguments.map(scratch.at))
        #expect(!recording.openedPaths.contains { $0.contains("/previews-") })
        let factsBytes = try Self.cacheFiles(scratch).filter { PathText.lastComponent($0).hasPrefix("facts-") }
            .reduce(0) { $0 + (try scratch.files.read($1)).count }
        let previewBytes = warm.thumbnails.values.reduce(0) { $0 + $1.bytes.count }
        #expect(factsBytes < previewBytes, "facts files \(factsBytes) bytes, previews \(previewBytes)")
        let (checked, checkReads) = try Self.run(scratch)
        #expect(checkReads == Self.uncacheable(scratch))
        #expect(checked == (try Self.run(scratch, cache: false)).0)
    }

    @Test("a file touched (modification time), rewritten (content) or resized is read again, and only it")
    func changeInvalidatesItsEntry() throws {
        let scratch = try Self.scratch()
        _ = try Self.run(scratch)
        let cat = scratch.at("\(CatalogRoleTests.pack)/Cat.sticker/cat.png")
        scratch.touched[cat] = 123_456_789
        let (afterTouch, touchReads) = try Self.run(scratch)
        #expect(touchReads == (Self.uncacheable(scratch) + [cat]).sorted())
        #expect(afterTouch == (try Self.run(scratch, cache: false)).0)
        #expect(try Self.run(scratch).reads == Self.uncacheable(scratch))

        // New content: the result follows the new pixels.
        let photo = scratch.at("Loose/photo.jpg")
        try scratch.files.write(ExampleContent.jpeg(side: 400).bytes(), to: photo)
        let (afterWrite, writeReads) = try Self.run(scratch)
        #expect(writeReads == (Self.uncacheable(scratch) + [photo]).sorted())
        #expect(afterWrite == (try Self.run(scratch, cache: false)).0)
        #expect(afterWrite.files.first { $0.path == photo }?.width == 400)

        // Only the size differs (the modification time put back): still read again.
        let big = scratch.at("\(CatalogRoleTests.pack)/Big.sticker/big.png")
        let modified = try #require(scratch.files.status(big)).modifiedNanoseconds
        try scratch.files.write(ExampleContent.png(width: 618, height: 618, seed: 9).bytes(), to: big)
        scratch.touched[big] = modified
        #expect(try Self.run(scratch).reads.contains(big))
    }

    @Test("a garbage, truncated, foreign or wrong-version cache file gives a correct run and is rebuilt")
    func damagedCacheIsIgnored() throws {
        let scratch = try Self.scratch()
        let cold = try Self.run(scratch, cache: false).0
        _ = try Self.run(scratch)
        let files = Self.cacheFiles(scratch)
        let good = try files.map { try scratch.files.read($0) }
        let damages: [(String, ([UInt8]) -> [UInt8])] = [
            ("garbage", { bytes in (0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 131) } }),
            ("truncated", { bytes in Array(bytes.prefix(bytes.count / 2)) }),
            ("empty", { _ in [] }),
            (
                "one bit flipped",
                { bytes in
                    var b = bytes; b[b.count / 2] ^= 0x10; return b
                }
            ),
            (
                "another format version",
                { bytes in
                    var b = Array(bytes.dropLast(8))
                    b[CacheFileFormat.magic.count] = 99
                    return Self.sealed(b)
                }
            ),
            (
                "a lying entry count",
                { bytes in
                    var b = Array(bytes.dropLast(8))
                    let at = CacheFileFormat.magic.count + 2 + "test".utf8.count
                    b.replaceSubrange(at..<(at + 1), with: [0xFF, 0xFF, 0xFF, 0xFF, 0x0F])
                    return Self.sealed(b)
                }
            )
        ]
        for (name, damage) in damages {
            for (path, bytes) in zip(files, good) { try scratch.files.write(damage(bytes), to: path) }
            let (result, reads) = try Self.run(scratch)
            #expect(result == cold, "\(name)")
            #expect(reads.count == cold.files.count, "\(name): every image read again")
            #expect(try Self.run(scratch).reads == Self.uncacheable(scratch), "\(name): the cache is rebuilt")
        }
        // Another build (or other decode limits) writes another identity: nothing of it is used.
        let (result, reads) = try Self.run(scratch, identity: "another build")
        #expect(result == cold)
        #expect(reads.count == cold.files.count)
    }

    /// Bytes with the checksum a cache file ends with.
    static func sealed(_ body: [UInt8]) -> [UInt8] {
        let checksum = CacheFileFormat.checksum(body, count: body.count)
        return body + (0..<8).map { UInt8(truncatingIfNeeded: checksum >> UInt64($0 * 8)) }
    }

    @Test("two runs at once on one cache both give the cold result, and the cache stays readable")
    func concurrentRuns() async throws {
        let scratch = try Self.scratch()
        let cold = try Self.run(scratch, cache: false).0
        let files = scratch.files, paths = Self.arguments.map(scratch.at)
        for _ in 0..<3 {
            async let a = Task.detached { try Self.run(files, paths).0 }.value
            async let b = Task.detached { try Self.run(files, paths).0 }.value
            let (ra, rb) = try await (a, b)
            #expect(ra == cold)
            #expect(rb == cold)
        }
        #expect(try Self.run(scratch).reads == Self.uncacheable(scratch))
    }

    @Test("facts decoded to another depth (other rules enabled) are not reused")
    func depthMustMatch() throws {
        let scratch = try Self.scratch()
        _ = try Self.run(scratch)
        let recording = RecordingFileSystem(scratch.files)
        var configuration = Configuration()
        configuration.rules["duplicate-sticker"] = .off
        var linter = Linter(configuration: configuration, jobs: 2, files: recording)
        linter.cache = FactCache(folder: Self.cacheFolder, identity: "test")
        let result = try linter.lint(Self.arguments.map(scratch.at))
        // The stickers of the catalog no longer need a digest: read again; icons and loose files keep theirs.
        let stickers = result.files.map(\.path).filter { $0.contains(".sticker/") || $0.contains(".stickersequence/") }
        #expect(!stickers.isEmpty)
        #expect(Set(stickers).isSubset(of: Set(recording.openedPaths)))
        #expect(!recording.openedPaths.contains(scratch.at("Loose/photo.jpg")))
    }

    @Test("a TGS's, WebM's and Lottie JSON's facts are cached: a warm run opens none of them and gives the cold run's result")
    func motionCached() throws {
        let scratch = MemoryScratch()
        try scratch.write("Telegram/a.tgs", ExampleContent.tgs(width: 512, height: 512, frames: 181).bytes())
        try scratch.write("Telegram/past.tgs", ExampleContent.tgs(width: 512, height: 512, disc: 600).bytes())
        try scratch.write("Telegram/b.webm", ExampleContent.webm(width: 512, height: 512, frameRate: 31).bytes())
        try scratch.write("Discord/c.json", ExampleContent.lottie(width: 320, height: 320, frames: 301).bytes())
        for (folder, profile) in [("Telegram", Profile.telegram), ("Discord", .discord)] {
            func run(cache: Bool) throws -> (LintResult, [String]) {
                var configuration = Configuration()
                configuration.forcedProfile = profile
                let recording = RecordingFileSystem(scratch.files, touched: scratch.touched)
                var linter = Linter(configuration: configuration, jobs: 2, files: recording)
                if cache { linter.cache = FactCache(folder: Self.cacheFolder, identity: "test") }
                let result = try linter.lint([scratch.at(folder)])
                return (result, recording.openedPaths.filter { !$0.hasPrefix(Self.cacheFolder) && PathText.fileExtension($0) != "" }.sorted())
            }
            let (cold, coldReads) = try run(cache: false)
            let (first, _) = try run(cache: true)
            let (warm, warmReads) = try run(cache: true)
            #expect(!cold.diagnostics.isEmpty, "the files break the store's rules: \(folder)")
            // The overflow past the canvas is a fact drawn by rlottie, and cached like the others.
            #expect(folder != "Telegram" || cold.diagnostics.contains { $0.rule.rawValue == "lottie-canvas" && $0.path.hasSuffix("past.tgs") })
            #expect(first == cold && warm == cold, "\(folder)")
            #expect(coldReads.count == cold.files.count, "\(folder): \(coldReads)")
            #expect(warmReads.isEmpty, "\(folder): \(warmReads)")
        }
    }

    @Test("a file's facts carry no verdict: warm runs under an iMessage and a store profile, one after the other, each equal its cold run")
    func storeFactsStayApart() throws {
        let scratch = MemoryScratch()
        try scratch.write("Art/a.webp", SolidWebP.bytes(width: 500, height: 500, frames: 1, delayMilliseconds: 100, padTo: nil, seed: 1))
        try scratch.write("Art/b.png", ExampleContent.png(width: 512, height: 512).bytes())
        func run(_ profile: Profile, cache: Bool) throws -> LintResult {
            var configuration = Configuration()
            configuration.forcedProfile = profile
            var linter = Linter(configuration: configuration, jobs: 2, files: scratch.files)
            if cache { linter.cache = FactCache(folder: Self.cacheFolder, identity: "test") }
            return try linter.lint([scratch.at("Art")])
        }
        // Warm one after the other, each must equal its own cold run.
        for profile in [Profile.sticker, .whatsapp, .sticker, .whatsapp] {
            #expect(try run(profile, cache: true) == run(profile, cache: false), "\(profile)")
        }
        let whatsapp = try run(.whatsapp, cache: true), sticker = try run(.sticker, cache: true)
        #expect(whatsapp.diagnostics.filter { $0.path.hasSuffix("a.webp") }.map(\.rule.rawValue) == ["pixel-dimensions"])
        #expect(sticker.diagnostics.contains { $0.path.hasSuffix("a.webp") && $0.rule.rawValue == "unsupported-format" })
    }

    @Test("the size is bounded: entries beyond the limit and cache files beyond the limit are dropped")
    func bounded() throws {
        let scratch = try Self.scratch()
        _ = try Self.run(scratch) { $0.maxEntries = 3 }
        for file in Self.cacheFiles(scratch) where PathText.lastComponent(file).hasPrefix("facts-") {
            let entries = try CacheFileFormat.decode(try scratch.files.read(file), identity: "test")
            #expect(entries.count <= 3)
        }
        var cache = FactCache(folder: Self.cacheFolder, identity: "test")
        cache.maxFiles = 2
        for i in 0..<5 {
            try scratch.write("Other\(i)/s.png", ExampleContent.png(width: 408, height: 408, seed: i).bytes())
            var linter = Linter(jobs: 1, files: scratch.files)
            linter.cache = cache
            _ = try linter.lint([scratch.at("Other\(i)")])
        }
        // Each kind of cache file is bounded apart: the facts files here (the catalog's snapshot file stays).
        let names = Self.cacheFiles(scratch).filter { PathText.lastComponent($0).hasPrefix("facts-") }
        #expect(names.count == 2)
        #expect(Self.cacheFiles(scratch).count == 3)
        // The newest two are kept.
        let newest = [3, 4].map { cache.file(forRoot: scratch.at("Other\($0)")) }
        #expect(Set(names) == Set(newest))
    }

    @Test("entries not used for longer than the idle limit are dropped")
    func idleEntriesDropped() throws {
        let scratch = MemoryScratch()
        let cache = FactCache(folder: Self.cacheFolder, identity: "test")
        let status = FileStatus(size: 1, modifiedNanoseconds: 0, inode: 1, device: 1)
        let depth = DecodeDepth(pixels: false, allFrames: false, digest: false)
        let now = 100 * 86_400
        let old = CachedFacts(status: status, depth: depth, kind: .unknown, header: nil, pixels: nil, lastUsedDay: 100 - 31)
        let recent = CachedFacts(status: status, depth: depth, kind: .unknown, header: nil, pixels: nil, lastUsedDay: 100 - 30)
        cache.save(["old": old, "recent": recent], to: Self.cacheFolder + "/x.cache", files: scratch.files, now: now)
        #expect(Array(cache.load(Self.cacheFolder + "/x.cache", files: scratch.files).keys) == ["recent"])
    }

    @Test("every field survives the file format")
    func roundTrip() throws {
        let header = ImageHeader(
            format: .gif, width: 618, height: 300, frameCount: 12, loopCount: 0, hasAlpha: true, bitDepth: 8,
            colorModel: .indexed, interlaced: true, orientation: 6)
        let pixels = PixelFacts(
            hasTransparentPixel: true, borderIsOpaque: false, digest: 0xFFEE_DDCC_BBAA_0099,
            frameDelays: [FrameDelay(numerator: 7, denominator: 100), FrameDelay(numerator: 1, denominator: 3)],
            sideMargins: SideMargins(width: 18, leftHasContent: false, rightHasContent: true))
        let entries: [String: CachedFacts] = [
            "Ünïcode/ß.gif": CachedFacts(
                status: FileStatus(size: 511_999, modifiedNanoseconds: -5, inode: .max, device: 3),
                depth: DecodeDepth(pixels: true, allFrames: true, digest: true, sideMargins: true),
                kind: .image(.gif), header: header, pixels: pixels, lastUsedDay: 20_000),
            "a.mp4": CachedFacts(
                status: FileStatus(size: 0, modifiedNanoseconds: 1_700_000_000_123_456_789, inode: 0, device: 0),
                depth: DecodeDepth(pixels: false, allFrames: false, digest: false), kind: .mp4, header: nil,
                pixels: nil, error: .unsupported(.mp4), lastUsedDay: 0),
            "cgbi.png": CachedFacts(
                status: FileStatus(size: 9, modifiedNanoseconds: 1, inode: 2, device: 3),
                depth: DecodeDepth(pixels: true, allFrames: false, digest: false), kind: .cgbiPNG, header: nil,
                pixels: nil, error: .cgbi, lastUsedDay: 1),
            "store.webp": CachedFacts(
                status: FileStatus(size: 102_400, modifiedNanoseconds: 3, inode: 4, device: 5),
                depth: DecodeDepth(pixels: false, allFrames: true, digest: false), kind: .webp,
                header: ImageHeader(format: .webp, width: 512, height: 512, hasAlpha: true, bitDepth: 8, colorModel: .rgba), pixels: nil,
                lastUsedDay: 2),
            // Frames compared (LINE's identical-frames), each answer kept apart from "not compared".
            "line-still.png": CachedFacts(
                status: FileStatus(size: 10, modifiedNanoseconds: 4, inode: 5, device: 6),
                depth: DecodeDepth(pixels: true, allFrames: true, digest: false, distinctFrames: true), kind: .image(.apng), header: header,
                pixels: PixelFacts(hasTransparentPixel: false, borderIsOpaque: true, digest: nil, frameDelays: [], framesDiffer: false),
                lastUsedDay: 3),
            "line-moving.png": CachedFacts(
                status: FileStatus(size: 11, modifiedNanoseconds: 4, inode: 5, device: 6),
                depth: DecodeDepth(pixels: true, allFrames: true, digest: false, distinctFrames: true), kind: .image(.apng), header: header,
                pixels: PixelFacts(hasTransparentPixel: true, borderIsOpaque: true, digest: nil, frameDelays: [], framesDiffer: true),
                lastUsedDay: 3),
            // A TGS's and a WebM's facts, every field set (optional ones both ways).
            "a.tgs": CachedFacts(
                status: FileStatus(size: 12, modifiedNanoseconds: 5, inode: 6, device: 7),
                depth: DecodeDepth(pixels: false, allFrames: true, digest: false), kind: .tgs, header: nil, pixels: nil,
                motion: .lottie(
                    LottieFacts(
                        width: 512, height: 512, frameRate: 59.94, inPoint: -1.5, outPoint: 180.25, layerCount: 3,
                        forbidden: [.masks, .expressions], inflatedBytes: 40_000,
                        overflow: LottieOverflow(examined: 180, frames: 117, firstFrame: 63, pixels: 288),
                        undrawn: "frame 3 paints 101 times the drawing's area")),
                lastUsedDay: 4),
            "a.json": CachedFacts(
                status: FileStatus(size: 13, modifiedNanoseconds: 5, inode: 6, device: 7),
                depth: DecodeDepth(pixels: false, allFrames: false, digest: false), kind: .lottie, header: nil, pixels: nil,
                motion: .lottie(
                    LottieFacts(width: 320, height: 320, frameRate: 30, inPoint: 0, outPoint: 150, layerCount: 1, forbidden: [], inflatedBytes: nil)),
                lastUsedDay: 4),
            "a.webm": CachedFacts(
                status: FileStatus(size: 14, modifiedNanoseconds: 5, inode: 6, device: 7),
                depth: DecodeDepth(pixels: false, allFrames: true, digest: false), kind: .webm, header: nil, pixels: nil,
                motion: .webm(
                    WebMFacts(
                        docType: "webm", codec: "V_VP9", width: 512, height: 288, hasAlpha: true, videoTracks: 1, audioTracks: 1, otherTracks: 0,
                        frames: 90, declaredMilliseconds: 3_000.5, firstFrameMilliseconds: 0, lastFrameMilliseconds: nil,
                        defaultFrameNanoseconds: 33_333_333)),
                lastUsedDay: 4)
        ]
        let bytes = CacheFileFormat.encode(entries, identity: "id")
        #expect(try CacheFileFormat.decode(bytes, identity: "id") == entries)
        #expect(throws: CacheFileFormat.Refusal.self) { try CacheFileFormat.decode(bytes, identity: "other") }
        // Every truncation is refused, never read in part.
        for length in 0..<bytes.count {
            #expect(throws: CacheFileFormat.Refusal.self) { try CacheFileFormat.decode(Array(bytes.prefix(length)), identity: "id") }
        }
    }

    @Test(
        "a number past what a decoder or reader can make is refused, each at its edge kept: delays (a numerator of Int.max trapped the frame-delay rule), sides, counts, a Lottie canvas and rate, a WebM side"
    )
    func outOfRangeNumbersRefused() throws {
        func entry(header: ImageHeader? = nil, delays: [FrameDelay] = [], motion: MotionFacts? = nil) -> [String: CachedFacts] {
            let pixels =
                delays.isEmpty
                ? nil : PixelFacts(hasTransparentPixel: true, borderIsOpaque: false, digest: nil, frameDelays: delays, sideMargins: nil)
            return [
                "a": CachedFacts(
                    status: FileStatus(size: 1, modifiedNanoseconds: 1, inode: 1, device: 1),
                    depth: DecodeDepth(pixels: pixels != nil, allFrames: true, digest: false), kind: motion == nil ? .image(.apng) : .tgs,
                    header: header, pixels: pixels, motion: motion, lastUsedDay: 1)
            ]
        }
        func accepted(_ entries: [String: CachedFacts]) -> Bool {
            (try? CacheFileFormat.decode(CacheFileFormat.encode(entries, identity: "id"), identity: "id")) == entries
        }
        func header(width: Int = 1, frames: Int = 1, bitDepth: Int = 8, loops: Int? = 0, orientation: Int? = nil) -> ImageHeader {
            ImageHeader(
                format: .apng, width: width, height: 1, frameCount: frames, loopCount: loops, hasAlpha: true, bitDepth: bitDepth, colorModel: .rgba,
                orientation: orientation)
        }
        func lottie(width: Int = 512, rate: Double = 60, inPoint: Double = 0, outPoint: Double = 180) -> MotionFacts {
            .lottie(
                LottieFacts(
                    width: width, height: 512, frameRate: rate, inPoint: inPoint, outPoint: outPoint, layerCount: 1, forbidden: [],
                    inflatedBytes: nil))
        }
        func webm(width: Int) -> MotionFacts {
            .webm(
                WebMFacts(
                    docType: "webm", codec: "V_VP9", width: width, height: 1, hasAlpha: false, videoTracks: 1, audioTracks: 0, otherTracks: 0,
                    frames: 1, declaredMilliseconds: nil, firstFrameMilliseconds: nil, lastFrameMilliseconds: nil, defaultFrameNanoseconds: nil))
        }
        let edges: [(kept: [String: CachedFacts], refused: [[String: CachedFacts]])] = [
            (
                entry(delays: [FrameDelay(numerator: 16_777_215, denominator: 65_535)]),
                [
                    entry(delays: [FrameDelay(numerator: 16_777_216, denominator: 100)]),
                    entry(delays: [FrameDelay(numerator: .max, denominator: 100)]),
                    entry(delays: [FrameDelay(numerator: -1, denominator: 100)]), entry(delays: [FrameDelay(numerator: 1, denominator: 65_536)]),
                    entry(delays: [FrameDelay(numerator: 1, denominator: .min)])
                ]
            ),
            (entry(header: header(width: Int(Int32.max))), [entry(header: header(width: Int(Int32.max) + 1)), entry(header: header(width: -1))]),
            (
                entry(header: header(frames: Int(UInt32.max), loops: Int(UInt32.max))),
                [entry(header: header(frames: Int(UInt32.max) + 1)), entry(header: header(loops: Int(UInt32.max) + 1))]
            ),
            (
                entry(header: header(bitDepth: 16, orientation: 65_535)),
                [entry(header: header(bitDepth: 17)), entry(header: header(orientation: 65_536))]
            ),
            (entry(motion: lottie(width: 1_000_000)), [entry(motion: lottie(width: 1_000_001))]),
            (
                entry(motion: lottie(rate: 1_000, inPoint: -1e9, outPoint: 1e9)),
                [
                    entry(motion: lottie(rate: 1_000.5)), entry(motion: lottie(rate: 0.0009)), entry(motion: lottie(outPoint: 1e9 + 1)),
                    entry(motion: lottie(inPoint: 5, outPoint: 5))
                ]
            ),
            (entry(motion: webm(width: 1_000_000)), [entry(motion: webm(width: 1_000_001))])
        ]
        for (kept, refused) in edges {
            #expect(accepted(kept), "\(kept)")
            for entries in refused { #expect(!accepted(entries), "\(entries)") }
        }
        // The day an entry was last used: days since 1970 (Int.min trapped the idle-time sum of the next save).
        func used(_ day: Int) -> [String: CachedFacts] {
            entry().mapValues {
                var facts = $0
                facts.lastUsedDay = day
                return facts
            }
        }
        #expect(accepted(used(0)) && accepted(used(Int(Int32.max))))
        #expect(!accepted(used(-1)) && !accepted(used(Int(Int32.max) + 1)) && !accepted(used(.min)))
    }

    @Test("every field of a preview survives its file format; a truncated, foreign or facts file is refused whole")
    func previewsRoundTrip() throws {
        let previews: [String: CachedPreview] = [
            "Ünïcode/ß.gif": CachedPreview(
                status: FileStatus(size: 511_999, modifiedNanoseconds: -5, inode: .max, device: 3), lastUsedDay: 20_000,
                thumbnail: Thumbnail(mimeType: "image/gif", bytes: [0x47, 0x49, 0x46], pixelated: true)),
            "a.png": CachedPreview(
                status: FileStatus(size: 0, modifiedNanoseconds: 0, inode: 0, device: 0), lastUsedDay: 0,
                thumbnail: Thumbnail(mimeType: "image/png", bytes: [], pixelated: false))
        ]
        let bytes = CacheFileFormat.encodePreviews(previews, identity: "id")
        #expect(try CacheFileFormat.decodePreviews(bytes, identity: "id") == previews)
        #expect(throws: CacheFileFormat.Refusal.self) { try CacheFileFormat.decodePreviews(bytes, identity: "other") }
        #expect(throws: CacheFileFormat.Refusal.self) { try CacheFileFormat.decode(bytes, identity: "id") }
        for length in 0..<bytes.count {
            #expect(throws: CacheFileFormat.Refusal.self) { try CacheFileFormat.decodePreviews(Array(bytes.prefix(length)), identity: "id") }
        }
    }

    @Test("an image modified in the last two seconds is not cached (it could change again unseen)")
    func racilyClean() throws {
        let png = ExampleContent.png(width: 408, height: 408).bytes()
        let facts = ImageFacts(path: "a.png", role: .loose, fileExtension: "png", byteCount: png.count, kind: .image(.png))
        let depth = DecodeDepth(pixels: true, allFrames: false, digest: false)
        let now = 1_800_000_000
        func status(_ seconds: Int) -> FileStatus {
            FileStatus(size: png.count, modifiedNanoseconds: seconds * 1_000_000_000 + 999_999_999, inode: 1, device: 1)
        }
        #expect(CachedFacts(facts, status: status(now - 3), depth: depth, day: 1, now: now) != nil)
        #expect(CachedFacts(facts, status: status(now - 2), depth: depth, day: 1, now: now) == nil)
        #expect(CachedFacts(facts, status: status(now), depth: depth, day: 1, now: now) == nil)
    }

    @Test("the cache folder: ~/Library/Caches on macOS, XDG_CACHE_HOME or ~/.cache elsewhere")
    func folder() {
        let env = ["HOME": "/home/u", "XDG_CACHE_HOME": "/xdg"]
        #if canImport(Darwin)
        #expect(FactCache.defaultFolder { env[$0] } == "/home/u/Library/Caches/stickerlint")
        #else
        #expect(FactCache.defaultFolder { env[$0] } == "/xdg/stickerlint")
        #expect(FactCache.defaultFolder { ["HOME": "/home/u", "XDG_CACHE_HOME": "relative"][$0] } == "/home/u/.cache/stickerlint")
        #expect(FactCache.defaultFolder { ["HOME": "/home/u"][$0] } == "/home/u/.cache/stickerlint")
        #endif
        #expect(FactCache.defaultFolder { _ in nil } == nil)
        #expect(FactCache.defaultFolder { ["STICKERLINT_CACHE_DIR": "/ci/cache", "HOME": "/home/u"][$0] } == "/ci/cache")
    }
}
