#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StickerCatalog
import StickerImage
import StickerLint
import StickerVariants
import StickerTestSupport
import Testing
import StickerFiles

@Suite("variants")
struct VariantsTests {
    /// Masters of every format, with animation facts to keep.
    static let masters: [(String, ExampleContent)] = [
        ("still.png", .png(width: 618, height: 618)),
        ("wave@3x.png", .apng(side: 408, frames: 4, delayMilliseconds: 70)),
        ("bounce.gif", .gif(side: 300, frames: 3, delayCentiseconds: 7)),
        ("photo.jpg", .jpeg(side: 600))
    ]

    static let externalToolsPresent = ["pngcheck", "gifsicle", "apngdis", "identify"].allSatisfy { Tools.available($0) }
    static let externalToolsMissing = "pngcheck, gifsicle, apngdis or identify is not installed (make test installs them)"

    @Test("round trip: variants decode with the expected sizes, frames, delays and loop counts", arguments: masters.map(\.0))
    func roundTrip(_ name: String) throws {
        let scratch = Scratch()
        let content = try #require(Self.masters.first { $0.0 == name }).1
        let masterBytes = content.bytes()
        try scratch.write(name, masterBytes)
        let master = try ImageDecoder().decode(masterBytes)
        let generator = VariantGenerator(jobs: 2)
        let reports = generator.run(try generator.planning([scratch.at(name)]).plans)
        let report = try #require(reports.first)
        #expect(report.succeeded, "\(report)")
        let stem = name.replacingOccurrences(of: "@3x", with: "").components(separatedBy: ".")[0]
        let ext = PathText.fileExtension(name)
        for (scale, divisor) in [(2, 1.5), (1, 3.0)] {
            let path = scratch.at("\(stem)@\(scale)x.\(ext)")
            let bytes = try FileByteSource(path: path).readAll()
            let variant = try ImageDecoder().decode(bytes)
            #expect(variant.header.format == master.header.format)
            #expect(variant.width == Int((Double(master.width) / divisor).rounded()))
            #expect(variant.height == Int((Double(master.height) / divisor).rounded()))
            #expect(variant.frames.count == master.frames.count)
            #expect(variant.frames.map(\.delay.milliseconds) == master.frames.map(\.delay.milliseconds))
            #expect(variant.loopCount == master.loopCount)
            #expect(variant.animationIssues.isEmpty)
        }
        // The master is untouched.
        #expect(try FileByteSource(path: scratch.at(name)).readAll() == masterBytes)
    }

    @Test("a master whose APNG animation is damaged gets no variant: its stills would hide the damage; a sound one does")
    func damagedAnimationRefused() throws {
        let scratch = Scratch()
        try scratch.write("broken.png", ExampleContent.apngWithSequenceGap(side: 408).bytes())
        try scratch.write("sound.png", ExampleContent.apng(side: 408, frames: 2).bytes())
        let generator = VariantGenerator(jobs: 2)
        let reports = generator.run(try generator.planning([scratch.path]).plans)
        let broken = try #require(reports.first { $0.source.hasSuffix("/broken.png") })
        #expect(broken.error?.contains("sequence number") == true && broken.error?.contains("[animation-structure]") == true, "\(broken)")
        #expect(broken.outcomes.isEmpty && !broken.succeeded && broken.fails(strict: false))
        #expect(!FileManager.default.fileExists(atPath: scratch.at("broken@2x.png")))
        let sound = try #require(reports.first { $0.source.hasSuffix("/sound.png") })
        #expect(sound.succeeded && sound.outcomes.count == 2, "\(sound)")
    }

