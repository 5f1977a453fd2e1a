import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// Telegram's animated (TGS) and video (WebM) stickers under `--profile telegram`: every limit at its
/// edge (the limit passes, one more fails), read from the files' own bytes; and the same files refused
/// as unsupported under the sticker profile.
@Suite("Telegram TGS and video stickers")
struct TelegramMotionTests {
    static func tgs(_ w: Int = 512, _ h: Int = 512, rate: Int = 60, frames: Int = 120, features: [LottieFeature] = [], bytes: Int? = nil) -> [UInt8] {
        ExampleContent.tgs(width: w, height: h, frameRate: rate, frames: frames, features: features, bytes: bytes).bytes()
    }

    static func webm(
        _ w: Int = 512, _ h: Int = 512, rate: Int = 30, frames: Int = 60, codec: String = "V_VP9", audio: Bool = false, bytes: Int? = nil
    ) -> [UInt8] {
        ExampleContent.webm(width: w, height: h, frameRate: rate, frames: frames, codec: codec, audio: audio, bytes: bytes).bytes()
    }

    /// Every finding on one file checked under `profile`, as "rule: message".
    static func all(_ name: String, _ bytes: [UInt8], _ profile: Profile = .telegram) throws -> [String] {
        let memory = MemoryFileSystem()
        try memory.createFolder("/store")
        try memory.write(bytes, to: "/store/" + name)
        var configuration = Configuration()
        configuration.forcedProfile = profile
        let result = try Linter(configuration: configuration, jobs: 2, files: memory).lint(["/store/" + name])
        return result.diagnostics.map { "\($0.rule.rawValue): \($0.message)" }
    }

    /// The rules that fire on one file under Telegram's profile.
    static func rules(_ name: String, _ bytes: [UInt8], _ profile: Profile = .telegram) throws -> Set<String> {
        Set(try all(name, bytes, profile).map { String($0.prefix { $0 != ":" }) })
    }

    @Test("the generated files are what they say: read back by the readers, exact byte counts")
    func generators() throws {
        let lottie = try Lottie.readTGS(Self.tgs(500, 400, rate: 30, frames: 90, features: [.masks, .repeaters]))
        #expect(lottie.width == 500 && lottie.height == 400 && lottie.frameRate == 30 && lottie.frames == 90)
        #expect(lottie.forbidden == [.masks, .repeaters])
        for feature in LottieFeature.allCases {
            #expect(try Lottie.readTGS(Self.tgs(features: [feature])).forbidden == [feature], "\(feature)")
        }
        for size in [65_536, 65_537, 65_535 + 18 + 5, 65_535 + 18 + 6, 131_100] {
            #expect(Self.tgs(bytes: size).count == size, "\(size)")
            #expect(try Lottie.readTGS(Self.tgs(bytes: size)).width == 512)
        }
        let video = try WebM.read(Self.webm(512, 300, rate: 30, frames: 90, audio: true))
        #expect(video.docType == "webm" && video.codec == "V_VP9" && video.width == 512 && video.height == 300)
        #expect(video.videoTracks == 1 && video.audioTracks == 1 && video.frames == 90)
        #expect(video.durationMilliseconds == 3_000)
        #expect(abs((video.frameRate ?? 0) - 30) < 0.01)
        #expect(Self.webm(bytes: 262_144).count == 262_144 && Self.webm(bytes: 262_145).count == 262_145)
        #expect(try WebM.read(Self.webm(bytes: 262_145)).frames == 60)
    }

    @Test("a good TGS and a good video sticker pass every rule")
    func clean() throws {
        #expect(try Self.all("hi.tgs", Self.tgs(frames: 180, bytes: 65_536)) == [])
        #expect(try Self.all("hi.webm", Self.webm(512, 300, frames: 90, bytes: 262_144)) == [])
        #expect(try Self.all("hi.webm", Self.webm(280, 512)) == [])
    }

