import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// Every store limit at its edge: the limit passes, one more (or one less) fails, with the rule and
/// severity the table gives; sizes in exact bytes. Each case is checked under `--profile STORE`.
@Suite("Store profiles")
struct StoreProfileTests {
    /// The findings of `rule` on one file (or folder) checked under `profile`.
    static func findings(_ rule: String, _ profile: Profile, _ files: [(String, [UInt8])]) throws -> [Diagnostic] {
        let memory = MemoryFileSystem()
        for (name, bytes) in files {
            try memory.createFolder(PathText.parent("/store/\(name)"))
            try memory.write(bytes, to: "/store/\(name)")
        }
        var configuration = Configuration()
        configuration.forcedProfile = profile
        let result = try Linter(configuration: configuration, jobs: 2, files: memory).lint(["/store"])
        // Every file decoded: an edge case must not pass because its file could not be read.
        let unreadable = result.diagnostics.filter { $0.rule.rawValue == "image-unreadable" }
        #expect(unreadable.isEmpty, "\(unreadable.map(\.message))")
        return result.diagnostics.filter { $0.rule.rawValue == rule }
    }

    /// The severity of `rule`'s one finding on `bytes` (nil: none).
    static func severity(_ rule: String, _ profile: Profile, _ name: String, _ bytes: [UInt8]) throws -> Severity? {
        let found = try findings(rule, profile, [(name, bytes)])
        #expect(found.count <= 1)
        return found.first?.severity
    }

    static func webp(_ w: Int, _ h: Int, frames: Int = 1, bytes: Int? = nil) -> [UInt8] {
        ExampleContent.webpSolid(width: w, height: h, frames: frames, bytes: bytes).bytes()
    }

    static func png(_ w: Int, _ h: Int) -> [UInt8] { ExampleContent.png(width: w, height: h).bytes() }

    /// An APNG padded with a private chunk to exactly `bytes` bytes.
    static func apng(_ w: Int, _ h: Int, bytes: Int? = nil) -> [UInt8] {
        let frames = (0..<2).map {
            APNGEncoder.Frame(width: w, height: h, rgba: ExampleContent.pixels(w, h, .sticker, $0), delay: FrameDelay(numerator: 1, denominator: 10))
        }
        let file = (try? APNGEncoder.encode(width: w, height: h, frames: frames, loopCount: 0)) ?? []
        return bytes.map { ExampleContent.padded(file, to: $0) } ?? file
    }

    static func paddedPNG(_ side: Int, _ bytes: Int) -> [UInt8] { ExampleContent.paddedPNG(side: side, bytes: bytes).bytes() }

    @Test("the generated files are what they say: sides, frames and exact byte counts")
    func generators() throws {
        #expect(Self.webp(512, 512, bytes: 102_400).count == 102_400)
        // A RIFF file's chunks are of even length: a WebP one byte over an even limit is two bytes over.
        #expect(Self.webp(512, 512, frames: 3, bytes: 512_002).count == 512_002)
        #expect(Self.webp(512, 512, frames: 3, bytes: 512_001).count == 512_002)
        #expect(Self.apng(320, 270, bytes: 307_201).count == 307_201)
        #expect(Self.paddedPNG(320, 524_289).count == 524_289)
        let decoder = ImageDecoder()
        let still = try decoder.decode(Self.webp(512, 300))
        #expect(still.width == 512 && still.height == 300 && still.frames.count == 1)
        let animated = try decoder.decode(Self.webp(100, 50, frames: 3))
        #expect(animated.width == 100 && animated.height == 50 && animated.frames.count == 3)
        #expect(try decoder.decode(Self.webp(512, 512, bytes: 200_000)).width == 512)
    }

