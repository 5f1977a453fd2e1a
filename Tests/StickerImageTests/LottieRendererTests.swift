import Foundation
import StickerFiles
@testable import StickerImage
import StickerTestSupport
import Testing

/// #55 point 3: Lottie drawn by the vendored rlottie, against rlottie-python's own build, frame by frame.
@Suite("Lottie drawn by rlottie")
struct LottieRendererTests {
    static let folder = Conformance.projectRoot + "/Tests/Fixtures/lottie/rlottie"
    static let samples = [
        "telegram.json", "emoji_wink.json", "like.json", "mask.json", "polystar_anim.json", "gradient_animated_background.json", "heart.json",
        "3d.json"
    ]
    static let stickers = ["SamplePacks/Stores/Telegram/Good/bounce.tgs", "SamplePacks/Stores/Discord/Good/bounce.json"].map {
        Conformance.projectRoot + "/" + $0
    }

    /// Straight RGBA premultiplied, rounded, as rlottie keeps its pixels.
    static func premultiplied(_ rgba: [UInt8]) -> [UInt8] {
        var out = rgba
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let a = Int(rgba[i + 3])
            for c in 0..<3 { out[i + c] = UInt8((Int(rgba[i + c]) * a + 127) / 255) }
        }
        return out
    }

    /// PSNR of two premultiplied frames (dB; infinity when equal).
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let error = zip(a, b).reduce(0.0) { $0 + Double((Int($1.0) - Int($1.1)) * (Int($1.0) - Int($1.1))) } / Double(a.count)
        return error == 0 ? .infinity : 10 * log10(255 * 255 / error)
    }

    @Test("rlottie's examples and the sample stickers drawn as rlottie-python draws them: five frames each, 40 dB or better")
    func againstRlottiePython() throws {
        try Requirement.require(Tools.pythonHas("rlottie_python"), "rlottie-python (make test installs it)")
        let scratch = Scratch()
        let side = 128
        let script = """
            import sys
            from rlottie_python import LottieAnimation
            path, out = sys.argv[1], sys.argv[2]
            frames = [int(f) for f in sys.argv[3].split(",")]
            anim = LottieAnimation.from_tgs(path) if path.endswith(".tgs") else LottieAnimation.from_file(path)
            with open(out, "wb") as f:
                for n in frames:
                    f.write(anim.lottie_animation_render(frame_num=n, width=\(side), height=\(side)))
            """
        for path in Self.samples.map({ Self.folder + "/" + $0 }) + Self.stickers {
            let animation = try LottieRenderer.load(try DiskFileSystem().read(path))
            let count = animation.frameCount
            let frames = Array(Set([0, count / 4, count / 2, 3 * count / 4, max(0, count - 1)])).sorted()
            let ours = try LottieRenderer.render(animation, frames: frames, width: side, height: side).map(Self.premultiplied)
            let (status, _, err) = try Process.run(
                Tools.path("python3"), ["-c", script, path, scratch.at("theirs"), frames.map(String.init).joined(separator: ",")])
            try #require(status == 0, "\(path): \(err.suffix(400))")
            // rlottie-python's buffer: premultiplied BGRA.
            let raw = try DiskFileSystem().read(scratch.at("theirs"))
            try #require(raw.count == frames.count * side * side * 4, "\(path): \(raw.count) bytes")
            for (k, frame) in frames.enumerated() {
                var theirs = Array(raw[(k * side * side * 4)..<((k + 1) * side * side * 4)])
                for i in stride(from: 0, to: theirs.count, by: 4) { theirs.swapAt(i, i + 2) }
                let agreement = Self.psnr(ours[k], theirs)
                #expect(agreement >= 40, "\(PathText.lastComponent(path)) frame \(frame) of \(count): \(agreement) dB")
                // Not blank: every sample draws something on each of these frames.
                #expect(stride(from: 3, to: ours[k].count, by: 4).contains { ours[k][$0] > 0 }, "\(PathText.lastComponent(path)) frame \(frame)")
            }
        }
    }

    @Test("40 animated paths are all drawn (rlottie's content budget charged each 1,024 points and dropped all past the 15th, silently)")
    func manyAnimatedPaths() throws {
        // A 10 × 4 grid of 20 px cells, a 10 px square in each, its path keyframed (moving 2 px over 10 frames).
        func square(_ x: Int, _ y: Int) -> String {
            #"{"c":true,"v":[[\#(x),\#(y)],[\#(x + 10),\#(y)],[\#(x + 10),\#(y + 10)],[\#(x),\#(y + 10)]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}"#
        }
        let still = #"{"a":0,"k":100}"#, origin = #"{"a":0,"k":[0,0]}"#
        let layers = (0..<40).map { index -> String in
            let (x, y) = (index % 10 * 20 + 5, index / 10 * 20 + 5)
            let path =
                #"{"a":1,"k":[{"t":0,"s":[\#(square(x, y))],"i":{"x":0.5,"y":0.5},"o":{"x":0.5,"y":0.5}},{"t":10,"s":[\#(square(x + 2, y))]}]}"#
            return #"{"ty":4,"ind":\#(index + 1),"ip":0,"op":10,"st":0,"sr":1,"ks":{"o":\#(still),"p":{"a":0,"k":[0,0,0]},"#
                + #""a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]},"r":{"a":0,"k":0}},"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":\#(path)},"#
                + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":\#(still)},{"ty":"tr","p":\#(origin),"a":\#(origin),"s":{"a":0,"k":[100,100]},"#
                + #""r":{"a":0,"k":0},"o":\#(still)}]}]}"#
        }
        let json = #"{"v":"5.5.2","fr":30,"ip":0,"op":10,"w":200,"h":80,"layers":["# + layers.joined(separator: ",") + "]}"
        let frame = try LottieRenderer.render(try LottieRenderer.load(Array(json.utf8)), frames: [0], width: 200, height: 80)[0]
        var drawn = 0
        for index in 0..<40 {
            let (x, y) = (index % 10 * 20 + 10, index / 10 * 20 + 10)
            if frame[(y * 200 + x) * 4 + 3] == 255 { drawn += 1 }
        }
        #expect(drawn == 40)
    }

    @Test("upstream's hostile reproductions load and draw, or are refused; none hangs or crashes; a layer scaled 10¹⁷ times is not drawn")
    func hostile() throws {
        for name in [
            "repro_infinite_loop.json", "repro_sbof.json", "repro_propertyhelper_type_confusion1.json", "repro_propertyhelper_type_confusion2.json"
        ] {
            let bytes = try DiskFileSystem().read(Self.folder + "/" + name)
            guard let animation = try? LottieRenderer.load(bytes) else { continue }
            _ = try? LottieRenderer.render(animation, frames: Array(0..<min(animation.frameCount, 4)), width: 64, height: 64)
        }
        // repro_sbof.json scales a layer by 1.6e17 %: rlottie's rasteriser took 64 s for its frames 1 to 3 (measured
        // with the vendored library alone); its render tree says how far the shape reaches, and it is refused.
        let sbof = try LottieRenderer.load(try DiskFileSystem().read(Self.folder + "/repro_sbof.json"))
        #expect(throws: LottieRenderer.Failure.self) { try LottieRenderer.render(sbof, frames: [1], width: 64, height: 64) }
    }

    /// A 100×100 animation with a 2×2 red square centred at (x, 50).
    static func square(at x: some CustomStringConvertible, side: Int = 2) -> [UInt8] {
        let shapes =
            #"[{"ty":"rc","p":{"a":0,"k":[\#(x),50]},"s":{"a":0,"k":[\#(side),\#(side)]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]"#
        let transform = #"{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}}"#
        return Array(
            #"{"v":"5.7.4","fr":30,"ip":0,"op":10,"w":100,"h":100,"assets":[],"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":\#(transform),"shapes":\#(shapes)}]}"#
                .utf8)
    }

    @Test("a shape may reach 64 times the drawing's side and no further: 6,400 px of a 100 px drawing is drawn, 6,401 is not")
    func reach() throws {
        let inside = try LottieRenderer.load(Self.square(at: 6_399))
        #expect(try LottieRenderer.render(inside, frames: [0], width: 100, height: 100).count == 1)
        let beyond = try LottieRenderer.load(Self.square(at: 6_400))
        #expect(throws: LottieRenderer.Failure.self) { try LottieRenderer.render(beyond, frames: [0], width: 100, height: 100) }
        // In the drawing, the square is drawn where it is.
        let shown = try LottieRenderer.render(try LottieRenderer.load(Self.square(at: 50)), frames: [0], width: 100, height: 100)[0]
        #expect(Array(shown[(50 * 100 + 50) * 4..<(50 * 100 + 50) * 4 + 4]) == [255, 0, 0, 255] && shown[3] == 0)
    }

    @Test("an image from outside the file is refused before rlottie sees it; sizes and frames out of range are refused, the edges drawn")
    func limits() throws {
        let outside = """
            {"v":"5.7.4","fr":30,"ip":0,"op":10,"w":100,"h":100,"assets":[{"id":"i","w":10,"h":10,"u":"/etc/","p":"passwd","e":0}],
             "layers":[{"ty":2,"refId":"i","ip":0,"op":10,"st":0,"ks":{}}]}
            """
        #expect(throws: LottieRenderer.Failure.externalImage("/etc/passwd")) { try LottieRenderer.load(Array(outside.utf8)) }
        let embedded = outside.replacingOccurrences(of: "\"u\":\"/etc/\",\"p\":\"passwd\"", with: "\"u\":\"\",\"p\":\"data:image/png;base64,\"")
        #expect(throws: Never.self) { try LottieRenderer.load(Array(embedded.utf8)) }
        let animation = try LottieRenderer.load(try DiskFileSystem().read(Self.stickers[1]))
        #expect(animation.frameCount == 120 && animation.facts.width == 320)
        for (width, height) in [(0, 10), (10, 0), (LottieRenderer.maxSide + 1, 10)] {
            #expect(throws: LottieRenderer.Failure.self) { try LottieRenderer.render(animation, frames: [0], width: width, height: height) }
        }
        #expect(
            try LottieRenderer.render(animation, frames: [0], width: LottieRenderer.maxSide, height: 1).first?.count == LottieRenderer.maxSide * 4)
        #expect(throws: LottieRenderer.Failure.self) { try LottieRenderer.render(animation, frames: [120], width: 8, height: 8) }
        #expect(throws: LottieRenderer.Failure.self) { try LottieRenderer.render(animation, frames: [-1], width: 8, height: 8) }
        #expect(try LottieRenderer.render(animation, frames: [119], width: 8, height: 8).count == 1)
        let most = Array(repeating: 0, count: LottieRenderer.maxFrames)
        #expect(try LottieRenderer.render(animation, frames: most, width: 2, height: 2).count == LottieRenderer.maxFrames)
        #expect(throws: LottieRenderer.Failure.self) { try LottieRenderer.render(animation, frames: most + [0], width: 2, height: 2) }
        // rlottie's premultiplied ARGB made straight: half-transparent pure red, and nothing.
        #expect(LottieRenderer.straight([0x8080_0000, 0]) == [255, 0, 0, 128, 0, 0, 0, 0])
    }

    // MARK: Past the canvas (Telegram: "sticker objects must not leave the canvas")

    static func disc(_ side: Int, canvas: Int = 512) -> [UInt8] {
        ExampleMotion.tgs(width: canvas, height: canvas, frameRate: 60, frames: 120, features: [], bytes: nil, disc: side)
    }

    @Test(
        "a disc as wide as the canvas stays on it; 2 px wider it leaves by 1 px on every frame looked at (60, spread over 120); 600 px leaves by 44")
    func overflowEdges() throws {
        #expect(try LottieRenderer.overflow(try LottieRenderer.load(Self.disc(512))) == nil)
        #expect(try LottieRenderer.overflow(try LottieRenderer.load(Self.disc(256))) == nil)
        let past = try #require(try LottieRenderer.overflow(try LottieRenderer.load(Self.disc(514))))
        #expect(past == LottieOverflow(examined: 60, frames: 60, firstFrame: 0, pixels: 1))
        #expect(try LottieRenderer.overflow(try LottieRenderer.load(Self.disc(600)))?.pixels == 44)
        // A canvas larger than `overflowSide` is measured at 512 / its side: 1,024 px, a 1,200 px disc leaves by 88.
        let large = try #require(try LottieRenderer.overflow(try LottieRenderer.load(Self.disc(1_200, canvas: 1_024))))
        #expect((87...89).contains(large.pixels))
        // The facts the readers give carry it.
        #expect(try LottieRenderer.facts(Self.disc(600)).overflow?.frames == 60)
        #expect(try LottieRenderer.facts(Self.disc(512)).overflow == nil)
    }

    /// A 100×100 animation with a 20×20 square moving from x 50 (frame 0) to x 150 (frame 10), 11 frames.
    static let moving = Array(
        #"{"v":"5.7.4","fr":10,"ip":0,"op":11,"w":100,"h":100,"assets":[],"layers":[{"ty":4,"ind":1,"ip":0,"op":11,"st":0,"ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":1,"k":[{"t":0,"s":[50,50],"i":{"x":1,"y":1},"o":{"x":0,"y":0}},{"t":10,"s":[150,50]}]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}}]}]}"#
            .utf8)

    @Test("a square sliding off the canvas leaves it from the frame its edge passes x 100, furthest on the last")
    func overflowMoving() throws {
        // Its right edge is at 60 + 10·f: past 100 from frame 5 (110); at frame 10 the square reaches 160.
        let past = try #require(try LottieRenderer.overflow(try LottieRenderer.load(Self.moving)))
        #expect(past == LottieOverflow(examined: 11, frames: 6, firstFrame: 5, pixels: 60))
        #expect(past.framesText(total: 11) == "6 of 11 frames (the first, frame 5)")
        // Where not every frame is looked at, the words say so.
        let spread = LottieOverflow(examined: 60, frames: 20, firstFrame: 39, pixels: 3)
        #expect(spread.framesText(total: 180) == "20 of the 60 frames looked at (of its 180; the first, frame 39)")
    }

    @Test("the widened drawing shows the canvas in its middle exactly as the canvas alone is drawn")
    func widenedMatches() throws {
        for path in Self.samples.map({ Self.folder + "/" + $0 }) + Self.stickers {
            let animation = try LottieRenderer.load(try DiskFileSystem().read(path))
            let wide = try #require(LottieRenderer.widened(animation))
            let side = 64
            let frames = [0, animation.frameCount / 2]
            let alone = try LottieRenderer.render(animation, frames: frames, width: side, height: side)
            let middle = try LottieRenderer.render(wide, frames: frames, width: side * 3, height: side * 3).map { (frame: [UInt8]) -> [UInt8] in
                var crop: [UInt8] = []
                for y in side..<side * 2 {
                    let start: Int = (y * side * 3 + side) * 4
                    crop += frame[start..<start + side * 4]
                }
                return crop
            }
            #expect(alone.contains { $0.contains { $0 != 0 } }, "\(path) draws something")
            for (a, b) in zip(alone, middle) {
                #expect(a == b, "\(path)")
            }
        }
    }

    /// A 100×100 animation with a 20×20 square stroked `width` px wide, dashed `dash` and `gap` when given.
    static func stroked(width: Double, dash: Double? = nil, gap: Double = 0) -> [UInt8] {
        let dashes = dash.map { #","d":[{"n":"d","v":{"a":0,"k":\#($0)}},{"n":"g","v":{"a":0,"k":\#(gap)}}]"# } ?? ""
        let shapes =
            #"[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":\#(width)},"lc":1,"lj":1\#(dashes)}]"#
        let transform = #"{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}}"#
        return Array(
            (#"{"v":"5.7.4","fr":30,"ip":0,"op":10,"w":100,"h":100,"assets":[],"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":"#
                + transform + #","shapes":"# + shapes + "}]}").utf8)
    }

    @Test(
        "a stroke up to 8 drawing sides wide is drawn, a wider one is not (10⁹ px crashed rlottie, 10⁵ hung it); dots drawn"
    )
    func strokesAndDashes() throws {
        let fine = try LottieRenderer.load(Self.stroked(width: 800))
        #expect(try LottieRenderer.render(fine, frames: [0], width: 100, height: 100).count == 1)
        let wide = try LottieRenderer.load(Self.stroked(width: 801))
        #expect(throws: LottieRenderer.Failure.self) { try LottieRenderer.render(wide, frames: [0], width: 100, height: 100) }
        let huge = try LottieRenderer.load(Self.stroked(width: 1e9))
        #expect(throws: LottieRenderer.Failure.self) { try LottieRenderer.render(huge, frames: [0], width: 100, height: 100) }
        #expect((try? LottieRenderer.overflow(huge)) == nil)
        // A dot pattern (dashes of 0, gaps of 10) is drawn.
        let dots = try LottieRenderer.load(Self.stroked(width: 2, dash: 0, gap: 10))
        #expect(try LottieRenderer.render(dots, frames: [0], width: 100, height: 100).count == 1)
    }

    /// A 100×100 animation of `squares` squares of 62.5 px (250 px around) and `extra` more of 0.25 px, all at
    /// (50, 50), each stroked dashed every `dash` px (dashes and gaps alike, from the start: rlottie reads the
    /// values in order, the last of an odd count the offset).
    static func dashedSquares(_ squares: Int, extra: Int = 0, dash: String = "0.125") -> [UInt8] {
        func square(_ side: Double) -> String { #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[\#(side),\#(side)]},"r":{"a":0,"k":0}}"# }
        let values = [dash, dash, "0"]
        let pattern = values.map { #"{"v":{"a":0,"k":\#($0)}}"# }.joined(separator: ",")
        // Each square in a group of its own, stroked by its own stroke: one outline of 100,000 pieces would hold more
        // points than rlottie's rasteriser draws (`maxOutlinePoints`).
        let stroke = #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":1,"lj":1,"d":[\#(pattern)]}"#
        let identity = #"{"ty":"tr","o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}}"#
        let shapes = (Array(repeating: square(62.5), count: squares) + Array(repeating: square(0.25), count: extra)).map {
            #"{"ty":"gr","it":["# + [$0, stroke, identity].joined(separator: ",") + "]}"
        }
        let transform = #"{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}}"#
        return Array(
            (#"{"v":"5.7.4","fr":30,"ip":0,"op":10,"w":100,"h":100,"assets":[],"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":"#
                + transform + #","shapes":["# + shapes.joined(separator: ",") + "]}]}").utf8)
    }

    @Test(
        "dashes are cut by rlottie's own count, at most 100,000 pieces a frame (a zig-zag dashed every quarter pixel crashed rlottie); a negative or endless dash or gap is drawn undashed (a negative one took 11 GB); names in the pattern are ignored, as rlottie ignores them"
    )
    func dashPieces() throws {
        // 50 squares 250 px around, dashed every 0.125 px: exactly 100,000 pieces, drawn; with one square
        // of 0.25 px more (8 pieces), refused. rlottie reads each entry's value in order, whatever its "n".
        let whole = try LottieRenderer.load(Self.dashedSquares(50))
        let drawn = try LottieRenderer.render(whole, frames: [0], width: 100, height: 100)
        #expect(drawn.count == 1 && drawn[0].count == 100 * 100 * 4)
        let over = try LottieRenderer.load(Self.dashedSquares(50, extra: 1))
        do {
            _ = try LottieRenderer.render(over, frames: [0], width: 100, height: 100)
            Issue.record("100,008 dash pieces were drawn")
        } catch {
            #expect(
                "\(error)"
                    == "frame 0 cuts its dashed strokes into more than 100,000 pieces (a dash pattern that short along outlines that long): "
                    + "rlottie stops cutting there, and the frame would not be drawn whole")
        }
        // The overflow measure builds the same tree: refused with the same words, not measured.
        #expect(throws: LottieRenderer.Failure.self) { try LottieRenderer.overflow(over) }
        // The pieces scale with the drawing, as rlottie scales the pattern with the outline: the 0.001 px pattern around a
        // 20 px square (40,000 pieces) is one outline of 20,000 dashes, more points than rlottie's rasteriser draws (at
        // 400 px, its rows crossed by so many dashes are refused first).
        let fine = try LottieRenderer.load(Self.stroked(width: 2, dash: 0.001, gap: 0.001))
        for side in [100, 400] {
            do {
                _ = try LottieRenderer.render(fine, frames: [0], width: side, height: side)
                Issue.record("a 0.001 px dash pattern was drawn at \(side) px")
            } catch {
                let message = "\(error)"
                #expect(
                    message == "frame 0 has an outline of more than 32,767 points, which rlottie leaves undrawn"
                        || (side == 400 && message.hasPrefix("frame 0 gives rlottie's rasteriser ")), "\(message)")
            }
        }
        // A negative dash or gap, a gap past a float's range, or an offset past it: drawn as the undashed stroke is
        // (as SVG and a canvas do). Two values are a dash (its own gap) and an offset, as rlottie reads them.
        let plain = try LottieRenderer.render(try LottieRenderer.load(Self.stroked(width: 2)), frames: [0], width: 100, height: 100)
        func dashed(_ values: [String]) -> [UInt8] {
            let pattern = #","d":["# + values.map { #"{"n":"d","v":{"a":0,"k":\#($0)}}"# }.joined(separator: ",") + "]"
            return Array(
                String(decoding: Self.stroked(width: 2), as: UTF8.self).replacingOccurrences(of: #""lj":1}"#, with: #""lj":1"# + pattern + "}").utf8)
        }
        for values in [["-1", "1"], ["1", "-0.5", "0"], ["1", "1e39", "0"], ["2", "2", "1e39"], ["1e39", "3"]] {
            let frames = try LottieRenderer.render(try LottieRenderer.load(dashed(values)), frames: [0], width: 100, height: 100)
            #expect(frames == plain, "\(values): drawn otherwise than undashed")
        }
        // A pattern with a negative offset is dashed.
        let shifted = try LottieRenderer.render(try LottieRenderer.load(dashed(["3", "3", "-1"])), frames: [0], width: 100, height: 100)
        #expect(shifted != plain, "a pattern with a negative offset was drawn undashed")
        // Dashes and gaps of about 10⁻⁶ px (more than 0 to rlottie's first test, 0 to its second, where upstream
        // called itself without end): drawn (as nothing, or undashed), or refused as cut too finely; never a hang.
        for tiny in ["0.000001", "0.00000099", "0.0000010001", "0.00001"] {
            do {
                _ = try LottieRenderer.render(try LottieRenderer.load(Self.dashedSquares(1, dash: tiny)), frames: [0], width: 100, height: 100)
            } catch {
                #expect("\(error)".hasPrefix("frame 0 cuts its dashed strokes into more than 100,000 pieces"), "\(tiny): \(error)")
            }
        }
    }
}

extension LottieRendererTests {
    /// A 100×100 document whose top layer uses precomposition "p0"; each "pN" holds `fan` layers using
    /// "pN+1", down to `depth`, whose asset holds `leaves` layers drawing a 10 px square.
    static func nested(fan: Int, depth: Int, leaves: Int, cycle: Bool = false) -> [UInt8] {
        let transform = #"{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}}"#
        func use(_ id: String, _ index: Int) -> String {
            #"{"ty":0,"ind":\#(index),"refId":"\#(id)","ip":0,"op":10,"st":0,"w":100,"h":100,"ks":\#(transform)}"#
        }
        let square =
            #"{"ty":4,"ind":%d,"ip":0,"op":10,"st":0,"ks":\#(transform),"shapes":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
        var assets: [String] = []
        for level in 0..<depth {
            let inner = (1...fan).map { use(cycle && level == depth - 1 ? "p0" : "p\(level + 1)", $0) }
            assets.append(#"{"id":"p\#(level)","layers":[\#(inner.joined(separator: ","))]}"#)
        }
        let leafLayers = (1...leaves).map { square.replacingOccurrences(of: "%d", with: "\($0)") }
        assets.append(#"{"id":"p\#(depth)","layers":[\#(leafLayers.joined(separator: ","))]}"#)
        return Array(
            #"{"v":"5.7.4","fr":30,"ip":0,"op":10,"w":100,"h":100,"assets":[\#(assets.joined(separator: ","))],"layers":[\#(use("p0", 1))]}"#.utf8)
    }

    @Test(
        "layers drawn in a frame, precompositions counted as often as used: 20,000 are drawn, 20,001 are not (10 million took rlottie 15 s); a precomposition holding itself, or used inside 30 others (rlottie draws nothing there), is refused"
    )
    func layerBudget() throws {
        // 1 + 10 + 100 + 1,000 uses, and 1,000 × leaves squares: leaves 18 → 19,111; leaves 19 → 20,111 (the whole
        // counted: the reader's 4 MB would not hold that many squares written out).
        #expect(LottieRenderer.drawnLayers(try JSONParser.parse(Self.nested(fan: 10, depth: 3, leaves: 18))) == .count(19_111))
        #expect(throws: Never.self) { try LottieRenderer.load(Self.nested(fan: 10, depth: 3, leaves: 18)) }
        #expect(throws: LottieRenderer.Failure.self) { try LottieRenderer.load(Self.nested(fan: 10, depth: 3, leaves: 19)) }
        // The edge exactly: 1 + 7 + 7 × 2,856 = 20,000 drawn; 1 + 10 + 10 × 1,999 = 20,001 refused.
        #expect(LottieRenderer.drawnLayers(try JSONParser.parse(Self.nested(fan: 7, depth: 1, leaves: 2_856))) == .count(20_000))
        #expect(throws: Never.self) { try LottieRenderer.load(Self.nested(fan: 7, depth: 1, leaves: 2_856)) }
        do {
            _ = try LottieRenderer.load(Self.nested(fan: 10, depth: 1, leaves: 1_999))
            Issue.record("20,001 layers were loaded")
        } catch {
            #expect(
                "\(error)" == "a frame draws 20,001 layers, each precomposition's as often as it is used (at most 20,000)", "\(error)")
        }
        // 10 uses of 10 uses … 8 deep: 10⁸ squares, counted without drawing them (memoised), refused at once.
        #expect(throws: LottieRenderer.Failure.self) { try LottieRenderer.load(Self.nested(fan: 10, depth: 8, leaves: 10)) }
        // A precomposition that holds itself; the square inside 29 precompositions is drawn (by rlottie too), inside
        // 30 it is refused (rlottie would silently draw nothing).
        #expect(LottieRenderer.drawnLayers(try JSONParser.parse(Self.nested(fan: 2, depth: 2, leaves: 1, cycle: true))) == .cycle("p0"))
        #expect(LottieRenderer.drawnLayers(try JSONParser.parse(Self.nested(fan: 1, depth: 29, leaves: 1))) == .count(31))
        let deep = try LottieRenderer.render(try LottieRenderer.load(Self.nested(fan: 1, depth: 29, leaves: 1)), frames: [0], width: 100, height: 100)
        #expect(Array(deep[0][(50 * 100 + 50) * 4..<(50 * 100 + 50) * 4 + 4]) == [255, 0, 0, 255])
        #expect(LottieRenderer.drawnLayers(try JSONParser.parse(Self.nested(fan: 1, depth: 30, leaves: 1))) == .tooDeep("p30"))
        // rlottie itself, handed the 30-deep document past the check, draws nothing.
        let bytes = Self.nested(fan: 1, depth: 30, leaves: 1)
        let unchecked = LottieRenderer.Animation(
            facts: try Lottie.read(bytes), frameCount: 10, document: try JSONParser.parse(bytes), json: bytes)
        #expect(try LottieRenderer.render(unchecked, frames: [0], width: 100, height: 100)[0].allSatisfy { $0 == 0 })
        // What it draws is what it was built to: the square in the middle.
        let drawn = try LottieRenderer.render(try LottieRenderer.load(Self.nested(fan: 2, depth: 2, leaves: 1)), frames: [0], width: 100, height: 100)
        #expect(Array(drawn[0][(50 * 100 + 50) * 4..<(50 * 100 + 50) * 4 + 4]) == [255, 0, 0, 255])
    }

    /// A 100×100 document whose one top layer uses precomposition "5", with `assets` written as given.
    static func using(assets: String, ref: String = "5") -> [UInt8] {
        let transform = #"{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}}"#
        return Array(
            #"{"v":"5.7.4","fr":30,"ip":0,"op":10,"w":100,"h":100,\#(assets),"layers":[{"ty":0,"ind":1,"refId":"\#(ref)","ip":0,"op":10,"st":0,"w":100,"h":100,"ks":\#(transform)}]}"#
                .utf8)
    }

    /// A layer drawing a 10 px square of `rgb` (0 or 1 each) centred at (`x`, 50).
    static func squareLayer(_ x: Int, _ rgb: String) -> String {
        let transform = #"{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}}"#
        return
            #"{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":\#(transform),"shapes":[{"ty":"rc","p":{"a":0,"k":[\#(x),50]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[\#(rgb),1]},"o":{"a":0,"k":100}}]}"#
    }

    @Test(
        "precompositions are read as rlottie reads them (a number id, an id used twice, layers written twice), and rlottie's drawing shows it: the budget is not bypassed"
    )
    func assetsAsRlottieReads() throws {
        let red = Self.squareLayer(20, "1,0,0"), blue = Self.squareLayer(50, "0,0,1"), green = Self.squareLayer(80, "0,1,0")
        // What rlottie draws of a document handed to it unchecked: the colour at x = 20, 50 and 80.
        func drawn(_ bytes: [UInt8]) throws -> [[UInt8]] {
            let unchecked = LottieRenderer.Animation(
                facts: try Lottie.read(bytes), frameCount: 10, document: try JSONParser.parse(bytes), json: bytes)
            let pixels = try LottieRenderer.render(unchecked, frames: [0], width: 100, height: 100)[0]
            return [20, 50, 80].map { Array(pixels[(50 * 100 + $0) * 4..<(50 * 100 + $0) * 4 + 4]) }
        }
        func counted(_ bytes: [UInt8]) throws -> LottieRenderer.DrawnLayers { LottieRenderer.drawnLayers(try JSONParser.parse(bytes)) }
        let none: [UInt8] = [0, 0, 0, 0], r: [UInt8] = [255, 0, 0, 255], b: [UInt8] = [0, 0, 255, 255], g: [UInt8] = [0, 255, 0, 255]
        // An id written as a number is found by the text "5".
        let number = Self.using(assets: #""assets":[{"id":5,"layers":[\#(red),\#(blue)]}]"#)
        #expect(try drawn(number) == [r, b, none])
        #expect(try counted(number) == .count(3))
        // An id used twice: the last asset is the one drawn.
        let twice = Self.using(assets: #""assets":[{"id":"5","layers":[\#(red)]},{"id":"5","layers":[\#(blue),\#(green)]}]"#)
        #expect(try drawn(twice) == [none, b, g])
        #expect(try counted(twice) == .count(3))
        // Ids told apart by their bytes, as rlottie's std::string does: "é" written whole and as e + a combining accent
        // are two precompositions (Swift's String equality takes them as one, and the later replaced the earlier).
        let accents = Self.using(
            assets: #""assets":[{"id":"\u00e9","layers":[\#(red),\#(blue)]},{"id":"e\u0301","layers":[\#(green)]}]"#, ref: #"\u00e9"#)
        #expect(try drawn(accents) == [r, b, none])
        #expect(try counted(accents) == .count(3))
        // A key or id holding U+0000, where rlottie's C strings end ("layers\u0000x" is its "layers"): refused by the reader.
        for nul in [
            #""assets":[{"id":"5","layers":[\#(red)],"layers\u0000x":[\#(blue)]}]"#, #""assets":[{"id":"5\u0000x","layers":[\#(red)]}]"#
        ] {
            do {
                _ = try Lottie.read(Self.using(assets: nul))
                Issue.record("a key or id with U+0000 was read: \(nul)")
            } catch {
                #expect("\(error)".contains("holds the character U+0000, where rlottie, which draws it, reads the text as ending"), "\(error)")
            }
        }
        // `layers` written twice in one asset: both drawn.
        let both = Self.using(assets: #""assets":[{"id":"5","layers":[\#(red)],"layers":[\#(blue),\#(green)]}]"#)
        #expect(try drawn(both) == [r, b, g])
        #expect(try counted(both) == .count(4))
        // `assets` written twice: the reader refuses the document; counted, the later array's asset replaces the earlier.
        let arrays = Self.using(assets: #""assets":[{"id":"5","layers":[\#(red)]}],"assets":[{"id":"5","layers":[\#(blue),\#(green)]}]"#)
        #expect(throws: LottieError.self) { try Lottie.read(arrays) }
        #expect(try counted(arrays) == .count(3))
        // So each way past the count is refused: 10 uses of 10 uses … 4 deep of 10 squares, under a number id.
        let uses = (1...10).map { #"{"ty":0,"ind":\#($0),"refId":"5","ip":0,"op":10,"st":0,"w":100,"h":100}"# }.joined(separator: ",")
        let chain = (0..<4).map {
            #"{"id":\#($0 + 6),"layers":[\#(uses.replacingOccurrences(of: #""refId":"5""#, with: #""refId":"\#($0 + 7)""#))]}"#
        }
        let leaves = (1...10).map { _ in red }.joined(separator: ",")
        let bomb = Self.using(
            assets:
                #""assets":[{"id":5,"layers":[\#(uses.replacingOccurrences(of: #""refId":"5""#, with: #""refId":"6""#))]},\#(chain.joined(separator: ",")),{"id":10,"layers":[\#(leaves)]}]"#
        )
        #expect(try counted(bomb) == .count(1 + 10 + 100 + 1_000 + 10_000 + 100_000 + 1_000_000))
        #expect(throws: LottieRenderer.Failure.self) { try LottieRenderer.load(bomb) }
    }

    /// A 100×100 document of `squares` layers each filling the canvas, and one more with a mask when `masked`.
    static func covered(_ squares: Int, masked: Bool = false) -> [UInt8] {
        var layers = (0..<squares).map { _ in Self.squareLayer(50, "1,0,0").replacingOccurrences(of: "[10,10]", with: "[100,100]") }
        if masked {
            let path = #"{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[0,0],[10,0],[10,10],[0,10]],"c":true}"#
            layers.append(
                Self.squareLayer(50, "0,0,1").replacingOccurrences(
                    of: #""ty":4,"#, with: #""ty":4,"hasMask":true,"masksProperties":[{"mode":"a","pt":{"a":0,"k":\#(path)},"o":{"a":0,"k":100}}],"#))
        }
        return Array(#"{"v":"5.7.4","fr":30,"ip":0,"op":10,"w":100,"h":100,"assets":[],"layers":[\#(layers.joined(separator: ","))]}"#.utf8)
    }

    @Test(
        "a frame paints at most 100 drawings (each shape's and mask's box, a masked layer once more): 100 full-canvas squares are drawn, 101 are not, nor 99 and a masked square, nor a square under 99 full-canvas masks (2,000 squares took rlottie 250 ms a frame)"
    )
    func paintBudget() throws {
        // Masks count each: one layer (a 10 px square) cut by 98 full-canvas masks paints 98 + 1 + 0.01, drawn; by 99,
        // 100.01, refused (2,000 such masks took inspect 29 s).
        func masks(_ count: Int) -> [UInt8] {
            let path = #"{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[0,0],[100,0],[100,100],[0,100]],"c":true}"#
            let mask = #"{"mode":"a","pt":{"a":0,"k":\#(path)},"o":{"a":0,"k":100}}"#
            let layer = Self.squareLayer(50, "0,0,1").replacingOccurrences(
                of: #""ty":4,"#, with: #""ty":4,"hasMask":true,"masksProperties":[\#(Array(repeating: mask, count: count).joined(separator: ","))],"#)
            return Array(#"{"v":"5.7.4","fr":30,"ip":0,"op":10,"w":100,"h":100,"assets":[],"layers":[\#(layer)]}"#.utf8)
        }
        #expect(try LottieRenderer.render(try LottieRenderer.load(masks(98)), frames: [0], width: 100, height: 100).count == 1)
        #expect(throws: LottieRenderer.Failure.self) {
            try LottieRenderer.render(try LottieRenderer.load(masks(99)), frames: [0], width: 100, height: 100)
        }
        let edge = try LottieRenderer.render(try LottieRenderer.load(Self.covered(100)), frames: [0, 9], width: 100, height: 100)
        #expect(edge.count == 2 && Array(edge[0][0..<4]) == [255, 0, 0, 255])
        do {
            _ = try LottieRenderer.render(try LottieRenderer.load(Self.covered(101)), frames: [0], width: 100, height: 100)
            Issue.record("101 drawings were painted")
        } catch {
            #expect(
                "\(error)"
                    == "frame 0 paints 101 times the drawing's area (each shape's and mask's box, and each masked or matted layer once more; at most 100)",
                "\(error)")
        }
        // The same at any size of drawing: the measure is in drawings.
        #expect(try LottieRenderer.render(try LottieRenderer.load(Self.covered(100)), frames: [0], width: 37, height: 37).count == 1)
        #expect(throws: LottieRenderer.Failure.self) {
            try LottieRenderer.render(try LottieRenderer.load(Self.covered(101)), frames: [0], width: 37, height: 37)
        }
        // 98 squares and a masked 10 px square: 98 + 0.01 + 0.01 (the mask) + 1 is drawn; 99 and the masked one are not.
        #expect(try LottieRenderer.render(try LottieRenderer.load(Self.covered(98, masked: true)), frames: [0], width: 100, height: 100).count == 1)
        #expect(throws: LottieRenderer.Failure.self) {
            try LottieRenderer.render(try LottieRenderer.load(Self.covered(99, masked: true)), frames: [0], width: 100, height: 100)
        }
    }

    @Test(
        "an animation starting before frame 0 is not drawn: rlottie, handed one, draws a square shown in every frame in none but one; from frame -0.4 (rounded to 0) it is"
    )
    func startBeforeZero() throws {
        func document(ip: String) -> [UInt8] {
            Array(
                String(decoding: Self.square(at: 50), as: UTF8.self).replacingOccurrences(of: #""fr":30,"ip":0,"#, with: #""fr":30,"ip":\#(ip),"#)
                    .utf8)
        }
        // The square's layer runs from 0 to 10: shown in every frame of a document from -1 to 10 but the first.
        let early = document(ip: "-1")
        do {
            _ = try LottieRenderer.load(early)
            Issue.record("an animation from frame -1 was loaded")
        } catch {
            #expect(
                "\(error)"
                    == "the animation starts at frame -1 (\"ip\"): rlottie, which draws TGS, misreads a start before frame 0 and would draw the wrong frames",
                "\(error)")
        }
        #expect(throws: LottieRenderer.Failure.self) { try LottieRenderer.load(document(ip: "-0.5")) }
        // Handed past the check, rlottie shows the square in at most one of frames 1 to 10 (frame -1 + n of the document).
        let unchecked = LottieRenderer.Animation(facts: try Lottie.read(early), frameCount: 11, document: try JSONParser.parse(early), json: early)
        let frames = try LottieRenderer.render(unchecked, frames: Array(1...10), width: 100, height: 100)
        #expect(frames.filter { Array($0[(50 * 100 + 50) * 4..<(50 * 100 + 50) * 4 + 4]) == [255, 0, 0, 255] }.count <= 1)
        // From -0.4, the start is frame 0: drawn, the square in each frame.
        let drawn = try LottieRenderer.render(try LottieRenderer.load(document(ip: "-0.4")), frames: Array(0..<10), width: 100, height: 100)
        #expect(drawn.allSatisfy { Array($0[(50 * 100 + 50) * 4..<(50 * 100 + 50) * 4 + 4]) == [255, 0, 0, 255] })
    }

    /// A zlib stream of stored blocks (no compression), written apart from the code under test.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01], i = 0
        repeat {
            let n = min(65_535, data.count - i)
            let last: UInt8 = i + n == data.count ? 1 : 0
            let length = UInt16(n), complement = ~UInt16(n)
            out += [last, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(complement & 0xFF), UInt8(complement >> 8)]
            out += data[i..<(i + n)]
            i += n
        } while i < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for x in data {
            a = (a + UInt32(x)) % 65_521
            b = (b + a) % 65_521
        }
        return out + Fixtures.be32(b << 16 | a)
    }

    /// A PNG of `rows` bytes of image data (filter bytes included) under a header of `width`×`height`.
    static func png(width: Int, height: Int, colorType: UInt8 = 6, rows: [UInt8]) -> [UInt8] {
        Fixtures.pngChunks([
            ("IHDR", Fixtures.ihdr(width: UInt32(width), height: UInt32(height), colorType: colorType)), ("IDAT", zlibStored(rows)), ("IEND", [])
        ])
    }

    /// A 100×100 document drawing one 64×64 image it holds as a data URI, at the top left.
    static func holding(_ image: [UInt8], type: String = "png") -> [UInt8] {
        let transform = #"{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}}"#
        let uri = "data:image/\(type);base64," + Data(image).base64EncodedString()
        return Array(
            #"{"v":"5.7.4","fr":30,"ip":0,"op":10,"w":100,"h":100,"assets":[{"id":"i","w":64,"h":64,"u":"","p":"\#(uri)","e":1}],"layers":[{"ty":2,"ind":1,"refId":"i","ip":0,"op":10,"st":0,"ks":\#(transform)}]}"#
                .utf8)
    }

    @Test(
        "an image the document holds is checked before rlottie decodes it: a PNG whose data inflates past its size (1 GiB in a 64×64 PNG took 1 GB), one over 2,048² pixels, or one neither PNG nor JPEG is refused; the edges drawn"
    )
    func embeddedImages() throws {
        let pixel: [UInt8] = [255, 0, 0, 255]
        let row: [UInt8] = [0] + Array(repeating: pixel, count: 64).flatMap { $0 }
        let red: [UInt8] = Array(repeating: row, count: 64).flatMap { $0 }
        // Exactly the 16,448 bytes a 64×64 RGBA image holds: drawn, red where the image lies.
        let drawn = try LottieRenderer.render(
            try LottieRenderer.load(Self.holding(Self.png(width: 64, height: 64, rows: red))), frames: [0], width: 100, height: 100)
        let seen = Array(drawn[0][(10 * 100 + 10) * 4..<(10 * 100 + 10) * 4 + 4])
        #expect(seen[0] >= 250 && seen[1] <= 5 && seen[2] <= 5 && seen[3] >= 250, "\(seen)")
        // One byte more is refused, as is twice as much.
        let extras: [[UInt8]] = [[0], red]
        for extra in extras {
            do {
                _ = try LottieRenderer.load(Self.holding(Self.png(width: 64, height: 64, rows: red + extra)))
                Issue.record("an image inflating past its size was loaded")
            } catch {
                #expect("\(error)" == "an image it holds (64×64 px) inflates past the 16,448 bytes its size needs", "\(error)")
            }
        }
        // 2,048 × 2,048 pixels (grey: 2,049 bytes a row) is taken; a row more is refused before anything is inflated.
        let grey = [UInt8](repeating: 0, count: 2_048 * 2_049)
        #expect(LottieRenderer.heldImage(Self.png(width: 2_048, height: 2_048, colorType: 0, rows: grey)) == .success(4_194_304))
        #expect(
            LottieRenderer.heldImage(Self.png(width: 2_048, height: 2_049, colorType: 0, rows: grey))
                == .failure(.init("an image it holds is 2,048×2,049 px (at most 4,194,304 pixels)")))
        // The images together: two of 1,448² (4,193,408 pixels) are taken, two of 1,449² (4,199,202) are not.
        func two(_ side: Int) -> JSONValue {
            let image = Self.png(width: side, height: side, colorType: 0, rows: [UInt8](repeating: 0, count: side * (side + 1)))
            let asset = JSONValue.object([
                ("id", .string("i")), ("p", .string("data:image/png;base64," + Data(image).base64EncodedString())), ("e", .int(1))
            ])
            return .object([("assets", .array([asset, asset]))])
        }
        #expect(LottieRenderer.embeddedImageProblem(two(1_448)) == nil)
        #expect(LottieRenderer.embeddedImageProblem(two(1_449)) == "the images it holds have 4,199,202 pixels together (at most 4,194,304)")
        // A JPEG is drawn; a GIF (which rlottie's stb_image is not asked to read) is refused.
        #expect(throws: Never.self) { try LottieRenderer.load(Self.holding(Fixtures.jpeg(width: 64, height: 64), type: "jpeg")) }
        #expect(throws: LottieRenderer.Failure.self) { try LottieRenderer.load(Self.holding(Fixtures.gif(width: 64, height: 64), type: "gif")) }
    }

    @Test(
        "a shape more than one canvas past the edge is measured as far as it lies (the margin follows the outlines): 250 and 1,000 px past a 100 px canvas"
    )
    func overflowFar() throws {
        // The 2×2 square at x 350 lies 249–251 past the right edge: wholly outside a margin of one canvas.
        let near = try #require(try LottieRenderer.overflow(try LottieRenderer.load(Self.square(at: 350))))
        #expect(near.frames == 10 && (250...252).contains(near.pixels), "\(near)")
        let far = try #require(try LottieRenderer.overflow(try LottieRenderer.load(Self.square(at: 1_100))))
        #expect(far.frames == 10 && (995...1_010).contains(far.pixels), "\(far)")
        // The widest margin, 63 canvases (each drawn 8 px wide): a 20 px square whose outline lies 6,299 px past the edge
        // is measured; 6,301 px past, it would be missed, and is said instead (check's lottie-canvas then says it is not
        // drawn, and why).
        let edge = try #require(try LottieRenderer.overflow(try LottieRenderer.load(Self.square(at: 6_389, side: 20))))
        #expect((6_270...6_320).contains(edge.pixels), "\(edge)")
        do {
            _ = try LottieRenderer.overflow(try LottieRenderer.load(Self.square(at: 6_391, side: 20)))
            Issue.record("a shape 6,301 px out was measured")
        } catch {
            #expect(
                "\(error)" == "frame 0 has a shape whose outline lies 6,301 px past its 100×100 canvas (at most 63 canvases around it are drawn)",
                "\(error)")
        }
        // 10²² px out (10²⁰ canvases: the margin's conversion to Int trapped): said, never a crash.
        #expect(throws: LottieRenderer.Failure.self) { try LottieRenderer.overflow(try LottieRenderer.load(Self.square(at: 1e22))) }
        // One canvas of margin, as before: the square at 150 leaves by 51.
        #expect(try LottieRenderer.overflow(try LottieRenderer.load(Self.square(at: 150)))?.pixels == 51)
        // The widened drawing at a margin of 3 still shows the canvas in its middle as drawn alone.
        let animation = try LottieRenderer.load(try DiskFileSystem().read(Self.stickers[0]))
        let wide = try #require(LottieRenderer.widened(animation, margin: 3))
        #expect(wide.facts.width == animation.facts.width * 7)
        let side = 32
        let alone = try LottieRenderer.render(animation, frames: [0], width: side, height: side)[0]
        let whole = try LottieRenderer.render(wide, frames: [0], width: side * 7, height: side * 7)[0]
        var middle: [UInt8] = []
        for y in side * 3..<side * 4 {
            let row: Int = y * side * 7
            let start: Int = (row + side * 3) * 4
            middle += whole[start..<start + side * 4]
        }
        #expect(alone == middle)
    }
}

extension LottieRendererTests {
    @Test("drawn frames last as long as the document plays: 180 frames at 60 fps every 7th make 26 frames, the last standing for 5, 3 s in all")
    func framesTiming() throws {
        let animation = try LottieRenderer.load(
            ExampleMotion.tgs(width: 512, height: 512, frameRate: 60, frames: 180, features: [], bytes: nil, disc: 256))
        let drawn = try LottieRenderer.frames(animation, maxSide: 64, maxFrames: 26, maxRate: 60)
        #expect(drawn.frames.count == 26)
        #expect(drawn.frames.dropLast().allSatisfy { $0.delay == FrameDelay(numerator: 7, denominator: 60) })
        #expect(drawn.frames.last?.delay == FrameDelay(numerator: 5, denominator: 60))
        #expect(abs(drawn.frames.reduce(0) { $0 + $1.delay.exactMilliseconds } - 3_000) < 1e-9)
        // Every frame kept: each its own 1/60 s.
        let every = try LottieRenderer.frames(animation, maxSide: 16, maxFrames: 180, maxRate: 60)
        #expect(every.frames.count == 180 && every.frames.allSatisfy { $0.delay == FrameDelay(numerator: 1, denominator: 60) })
    }
}

extension LottieRendererTests {
    /// A 100×100 animation of 10 frames whose one shape layer holds `items` (shape JSON) in one group.
    static func shapeLayer(_ items: [String], assets: String = "[]", more: [String] = []) -> [UInt8] {
        let transform = #"{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}}"#
        let group =
            #"{"ty":"gr","it":["#
            + (items + [#"{"ty":"tr","o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}}"#])
            .joined(separator: ",") + "]}"
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":"# + transform + #","shapes":["# + group + "]}"
        return Array(
            (#"{"v":"5.7.4","fr":30,"ip":0,"op":10,"w":100,"h":100,"assets":"# + assets + #","layers":["# + ([layer] + more).joined(separator: ",")
                + "]}").utf8)
    }

    static let redFill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}"#
    static let blueStroke = #"{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":1,"lj":1}"#
    static let square60 = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[60,60]},"r":{"a":0,"k":0}}"#

    @Test(
        "a trim path's start or end outside 0–100 % is taken as its nearest end (a start of −150 % aborted every command in rlottie's assert), and drawn as that"
    )
    func trimOutOfRange() throws {
        func trimmed(_ start: String, _ end: String, _ offset: String = "0") throws -> [[UInt8]] {
            let trim = #"{"ty":"tm","s":{"a":0,"k":\#(start)},"e":{"a":0,"k":\#(end)},"o":{"a":0,"k":\#(offset)},"m":1}"#
            return try LottieRenderer.render(
                try LottieRenderer.load(Self.shapeLayer([Self.square60, Self.blueStroke, trim])), frames: [0, 5], width: 100, height: 100)
        }
        let half = try trimmed("0", "50")
        #expect(half[0].contains { $0 != 0 })
        #expect(try trimmed("-150", "50") == half)
        #expect(try trimmed("-1e30", "50") == half)
        #expect(try trimmed("0", "250") == (try trimmed("0", "100")))
        // Past every range at once, and an offset past a float's: drawn, no stop.
        #expect(try trimmed("1e30", "-1e30", "1e30").count == 2)
        #expect(try trimmed("-1e9", "5e8", "-7e30").count == 2)
    }

    @Test(
        "an outline of more than 32,767 points and segments, which rlottie leaves undrawn, is said, not waited for (2,341 ellipses filled together hung inspect); 2,340 are drawn"
    )
    func longOutlines() throws {
        func ellipses(_ count: Int) -> [UInt8] {
            let ellipse = #"{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[10,10]}}"#
            return Self.shapeLayer(Array(repeating: ellipse, count: count) + [Self.redFill])
        }
        let drawn = try LottieRenderer.render(try LottieRenderer.load(ellipses(2_340)), frames: [0], width: 100, height: 100)
        #expect(drawn[0][(50 * 100 + 50) * 4 + 3] == 255)
        do {
            _ = try LottieRenderer.render(try LottieRenderer.load(ellipses(2_341)), frames: [0], width: 100, height: 100)
            Issue.record("2,341 ellipses in one outline were drawn")
        } catch {
            #expect("\(error)" == "frame 0 has an outline of more than 32,767 points, which rlottie leaves undrawn")
        }
        // A repeater making the copies of the ellipse the fill then fills: the same.
        let repeater =
            #"{"ty":"rp","c":{"a":0,"k":2400},"o":{"a":0,"k":0},"m":1,"tr":{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}"#
        let copies = Self.shapeLayer([#"{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[10,10]}}"#, repeater, Self.redFill])
        #expect(throws: LottieRenderer.Failure.self) {
            try LottieRenderer.render(try LottieRenderer.load(copies), frames: [0], width: 100, height: 100)
        }
    }

    /// A linear gradient fill of `colours` colour stops and `opacities` opacity stops.
    static func gradient(colours: Int, opacities: Int) -> String {
        let stops = Array(repeating: "0.5,1,0,0", count: colours) + Array(repeating: "0.5,1", count: opacities)
        return #"{"ty":"gf","o":{"a":0,"k":100},"r":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[100,0]},"t":1,"g":{"p":\#(colours),"k":{"a":0,"k":["#
            + stops.joined(separator: ",") + "]}}}"
    }

    @Test(
        "a frame steps through at most 1,000,000 keyframes (each layer's as often as drawn and repeated): 1,000 keyframes drawn 1,000 times load, 1,001 times do not (150,000 drawn 9,900 times took 7 minutes)"
    )
    func keyframeWork() throws {
        let keyframes = (0..<1_000).map { #"{"t":\#($0),"s":[100],"h":1}"# }.joined(separator: ",")
        let transform =
            #"{"o":{"a":1,"k":["# + keyframes + #"]},"r":{"a":0,"k":0},"p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}}"#
        let plain = #"{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}}"#
        let asset = #"[{"id":"k","layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":"# + transform + #","shapes":[]}]}]"#
        func uses(_ count: Int) -> [UInt8] {
            let layers = (2..<(2 + count)).map { #"{"ty":0,"ind":\#($0),"refId":"k","ip":0,"op":10,"st":0,"w":100,"h":100,"ks":\#(plain)}"# }
            return Self.shapeLayer([Self.square60, Self.redFill], assets: asset, more: layers)
        }
        #expect(LottieRenderer.drawnLayers(try JSONParser.parse(uses(1_000)), weight: LottieRenderer.keyframeWork) == .count(1_000_000))
        #expect(throws: Never.self) { try LottieRenderer.load(uses(1_000)) }
        do {
            _ = try LottieRenderer.load(uses(1_001))
            Issue.record("1,001,000 keyframe steps were loaded")
        } catch {
            #expect("\(error)" == "a frame steps through 1,001,000 keyframes, each layer's as often as it is drawn and repeated (at most 1,000,000)")
        }
    }

    @Test(
        "a frame's gradients take at most 1,000,000 steps to colour (colour stops times opacity stops, as often as drawn): 1,000 × 999 are drawn, 1,000 × 1,000 are not (60,000 × 120,000 took 14 s); a precomposition's count as often as it is used"
    )
    func gradientWork() throws {
        let edge = try LottieRenderer.load(Self.shapeLayer([Self.square60, Self.gradient(colours: 1_000, opacities: 999)]))
        #expect(try LottieRenderer.render(edge, frames: [0], width: 100, height: 100).count == 1)
        do {
            _ = try LottieRenderer.load(Self.shapeLayer([Self.square60, Self.gradient(colours: 1_000, opacities: 1_000)]))
            Issue.record("a gradient of 1,001,000 steps was loaded")
        } catch {
            #expect(
                "\(error)"
                    == "its gradients take 1,001,000 steps a frame to colour, each gradient's colour stops times its opacity stops as often as its layer is drawn (at most 1,000,000)"
            )
        }
        // rlottie's count: `p` larger than the values hold takes all of them as colour stops (no opacity stops); every
        // number the gradient's arrays hold counts (a keyframe's end, a key written twice: rlottie adds them all).
        func work(_ text: String) throws -> Int { LottieRenderer.gradientWork(try JSONParser.parse(Array(text.utf8))) }
        #expect(try work(#"{"ty":"gf","g":{"p":99,"k":{"a":0,"k":[0,1,0,0,1,1,0,0]}}}"#) == 2)
        #expect(try work(#"{"ty":"gs","g":{"p":1,"k":{"a":0,"k":[0,1,0,0,0,1,1]}}}"#) == 1 * 1 + 1)
        #expect(try work(#"{"ty":"gf","g":{"p":-1,"k":{"a":1,"k":[{"t":0,"s":[0,1,0,0,0,1]},{"t":9,"s":[0,1,0,0,0,1,0,1,0,0,1,1]}]}}}"#) == 4 * 1 + 4)
        #expect(try work(#"{"ty":"gf","g":{"p":1,"k":{"a":1,"k":[{"t":0,"s":[0,1,0,0],"e":[0,1,0,0,0,1,1,1]}]}}}"#) == 1 * 4 + 1)
        #expect(try work(#"{"ty":"gf","g":{"p":1,"k":{"a":0,"k":[0,1,0,0],"k":[0,1,1,1]}}}"#) == 1 * 2 + 1)
        // Two gradients in a layer add; a repeater's copies multiply (3 here).
        #expect(try work(#"[{"ty":"gf","g":{"p":1,"k":{"a":0,"k":[0,1,0,0,0,1]}}},{"ty":"gs","g":{"p":1,"k":{"a":0,"k":[0,1,0,0,0,1]}}}]"#) == 4)
        #expect(try work(#"[{"ty":"gf","g":{"p":1,"k":{"a":0,"k":[0,1,0,0,0,1]}}},{"ty":"rp","c":{"a":0,"k":3}}]"#) == 6)
        // A keyframed count: its largest value (4), not its times (600).
        #expect(
            try work(#"[{"ty":"gf","g":{"p":1,"k":{"a":0,"k":[0,1,0,0,0,1]}}},{"ty":"rp","c":{"a":1,"k":[{"t":500,"s":[3]},{"t":600,"s":[4]}]}}]"#)
                == 8)
        // 10,000 steps in a precomposition used 100 times: 1,000,000.
        let inner = String(decoding: Self.shapeLayer([Self.square60, Self.gradient(colours: 100, opacities: 99)]), as: UTF8.self)
        let innerLayer = try #require(inner.range(of: #""layers":["#)).upperBound
        let asset = #"[{"id":"g","layers":["# + inner[innerLayer...].dropLast(2) + "]}]"
        let transform = #"{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}}"#
        let uses = (2...101).map { #"{"ty":0,"ind":\#($0),"refId":"g","ip":0,"op":10,"st":0,"w":100,"h":100,"ks":\#(transform)}"# }
        let document = try JSONParser.parse(Self.shapeLayer([Self.square60], assets: asset, more: uses))
        #expect(LottieRenderer.drawnLayers(document, weight: LottieRenderer.gradientWork) == .count(1_000_000))
    }
}

extension LottieRendererTests {
    @Test(
        "a frame gives rlottie's rasteriser at most 20,000,000 steps (each row's crossings times those they are looked up among): 2,000 lines down a 100 px drawing are drawn, 2,001 are not, a stroke counting twice; a zig-zag of 500 points across a 512 px drawing (half a second a frame) is refused"
    )
    func rasterWork() throws {
        // N vertical lines from y 0.5 to 99.5: every one of the 100 rows crossed N times, each crossing among 100 cells.
        func lines(_ count: Int, stroked: Bool = false, from top: Float = 0.5, to bottom: Float = 99.5) -> Int {
            let points = (0..<count).flatMap { i -> [Float] in [Float(i % 100), top, Float(i % 100), bottom] }
            let elements = (0..<count).flatMap { _ -> [CChar] in [0, 1] }
            return points.withUnsafeBufferPointer { p in
                elements.withUnsafeBufferPointer { e in
                    LottieRenderer.rasterWork(p.baseAddress, points.count, e.baseAddress, elements.count, stroked: stroked, width: 100, height: 100)
                }
            }
        }
        #expect(lines(2_000) == 20_000_000)
        #expect(lines(2_001) == 20_010_000)
        #expect(lines(1_000, stroked: true) == 20_000_000)
        #expect(lines(50) == 100 * 50 * 50)
        // A line from 10³⁰ above the drawing to 10³⁰ below (finite, far past any Int): every row once, no trap.
        #expect(lines(1, from: -1e30, to: 1e30) == 100)
        #expect(lines(1, from: .greatestFiniteMagnitude, to: -.greatestFiniteMagnitude) == 100)
        // A zig-zag of 500 points, each edge from top to bottom of the 512 px canvas, filled: refused before rlottie
        // rasterises it.
        let zig = (0..<500).map { i in "[\(Double(i) * 512 / 499),\(i % 2 == 0 ? 0 : 512)]" }.joined(separator: ",")
        let zeros = Array(repeating: "[0,0]", count: 500).joined(separator: ",")
        let path = #"{"ty":"sh","ks":{"a":0,"k":{"i":["# + zeros + #"],"o":["# + zeros + #"],"v":["# + zig + #"],"c":true}}}"#
        let text = String(decoding: Self.shapeLayer([path, Self.redFill]), as: UTF8.self).replacingOccurrences(
            of: #""w":100,"h":100"#, with: #""w":512,"h":512"#)
        do {
            _ = try LottieRenderer.render(try LottieRenderer.load(Array(text.utf8)), frames: [0], width: 512, height: 512)
            Issue.record("a zig-zag of 500 points across every row was drawn")
        } catch {
            #expect("\(error)".hasPrefix("frame 0 gives rlottie's rasteriser "), "\(error)")
        }
    }
}

extension LottieRendererTests {
    @Test(
        "a keyframe's motion path (spatial tangents) may be 131,072 px long and no longer (10¹⁰ px on a null layer took 28 s to inspect); rlottie's examples' longest is 476"
    )
    func motionPath() throws {
        // A null layer moving from (0, 0), out tangent L along x, to (L, L), in tangent −L along y: its control
        // polygon runs (0, 0) → (L, 0) → (L, 0) → (L, L), 2L long.
        func moving(_ half: Int) -> [UInt8] {
            let position =
                #"{"a":1,"k":[{"t":0,"s":[0,0,0],"to":[\#(half),0,0],"ti":[0,-\#(half),0],"i":{"x":[0.5],"y":[0.5]},"o":{"x":[0.5],"y":[0.5]}},{"t":10,"s":[\#(half),\#(half),0]}]}"#
            let null =
                #"{"ty":3,"ind":9,"ip":0,"op":10,"st":0,"ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":\#(position),"a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]}}}"#
            return Self.shapeLayer([Self.square60, Self.redFill], more: [null])
        }
        #expect(LottieRenderer.longestMotionPath(try JSONParser.parse(moving(65_536))) == 131_072)
        let edge = try LottieRenderer.load(moving(65_536))
        #expect(try LottieRenderer.render(edge, frames: [0, 5], width: 100, height: 100).count == 2)
        do {
            _ = try LottieRenderer.load(moving(65_537))
            Issue.record("a motion path of 131,074 px was loaded")
        } catch {
            #expect(
                "\(error)"
                    == "a keyframe's motion path (its spatial tangents, \"to\" and \"ti\") is 131,074 px long (at most 131,072): rlottie would take seconds a frame to follow it"
            )
        }
        #expect(LottieRenderer.longestMotionPath(try JSONParser.parse(Self.shapeLayer([Self.square60]))) == nil)
    }
}
