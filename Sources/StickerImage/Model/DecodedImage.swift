/// How long a frame stays on screen, as the file stores it.
public struct FrameDelay: Sendable, Hashable {
    /// Delay numerator: APNG delay_num, GIF centiseconds.
    public var numerator: Int
    /// Delay denominator in parts of a second: APNG delay_den (0 is read as 100), 100 for GIF.
    public var denominator: Int

    public init(numerator: Int, denominator: Int) {
        self.numerator = numerator
        // APNG §fcTL: "If the denominator is 0, it is to be treated as if it were 100".
        self.denominator = denominator == 0 ? 100 : denominator
    }

    /// No delay: a still image.
    public static let zero = FrameDelay(numerator: 0, denominator: 100)

    /// The delay in milliseconds, rounded to the nearest.
    public var milliseconds: Int { (numerator * 1000 + denominator / 2) / denominator }
    /// The delay in milliseconds, unrounded (2/60 s: 33.33…).
    public var exactMilliseconds: Double { Double(numerator) * 1000 / Double(denominator) }

    /// The delay in seconds.
    public var seconds: Double { Double(numerator) / Double(denominator) }

    /// The delay as an APNG fcTL holds it (a 16-bit numerator and denominator): itself when it fits, or with
    /// both divided by their greatest common divisor (70,000/1,000 is 70/1, exactly); otherwise the nearest
    /// in thousandths, hundredths, tenths or whole seconds that fits, at most 65,535 s (an animated WebP's
    /// frame may last 16,777,215 ms, which APNG can only come near).
    public var apng: FrameDelay {
        let (n, d) = (max(0, numerator), max(1, denominator))
        if n <= 65_535 && d <= 65_535 { return FrameDelay(numerator: n, denominator: d) }
        var (a, b) = (n, d)
        while b != 0 { (a, b) = (b, a % b) }
        if n / a <= 65_535 && d / a <= 65_535 { return FrameDelay(numerator: n / a, denominator: d / a) }
        for parts in [1_000, 100, 10, 1] {
            let scaled = (Double(n) * Double(parts) / Double(d)).rounded()
            if scaled <= 65_535 { return FrameDelay(numerator: Int(scaled), denominator: parts) }
        }
        return FrameDelay(numerator: 65_535, denominator: 1)
    }
}

/// One fully composited frame: RGBA8, straight alpha, canvas-sized, row-major without padding.
public struct ImageFrame: Sendable, Hashable {
    /// width × height × 4 bytes.
    public var pixels: [UInt8]
    public var delay: FrameDelay

    public init(pixels: [UInt8], delay: FrameDelay) {
        self.pixels = pixels
        self.delay = delay
    }
}

/// A decoded image: every frame composited to the canvas, plus what the animation said about itself.
public struct DecodedImage: Sendable, Hashable {
    public var header: ImageHeader
    public var frames: [ImageFrame]
    /// Faults in an APNG's animation chunks; when there are any, `frames` holds only the default
    /// image, as the APNG specification prescribes for a decoder that cannot use the animation.
    public var animationIssues: [AnimationStructureIssue]

    public init(header: ImageHeader, frames: [ImageFrame], animationIssues: [AnimationStructureIssue] = []) {
        self.header = header
        self.frames = frames
        self.animationIssues = animationIssues
    }

    public var width: Int { header.width }
    public var height: Int { header.height }
    /// The stored loop count (see `ImageHeader.loopCount`).
    public var loopCount: Int? { header.loopCount }

    /// How many times the animation plays, as APNG's num_plays counts (0: forever). A GIF's NETSCAPE
    /// count repeats after the first play (none: it plays once); APNG and WebP count plays.
    public var plays: Int {
        header.format == .gif ? loopCount.map { $0 == 0 ? 0 : $0 + 1 } ?? 1 : loopCount ?? 0
    }
}

/// A frame being produced by a streaming decode. Its pixels belong to the decoder and are valid only
/// during the callback that receives the view; copy them to keep them.
public struct FrameView {
    /// The composited canvas, width × height × 4 bytes of RGBA8.
    public let pixels: UnsafeBufferPointer<UInt8>
    public let width: Int
    public let height: Int
    public let delay: FrameDelay
    /// Zero-based frame number.
    public let index: Int
}

/// What a streaming decode's callback wants next.
public enum DecodeControl: Sendable {
    /// Produce the next frame.
    case next
    /// Stop: the caller has its answer.
    case stop
}
