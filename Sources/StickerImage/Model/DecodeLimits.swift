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

    /// 16,384 px per side, 64 Mpx in all, 4,096 frames.
    public static let `default` = DecodeLimits(maxSide: 16_384, maxTotalPixels: 64_000_000, maxFrames: 4_096)

    public init(maxSide: Int, maxTotalPixels: Int, maxFrames: Int) {
        self.maxSide = maxSide
        self.maxTotalPixels = maxTotalPixels
        self.maxFrames = maxFrames
    }

    /// Throws `.overBudget` when an image of this size and frame count must not be decoded.
    public func check(width: Int, height: Int, frames: Int = 1) throws(ImageError) {
        if width > maxSide || height > maxSide {
            throw .overBudget(BudgetViolation(kind: .side, width: width, height: height, frames: frames, limit: maxSide))
        }
        if frames > maxFrames {
            throw .overBudget(BudgetViolation(kind: .frames, width: width, height: height, frames: frames, limit: maxFrames))
        }
        // Both sides are at most maxSide here, so the products cannot overflow for sane limits.
        let (pixels, overflow) = (width * height).multipliedReportingOverflow(by: max(frames, 1))
        if overflow || pixels > maxTotalPixels {
            throw .overBudget(BudgetViolation(kind: .pixels, width: width, height: height, frames: max(frames, 1), limit: maxTotalPixels))
        }
    }
}
