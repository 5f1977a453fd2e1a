/// TGS, Lottie JSON and WebM files whose numeric fields are set one by one to any value, hostile ones
/// included (NaN, infinities, 1e300, 2^63): what the #51 tests and the `timing` fuzz target feed the
/// readers, rules and reports. The rest of each file is valid, so that only the chosen field is wrong.
public enum HostileMotion {
    /// The Lottie document of one empty layer list with each timing and canvas field written as given
    /// (JSON number text, so that "1e20", "-1e308" and "1e-300" are exactly what the reader sees).
    public static func lottie(fr: String = "60", ip: String = "0", op: String = "120", w: String = "512", h: String = "512") -> [UInt8] {
        Array(
            ("{\"v\":\"5.7.4\",\"fr\":\(fr),\"ip\":\(ip),\"op\":\(op),\"w\":\(w),\"h\":\(h),\"nm\":\"hostile\",\"ddd\":0,\"assets\":[],"
                + "\"layers\":[{\"ddd\":0,\"ind\":1,\"ty\":4,\"nm\":\"L\",\"sr\":1,\"ks\":{},\"ao\":0,\"shapes\":[],\"ip\":0,\"op\":1,\"st\":0,\"bm\":0}]}")
                .utf8)
    }

    /// The same document as a TGS (gzip of stored blocks).
    public static func tgs(fr: String = "60", ip: String = "0", op: String = "120", w: String = "512", h: String = "512") -> [UInt8] {
        ExampleMotion.gzipStored(lottie(fr: fr, ip: ip, op: op, w: w, h: h))
    }

    /// A WebM of one VP9 track and `relatives.count` blocks in one cluster, with each timing field as given:
    /// the TimestampScale (ns a tick), the Duration (an 8-byte float, or 4-byte when `durationIs32Bit`;
    /// none when nil), the cluster's Timestamp, each block's signed offset from it, the track's
    /// DefaultDuration (ns; none when nil) and the sides.
    public static func webm(
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
