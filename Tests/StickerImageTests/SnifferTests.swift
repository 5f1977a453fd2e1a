import Testing
@testable import StickerImage
