/// TGS, Lottie JSON and WebM files whose numeric fields are set one by one to any value, hostile ones
/// included (NaN, infinities, 1e300, 2^63): what the #51 tests and the `timing` fuzz target feed the
/// readers, rules and reports. The rest of each file is valid, so that only the chosen field is wrong.
package enum HostileMotion {
    /// The Lottie document of one empty layer list with each timing and canvas field written as given
    /// (JSON number text, so that "1e20", "-1e308" and "1e-300" are exactly what the reader sees).
    package static func lottie(fr: String = "60", ip: String = "0", op: String = "120", w: String = "512", h: String = "512") -> [UInt8] {
        Array(
            ("{\"v\":\"5.7.4\",\"fr\":\(fr),\"ip\":\(ip),\"op\":\(op),\"w\":\(w),\"h\":\(h),\"nm\":\"hostile\",\"ddd\":0,\"assets\":[],"
                + "\"layers\":[{\"ddd\":0,\"ind\":1,\"ty\":4,\"nm\":\"L\",\"sr\":1,\"ks\":{},\"ao\":0,\"shapes\":[],\"ip\":0,\"op\":1,\"st\":0,\"bm\":0}]}")
                .utf8)
    }

    /// The same document as a TGS (gzip of stored blocks).
    package static func tgs(fr: String = "60", ip: String = "0", op: String = "120", w: String = "512", h: String = "512") -> [UInt8] {
        ExampleMotion.gzipStored(lottie(fr: fr, ip: ip, op: op, w: w, h: h))
    }

    /// A WebM of one VP9 track and `relatives.count` blocks in one cluster, with each timing field as given:
    /// the TimestampScale (ns a tick), the Duration (an 8-byte float, or 4-byte when `durationIs32Bit`;
    /// none when nil), the cluster's Timestamp, each block's signed offset from it, the track's
    /// DefaultDuration (ns; none when nil) and the sides.
    package static func webm(
        scale: UInt64 = 1_000_000, duration: Double? = 2_000, durationIs32Bit: Bool = false, clusterTimestamp: UInt64 = 0,
        relatives: [Int16] = [0, 33, 67], defaultDuration: UInt64? = nil, width: UInt64 = 512, height: UInt64 = 512
    ) -> [UInt8] {
        let e = ExampleMotion.self
        let header = e.element(
            0x1A45_DFA3, e.uint(0x4286, 1) + e.uint(0x42F7, 1) + e.uint(0x42F2, 4) + e.uint(0x42F3, 8) + e.string(0x4282, "webm") + e.uint(0x4287, 4))
        var info = unsigned(0x2A_D7B1, scale)
        if let duration {
            info +=
                durationIs32Bit
                ? e.element(0x4489, (0..<4).map { UInt8(truncatingIfNeeded: Float(duration).bitPattern >> (8 * (3 - $0))) })
                : e.float(0x4489, duration)
        }
        var entry = e.uint(0xD7, 1) + e.uint(0x73C5, 1) + e.uint(0x83, 1) + e.string(0x86, "V_VP9")
        if let defaultDuration { entry += unsigned(0x23_E383, defaultDuration) }
        entry += e.element(0xE0, unsigned(0xB0, width) + unsigned(0xBA, height))
        var blocks: [UInt8] = []
        for relative in relatives {
            let r = UInt16(bitPattern: relative)
            blocks += e.element(0xA3, [0x81, UInt8(r >> 8), UInt8(r & 0xFF), 0x80, 0, 0, 0, 0])
        }
        let cluster = e.element(0x1F43_B675, unsigned(0xE7, clusterTimestamp) + blocks)
        return header + e.element(0x1853_8067, e.element(0x1549_A966, info) + e.element(0x1654_AE6B, e.element(0xAE, entry)) + cluster)
    }

    /// An unsigned integer element of 8 bytes (every value of a UInt64, the top bit too).
    static func unsigned(_ id: UInt32, _ value: UInt64) -> [UInt8] {
        ExampleMotion.element(id, (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * (7 - $0))) })
    }
}

extension HostileMotion {
    /// One frame of an animated WebP as `webp` writes it: its offset on the canvas (in pixels, written
    /// halved as ANMF stores it), its size (1–64 px, the bitstream's own), its duration (24 bits, ms)
    /// and its flags byte (blend, dispose).
    package struct WebPFrame: Sendable {
        package var x: UInt32, y: UInt32, width: Int, height: Int, duration: UInt32, flags: UInt8
        package init(x: UInt32, y: UInt32, width: Int, height: Int, duration: UInt32, flags: UInt8) {
            (self.x, self.y, self.width, self.height, self.duration, self.flags) = (x, y, width, height, duration, flags)
        }
    }