    @Test(
        "pngcheck, gifsicle, apngdis and ImageMagick accept the variants",
        Requirement.trait(externalToolsPresent, externalToolsMissing))
    func externalTools() throws {
        try Requirement.require(Self.externalToolsPresent, Self.externalToolsMissing)
        let scratch = Scratch()
        for (name, content) in Self.masters { try scratch.write(name, content.bytes()) }
        let generator = VariantGenerator(jobs: 2)
        #expect(generator.run(try generator.planning([scratch.path]).plans).allSatisfy { $0.succeeded })
        for png in ["still@2x.png", "still@1x.png", "wave@2x.png", "wave@1x.png"] {
            let (status, out, err) = try Process.run(Tools.path("pngcheck"), ["-q", scratch.at(png)])
            #expect(status == 0, "pngcheck \(png): \(out) \(err)")
        }
        for gif in ["bounce@2x.gif", "bounce@1x.gif"] {
            let (status, out, _) = try Process.run(Tools.path("gifsicle"), ["--info", scratch.at(gif)])
            #expect(status == 0 && out.contains("3 images") && out.contains("delay 0.07s"), "\(out)")
        }
        let apng = try Process.run(Tools.path("apngdis"), [scratch.at("wave@2x.png"), "frame"], in: scratch.path)
        #expect(apng.0 == 0 && apng.1.contains("all done"), "\(apng)")
        for file in ["still@1x.png", "wave@1x.png", "bounce@1x.gif", "photo@2x.jpg", "photo@1x.jpg"] {
            let (status, out, _) = try Process.run(Tools.path("identify"), [scratch.at(file)])
            #expect(status == 0 && !out.isEmpty, "identify \(file)")
        }
    }

