/// A WebM file of one VP9 video track, as a video sticker's uploader takes it: the EBML header (DocType
/// "webm"), a Segment with its Info (a millisecond timestamp scale, the Duration), one TrackEntry
/// (V_VP9, the size, AlphaMode 1 when the frames carry alpha) and Clusters of frames. A frame without
/// alpha is a SimpleBlock; a frame with alpha a BlockGroup whose Block holds the colour and whose
/// BlockAdditions hold the alpha stream's frame (BlockAddID 1), as FFmpeg's Matroska muxer writes
/// `-c:v libvpx-vp9 -pix_fmt yuva420p`. No audio, no Cues (a sticker is played whole, never sought).
public enum WebMWriter {
    /// One coded frame: when it shows (milliseconds from the start), its VP9 packet, and the alpha
    /// stream's packet when the video has alpha.
    public struct Frame: Sendable, Hashable {
        public var milliseconds: Int
        public var data: [UInt8]
        public var alpha: [UInt8]?
        public var keyframe: Bool

        public init(milliseconds: Int, data: [UInt8], alpha: [UInt8]? = nil, keyframe: Bool) {
            self.milliseconds = milliseconds
            self.data = data
            self.alpha = alpha
            self.keyframe = keyframe
        }
    }

    /// The longest a Cluster runs: a Block's time is a signed 16-bit offset from its Cluster's.
    static let clusterSpan = 30_000

    /// The file: `frames` in time order, the whole playing `durationMilliseconds`.
    public static func write(width: Int, height: Int, frames: [Frame], durationMilliseconds: Int, hasAlpha: Bool) -> [UInt8] {
        precondition(frames.allSatisfy { ($0.alpha != nil) == hasAlpha })
        let header = element(
            0x1A45_DFA3,
            uint(0x4286, 1) + uint(0x42F7, 1) + uint(0x42F2, 4) + uint(0x42F3, 8) + string(0x4282, "webm") + uint(0x4287, 4)
                + uint(0x4285, 2))
        let info = element(
            0x1549_A966,
            uint(0x2A_D7B1, 1_000_000) + string(0x4D80, "stickerlint") + string(0x5741, "stickerlint")
                + float(0x4489, Double(durationMilliseconds)))
        var video = uint(0xB0, width) + uint(0xBA, height)
        if hasAlpha { video += uint(0x53C0, 1) }
        var track = uint(0xD7, 1) + uint(0x73C5, 1) + uint(0x9C, 0) + string(0x86, "V_VP9") + uint(0x83, 1)
        if hasAlpha { track += uint(0x55EE, 1) }
        track += element(0xE0, video)
        let tracks = element(0x1654_AE6B, element(0xAE, track))
        var clusters: [UInt8] = []
        var start = 0
        while start < frames.count {
            let base = frames[start].milliseconds
            var end = start
            var body = uint(0xE7, base)
            var previous: Int?
            while end < frames.count, frames[end].milliseconds - base <= clusterSpan {
                let frame = frames[end]
                let relative = frame.milliseconds - base
                let blockHeader: [UInt8] = [0x81, UInt8(relative >> 8 & 0xFF), UInt8(relative & 0xFF)]
                if let alpha = frame.alpha {
                    var group = element(0xA1, blockHeader + [0x00] + frame.data)
                    if !frame.keyframe, let previous { group += signed(0xFB, previous - frame.milliseconds) }
                    group += element(0x75A1, element(0xA6, uint(0xEE, 1) + element(0xA5, alpha)))
                    body += element(0xA0, group)
                } else {
                    body += element(0xA3, blockHeader + [frame.keyframe ? 0x80 : 0x00] + frame.data)
                }
                previous = frame.milliseconds
                end += 1
            }
            clusters += element(0x1F43_B675, body)
            start = end
        }
        return header + element(0x1853_8067, info + tracks + clusters)
    }

    /// An element: its ID's bytes, its size as the shortest EBML variable-length integer, its body.
    static func element(_ id: UInt32, _ body: [UInt8]) -> [UInt8] { idBytes(id) + size(body.count) + body }

    static func idBytes(_ id: UInt32) -> [UInt8] {
        let length = id > 0xFF_FFFF ? 4 : id > 0xFFFF ? 3 : id > 0xFF ? 2 : 1
        return (0..<length).reversed().map { UInt8(id >> (8 * $0) & 0xFF) }
    }

    /// A size: 1 to 8 bytes, never all value bits set (that means "unknown").
    static func size(_ value: Int) -> [UInt8] {
        var length = 1
        while length < 8, UInt64(value) >= (UInt64(1) << (7 * length)) - 1 { length += 1 }
        let marked = UInt64(value) | (UInt64(1) << (7 * length))
        return (0..<length).reversed().map { UInt8(marked >> (8 * $0) & 0xFF) }
    }

    static func uint(_ id: UInt32, _ value: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var rest = UInt64(value)
        repeat {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        } while rest > 0
        return element(id, bytes)
    }

    static func signed(_ id: UInt32, _ value: Int) -> [UInt8] {
        let bytes = (0..<2).reversed().map { UInt8(truncatingIfNeeded: Int16(clamping: value) >> (8 * $0)) }
        return element(id, bytes)
    }

    static func string(_ id: UInt32, _ text: String) -> [UInt8] { element(id, Array(text.utf8)) }

    static func float(_ id: UInt32, _ value: Double) -> [UInt8] {
        let bits = value.bitPattern
        return element(id, (0..<8).reversed().map { UInt8(bits >> (8 * $0) & 0xFF) })
    }
}
