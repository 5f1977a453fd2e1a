import StickerFiles

/// What stickerlint reads of a WebM file (Telegram's video stickers): the container's facts from its
/// EBML elements — doc type, tracks, codec, size, alpha mode, duration, and the frame rate from the
/// video blocks' times. The video is never decoded.
public struct WebMFacts: Sendable, Hashable {
    /// The EBML header's DocType ("webm"; "matroska" for an MKV).
    public var docType: String
    /// The first video track's codec ("V_VP9", "V_VP8", "V_AV1"…).
    public var codec: String
    /// The first video track's size, in pixels.
    public var width: Int
    public var height: Int
    /// The video track declares an alpha channel (AlphaMode 1: VP9 with alpha in BlockAdditions).
    public var hasAlpha: Bool
    /// Tracks by type: video, audio and any other.
    public var videoTracks: Int
    public var audioTracks: Int
    public var otherTracks: Int
    /// The video track's frames (its blocks; a laced block counts each frame).
    public var frames: Int
    /// The segment's Duration, in milliseconds, when it declares one.
    public var declaredMilliseconds: Double?
    /// The video frames' timestamps, first and last, in milliseconds.
    public var firstFrameMilliseconds: Double?
    public var lastFrameMilliseconds: Double?
    /// The video track's DefaultDuration (nanoseconds a frame), when it declares one.
    public var defaultFrameNanoseconds: Int?

    package init(
        docType: String, codec: String, width: Int, height: Int, hasAlpha: Bool, videoTracks: Int, audioTracks: Int, otherTracks: Int,
        frames: Int, declaredMilliseconds: Double?, firstFrameMilliseconds: Double?, lastFrameMilliseconds: Double?,
        defaultFrameNanoseconds: Int?
    ) {
        self.docType = docType
        self.codec = codec
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.videoTracks = videoTracks
        self.audioTracks = audioTracks
        self.otherTracks = otherTracks
        self.frames = frames
        self.declaredMilliseconds = declaredMilliseconds
        self.firstFrameMilliseconds = firstFrameMilliseconds
        self.lastFrameMilliseconds = lastFrameMilliseconds
        self.defaultFrameNanoseconds = defaultFrameNanoseconds
    }

    /// How long the video plays: the declared duration when it reaches the last frame, else (no
    /// duration, or one the frames outlast, as a player shows them) the frames' span plus one frame. The
    /// reader keeps every time it reads within ±`PlayTime.maximum`; the result is held in `PlayTime`'s range.
    public var playTime: PlayTime {
        let span = firstFrameMilliseconds.flatMap { first in lastFrameMilliseconds.map { $0 - first } }
        if let declaredMilliseconds, declaredMilliseconds >= span ?? 0 { return PlayTime(clamping: declaredMilliseconds) }
        guard let span else { return .zero }
        let frame = frames > 1 ? span / Double(frames - 1) : defaultFrameNanoseconds.map { Double($0) / 1e6 } ?? 0
        return PlayTime(clamping: span + frame)
    }

    /// How long the video plays, in milliseconds (`playTime`).
    public var durationMilliseconds: Double { playTime.milliseconds }

    /// Frames a second, from the video blocks' times (frames − 1 intervals between the first and the
    /// last), or from DefaultDuration for a single frame; nil when neither tells (or the rate is out of
    /// `FrameRate`'s range).
    public var frameRate: Double? {
        if frames > 1, let first = firstFrameMilliseconds, let last = lastFrameMilliseconds, last > first {
            return FrameRate(Double(frames - 1) / ((last - first) / 1000))?.framesPerSecond
        }
        return defaultFrameNanoseconds.flatMap { $0 > 0 ? FrameRate(1e9 / Double($0))?.framesPerSecond : nil }
    }
}

