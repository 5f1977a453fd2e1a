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
import StickerTestSupport

/// What each fuzz target feeds its input to. `make fuzz` runs them under libFuzzer; the regression
/// corpus (Tests/Fixtures/fuzz) is replayed through the same functions by `make test`.
package enum FuzzTarget: String, CaseIterable, Sendable {
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
    /// Every registered `MotionReader` (`MotionKind.all`: TGS, WebM, Lottie JSON and any added later)
    /// on the input as it is and behind its own magic: its facts within the ranges the rules and the
    /// cache take, and what the sniffer says of a file the reader read.
    case motion
    /// A TGS whose canvas and timing fields (`w`, `h`, `fr`, `ip`, `op`) come from the input as numbers
    /// (edges, any value, any bit pattern), linted under Telegram's profile and rendered in every format.
    case tgsFields = "tgs-fields"
    /// The same fields in a Discord Lottie JSON, under Discord's profile.
    case lottieFields = "lottie-fields"
    /// A WebM whose TimestampScale, Duration (4 or 8 bytes), Cluster Timestamp, block offsets,
    /// DefaultDuration and sides come from the input, under Telegram's profile.
    case webmFields = "webm-fields"
    /// An animated WebP whose canvas, loop count, background and frames (offsets, sizes, durations,
    /// flags) come from the input, decoded and linted under WhatsApp's profile.
    case webpFields = "webp-fields"
    /// The WebM muxer's round trip (#55): frames drawn from the input (times, packets, alpha or not, key
    /// frames) written by `WebMWriter` read back by `WebM.read` and `WebM.frames` exactly as written.
    case webmRoundtrip = "webm-roundtrip"
    /// The Lottie renderer's input (#55): a TGS or Lottie JSON that stickerlint's reader accepts is drawn by
    /// rlottie (its first, middle and last frames at 64×64), as a report's preview draws it: refused or
    /// drawn, never a crash or a hang; what is drawn is whole frames of the size asked; and where it leaves
    /// its canvas (`LottieRenderer.overflow`, its document widened), measured or refused.
    case lottieRender = "lottie-render"
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

    /// The ICC profile readers and writers on hostile bytes (APP2 numbers and lengths, RIFF sizes, iCCP
    /// streams): within their limit, of the image's space, carried and added without a trap.
    static func colourProfiles(_ bytes: [UInt8]) {
        if let profile = ICCProfile.embedded(in: bytes) {
            precondition(profile.count >= 128 && profile.count <= WebPContainer.maxProfileBytes, "embedded profile size")
            if let carrier = ICCProfile.carrier(for: profile) { precondition(ICCProfile.inflated(of: carrier) == profile, "carrier") }
        }
        if let profile = ICCProfile.rgb(of: bytes) { precondition(profile.count <= WebPContainer.maxProfileBytes, "PNG profile size") }
        _ = WebPContainer.withICCProfile(bytes, profile: Array(bytes.prefix(256)))
    }

    package func run(_ bytes: [UInt8]) {
        let decoder = ImageDecoder(limits: self == .roundtrip ? Self.roundTripLimits : Self.limits)
        switch self {
        case .png, .gif, .jpeg, .webp:
            if let image = try? decoder.decode(bytes) {
                precondition(image.frames.allSatisfy { $0.pixels.count == image.width * image.height * 4 }, "frame size")
            }
            _ = try? decoder.animationIssues(in: bytes)
            Self.colourProfiles(bytes)
        case .probe:
            _ = Sniffer.kind(prefix: Array(bytes.prefix(Sniffer.prefixLength)))
            _ = try? decoder.probe(MemoryByteSource(bytes))
            _ = try? Sniffer.kind(of: MemoryByteSource(bytes))
            _ = try? ImageDecoder().gifPalette(in: bytes)
            _ = JPEGQuality.estimate(bytes)
            Self.colourProfiles(bytes)
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
            if let frames = try? WebM.frames(bytes) {
                precondition(frames.reduce(0) { $0 + $1.data.count + ($1.alpha?.count ?? 0) } <= bytes.count, "more packet bytes than the file")
            }
        case .webmRoundtrip:
            var draw = FieldDraws(bytes)
            let (width, height) = (Int(draw.unsigned() % 4097), Int(draw.unsigned() % 4097))
            let hasAlpha = draw.count(1) == 1
            var frames: [WebMWriter.Frame] = []
            var time = Int(draw.unsigned() % 100_000)
            for index in 0..<draw.count(40) {
                // Each frame a few bytes drawn from the input; times never back and at most 40 s apart.
                let packet = (0..<draw.count(24)).map { _ in UInt8(truncatingIfNeeded: draw.unsigned()) }
                let alpha = hasAlpha ? (0..<draw.count(24)).map { _ in UInt8(truncatingIfNeeded: draw.unsigned()) } : nil
                frames.append(WebMWriter.Frame(milliseconds: time, data: packet, alpha: alpha, keyframe: index == 0 || draw.count(1) == 1))
                time += Int(draw.unsigned() % 40_000)
            }
            let duration = (frames.last?.milliseconds ?? 0) + 1 + Int(draw.unsigned() % 1_000)
            let file = WebMWriter.write(width: width, height: height, frames: frames, durationMilliseconds: duration, hasAlpha: hasAlpha)
            // A video of no frame shows nothing: the reader refuses it.
            if frames.isEmpty {
                precondition((try? WebM.read(file)) == nil, "a WebM of no frame read")
                return
            }
            guard let facts = try? WebM.read(file), let back = try? WebM.frames(file) else {
                preconditionFailure("the muxer wrote a file its reader refuses")
            }
            precondition(facts.width == width && facts.height == height && facts.hasAlpha == hasAlpha && facts.frames == frames.count, "facts")
            precondition(facts.declaredMilliseconds == Double(duration), "duration")
            precondition(back.map(\.milliseconds) == frames.map(\.milliseconds) && back.map(\.data) == frames.map(\.data), "frames")
            precondition(back.map(\.alpha) == frames.map(\.alpha), "alpha")
            // A key frame is said as such (SimpleBlock's flag; a BlockGroup without a ReferenceBlock).
            precondition(zip(back, frames).allSatisfy { !$1.keyframe || $0.keyframe }, "key frames")
        case .lottieRender:
            guard let animation = try? LottieRenderer.load(bytes), animation.frameCount > 0 else { return }
            let frames = Array(Set([0, animation.frameCount / 2, animation.frameCount - 1])).sorted()
            if let drawn = try? LottieRenderer.render(animation, frames: frames, width: 64, height: 64) {
                precondition(drawn.count == frames.count && drawn.allSatisfy { $0.count == 64 * 64 * 4 }, "frames")
            }
            // Where it leaves its canvas: the widened document must load and draw, or be refused.
            if let past = try? LottieRenderer.overflow(animation) {
                precondition((1...past.examined).contains(past.frames) && past.firstFrame < animation.frameCount && past.pixels >= 1, "overflow")
            }
        case .motion:
            for kind in MotionKind.all {
                guard let facts = try? kind.reader.read(bytes) else { continue }
                let plain = facts.plain
                precondition(plain.width >= 0 && plain.height >= 0 && plain.frames >= 0, "\(kind.name): negative facts")
                precondition(
                    plain.durationMilliseconds.isFinite && abs(plain.durationMilliseconds) <= PlayTime.maximum, "\(kind.name): duration")
                precondition(plain.frameRate.map { FrameRate($0) != nil } ?? true, "\(kind.name): frame rate")
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
        case .tgsFields, .lottieFields:
            var draw = FieldDraws(bytes)
            let (fr, ip, op, w, h) = (draw.jsonNumber(), draw.jsonNumber(), draw.jsonNumber(), draw.jsonNumber(), draw.jsonNumber())
            if self == .tgsFields {
                Self.lintAndReport("a.tgs", HostileMotion.tgs(fr: fr, ip: ip, op: op, w: w, h: h), Self.takes { $0.tgs != nil })
            } else {
                Self.lintAndReport("a.json", HostileMotion.lottie(fr: fr, ip: ip, op: op, w: w, h: h), Self.takes { $0.lottie != nil })
            }
        case .webmFields:
            var draw = FieldDraws(bytes)
            let scale = draw.unsigned(), duration = draw.count(3) == 0 ? nil : draw.double(), short = draw.count(1) == 1
            let cluster = draw.unsigned(), defaultDuration = draw.count(1) == 1 ? draw.unsigned() : nil
            let (width, height) = (draw.unsigned(), draw.unsigned())
            var relatives: [Int16] = []
            for _ in 0..<draw.count(8) { relatives.append(Int16(truncatingIfNeeded: draw.unsigned())) }
            let file = HostileMotion.webm(
                scale: scale, duration: duration, durationIs32Bit: short, clusterTimestamp: cluster, relatives: relatives,
                defaultDuration: defaultDuration, width: width, height: height)
            if let facts = try? WebM.read(file) {
                precondition(facts.playTime.milliseconds.isFinite && facts.frameRate.map { $0.isFinite && $0 > 0 } ?? true, "timing")
            }
            // The coded frames' reader on the same hostile fields: no trap, as many frames as the facts count.
            if let frames = try? WebM.frames(file), let facts = try? WebM.read(file) { precondition(frames.count == facts.frames, "frames") }
            Self.lintAndReport("a.webm", file, Self.takes { $0.video != nil })
        case .webpFields:
            var draw = FieldDraws(bytes)
            let (width, height) = (UInt32(truncatingIfNeeded: draw.unsigned()), UInt32(truncatingIfNeeded: draw.unsigned()))
            let loops = UInt16(truncatingIfNeeded: draw.unsigned()), background = UInt32(truncatingIfNeeded: draw.unsigned())
            var frames: [HostileMotion.WebPFrame] = []
            for _ in 0..<draw.count(12) {
                frames.append(
                    HostileMotion.WebPFrame(
                        x: UInt32(truncatingIfNeeded: draw.unsigned()), y: UInt32(truncatingIfNeeded: draw.unsigned()), width: draw.count(64),
                        height: draw.count(64), duration: UInt32(truncatingIfNeeded: draw.unsigned()), flags: UInt8(draw.count(255))))
            }
            let file = HostileMotion.webp(canvasWidth: width, canvasHeight: height, loops: loops, background: background, frames: frames)
            if let image = try? decoder.decode(file) {
                precondition(image.frames.allSatisfy { $0.pixels.count == image.width * image.height * 4 }, "frame size")
            }
            Self.lintAndReport("a.webp", file, Self.takes { $0.animated.formats.contains(.webp) })
        case .catalog:
            let documents = bytes.split(separator: 0, maxSplits: 4, omittingEmptySubsequences: false).map(Array.init)
            let linter = Linter(jobs: 1, files: FuzzCatalog.files(documents), limits: Self.limits)
            _ = try? linter.lint([FuzzCatalog.root])
        }
    }
}

extension FuzzTarget {
    /// One file linted in memory under `profile` (every rule that applies), then rendered in every
    /// report format: the numbers a reader let through must not trap in a rule's message or a report.
    /// The profile of the first store whose limits `take` a kind of file (its TGS, its Lottie…).
    static func takes(_ take: (StoreLimits) -> Bool) -> Profile { Store.builtIn.first { take($0.limits) }.map(Profile.store) ?? .sticker }

    static func lintAndReport(_ name: String, _ bytes: [UInt8], _ profile: Profile) {
        let files = MemoryFileSystem()
        try? files.createFolder("/fuzz")
        try? files.write(bytes, to: "/fuzz/" + name)
        var configuration = Configuration()
        configuration.forcedProfile = profile
        guard let result = try? Linter(configuration: configuration, jobs: 1, files: files, limits: limits).lint(["/fuzz/" + name]) else { return }
        precondition(result.files.count == 1, "the file was lost")
        let context = ReportContext(workingDirectory: "/fuzz", timestamp: "2026-01-01T00:00:00")
        for reporter in ReporterRegistry.all { _ = reporter.init(context: context).render(result) }
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
