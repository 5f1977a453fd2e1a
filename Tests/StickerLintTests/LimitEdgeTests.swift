import Foundation
import StickerCatalog
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// One expected finding of one rule: severity and the whole message, written out by hand.
struct Expected: Equatable, CustomStringConvertible {
    var severity: String
    var message: String
    var description: String { "\(severity): \(message)" }
}

/// Checks a file tree through the library and through the built CLI (`--format json`) and returns each
/// one's findings of `rule`, so every edge is asserted both ways.
enum Edge {
    static func findings(_ rule: String, in example: RuleExample) throws -> (library: [Expected], cli: [Expected]) {
        let scratch = Scratch()
        try example.write(to: scratch.path)
        return try findings(rule, at: scratch.path, grid: example.grid, profile: example.profile)
    }

    static func findings(
        _ rule: String, at path: String, grid: GridSize? = nil, profile: Profile? = nil
    ) throws -> (library: [Expected], cli: [Expected]) {
        var configuration = Configuration(grid: grid)
        configuration.forcedProfile = profile
        let result = try Linter(configuration: configuration, jobs: 2).lint([path])
        let library = result.diagnostics.filter { $0.rule.rawValue == rule }.map { Expected(severity: $0.severity.rawValue, message: $0.message) }
        var arguments = ["check", "--format", "json", "--quiet", path]
        if let grid { arguments += ["--grid", grid.rawValue] }
        if let profile { arguments += ["--profile", profile.rawValue] }
        let (status, out, err) = try CLI.run(arguments)
        #expect(status == 0 || status == 1, "\(err)")
        let report = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
        let items = try #require(report?["diagnostics"] as? [[String: Any]])
        let cli = items.filter { $0["rule"] as? String == rule }
            .map { Expected(severity: $0["severity"] as? String ?? "", message: $0["message"] as? String ?? "") }
        return (library, cli)
    }

    /// Asserts that both the library and the CLI report exactly `expected`.
    static func expect(
        _ rule: String, _ example: RuleExample, _ expected: [Expected],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let (library, cli) = try findings(rule, in: example)
        #expect(library == expected, "library, \(example.summary)", sourceLocation: sourceLocation)
        #expect(cli == expected, "CLI, \(example.summary)", sourceLocation: sourceLocation)
    }
}

@Suite("Limits at their edges")
struct LimitEdgeTests {
    @Test(
        "file-size: 500,000 passes; 500,001 and 512,000 warn; 512,001 is an error",
        arguments: [
            (500_000, nil),
            (
                500_001,
                Expected(
                    severity: "warning",
                    message: "file is 500,001 bytes: under Xcode's 512,000-byte limit but 1 over the 500 KB (500,000 bytes) Messages documents")
            ),
            (
                512_000,
                Expected(
                    severity: "warning",
                    message: "file is 512,000 bytes: under Xcode's 512,000-byte limit but 12,000 over the 500 KB (500,000 bytes) Messages documents")
            ),
            (512_001, Expected(severity: "error", message: "file is 512,001 bytes, 1 over the 512,000-byte limit"))
        ] as [(Int, Expected?)])
    func fileSize(_ bytes: Int, _ expected: Expected?) throws {
        let content = ExampleContent.paddedPNG(side: 408, bytes: bytes)
        #expect(content.bytes().count == bytes)
        try Edge.expect("file-size", .loose(content), expected.map { [$0] } ?? [])
    }

    @Test(
        "pixel-dimensions: 300 and 618 pass, 299 and 619 fail, on each side separately",
        arguments: [
            (300, 408, false), (299, 408, true), (408, 300, false), (408, 299, true),
            (618, 408, false), (619, 408, true), (408, 618, false), (408, 619, true)
        ])
    func pixelDimensions(_ width: Int, _ height: Int, _ fails: Bool) throws {
        let message = "image is \(width)×\(height) px; stickers must be 300–618 px on each side at @3x"
        try Edge.expect(
            "pixel-dimensions", .loose(.png(width: width, height: height)),
            fails ? [Expected(severity: "error", message: message)] : [])
    }

