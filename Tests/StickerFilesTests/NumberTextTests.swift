import StickerFiles
import Testing

@Suite("numbers in messages")
struct NumberTextTests {
    @Test("hundredths: rounded, trailing zeros dropped, the whole part grouped; a value hundredths would show as 0 keeps two significant digits")
    func hundredths() {
        let cases: [(Double, String)] = [
            (0, "0"), (30, "30"), (29.97, "29.97"), (0.5, "0.5"), (0.05, "0.05"), (1_000_000, "1,000,000"), (2_000.25, "2,000.25"),
            // Around the edge where hundredths round to 0: 0.005 shows as 0.01; anything smaller keeps its digits.
            (0.005, "0.01"), (0.0049, "0.0049"), (0.001, "0.001"), (0.0015, "0.0015"), (0.004, "0.004"), (0.0000996, "0.0001"),
            (-0.001, "-0.001"), (-0.5, "-0.5"), (-1_500, "-1,500")
        ]
        for (value, text) in cases {
            #expect(value.hundredthsText == text, "\(value)")
        }
    }
}
