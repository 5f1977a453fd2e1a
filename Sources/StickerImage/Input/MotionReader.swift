import StickerFiles

/// A reader of a format stickerlint reads from its container or document and never decodes to pixels
/// (Telegram's TGS and WebM, Discord's Lottie JSON).
///
/// Everything the rest of stickerlint knows of such a format comes from its reader: the sniffer asks
/// `matches`, the inspector `refusal` and `read`, a folder walk and the pre-commit hook take
/// `extensions`, the fact cache and the JSON report keep `name` (and `merge` reads it back), the HTML
/// report says `notShown`, and the `motion` fuzz target runs every registered reader. A new format is
/// one conforming type and one `MotionKind.register` call: see `Tests/StickerLintTests/TestReaderTests.swift`.
package protocol MotionReader: Sendable {
    /// Its name in the fact cache and in `--format json` ("tgs"): lowercase, unique among readers and
    /// apart from the decoded formats' names.
    var name: String { get }
    /// "TGS (gzip'd Lottie)": how messages name the content.
    var displayName: String { get }
    /// The extensions files of the format usually have, lowercase, the usual one first.
    var extensions: [String] { get }
    /// Whether a folder walk always picks up `extensions` (Lottie's `.json` only where a profile takes it).
    var walkedAlways: Bool { get }
    /// Whether the first bytes (at most `Sniffer.prefixLength`) are this format's.
    func matches(prefix: [UInt8]) -> Bool
    /// The refusal of a file of `byteCount` bytes before it is read whole (a document past the reader's
    /// limit), or nil to read it.
    func refusal(byteCount: Int) -> ImageError?
    /// What the file says of itself, every number within the range its rules can take.
    func read(_ bytes: [UInt8]) throws(ImageError) -> MotionFacts
    /// Why a report shows the facts and no picture ("A WebM video is not decoded here: …").
    var notShown: String { get }
    /// The frames a report's preview shows, at most `maxSide` a side, or nil where the reader draws none.
    func preview(_ bytes: [UInt8], maxSide: Int) -> DecodedImage?
    /// `inspect`'s words for where the animation draws ("drawn within x 128–384, …"), or nil where the reader draws none.
    func drawn(_ bytes: [UInt8]) -> String?
    /// Whether `frames` draws the animation (a TGS's or Lottie JSON's reader: rlottie).
    var draws: Bool { get }
    /// The animation drawn as frames to make stickers from (`pack --render-lottie`): its longer side `side`
    /// (a vector drawing is drawn at any size), at most `maxFrames` frames and `maxRate` frames a second; nil
    /// where the reader draws none.
    func frames(_ bytes: [UInt8], side: Int, maxFrames: Int, maxRate: Double) throws(DrawRefusal) -> DecodedImage?
}

/// Why a reader that draws did not draw a file, in words ("it names an image outside the file …").
package struct DrawRefusal: Error, Sendable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

extension MotionReader {
    package var walkedAlways: Bool { true }
    package func refusal(byteCount: Int) -> ImageError? { nil }
    package func preview(_ bytes: [UInt8], maxSide: Int) -> DecodedImage? { nil }
    package func drawn(_ bytes: [UInt8]) -> String? { nil }
    package var draws: Bool { false }
    package func frames(_ bytes: [UInt8], side: Int, maxFrames: Int, maxRate: Double) throws(DrawRefusal) -> DecodedImage? { nil }
}

extension LottieRenderer {
    /// The TGS and Lottie readers' `frames`.
    static func readerFrames(_ bytes: [UInt8], side: Int, maxFrames: Int, maxRate: Double) throws(DrawRefusal) -> DecodedImage? {
        do throws(Failure) {
            return try frames(try load(bytes), maxSide: side, maxFrames: maxFrames, maxRate: maxRate, enlarging: true)
        } catch {
            throw DrawRefusal("\(error)")
        }
    }
}

/// A format read by a `MotionReader`, as `FileKind.motion` names it: equal by the reader's name.
public struct MotionKind: Sendable, Hashable, CustomStringConvertible {
    package let reader: any MotionReader

    package init(_ reader: any MotionReader) { self.reader = reader }

    /// Its name in the fact cache and in JSON reports ("tgs").
    public var name: String { reader.name }
    public var description: String { reader.displayName }

    public static func == (a: MotionKind, b: MotionKind) -> Bool { a.reader.name == b.reader.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(reader.name) }

    /// Telegram's animated sticker: a gzip'd Lottie animation.
    public static let tgs = MotionKind(TGSReader())
    /// Telegram's video sticker: a WebM (or Matroska) file.
    public static let webm = MotionKind(WebMReader())
    /// Discord's Lottie sticker: the Lottie JSON as it is.
    public static let lottie = MotionKind(LottieJSONReader())

