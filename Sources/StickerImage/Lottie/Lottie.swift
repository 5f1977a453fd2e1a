internal import StickerlintCDeflate
import StickerFiles

/// What stickerlint reads of a Lottie animation (Telegram's TGS is one, gzip'd; Discord takes the JSON
/// as it is): the canvas, the timing, and the features Telegram's animated stickers may not use. Drawing
/// is `LottieRenderer`'s, for previews, and only of a document this reader accepted.
public struct LottieFacts: Sendable, Hashable {
    /// The canvas (`w`, `h`), in pixels.
    public var width: Int
    public var height: Int
    /// Frames a second (`fr`).
    public var frameRate: Double
    /// The first and the end frame (`ip`, `op`): the animation shows frames ip ..< op.
    public var inPoint: Double
    public var outPoint: Double
    /// Top-level layers.
    public var layerCount: Int
    /// The features found that Telegram's animated stickers may not use, in `LottieFeature` order.
    public var forbidden: [LottieFeature]
    /// The JSON's size once inflated (a TGS file); nil for a JSON file.
    public var inflatedBytes: Int?
    /// Where the animation draws past its canvas, as rlottie draws it (`LottieRenderer.overflow`); nil
    /// when it stays on it, or when it is not drawn (the reader alone, or a document rlottie refuses).
    public var overflow: LottieOverflow?
    /// Why rlottie does not draw it, when the reader accepted it and rlottie's drawing is refused (a
    /// start before frame 0, a frame painting too much, a shape too far out): the renderer's words.
    public var undrawn: String?

    package init(
        width: Int, height: Int, frameRate: Double, inPoint: Double, outPoint: Double, layerCount: Int, forbidden: [LottieFeature],
        inflatedBytes: Int?, overflow: LottieOverflow? = nil, undrawn: String? = nil
    ) {
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.inPoint = inPoint
        self.outPoint = outPoint
        self.layerCount = layerCount
        self.forbidden = forbidden
        self.inflatedBytes = inflatedBytes
        self.overflow = overflow
        self.undrawn = undrawn
    }

    /// Frames shown: from `ip` to `op`, each rounded to a whole frame as rlottie reads them
    /// (`std::lround`, half away from zero), the last not shown; the reader keeps both within
    /// ±`Lottie.frameLimit` and refuses a document where they round to the same frame.
    public var frames: Int {
        // Saturating: facts made elsewhere than the reader may hold any numbers.
        let (end, start) = (Int(saturatingRounded: outPoint), Int(saturatingRounded: inPoint))
        let (count, overflow) = end.subtractingReportingOverflow(start)
        return overflow ? (end > start ? .max : .min) : count
    }

    /// How long one play lasts (the reader refuses a document whose time is out of `PlayTime`'s range;
    /// facts made otherwise are held in it).
    public var playTime: PlayTime { PlayTime(clamping: frameRate > 0 ? (outPoint - inPoint) / frameRate * 1000 : 0) }

    /// How long one play lasts, in milliseconds.
    public var durationMilliseconds: Double { playTime.milliseconds }
}

/// A feature of After Effects that Telegram's animated stickers may not use
/// (core.telegram.org/animated_stickers), as it shows in the Lottie JSON.
public enum LottieFeature: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A property with an expression (`x`).
    case expressions
    /// A layer with masks (`hasMask`, `masksProperties`).
    case masks
    /// A layer with effects (`ef`).
    case layerEffects = "layer effects"
    /// An image layer (`ty` 2) or an image asset (`p`).
    case images
    /// A solid layer (`ty` 1).
    case solids
    /// A text layer (`ty` 5).
    case texts
    /// A 3D layer (`ddd` 1).
    case threeDLayers = "3D layers"
    /// A merge-paths shape (`ty` "mm").
    case mergePaths = "merge paths"
    /// A star or polygon shape (`ty` "sr").
    case starShapes = "star shapes"
    /// A gradient stroke (`ty` "gs").
    case gradientStrokes = "gradient strokes"
    /// A repeater (`ty` "rp").
    case repeaters
    /// A layer stretched in time (`sr` other than 1).
    case timeStretching = "time stretching"
    /// A layer with time remapping (`tm`).
    case timeRemapping = "time remapping"
    /// An auto-oriented layer (`ao` 1).
    case autoOrientedLayers = "auto-oriented layers"

    public var description: String { rawValue }
}

