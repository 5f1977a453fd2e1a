/// FNV-1a, 64 bits: a hash that is the same on every machine and every run (shard assignment, cache
/// file names and checksums, SARIF fingerprints).
public enum FNV1a {
    public static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    public static let prime: UInt64 = 0x0000_0100_0000_01B3

    public static func hash(_ bytes: some Sequence<UInt8>, seed: UInt64 = offsetBasis) -> UInt64 {
        var h = seed
        for byte in bytes { h = (h ^ UInt64(byte)) &* prime }
        return h
    }

    /// The hash of a string's UTF-8 bytes.
    public static func hash(_ text: String) -> UInt64 { hash(text.utf8) }
}