    @Test("no halo: opaque white beside transparent pure red gives no reddish pixel at 618 → 412 and → 206")
    func halo() {
        let side = 618
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let i = (y * side + x) * 4
                let inside = (x / 40 + y / 40) % 2 == 0  // a checkerboard of edges in both directions
                pixels.replaceSubrange(i..<(i + 4), with: inside ? [255, 255, 255, 255] : [255, 0, 0, 0])
            }
        }
        for target in [412, 206] {
            let out = Resampler.resize(pixels, width: side, height: side, to: target, target)
            var reddish = 0
            for i in stride(from: 0, to: out.count, by: 4) where out[i + 3] > 0 {
                if Int(out[i]) - Int(out[i + 1]) > 2 || Int(out[i]) - Int(out[i + 2]) > 2 { reddish += 1 }
            }
            #expect(reddish == 0, "\(reddish) reddish pixels at \(target) px")
        }
    }

    @Test("quality: PSNR of premultiplied RGBA against a direct Lanczos3 reference is at least 40 dB")
    func quality() {
        let side = 618
        let rgba = ExampleContent.pixels(side, side, .sticker, 3)
        for target in [412, 206] {
            let ours = Resampler.resize(rgba, width: side, height: side, to: target, target)
            let reference = LanczosReference.resize(rgba, side, side, target, target)
            let psnr = PSNR.premultiplied(ours, reference)
            #expect(psnr >= 40, "PSNR \(psnr) dB at \(target) px")
            print("PSNR against the direct Lanczos3 reference at \(target) px: \(psnr) dB")
        }
    }

    @Test("--out mirrors the input tree; existing files are kept without --force and replaced with it")
    func outAndForce() throws {
        let scratch = Scratch()
        try scratch.write("in/a/x.png", ExampleContent.png(width: 408, height: 408).bytes())
        try scratch.write("in/b/y@3x.png", ExampleContent.png(width: 408, height: 408, seed: 1).bytes())
        try scratch.write("in/b/y@2x.png", [1, 2, 3])  // an old variant: not a master, and not replaced
        var generator = VariantGenerator(outputFolder: scratch.at("out"), jobs: 2)
        let plans = try generator.planning([scratch.at("in")]).plans
        #expect(plans.map { PathText.lastComponent($0.source) } == ["x.png", "y@3x.png"])
        #expect(generator.run(plans).allSatisfy { $0.succeeded })
        #expect(DiskFileSystem().list(scratch.at("out/a")) == ["x@1x.png", "x@2x.png"])
        #expect(DiskFileSystem().list(scratch.at("out/b")) == ["y@1x.png", "y@2x.png"])
        // Next to the masters, the old y@2x.png stays without --force.
        generator = VariantGenerator(jobs: 2)
        let inPlace = generator.run(try generator.planning([scratch.at("in/b")]).plans)
        #expect(inPlace.first?.outcomes.first { $0.scale == .x2 }?.status == .exists)
        #expect(try FileByteSource(path: scratch.at("in/b/y@2x.png")).readAll() == [1, 2, 3])
        generator.force = true
        #expect(generator.run(try generator.planning([scratch.at("in/b")]).plans).allSatisfy { $0.succeeded })
        let replaced = try ImageDecoder().probe(FileByteSource(path: scratch.at("in/b/y@2x.png")))
        #expect(replaced.width == 272)
    }

    @Test("a new variant takes its master's mode (as cp gives a copy); a replaced one keeps its own")
    func modes() throws {
        let scratch = Scratch()
        try scratch.write("private.png", ExampleContent.png(width: 408, height: 408).bytes())
        func mode(_ name: String) -> mode_t? {
            var info = stat()
            return stat(scratch.at(name), &info) == 0 ? info.st_mode & 0o777 : nil
        }
        #expect(chmod(scratch.at("private.png"), 0o600) == 0)
        var generator = VariantGenerator(jobs: 1)
        #expect(generator.run(try generator.planning([scratch.path]).plans).allSatisfy { $0.succeeded })
        // 0600 less any umask that leaves its user the file is 0600 (a new file is 0644 under the usual 022).
        #expect(mode("private@2x.png") == 0o600 && mode("private@1x.png") == 0o600, "\(String(describing: mode("private@2x.png")))")
        #expect(chmod(scratch.at("private@2x.png"), 0o640) == 0)
        generator.force = true
        #expect(generator.run(try generator.planning([scratch.at("private.png")]).plans).allSatisfy { $0.succeeded })
        #expect(mode("private@2x.png") == 0o640 && mode("private@1x.png") == 0o600)
    }

    @Test(
        "a write that fails midway (file-size limit, like a full disk) leaves no partial or temporary file",
        .enabled(if: !Sanitizers.thread, "ThreadSanitizer's own runtime crashes (SIGBUS) under a file-size limit"))
    func failedWrite() throws {
        let scratch = Scratch()
        try scratch.write("m/big.png", ExampleContent.png(width: 618, height: 618, seed: 5).bytes())
        try Folders.create(scratch.at("out"))
        // ulimit -f 4: any write past 4 KB fails with EFBIG, as on a full disk.
        let (status, out, err) = try Process.run(
            "/bin/sh",
            [
                "-c", "ulimit -f 4; exec \"$0\" variants --out \"$1\" \"$2\"",
                CLI.executable, scratch.at("out"), scratch.at("m/big.png")
            ])
        #expect(status == 1, "\(out) \(err)")
        #expect(out.contains("error"), "\(out)")
        #expect(DiskFileSystem().list(scratch.at("out")) == [], "left behind: \(DiskFileSystem().list(scratch.at("out")) ?? [])")
        #expect(DiskFileSystem().list(scratch.at("m")) == ["big.png"])
    }

    @Test(
        "a master of grey pixels under an RGB profile: each variant carries the profile in a colour type it allows, as Pillow reads it",
        Requirement.trait(Tools.pythonHas("PIL") && Tools.find("pngcheck") != nil, "Pillow and pngcheck (make test installs them)"))
    func greyArtKeepsItsProfile() throws {
        try Requirement.require(Tools.pythonHas("PIL") && Tools.find("pngcheck") != nil, "Pillow and pngcheck")
        let scratch = Scratch()
        let made = try Process.run(
            Tools.path("python3"),
            [
                "-c",
                """
                import sys
                from PIL import Image, ImageCms
                # Greys of many alphas: more than 256 colours, which only grey+alpha or RGBA hold.
                art = Image.new("RGBA", (618, 618), (0, 0, 0, 0))
                px = art.load()
                for y in range(60, 560):
                    for x in range(60, 560):
                        v = (x * 3 + y) % 256
                        px[x, y] = (v, v, v, 128 + (x + y) % 128)
                icc = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
                art.save(sys.argv[1] + "/grey.png", icc_profile=icc)
                """, scratch.path
            ])
        try #require(made.0 == 0, "\(made.2)")
        let generator = VariantGenerator(jobs: 1)
        let report = try #require(generator.run(try generator.planning([scratch.at("grey.png")]).plans).first)
        #expect(report.succeeded, "\(report)")
        let profile = PNGChunkBuilder.chunks(try DiskFileSystem().read(scratch.at("grey.png"))).filter { $0.0 == "iCCP" }.map(\.1)
        try #require(profile.count == 1)
        for name in ["grey@2x.png", "grey@1x.png"] {
            let bytes = try DiskFileSystem().read(scratch.at(name))
            #expect(PNGChunkBuilder.chunks(bytes).filter { $0.0 == "iCCP" }.map(\.1) == profile, "\(name): no profile")
            #expect(bytes.count > 25 && ![0, 4].contains(bytes[25]), "\(name): grey colour type under an RGB profile")
            let check = try Process.run(Tools.path("pngcheck"), ["-q", scratch.at(name)])
            #expect(check.0 == 0, "pngcheck \(name): \(check.1)\(check.2)")
            let read = try Process.run(
                Tools.path("python3"),
                [
                    "-c", "import sys\nfrom PIL import Image\nim = Image.open(sys.argv[1]); print(im.mode, len(im.info['icc_profile']))",
                    scratch.at(name)
                ])
            #expect(read.0 == 0 && read.1.hasPrefix("RGBA"), "Pillow \(name): \(read.1)\(read.2)")
        }
    }

    @Test("each variant is checked against its scaled limits")
    func limits() throws {
        let scratch = Scratch()
        try scratch.write("tiny.png", ExampleContent.png(width: 240, height: 240).bytes())
        let generator = VariantGenerator(jobs: 1)
        let report = try #require(generator.run(try generator.planning([scratch.at("tiny.png")]).plans).first)
        #expect(!report.succeeded && report.fails(strict: false))
        // The same rule and severity as check gives a sticker outside its range.
        #expect(
            report.outcomes.allSatisfy {
                $0.problems.first?.message.contains("outside the") == true && $0.problems.first?.rule.rawValue == "pixel-dimensions"
                    && $0.problems.first?.severity == .error
            })
        #expect(VariantScale.x2.sideRange == 200...412 && VariantScale.x1.sideRange == 100...206)
    }
}

