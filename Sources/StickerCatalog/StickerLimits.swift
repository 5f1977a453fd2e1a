/// Apple's limits for stickers, in one place: the rules, variants and fixes use these.
package enum StickerLimits {
    /// Xcode's asset compiler refuses a compiled sticker larger than this: "cannot be larger than 512000 bytes".
    package static let maxBytes = 512_000
    /// The Messages documentation asks for "less than 500 KB"; converters use 500,000 bytes.
    package static let documentedBytes = 500_000
    /// Width and height of a sticker at @3x, in pixels.
    package static let pixelRange = 300...618
    /// The longest accessibility label, in characters.
    package static let labelCharacters = 150
    /// Frames shown for less than this are stretched by players, in milliseconds.
    package static let minimumFrameMilliseconds = 20
}
