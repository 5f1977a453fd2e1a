import Foundation
import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// Profiles: which rules and limits apply to a loose image (sticker, the default, or message-media),
/// chosen by `--profile`, by `profiles:` glob or by `profile:`; and the message-media rules at their edges.
@Suite("Profiles")
struct ProfileTests {
    static func configuration(_ yaml: String) throws -> Configuration {
        try Configuration.parse(yaml, path: ".stickerlint.yml")
    }

    @Test("a store's role is one of the stores' roles, and every other role is not")
    func storeRoles() {
        let others: [ImageRole] = [.loose, .sticker, .sequenceFrame, .icon, .media]
        for role in others { #expect(!role.isStore && role.ofStore == nil, "\(role)") }
        for store in Store.builtIn { #expect(ImageRole.store(store).isStore && ImageRole.store(store).kind == .store) }
        #expect(Store.builtIn.count == 6)
        #expect(Set(Store.builtIn.map(\.id)).count == Store.builtIn.count)
    }

    @Test("each store's profile has that store's limits, and only a store's profile has any")
    func storeLimitsByProfile() {
        for store in Store.builtIn {
            let profile = Profile.store(store)
            #expect(Profile(rawValue: store.id) == profile, "\(store.id)")
            #expect(profile.ofStore?.name == store.name, "\(profile)")
            #expect(Profile(role: profile.looseRole) == profile)
        }
        #expect(Profile.sticker.ofStore == nil && Profile.messageMedia.ofStore == nil)
        #expect(Profile.allCases.compactMap(\.ofStore).count == Store.builtIn.count)
        #expect(Profile(rawValue: "nosuchstore") == nil)
    }

    @Test("selection: the default is sticker; profile: sets the default; the first matching glob wins; --profile overrides all")
    func selection() throws {
        #expect(Configuration().profile(for: "Media/a.png") == .sticker)
        let config = try Self.configuration(
            """
            profile: message-media
            profiles:
              "Stickers/**": sticker
              "**/*.png": message-media
              "Stickers/Big/**": message-media
            """)
        #expect(config.profile(for: "Other/a.jpg") == .messageMedia)  // profile: default
        #expect(config.profile(for: "Stickers/Big/a.png") == .sticker)  // first match wins
        #expect(config.profile(for: "Art/a.png") == .messageMedia)
        let globs = try Self.configuration(#"profiles: {"Media/**": message-media}"#)
        #expect(globs.profile(for: "SamplePacks/Media/Good/a.png") == .messageMedia)  // a tail at a folder boundary
        #expect(globs.profile(for: "SamplePacks/NotMedia/a.png") == .sticker)
        var forced = globs
        forced.forcedProfile = .sticker
        #expect(forced.profile(for: "Media/a.png") == .sticker)
    }

    @Test(
        "a bad profile is a configuration error naming the line and the value meant",
        arguments: [
            (
                "profile: message-medai\n", 1,
                #"a profile must be sticker, message-media, whatsapp, telegram, telegram-emoji, signal, line or discord (did you mean "message-media"?)"#
            ),
            (
                "profiles:\n  \"Media/**\": stiker\n", 2,
                #"a profile must be sticker, message-media, whatsapp, telegram, telegram-emoji, signal, line or discord (did you mean "sticker"?)"#
            ),
            (
                "profiles: [Media]\n", 1,
                "profiles must map glob patterns to sticker, message-media, whatsapp, telegram, telegram-emoji, signal, line or discord"
            ),
            ("profil: sticker\n", 1, #"unknown key "profil" (did you mean "profile"?); known keys are grid, rules, exclude, profile and profiles"#)
        ])
    func badProfile(_ yaml: String, _ line: Int, _ message: String) {
        #expect(throws: ConfigurationError.invalid(path: ".stickerlint.yml", line: line, message: message)) {
            _ = try Self.configuration(yaml)
        }
    }

    /// The same folder under each profile.
    static func lintFolder(_ profile: Profile?, configuration: Configuration = Configuration()) throws -> LintResult {
        let scratch = MemoryScratch()
        try scratch.write("Media/photo.jpg", ExampleContent.jpeg(side: 900).bytes())
        try scratch.write("Media/clip.mov", [0, 0, 0, 20] + Array("ftypqt  ".utf8) + [0, 0, 2, 0] + Array("qt  ".utf8))
        try scratch.write("Media/card.png", ExampleContent.png(width: 900, height: 900, style: .opaque).bytes())
        var configuration = configuration
        configuration.forcedProfile = profile
        return try Linter(configuration: configuration, jobs: 2, files: scratch.files).lint([scratch.at("Media")])
    }

    @Test("the same folder: a JPEG and a video are errors as stickers and fine as message media")
    func sameFolderBothProfiles() throws {
        let asStickers = try Self.lintFolder(nil)
        let stickerRules = Set(asStickers.diagnostics.filter { $0.severity == .error }.map { "\(PathText.lastComponent($0.path)) \($0.rule)" })
        #expect(
            stickerRules.isSuperset(of: [
                "photo.jpg transparency", "photo.jpg pixel-dimensions", "clip.mov unsupported-format",
                "clip.mov file-extension", "card.png transparency"
            ]), "\(stickerRules)")
        #expect(asStickers.files.allSatisfy { $0.profile == .sticker })
        let asMedia = try Self.lintFolder(.messageMedia)
        #expect(asMedia.diagnostics.isEmpty, "\(asMedia.diagnostics)")
        #expect(asMedia.files.map(\.profile) == [.messageMedia, .messageMedia, .messageMedia])
        #expect(asMedia.files.map(\.kind) == [.image(.png), .quickTime, .image(.jpeg)])
        // By glob in the configuration, the same.
        let byGlob = try Self.lintFolder(nil, configuration: try Self.configuration(#"profiles: {"Media/**": message-media}"#))
        #expect(byGlob == asMedia)
    }

    @Test("catalogs always hold stickers, whatever the profile")
    func catalogsStayStickers() throws {
        let files = MemoryFileSystem()
        try RuleExample.pack([.sticker("Cat", .png(width: 408, height: 408, style: .opaque))], "").write(to: "/x", in: files)
        var configuration = Configuration()
        configuration.forcedProfile = .messageMedia
        let result = try Linter(configuration: configuration, jobs: 1, files: files).lint(["/x"])
        #expect(result.diagnostics.contains { $0.rule == "transparency" })
        #expect(result.files.allSatisfy { $0.profile == .sticker })
    }

    @Test(
        "media-size: each side 600…1200 px is fine; 599 and 1201 get a note",
        arguments: [
            (600, 900, false), (599, 900, true), (900, 1200, false), (900, 1201, true), (1200, 600, false), (1201, 600, true)
        ])
    func mediaSize(_ width: Int, _ height: Int, _ fires: Bool) throws {
        let expected =
            fires
            ? [
                Expected(
                    severity: "note",
                    message: "image is \(width)×\(height) px; Messages recommends 900×900 px "
                        + "(300×300 pt at 3×) for message media and scales other sizes (keep each side within 600–1200 px)")
            ] : []
        try Edge.expect("media-size", .media(.png(width: width, height: height, style: .opaque)), expected)
    }

    /// A 900 px white image with one black column `x` wide 4 px.
    static func column(at x: Int) -> [UInt8] {
        var rgba = [UInt8](repeating: 255, count: 900 * 900 * 4)
        for y in 0..<900 { for c in x..<(x + 4) { for k in 0..<3 { rgba[(y * 900 + c) * 4 + k] = 0 } } }
        return (try? PNGEncoder.encode(rgba: rgba, width: 900, height: 900)) ?? []
    }

    @Test(
        "media-crop: content inside the 18 px strips of a 900 px image is noted, from either side; one pixel further in is not",
        arguments: [(0, "left"), (17, "left"), (18, nil), (878, nil), (879, "right"), (896, "right")] as [(Int, String?)])
    func mediaCrop(_ x: Int, _ side: String?) throws {
        // Columns x…x+3: the left strip is 0…17, the right 882…899; 17 and 879 put one column inside.
        let scratch = Scratch()
        try scratch.write("edge.png", Self.column(at: x))
        let expected =
            side.map {
                [
                    Expected(
                        severity: "note",
                        message: "content reaches into the \($0) 18 px that Messages crops "
                            + "from message media (6 of its 300 points): keep it clear of the sides")
                ]
            } ?? []
        let (library, cli) = try Edge.findings("media-crop", at: scratch.at("edge.png"), profile: .messageMedia)
        #expect(library == expected, "x \(x)")
        #expect(cli == expected, "x \(x)")
    }

    @Test(
        "media-format: PNG, APNG, GIF, JPEG, MP4 and MOV pass; WebP, BMP and unknown bytes are errors",
        arguments: [
            ("a.png", ExampleContent.png(width: 900, height: 900), nil),
            ("a.png", .apng(side: 900, frames: 2), nil),
            ("a.gif", .gif(side: 900, frames: 2), nil),
            ("a.jpg", .jpeg(side: 900), nil),
            ("a.mp4", .mp4, nil),
            ("a.webp", .webp, "content is WebP, which Messages does not show as message media: use PNG, JPEG, GIF or a video (MP4, M4V, MOV)"),
            ("a.png", .text("hello"), "content is not a format Messages shows as message media: use PNG, JPEG, GIF or a video (MP4, M4V, MOV)")
        ] as [(String, ExampleContent, String?)])
    func mediaFormat(_ name: String, _ content: ExampleContent, _ message: String?) throws {
        try Edge.expect("media-format", .media(content, named: name), message.map { [Expected(severity: "error", message: $0)] } ?? [])
    }

    @Test("the sample media: every media rule fires on Media/Bad, nothing fails on Media/Good")
    func samples() throws {
        var configuration = Configuration()
        configuration.forcedProfile = .messageMedia
        let root = Conformance.projectRoot + "/SamplePacks/Media"
        let bad = try Linter(configuration: configuration).lint([root + "/Bad"])
        let mediaRules = RuleRegistry.descriptions.filter { $0.appliesTo == [.media] }.map(\.id)
        #expect(mediaRules.count == 3)
        #expect(Set(bad.diagnostics.map(\.rule)) == Set(mediaRules))
        let good = try Linter(configuration: configuration).lint([root + "/Good"])
        #expect(good.diagnostics.isEmpty, "\(good.diagnostics)")
        #expect(good.files.count == 3)
    }
}