    @Test("file-size: each store's limit passes and one byte more fails (LINE: a warning between its two readings of KB)")
    func fileSize() throws {
        let cases: [(Profile, String, (Int) -> [UInt8], Int, Int?)] = [
            (.whatsapp, "s.webp", { Self.webp(512, 512, bytes: $0) }, 102_400, nil),
            (.whatsapp, "a.webp", { Self.webp(512, 512, frames: 2, bytes: $0) }, 512_000, nil),
            (.telegram, "s.png", { Self.paddedPNG(512, $0) }, 524_288, nil),
            // Signal's still is redrawn before it is judged: its bytes are noted (signalRedraw), never refused.
            (.signal, "a.png", { Self.apng(256, 256, bytes: $0) }, 307_200, nil),
            (.line, "s.png", { Self.paddedPNG(320, $0) }, 1_048_576, 1_000_000),
            (.line, "a.png", { Self.apng(320, 270, bytes: $0) }, 307_200, 300_000),
            (.discord, "s.png", { Self.paddedPNG(320, $0) }, 524_288, nil)
        ]
        for (profile, name, make, limit, documented) in cases {
            let label = "\(profile.rawValue) \(name)"
            #expect(try Self.severity("file-size", profile, name, make(limit)) == (documented == nil ? nil : .warning), "\(label) at \(limit)")
            #expect(try Self.severity("file-size", profile, name, make(limit + 1)) == .error, "\(label) at \(limit + 1)")
            if let documented {
                #expect(try Self.severity("file-size", profile, name, make(documented)) == nil, "\(label) at \(documented)")
                #expect(try Self.severity("file-size", profile, name, make(documented + 1)) == .warning, "\(label) at \(documented + 1)")
            }
        }
    }

    @Test("pixel-dimensions: each store's sides, on both sides of every edge")
    func pixelDimensions() throws {
        let cases: [(Profile, String, [UInt8], Severity?)] = [
            (.whatsapp, "ok.webp", Self.webp(512, 512), nil), (.whatsapp, "w.webp", Self.webp(511, 512), .error),
            (.whatsapp, "h.webp", Self.webp(512, 513), .error), (.whatsapp, "a.webp", Self.webp(512, 511, frames: 2), .error),
            (.telegram, "wide.png", Self.png(512, 300), nil), (.telegram, "tall.png", Self.png(300, 512), nil),
            (.telegram, "sq.png", Self.png(512, 512), nil), (.telegram, "small.png", Self.png(511, 511), .error),
            (.telegram, "over.png", Self.png(512, 513), .error),
            (.signal, "still.png", Self.png(700, 650), nil), (.signal, "a10.png", Self.apng(10, 10), nil),
            (.signal, "a9.png", Self.apng(9, 9), .error), (.signal, "a512.png", Self.apng(512, 512), nil),
            (.signal, "a513.png", Self.apng(513, 513), .error), (.signal, "a-oblong.png", Self.apng(20, 22), .error),
            (.line, "s.png", Self.png(370, 320), nil), (.line, "sw.png", Self.png(372, 320), .error), (.line, "sh.png", Self.png(370, 322), .error),
            (.line, "a.png", Self.apng(320, 270), nil), (.line, "a-short.png", Self.apng(268, 268), .error),
            (.line, "a-270.png", Self.apng(270, 200), nil), (.line, "a-wide.png", Self.apng(322, 270), .error),
            (.line, "a-high.png", Self.apng(320, 272), .error),
            (.discord, "ok.png", Self.png(320, 320), nil), (.discord, "w.png", Self.png(321, 320), .warning),
            (.discord, "h.png", Self.png(320, 318), .warning)
        ]
        for (profile, name, bytes, expected) in cases {
            #expect(try Self.severity("pixel-dimensions", profile, name, bytes) == expected, "\(profile.rawValue) \(name)")
        }
    }

