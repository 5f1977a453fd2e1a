/// RGBA8 colours (packed in a `UInt32`) to one-byte palette indexes: open addressing with a
/// multiplicative hash, as `PNGReduction.distinctColours` counts colours. Swift's `Dictionary` hashes
/// every key with SipHash: looking up each pixel of a long animation's frames in one was a quarter of
/// fitting it to a palette (Benchmarks/README.md, issue #54).
struct ColourTable {
    private var keys: [UInt32]
    private var values: [UInt8]
    private var used: [Bool]
    private var mask: Int
    private var shift: UInt32
    /// The colours held.
    private(set) var count = 0

    /// A table that holds `capacity` colours before it first grows.
    init(capacity: Int = 256) {
        var slots = 16
        var bits: UInt32 = 4
        while slots < capacity * 2 {
            slots *= 2
            bits += 1
        }
        keys = [UInt32](repeating: 0, count: slots)
        values = [UInt8](repeating: 0, count: slots)
        used = [Bool](repeating: false, count: slots)
        mask = slots - 1
        shift = 32 - bits
    }

    /// A table holding `indexes`' colours.
    init(_ indexes: [UInt32: UInt8]) {
        self.init(capacity: indexes.count)
        for (key, value) in indexes { self[key] = value }
    }

    @inline(__always)
    private func slot(_ key: UInt32) -> Int {
        var slot = Int((key &* 2_654_435_761) >> shift)
        while used[slot] && keys[slot] != key { slot = (slot + 1) & mask }
        return slot
    }

    /// The index of `key`, nil when absent; setting one adds or replaces it.
    subscript(key: UInt32) -> UInt8? {
        @inline(__always) get {
            let at = slot(key)
            return used[at] ? values[at] : nil
        }
        set {
            guard let newValue else { return }
            let at = slot(key)
            if used[at] {
                values[at] = newValue
                return
            }
            if (count + 1) * 2 > keys.count {
                grow()
                self[key] = newValue
                return
            }
            used[at] = true
            keys[at] = key
            values[at] = newValue
            count += 1
        }
    }

    private mutating func grow() {
        var bigger = ColourTable(capacity: keys.count)
        for at in keys.indices where used[at] { bigger[keys[at]] = values[at] }
        self = bigger
    }
}