/// Why a WebM file could not be read, with where.
public enum WebMError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file does not start with an EBML header.
    case notEBML
    /// An element's ID or size is not a valid variable-length integer.
    case badVarint(offset: Int)
    /// An element claims more bytes than its parent (or the file) holds.
    case overrun(element: String, offset: Int, size: Int, available: Int)
    /// The file ends inside an element.
    case truncated(element: String, offset: Int)
    /// Elements nested deeper than any WebM nests them.
    case tooDeep(offset: Int)
    /// More elements than the reading budget allows (a file built to make the walk slow).
    case tooManyElements(limit: Int)
    /// A value of the wrong size for its type (an unsigned integer over 8 bytes, a float not 4 or 8).
    case badValue(element: String, offset: Int)
    /// A number outside the range its field can mean (a TimestampScale of 0, a Duration of +Inf, a
    /// block's time past what any timeline holds): the field, where, the value and the range.
    case outOfRange(element: String, offset: Int, value: String, range: String)
    /// No Segment, or a Segment without a video track.
    case missing(String)

    public var description: String {
        switch self {
        case .notEBML: "not a WebM file: no EBML header"
        case .badVarint(let offset): "damaged EBML: no valid element ID or size at byte \(offset.grouped)"
        case .overrun(let element, let offset, let size, let available):
            "damaged EBML: \(element) at byte \(offset.grouped) claims \(size.grouped) bytes, only \(available.grouped) remain"
        case .truncated(let element, let offset): "file is truncated: it ends inside \(element) at byte \(offset.grouped)"
        case .tooDeep(let offset): "damaged EBML: elements nested too deep at byte \(offset.grouped)"
        case .tooManyElements(let limit): "more than \(limit.grouped) EBML elements; not read"
        case .badValue(let element, let offset): "damaged EBML: \(element) at byte \(offset.grouped) has a value of the wrong size"
        case .outOfRange(let element, let offset, let value, let range):
            "\(element) at byte \(offset.grouped) is \(value), out of range (\(range))"
        case .missing(let what): "not a WebM video: \(what)"
        }
    }
}

public enum WebM {
    /// The most elements read before a file is refused (a 3-second sticker has a few hundred).
    public static let elementBudget = 1_000_000
    /// The deepest nesting read (WebM's own goes four levels down to a Block).
    static let maxDepth = 8
    /// The largest TimestampScale read: a tick of one second.
    static let maxTimestampScale = 1_000_000_000
    /// The latest Cluster Timestamp read, in ticks: 2^53, past which a Double no longer counts every tick.
    static let maxTicks = 1 << 53
    /// The widest or tallest video read, in pixels.
    package static let maxSide = 1_000_000

    /// Element IDs (Matroska specification), with the names messages use.
    enum ID {
        static let ebml: UInt32 = 0x1A45_DFA3
        static let docType: UInt32 = 0x4282
        static let segment: UInt32 = 0x1853_8067
        static let info: UInt32 = 0x1549_A966
        static let timestampScale: UInt32 = 0x2A_D7B1
        static let duration: UInt32 = 0x4489
        static let tracks: UInt32 = 0x1654_AE6B
        static let trackEntry: UInt32 = 0xAE
        static let trackNumber: UInt32 = 0xD7
        static let trackType: UInt32 = 0x83
        static let codecID: UInt32 = 0x86
        static let defaultDuration: UInt32 = 0x23_E383
        static let video: UInt32 = 0xE0
        static let pixelWidth: UInt32 = 0xB0
        static let pixelHeight: UInt32 = 0xBA
        static let alphaMode: UInt32 = 0x53C0
        static let cluster: UInt32 = 0x1F43_B675
        static let clusterTimestamp: UInt32 = 0xE7
        static let simpleBlock: UInt32 = 0xA3
        static let blockGroup: UInt32 = 0xA0
        static let block: UInt32 = 0xA1

        /// The master elements walked into; every other element is skipped by its size.
        static let masters: Set<UInt32> = [ebml, segment, info, tracks, trackEntry, video, cluster, blockGroup]

        static func name(_ id: UInt32) -> String {
            switch id {
            case ebml: "the EBML header"
            case segment: "the Segment"
            case info: "the segment Info"
            case tracks: "Tracks"
            case trackEntry: "a TrackEntry"
            case video: "a track's Video settings"
            case cluster: "a Cluster"
            case blockGroup: "a BlockGroup"
            case simpleBlock, block: "a Block"
            default: "element 0x" + String(id, radix: 16, uppercase: true)
            }
        }
    }

    /// A track as read.
    struct Track {
        var number = 0
        var type = 0
        var codec = ""
        var width = 0
        var height = 0
        var alphaMode = 0
        var defaultDuration: Int?
    }

