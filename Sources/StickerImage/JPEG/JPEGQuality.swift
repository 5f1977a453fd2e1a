/// Estimates the quality setting a JPEG was saved with, from its luminance quantisation table.
public enum JPEGQuality {
    /// The IJG standard luminance table (JPEG Annex K), in zigzag order as DQT stores it.
    static let standard: [Int] = [
        16, 11, 12, 14, 12, 10, 16, 14, 13, 14, 18, 17, 16, 19, 24, 40, 26, 24, 22, 22, 24, 49, 35, 37, 29, 40, 58, 51,
        61, 60, 57, 51, 56, 55, 64, 72, 92, 78, 64, 68, 87, 69, 55, 56, 80, 109, 81, 87, 95, 98, 103, 104, 103, 62, 77,
        113, 121, 112, 100, 120, 92, 101, 103, 99
    ]

    /// The IJG quality (1–100) whose scaling of the standard table is closest to table 0, or nil when
    /// the file has no 8-bit table 0 before its first scan.
    public static func estimate(_ bytes: [UInt8]) -> Int? {
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if marker == 0xDB {
                var p = i + 4
                while p < i + 2 + length, p < bytes.count {
                    let precision = bytes[p] >> 4, id = bytes[p] & 0x0F
                    let size = precision == 0 ? 64 : 128
                    guard p + 1 + size <= bytes.count else { return nil }
                    if id == 0 && precision == 0 {
                        let table = (0..<64).map { Int(bytes[p + 1 + $0]) }
                        return quality(of: table)
                    }
                    p += 1 + size
                }
            }
            i += 2 + length
        }
        return nil
    }

    /// Inverts libjpeg's jpeg_quality_scaling: scale = 5000/q below 50, 200 − 2q from 50.
    static func quality(of table: [Int]) -> Int {
        let ratio = zip(table, standard).reduce(0.0) { $0 + Double($1.0) / Double($1.1) } / 64 * 100
        let q = ratio <= 100 ? (200 - ratio) / 2 : 5000 / ratio
        return max(1, min(100, Int(q.rounded())))
    }
}
