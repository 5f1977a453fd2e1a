import Foundation
import StickerFiles
@testable import StickerImage
import StickerTestSupport
import Testing

/// An ICC profile added to a WebP (what `pack --for` does with art's RGB profile) against webpmux, which
/// writes the same container from the same inputs: byte for byte, for every layout libwebp writes
/// (simple VP8L with alpha, simple VP8, VP8X with ALPH, an animation), and read back by our decoder to
/// the same pixels; and a PNG's iCCP inflated to the profile Pillow wrote.
@Suite(
    "WebP ICC profiles",
    Requirement.trait(Tools.available("webpmux") && Tools.pythonHas("PIL"), "webpmux (Debian/Homebrew `webp`) and Pillow (make test installs them)"))
struct WebPContainerTests {
    static let folder = Conformance.projectRoot + "/Tests/Fixtures/webp"

    /// The chunks of a RIFF WebP (FourCC and data), read here independently of the code under test.
    static func chunks(_ bytes: [UInt8]) -> [(String, [UInt8])] {
        var out: [(String, [UInt8])] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = (0..<4).reduce(0) { $0 | Int(bytes[offset + 4 + $1]) << (8 * $1) }
            guard offset + 8 + size <= bytes.count else { break }
            out.append((String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self), Array(bytes[(offset + 8)..<(offset + 8 + size)])))
            offset += 8 + size + (size & 1)
        }
        return out
    }

    @Test("the same bytes as webpmux -set icc, for each layout libwebp writes; decoded to the same frames")
    func likeWebpmux() throws {
        try Requirement.require(Tools.available("webpmux") && Tools.pythonHas("PIL"), "webpmux and Pillow")
        let scratch = Scratch()
        // The corpus's profiled file was made by webpmux from its unprofiled one (scripts/make-webp-corpus.sh).
        let plain = try DiskFileSystem().read(Self.folder + "/still-lossless-alpha.webp")
        let profiled = try DiskFileSystem().read(Self.folder + "/still-lossless-icc.webp")
        let profile = try #require(Self.chunks(profiled).first { $0.0 == "ICCP" }?.1)
        #expect(WebPContainer.withICCProfile(plain, profile: profile) == profiled)
        // An odd-sized profile (a pad byte) on what libwebp writes now.
        let odd = profile + [0x2A]
        try scratch.write("odd.icc", odd)
        let side = 96
        let rgba = (0..<(side * side)).flatMap { i -> [UInt8] in [UInt8(i % 251), UInt8(i % 83), 200, i % side < 48 ? 255 : 120] }
        let opaque = (0..<(side * side)).flatMap { i -> [UInt8] in [UInt8(i % 251), UInt8(i % 83), 200, 255] }
        let frames = [rgba, opaque].map { ImageFrame(pixels: $0, delay: FrameDelay(numerator: 100, denominator: 1000)) }
        let made: [(String, [UInt8], String)] = [
            ("lossless", try WebPEncoder.encode(rgba: rgba, width: side, height: side, options: .init(lossless: true)), "VP8L"),
            ("lossy-opaque", try WebPEncoder.encode(rgba: opaque, width: side, height: side, options: .init(lossless: false)), "VP8 "),
            ("lossy-alpha", try WebPEncoder.encode(rgba: rgba, width: side, height: side, options: .init(lossless: false)), "VP8X"),
            (
                "animation",
                try WebPEncoder.encodeAnimation(frames, width: side, height: side, loopCount: 0, options: .init(lossless: false)), "VP8X"
            )
        ]
        for (name, bytes, first) in made {
            #expect(Self.chunks(bytes).first?.0 == first, "\(name): \(Self.chunks(bytes).map(\.0))")
            try scratch.write(name + ".webp", bytes)
            let run = try Process.run(
                Tools.path("webpmux"), ["-set", "icc", scratch.at("odd.icc"), scratch.at(name + ".webp"), "-o", scratch.at(name + "-icc.webp")])
            try #require(run.0 == 0, "webpmux \(name): \(run.2)")
            let expected = try DiskFileSystem().read(scratch.at(name + "-icc.webp"))
            let ours = try #require(WebPContainer.withICCProfile(bytes, profile: odd), "\(name)")
            #expect(ours == expected, "\(name): \(Self.chunks(ours).map(\.0)) against webpmux's \(Self.chunks(expected).map(\.0))")
            let before = try ImageDecoder().decode(bytes), after = try ImageDecoder().decode(ours)
            #expect(before.frames.map(\.pixels) == after.frames.map(\.pixels) && before.header.hasAlpha == after.header.hasAlpha, "\(name)")
            // A profile is added once.
            #expect(WebPContainer.withICCProfile(ours, profile: odd) == nil)
        }
    }

    @Test("refused: an empty profile, one over 1 MiB (1 MiB taken), a RIFF whose size runs past the file or whose chunk does")
    func edges() throws {
        let side = 16
        let plain = try WebPEncoder.encode(
            rgba: [UInt8](repeating: 200, count: side * side * 4), width: side, height: side, options: .init(lossless: true))
        #expect(WebPContainer.withICCProfile(plain, profile: []) == nil)
        #expect(WebPContainer.withICCProfile(plain, profile: [UInt8](repeating: 1, count: WebPContainer.maxProfileBytes)) != nil)
        #expect(WebPContainer.withICCProfile(plain, profile: [UInt8](repeating: 1, count: WebPContainer.maxProfileBytes + 1)) == nil)
        #expect(WebPContainer.withICCProfile(Array(plain.dropLast()), profile: [1, 2]) == nil)
        var longChunk = plain
        longChunk[16] = 0xFF  // the first chunk's size past the RIFF's end
        #expect(WebPContainer.withICCProfile(longChunk, profile: [1, 2]) == nil)
        #expect(WebPContainer.withICCProfile(Array("RIFF".utf8) + [4, 0, 0, 0] + Array("WAVE".utf8) + plain.dropFirst(12), profile: [1]) == nil)
    }

    @Test(
        "a JPEG's APP2 profile and a WebP's ICCP as viewers apply them: joined in order; none for a count of 0 (it trapped), a gap, a size its header does not give, a space not the image's, a clear ICC flag"
    )
    func embeddedProfiles() throws {
        try Requirement.require(Tools.pythonHas("PIL"), "Pillow")
        let scratch = Scratch()
        let made = try Process.run(
            Tools.path("python3"),
            [
                "-c",
                """
                import sys
                from PIL import Image, ImageCms
                open(sys.argv[1] + "/srgb.icc", "wb").write(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
                for mode in ("RGB", "L", "CMYK"):
                    Image.new(mode, (16, 16)).save(sys.argv[1] + "/" + mode + ".jpg", quality=90)
                """, scratch.path
            ])
        try #require(made.0 == 0, "\(made.2)")
        let icc = try DiskFileSystem().read(scratch.at("srgb.icc"))
        var grey = icc
        grey.replaceSubrange(16..<20, with: Array("GRAY".utf8))
        var wrongSize = icc
        wrongSize[3] &+= 1
        func jpeg(_ mode: String, _ segments: [(number: UInt8, count: UInt8, data: [UInt8])]) throws -> [UInt8] {
            let plain = try DiskFileSystem().read(scratch.at(mode + ".jpg"))
            var out = Array(plain[..<2])
            for segment in segments {
                let data = Array("ICC_PROFILE".utf8) + [0, segment.number, segment.count] + segment.data
                out += [0xFF, 0xE2, UInt8((data.count + 2) >> 8), UInt8((data.count + 2) & 0xFF)] + data
            }
            return out + plain[2...]
        }
        let half = icc.count / 2
        let cases: [(String, [UInt8], [UInt8]?)] = [
            ("one segment", try jpeg("RGB", [(1, 1, icc)]), icc),
            ("two, in reverse order", try jpeg("RGB", [(2, 2, Array(icc[half...])), (1, 2, Array(icc[..<half]))]), icc),
            ("a GRAY profile on a grey JPEG", try jpeg("L", [(1, 1, grey)]), grey),
            ("a count of 0", try jpeg("RGB", [(1, 0, icc)]), nil),
            ("number 0 of 0", try jpeg("RGB", [(0, 0, icc)]), nil),
            ("a segment missing", try jpeg("RGB", [(1, 2, Array(icc[..<half]))]), nil),
            ("a number twice", try jpeg("RGB", [(1, 2, Array(icc[..<half])), (1, 2, Array(icc[half...]))]), nil),
            ("a size its header does not give", try jpeg("RGB", [(1, 1, wrongSize)]), nil),
            ("a GRAY profile on three components", try jpeg("RGB", [(1, 1, grey)]), nil),
            ("an RGB profile on CMYK", try jpeg("CMYK", [(1, 1, icc)]), nil)
        ]
        for (name, bytes, expected) in cases {
            #expect(ICCProfile.embedded(in: bytes) == expected, "\(name)")
        }
        // A WebP: its ICCP applies only with VP8X's ICC flag.
        let webp = try #require(
            WebPContainer.withICCProfile(
                try WebPEncoder.encode(rgba: [UInt8](repeating: 90, count: 16 * 16 * 4), width: 16, height: 16, options: .init(lossless: true)),
                profile: icc))
        #expect(ICCProfile.embedded(in: webp) == icc)
        var unflagged = webp
        unflagged[20] &= ~0x20
        #expect(ICCProfile.embedded(in: unflagged) == nil)
    }

    @Test("a PNG's iCCP is the profile Pillow wrote; none for a grey PNG or a damaged chunk")
    func pngProfile() throws {
        try Requirement.require(Tools.pythonHas("PIL"), "Pillow")
        let scratch = Scratch()
        let made = try Process.run(
            Tools.path("python3"),
            [
                "-c",
                """
                import sys
                from PIL import Image, ImageCms
                icc = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
                open(sys.argv[1] + "/srgb.icc", "wb").write(icc)
                Image.new("RGBA", (8, 8), (1, 2, 3, 4)).save(sys.argv[1] + "/rgb.png", icc_profile=icc)
                Image.new("LA", (8, 8), (9, 200)).save(sys.argv[1] + "/grey.png", icc_profile=icc)
                """, scratch.path
            ])
        try #require(made.0 == 0, "\(made.2)")
        let icc = try DiskFileSystem().read(scratch.at("srgb.icc"))
        let rgb = try DiskFileSystem().read(scratch.at("rgb.png"))
        #expect(ICCProfile.rgb(of: rgb) == icc)
        #expect(ICCProfile.rgb(of: try DiskFileSystem().read(scratch.at("grey.png"))) == nil)
        // The chunk's compression method (the byte after the name's zero) 1, its CRC made again: no profile.
        let whole = try #require(PNGChunkBuilder.chunks(rgb).first { $0.0 == "iCCP" }?.1)
        let start = try #require(rgb.indices.dropLast(4).first { Array(rgb[$0..<($0 + 4)]) == Array("iCCP".utf8) }) - 4
        var data = Array(whole[8..<(whole.count - 4)])
        let zero = try #require(data.firstIndex(of: 0))
        for method: UInt8 in [0, 1] {
            data[zero + 1] = method
            var remade = Array(rgb[..<start])
            PNGChunkBuilder.append("iCCP", data, to: &remade)
            remade += rgb[(start + whole.count)...]
            #expect((ICCProfile.rgb(of: remade) == icc) == (method == 0), "method \(method)")
        }
    }
}
