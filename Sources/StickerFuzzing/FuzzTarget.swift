#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerCatalog
import StickerImage
import StickerLint
import StickerReport
import StickerFiles

/// What each fuzz target feeds its input to. `make fuzz` runs them under libFuzzer; the regression
/// corpus (Tests/Fixtures/fuzz) is replayed through the same functions by `make test`.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// PNG and APNG: the chunk walk, the APNG analysis, libpng and compositing.
    case png
    case gif
    case jpeg
    /// WebP, still and animated: the container walk, libwebp's decoders and its compositing.
    case webp
    /// Sniffing and the header probes of every format.
    case probe
    /// The catalog reader and rules, with fuzzed Contents.json files in a fixed folder shape.
    case catalog
    /// The YAML reader and the configuration built from what it reads (`.stickerlint.yml`).
    case yaml
    /// Contents.json's JSON reader, and Xcode's way of writing it back: what is written reads back the same.
    case contents
    /// The fact cache file (magic and checksum made right, so the records are what is explored).
    case cache
    /// `merge`'s reader of JSON reports.
    case report
    /// Telegram's TGS (gzip, inflated within its limit) and the Lottie JSON inside; Discord's Lottie JSON.
    case tgs
    /// Telegram's video stickers: the WebM (EBML) container reader.
    case webm
    /// `fix`'s lossless re-encoding of PNG, APNG and GIF: what it returns shows exactly the input's
    /// frames for the same time and loops (checked here frame by frame, apart from its own check), or
    /// it leaves the file alone.
    case roundtrip

    /// One run of identical frames and how long it shows, in milliseconds.
    struct Shown: Equatable {
        var pixels: [UInt8]
        var milliseconds: Double
    }

    /// What an animation shows: each run of identical consecutive frames and how long it stays, so that
    /// frames merged into one with their delays summed count as the same (a still image: its pixels).
    static func shows(_ image: DecodedImage) -> [Shown] {
        var runs: [Shown] = []
        for frame in image.frames {
            let ms = frame.delay.seconds * 1000
            if let last = runs.last, last.pixels == frame.pixels {
                runs[runs.count - 1].milliseconds += ms
            } else {
                runs.append(Shown(pixels: frame.pixels, milliseconds: ms))
            }
        }
        // One picture shows the same however long its frames last (a still image).
        return runs.map { Shown(pixels: $0.pixels, milliseconds: runs.count == 1 ? 0 : $0.milliseconds.rounded()) }
    }

    /// Small budgets, so that a fuzzer explores structure instead of spending its time on big pixels.
    static let limits = DecodeLimits(maxSide: 2048, maxTotalPixels: 4_000_000, maxFrames: 256, maxDecodeSeconds: 2)

    /// Smaller still for the round trip, which re-encodes every strategy: a sticker's size (618² px)
    /// once, not a 1024×768 App Store icon (5 s of instrumented optimising, a libFuzzer timeout under load).
    static let roundTripLimits = DecodeLimits(maxSide: 1024, maxTotalPixels: 400_000, maxFrames: 64, maxDecodeSeconds: 2)

    public func run(_ bytes: [UInt8]) {
        let decoder = ImageDecoder(limits: self == .roundtrip ? Self.roundTripLimits : Self.limits)
        switch self {
        case .png, .gif, .jpeg, .webp:
            if let image = try? decoder.decode(bytes) {
                precondition(image.frames.allSatisfy { $0.pixels.count == image.width * image.height * 4 }, "frame size")
            }
            _ = try? decoder.animationIssues(in: bytes)
        case .probe:
            _ = Sniffer.kind(prefix: Array(bytes.prefix(Sniffer.prefixLength)))
            _ = try? decoder.probe(MemoryByteSource(bytes))
            _ = try? Sniffer.kind(of: MemoryByteSource(bytes))
            _ = try? ImageDecoder().gifPalette(in: bytes)
            _ = JPEGQuality.estimate(bytes)
        case .yaml:
            let text = String(decoding: bytes, as: UTF8.self)
            if let node = try? YAMLNode.parse(text) {
                _ = node.line
                _ = try? Configuration.parse(text, path: ".stickerlint.yml")
            }
        case .contents:
            if let value = try? JSONParser.parse(bytes) {
                let written = value.xcodeBytes
                let reread = try? JSONParser.parse(written)
                precondition(reread == value, "Contents.json written as Xcode writes it reads back otherwise")
            }
        case .cache:
            FactCache.decodeForFuzzing(bytes)
        case .report:
            _ = try? JSONReportReader.read(bytes, path: "fuzz.json")
        case .tgs:
            if let facts = try? Lottie.readTGS(bytes) {
                precondition(facts.inflatedBytes.map { $0 <= Lottie.inflatedLimit } ?? false, "inflated past the limit")
                precondition(facts.outPoint >= facts.inPoint && facts.frameRate > 0, "timing")
            }
            _ = try? Lottie.read(bytes)
        case .webm:
            if let facts = try? WebM.read(bytes) {
                precondition(facts.frames >= 0 && facts.width >= 0 && facts.height >= 0, "negative facts")
                precondition(facts.frameRate.map { $0.isFinite && $0 > 0 } ?? true, "frame rate")
            }
        case .roundtrip:
            let result =
                (try? PNGOptimizer.optimize(bytes, decoder: decoder, effort: .quick))
                ?? (try? GIFOptimizer.optimize(bytes, decoder: decoder))
            guard let result, let before = try? decoder.decode(bytes) else { return }
            guard let after = try? decoder.decode(result.bytes) else { preconditionFailure("fix wrote a file it cannot decode") }
            precondition(
                Self.shows(before) == Self.shows(after) && (before.loopCount ?? 0) == (after.loopCount ?? 0)
                    && (before.width, before.height) == (after.width, after.height), "fix changed what is shown")
        case .catalog:
            let documents = bytes.split(separator: 0, maxSplits: 4, omittingEmptySubsequences: false).map(Array.init)
            let linter = Linter(jobs: 1, files: FuzzCatalog.files(documents), limits: Self.limits)
            _ = try? linter.lint([FuzzCatalog.root])
        }
    }
}

/// A fixed catalog shape, in memory, whose Contents.json files come from the fuzzer's input.
enum FuzzCatalog {
    static let root = "/fuzz/" + CatalogWriter.folderName("S", .catalog)

    /// The catalog root, a pack, a sticker, a sequence and an icon set, in this order.
    static let order: [String] = {
        let pack = "/" + CatalogWriter.folderName("P", .pack)
        return [
            "", pack, pack + "/" + CatalogWriter.folderName("A", .sticker), pack + "/" + CatalogWriter.folderName("B", .sequence),
            "/" + CatalogWriter.folderName("I", .iconSet)
        ]
    }()

    static func files(_ documents: [[UInt8]]) -> MemoryFileSystem {
        let files = MemoryFileSystem()
        for (index, folder) in order.enumerated() {
            try? files.createFolder(root + folder)
            try? files.write(index < documents.count ? documents[index] : [], to: root + folder + "/Contents.json")
        }
        return files
    }
}