/// Why a Lottie or TGS file could not be read, with what was found.
public enum LottieError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not a gzip stream where a TGS needs one, or a damaged one (what and where).
    case gzip(String, offset: Int)
    /// The JSON inflates to more than the limit (as the gzip trailer declares it).
    case inflatedTooLarge(bytes: Int, limit: Int)
    /// A Lottie JSON file larger than the limit: refused before it is read whole.
    case documentTooLarge(bytes: Int, limit: Int)
    /// A key the document's top level holds twice (readers differ on which one counts: rlottie and
    /// lottie-web take different ones), where it appears again.
    case duplicateKey(String, line: Int)
    /// The text is not JSON.
    case json(JSONParser.Failure)
    /// The JSON is not a Lottie animation: a field missing or of the wrong kind.
    case field(String, problem: String)

    public var description: String {
        switch self {
        case .gzip(let what, let offset): "not a readable gzip stream: \(what) (byte \(offset.grouped))"
        case .inflatedTooLarge(let bytes, let limit):
            "the animation inflates to \(bytes.grouped) bytes, over the \(limit.grouped)-byte limit; not read"
        case .documentTooLarge(let bytes, let limit):
            "the Lottie JSON is \(bytes.grouped) bytes, over the \(limit.grouped)-byte limit; not read"
        case .duplicateKey(let key, let line):
            "\"\(key)\" appears twice in the animation (again on line \(line.grouped)); which one counts is unclear"
        case .json(let failure): "not JSON: \(failure)"
        case .field(let name, let problem): "not a Lottie animation: \(name) \(problem)"
        }
    }
}

public enum Lottie {
    /// The most a TGS may inflate to before it is refused unread, and the largest Lottie JSON read
    /// (Telegram's TGS are under 64 KB compressed and rarely a megabyte inflated; Discord's Lottie
    /// stickers are at most 512 KB).
    public static let inflatedLimit = 4 << 20
    /// The most JSON values (numbers, strings, arrays, objects) read from one animation: a real
    /// sticker's megabyte holds about 200,000; each costs tens of bytes once parsed.
    public static let valueBudget = 1_000_000
    /// The most layers, shapes and precomposition levels walked for features, against a document
    /// built to make the walk slow.
    static let walkBudget = 1_000_000
    /// The slowest frame rate read (`fr`): a frame every 1,000 seconds.
    public static let minimumFrameRate = 0.001
    /// The furthest `ip` and `op` may lie from frame 0 (a billion frames: over 190 days at 60 fps).
    public static let frameLimit = 1e9

    /// Reads a TGS file: gzip, then the Lottie JSON.
    public static func readTGS(_ bytes: [UInt8]) throws(LottieError) -> LottieFacts {
        let json = try Gzip.inflate(bytes, limit: inflatedLimit)
        var facts = try read(json)
        facts.inflatedBytes = json.count
        return facts
    }

    /// Whether bytes start as a gzip stream does (a TGS file).
    public static func isGzip(_ bytes: [UInt8]) -> Bool { bytes.count >= 3 && bytes[0] == 0x1F && bytes[1] == 0x8B && bytes[2] == 8 }

    /// Reads a Lottie JSON document.
    public static func read(_ json: [UInt8]) throws(LottieError) -> LottieFacts { try document(json).facts }

    /// A TGS (gzip) or a Lottie JSON document as read: its facts and the parsed document, for a reader
    /// that goes on to draw it without parsing it again.
    static func document(ofFile bytes: [UInt8]) throws(LottieError) -> Document {
        let json = isGzip(bytes) ? try Gzip.inflate(bytes, limit: inflatedLimit) : bytes
        let (facts, document) = try document(json)
        return Document(facts: facts, document: document, json: json, gzip: isGzip(bytes))
    }

    /// A document as read: the facts, the parsed value and its JSON bytes.
    struct Document {
        var facts: LottieFacts
        var document: JSONValue
        var json: [UInt8]