    /// What the walk gathers.
    struct Reading {
        var docType: String?
        var segments = 0
        var timestampScale = 1_000_000
        var duration: Double?
        /// Where the Duration was read, for the range check once the scale is known.
        var durationOffset = 0
        var tracks: [Track] = []
        var clusterTimestamp = 0
        /// Per track number: frames and first/last timestamps (in timestamp units), and where its first block is.
        var blocks: [Int: (frames: Int, first: Int, last: Int, offset: Int)] = [:]
        var elements = 0
    }

    /// Reads a WebM (or Matroska) file's container facts.
    public static func read(_ bytes: [UInt8]) throws(WebMError) -> WebMFacts {
        guard bytes.count >= 4, bytes[0] == 0x1A, bytes[1] == 0x45, bytes[2] == 0xDF, bytes[3] == 0xA3 else { throw .notEBML }
        var reading = Reading()
        try bytes.withUnsafeBufferPointer { (buffer) throws(WebMError) in
            var none = Track()
            try walk(buffer, from: 0, to: buffer.count, depth: 0, parent: 0, track: &none, into: &reading)
        }
        guard reading.segments > 0 else { throw .missing("no Segment") }
        guard let video = reading.tracks.first(where: { $0.type == 1 }) else { throw .missing("no video track") }
        let scale = Double(reading.timestampScale) / 1e6
        let blocks = reading.blocks[video.number]
        // A video sticker with no frame shows nothing: no Block, or Blocks of other tracks only.
        guard let blocks, blocks.frames > 0 else { throw .missing("no frame in its video track (track \(video.number))") }
        // Every time as milliseconds within ±PlayTime.maximum, checked here where the scale is known.
        if let duration = reading.duration, PlayTime(milliseconds: duration * scale) == nil {
            throw .outOfRange(
                element: "the segment Duration", offset: reading.durationOffset, value: "\(duration) × \(reading.timestampScale.grouped) ns",
                range: "0 to \(Int(PlayTime.maximum).grouped) ms")
        }
        for time in [blocks.first, blocks.last] where !(abs(Double(time) * scale) <= PlayTime.maximum) {
            throw .outOfRange(
                element: "a Block's time", offset: blocks.offset, value: "\(time.grouped) × \(reading.timestampScale.grouped) ns",
                range: "±\(Int(PlayTime.maximum).grouped) ms")
        }
        return WebMFacts(
            docType: reading.docType ?? "", codec: video.codec, width: video.width, height: video.height, hasAlpha: video.alphaMode == 1,
            videoTracks: reading.tracks.count { $0.type == 1 }, audioTracks: reading.tracks.count { $0.type == 2 },
            otherTracks: reading.tracks.count { $0.type != 1 && $0.type != 2 }, frames: blocks.frames,
            declaredMilliseconds: reading.duration.map { $0 * scale }, firstFrameMilliseconds: Double(blocks.first) * scale,
            lastFrameMilliseconds: Double(blocks.last) * scale, defaultFrameNanoseconds: video.defaultDuration)
    }

    /// Whether bytes start as EBML does (a WebM or Matroska file).
    public static func isEBML(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 4 && bytes[0] == 0x1A && bytes[1] == 0x45 && bytes[2] == 0xDF && bytes[3] == 0xA3
    }

    /// A variable-length integer at `offset`: its value (the length marker removed unless `keepMarker`,
    /// as element IDs are written) and length; `unknown` when every value bit is set (an unknown size).
    static func varint(
        _ b: UnsafeBufferPointer<UInt8>, at offset: Int, end: Int, keepMarker: Bool
    ) throws(WebMError) -> (value: UInt64, length: Int, unknown: Bool) {
        guard offset < end else { throw .badVarint(offset: offset) }
        let first = b[offset]
        guard first != 0 else { throw .badVarint(offset: offset) }
        let length = first.leadingZeroBitCount + 1
        guard length <= (keepMarker ? 4 : 8), offset + length <= end else { throw .badVarint(offset: offset) }
        var value = UInt64(keepMarker ? first : first & (0xFF >> length))
        var allOnes = value == UInt64(0xFF >> length)
        for i in 1..<length {
            value = value << 8 | UInt64(b[offset + i])
            allOnes = allOnes && b[offset + i] == 0xFF
        }
        return (value, length, !keepMarker && allOnes)
    }

