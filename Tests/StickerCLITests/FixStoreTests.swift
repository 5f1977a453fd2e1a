import Foundation
import StickerFiles
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// `fix` under another store's profile does only what is safe for that store: PNG, APNG and GIF
/// recompressed without loss; nothing fitted, resized or converted, even with --lossy (#40).
@Suite("fix under a store's profile")
struct FixStoreTests {
    @Test("fix --profile line --lossy: a 1.6 MB PNG is recompressed to the same pixels, never fitted; a WhatsApp WebP is left as it is")
    func losslessOnly() throws {
        let scratch = Scratch()
        // 600×600 of 260 colours: over 1 MB without loss, so that --lossy fits it under the sticker profile.
        let pixels = ExampleContent.pixels(600, 600, .manyColours, 3)
        let png = ExampleContent.padded(try PNGEncoder.encode(rgba: pixels, width: 600, height: 600), to: 1_600_000)
        try DiskFileSystem().createFolder(scratch.at("LINE"))
        try DiskFileSystem().write(png, to: scratch.at("LINE/01.png"))
        let (status, out, err) = try CLI.run(["fix", "--profile", "line", "--lossy", "-q", "LINE"], in: scratch.path)
        #expect(status == 1, "\(out)\(err)")  // the pack of one sticker still fails pack-count
        let after = try DiskFileSystem().read(scratch.at("LINE/01.png"))
        #expect(after.count < png.count && after.count > 500_000, "\(after.count) bytes")
        let decoded = try ImageDecoder().decode(after)
        #expect(decoded.header.format == .png && decoded.frames.count == 1)
        #expect(decoded.frames[0].pixels == pixels, "the same pixels: recompressed, not fitted")
        // The same file under the sticker profile with --lossy is fitted under 500,000 bytes (lossy).
        try DiskFileSystem().createFolder(scratch.at("Loose"))
        try DiskFileSystem().write(png, to: scratch.at("Loose/01.png"))
        _ = try CLI.run(["fix", "--lossy", "-q", "Loose"], in: scratch.path)
        let fitted = try DiskFileSystem().read(scratch.at("Loose/01.png"))
        let fittedPixels = try ImageDecoder().decode(fitted).frames[0].pixels
        #expect(fitted.count <= 500_000 && fittedPixels != pixels, "\(fitted.count) bytes")

        let webp = ExampleContent.webpSolid(width: 512, height: 512, bytes: 140_000).bytes()
        try DiskFileSystem().createFolder(scratch.at("WhatsApp"))
        try DiskFileSystem().write(webp, to: scratch.at("WhatsApp/a.webp"))
        let whatsapp = try CLI.run(["fix", "--profile", "whatsapp", "--lossy", "-q", "WhatsApp"], in: scratch.path)
        #expect(whatsapp.0 == 1, "\(whatsapp.2)")
        #expect(try DiskFileSystem().read(scratch.at("WhatsApp/a.webp")) == webp)
    }

    @Test("fix --profile takes the profiles check takes, and refuses another word with the list")
    func profileOption() throws {
        let (status, _, err) = try CLI.run(["fix", "--profile", "whatsap", "."])
        #expect(status == 2 || status == 64, "\(status)")
        #expect(err.contains("whatsapp") && err.contains("telegram-emoji"), "\(err)")
    }
}