        init(facts: LottieFacts, document: JSONValue, json: [UInt8], gzip: Bool) {
            self.facts = facts
            self.document = document
            self.json = json
            if gzip { self.facts.inflatedBytes = json.count }
        }
    }

    /// A Lottie JSON document's facts and the parsed document.
    static func document(_ json: [UInt8]) throws(LottieError) -> (facts: LottieFacts, document: JSONValue) {
        guard json.count <= inflatedLimit else { throw .documentTooLarge(bytes: json.count, limit: inflatedLimit) }
        let document: JSONValue
        var duplicates: [JSONParser.Duplicate] = []
        do { document = try JSONParser.parse(json, duplicates: &duplicates, maxValues: valueBudget) } catch { throw .json(error) }
        guard case .object(let members) = document else { throw .field("the document", problem: "is \(document.typeName), not an object") }
        // rlottie reads keys and texts as C strings, which end at U+0000: "layers\u0000x" is its "layers",
        // and ids "a\u0000x" and "a\u0000y" are one. What it reads would differ from what is checked here.
        if let text = firstNul(document) {
            throw .field(
                "a key or text",
                problem:
                    "(\"\(String(text.prefix(40)).displayed)\") holds the character U+0000, where rlottie, which draws it, reads the text as ending")
        }
        // A repeated key at the top level (where the canvas and timing are) is refused: which one a
        // player takes differs. Repeats deeper down change no fact read here.
        var topKeys = Set<String>()
        for (key, _) in members where !topKeys.insert(key).inserted {
            throw .duplicateKey(key, line: duplicates.first { $0.key == key }?.line ?? 1)
        }
        func number(_ key: String) throws(LottieError) -> Double {
            switch document[key] {
            case .number(let value)?: return value
            case .int(let value)?: return Double(value)
            case nil: throw .field("\"\(key)\"", problem: "is missing")
            case let other?: throw .field("\"\(key)\"", problem: "is \(other.typeName), not a number")
            }
        }
        let width = try number("w"), height = try number("h"), rate = try number("fr")
        let inPoint = try number("ip"), outPoint = try number("op")
        guard width >= 0, height >= 0, width <= 1_000_000, height <= 1_000_000, width == width.rounded(), height == height.rounded() else {
            throw .field("the canvas", problem: "is \(width)×\(height), not a size in pixels")
        }
        guard rate >= minimumFrameRate, rate <= 1_000 else {
            throw .field("\"fr\"", problem: "is \(plain(rate)), not a frame rate (\(minimumFrameRate)–1,000 frames a second)")
        }
        for (key, value) in [("ip", inPoint), ("op", outPoint)] where !(abs(value) <= frameLimit) {
            throw .field("\"\(key)\"", problem: "is \(plain(value)), out of range (±\(Int(frameLimit).grouped) frames)")
        }
        guard outPoint >= inPoint else {
            throw .field("\"op\"", problem: "is \(plain(outPoint)), before \"ip\" \(plain(inPoint))")
        }
        // A player shows frames ip ..< op: none at all when they are equal.
        guard outPoint > inPoint else {
            throw .field("\"op\"", problem: "is \(plain(outPoint)), the same as \"ip\": the animation has no frame to show")
        }
        // rlottie rounds both to whole frames (lottieparser.cpp: `std::lround(GetDouble())`): 0 and 0.4 are
        // one frame, where it draws nothing.
        guard outPoint.rounded() > inPoint.rounded() else {
            throw .field(
                "\"op\"",
                problem: "is \(plain(outPoint)), the same frame as \"ip\" \(plain(inPoint)) when rounded: the animation has no frame to show")
        }
        // Within these bounds the time is at most 2·10^9 / 10^-3 × 1,000 = 2·10^15 ms: finite, but past
        // PlayTime's range, which is checked here rather than clamped.
        guard PlayTime(milliseconds: (outPoint - inPoint) / rate * 1000) != nil else {
            throw .field("the timing", problem: "(\"op\" − \"ip\") / \"fr\" = \((outPoint - inPoint) / rate) s, out of range")
        }
        guard case .array(let layers)? = document["layers"] else {
            throw .field("\"layers\"", problem: document["layers"] == nil ? "is missing" : "is not an array")
        }
        var found = Set<LottieFeature>()
        var budget = walkBudget
        if case .number(1)? = document["ddd"] { found.insert(.threeDLayers) }
        if case .int(1)? = document["ddd"] { found.insert(.threeDLayers) }
        walkLayers(layers, into: &found, budget: &budget)
        if case .array(let assets)? = document["assets"] {
            for asset in assets {
                if asset["p"] != nil, asset["layers"] == nil { found.insert(.images) }
                if case .array(let inner)? = asset["layers"] { walkLayers(inner, into: &found, budget: &budget) }
            }
        }
        let facts = LottieFacts(
            width: Int(width), height: Int(height), frameRate: rate, inPoint: inPoint, outPoint: outPoint, layerCount: layers.count,
            forbidden: LottieFeature.allCases.filter(found.contains), inflatedBytes: nil)
        return (facts, document)
    }

