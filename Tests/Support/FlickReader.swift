import StickerImage

/// "Flick", a made-up animation format for the tests (#53: a reader is one unit of change): the magic
/// `FLCK`, then width, height, frames and frames a second as little-endian 16-bit numbers. Nothing
/// under `Sources/` knows it; `FlickReader.kind` registers it for the test process.
package struct FlickReader: MotionReader {
    package var name: String { "flick" }
    package var displayName: String { "Flick animation" }
    package var extensions: [String] { ["flick"] }
    package func matches(prefix: [UInt8]) -> Bool { prefix.starts(with: Array("FLCK".utf8)) }
    package func read(_ bytes: [UInt8]) throws(ImageError) -> MotionFacts {
        guard bytes.count >= 12 else { throw .truncated(offset: bytes.count, reading: "the Flick header") }
        func number(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        let (width, height, frames, rate) = (number(4), number(6), number(8), number(10))
        guard rate > 0 else { throw .unreadable(Self.kind, reason: "its frame rate is 0") }
        return .plain(
            PlainMotionFacts(
                width: width, height: height, durationMilliseconds: Double(frames) * 1000 / Double(rate), frameRate: Double(rate),
                frames: frames))
    }
    package var notShown: String { "A Flick animation is not drawn here: its facts come from its header." }

    /// The kind, registered once for the process on first use.
    package static let kind: MotionKind = MotionKind.register(FlickReader())

    /// A Flick file's bytes.
    package static func bytes(width: Int, height: Int, frames: Int, rate: Int) -> [UInt8] {
        Array("FLCK".utf8) + [width, height, frames, rate].flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }
}