    private static let registry = Locked<[MotionKind]>([.tgs, .webm, .lottie])

    /// Every reader, built in first, in the order the sniffer asks them.
    package static var all: [MotionKind] { registry.withLock { $0 } }

    /// The kind read by `name`, when a reader of that name is registered.
    package static func named(_ name: String) -> MotionKind? { all.first { $0.name == name } }

    /// Adds a reader for the rest of the process (asked after those before it); registering a reader
    /// under a name already taken returns the kind registered first.
    @discardableResult
    package static func register(_ reader: any MotionReader) -> MotionKind {
        registry.withLock { kinds in
            if let known = kinds.first(where: { $0.name == reader.name }) { return known }
            let kind = MotionKind(reader)
            kinds.append(kind)
            return kind
        }
    }
}

/// What a file read by a `MotionReader` says of itself: a TGS's or Lottie JSON's Lottie animation, a
/// WebM's EBML, or the common facts any other reader gives (boxed: the run's array of facts stays small).
package indirect enum MotionFacts: Sendable, Hashable {
    case lottie(LottieFacts)
    case webm(WebMFacts)
    case plain(PlainMotionFacts)

    /// The facts every reader gives.
    package var plain: PlainMotionFacts {
        switch self {
        case .lottie(let facts):
            PlainMotionFacts(
                unchecked: facts.width, facts.height, durationMilliseconds: facts.durationMilliseconds, frameRate: facts.frameRate,
                frames: facts.frames)
        case .webm(let facts):
            PlainMotionFacts(
                unchecked: facts.width, facts.height, durationMilliseconds: facts.durationMilliseconds, frameRate: facts.frameRate,
                frames: facts.frames)
        case .plain(let facts): facts
        }
    }

    package var width: Int { plain.width }
    package var height: Int { plain.height }
    /// How long one play lasts, in milliseconds.
    package var durationMilliseconds: Double { plain.durationMilliseconds }
    /// Frames a second: the Lottie's `fr`, or the WebM's from its blocks' times (nil when they do not tell).
    package var frameRate: Double? { plain.frameRate }
    /// Frames shown.
    package var frames: Int { plain.frames }
}

/// The facts every `MotionReader` gives: the canvas and the timing.
package struct PlainMotionFacts: Sendable, Hashable {
    /// "512×512, 181 frames at 60 fps, 3.02 s", as `inspect` says it.
    package var summary: String {
        var text = "\(width)×\(height), \(frames.counted("frame"))"
        if let frameRate { text += " at \(frameRate.hundredthsText) fps" }
        return text + ", \((durationMilliseconds / 1000).hundredthsText) s"
    }

    package var width: Int
    package var height: Int
    package var durationMilliseconds: Double
    package var frameRate: Double?
    package var frames: Int

    /// Facts held in the ranges the rules and the cache take: sides and frames not negative, the time
    /// within `PlayTime`'s range and the rate within `FrameRate`'s (else unknown).
    package init(width: Int, height: Int, durationMilliseconds: Double, frameRate: Double?, frames: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.durationMilliseconds = PlayTime(clamping: durationMilliseconds).milliseconds
        self.frameRate = frameRate.flatMap { FrameRate($0)?.framesPerSecond }
        self.frames = max(0, frames)
    }

    /// Facts its reader already held in range (Lottie's and WebM's, as they were read).
    fileprivate init(unchecked width: Int, _ height: Int, durationMilliseconds: Double, frameRate: Double?, frames: Int) {
        self.width = width
        self.height = height
        self.durationMilliseconds = durationMilliseconds
        self.frameRate = frameRate
        self.frames = frames
    }
}

/// Telegram's TGS: gzip (its first three bytes), inflated within `Lottie.inflatedLimit`.
struct TGSReader: MotionReader {
    var name: String { "tgs" }
    var displayName: String { "TGS (gzip'd Lottie)" }
    var extensions: [String] { ["tgs"] }
    func matches(prefix b: [UInt8]) -> Bool { b.count >= 3 && b[0] == 0x1F && b[1] == 0x8B && b[2] == 0x08 }
    func read(_ bytes: [UInt8]) throws(ImageError) -> MotionFacts {
        // A TGS is gzip'd (`matches`); where the canvas is left is drawn by rlottie.
        do { return .lottie(try LottieRenderer.facts(bytes)) } catch { throw .lottie(error) }
    }
    var notShown: String { "This TGS animation could not be drawn here: its facts come from its Lottie document." }
    func preview(_ bytes: [UInt8], maxSide: Int) -> DecodedImage? { LottieRenderer.preview(bytes, maxSide: maxSide) }
    func drawn(_ bytes: [UInt8]) -> String? { LottieRenderer.drawnText(bytes) }
    var draws: Bool { true }
    func frames(_ bytes: [UInt8], side: Int, maxFrames: Int, maxRate: Double) throws(DrawRefusal) -> DecodedImage? {
        try LottieRenderer.readerFrames(bytes, side: side, maxFrames: maxFrames, maxRate: maxRate)
    }
}