    private static func walkLayers(_ layers: [JSONValue], into found: inout Set<LottieFeature>, budget: inout Int) {
        for layer in layers {
            budget -= 1
            guard budget > 0 else { return }
            switch layer["ty"].flatMap(integer) {
            case 1: found.insert(.solids)
            case 2: found.insert(.images)
            case 5: found.insert(.texts)
            default: break
            }
            if layer["ddd"].flatMap(integer) == 1 { found.insert(.threeDLayers) }
            if layer["ao"].flatMap(integer) == 1 { found.insert(.autoOrientedLayers) }
            if layer["tm"] != nil { found.insert(.timeRemapping) }
            if let stretch = layer["sr"].flatMap(real), stretch != 1 { found.insert(.timeStretching) }
            if case .bool(true)? = layer["hasMask"] { found.insert(.masks) }
            if case .array(let masks)? = layer["masksProperties"], !masks.isEmpty { found.insert(.masks) }
            if case .array(let effects)? = layer["ef"], !effects.isEmpty { found.insert(.layerEffects) }
            if case .array(let shapes)? = layer["shapes"] { walkShapes(shapes, into: &found, budget: &budget) }
            findExpressions(layer, into: &found, budget: &budget)
        }
    }

    private static func walkShapes(_ shapes: [JSONValue], into found: inout Set<LottieFeature>, budget: inout Int) {
        for shape in shapes {
            budget -= 1
            guard budget > 0 else { return }
            if case .string(let type)? = shape["ty"] {
                switch type {
                case "mm": found.insert(.mergePaths)
                case "sr": found.insert(.starShapes)
                case "gs": found.insert(.gradientStrokes)
                case "rp": found.insert(.repeaters)
                default: break
                }
            }
            if case .array(let items)? = shape["it"] { walkShapes(items, into: &found, budget: &budget) }
        }
    }

    /// An expression is a property object's `x` holding a string; looked for through the layer's values.
    private static func findExpressions(_ value: JSONValue, into found: inout Set<LottieFeature>, budget: inout Int) {
        guard !found.contains(.expressions) else { return }
        budget -= 1
        guard budget > 0 else { return }
        switch value {
        case .object(let members):
            for (key, member) in members {
                if key == "x", case .string(let text) = member, !text.isEmpty {
                    found.insert(.expressions)
                    return
                }
                findExpressions(member, into: &found, budget: &budget)
            }
        case .array(let items):
            for item in items { findExpressions(item, into: &found, budget: &budget) }
        default: break
        }
    }

    /// A number as a message shows it: "30" for a whole one (not "30.0"), Swift's shortest form otherwise.
    /// The first key or text in `value` holding U+0000 (depth first, in document order), if any.
    static func firstNul(_ value: JSONValue) -> String? {
        var stack = [value]
        while let next = stack.popLast() {
            switch next {
            case .string(let text) where text.utf8.contains(0): return text
            case .array(let items): stack.append(contentsOf: items.reversed())
            case .object(let members):
                if let (key, _) = members.first(where: { $0.0.utf8.contains(0) }) { return key }
                stack.append(contentsOf: members.map(\.1).reversed())
            default: break
            }
        }
        return nil
    }

    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// A whole number as the document spells it (an int, or a real without a fraction within ±10¹⁵).
    static func integer(_ value: JSONValue) -> Int? {
        switch value {
        case .int(let n): n
        case .number(let n) where n == n.rounded() && abs(n) < 1e15: Int(n)
        default: nil
        }
    }

