/// A string compared and hashed by its UTF-8 bytes. Swift's `String` compares by canonical
/// equivalence: "café" composed (U+00E9) and decomposed (e + U+0301) are equal as Strings, yet they are
/// two files on Linux and in git. Every set and table keyed by a path uses this, so that two names that
/// differ only in normalization stay two files.
public struct ByteKey: Hashable, Sendable, CustomStringConvertible {
    public let string: String

    public init(_ string: String) { self.string = string }

    public static func == (a: ByteKey, b: ByteKey) -> Bool { a.string.utf8.elementsEqual(b.string.utf8) }

    public func hash(into hasher: inout Hasher) { string.hashBytes(into: &hasher) }

    public var description: String { string }
}

extension String {
    /// Whether two strings hold the same UTF-8 bytes (not merely canonically equivalent text).
    package func sameBytes(_ other: String) -> Bool { utf8.elementsEqual(other.utf8) }

    /// Feeds the string's UTF-8 bytes to a hasher (a hash that agrees with `sameBytes`).
    package func hashBytes(into hasher: inout Hasher) {
        var copy = self
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(utf8.count)
    }
}