    @Test("unsupported-format: what each store takes, still and animated")
    func formats() throws {
        let gif = ExampleContent.gif(side: 320, frames: 2).bytes(), gifStill = ExampleContent.gif(side: 320, frames: 1).bytes()
        let jpeg = ExampleContent.jpeg(side: 512).bytes()
        let cases: [(Profile, String, [UInt8], Bool)] = [
            (.whatsapp, "s.webp", Self.webp(512, 512), true), (.whatsapp, "a.webp", Self.webp(512, 512, frames: 2), true),
            (.whatsapp, "s.png", Self.png(512, 512), false), (.whatsapp, "a.png", Self.apng(512, 512), false),
            (.telegram, "s.png", Self.png(512, 512), true), (.telegram, "s.webp", Self.webp(512, 512), true),
            (.telegram, "a.webp", Self.webp(512, 512, frames: 2), false), (.telegram, "a.gif", gif, false), (.telegram, "j.jpg", jpeg, false),
            (.signal, "s.png", Self.png(512, 512), true), (.signal, "a.png", Self.apng(64, 64), true), (.signal, "g.gif", gifStill, false),
            (.line, "s.png", Self.png(370, 320), true), (.line, "a.png", Self.apng(320, 270), true), (.line, "w.webp", Self.webp(370, 320), false),
            (.discord, "g.gif", gif, true), (.discord, "a.png", Self.apng(320, 320), true), (.discord, "w.webp", Self.webp(320, 320), false),
            (.discord, "j.jpg", jpeg, false)
        ]
        for (profile, name, bytes, accepted) in cases {
            let found = try Self.findings("unsupported-format", profile, [(name, bytes)])
            #expect(found.isEmpty == accepted, "\(profile.rawValue) \(name): \(found.map(\.message))")
        }
    }