    private static func real(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let n): Double(n)
        case .number(let n): n
        default: nil
        }
    }
}

/// gzip (RFC 1952) around one deflate stream, inflated by libdeflate into a buffer of the size the
/// trailer declares, when that is within the limit; the CRC-32 and the size are checked.
enum Gzip {
    static func inflate(_ bytes: [UInt8], limit: Int) throws(LottieError) -> [UInt8] {
        guard bytes.count >= 18 else { throw .gzip("\(bytes.count) bytes, shorter than any gzip stream", offset: 0) }
        guard bytes[0] == 0x1F, bytes[1] == 0x8B else { throw .gzip("no gzip signature", offset: 0) }
        guard bytes[2] == 8 else { throw .gzip("compression method \(bytes[2]), not deflate", offset: 2) }
        let flags = bytes[3]
        guard flags & 0xE0 == 0 else { throw .gzip("reserved flag bits set", offset: 3) }
        var offset = 10
        if flags & 0x04 != 0 {  // FEXTRA
            guard offset + 2 <= bytes.count else { throw .gzip("truncated extra field", offset: offset) }
            offset += 2 + (Int(bytes[offset]) | Int(bytes[offset + 1]) << 8)
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {  // FNAME, FCOMMENT: zero-terminated
            guard offset < bytes.count, let end = bytes[offset...].firstIndex(of: 0) else {
                throw .gzip("unterminated \(flag == 0x08 ? "file name" : "comment")", offset: offset)
            }
            offset = end + 1
        }
        if flags & 0x02 != 0 { offset += 2 }  // FHCRC
        guard offset + 8 <= bytes.count else { throw .gzip("truncated before the compressed data", offset: min(offset, bytes.count)) }
        let trailer = bytes.count - 8
        let declaredCRC =
            UInt32(bytes[trailer]) | UInt32(bytes[trailer + 1]) << 8 | UInt32(bytes[trailer + 2]) << 16 | UInt32(bytes[trailer + 3]) << 24
        let declaredSize = Int(bytes[trailer + 4]) | Int(bytes[trailer + 5]) << 8 | Int(bytes[trailer + 6]) << 16 | Int(bytes[trailer + 7]) << 24
        // Deflate makes at most 1,032 bytes of each byte it reads (258 from a 2-bit code at best): a
        // trailer declaring more than that is damage (a truncated file ends in stray bytes), not a size.
        guard declaredSize <= (trailer - offset) * 1_032 else {
            throw .gzip(
                "the trailer declares \(declaredSize.grouped) bytes, more than deflate makes of \((trailer - offset).grouped)", offset: trailer + 4)
        }
        guard declaredSize <= limit else { throw .inflatedTooLarge(bytes: declaredSize, limit: limit) }
        guard let decompressor = libdeflate_alloc_decompressor() else { throw .gzip("no memory for the decompressor", offset: offset) }
        defer { libdeflate_free_decompressor(decompressor) }
        var consumed = 0, produced = 0
        var output = [UInt8](repeating: 0, count: declaredSize)
        let result = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                libdeflate_deflate_decompress_ex(
                    decompressor, input.baseAddress! + offset, trailer - offset, out.baseAddress, out.count, &consumed, &produced)
            }
        }
        switch result {
        case LIBDEFLATE_SUCCESS: break
        case LIBDEFLATE_INSUFFICIENT_SPACE: throw .gzip("inflates past the \(declaredSize.grouped) bytes its trailer declares", offset: trailer + 4)
        default: throw .gzip("damaged deflate data", offset: offset)
        }
        guard produced == declaredSize else {
            throw .gzip("inflates to \(produced.grouped) bytes, not the \(declaredSize.grouped) its trailer declares", offset: trailer + 4)
        }
        guard offset + consumed == trailer else { throw .gzip("data after the deflate stream", offset: offset + consumed) }
        let crc = output.withUnsafeBufferPointer { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
        guard crc == declaredCRC else {
            throw .gzip("CRC-32 \(String(crc, radix: 16)) where the trailer declares \(String(declaredCRC, radix: 16))", offset: trailer)
        }
        return output
    }
}
