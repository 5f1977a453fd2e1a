/// Whole numbers from floating values that were read from a file, without a trap: the standard
/// `Int(_: Double)` traps on NaN, on an infinity and past `Int.max`, and a hostile file can hand any of
/// those to arithmetic that looks harmless (`Int((value * 10).rounded())`).
extension Int {
    /// `value` rounded towards zero, NaN as 0, and anything past the ends of `Int` as that end.
    package init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9_223_372_036_854_774_784 {  // the largest Double below 2^63
            self = .max
        } else if value <= -9_223_372_036_854_775_808 {
            self = .min
        } else {
            self = Int(value)
        }
    }

    /// `value` rounded to the nearest whole number (halves away from zero), saturating as `init(saturating:)`.
    package init(saturatingRounded value: Double) { self.init(saturating: value.rounded()) }
}