    /// #54: "over Telegram's 262,144-byte limit for an animated sticker" was said of an animated WebP: that is
    /// the WebM limit, and Telegram takes no animated WebP whatever its size.
    @Test("a format the store refuses for the file's kind is said once, by unsupported-format: no limit of that kind beside it")
    func refusedFormatAlone() throws {
        let memory = MemoryFileSystem()
        try memory.createFolder("/store")
        try memory.write(Self.webp(400, 300, frames: 2, bytes: 300_000), to: "/store/wave.webp")
        try memory.write(Self.png(400, 300), to: "/store/cat.png")
        var configuration = Configuration()
        configuration.forcedProfile = .telegram
        let found = try Linter(configuration: configuration, jobs: 1, files: memory).lint(["/store/wave.webp"]).diagnostics
        #expect(
            found.map { "\($0.rule.rawValue): \($0.message)" }
                == ["unsupported-format: content is WebP: Telegram takes TGS (gzip'd Lottie) or WebM video for an animated sticker"])
        // A format the kind takes still has every limit said: a 400×300 PNG under Telegram.
        configuration.forcedProfile = .telegram
        let png = try Linter(configuration: configuration, jobs: 1, files: memory).lint(["/store/cat.png"]).diagnostics
        #expect(png.map(\.rule.rawValue) == ["pixel-dimensions"])
        // And WhatsApp's PNG sticker: its format refused, its sides not judged against a WebP sticker's.
        configuration.forcedProfile = .whatsapp
        let whatsApp = try Linter(configuration: configuration, jobs: 1, files: memory).lint(["/store/cat.png"]).diagnostics
        #expect(whatsApp.map(\.rule.rawValue) == ["unsupported-format"])
    }

    /// #54: `check --profile whatsapp sticker.webp` in a folder of 27 said "the folder holds 1 sticker".
    @Test("a file named alone is judged as a file; folders are packs; --as-pack counts the files named as their folder's pack")
    func namedAlone() throws {
        let memory = MemoryFileSystem()
        try memory.createFolder("/store")
        for n in 1...27 { try memory.write(ExampleContent.webpSolid(width: 512, height: 512, seed: n).bytes(), to: "/store/\(n).webp") }
        func packFindings(_ paths: [String], asPack: Bool = false, _ profile: Profile = .whatsapp) throws -> [String] {
            var configuration = Configuration()
            configuration.forcedProfile = profile
            configuration.namedFilesArePacks = asPack
            return try Linter(configuration: configuration, jobs: 2, files: memory).lint(paths).diagnostics
                .filter { ["pack-count", "mixed-animation", "pack-manifest"].contains($0.rule.rawValue) }
                .map { "\($0.path): \($0.message)" }
        }
        #expect(try packFindings(["/store/1.webp"]).isEmpty)
        #expect(try packFindings(["/store/1.webp", "/store/2.webp"]).isEmpty)
        #expect(try packFindings(["/store"]).isEmpty)
        // Named beside its folder, a file is the folder's member, counted once.
        #expect(try packFindings(["/store/1.webp", "/store"]).isEmpty)
        #expect(try packFindings(["/store/1.webp"], asPack: true) == ["/store: the folder holds 1 sticker; a WhatsApp pack holds 3–30"])
        #expect(
            try packFindings(["/store/1.webp", "/store/2.webp"], asPack: true) == ["/store: the folder holds 2 stickers; a WhatsApp pack holds 3–30"])
        #expect(try packFindings(["/store/1.webp", "/store/2.webp", "/store/3.webp"], asPack: true).isEmpty)
        // A folder of 31 is a pack over the count, whether or not a file of it is also named.
        try memory.write(ExampleContent.webpSolid(width: 512, height: 512, seed: 28).bytes(), to: "/store/28.webp")
        for n in 29...31 { try memory.write(ExampleContent.webpSolid(width: 512, height: 512, seed: n).bytes(), to: "/store/\(n).webp") }
        #expect(try packFindings(["/store"]) == ["/store: the folder holds 31 stickers; a WhatsApp pack holds 3–30"])
        #expect(try packFindings(["/store", "/store/1.webp"]) == ["/store: the folder holds 31 stickers; a WhatsApp pack holds 3–30"])
        // The flag on the command line.
        let scratch = Scratch()
        for n in 1...2 { try scratch.write("Pack/\(n).webp", ExampleContent.webpSolid(width: 512, height: 512, seed: n).bytes()) }
        let alone = try CLI.run(["check", "--no-cache", "--profile", "whatsapp", "Pack/1.webp"], in: scratch.path)
        #expect(alone.0 == 0 && alone.1 == "1 file, 0 errors, 0 warnings, 0 notes\n", "\(alone)")
        let asPack = try CLI.run(["check", "--no-cache", "--profile", "whatsapp", "--as-pack", "Pack/1.webp", "Pack/2.webp"], in: scratch.path)
        #expect(asPack.0 == 1 && asPack.1.contains("the folder holds 2 stickers; a WhatsApp pack holds 3–30  [pack-count]"), "\(asPack)")
    }

    /// #54: Signal's sticker creator (Signal-Desktop sticker-creator/src/util/processImage.ts) keeps an APNG
    /// as it is, and draws anything else on a 512×512 canvas as a WebP at quality 0.8: a still's own size
    /// and bytes are not what is uploaded, and an animated WebP becomes a still.
    @Test(
        "Signal: a still of any size and bytes is redrawn (a note over 307,200); an animated WebP is taken as a still (a warning); an APNG is judged as it is"
    )
    func signalRedraw() throws {
        func found(_ name: String, _ bytes: [UInt8]) throws -> [String] {
            let memory = MemoryFileSystem()
            try memory.createFolder("/store")
            try memory.write(bytes, to: "/store/" + name)
            var configuration = Configuration()
            configuration.forcedProfile = .signal
            return try Linter(configuration: configuration, jobs: 1, files: memory).lint(["/store/" + name]).diagnostics
                .map { "\($0.severity) \($0.rule.rawValue): \($0.message)" }
        }
        #expect(
            try found("big.png", Self.paddedPNG(1_600, 6_500_000))
                == [
                    "note file-size: file is 6,500,000 bytes, over Signal's 307,200 for a sticker, but Signal redraws it: its sticker creator "
                        + "draws a still on a 512×512 canvas and uploads it as a WebP at quality 0.8, and judges that"
                ])
        #expect(try found("edge.png", Self.paddedPNG(512, 307_200)).isEmpty)
        #expect(try found("edge.png", Self.paddedPNG(512, 307_201)).map { $0.prefix(14) } == ["note file-size"])
        #expect(try found("wide.webp", Self.webp(600, 400)).isEmpty)
        #expect(
            try found("wave.webp", Self.webp(600, 400, frames: 2))
                == [
                    "warning unsupported-format: an animated WebP of 2 frames: Signal takes it as a still, its first frame; only APNG stays animated"
                ])
        // An APNG is uploaded as it is: its bytes and sides are the file's.
        #expect(try found("a.png", Self.apng(256, 256, bytes: 307_200)).isEmpty)
        #expect(
            try found("a.png", Self.apng(256, 256, bytes: 307_201))
                == ["error file-size: file is 307,201 bytes, 1 over Signal's 307,200-byte limit for an animated sticker"])
        #expect(try found("a.png", Self.apng(600, 400)).map { $0.prefix(22) } == ["error pixel-dimensions"])
        #expect(try found("g.gif", ExampleContent.gif(side: 320, frames: 2).bytes()).map { $0.prefix(24) } == ["error unsupported-format"])
    }

    @Test("even-dimensions: LINE's even sides; other stores' odd sides pass")
    func evenDimensions() throws {
        #expect(try Self.severity("even-dimensions", .line, "ok.png", Self.png(370, 320)) == nil)
        #expect(try Self.severity("even-dimensions", .line, "w.png", Self.png(369, 320)) == .error)
        #expect(try Self.severity("even-dimensions", .line, "h.png", Self.png(370, 319)) == .error)
        // Even sides are the still guideline's: the animation guideline asks none of an APNG.
        #expect(try Self.severity("even-dimensions", .line, "a.png", Self.apng(319, 270)) == nil)
        #expect(try Self.findings("pixel-dimensions", .line, [("a.png", Self.apng(319, 270))]).isEmpty)
        #expect(try Self.severity("even-dimensions", .telegram, "odd.png", Self.png(512, 301)) == nil)
    }

    @Test("pack-count: each store's counts at their edges, a folder a pack; animated LINE sets; Discord counts none")
    func packCount() throws {
        let tiny = Self.png(16, 16), tinyAnimated = Self.apng(16, 16)
        func count(_ profile: Profile, _ n: Int, animated: Bool = false) throws -> Int {
            let files = (0..<n).map { ("pack/\($0).png", animated ? tinyAnimated : tiny) }
            return try Self.findings("pack-count", profile, files).count
        }
        for (profile, passes, fails) in [
            (Profile.whatsapp, [3, 30], [2, 31]), (.telegram, [1, 120], [121]), (.signal, [1, 200], [201]),
            (.line, [8, 16, 24, 32, 40], [7, 9, 39, 41]), (.discord, [1, 61], [])
        ] {
            for n in passes { #expect(try count(profile, n) == 0, "\(profile.rawValue) \(n)") }
            for n in fails { #expect(try count(profile, n) == 1, "\(profile.rawValue) \(n)") }
        }
        #expect(try count(.line, 24, animated: true) == 0)
        #expect(try count(.line, 32, animated: true) == 1)
        // Two folders, two packs: each judged alone, the finding at the folder.
        let two = try Self.findings("pack-count", .whatsapp, (0..<3).map { ("a/\($0).png", tiny) } + [("b/0.png", tiny)])
        #expect(two.map(\.path) == ["/store/b"])
    }

    @Test("mixed-animation: a WhatsApp pack all still or all animated passes, one of each kind among the other fails; other stores may mix")
    func mixedAnimation() throws {
        let still = Self.png(16, 16), animated = Self.apng(16, 16)
        func mixed(_ profile: Profile, stills: Int, animations: Int) throws -> [Diagnostic] {
            let files = (0..<stills).map { ("pack/s\($0).png", still) } + (0..<animations).map { ("pack/a\($0).png", animated) }
            return try Self.findings("mixed-animation", profile, files)
        }
        #expect(try mixed(.whatsapp, stills: 3, animations: 0).isEmpty)
        #expect(try mixed(.whatsapp, stills: 0, animations: 3).isEmpty)
        let oneAnimated = try mixed(.whatsapp, stills: 2, animations: 1)
        #expect(oneAnimated.map(\.path) == ["/store/pack"])
        #expect(oneAnimated.first?.message == "the folder mixes 2 still stickers and 1 animated; a WhatsApp pack is all still or all animated")
        #expect(try mixed(.whatsapp, stills: 1, animations: 2).count == 1)
        for profile in [Profile.telegram, .signal, .discord] {
            #expect(try mixed(profile, stills: 2, animations: 1).isEmpty, "\(profile.rawValue)")
        }
        // LINE sells a sticker set apart from an animated one.
        #expect(
            try mixed(.line, stills: 2, animations: 1).map(\.message)
                == ["the folder mixes 2 still stickers and 1 animated; a LINE pack is all still or all animated"])
        // Its main image is as the set is: a PNG in a still set, an APNG in an animated one.
        let main = Self.png(240, 240), animatedMain = Self.apng(240, 240)
        func withMain(_ image: [UInt8], stills: Int, animations: Int) throws -> [String] {
            let files = (0..<stills).map { ("pack/s\($0).png", still) } + (0..<animations).map { ("pack/a\($0).png", animated) }
            return try Self.findings("mixed-animation", .line, files + [("pack/main.png", image)]).map { "\($0.path): \($0.message)" }
        }
        #expect(try withMain(main, stills: 8, animations: 0).isEmpty)
        #expect(try withMain(animatedMain, stills: 0, animations: 8).isEmpty)
        #expect(
            try withMain(main, stills: 0, animations: 8)
                == ["/store/pack/main.png: a still main image in an animated LINE pack, which takes an animated main image (APNG)"])
        #expect(
            try withMain(animatedMain, stills: 8, animations: 0)
                == ["/store/pack/main.png: an animated main image in a still LINE pack, which takes a main image (PNG)"])
        // Two folders, two packs: each all of one kind passes.
        let two = try Self.findings("mixed-animation", .whatsapp, [("a/0.png", still), ("a/1.png", still), ("b/0.png", animated)])
        #expect(two.isEmpty)
    }

    /// A store's sticker whose name lies about its content: pack --for once wrote a WebP named tray.png, and
    /// no check said so. WhatsApp's iOS sample and TDLib type a file by its extension; an APNG may be .apng.
    @Test("under a store's profile, a name that lies about the content is an error; a true one (.apng too) passes")
    func extensionUnderStores() throws {
        let webp = try ExampleContent.webpSolid(width: 512, height: 512).bytes()
        let lying = try Self.findings("file-extension", .whatsapp, [("a.webp", webp), ("b.png", webp), ("c.WEBP", webp)])
        #expect(lying.map(\.path) == ["/store/b.png"], "\(lying.map(\.path))")
        #expect(lying.first?.message == "content is WebP but the extension is \".png\"; rename it to .webp" && lying.first?.severity == .error)
        let apng = try ExampleContent.apng(side: 512, frames: 3, delayMilliseconds: 100).bytes()
        let signal = try Self.findings("file-extension", .signal, [("a.apng", apng), ("b.png", apng), ("c.webp", apng)])
        #expect(signal.map(\.path) == ["/store/c.webp"] && signal.first?.message.hasSuffix("rename it to .png") == true, "\(signal.map(\.message))")
    }

    /// #54: `rules --profile signal` listed LINE's, Telegram's and Discord's rules. Each store's own, by hand
    /// from its table: a rule about a limit the store has none of is not its rule.
    @Test("profiles: each store's own rules are listed under it, and no other store's; the sticker profile keeps its own")
    func listing() {
        let common: Set<String> = ["image-unreadable", "unsupported-format", "file-size", "pixel-dimensions", "frame-delay", "file-extension"]
        let own: [String: Set<String>] = [
            "whatsapp": ["pack-count", "mixed-animation", "animation-duration", "frame-count", "pack-manifest"],
            "telegram": ["pack-count", "animation-duration", "frame-rate", "video-stream", "lottie-features", "lottie-canvas"],
            "telegram-emoji": ["pack-count", "animation-duration", "frame-rate", "video-stream", "lottie-features", "lottie-canvas"],
            "signal": ["pack-count", "loop-count"],
            "line": [
                "even-dimensions", "pack-count", "mixed-animation", "animation-duration", "frame-count", "loop-count", "sticker-name",
                "identical-frames"
            ],
            "discord": ["animation-duration"]
        ]
        #expect(Set(own.keys) == Set(Store.builtIn.map(\.id)))
        for store in Store.builtIn {
            let ids = Set(RuleRegistry.descriptions.filter { $0.profiles.contains(.store(store)) }.map(\.id.rawValue))
            #expect(ids == common.union(own[store.id] ?? []), "\(store.name): \(ids.sorted())")
        }
        let sticker = Set(RuleRegistry.descriptions.filter { $0.profiles.contains(.sticker) }.map(\.id.rawValue))
        #expect(sticker.contains("grid-size") && !sticker.contains("pack-count") && !sticker.contains("even-dimensions"))
    }

    @Test(
        "real tools' files: dwebp decodes the generated WebPs; a pack cwebp and img2webp made checks clean under whatsapp",
        Requirement.trait(
            Tools.available("dwebp") && Tools.available("cwebp") && Tools.available("img2webp") && Tools.available("webpmux"),
            "webp tools (make test installs them)")
    )
    func realTools() throws {
        try Requirement.require(
            Tools.available("dwebp") && Tools.available("cwebp") && Tools.available("img2webp") && Tools.available("webpmux"),
            "dwebp, cwebp, img2webp and webpmux (Debian/Homebrew `webp`) are not installed (make test installs them)")
        let scratch = Scratch()
        for (name, bytes) in [("still", Self.webp(512, 300)), ("padded", Self.webp(64, 64, bytes: 5_000))] {
            try DiskFileSystem().write(bytes, to: scratch.at("\(name).webp"))
            let (status, _, error) = try Process.run(Tools.path("dwebp"), [scratch.at("\(name).webp"), "-o", scratch.at("\(name).png")])
            #expect(status == 0, "dwebp \(name): \(error)")
        }
        // dwebp decodes no animation: webpmux lists its frames.
        try DiskFileSystem().write(Self.webp(80, 40, frames: 3), to: scratch.at("animated.webp"))
        let (muxStatus, info, muxError) = try Process.run(Tools.path("webpmux"), ["-info", scratch.at("animated.webp")])
        #expect(muxStatus == 0 && info.contains("Number of frames: 3") && info.contains("Canvas size: 80 x 40"), "\(info) \(muxError)")
        // Three stickers as an artist's tools write them: cwebp lossy and lossless stills, an img2webp animation.
        try DiskFileSystem().createFolder(scratch.at("pack"))
        for (index, seed) in [(1, 3), (2, 4)] {
            try DiskFileSystem().write(ExampleContent.png(width: 512, height: 512, seed: seed).bytes(), to: scratch.at("art\(index).png"))
        }
        for (arguments, name) in [(["-q", "80"], "1.webp"), (["-lossless"], "2.webp")] {
            let (status, _, error) = try Process.run(
                Tools.path("cwebp"), arguments + [scratch.at(name == "1.webp" ? "art1.png" : "art2.png"), "-o", scratch.at("pack/\(name)")])
            #expect(status == 0, "\(error)")
        }
        let (status, _, error) = try Process.run(
            Tools.path("img2webp"), ["-loop", "0", "-d", "100", scratch.at("art1.png"), scratch.at("art2.png"), "-o", scratch.at("pack/3.webp")])
        #expect(status == 0, "\(error)")
        var configuration = Configuration()
        configuration.forcedProfile = .whatsapp
        let result = try Linter(configuration: configuration, jobs: 2).lint([scratch.at("pack")])
        // Each file passes; the pack mixes two stills and an animation, which WhatsApp's validator refuses.
        let findings = result.diagnostics.filter { $0.severity != .note }.map { "\($0.rule) \($0.path)" }
        #expect(findings == ["mixed-animation \(scratch.at("pack"))"], "\(result.diagnostics.map { "\($0.rule) \($0.message)" })")
        #expect(result.files.count == 3 && result.files.allSatisfy { $0.profile == .whatsapp })
        // The same pack under Telegram: the animated WebP is refused, the stills pass.
        configuration.forcedProfile = .telegram
        let telegram = try Linter(configuration: configuration, jobs: 2).lint([scratch.at("pack")])
        #expect(telegram.diagnostics.map(\.path) == [scratch.at("pack/3.webp")], "\(telegram.diagnostics.map(\.message))")
    }

    /// An APNG of one frame per delay (milliseconds), declaring `loops` plays (0: forever).
    static func apng(_ side: Int, delays: [Int], loops: Int = 0) -> [UInt8] {
        let frames = delays.enumerated().map {
            APNGEncoder.Frame(
                width: side, height: side, rgba: ExampleContent.pixels(side, side, .sticker, $0.offset),
                delay: FrameDelay(numerator: $0.element, denominator: 1000))
        }
        return (try? APNGEncoder.encode(width: side, height: side, frames: frames, loopCount: loops)) ?? []
    }

    @Test("frame-delay: WhatsApp's 8 ms shortest frame, an error there; 8 ms passes, 7 fails")
    func frameDelay() throws {
        #expect(
            try Self.severity(
                "frame-delay", .whatsapp, "a.webp", ExampleContent.webpSolid(width: 512, height: 512, frames: 2, delayMilliseconds: 8).bytes()) == nil
        )
        #expect(
            try Self.severity(
                "frame-delay", .whatsapp, "b.webp", ExampleContent.webpSolid(width: 512, height: 512, frames: 2, delayMilliseconds: 7).bytes())
                == .error)
        // Other stores name no shortest frame.
        #expect(try Self.severity("frame-delay", .signal, "c.png", Self.apng(64, delays: [5, 5])) == nil)
    }

    @Test("animation-duration: WhatsApp 10 s, LINE 4 s with its loops, Discord 5 s; the limit passes, a millisecond more fails")
    func duration() throws {
        func webp(_ frames: Int, _ delay: Int) -> [UInt8] {
            ExampleContent.webpSolid(width: 512, height: 512, frames: frames, delayMilliseconds: delay).bytes()
        }
        #expect(try Self.severity("animation-duration", .whatsapp, "a.webp", webp(2, 5_000)) == nil)
        #expect(try Self.severity("animation-duration", .whatsapp, "b.webp", webp(73, 137)) == .error)  // 10,001 ms
        #expect(try Self.severity("animation-duration", .line, "a.png", Self.apng(270, delays: [200, 200, 200, 200, 200], loops: 4)) == nil)
        #expect(try Self.severity("animation-duration", .line, "b.png", Self.apng(270, delays: [200, 200, 200, 200, 201], loops: 4)) == .error)
        #expect(try Self.severity("animation-duration", .line, "c.png", Self.apng(270, delays: [800, 800, 800, 800, 800], loops: 1)) == nil)
        #expect(try Self.severity("animation-duration", .line, "d.png", Self.apng(270, delays: [800, 800, 800, 800, 801], loops: 1)) == .error)
        #expect(try Self.severity("animation-duration", .discord, "a.png", Self.apng(320, delays: [2_500, 2_500])) == nil)
        #expect(try Self.severity("animation-duration", .discord, "b.png", Self.apng(320, delays: [2_500, 2_501])) == .error)
        // Signal and Telegram name no duration here.
        #expect(try Self.severity("animation-duration", .signal, "e.png", Self.apng(64, delays: [9_000, 9_000])) == nil)
    }

    @Test("frame-count: LINE's 5–20 frames on both edges")
    func frameCount() throws {
        for (frames, fails) in [(4, true), (5, false), (20, false), (21, true)] {
            let delays = [Int](repeating: 100, count: frames)
            #expect(
                try Self.severity("frame-count", .line, "f\(frames).png", Self.apng(270, delays: delays, loops: 1)) == (fails ? .error : nil),
                "\(frames)")
        }
        #expect(try Self.severity("frame-count", .discord, "many.png", Self.apng(32, delays: [Int](repeating: 50, count: 30))) == nil)
    }

    @Test("loop-count: Signal's APNG loops forever; LINE plays 1–4 times")
    func loopCount() throws {
        let delays = [100, 100, 100, 100, 100]
        #expect(try Self.severity("loop-count", .signal, "forever.png", Self.apng(64, delays: delays, loops: 0)) == nil)
        #expect(try Self.severity("loop-count", .signal, "once.png", Self.apng(64, delays: delays, loops: 1)) == .error)
        for (loops, fails) in [(0, true), (1, false), (4, false), (5, true)] {
            #expect(
                try Self.severity("loop-count", .line, "l\(loops).png", Self.apng(270, delays: delays, loops: loops)) == (fails ? .error : nil),
                "\(loops)")
        }
    }
}