    @Test("grid-size: the grid's size passes, one pixel either way warns, for each grid", arguments: GridSize.allCases)
    func gridSize(_ grid: GridSize) throws {
        let size = grid.pixels
        // The middle grid is named both ways: Xcode's "regular" and the designers' "medium".
        let name = grid == .regular ? "regular (medium)" : grid.rawValue
        try Edge.expect("grid-size", .loose(.png(width: size, height: size), grid: grid), [])
        try Edge.expect(
            "grid-size", .loose(.png(width: size - 1, height: size - 1), grid: grid),
            [
                Expected(
                    severity: "warning", message: "longer side is \(size - 1) px, 1 px smaller than the \(size) px of the \(name) grid")
            ])
        try Edge.expect(
            "grid-size", .loose(.png(width: size + 1, height: size + 1), grid: grid),
            [
                Expected(
                    severity: "warning", message: "longer side is \(size + 1) px, 1 px larger than the \(size) px of the \(name) grid")
            ])
        // The longer side decides: a sticker of the grid's width and a shorter height is on the grid.
        try Edge.expect("grid-size", .loose(.png(width: size, height: size - 20), grid: grid), [])
    }

    @Test("grid pixel sizes are Apple's: 300, 408, 618")
    func gridPixels() {
        #expect(GridSize.small.pixels == 300 && GridSize.regular.pixels == 408 && GridSize.large.pixels == 618)
    }

    @Test("accessibility-label: 150 characters pass, 151 is an error; none is a note")
    func accessibilityLabel() throws {
        // Characters, not bytes: 150 "é" (300 UTF-8 bytes) pass, 151 "a" fail.
        let pass = String(repeating: "é", count: 150)
        let fail = String(repeating: "a", count: 151)
        try Edge.expect("accessibility-label", .pack([.sticker("Cat", .png(width: 408, height: 408), label: pass)], "150"), [])
        try Edge.expect(
            "accessibility-label", .pack([.sticker("Cat", .png(width: 408, height: 408), label: fail)], "151"),
            [Expected(severity: "error", message: "accessibility label is 151 characters, 1 over the 150-character limit")])
        try Edge.expect(
            "accessibility-label", .pack([.sticker("Cat", .png(width: 408, height: 408), label: nil)], "none"),
            [Expected(severity: "note", message: "no accessibility label: the sticker's name \"Cat\" is used instead")])
    }

    @Test("square: equal sides pass; one pixel wider or taller warns", arguments: [(408, 408), (408, 407), (407, 408)])
    func square(_ width: Int, _ height: Int) throws {
        try Edge.expect(
            "square", .loose(.png(width: width, height: height)),
            width == height ? [] : [Expected(severity: "warning", message: "image is \(width)×\(height) px, not square")])
    }

    @Test(
        "icon-set: the slot's exact size passes; one pixel off in width or height is an error",
        arguments: [(58, 58), (57, 58), (58, 57)])
    func iconSize(_ width: Int, _ height: Int) throws {
        let slot = IconSlot.all[0]
        #expect(slot.label == "iphone 29x29 @2x" && slot.pixelWidth == 58 && slot.pixelHeight == 58)
        let images = ExampleIcon.complete { $0 == slot ? .slot(slot, width: width, height: height) : nil }
        let expected =
            width == 58 && height == 58
            ? []
            : [
                Expected(
                    severity: "error", message: "image is \(width)×\(height) px; the iphone 29x29 @2x slot needs 58×58 px")
            ]
        try Edge.expect("icon-set", .iconSet(images, "\(width)×\(height)"), expected)
    }

