#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StickerCatalog
import StickerFiles
import StickerPack
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// `stickerlint pack` (issue #28): art of every kind becomes a catalog that checks clean, the same
/// bytes every time, written as a whole or not at all.
@Suite("pack")
struct PackTests {
    static let webp = Conformance.projectRoot + "/Tests/Fixtures/webp"

    /// A disc on a plain light background with no alpha (a JPEG or flattened export).
    static func plainBackground(_ side: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let i = (y * side + x) * 4, dx = x - side / 2, dy = y - side / 2
                let inside = dx * dx + dy * dy < (side * 3 / 8) * (side * 3 / 8)
                pixels[i] = inside ? 200 : 250
                pixels[i + 1] = inside ? UInt8(40 + x * 100 / side) : 248
                pixels[i + 2] = inside ? 90 : 245
                pixels[i + 3] = 255
            }
        }
        return pixels
    }

    /// A disc of gradient with ±`noise` per channel on a transparent background: art whose lossless
    /// encoding is large (noise does not compress).
    static func noisyDisc(_ side: Int, noise: Int) -> [UInt8] {
        var state: UInt64 = 2028
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let dx = x - side / 2, dy = y - side / 2
                guard dx * dx + dy * dy < (side * 15 / 32) * (side * 15 / 32) else { continue }
                let i = (y * side + x) * 4
                for c in 0..<3 {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let jitter = Int(state >> 33) % (2 * noise + 1) - noise
                    pixels[i + c] = UInt8(max(0, min(255, (x * (c + 1) * 97 / side + y * 61 / side) % 200 + 20 + jitter)))
                }
                pixels[i + 3] = 255
            }
        }
        return pixels
    }

    /// Art of every kind pack takes, as a user's folder might hold it.
    static func art(_ scratch: Scratch) throws {
        try scratch.write("Art/still.png", ExampleContent.png(width: 700, height: 700).bytes())
        try scratch.write("Art/wide.png", ExampleContent.png(width: 900, height: 500, seed: 3).bytes())
        try scratch.write("Art/huge colours.png", try PNGEncoder.encode(rgba: Self.noisyDisc(1300, noise: 12), width: 1300, height: 1300))
        try scratch.write("Art/wave.apng", ExampleContent.apng(side: 500, frames: 3).bytes())
        try scratch.write("Art/bounce.gif", ExampleContent.gif(side: 408, frames: 4, delayCentiseconds: 0).bytes())
        try scratch.write("Art/one-frame.gif", ExampleContent.gif(side: 420, frames: 1).bytes())
        try scratch.write("Art/photo cut-out.jpg", try JPEGEncoder.encode(rgba: Self.plainBackground(640), width: 640, height: 640))
        try scratch.write("Art/lossless.webp", try DiskFileSystem().read(Self.webp + "/still-lossless-alpha.webp"))
        try scratch.write("Art/lossy.webp", try DiskFileSystem().read(Self.webp + "/still-lossy-alpha.webp"))
        try scratch.write("Art/dance.webp", try DiskFileSystem().read(Self.webp + "/anim-pillow-lossy.webp"))
        try scratch.write("Art/small/tiny.png", ExampleContent.png(width: 200, height: 150, seed: 5).bytes())
        try scratch.write("icon.png", ExampleContent.png(width: 1024, height: 1024, style: .opaque).bytes())
    }

    static func pack(_ arguments: [String], in scratch: Scratch) throws -> (Int32, String, String) {
        try CLI.run(["pack"] + arguments, in: scratch.path)
    }

    /// A scratch folder with art drawn into its Art/ by a Python script (Pillow), given that folder.
    static func drawArt(_ script: String) throws -> Scratch {
        try Requirement.require(Tools.pythonHas("PIL"), "Pillow")
        let scratch = Scratch()
        try Folders.create(scratch.at("Art"))
        let made = try Process.run(Tools.path("python3"), ["-c", script, scratch.at("Art")])
        try #require(made.0 == 0, "\(made.2)")
        return scratch
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("art of every kind (PNG, APNG, GIF, JPEG, WebP lossy, lossless and animated, huge, wide, small) packs into a catalog check passes")
    func everyKindChecksClean() throws {
        let scratch = Scratch()
        try Self.art(scratch)
        let (status, out, err) = try Self.pack(
            [
                "Art", "-o", "Stickers.xcstickers", "--grid", "regular", "--pad", "--remove-background",
                "--icon", "icon.png", "--format", "json"
            ], in: scratch)
        #expect(status == 0, "\(out)\(err)")
        let report = try Self.json(out)
        let stickers = try #require(report["stickers"] as? [[String: Any]])
        #expect(stickers.count == 11)
        #expect((report["skipped"] as? [Any])?.isEmpty == true)
        let check = try #require(report["check"] as? [String: Any])
        #expect(check["errors"] as? Int == 0 && check["warnings"] as? Int == 0, "\(check)")
        // And an independent check of what was written, by the CLI.
        let (checkStatus, checkOut, _) = try CLI.run(["check", "--no-cache", "Stickers.xcstickers"], in: scratch.path)
        #expect(checkStatus == 0, "\(checkOut)")
        #expect(checkOut.hasSuffix(" files, 0 errors, 0 warnings, 0 notes\n"), "\(checkOut)")
        // Each kind became what it should: animated → APNG, still → PNG, all 408 px, under 500,000 bytes.
        let byName = Dictionary(uniqueKeysWithValues: stickers.map { (PathText.lastComponent($0["source"] as! String), $0) })
        for (name, format, frames) in [
            ("wave.apng", "apng", 3), ("bounce.gif", "apng", 4), ("dance.webp", "apng", 6), ("one-frame.gif", "png", 1),
            ("photo cut-out.jpg", "png", 1), ("lossy.webp", "png", 1), ("tiny.png", "png", 1)
        ] {
            #expect(byName[name]?["format"] as? String == format && byName[name]?["frames"] as? Int == frames, "\(name): \(byName[name] ?? [:])")
        }
        for sticker in stickers {
            #expect(sticker["side"] as? Int == 408)
            #expect((sticker["bytes"] as? Int ?? .max) <= 500_000)
            let path = scratch.at("Stickers.xcstickers/Art.stickerpack/\(sticker["folder"]!)/\(sticker["file"]!)")
            let image = try ImageDecoder().decode(try DiskFileSystem().read(path))
            #expect(image.width == 408 && image.height == 408, "\(path)")
        }
        // What was lost is said: the huge art was resampled; GIF delays of 0 became 100 ms.
        #expect((byName["huge colours.png"]?["steps"] as? [String])?.contains("resized 1300×1300 → 408×408 (Lanczos3)") == true)
        #expect((byName["bounce.gif"]?["steps"] as? [String])?.contains { $0.contains("given 100 ms") } == true)
        #expect((byName["photo cut-out.jpg"]?["steps"] as? [String])?.contains { $0.hasPrefix("background made transparent") } == true)
        // Labels from names.
        #expect(byName["photo cut-out.jpg"]?["label"] as? String == "Photo cut out")
        #expect(byName["one-frame.gif"]?["label"] as? String == "One frame")
    }

    @Test("art whose lossless file is over 500,000 bytes is fitted under it, its PSNR said; under the floor it is left out")
    func fitted() throws {
        let scratch = Scratch()
        try scratch.write("Art/noisy.png", try PNGEncoder.encode(rgba: Self.noisyDisc(618, noise: 12), width: 618, height: 618))
        try scratch.write("icon.png", ExampleContent.png(width: 1024, height: 1024, style: .opaque).bytes())
        let (status, out, err) = try Self.pack(
            [
                "Art", "-o", "S.xcstickers", "--grid", "large", "--min-psnr", "30", "--format", "json",
                "--icon", "icon.png"
            ], in: scratch)
        #expect(status == 0, "\(out)\(err)")
        let sticker = try #require((try Self.json(out)["stickers"] as? [[String: Any]])?.first)
        #expect((sticker["bytes"] as? Int ?? .max) <= 500_000)
        let step = try #require((sticker["steps"] as? [String])?.first { $0.hasPrefix("fitted under 500,000 bytes") }, "\(sticker)")
        #expect(step.contains("PSNR") && step.contains(" lossless)"), "\(step)")
        // The same art with a floor no fit reaches: left out, and said so (exit 1, no sticker: exit 2).
        let (floorStatus, _, floorErr) = try Self.pack(["Art", "-o", "T.xcstickers", "--grid", "large", "--min-psnr", "99"], in: scratch)
        #expect(floorStatus == 2 && floorErr.contains("noisy.png: left out:"), "\(floorErr)")
    }

    /// A 500×500 GIF of noise in 255 colours on a transparent border, 3 frames of 0 cs (as Pillow writes it):
    /// a sticker as it is (307,269 bytes), whose APNG made for the 408-px grid is over 500,000 bytes.
    static let noisyGIF = """
        import random, sys
        from PIL import Image
        rng = random.Random(5)
        side = 500
        palette = []
        for _ in range(255): palette += [rng.randrange(256), rng.randrange(256), rng.randrange(256)]
        palette += [0, 0, 0]
        base = Image.new("P", (side, side), 255)
        base.putpalette(palette)
        px = base.load()
        for y in range(20, side - 20):
            for x in range(20, side - 20): px[x, y] = rng.randrange(255)
        frames = []
        for i in range(3):
            f = base.copy(); p = f.load()
            for y in range(100 + i * 30, 140 + i * 30):
                for x in range(100, 160): p[x, y] = rng.randrange(255)
            frames.append(f)
        frames[0].save(sys.argv[1], save_all=True, append_images=frames[1:], duration=0, loop=0, transparency=255, disposal=1)
        """

    @Test(
        "art that cannot pass (under 300 px, opaque) is left out naming the flag; a GIF that passes as it is is kept, short frames and all; what is written passes check",
        Requirement.trait(Tools.pythonHas("PIL"), "Pillow (make test installs it)"))
    func onlyWhatPasses() throws {
        try Requirement.require(Tools.pythonHas("PIL"), "Pillow (make test installs it)")
        let scratch = Scratch()
        try scratch.write("Art/tiny.png", ExampleContent.png(width: 200, height: 150, seed: 5).bytes())
        try scratch.write("Art/opaque.jpg", try JPEGEncoder.encode(rgba: Self.plainBackground(640), width: 640, height: 640))
        try scratch.write("Art/still.png", ExampleContent.png(width: 700, height: 700).bytes())
        try Folders.create(scratch.at("Art"))
        let made = try Process.run(Tools.path("python3"), ["-c", Self.noisyGIF, scratch.at("Art/noisy.gif")])
        try #require(made.0 == 0, "\(made.2)")
        try scratch.write("icon.png", ExampleContent.png(width: 1024, height: 1024, style: .opaque).bytes())
        let arguments = ["Art", "--grid", "regular", "--min-psnr", "99", "--icon", "icon.png", "--format", "json"]
        let (status, out, err) = try Self.pack(arguments + ["-o", "S.xcstickers"], in: scratch)
        #expect(status == 1, "art left out: exit 1. \(out)\(err)")
        let report = try Self.json(out)
        let skipped = try #require(report["skipped"] as? [[String: Any]])
        let reasons = Dictionary(uniqueKeysWithValues: skipped.map { (PathText.lastComponent($0["path"] as! String), $0["reason"] as! String) })
        #expect(
            reasons["tiny.png"]
                == "left out: 200×150 is under the 300-px minimum every sticker needs, and art is never enlarged (give --pad to centre it on a 408-px canvas)"
        )
        #expect(
            reasons["opaque.jpg"]
                == "left out: no transparent pixel in the art: Messages needs a transparent background (art on a plain background: give --remove-background)"
        )
        let stickers = try #require(report["stickers"] as? [[String: Any]])
        #expect(stickers.map { $0["file"] as! String } == ["noisy.gif", "still.png"])
        // The GIF as it is, byte for byte, and said so.
        #expect(
            try DiskFileSystem().read(scratch.at("S.xcstickers/Art.stickerpack/noisy.sticker/noisy.gif"))
                == DiskFileSystem().read(scratch.at("Art/noisy.gif")))
        let steps = try #require(stickers[0]["steps"] as? [String])
        #expect(steps.count == 1 && steps[0].hasPrefix("kept as it is (a 500×500 GIF of "), "\(steps)")
        // What was written passes check: no error (the GIF's short frames and size are warnings).
        let check = try #require(report["check"] as? [String: Any])
        #expect(check["errors"] as? Int == 0, "\(check)")
        let (checkStatus, checkOut, _) = try CLI.run(["check", "--no-cache", "S.xcstickers"], in: scratch.path)
        #expect(checkStatus == 0 && checkOut.contains(" 0 errors,"), "\(checkOut)")
        // With the flags named, nothing is left out and check finds no error (exit 1: the kept GIF's warnings).
        let (fixedStatus, fixedOut, fixedErr) = try Self.pack(arguments + ["-o", "T.xcstickers", "--pad", "--remove-background"], in: scratch)
        #expect(fixedStatus == 1, "\(fixedOut)\(fixedErr)")
        let fixed = try Self.json(fixedOut)
        #expect((fixed["stickers"] as? [Any])?.count == 4 && (fixed["skipped"] as? [Any])?.isEmpty == true)
        #expect((fixed["check"] as? [String: Any])?["errors"] as? Int == 0, "\(fixedOut)")
    }

    @Test("--keep-gif keeps an animated GIF a GIF (resized to the grid when larger), and check passes; without it, APNG")
    func keepGIF() throws {
        let scratch = Scratch()
        try scratch.write("Art/wave.gif", ExampleContent.gif(side: 408, frames: 3, delayCentiseconds: 8).bytes())
        try scratch.write("Art/big wave.gif", ExampleContent.gif(side: 500, frames: 2, delayCentiseconds: 12).bytes())
        try scratch.write("icon.png", ExampleContent.png(width: 1024, height: 1024, style: .opaque).bytes())
        let (status, out, err) = try Self.pack(
            [
                "Art", "-o", "S.xcstickers", "--keep-gif", "--grid", "regular", "--icon", "icon.png",
                "--format", "json"
            ], in: scratch)
        #expect(status == 0, "\(out)\(err)")
        let stickers = try #require(try Self.json(out)["stickers"] as? [[String: Any]])
        #expect(stickers.map { $0["file"] as! String } == ["big wave.gif", "wave.gif"])
        #expect(stickers.allSatisfy { $0["format"] as? String == "gif" && $0["side"] as? Int == 408 })
        // The 408-px GIF needed nothing: its bytes are the source's.
        #expect(
            try DiskFileSystem().read(scratch.at("S.xcstickers/Art.stickerpack/wave.sticker/wave.gif"))
                == DiskFileSystem().read(scratch.at("Art/wave.gif")))
        let resized = try ImageDecoder().decode(try DiskFileSystem().read(scratch.at("S.xcstickers/Art.stickerpack/big wave.sticker/big wave.gif")))
        #expect(resized.header.format == .gif && resized.frames.count == 2 && resized.width == 408)
        let (_, plain, _) = try Self.pack(["Art", "-o", "T.xcstickers", "--grid", "regular", "--format", "json", "--dry-run"], in: scratch)
        #expect((try Self.json(plain)["stickers"] as! [[String: Any]]).allSatisfy { $0["format"] as? String == "apng" })
        // Without --icon the pack is made and the missing icon said.
        #expect((try Self.json(plain)["notes"] as? [String])?.contains { $0.hasPrefix("no iMessage App Icon: give --icon IMAGE") } == true)
    }

    @Test(
        "art's colour chunks (an ICC profile, gAMA and cHRM) go into the sticker and the store's PNG, grey art's RGB profile too; a 16-bit sticker is kept byte for byte",
        Requirement.trait(Tools.pythonHas("PIL"), "Pillow (make test installs it)"))
    func colourAndDepthKept() throws {
        // A profile as a macOS export carries one (Pillow's own sRGB profile stands for it), and chunks as ImageMagick writes them.
        let scratch = try Self.drawArt(
            """
            import sys, struct
            from PIL import Image, ImageCms, PngImagePlugin
            art = Image.new("RGBA", (700, 700), (0, 0, 0, 0))
            art.paste((30, 160, 220, 255), (100, 100, 600, 600))
            icc = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
            art.save(sys.argv[1] + "/profiled.png", icc_profile=icc)
            # Greys of many alphas (over 256 colours: grey+alpha or RGBA) under an RGB profile, which a grey colour type may not carry.
            grey = Image.new("RGBA", (700, 700), (0, 0, 0, 0))
            px = grey.load()
            for y in range(100, 600):
                for x in range(100, 600):
                    px[x, y] = ((x * 3 + y) % 256,) * 3 + (128 + (x + y) % 128,)
            grey.save(sys.argv[1] + "/greyish.png", icc_profile=icc)
            info = PngImagePlugin.PngInfo()
            info.add(b"gAMA", struct.pack(">I", 45455))
            info.add(b"cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000))
            art.paste((220, 160, 30, 255), (200, 200, 500, 500))
            art.save(sys.argv[1] + "/gamma.png", pnginfo=info)
            deep = Image.new("I;16", (408, 408), 0)
            deep.paste(40000, (50, 50, 350, 350))
            deep.save(sys.argv[1] + "/deep.png")
            """)
        // The 16-bit art as a sticker: grey with a transparent colour (tRNS), 408 px.
        let deep = try DiskFileSystem().read(scratch.at("Art/deep.png"))
        var withTransparency = Array(deep[..<33])
        PNGChunkBuilder.append("tRNS", [0, 0], to: &withTransparency)
        try scratch.write("Art/deep.png", withTransparency + deep[33...])
        #expect(try ImageDecoder().decode(try DiskFileSystem().read(scratch.at("Art/deep.png"))).header.bitDepth == 16)
        let (status, out, err) = try Self.pack(["Art", "-o", "S.xcstickers", "--grid", "regular"], in: scratch)
        #expect(status == 0 || status == 1, "\(out)\(err)")
        let pack = "S.xcstickers/Art.stickerpack/"
        for (name, chunks) in [("profiled", ["iCCP"]), ("gamma", ["gAMA", "cHRM"]), ("greyish", ["iCCP"])] {
            let art = PNGChunkBuilder.chunks(try DiskFileSystem().read(scratch.at("Art/\(name).png")))
            let bytes = try DiskFileSystem().read(scratch.at(pack + "\(name).sticker/\(name).png"))
            let sticker = PNGChunkBuilder.chunks(bytes)
            // IHDR's colour type (byte 25 of the file): never grey (0, 4) under an RGB profile.
            #expect(bytes.count > 25 && ![0, 4].contains(bytes[25]), "\(name): colour type \(bytes.count > 25 ? bytes[25] : 255)")
            for chunk in chunks {
                #expect(
                    sticker.filter { $0.0 == chunk }.map(\.1) == art.filter { $0.0 == chunk }.map(\.1) && sticker.contains { $0.0 == chunk },
                    "\(name): \(chunk) in \(sticker.map(\.0))")
            }
        }
        #expect(try DiskFileSystem().read(scratch.at(pack + "deep.sticker/deep.png")) == DiskFileSystem().read(scratch.at("Art/deep.png")))
        // 16-bit art that must be made (resized) says its samples are made 8-bit.
        let (_, small, _) = try Self.pack(["Art/deep.png", "-o", "T.xcstickers", "--grid", "small", "--dry-run"], in: scratch)
        #expect(small.contains("16-bit samples made 8-bit"), "\(small)")
        // A store's PNG carries the profile too.
        let (storeStatus, storeOut, storeErr) = try Self.pack(["Art/profiled.png", "Art/greyish.png", "--for", "discord", "-o", "P"], in: scratch)
        #expect(storeStatus == 0, "\(storeOut)\(storeErr)")
        for name in ["profiled", "greyish"] {
            let profile = PNGChunkBuilder.chunks(try DiskFileSystem().read(scratch.at("Art/\(name).png"))).filter { $0.0 == "iCCP" }.map(\.1)
            let made = try DiskFileSystem().read(scratch.at("P/\(name).png"))
            let carried = PNGChunkBuilder.chunks(made).filter { $0.0 == "iCCP" }.map(\.1)
            #expect(carried == profile && profile.count == 1 && ![0, 4].contains(made[25]), "\(name): \(storeOut)")
        }
        // A store's WebP carries the RGB profile as its ICCP chunk, as Pillow reads it (and the PNG's, inflated, is the same).
        let (webpStatus, webpOut, webpErr) = try Self.pack(["Art/profiled.png", "Art/gamma.png", "--for", "telegram", "-o", "W"], in: scratch)
        #expect(webpStatus == 0, "\(webpOut)\(webpErr)")
        let read = try Process.run(
            Tools.path("python3"),
            [
                "-c",
                """
                import sys, glob
                from PIL import Image
                art = Image.open(sys.argv[1] + "/Art/profiled.png").info["icc_profile"]
                for path in sorted(glob.glob(sys.argv[1] + "/W/**/*.webp", recursive=True)):
                    im = Image.open(path)
                    name = path.rsplit("/", 1)[1]
                    print(name, "same" if im.info.get("icc_profile") == art else "none" if "icc_profile" not in im.info else "other")
                """, scratch.path
            ])
        // The profiled art's sticker and the pack's thumbnail (made from the first art) carry it; the gAMA art's none.
        #expect(read.0 == 0 && read.1.contains("same") && read.1.contains("none") && !read.1.contains("other"), "\(read.1)\(read.2)\(webpOut)")
    }

    @Test(
        "colour profiles at their edges: WhatsApp's animated WebPs carry it; one that does not fit is left out and said; grey noise stays lossless without it, said; a GRAY profile on RGBA is not carried",
        Requirement.trait(Tools.pythonHas("PIL") && Tools.find("pngcheck") != nil, "Pillow and pngcheck (make test installs them)"))
    func colourProfileEdges() throws {
        try Requirement.require(Tools.pythonHas("PIL") && Tools.find("pngcheck") != nil, "Pillow and pngcheck")
        let scratch = Scratch()
        for folder in ["Anim", "Big", "Noise", "Gray"] { try Folders.create(scratch.at(folder)) }
        let made = try Process.run(
            Tools.path("python3"),
            [
                "-c",
                """
                import sys, random, struct
                from PIL import Image, ImageCms
                root = sys.argv[1]
                icc = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
                for n in range(3):
                    frames = [Image.new("RGBA", (256, 256), (0, 0, 0, 0)) for _ in range(2)]
                    for i, f in enumerate(frames):
                        f.paste((200, 40 * n, 90 + 60 * i, 255), (40 + 60 * i, 40, 160 + 60 * i, 200))
                    frames[0].save(root + "/Anim/a%d.png" % n, save_all=True, append_images=frames[1:], duration=200, loop=0, icc_profile=icc)
                # A profile of 600,000 bytes (its size field and its length agree): over Telegram's 524,288-byte WebP limit.
                big = bytearray(icc) + bytes(600000 - len(icc))
                big[0:4] = struct.pack(">I", len(big))
                art = Image.new("RGBA", (512, 512), (0, 0, 0, 0))
                art.paste((30, 160, 220, 255), (100, 100, 400, 400))
                art.save(root + "/Big/big.png", icc_profile=bytes(big))
                # Grey noise of > 256 grey+alpha colours: grey+alpha fits 500,000 bytes without loss, RGBA does not.
                rnd = random.Random(7)
                data = bytearray()
                for y in range(618):
                    for x in range(618):
                        v = rnd.randrange(0, 96)
                        data += bytes((v, v, v, 255 - rnd.randrange(0, 3) if (x > 20 or y > 20) else 0))
                Image.frombytes("RGBA", (618, 618), bytes(data)).save(root + "/Noise/noise.png", icc_profile=icc)
                # RGBA grey pixels under a profile whose header says GRAY (an invalid pair viewers ignore).
                gray = bytearray(icc)
                gray[16:20] = b"GRAY"
                art = Image.new("RGBA", (408, 408), (0, 0, 0, 0))
                art.paste((90, 90, 90, 255), (50, 50, 350, 350))
                art.save(root + "/Gray/gray.png", icc_profile=bytes(gray))
                """, scratch.path
            ])
        try #require(made.0 == 0, "\(made.2)")
        func profiles(_ folder: String) throws -> String {
            let read = try Process.run(
                Tools.path("python3"),
                [
                    "-c",
                    """
                    import sys, glob
                    from PIL import Image
                    for path in sorted(glob.glob(sys.argv[1] + "/**/*.*", recursive=True)):
                        if path.endswith((".png", ".webp")):
                            im = Image.open(path)
                            print(path.rsplit("/", 1)[1], im.mode, len(im.info.get("icc_profile") or b""))
                    """, scratch.at(folder)
                ])
            try #require(read.0 == 0, "\(read.2)")
            return read.1
        }
        // WhatsApp: three animations, each an animated WebP with the art's profile, as long as the art's.
        let (waStatus, waOut, waErr) = try Self.pack(["Anim", "--for", "whatsapp", "-o", "WA"], in: scratch)
        #expect(waStatus == 0, "\(waOut)\(waErr)")
        let wa = try profiles("WA")
        let artProfile = try #require(try profiles("Anim").split(separator: "\n").first?.split(separator: " ").last)
        #expect(artProfile != "0")
        #expect(
            ["a0.webp", "a1.webp", "a2.webp"].allSatisfy { name in
                wa.split(separator: "\n").contains { $0.hasPrefix(name + " RGBA ") && $0.hasSuffix(" " + artProfile) }
            }, "\(wa)")
        // Telegram: the 600,000-byte profile does not fit its WebP: left out, and said.
        let (tgStatus, tgOut, tgErr) = try Self.pack(["Big", "--for", "telegram", "-o", "TG"], in: scratch)
        #expect(tgStatus == 0 && tgOut.contains("its colour profile and chunks left out: with them it would be"), "\(tgOut)\(tgErr)")
        let tg = try profiles("TG")
        #expect(!tg.isEmpty && tg.split(separator: "\n").allSatisfy { $0.hasSuffix(" 0") }, "\(tg)")
        // iMessage: the grey noise without loss (no fitting), its profile left out, said.
        let (noiseStatus, noiseOut, noiseErr) = try Self.pack(["Noise", "-o", "N.xcstickers", "--grid", "large"], in: scratch)
        #expect((noiseStatus == 0 || noiseStatus == 1) && noiseOut.contains("its colour profile and chunks left out"), "\(noiseOut)\(noiseErr)")
        #expect(!noiseOut.contains("fitted"), "\(noiseOut)")
        let noise = try ImageDecoder().decode(try DiskFileSystem().read(scratch.at("N.xcstickers/Noise.stickerpack/noise.sticker/noise.png")))
        let art = try ImageDecoder().decode(try DiskFileSystem().read(scratch.at("Noise/noise.png")))
        #expect(noise.frames.first?.pixels == art.frames.first?.pixels)
        // The GRAY profile on RGBA art: not carried into an RGBA file (nor any); the sticker is valid.
        let (grayStatus, grayOut, grayErr) = try Self.pack(["Gray", "-o", "G.xcstickers", "--grid", "regular"], in: scratch)
        #expect(grayStatus == 0 || grayStatus == 1, "\(grayOut)\(grayErr)")
        let grayPath = scratch.at("G.xcstickers/Gray.stickerpack/gray.sticker/gray.png")
        #expect(!PNGChunkBuilder.chunks(try DiskFileSystem().read(grayPath)).contains { $0.0 == "iCCP" })
        let check = try Process.run(Tools.path("pngcheck"), ["-q", grayPath])
        #expect(check.0 == 0, "\(check.1)\(check.2)")
    }

    @Test(
        "a WebP's and a JPEG's ICC profile (Pillow's; the JPEG's 150,000 bytes in three APP2 segments) go into the sticker's PNG and a store's WebP, as Pillow reads them",
        Requirement.trait(Tools.pythonHas("PIL"), "Pillow (make test installs it)"))
    func profilesOfWebPAndJPEG() throws {
        let scratch = try Self.drawArt(
            """
            import sys, struct
            from PIL import Image, ImageCms
            icc = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
            big = bytearray(icc) + bytes(150000 - len(icc))
            big[0:4] = struct.pack(">I", len(big))
            art = Image.new("RGBA", (500, 400), (0, 0, 0, 0))
            art.paste((30, 160, 220, 255), (100, 100, 400, 300))
            art.save(sys.argv[1] + "/webp.webp", lossless=True, icc_profile=icc)
            art.convert("RGB").save(sys.argv[1] + "/jpeg.jpg", quality=95, icc_profile=bytes(big))
            open(sys.argv[1] + "/../webp.icc", "wb").write(icc)
            open(sys.argv[1] + "/../jpeg.icc", "wb").write(bytes(big))
            """)
        let segments = try DiskFileSystem().read(scratch.at("Art/jpeg.jpg")).indices.dropLast(12).filter { (i: Int) -> Bool in
            let bytes = (try? DiskFileSystem().read(scratch.at("Art/jpeg.jpg"))) ?? []
            return bytes[i] == 0xFF && bytes[i + 1] == 0xE2 && Array(bytes[(i + 4)..<(i + 15)]) == Array("ICC_PROFILE".utf8)
        }
        #expect(segments.count == 3, "Pillow wrote \(segments.count) APP2 segments")
        let (status, out, err) = try Self.pack(["Art", "-o", "S.xcstickers", "--grid", "regular"], in: scratch)
        #expect(status == 0 || status == 1, "\(out)\(err)")
        let (storeStatus, storeOut, storeErr) = try Self.pack(["Art", "--for", "telegram", "-o", "T"], in: scratch)
        #expect(storeStatus == 0, "\(storeOut)\(storeErr)")
        let read = try Process.run(
            Tools.path("python3"),
            [
                "-c",
                """
                import sys
                from PIL import Image
                root = sys.argv[1]
                for name, path in [("webp", "S.xcstickers/Art.stickerpack/webp.sticker/webp.png"),
                                   ("jpeg", "S.xcstickers/Art.stickerpack/jpeg.sticker/jpeg.png"),
                                   ("webp", "T/webp.webp"), ("jpeg", "T/jpeg.webp")]:
                    try:
                        got = Image.open(root + "/" + path).info.get("icc_profile")
                    except FileNotFoundError:
                        print(path, "MISSING")
                        continue
                    print(path, "same" if got == open(root + "/" + name + ".icc", "rb").read() else "DIFFERENT")
                """, scratch.path
            ])
        #expect(read.0 == 0 && read.1.components(separatedBy: " same").count == 5, "\(read.1)\(read.2)\(storeOut)")
        // fix's conversion of the WebP to a PNG carries it too.
        try scratch.write("Fix/webp.webp", try DiskFileSystem().read(scratch.at("Art/webp.webp")))
        let (fixStatus, fixOut, fixErr) = try CLI.run(["fix", scratch.at("Fix")])
        #expect(fixStatus == 0 || fixStatus == 1, "\(fixOut)\(fixErr)")
        let converted = PNGChunkBuilder.chunks(try DiskFileSystem().read(scratch.at("Fix/webp.png")))
        #expect(converted.contains { $0.0 == "iCCP" }, "\(converted.map(\.0)) \(fixOut)")
    }

    @Test("the same art gives byte-identical catalogs; a dry run writes nothing")
    func deterministic() throws {
        let scratch = Scratch()
        try Self.art(scratch)
        let arguments = ["--grid", "regular", "--pad", "--icon", "icon.png", "Art"]
        #expect(try Self.pack(arguments + ["-o", "A.xcstickers"], in: scratch).0 == 1)  // the JPEG is opaque without --remove-background: left out
        #expect(try Self.pack(arguments + ["-o", "B.xcstickers"], in: scratch).0 == 1)
        let a = try FixtureTrees.snapshot(scratch.at("A.xcstickers")), b = try FixtureTrees.snapshot(scratch.at("B.xcstickers"))
        #expect(a.count == b.count && a.count > 20)
        for (path, (bytes, _)) in a {
            let other = scratch.at("B.xcstickers") + path.dropFirst(scratch.at("A.xcstickers").count)
            #expect(b[other]?.0 == bytes, "\(path) differs between two runs")
        }
        let (status, out, _) = try Self.pack(arguments + ["-o", "C.xcstickers", "--dry-run"], in: scratch)
        #expect(status == 1 && out.hasPrefix("would make C.xcstickers/Art.stickerpack: 10 stickers"), "\(out)")
        #expect(DiskFileSystem().kind(scratch.at("C.xcstickers")) == .missing)
        #expect(try #require(DiskFileSystem().list(scratch.path)).allSatisfy { !$0.hasPrefix(".") }, "a hidden folder was left")
    }

    @Test("an existing output is kept without --force (exit 2, not a byte changed) and replaced as a whole with it")
    func force() throws {
        let scratch = Scratch()
        try scratch.write("Art/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        try scratch.write("Old.xcstickers/Contents.json", "{}")
        let (status, _, err) = try Self.pack(["Art", "-o", "Old.xcstickers"], in: scratch)
        #expect(status == 2 && err.contains("exists: give --force"), "\(err)")
        #expect(try DiskFileSystem().read(scratch.at("Old.xcstickers/Contents.json")) == Array("{}".utf8))
        // Without --icon the catalog has no iMessage App Icon set: check's icon-set error, exit 1.
        #expect(try Self.pack(["Art", "-o", "Old.xcstickers", "--force"], in: scratch).0 == 1)
        #expect(DiskFileSystem().kind(scratch.at("Old.xcstickers/Art.stickerpack/a.sticker/a.png")) == .file)
        #expect(try DiskFileSystem().read(scratch.at("Old.xcstickers/Contents.json")) != Array("{}".utf8))
        #expect(try #require(DiskFileSystem().list(scratch.path)).sorted() == ["Art", "Old.xcstickers"])
    }

    @Test("--into adds a pack and leaves every existing pack, icon and Contents.json byte-identical")
    func into() throws {
        let scratch = try FixtureTrees.copyOfBad()
        try scratch.write("New/happy-cat.png", ExampleContent.png(width: 618, height: 618).bytes())
        try scratch.write("New/sad_cat.webp", try DiskFileSystem().read(Self.webp + "/still-lossless-alpha.webp"))
        let before = try FixtureTrees.snapshot(scratch.at("Bad.xcstickers"))
        try scratch.write("icon.png", ExampleContent.png(width: 1024, height: 1024).bytes())
        let (status, out, err) = try Self.pack(["New", "--into", "Bad.xcstickers", "--name", "Cats", "--icon", "icon.png"], in: scratch)
        #expect(status == 1, "\(out)\(err)")  // Bad's own findings remain
        #expect(out.contains("--icon not used"), "the catalog has an icon set: \(out)")
        let after = try FixtureTrees.snapshot(scratch.at("Bad.xcstickers"))
        for (path, (bytes, time)) in before { #expect(after[path]?.0 == bytes && after[path]?.1 == time, "\(path) changed") }
        let added = Set(after.keys).subtracting(before.keys).map { String($0.dropFirst(scratch.at("Bad.xcstickers/").count)) }.sorted()
        #expect(
            added == [
                "Cats.stickerpack/Contents.json", "Cats.stickerpack/happy-cat.sticker/Contents.json",
                "Cats.stickerpack/happy-cat.sticker/happy-cat.png", "Cats.stickerpack/sad_cat.sticker/Contents.json",
                "Cats.stickerpack/sad_cat.sticker/sad_cat.png"
            ])
        let (_, checkOut, _) = try CLI.run(["check", "--no-cache", "Bad.xcstickers/Cats.stickerpack"], in: scratch.path)
        #expect(checkOut.hasSuffix("2 files, 0 errors, 0 warnings, 0 notes\n"), "\(checkOut)")
        #expect(
            try String(decoding: DiskFileSystem().read(scratch.at("Bad.xcstickers/Cats.stickerpack/sad_cat.sticker/Contents.json")), as: UTF8.self)
                .contains(#""accessibility-label" : "Sad cat""#))
        // The same name again: refused without --force.
        #expect(try Self.pack(["New", "--into", "Bad.xcstickers", "--name", "Cats"], in: scratch).0 == 2)
    }

    @Test("an interrupted run (SIGINT, SIGTERM) leaves neither the output nor a hidden folder")
    func interrupted() throws {
        for signal in [SIGINT, SIGTERM] {
            let scratch = Scratch()
            for i in 0..<8 {
                try scratch.write("Art/s\(i).png", try PNGEncoder.encode(rgba: Self.noisyDisc(900 + i, noise: 12), width: 900 + i, height: 900 + i))
            }
            // Once its hidden folder exists it is making stickers: stop it then.
            let (seen, reason, status) = try Process.interrupt(
                ["pack", "Art", "-o", "Out.xcstickers", "--jobs", "1"], in: scratch.path, hiddenPrefix: ".Out.xcstickers.stickerlint-pack-",
                signal: signal, delay: 200_000)
            #expect(seen, "pack never started writing")
            #expect(reason == .uncaughtSignal && status == signal, "\(status)")
            #expect(try #require(DiskFileSystem().list(scratch.path)) == ["Art"], "left behind after signal \(signal)")
        }
    }

    @Test("a link loop, a link to / and a FIFO under the art: pack does not follow folder links, finishes and says what it skipped")
    func linkLoops() throws {
        let scratch = Scratch()
        try FixtureTrees.artWithLinkLoops(in: scratch)
        #expect(symlink("sub/b.png", scratch.at("Art/linked.png")) == 0)
        #expect(mkfifo(scratch.at("Art/pipe.png"), 0o644) == 0)
        let (status, out, err) = try Self.pack(["Art", "-o", "Out.xcstickers", "--format", "json"], in: scratch)
        #expect(status == 1, "\(err)")  // no --icon: check reports the missing iMessage App Icon set
        let json = try Self.json(out)
        let notes = try #require(json["notes"] as? [String])
        #expect(notes.contains("skipped Art/sub/loop: a symbolic link to a folder is not followed"), "\(notes)")
        #expect(notes.contains("skipped Art/root: a symbolic link to a folder is not followed"), "\(notes)")
        #expect(notes.contains("skipped Art/pipe.png: a device, FIFO or socket, not a regular file; not read"), "\(notes)")
        // a.png and sub/b.png (linked.png is the same file as sub/b.png, taken once).
        #expect((json["stickers"] as? [Any])?.count == 2, "\(out)")
    }

    @Test("grid auto takes the median art's size; art is never enlarged; --pad centres small art on the grid's canvas")
    func grid() throws {
        let scratch = Scratch()
        try scratch.write("Art/a.png", ExampleContent.png(width: 500, height: 500).bytes())
        try scratch.write("Art/b.png", ExampleContent.png(width: 450, height: 300, seed: 1).bytes())
        try scratch.write("Art/c.png", ExampleContent.png(width: 350, height: 350, seed: 2).bytes())
        let (_, out, _) = try Self.pack(["Art", "-o", "S.xcstickers", "--format", "json"], in: scratch)
        let report = try Self.json(out)
        #expect(report["grid"] as? String == "regular", "median 450 → 408: \(report["gridReason"] ?? "")")
        let sides = (report["stickers"] as! [[String: Any]]).map { $0["side"] as! Int }
        #expect(sides == [408, 408, 350], "c (350 px) is not enlarged")
        let warnings = (report["stickers"] as! [[String: Any]])[2]["warnings"] as! [String]
        #expect(warnings.contains { $0.contains("smaller than the regular grid's 408 px") })
        let (_, padded, _) = try Self.pack(["Art", "-o", "P.xcstickers", "--format", "json", "--pad"], in: scratch)
        #expect((try Self.json(padded)["stickers"] as! [[String: Any]]).map { $0["side"] as! Int } == [408, 408, 408])
        let image = try ImageDecoder().decode(try DiskFileSystem().read(scratch.at("P.xcstickers/Art.stickerpack/c.sticker/c.png")))
        // 350 px centred on 408: a 29-px transparent margin each side.
        #expect(image.frames[0].pixels[(200 * 408 + 28) * 4 + 3] == 0 && image.width == 408)
        // The edges of auto: a median of exactly 408 gives regular, 407 small, 618 large.
        for (side, grid) in [(407, "small"), (408, "regular"), (617, "regular"), (618, "large")] {
            let s = Scratch()
            try s.write("Art/x.png", ExampleContent.png(width: side, height: side).bytes())
            let (_, o, _) = try Self.pack(["Art", "-o", "S.xcstickers", "--format", "json", "--dry-run"], in: s)
            #expect(try Self.json(o)["grid"] as? String == grid, "\(side) px")
        }
    }

    @Test("order: natural by name, or as --order lists; labels from --labels CSV or JSON, cut to 150 characters")
    func orderAndLabels() throws {
        let scratch = Scratch()
        for name in ["cat 10.png", "cat 2.png", "Cat 1.png", "dog.png"] {
            try scratch.write("Art/" + name, ExampleContent.png(width: 408, height: 408, seed: name.count * 7 + Int(name.utf8.first!)).bytes())
        }
        func folders(_ extra: [String]) throws -> [String] {
            let (_, out, err) = try Self.pack(["Art", "-o", "S.xcstickers", "--format", "json", "--dry-run"] + extra, in: scratch)
            return try (Self.json(out + err)["stickers"] as! [[String: Any]]).map { $0["folder"] as! String }
        }
        #expect(try folders([]) == ["Cat 1.sticker", "cat 2.sticker", "cat 10.sticker", "dog.sticker"])
        try scratch.write("order.txt", "# first the dog\ndog.png\n\ncat 10.png\n")
        #expect(try folders(["--order", "order.txt"]) == ["dog.sticker", "cat 10.sticker", "Cat 1.sticker", "cat 2.sticker"])
        let long = String(repeating: "word ", count: 40)  // 200 characters
        try scratch.write("labels.csv", "file,label\n\"cat 2.png\",\"A cat, two\"\ndog.png,\(long)\n")
        let (_, out, _) = try Self.pack(["Art", "-o", "S.xcstickers", "--format", "json", "--dry-run", "--labels", "labels.csv"], in: scratch)
        let stickers = try Self.json(out)["stickers"] as! [[String: Any]]
        let labels = stickers.map { $0["label"] as! String }
        #expect(labels[1] == "A cat, two" && labels[0] == "Cat 1")
        #expect(labels[3].count <= 150 && labels[3].count >= 140 && labels[3].hasPrefix("word word"))
        #expect((stickers[3]["warnings"] as! [String]).contains { $0.hasPrefix("label cut") })
        try scratch.write("labels.json", #"{"dog.png": "A good dog"}"#)
        let (_, jsonOut, _) = try Self.pack(["Art", "-o", "S.xcstickers", "--format", "json", "--dry-run", "--labels", "labels.json"], in: scratch)
        #expect((try Self.json(jsonOut)["stickers"] as! [[String: Any]])[3]["label"] as? String == "A good dog")
    }

    @Test(
        "labels from file names",
        arguments: [
            ("happy-cat.png", "Happy cat"), ("HappyCat_02.gif", "Happy cat 02"), ("GIF of NASA rocket.webp", "GIF of NASA rocket"),
            ("pokémon 1.png", "Pokémon 1"), ("a.b.c.png", "A b c"), ("___.png", "___")
        ])
    func labelFromName(_ pair: (String, String)) {
        #expect(PackNaming.label(fromFileName: pair.0) == pair.1)
    }

    @Test("natural order: digits by value, letters without case, bytes last")
    func naturalOrder() {
        let names = ["b", "a10", "A2", "a2", "a02", "a1", "10", "9", "a", "a1b", "a1a"]
        // Fixed expected order, written by hand.
        #expect(names.sorted(by: PackNaming.naturalLess) == ["9", "10", "a", "a1", "a1a", "a1b", "A2", "a2", "a02", "a10", "b"])
    }

    @Test("CSV: quotes, commas, doubled quotes and line breaks inside quotes; an unclosed quote is refused with its line")
    func csv() throws {
        let labels = try PackNaming.labels(Array("a.png,\"Hello, \"\"world\"\"\"\r\nb.png,\"two\nlines\"\n".utf8), path: "l.csv")
        #expect(labels == ["a.png": "Hello, \"world\"", "b.png": "two\nlines"])
        #expect(throws: PackNaming.FileProblem.self) { try PackNaming.labels(Array("a.png,\"open\n".utf8), path: "l.csv") }
        #expect(throws: PackNaming.FileProblem.self) { try PackNaming.labels(Array("a.png,b,c\n".utf8), path: "l.csv") }
    }

    @Test("no art, a missing source and a bad output name stop with exit 2 and a message")
    func errors() throws {
        let scratch = Scratch()
        try scratch.write("Empty/readme.txt", "nothing here")
        #expect(try Self.pack(["Empty", "-o", "S.xcstickers"], in: scratch).2.contains("no images under Empty"))
        #expect(try Self.pack(["Nowhere", "-o", "S.xcstickers"], in: scratch).2.contains("no such file or folder: Nowhere"))
        try scratch.write("Art/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        let (status, _, err) = try Self.pack(["Art", "-o", "Stickers"], in: scratch)
        #expect(status == 2 && err.contains("NAME.xcstickers"), "\(err)")
        #expect(try Self.pack(["Art"], in: scratch).0 == 2)
        #expect(try #require(DiskFileSystem().list(scratch.path)).sorted() == ["Art", "Empty"])
    }
}
