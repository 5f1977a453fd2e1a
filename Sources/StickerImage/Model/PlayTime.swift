import StickerFiles

/// How long an animation (or part of one) plays, in milliseconds, as a value that cannot be NaN, an
/// infinity, negative or so large that arithmetic on it overflows: a file's timing fields (a TGS's
/// `op` of 1e20, a WebM's Duration of +Inf) are turned into one where they are read, and a value out
/// of range is the reader's error, naming the field, never a trap further on.
public struct PlayTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The longest time held: 10^12 ms, about 31 years; far past any sticker's, and small enough that
    /// milliseconds times 1,000 are still exact in a Double and fit in an Int.
    public static let maximum = 1e12
    public static let zero = PlayTime(unchecked: 0)

    /// The time in milliseconds: finite, 0 ... `maximum`.
    public let milliseconds: Double

    /// A time read from a file: nil when `milliseconds` is NaN, infinite, negative or over `maximum`.
    public init?(milliseconds: Double) {
        guard milliseconds.isFinite, milliseconds >= 0, milliseconds <= Self.maximum else { return nil }
        self.milliseconds = milliseconds
    }

    /// A time computed from values already in range, held in range: NaN is 0, the ends are clamped.
    public init(clamping milliseconds: Double) {
        self.milliseconds = milliseconds.isNaN ? 0 : Swift.min(Swift.max(milliseconds, 0), Self.maximum)
    }

    private init(unchecked milliseconds: Double) { self.milliseconds = milliseconds }

    /// Whole milliseconds, rounded (halves away from zero); never traps.
    public var roundedMilliseconds: Int { Int(saturatingRounded: milliseconds) }

    public static func < (a: PlayTime, b: PlayTime) -> Bool { a.milliseconds < b.milliseconds }

    public var description: String { "\(milliseconds) ms" }
}

/// A frame rate read from a file, in frames a second: finite and positive, at most `maximum`.
public struct FrameRate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// A billion frames a second: one a nanosecond, the finest a WebM's timestamps can tell apart.
    public static let maximum = 1e9

    public let framesPerSecond: Double

    /// nil when the rate is NaN, infinite, not positive or over `maximum`.
    public init?(_ framesPerSecond: Double) {
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= Self.maximum else { return nil }
        self.framesPerSecond = framesPerSecond
    }

    public static func < (a: FrameRate, b: FrameRate) -> Bool { a.framesPerSecond < b.framesPerSecond }

    public var description: String { "\(framesPerSecond) fps" }
}