    @Test(
        "icon-set: an App Store icon without alpha passes; with an alpha channel, even fully opaque, it is an error; other slots may have alpha",
        arguments: ["1024x768", "1024x1024", "29x29"], [false, true])
    func appStoreAlpha(_ size: String, _ alpha: Bool) throws {
        let slot = try #require(IconSlot.all.first { $0.size == size && $0.scale == (size == "29x29" ? "2x" : "1x") })
        var icons = ExampleIcon.complete { $0 == slot ? .slot(slot, alpha: alpha) : nil }
        if !slot.required { icons.append(.slot(slot, alpha: alpha)) }
        let png = try #require(icons.first { $0.filename.contains(size) }?.content.bytes())
        #expect(png[25] == (alpha ? 6 : 2), "colour type in IHDR")
        let expected =
            alpha && slot.idiom == "ios-marketing"
            ? [
                Expected(
                    severity: "error",
                    message:
                        "the App Store icon (\(slot.label)) has an alpha channel, which App Store Connect rejects (ITMS-90717); save it without alpha"
                )
            ] : []
        try Edge.expect("icon-set", .iconSet(icons, "\(slot.label), alpha \(alpha)"), expected)
    }

    @Test("duplicate-sticker: every copy names the first with its pixels, sequences by all their frames in order")
    func duplicateCopies() throws {
        let a = ExampleContent.png(width: 408, height: 408), b = ExampleContent.png(width: 408, height: 408, seed: 1)
        let pack = RuleExample.pack(
            [
                .sticker("A", a), .sticker("B", b), .sticker("C", a), .sticker("D", b), .sticker("E", a),
                .sequence("F", [a, b]), .sequence("G", [b, a]), .sequence("H", [a, b]), .sequence("I", [a, b, a])
            ], "")
        let (library, cli) = try Edge.findings("duplicate-sticker", in: pack)
        #expect(
            library == [
                Expected(severity: "warning", message: "has the same pixels and timing as \"A.sticker\""),
                Expected(severity: "warning", message: "has the same pixels and timing as \"B.sticker\""),
                Expected(severity: "warning", message: "has the same pixels and timing as \"A.sticker\""),
                Expected(severity: "warning", message: "has the same pixels and timing as \"F.stickersequence\"")
            ], "\(library)")
        #expect(cli == library)
    }

    @Test("duplicate-sticker: sequences alike in their readable frames but with unreadable ones are not duplicates")
    func duplicatePartial() throws {
        let frame = ExampleContent.png(width: 408, height: 408)
        let broken = ExampleContent.truncated(.png(width: 408, height: 408, seed: 3), keep: 100)
        let pack = RuleExample.pack(
            [
                .sequence("A", [frame, broken]), .sequence("B", [frame, broken]),
                .sticker("C", frame), .sticker("D", frame)
            ], "")
        let (library, cli) = try Edge.findings("duplicate-sticker", in: pack)
        // C and D are the same; A and B cannot be compared, since a frame of each cannot be decoded.
        #expect(library == [Expected(severity: "warning", message: "has the same pixels and timing as \"C.sticker\"")], "\(library)")
        #expect(cli == library)
    }

    @Test("animation-duration (Discord): a GIF's frames of 0 or 1 cs count 100 ms, as browsers show them: 50 pass (5,000 ms), 51 fail")
    func gifZeroDelaysPlayed() throws {
        for (frames, centiseconds, said) in [
            (50, 0, nil),
            (51, 0, "animation plays 5,100 ms (51 frames of 0 or 1 cs counted as the 100 ms browsers show); Discord takes at most 5,000 ms"),
            (51, 1, "animation plays 5,100 ms (51 frames of 0 or 1 cs counted as the 100 ms browsers show); Discord takes at most 5,000 ms"),
            (250, 2, nil), (251, 2, "animation plays 5,020 ms; Discord takes at most 5,000 ms")
        ] {
            let scratch = Scratch()
            try scratch.write("a.gif", ExampleContent.gif(side: 320, frames: frames, delayCentiseconds: centiseconds).bytes())
            let (library, cli) = try Edge.findings("animation-duration", at: scratch.path, profile: .discord)
            #expect(
                library == (said.map { [Expected(severity: "error", message: $0)] } ?? []) && cli == library,
                "\(frames) × \(centiseconds) cs: \(library)")
        }
    }

    @Test("identical-frames (LINE): frames that differ only in the colour under fully transparent pixels are one picture; one visible pixel moves")
    func identicalFramesAsShown() throws {
        let side = 270
        let picture = ExampleContent.pixels(side, side, .sticker, 0)
        for (moves, expected) in [(false, 1), (true, 0)] {
            let scratch = Scratch()
            let frames = (0..<5).map { index -> APNGEncoder.Frame in
                var rgba = picture
                // Under alpha 0: another colour each frame, which nothing shows.
                for i in stride(from: 0, to: rgba.count, by: 4) where rgba[i + 3] == 0 {
                    (rgba[i], rgba[i + 1], rgba[i + 2]) = (UInt8(index * 40), 7, UInt8(255 - index))
                }
                if moves && index == 4, let visible = stride(from: 0, to: rgba.count, by: 4).first(where: { rgba[$0 + 3] == 255 }) {
                    rgba[visible] ^= 0xFF
                }
                return APNGEncoder.Frame(width: side, height: side, rgba: rgba, delay: FrameDelay(numerator: 100, denominator: 1000))
            }
            let bytes = try APNGEncoder.encode(width: side, height: side, frames: frames, loopCount: 1)
            // The file holds the hidden colours (else the case would test nothing).
            let decoded = try ImageDecoder().decode(bytes)
            try #require(Set(decoded.frames.map(\.pixels)).count == 5)
            try scratch.write("01.png", bytes)
            let (library, cli) = try Edge.findings("identical-frames", at: scratch.path, profile: .line)
            #expect(library.count == expected && cli == library, "moves: \(moves): \(library)")
        }
    }

    @Test("frame-delay: 20 ms passes, 19 ms warns (APNG); 2 cs passes, 1 cs warns (GIF)")
    func frameDelay() throws {
        try Edge.expect("frame-delay", .loose(.apng(side: 408, frames: 3, delayMilliseconds: 20)), [])
        try Edge.expect(
            "frame-delay", .loose(.apng(side: 408, frames: 3, delayMilliseconds: 19)),
            [
                Expected(
                    severity: "warning", message: "all 3 frames show for under 20 ms (shortest 19 ms): players stretch such frames, often to 100 ms")
            ])
        // Exact: 39/2000 s (19.5 ms) rounds to 20 ms and is still under it; 20/1000 is not.
        for (numerator, denominator, said) in [(39, 2000, "19.5"), (199, 10_000, "19.9"), (20, 1000, nil)] {
            let scratch = Scratch()
            let pixels = ExampleContent.pixels(408, 408, .sticker, 0), other = ExampleContent.pixels(408, 408, .sticker, 1)
            let frames = [pixels, other, pixels].map {
                APNGEncoder.Frame(width: 408, height: 408, rgba: $0, delay: FrameDelay(numerator: numerator, denominator: denominator))
            }
            try scratch.write("a.png", try APNGEncoder.encode(width: 408, height: 408, frames: frames, loopCount: 0))
            let (library, cli) = try Edge.findings("frame-delay", at: scratch.path)
            let expected = said.map {
                [
                    Expected(
                        severity: "warning",
                        message: "all 3 frames show for under 20 ms (shortest \($0) ms): players stretch such frames, often to 100 ms")
                ]
            }
            #expect(library == (expected ?? []) && cli == library, "\(numerator)/\(denominator): \(library)")
        }
        try Edge.expect("frame-delay", .loose(.gif(side: 408, frames: 2, delayCentiseconds: 2)), [])
        try Edge.expect(
            "frame-delay", .loose(.gif(side: 408, frames: 2, delayCentiseconds: 1)),
            [
                Expected(
                    severity: "warning", message: "all 2 frames show for under 20 ms (shortest 10 ms): players stretch such frames, often to 100 ms")
            ])
    }
}

