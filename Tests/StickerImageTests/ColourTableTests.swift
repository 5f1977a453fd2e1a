import Testing

@testable import StickerImage

/// The palette lookup table that replaced a Dictionary on the fitters' hot path: every colour put in is
/// found with its index, absent ones are not, past every growth.
@Suite("ColourTable")
struct ColourTableTests {
    @Test("holds what a Dictionary holds, across growth: key 0, keys that share a slot, a replaced value")
    func sameAsDictionary() {
        var table = ColourTable(capacity: 4)
        var reference: [UInt32: UInt8] = [:]
        // Keys 2^k apart collide under a multiplicative hash's top bits far more than random ones.
        let keys: [UInt32] = [0, 1, 0xFFFF_FFFF, 0x8000_0000] + (0..<3_000).map { UInt32($0) &* 65_536 &+ UInt32($0 % 7) }
        for (n, key) in keys.enumerated() {
            table[key] = UInt8(n % 256)
            reference[key] = UInt8(n % 256)
            if n == 2 || n == 40 || n == 2_999 {
                #expect(table.count == reference.count)
                #expect(reference.allSatisfy { table[$0.key] == $0.value })
            }
        }
        table[0] = 9
        reference[0] = 9
        #expect(table[0] == 9 && table.count == reference.count)
        for absent: UInt32 in [2, 3, 0x7FFF_FFFF, 0xDEAD_BEEF] where reference[absent] == nil { #expect(table[absent] == nil) }
        let built = ColourTable(reference)
        #expect(built.count == reference.count && reference.allSatisfy { built[$0.key] == $0.value })
    }
}
