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

    /// A hash of `bytes` in four lanes: each lane takes every fourth word as `words` does, so that
    /// four multiplies are under way at once (a warm report checks the checksum of a previews file of
    /// megabytes); the lanes are then mixed in order, and the last `count % 32` bytes as `words` mixes
    /// them. Not `words`' value: a checksum of its own.
    public static func lanes(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var a = offsetBasis, b = offsetBasis ^ 1, c = offsetBasis ^ 2, d = offsetBasis ^ 3
        let blocks = bytes.count / 32
        for i in 0..<blocks {
            let at = i * 32
            a = (a ^ bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)) &* prime
            b = (b ^ bytes.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self)) &* prime
            c = (c ^ bytes.loadUnaligned(fromByteOffset: at + 16, as: UInt64.self)) &* prime
            d = (d ^ bytes.loadUnaligned(fromByteOffset: at + 24, as: UInt64.self)) &* prime
            a ^= a >> 29
            b ^= b >> 29
            c ^= c >> 29
            d ^= d >> 29
        }
        var h = offsetBasis
        for lane in [a, b, c, d] {
            h = (h ^ lane) &* prime
            h ^= h >> 29
        }
        return words(UnsafeRawBufferPointer(rebasing: bytes[(blocks * 32)...]), seed: h)
    }

    /// `words` of an array's first `count` bytes.
    public static func words(_ bytes: [UInt8], count: Int) -> UInt64 {
        bytes.withUnsafeBytes { words(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }

    /// The hash of a string's UTF-8 bytes.
    public static func hash(_ text: String) -> UInt64 { hash(text.utf8) }
}