/// A sticker whose only non-opaque pixel sits at one place of the last frame.
@Suite("Transparency at its edges")
struct TransparencyEdgeTests {
    static let side = 300

    /// Where the one non-opaque pixel is: the first and last pixel, the centre, and the middle of each edge.
    enum Place: String, CaseIterable {
        case first, middle, last, top, bottom, left, right

        var index: Int {
            let side = TransparencyEdgeTests.side
            return switch self {
            case .first: 0
            case .middle: side * (side / 2) + side / 2
            case .last: side * side - 1
            case .top: side / 2
            case .bottom: side * (side - 1) + side / 2
            case .left: side * (side / 2)
            case .right: side * (side / 2) + side - 1
            }
        }
    }

    /// Three opaque APNG frames; in the last, one pixel at `place` has `alpha`.
    static func apng(_ place: Place, alpha: UInt8) throws -> [UInt8] {
        let opaque = ExampleContent.pixels(side, side, .opaque, 0)
        var last = opaque
        last[place.index * 4 + 3] = alpha
        let frames = [opaque, opaque, last].map {
            APNGEncoder.Frame(width: side, height: side, rgba: $0, delay: FrameDelay(numerator: 1, denominator: 10))
        }
        return try APNGEncoder.encode(width: side, height: side, frames: frames)
    }

