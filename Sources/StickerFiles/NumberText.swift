/// Numbers as messages print them.
extension BinaryInteger {
    /// The number with thousands separators: `512,000`.
    package var grouped: String {
        let digits = String(self.magnitude)
        var out = ""
        out.reserveCapacity(digits.count + digits.count / 3 + 1)
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return self < 0 ? "-" + out : out
    }

    /// "1 file", "3 files", "1,024 bytes".
    package func counted(_ singular: String, _ plural: String? = nil) -> String {
        "\(self.grouped) \(self == 1 ? singular : plural ?? singular + "s")"
    }
}

extension UInt32 {
    /// `0x1a2b3c4d`.
    package var hex8: String {
        let hex = String(self, radix: 16)
        return "0x" + String(repeating: "0", count: Swift.max(0, 8 - hex.count)) + hex
    }
}

extension Double {
    /// "29.97", "30", "0.5": rounded to hundredths, without trailing zeros.
    package var hundredthsText: String {
        let hundredths = Int(saturatingRounded: self * 100), whole = hundredths / 100, fraction = abs(hundredths % 100)
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        guard fraction != 0 else { return "\(whole)" }
        return sign + "\(whole)." + (fraction % 10 == 0 ? "\(fraction / 10)" : fraction < 10 ? "0\(fraction)" : "\(fraction)")
    }
}
