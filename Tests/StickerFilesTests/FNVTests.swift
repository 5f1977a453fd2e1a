import StickerFiles
import Testing

@Suite("FNV-1a")
struct FNVTests {
    static func lanes(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes(FNV1a.lanes) }

    /// The cache files' checksum is a format: these values were computed apart from the code under
    /// test (a Python transcription of the definition: four lanes of FNV-1a words, mixed in order,
    /// then the tail as `words` takes it), for bytes 0, 1, 2, … of each length.
    @Test(
        "lanes: the values the definition gives, around a block's edges",
        arguments: [
            (0, 0xA9E8_354C_FBDF_0784), (31, 0x8580_2D0D_E8C4_B5A5), (32, 0x4142_8EBD_CD1F_2CE6), (100, 0x4E10_90A2_7D4D_EBF7),
            (1_000, 0x0BF5_4824_DD2B_44BA)
        ] as [(Int, UInt64)])
    func lanesValues(_ count: Int, _ expected: UInt64) {
        #expect(Self.lanes((0..<count).map { UInt8(truncatingIfNeeded: $0) }) == expected)
    }

    @Test("lanes: any one byte changed changes the hash, in every lane and in the tail")
    func lanesSeeEveryByte() {
        for count in [1, 7, 8, 31, 32, 33, 64, 71] {
            let base = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            let hash = Self.lanes(base)
            for position in 0..<count {
                var changed = base
                changed[position] ^= 0x01
                #expect(Self.lanes(changed) != hash, "byte \(position) of \(count)")
            }
        }
    }
}
