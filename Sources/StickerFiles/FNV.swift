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

    /// A hash of `bytes` eight at a time (each word, loaded in the machine's order, is mixed in as one
    /// FNV-1a step followed by a shift-xor), the last `count % 8` bytes one at a time: eight times
    /// fewer dependent multiplies than `hash` for megabytes (pixel digests, cache checksums).
    public static func words(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = offsetBasis) -> UInt64 {
        var h = seed
        let words = bytes.count / 8
        for i in 0..<words {
            h = (h ^ bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) &* prime
            h ^= h >> 29
        }
        for i in (words * 8)..<bytes.count { h = (h ^ UInt64(bytes[i])) &* prime }
        return h
    }

    /// `words` of an array's first `count` bytes.
    public static func words(_ bytes: [UInt8], count: Int) -> UInt64 {
        bytes.withUnsafeBytes { words(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }

    /// The hash of a string's UTF-8 bytes.
    public static func hash(_ text: String) -> UInt64 { hash(text.utf8) }
}