    /// An animated WebP with every number as given: the canvas (24 bits each, less one as VP8X stores
    /// it), the loop count, the background colour, and the frames.
    package static func webp(canvasWidth: UInt32, canvasHeight: UInt32, loops: UInt16, background: UInt32, frames: [WebPFrame]) -> [UInt8] {
        func le24(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF)] }
        var chunks = SolidWebP.chunk("VP8X", [0x12, 0, 0, 0] + le24(canvasWidth &- 1) + le24(canvasHeight &- 1))
        chunks += SolidWebP.chunk(
            "ANIM",
            [UInt8(background & 0xFF), UInt8((background >> 8) & 0xFF), UInt8((background >> 16) & 0xFF), UInt8(background >> 24)]
                + [UInt8(loops & 0xFF), UInt8(loops >> 8)])
        for (index, frame) in frames.enumerated() {
            let (w, h) = (max(1, min(64, frame.width)), max(1, min(64, frame.height)))
            let header = le24(frame.x / 2) + le24(frame.y / 2) + le24(UInt32(w - 1)) + le24(UInt32(h - 1)) + le24(frame.duration) + [frame.flags]
            chunks += SolidWebP.chunk(
                "ANMF", header + SolidWebP.chunk("VP8L", SolidWebP.vp8l(width: w, height: h, argb: SolidWebP.colour(seed: index))))
        }
        return Array("RIFF".utf8) + SolidWebP.le32(4 + chunks.count) + Array("WEBP".utf8) + chunks
    }
}

/// Numbers drawn from a fuzzer's input for the `*-fields` targets: each draw takes a selector byte
/// and, for most selectors, eight bytes more; a quarter of the selectors pick a value from the edges
/// every field has (0, ±1, the ends of each width, NaN, the infinities, 1e300, the limits' own edges),
/// so that mutation reaches them at once rather than by chance.
package struct FieldDraws {
    private var bytes: ArraySlice<UInt8>

    package init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

    /// Doubles at every edge a timing field has.
    static let edgeDoubles: [Double] = [
        0, -0.0, 1, -1, 0.5, 1e-300, -1e-300, .leastNonzeroMagnitude, 1e300, -1e300, .greatestFiniteMagnitude, .infinity, -.infinity, .nan,
        1e9, 1e9 + 1, -1e9, 1e12, 1e12 + 1, 0.001, 0.000999, 1000, 1000.001, 60, 30, 29.97, 3_000, 9.3e18, -9.3e18, 2e15, 1e20
    ]
    /// Unsigned integers at every edge a container field has.
    static let edgeIntegers: [UInt64] = [
        0, 1, 2, 255, 256, 65_535, 65_536, 0xFF_FFFF, 0x100_0000, 1_000_000, 1_000_001, 1_000_000_000, 1_000_000_001, 1 << 31, 1 << 32,
        1 << 53, (1 << 53) + 1, UInt64(Int64.max), 1 << 63, .max, 4_096, 4_097, 16_384, 16_385
    ]

    private mutating func take(_ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<count {
            value = value << 8 | UInt64(bytes.first ?? 0)
            bytes = bytes.dropFirst()
        }
        return value
    }

    /// A Double: an edge value, or any bit pattern.
    package mutating func double() -> Double {
        let selector = take(1)
        if selector < 64 { return Self.edgeDoubles[Int(selector) % Self.edgeDoubles.count] }
        if selector < 160 { return Double(Int64(bitPattern: take(8)) % 1_000_000) / Double(1 + take(1)) }
        return Double(bitPattern: take(8))
    }

    /// An unsigned integer: an edge value, a small one, or any 64 bits.
    package mutating func unsigned() -> UInt64 {
        let selector = take(1)
        if selector < 64 { return Self.edgeIntegers[Int(selector) % Self.edgeIntegers.count] }
        if selector < 160 { return take(2) }
        return take(8)
    }

    /// A JSON number's text for a Double (what a hand-edited file could hold, 1e400 included).
    package mutating func jsonNumber() -> String {
        let value = double()
        if value.isNaN { return "1e400" }
        if value.isInfinite { return value > 0 ? "1e999" : "-1e999" }
        return "\(value)"
    }

    /// A count up to `limit`.
    package mutating func count(_ limit: Int) -> Int { Int(take(1)) % (limit + 1) }

    /// Whether anything is left to draw.
    package var isEmpty: Bool { bytes.isEmpty }
}
