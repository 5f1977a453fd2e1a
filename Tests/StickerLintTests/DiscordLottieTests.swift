import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// Discord's Lottie stickers (plain JSON) under `--profile discord`: found by a folder walk only where
/// the profile takes them (never a catalog's Contents.json, never under the sticker profile), every
/// limit at its edge, and other JSON in the folder said to be what it is.
@Suite("Discord Lottie stickers")
struct DiscordLottieTests {
    static func lottie(_ w: Int = 320, _ h: Int = 320, rate: Int = 60, frames: Int = 120, bytes: Int? = nil) -> [UInt8] {
        ExampleContent.lottie(width: w, height: h, frameRate: rate, frames: frames, bytes: bytes).bytes()
    }

    /// Every finding in a folder of `files`, checked under `profile` (given as the folder's pattern in the
    /// configuration, as a `.stickerlint.yml` would): "name: rule: message", and the files reported.
    static func check(
        _ files: [String: [UInt8]], profile: Profile = .discord, arguments: [String] = ["/art"]
    ) throws -> (
        findings: [String], files: [String]
    ) {
        let memory = MemoryFileSystem()
        try memory.createFolder("/art")
        for (name, bytes) in files { try memory.write(bytes, to: "/art/" + name) }
        var configuration = Configuration()
        configuration.profiles = [Configuration.ProfilePattern("art/**", profile)]
        let result = try Linter(configuration: configuration, jobs: 2, files: memory).lint(arguments)
        return (
            result.diagnostics.map { "\(PathText.lastComponent($0.path)): \($0.rule.rawValue): \($0.message)" },
            result.files.map { PathText.lastComponent($0.path) }
        )
    }

    @Test("the sniffer calls a JSON object a Lottie document (after a BOM and white space), nothing else")
    func sniffing() {
        func kind(_ text: String) -> FileKind { Sniffer.kind(prefix: Array(Array(text.utf8).prefix(Sniffer.prefixLength))) }
        #expect(kind("{\"v\":\"5.7.4\",\"fr\":60}") == .lottie)
        #expect(kind("\u{FEFF}\n  {\n    \"v\": \"5.7.4\"") == .lottie)
        #expect(kind("{}") == .unknown)
        #expect(kind("[{\"v\":1}]") == .unknown)
        #expect(kind("{v: 1}") == .unknown)
        #expect(kind("hello") == .unknown)
    }

    @Test("a folder walk takes .json only under Discord's profile; never Contents.json; other JSON is named unreadable")
    func walk() throws {
        let files: [String: [UInt8]] = [
            "bounce.json": Self.lottie(), "Contents.json": Array("{\"info\":{\"version\":1}}".utf8),
            "notes.json": Array("{\"title\":\"cats\"}".utf8), "cat.png": ExampleContent.png(width: 320, height: 320).bytes()
        ]
        let discord = try Self.check(files)
        #expect(discord.files == ["bounce.json", "cat.png", "notes.json"])
        #expect(discord.findings == ["notes.json: image-unreadable: cannot be read: not a Lottie animation: \"w\" is missing"])
        let sticker = try Self.check(files, profile: .sticker)
        #expect(sticker.files == ["cat.png"])
        #expect(!sticker.findings.contains { $0.contains(".json") })
        let telegram = try Self.check(files, profile: .telegram)
        #expect(!telegram.files.contains { $0.hasSuffix(".json") })
    }

    @Test("a good Lottie sticker passes every rule; named on the command line under the sticker profile it is unsupported")
    func clean() throws {
        let clean = try Self.check(["bounce.json": Self.lottie()])
        #expect(clean.files == ["bounce.json"] && clean.findings == [])
        let named = try Self.check(["bounce.json": Self.lottie()], profile: .sticker, arguments: ["/art/bounce.json"])
        #expect(named.findings.contains { $0.hasPrefix("bounce.json: unsupported-format:") && $0.contains("Lottie JSON") }, "\(named.findings)")
        // JSON that is no Lottie animation is not called one: for Messages it is just not an image.
        let other = try Self.check(["fake.png": Array("{\"name\":\"x\"}".utf8)], profile: .sticker, arguments: ["/art/fake.png"])
        #expect(other.findings == ["fake.png: unsupported-format: content is not an image format Messages accepts (PNG, APNG, GIF or JPEG)"])
    }

    @Test("file-size: 524,288 bytes passes, 524,289 fails")
    func fileSize() throws {
        #expect(Self.lottie(bytes: 524_288).count == 524_288 && Self.lottie(bytes: 524_289).count == 524_289)
        #expect(try Self.check(["a.json": Self.lottie(bytes: 524_288)]).findings == [])
        #expect(
            try Self.check(["a.json": Self.lottie(bytes: 524_289)]).findings == [
                "a.json: file-size: file is 524,289 bytes, 1 over Discord's 524,288-byte limit for a Lottie sticker"
            ])
    }

    @Test("animation-duration: 5,000 ms passes, a frame more fails")
    func duration() throws {
        #expect(try Self.check(["a.json": Self.lottie(frames: 300)]).findings == [])
        #expect(try Self.check(["a.json": Self.lottie(rate: 30, frames: 150)]).findings == [])
        #expect(
            try Self.check(["a.json": Self.lottie(frames: 301)]).findings == [
                "a.json: animation-duration: animation plays 5,016.7 ms; Discord takes Lottie stickers of at most 5,000 ms"
            ])
    }

    @Test("pixel-dimensions: a 320×320 canvas passes; 321 or 319 is a warning (Discord's \"constrained to\")")
    func sides() throws {
        #expect(try Self.check(["a.json": Self.lottie()]).findings == [])
        for (w, h) in [(321, 320), (320, 319)] {
            let found = try Self.check(["a.json": Self.lottie(w, h)]).findings
            #expect(found.count == 1 && found[0].hasPrefix("a.json: pixel-dimensions: canvas is \(w)×\(h) px"), "\(found)")
        }
    }
}