/// A WebM or Matroska file: the EBML magic.
struct WebMReader: MotionReader {
    var name: String { "webm" }
    var displayName: String { "WebM video" }
    var extensions: [String] { ["webm"] }
    func matches(prefix: [UInt8]) -> Bool { WebM.isEBML(prefix) }
    func read(_ bytes: [UInt8]) throws(ImageError) -> MotionFacts {
        do { return .webm(try WebM.read(bytes)) } catch { throw .webm(error) }
    }
    var notShown: String { "A WebM video is not decoded here: its facts come from its container." }
}

/// A JSON object (`Sniffer.looksLikeJSONObject`); whether it is a Lottie animation is `Lottie.read`'s to say.
struct LottieJSONReader: MotionReader {
    var name: String { "lottie" }
    var displayName: String { "Lottie JSON" }
    var extensions: [String] { ["json"] }
    var walkedAlways: Bool { false }
    func matches(prefix: [UInt8]) -> Bool { Sniffer.looksLikeJSONObject(prefix) }
    /// A document past Lottie's limit is refused from its first bytes, never read whole (a 60 MB
    /// document cost seconds and gigabytes to parse; every store's limit is far below).
    func refusal(byteCount: Int) -> ImageError? {
        byteCount > Lottie.inflatedLimit ? .lottie(.documentTooLarge(bytes: byteCount, limit: Lottie.inflatedLimit)) : nil
    }
    func read(_ bytes: [UInt8]) throws(ImageError) -> MotionFacts {
        do { return .lottie(try LottieRenderer.facts(bytes)) } catch { throw .lottie(error) }
    }
    var notShown: String { "This Lottie animation could not be drawn here: its facts come from its JSON document." }
    func preview(_ bytes: [UInt8], maxSide: Int) -> DecodedImage? { LottieRenderer.preview(bytes, maxSide: maxSide) }
    func drawn(_ bytes: [UInt8]) -> String? { LottieRenderer.drawnText(bytes) }
    var draws: Bool { true }
    func frames(_ bytes: [UInt8], side: Int, maxFrames: Int, maxRate: Double) throws(DrawRefusal) -> DecodedImage? {
        try LottieRenderer.readerFrames(bytes, side: side, maxFrames: maxFrames, maxRate: maxRate)
    }
}

extension ImageDecoder {
    /// What `inspect` says of a file, from its content: a decoded format's header ("PNG 618×618, 1
    /// frame, alpha, 8-bit rgba"), with `decode` whether every frame decodes; a reader's kind and facts
    /// ("TGS (gzip'd Lottie) 512×512, 181 frames at 60 fps, 3.02 s").
    package func inspection(of source: some ByteSource, decode: Bool) throws(ImageError) -> String {
        let prefix = try source.bytes(at: 0, count: Sniffer.prefixLength)
        if case .motion(let kind) = Sniffer.kind(prefix: prefix) {
            if let refusal = kind.reader.refusal(byteCount: source.count) { throw refusal }
            guard source.count <= limits.maxFileBytes else { throw .overBudget(.fileBytes(bytes: source.count, limit: limits.maxFileBytes)) }
            let bytes = try source.bytes(at: 0, count: source.count)
            return "\(kind) " + (try kind.reader.read(bytes)).plain.summary + (kind.reader.drawn(bytes).map { ", " + $0 } ?? "")
        }
        let header = try probe(source)
        var line = "\(header.format.displayName) \(header.width)×\(header.height)"
        line += ", \(header.frameCount) \(header.frameCount == 1 ? "frame" : "frames")"
        if let loops = header.loopCount { line += ", loops \(loops == 0 ? "forever" : String(loops))" }
        line += header.hasAlpha ? ", alpha" : ", no alpha"
        line += ", \(header.bitDepth)-bit \(header.colorModel.rawValue)"
        if header.interlaced { line += ", interlaced" }
        if let orientation = header.orientation { line += ", EXIF orientation \(orientation)" }
        if decode {
            let summary = try decodeFrames(try source.bytes(at: 0, count: source.count)) { _ in .next }
            for issue in summary.animationIssues { line += "\n  animation: \(String(describing: issue).displayed)" }
            line += summary.animationIssues.isEmpty ? ", decodes" : ""
        }
        return line
    }
}