    @Test(
        "alpha 254 in the last frame's first, middle or last pixel is transparency; alpha 255 is not",
        arguments: Place.allCases)
    func lastFrame(_ place: Place) throws {
        let scratch = Scratch()
        try scratch.write("translucent.png", try Self.apng(place, alpha: 254))
        try scratch.write("opaque.png", try Self.apng(place, alpha: 255))
        let translucent = try Edge.findings("transparency", at: scratch.at("translucent.png"))
        #expect(translucent.library.isEmpty && translucent.cli.isEmpty, "\(place): \(translucent)")
        let opaque = try Edge.findings("transparency", at: scratch.at("opaque.png"))
        let expected = [Expected(severity: "error", message: "every pixel of all 3 frames is opaque: stickers need a transparent background")]
        #expect(opaque.library == expected && opaque.cli == expected, "\(place): \(opaque)")
        // The border: a translucent corner pixel breaks the opaque border; one in the middle does not.
        let border = try Edge.findings("opaque-background", at: scratch.at("translucent.png"))
        let boxed = [
            Expected(
                severity: "warning",
                message:
                    "every pixel on the canvas border is opaque although the image has transparent pixels: over a message bubble it shows as a box")
        ]
        #expect(border.library == (place == .middle ? boxed : []), "\(place): \(border)")
        #expect(border.cli == border.library)
        // A fully opaque image is transparency's finding alone, not also opaque-background's.
        let opaqueBorder = try Edge.findings("opaque-background", at: scratch.at("opaque.png"))
        #expect(opaqueBorder.library.isEmpty && opaqueBorder.cli.isEmpty, "\(opaqueBorder)")
    }

    @Test("a still PNG: one pixel of alpha 254 at the first, middle or last place passes", arguments: Place.allCases)
    func still(_ place: Place) throws {
        var pixels = ExampleContent.pixels(Self.side, Self.side, .opaque, 0)
        pixels[place.index * 4 + 3] = 254
        let scratch = Scratch()
        try scratch.write("one.png", try PNGEncoder.encode(rgba: pixels, width: Self.side, height: Self.side))
        let found = try Edge.findings("transparency", at: scratch.at("one.png"))
        #expect(found.library.isEmpty && found.cli.isEmpty, "\(place): \(found)")
    }
}

/// Every decode budget accepts an image exactly at its limit and refuses one just past it.
@Suite("Budgets at their edges")
struct BudgetEdgeTests {
    static func limits(
        side: Int = 1_000, pixels: Int = 1_000_000, frames: Int = 100, seconds: Double = 10,
        bytes: Int = 64 << 20
    ) -> DecodeLimits {
        DecodeLimits(maxSide: side, maxTotalPixels: pixels, maxFrames: frames, maxDecodeSeconds: seconds, maxFileBytes: bytes)
    }

