import Foundation
import StickerFiles
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// Colour-managed PNGs, as exporters write them, are optimised too: their colour chunks (gAMA + cHRM with
/// sRGB's values as Photoshop-family exports write them, sRGB, an RGB ICC profile) are kept byte for byte
/// before the image data, text, time and pHYs chunks are dropped (kept with --keep-metadata), a file
/// with an RGB profile never becomes grey, and every result decodes (Pillow, independently) to the
/// input's pixels and passes pngcheck.
@Suite("fix: colour-managed PNGs")
struct ColourChunkTests {
    static let python = Tools.path("python3")

    /// Writes the corpus with Pillow (chunks added as exporters add them).
    static let makeCorpus = #"""
        import sys, struct, zlib
        from PIL import Image, ImageCms, PngImagePlugin
        out = sys.argv[1]
        def art(grey=False):
            img = Image.new("RGBA", (320, 320), (0, 0, 0, 0))
            px = img.load()
            for y in range(320):
                for x in range(320):
                    d = (x - 160) ** 2 + (y - 160) ** 2
                    if d < 140 ** 2:
                        v = (x * 3 + y) % 256
                        # Grey with many alphas: more than 256 colours, so only grey+alpha (or RGBA) holds it.
                        px[x, y] = (v, v, v, 128 + (x + y) % 128) if grey else (v, (y * 2) % 256, 200 - (x % 100), 255)
            return img
        def info(chunks, text=True):
            i = PngImagePlugin.PngInfo()
            for name, data in chunks:
                i.add(name, data)
            if text:
                i.add_text("Software", "Adobe Photoshop 25.0")
                i.add(b"tIME", struct.pack(">HBBBBB", 2026, 11, 23, 12, 0, 0))
            return i
        gama = struct.pack(">I", 45455)
        chrm = struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)
        art().save(out + "/gama-chrm.png", pnginfo=info([(b"gAMA", gama), (b"cHRM", chrm)]), dpi=(72, 72), compress_level=1)
        art().save(out + "/srgb.png", pnginfo=info([(b"sRGB", b"\x00")]), compress_level=1)
        icc = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
        art(grey=True).save(out + "/icc-grey-pixels.png", icc_profile=icc, pnginfo=info([]), compress_level=1)
        art().save(out + "/icc-rgba.png", icc_profile=icc, compress_level=1)
        """#

    /// Every chunk (name, whole bytes) of a PNG, read independently of the code under test.
    static func chunks(_ bytes: [UInt8]) -> [(String, [UInt8])] { PNGChunkBuilder.chunks(bytes) }

    static let colourNames: Set = ["iCCP", "sRGB", "gAMA", "cHRM"]

    @Test(
        "colour chunks kept byte for byte before the image data, metadata dropped, RGB profile never grey, same pixels",
        Requirement.trait(Tools.pythonHas("PIL") && Tools.find("pngcheck") != nil, "Pillow and pngcheck (make test installs them)"))
    func colourManaged() throws {
        try Requirement.require(Tools.pythonHas("PIL") && Tools.find("pngcheck") != nil, "Pillow and pngcheck")
        for keepMetadata in [false, true] {
            let scratch = Scratch()
            try Folders.create(scratch.at("in"))
            let made = try Process.run(Self.python, ["-c", Self.makeCorpus, scratch.at("in")])
            try #require(made.0 == 0, "\(made.2)")
            let names = try #require(DiskFileSystem().list(scratch.at("in")))
            #expect(names.count == 4)
            let before = try Dictionary(uniqueKeysWithValues: names.map { ($0, try DiskFileSystem().read(scratch.at("in/" + $0))) })
            let (status, out, err) = try CLI.run(["fix"] + (keepMetadata ? ["--keep-metadata"] : []) + [scratch.at("in")])
            #expect(status == 0 || status == 1, "\(err)")
            for name in names {
                let old = before[name]!, new = try DiskFileSystem().read(scratch.at("in/" + name))
                #expect(new.count < old.count, "\(name) was not made smaller: \(out)")
                let oldChunks = Self.chunks(old), newChunks = Self.chunks(new)
                // Colour chunks: the same bytes, all before PLTE and IDAT.
                #expect(
                    oldChunks.filter { Self.colourNames.contains($0.0) }.map(\.1) == newChunks.filter { Self.colourNames.contains($0.0) }.map(\.1),
                    "\(name)")
                let firstData = newChunks.firstIndex { $0.0 == "PLTE" || $0.0 == "IDAT" } ?? newChunks.count
                #expect(newChunks.indices.filter { Self.colourNames.contains(newChunks[$0].0) }.allSatisfy { $0 < firstData }, "\(name)")
                // Metadata: dropped, or kept byte for byte with --keep-metadata.
                let meta: Set = ["tEXt", "tIME", "pHYs"]
                let oldMeta = oldChunks.filter { meta.contains($0.0) }.map(\.1), newMeta = newChunks.filter { meta.contains($0.0) }.map(\.1)
                #expect(keepMetadata ? newMeta == oldMeta : newMeta.isEmpty, "\(name): \(newChunks.map(\.0))")
                // An RGB profile: never a grey colour type (IHDR byte 9 of the data: 0 or 4).
                if oldChunks.contains(where: { $0.0 == "iCCP" }) { #expect(![0, 4].contains(new[25]), "\(name) became grey under an RGB profile") }
                let check = try Process.run(Tools.path("pngcheck"), ["-q", scratch.at("in/" + name)])
                #expect(check.0 == 0, "pngcheck: \(check.1)\(check.2)")
                try Self.writeBytes(old, to: scratch.at("old-" + name))
            }
            // Pillow, independently: the same RGBA pixels as before.
            let compare = try Process.run(
                Self.python,
                [
                    "-c",
                    """
                    import sys
                    from PIL import Image
                    for name in sys.argv[2:]:
                        a = Image.open(sys.argv[1] + "/old-" + name).convert("RGBA").tobytes()
                        b = Image.open(sys.argv[1] + "/in/" + name).convert("RGBA").tobytes()
                        print(name, "same" if a == b else "DIFFERENT")
                    """, scratch.path
                ] + names)
            #expect(
                compare.0 == 0 && !compare.1.contains("DIFFERENT") && compare.1.components(separatedBy: "same").count == 5, "\(compare.1)\(compare.2)"
            )
        }
    }

    static func writeBytes(_ bytes: [UInt8], to path: String) throws { try AtomicFile.write(bytes, to: path) }

    @Test(
        "an eXIf whose orientation turns the image (6) is kept byte for byte, as viewers turn it; one of orientation 1 is dropped",
        Requirement.trait(Tools.pythonHas("PIL"), "Pillow (make test installs it)"))
    func turningOrientationKept() throws {
        try Requirement.require(Tools.pythonHas("PIL"), "Pillow")
        let scratch = Scratch()
        try Folders.create(scratch.at("in"))
        // As Pillow writes a camera's orientation into a PNG: an eXIf chunk of TIFF data, Orientation (0x0112).
        let made = try Process.run(
            Self.python,
            [
                "-c",
                """
                import sys
                from PIL import Image
                img = Image.new("RGBA", (320, 320), (0, 0, 0, 0))
                img.paste((200, 30, 90, 255), (40, 40, 280, 200))
                for value in (1, 6):
                    exif = Image.Exif()
                    exif[0x0112] = value
                    img.save(sys.argv[1] + "/o%d.png" % value, exif=exif, compress_level=0)
                """, scratch.at("in")
            ])
        try #require(made.0 == 0, "\(made.2)")
        for (value, kept) in [(1, false), (6, true)] {
            let old = try DiskFileSystem().read(scratch.at("in/o\(value).png"))
            let new = try PNGOptimizer.optimize(old).bytes
            let exif = Self.chunks(old).filter { $0.0 == "eXIf" }.map(\.1)
            #expect(exif.count == 1 && (Self.chunks(new).filter { $0.0 == "eXIf" }.map(\.1) == exif) == kept, "orientation \(value)")
            #expect(try ImageDecoder().decode(new).frames[0].pixels == (try ImageDecoder().decode(old).frames[0].pixels))
        }
    }
}

@Suite("fix: --effort")
struct EffortTests {
    @Test("each effort re-encodes to the same pixels; max is never larger than default; an unknown effort is refused")
    func efforts() throws {
        for seed in 0..<6 {
            let png = ExampleContent.png(width: 408, height: 408, style: seed % 2 == 0 ? .sticker : .opaque, seed: seed).bytes()
            var sizes: [PNGOptimizer.Effort: Int] = [:]
            for effort in PNGOptimizer.Effort.allCases {
                let result = try PNGOptimizer.optimize(png, effort: effort)
                let a = try ImageDecoder().decode(png), b = try ImageDecoder().decode(result.bytes)
                #expect(a.frames[0].pixels == b.frames[0].pixels, "seed \(seed), \(effort)")
                sizes[effort] = result.bytes.count
            }
            #expect(sizes[.max]! <= sizes[.default]!, "seed \(seed): \(sizes)")
        }
        let refused = try CLI.run(["fix", "--effort", "extreme", "."])
        #expect(
            refused.0 == 2 && refused.2.contains("The value 'extreme' is invalid for '--effort <quick|default|max>': use quick, default or max"),
            "\(refused.2)")
    }
}

@Suite("fix: palette reduction")
struct PaletteReductionTests {
    @Test("an RGBA image of at most 256 colours becomes a palette PNG even when its transparent pixels differ in colour; of 257 it stays RGBA")
    func transparentColoursKept() throws {
        // 16 transparent colours (alpha 0) among opaque ones: 239, 256 and 257 distinct RGBA values.
        for extra in [0, 17, 18] {
            var rgba: [UInt8] = [], state: UInt32 = 12_345
            for i in 0..<(64 * 64) {
                // Every colour once, then a fixed pseudo-random order (nothing periodic for deflate to find).
                state = state &* 1_103_515_245 &+ 12_345
                let c = i < 239 + extra ? i : Int(state >> 16) % (239 + extra)
                rgba += c < 16 ? [UInt8(c * 16), 255 - UInt8(c * 16), 7, 0] : [UInt8(c % 256), UInt8((c * 7) % 256), UInt8((c * 13) % 256), 255]
            }
            let source = try PNGEncoder.encode(rgba: rgba, width: 64, height: 64)
            let decoder = ImageDecoder()
            // Of 257 colours nothing smaller may be found: then the file is kept as it is. (A catch of one
            // typed error, the rest thrown on, crashes the optimizer of Swift 6.3.1 in -c release builds.)
            var bytes = source
            do {
                bytes = try PNGOptimizer.optimize(source, decoder: decoder).bytes
            } catch {
                #expect(error == .alreadySmallest && extra == 18, "\(239 + extra) colours: \(error)")
            }
            let back = try decoder.decode(bytes)
            #expect(back.frames[0].pixels == rgba, "straight pixels, colour under alpha 0 included")
            let header = try decoder.probe(bytes)
            #expect((header.colorModel == .indexed) == (extra < 18), "\(239 + extra) colours: \(header.colorModel)")
        }
    }
}