    /// The element at `offset` inside a parent ending at `end`: its ID, and where its data lies. An unknown
    /// size (live streams: a Segment or Cluster) runs to the parent's end; any other size must fit in it.
    static func element(_ b: UnsafeBufferPointer<UInt8>, at offset: Int, end: Int) throws(WebMError) -> (id: UInt32, data: Range<Int>) {
        let id = try varint(b, at: offset, end: end, keepMarker: true)
        let sizeAt = offset + id.length
        guard sizeAt < end else { throw .truncated(element: ID.name(UInt32(id.value)), offset: offset) }
        let size = try varint(b, at: sizeAt, end: end, keepMarker: false)
        let start = sizeAt + size.length
        let identifier = UInt32(id.value)
        if size.unknown {
            guard identifier == ID.segment || identifier == ID.cluster else {
                throw .overrun(element: ID.name(identifier), offset: offset, size: Int.max, available: end - start)
            }
            return (identifier, start..<end)
        }
        guard size.value <= UInt64(end - start) else {
            if end == b.count { throw .truncated(element: ID.name(identifier), offset: offset) }
            throw .overrun(element: ID.name(identifier), offset: offset, size: Int(clamping: size.value), available: end - start)
        }
        return (identifier, start..<(start + Int(size.value)))
    }

    /// The elements from `start` to `end`, one after another, each counted against `elementBudget`
    /// (both of the file's walks read children through this: the depth, budget and sizes are checked once).
    struct Elements {
        let b: UnsafeBufferPointer<UInt8>
        let end: Int
        var offset: Int

        init(_ b: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, depth: Int) throws(WebMError) {
            guard depth <= maxDepth else { throw .tooDeep(offset: start) }
            (self.b, self.end, offset) = (b, end, start)
        }

        /// The next element's ID, data and offset, or nil at the end; `count` is the file's running total.
        mutating func next(counting count: inout Int) throws(WebMError) -> (id: UInt32, data: Range<Int>, offset: Int)? {
            guard offset < end else { return nil }
            count += 1
            guard count <= elementBudget else { throw .tooManyElements(limit: elementBudget) }
            let elementStart = offset
            let (identifier, data) = try element(b, at: offset, end: end)
            offset = data.upperBound
            return (identifier, data, elementStart)
        }
    }

    /// An element's value as a big-endian number of at most 8 bytes, its bits as they are.
    static func bits(_ b: UnsafeBufferPointer<UInt8>, _ data: Range<Int>, of identifier: UInt32, at offset: Int) throws(WebMError) -> UInt64 {
        guard data.count <= 8 else { throw .badValue(element: ID.name(identifier), offset: offset) }
        return data.reduce(UInt64(0)) { $0 << 8 | UInt64(b[$1]) }
    }

