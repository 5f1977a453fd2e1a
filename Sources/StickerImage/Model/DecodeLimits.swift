internal import CStickerCodecs

/// Budgets checked against a header before any pixel buffer exists.
///
/// A 60000×60000 header is refused from its dozen header bytes, in microseconds, with nothing allocated.
public struct DecodeLimits: Sendable, Hashable {
    /// Largest width or height accepted, in pixels.
    public var maxSide: Int
    /// Largest width × height × frames accepted: the pixels a full decode would produce.
    public var maxTotalPixels: Int
    /// Largest number of animation frames accepted.
    public var maxFrames: Int
    /// Longest a single file may take to decode, in seconds.
    public var maxDecodeSeconds: Double
    /// Largest file read whole; a bigger one is judged from its size and header alone.
    public var maxFileBytes: Int

    /// 16,384 px per side, 64 Mpx in all, 4,096 frames, 10 s per file, 64 MiB per file.
    public static let `default` = DecodeLimits(maxSide: 16_384, maxTotalPixels: 64_000_000, maxFrames: 4_096)

    public init(
        maxSide: Int, maxTotalPixels: Int, maxFrames: Int, maxDecodeSeconds: Double = 10,
        maxFileBytes: Int = 64 << 20
    ) {
        self.maxSide = maxSide
        self.maxTotalPixels = maxTotalPixels
        self.maxFrames = maxFrames
        self.maxDecodeSeconds = maxDecodeSeconds
        self.maxFileBytes = maxFileBytes
    }

    /// The deadline for a decode starting now, on the sc_monotonic_ns clock.
    func deadline() -> Deadline { Deadline(limitSeconds: maxDecodeSeconds) }

    /// Throws `.overBudget` when an image of this size and frame count must not be decoded.
    public func check(width: Int, height: Int, frames: Int = 1) throws(ImageError) {
        if width > maxSide || height > maxSide {
            throw .overBudget(.side(width: width, height: height, limit: maxSide))
        }
        if frames > maxFrames {
            throw .overBudget(.frames(count: frames, limit: maxFrames))
        }
        // Both sides are at most maxSide here, so the products cannot overflow for sane limits.
        let (pixels, overflow) = (width * height).multipliedReportingOverflow(by: max(frames, 1))
        if overflow || pixels > maxTotalPixels {
            throw .overBudget(.pixels(width: width, height: height, frames: max(frames, 1), limit: maxTotalPixels))
        }
    }
}

/// When a decode must give up, on the sc_monotonic_ns clock.
struct Deadline: Sendable {
    let nanoseconds: UInt64
    let limitMilliseconds: Int

    init(limitSeconds: Double) {
        limitMilliseconds = Int(limitSeconds * 1000)
        nanoseconds = limitSeconds > 0 && limitSeconds < 1e9 ? sc_monotonic_ns() + UInt64(limitSeconds * 1e9) : 0
    }

    /// Throws the time budget error once the deadline has passed.
    func check() throws(ImageError) {
        if nanoseconds != 0 && sc_monotonic_ns() > nanoseconds { throw .overBudget(.time(limitMilliseconds: limitMilliseconds)) }
    }

    var error: ImageError { .overBudget(.time(limitMilliseconds: limitMilliseconds)) }
}
