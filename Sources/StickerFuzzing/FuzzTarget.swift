#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerCatalog
import StickerImage
import StickerLint
import StickerFiles

/// What each fuzz target feeds its input to. `make fuzz` runs them under libFuzzer; the regression
/// corpus (Tests/Fixtures/fuzz) is replayed through the same functions by `make test`.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// PNG and APNG: the chunk walk, the APNG analysis, libpng and compositing.
    case png
    case gif
    case jpeg
    /// Sniffing and the header probes of every format.
    case probe
    /// The catalog reader and rules, with fuzzed Contents.json files in a fixed folder shape.
    case catalog

    /// Small budgets, so that a fuzzer explores structure instead of spending its time on big pixels.
    static let limits = DecodeLimits(maxSide: 2048, maxTotalPixels: 4_000_000, maxFrames: 256, maxDecodeSeconds: 2)

    public func run(_ bytes: [UInt8]) {
        let decoder = ImageDecoder(limits: Self.limits)
        switch self {
        case .png, .gif, .jpeg:
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
        case .catalog:
            let documents = bytes.split(separator: 0, maxSplits: 4, omittingEmptySubsequences: false).map(Array.init)
            let linter = Linter(jobs: 1, files: FuzzCatalog.files(documents), limits: Self.limits)
            _ = try? linter.lint([FuzzCatalog.root])
        }
    }
}

/// A fixed catalog shape, in memory, whose Contents.json files come from the fuzzer's input.
enum FuzzCatalog {
    static let root = "/fuzz/S.xcstickers"

    /// The catalog root, a pack, a sticker, a sequence and an icon set, in this order.
    static let order = ["", "/P.stickerpack", "/P.stickerpack/A.sticker", "/P.stickerpack/B.stickersequence", "/I.stickersiconset"]

    static func files(_ documents: [[UInt8]]) -> MemoryFileSystem {
        let files = MemoryFileSystem()
        for (index, folder) in order.enumerated() {
            try? files.createFolder(root + folder)
            try? files.write(index < documents.count ? documents[index] : [], to: root + folder + "/Contents.json")
        }
        return files
    }
}