    @Test("side: 16 px at a 16 px limit decodes, 17 px wide or high does not")
    func side() throws {
        let decoder = ImageDecoder(limits: Self.limits(side: 16))
        #expect(try decoder.decode(Fixtures.png(width: 16, height: 16)).width == 16)
        #expect(throws: ImageError.overBudget(.side(width: 17, height: 16, limit: 16))) { try decoder.decode(Fixtures.png(width: 17, height: 16)) }
        #expect(throws: ImageError.overBudget(.side(width: 16, height: 17, limit: 16))) { try decoder.decode(Fixtures.png(width: 16, height: 17)) }
        #expect(throws: ImageError.overBudget(.side(width: 17, height: 16, limit: 16))) { try decoder.decode(Fixtures.gif(width: 17, height: 16)) }
        #expect(throws: ImageError.overBudget(.side(width: 16, height: 17, limit: 16))) { try decoder.decode(Fixtures.jpeg(width: 16, height: 17)) }
    }

    @Test("pixels: 256 at a 256-pixel limit decode, 257 do not; frames count towards it")
    func pixels() throws {
        let decoder = ImageDecoder(limits: Self.limits(pixels: 256))
        #expect(try decoder.decode(Fixtures.png(width: 1, height: 256)).height == 256)
        #expect(throws: ImageError.overBudget(.pixels(width: 1, height: 257, frames: 1, limit: 256))) {
            try decoder.decode(Fixtures.png(width: 1, height: 257))
        }
        #expect(try decoder.decode(Fixtures.apng(width: 8, height: 8, frames: 4)).frames.count == 4)  // 4 × 64 = 256
        #expect(throws: ImageError.overBudget(.pixels(width: 8, height: 8, frames: 5, limit: 256))) {
            try decoder.decode(Fixtures.apng(width: 8, height: 8, frames: 5))
        }
    }

    @Test("frames: 3 at a 3-frame limit decode, 4 do not (GIF and APNG)")
    func frames() throws {
        let decoder = ImageDecoder(limits: Self.limits(frames: 3))
        #expect(try decoder.decode(Fixtures.gif(width: 4, height: 4, frames: 3)).frames.count == 3)
        #expect(throws: ImageError.overBudget(.frames(count: 4, limit: 3))) { try decoder.decode(Fixtures.gif(width: 4, height: 4, frames: 4)) }
        #expect(try decoder.decode(Fixtures.apng(width: 4, height: 4, frames: 3)).frames.count == 3)
        #expect(throws: ImageError.overBudget(.frames(count: 4, limit: 3))) { try decoder.decode(Fixtures.apng(width: 4, height: 4, frames: 4)) }
    }

    @Test("bytes: a file of exactly the read limit is read, one byte more is judged from its header")
    func bytes() throws {
        let scratch = Scratch()
        let png = ExampleContent.paddedPNG(side: 300, bytes: 300_000).bytes()
        try scratch.write("at.png", png)
        let at = try Linter(jobs: 1, limits: Self.limits(bytes: 300_000)).lint([scratch.at("at.png")])
        #expect(!at.diagnostics.contains { $0.rule == "image-unreadable" }, "\(at.diagnostics)")
        let over = try Linter(jobs: 1, limits: Self.limits(bytes: 299_999)).lint([scratch.at("at.png")])
        let unreadable = over.diagnostics.filter { $0.rule == "image-unreadable" }
        #expect(
            unreadable.map(\.message) == ["cannot be decoded: file is 300,000 bytes, over the 299,999-byte read limit; only its header was read"],
            "\(unreadable)")
        #expect(over.files.first?.width == 300)
    }

    @Test("time: a generous budget decodes, a 1 µs budget abandons the decode")
    func time() throws {
        let png = ExampleContent.png(width: 1500, height: 1500, style: .opaque).bytes()
        #expect(try ImageDecoder(limits: Self.limits(side: 2000, pixels: 4_000_000, seconds: 10)).decode(png).width == 1500)
        #expect(throws: ImageError.overBudget(.time(limitMilliseconds: 0))) {
            try ImageDecoder(limits: Self.limits(side: 2000, pixels: 4_000_000, seconds: 0.000_001)).decode(png)
        }
    }
}
