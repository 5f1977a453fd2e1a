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
    /// "29.97", "30", "0.5", "1,000,000": rounded to hundredths, without trailing zeros, the whole part
    /// grouped; a value too small for hundredths to show keeps its first two significant digits
    /// ("0.001", "0.0015"), never "0".
    package var hundredthsText: String {
        if self != 0, self.isFinite, abs(self) < 0.005 {
            var digits = 2, scaled = abs(self) * 100
            while scaled < 10, digits < 12 {
                scaled *= 10
                digits += 1
            }
            var text = String(Int(scaled.rounded()))
            while text.hasSuffix("0") && digits > 0 {
                text.removeLast()
                digits -= 1
            }
            return (self < 0 ? "-" : "") + "0." + String(repeating: "0", count: digits - text.count) + text
        }
        let hundredths = Int(saturatingRounded: self * 100), whole = hundredths / 100, fraction = abs(hundredths % 100)
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        guard fraction != 0 else { return whole.grouped }
        return sign + whole.grouped + "." + (fraction % 10 == 0 ? "\(fraction / 10)" : fraction < 10 ? "0\(fraction)" : "\(fraction)")
    }
}

extension Array where Element == String {
    /// "PNG", "GIF or PNG", "APNG, GIF or PNG": the items as a list of choices in a message.
    package var orList: String {
        count <= 2 ? joined(separator: " or ") : dropLast().joined(separator: ", ") + " or " + last!
    }
}