    private static func walk(
        _ b: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, depth: Int, parent: UInt32, track: inout Track,
        into reading: inout Reading
    ) throws(WebMError) {
        var elements = try Elements(b, from: start, to: end, depth: depth)
        while let (identifier, data, elementStart) = try elements.next(counting: &reading.elements) {
            func unsigned() throws(WebMError) -> Int { Int(clamping: try bits()) }
            /// The value's bits as they are (a float's sign bit too; `unsigned()` clamps past Int.max).
            func bits() throws(WebMError) -> UInt64 { try WebM.bits(b, data, of: identifier, at: elementStart) }
            func text() -> String { String(decoding: UnsafeBufferPointer(rebasing: b[data]).prefix { $0 != 0 }, as: UTF8.self) }
            switch identifier {
            case ID.docType where parent == ID.ebml: reading.docType = text()
            case ID.segment: reading.segments += 1
            case ID.timestampScale where parent == ID.info:
                // Nanoseconds a tick: 1 ns to 1 s (Matroska's default is 1,000,000: a millisecond).
                let raw = try bits(), scale = Int(clamping: raw)
                guard (1...maxTimestampScale).contains(scale) else {
                    throw .outOfRange(
                        element: "the TimestampScale", offset: elementStart, value: "\(raw.grouped) ns",
                        range: "1 to \(maxTimestampScale.grouped) ns")
                }
                reading.timestampScale = scale
            case ID.duration where parent == ID.info:
                let duration: Double
                switch data.count {
                case 4: duration = Double(Float(bitPattern: UInt32(truncatingIfNeeded: try bits())))
                case 8: duration = Double(bitPattern: try bits())
                default: throw .badValue(element: "the segment Duration", offset: elementStart)
                }
                // In ticks; finite and not negative here, and within range once the scale is known.
                guard duration.isFinite, duration >= 0 else {
                    throw .outOfRange(element: "the segment Duration", offset: elementStart, value: "\(duration)", range: "0 or more, finite")
                }
                reading.duration = duration
                reading.durationOffset = elementStart
            case ID.trackNumber where parent == ID.trackEntry: track.number = try unsigned()
            case ID.trackType where parent == ID.trackEntry: track.type = try unsigned()
            case ID.codecID where parent == ID.trackEntry: track.codec = text()
            case ID.defaultDuration where parent == ID.trackEntry: track.defaultDuration = try unsigned()
            case ID.pixelWidth where parent == ID.video, ID.pixelHeight where parent == ID.video:
                // Sides as Lottie's are bounded: no product of two overflows.
                let raw = try bits(), side = Int(clamping: raw)
                guard side <= maxSide else {
                    throw .outOfRange(
                        element: identifier == ID.pixelWidth ? "the PixelWidth" : "the PixelHeight", offset: elementStart, value: raw.grouped,
                        range: "0 to \(maxSide.grouped) px")
                }
                if identifier == ID.pixelWidth { track.width = side } else { track.height = side }
            case ID.alphaMode where parent == ID.video: track.alphaMode = try unsigned()
            case ID.clusterTimestamp where parent == ID.cluster:
                // Ticks; a time past 2^53 has no exact millisecond and none is a sticker's.
                let raw = try bits(), timestamp = Int(clamping: raw)
                guard timestamp <= maxTicks else {
                    throw .outOfRange(
                        element: "a Cluster's Timestamp", offset: elementStart, value: raw.grouped, range: "0 to \(maxTicks.grouped) ticks")
                }
                reading.clusterTimestamp = timestamp
            case ID.simpleBlock where parent == ID.cluster, ID.block where parent == ID.blockGroup:
                try block(b, data, at: elementStart, into: &reading)
            default: break
            }
            if identifier == ID.trackEntry {
                var entry = Track()
                try walk(b, from: data.lowerBound, to: data.upperBound, depth: depth + 1, parent: identifier, track: &entry, into: &reading)
                reading.tracks.append(entry)
            } else if ID.masters.contains(identifier) {
                // A Video element's values belong to the TrackEntry being read (`track`).
                try walk(b, from: data.lowerBound, to: data.upperBound, depth: depth + 1, parent: identifier, track: &track, into: &reading)
            }
        }
    }

    /// A (Simple)Block's header: its track number, its time relative to its cluster's (±32,768 ticks),
    /// its flags, and where what follows the flags starts.
    static func blockHeader(
        _ b: UnsafeBufferPointer<UInt8>, _ data: Range<Int>, at elementStart: Int
    ) throws(WebMError) -> (track: Int, relative: Int, flags: UInt8, payload: Int) {
        let track = try varint(b, at: data.lowerBound, end: data.upperBound, keepMarker: false)
        let header = data.lowerBound + track.length
        guard header + 3 <= data.upperBound else { throw .truncated(element: "a Block", offset: elementStart) }
        let relative = Int(Int16(bitPattern: UInt16(b[header]) << 8 | UInt16(b[header + 1])))
        return (Int(clamping: track.value), relative, b[header + 2], header + 3)
    }

    /// A (Simple)Block: its track, its timestamp relative to the cluster's, and its frames (lacing).
    private static func block(
        _ b: UnsafeBufferPointer<UInt8>, _ data: Range<Int>, at elementStart: Int, into reading: inout Reading
    ) throws(WebMError) {
        let (number, relative, flags, payload) = try blockHeader(b, data, at: elementStart)
        // Lacing (bits 1–2): the frame count less one follows the flags.
        var frames = 1
        if flags & 0x06 != 0 {
            guard payload < data.upperBound else { throw .truncated(element: "a Block", offset: elementStart) }
            frames = Int(b[payload]) + 1
        }
        // The cluster's time is at most 2^53 and the offset within ±32,768: no overflow.
        let time = reading.clusterTimestamp + relative
        if var seen = reading.blocks[number] {
            seen.frames += frames
            seen.first = min(seen.first, time)
            seen.last = max(seen.last, time)
            reading.blocks[number] = seen
        } else {
            reading.blocks[number] = (frames, time, time, elementStart)
        }
    }
}