/// A direct, double-precision Lanczos3 in premultiplied alpha: each output pixel sums its whole 2-D
/// window of source pixels with weights L(dx)·L(dy), normalised; no separable passes, no caching.
enum LanczosReference {
    static func kernel(_ x: Double) -> Double {
        if x == 0 { return 1 }
        if abs(x) >= 3 { return 0 }
        return 3 * sin(.pi * x) * sin(.pi * x / 3) / (.pi * .pi * x * x)
    }

    static func resize(_ rgba: [UInt8], _ w: Int, _ h: Int, _ tw: Int, _ th: Int) -> [Double] {
        let sx = Double(w) / Double(tw), sy = Double(h) / Double(th)
        var out = [Double](repeating: 0, count: tw * th * 4)
        for oy in 0..<th {
            let cy = (Double(oy) + 0.5) * sy
            let ys = max(0, Int(cy - 3 * sy))...min(h - 1, Int(cy + 3 * sy))
            let wy = ys.map { kernel((Double($0) + 0.5 - cy) / sy) }
            for ox in 0..<tw {
                let cx = (Double(ox) + 0.5) * sx
                let xs = max(0, Int(cx - 3 * sx))...min(w - 1, Int(cx + 3 * sx))
                let wx = xs.map { kernel((Double($0) + 0.5 - cx) / sx) }
                var acc = [0.0, 0.0, 0.0, 0.0], total = 0.0
                for (j, y) in ys.enumerated() {
                    for (i, x) in xs.enumerated() {
                        let weight = wy[j] * wx[i]
                        let p = (y * w + x) * 4
                        let a = Double(rgba[p + 3]) / 255
                        for c in 0..<3 { acc[c] += weight * Double(rgba[p + c]) * a }
                        acc[3] += weight * Double(rgba[p + 3])
                        total += weight
                    }
                }
                let o = (oy * tw + ox) * 4
                for c in 0..<4 { out[o + c] = min(max(acc[c] / total, 0), 255) }
                for c in 0..<3 { out[o + c] = min(out[o + c], out[o + 3]) }  // premultiplied: colour ≤ alpha
            }
        }
        return out
    }
}

/// Peak signal-to-noise ratio of premultiplied RGBA.
enum PSNR {
    static func premultiplied(_ ours: [UInt8], _ reference: [Double]) -> Double {
        var sum = 0.0
        for i in stride(from: 0, to: ours.count, by: 4) {
            let a = Double(ours[i + 3])
            for c in 0..<3 {
                let d = Double(ours[i + c]) * a / 255 - reference[i + c]
                sum += d * d
            }
            let d = a - reference[i + 3]
            sum += d * d
        }
        let mse = sum / Double(ours.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}

extension VariantReport {
    /// Every variant written, none with a problem (what these tests expect of a good master).
    var succeeded: Bool {
        error == nil && outcomes.allSatisfy { $0.status == .written && $0.problems.isEmpty }
    }
}