    @Test("file-size: a TGS of 65,536 bytes passes, 65,537 fails; a video of 262,144 passes, 262,145 fails")
    func fileSize() throws {
        #expect(!(try Self.rules("a.tgs", Self.tgs(bytes: 65_536))).contains("file-size"))
        let over = try Self.all("a.tgs", Self.tgs(bytes: 65_537))
        #expect(over == ["file-size: file is 65,537 bytes, 1 over Telegram's 65,536-byte limit for an animated (TGS) sticker"])
        #expect(!(try Self.rules("a.webm", Self.webm(bytes: 262_144))).contains("file-size"))
        #expect(
            try Self.all("a.webm", Self.webm(bytes: 262_145))
                == ["file-size: file is 262,145 bytes, 1 over Telegram's 262,144-byte limit for a video (WebM) sticker"])
    }

    @Test("pixel-dimensions: a TGS exactly 512×512; a video one side 512, the other at most 512")
    func sides() throws {
        for (w, h, passes) in [(512, 512, true), (511, 512, false), (512, 511, false), (513, 512, false), (512, 513, false)] {
            #expect(try Self.rules("a.tgs", Self.tgs(w, h)).contains("pixel-dimensions") == !passes, "\(w)×\(h)")
        }
        for (w, h, passes) in [(512, 512, true), (512, 1, true), (1, 512, true), (511, 511, false), (513, 512, false), (512, 513, false)] {
            #expect(try Self.rules("a.webm", Self.webm(w, h)).contains("pixel-dimensions") == !passes, "\(w)×\(h)")
        }
        #expect(
            try Self.all("a.tgs", Self.tgs(500, 500))
                == ["pixel-dimensions: canvas is 500×500 px; Telegram takes animated (TGS) stickers exactly 512×512 px"])
    }

    @Test("animation-duration: 3,000 ms passes, a frame more fails (TGS at 60 fps, video at 30)")
    func duration() throws {
        #expect(!(try Self.rules("a.tgs", Self.tgs(frames: 180))).contains("animation-duration"))
        #expect(
            try Self.all("a.tgs", Self.tgs(frames: 181))
                == ["animation-duration: animation plays 3,016.7 ms; Telegram takes animated (TGS) stickers of at most 3,000 ms"])
        #expect(!(try Self.rules("a.webm", Self.webm(frames: 90))).contains("animation-duration"))
        #expect(try Self.rules("a.webm", Self.webm(frames: 91)).contains("animation-duration"))
    }

    @Test("frame-rate: a TGS at 60 fps exactly (59 and 61 fail); a video at 30 or less passes, 31 fails")
    func frameRate() throws {
        for (rate, passes) in [(60, true), (59, false), (61, false), (30, false)] {
            #expect(try Self.rules("a.tgs", Self.tgs(rate: rate, frames: rate)).contains("frame-rate") == !passes, "\(rate) fps")
        }
        for (rate, passes) in [(30, true), (24, true), (1, true), (31, false), (60, false)] {
            #expect(try Self.rules("a.webm", Self.webm(rate: rate, frames: rate)).contains("frame-rate") == !passes, "\(rate) fps")
        }
        #expect(
            try Self.all("a.tgs", Self.tgs(rate: 30, frames: 60))
                == ["frame-rate: animation runs at 30 fps; Telegram takes animated (TGS) stickers at 60 fps"])
    }

    @Test("video-stream: VP9 in WebM without sound passes; VP8, AV1, an audio track fail, each with its case")
    func stream() throws {
        #expect(
            try Self.all("a.webm", Self.webm(codec: "V_VP8"))
                == ["video-stream: video is VP8 (V_VP8); Telegram takes VP9 (V_VP9) for a video (WebM) sticker"])
        #expect(try Self.rules("a.webm", Self.webm(codec: "V_AV1")) == ["video-stream"])
        #expect(
            try Self.all("a.webm", Self.webm(audio: true)) == [
                "video-stream: video has an audio track; Telegram takes video (WebM) stickers without sound"
            ])
    }

    @Test("lottie-features: each feature Telegram forbids is an error, named; none passes")
    func features() throws {
        for feature in LottieFeature.allCases {
            #expect(
                try Self.all("a.tgs", Self.tgs(features: [feature]))
                    == ["lottie-features: animation uses \(feature): Telegram's animated stickers may not"], "\(feature)")
        }
        #expect(
            try Self.all("a.tgs", Self.tgs(features: [.masks, .solids, .expressions]))
                == ["lottie-features: animation uses expressions, masks and solids: Telegram's animated stickers may not"])
    }

    @Test("a damaged TGS or WebM is unreadable, with its reason; named .png it is still judged by its bytes")
    func damaged() throws {
        let cut = Array(Self.tgs().prefix(100))
        #expect(try Self.rules("a.tgs", cut) == ["image-unreadable"])
        #expect(try Self.all("a.tgs", cut).first?.hasPrefix("image-unreadable: cannot be read: not a readable gzip stream") == true)
        #expect(try Self.rules("a.webm", Array(Self.webm().prefix(60))) == ["image-unreadable"])
        // Nothing to read at all (an empty file): image-unreadable alone, not also "content is unknown: Telegram takes …"
        // under every store; garbage that was read is still unsupported.
        for profile in [Profile.telegram, .whatsapp, .discord] {
            #expect(try Self.rules("a.tgs", [], profile) == ["image-unreadable"], "\(profile)")
        }
        #expect(try Self.rules("a.tgs", Array("not a sticker at all".utf8)).contains("unsupported-format"))
        // An animation with no frame to show (op = ip) is unreadable, saying so.
        let still = Array(#"{"v":"5.7.4","fr":60,"ip":30,"op":30,"w":512,"h":512,"assets":[],"layers":[]}"#.utf8)
        #expect(
            try Self.all("a.tgs", ExampleMotion.gzipStored(still)).contains {
                $0.contains("\"op\" is 30, the same as \"ip\": the animation has no frame to show")
            })
        // By content, never by name: a TGS named .png is a TGS (its extension is another rule's concern).
        #expect(!(try Self.rules("a.png", Self.tgs())).contains("unsupported-format"))
    }

    @Test("other stores and the sticker profile refuse TGS and WebM as unsupported, naming what they take")
    func elsewhere() throws {
        #expect(
            try Self.all("a.tgs", Self.tgs(), .whatsapp).filter { $0.hasPrefix("unsupported-format") }
                == ["unsupported-format: content is TGS (gzip'd Lottie): WhatsApp takes WebP for an animated sticker"])
        #expect(try Self.rules("a.webm", Self.webm()).isEmpty)
        #expect(try Self.all("a.webm", Self.webm(), .signal).contains { $0.hasPrefix("unsupported-format: content is WebM video: Signal takes") })
        let sticker = try Self.all("a.tgs", Self.tgs(), .sticker)
        #expect(
            sticker.contains("unsupported-format: content is TGS (gzip'd Lottie), which Messages does not accept: use PNG, APNG, GIF or JPEG"),
            "\(sticker)")
        #expect(!sticker.contains { $0.hasPrefix("pixel-dimensions") || $0.hasPrefix("animation-duration") })
        // Telegram's own animated WebP is still refused: it takes TGS or WebM for animation.
        #expect(
            try Self.all("a.webp", ExampleContent.webpSolid(width: 512, height: 512, frames: 2).bytes()).filter { $0.hasPrefix("unsupported") }
                == ["unsupported-format: content is WebP: Telegram takes TGS (gzip'd Lottie) or WebM video for an animated sticker"])
    }
}
