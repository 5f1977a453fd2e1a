@testable import StickerLint
@testable import StickerLintEngine
import StickerCatalog
import StickerFiles
import StickerImage
import StickerTestSupport
import Testing

/// #51 point 1: timing fields out of their domain (a TGS's `op` of 1e20, a WebM's Duration of +Inf, a
/// TimestampScale of 0) are the reader's `image-unreadable` naming the field, never a trap; and every
/// range is tested on both sides of its edge.
@Suite("hostile timing fields")
struct HostileTimingTests {
    /// Every finding on one file checked under `profile`, as "rule: message".
    static func findings(_ name: String, _ bytes: [UInt8], _ profile: Profile) throws -> [String] {
        try TelegramMotionTests.all(name, bytes, profile)
    }

    /// The one `image-unreadable` finding a file gives, or a failure naming what it gave instead.
    static func unreadable(_ name: String, _ bytes: [UInt8], _ profile: Profile) throws -> String {
        let all = try findings(name, bytes, profile)
        #expect(all.count == 1 && all[0].hasPrefix("image-unreadable: "), "\(name): \(all)")
        return all.first ?? ""
    }

    @Test(
        "a TGS or Lottie JSON with a timing field out of range is unreadable, naming the field",
        arguments: [
            ("op", HostileMotion.lottie(op: "1e20")), ("fr", HostileMotion.lottie(fr: "1e-300")),
            ("ip", HostileMotion.lottie(ip: "-1e308", op: "1e308")), ("number out of range", HostileMotion.lottie(op: "1e400")),
            ("fr", HostileMotion.lottie(fr: "0")), ("fr", HostileMotion.lottie(fr: "-60")),
            ("the timing", HostileMotion.lottie(fr: "0.001", ip: "-1e9", op: "1e9")),
            ("the canvas", HostileMotion.lottie(w: "1e300"))
        ])
    func lottie(_ field: String, _ json: [UInt8]) throws {
        let tgs = try Self.unreadable("a.tgs", ExampleMotion.gzipStored(json), .telegram)
        #expect(tgs.contains(field), "\(tgs)")
        let discord = try Self.unreadable("a.json", json, .discord)
        #expect(discord.contains(field), "\(discord)")
    }

    @Test(
        "ip and op are whole frames as rlottie rounds them (half away from zero): op 0.4 shows no frame and is unreadable, 0.5 one; op 180.4 is 180 frames, 180.5 is 181"
    )
    func lottieRounding() throws {
        let none = try Self.unreadable("a.tgs", HostileMotion.tgs(op: "0.4"), .telegram)
        #expect(none.hasSuffix("\"op\" is 0.4, the same frame as \"ip\" 0 when rounded: the animation has no frame to show"), "\(none)")
        #expect(throws: LottieError.self) { try Lottie.read(HostileMotion.lottie(ip: "9.6", op: "10.4")) }
        #expect(try Lottie.read(HostileMotion.lottie(op: "0.5")).frames == 1)
        #expect(try Lottie.read(HostileMotion.lottie(op: "180.4")).frames == 180)
        #expect(try Lottie.read(HostileMotion.lottie(op: "180.5")).frames == 181)
        #expect(try Lottie.read(HostileMotion.lottie(ip: "-0.4", op: "180")).frames == 180)
        #expect(try Lottie.read(HostileMotion.lottie(ip: "0.5", op: "180")).frames == 179)
        // The time is the document's own: 180.4 frames at 60 fps.
        #expect(abs(try Lottie.read(HostileMotion.lottie(op: "180.4")).playTime.milliseconds - 3_006.667) < 0.001)
    }

    @Test("Lottie's ranges on both sides of each edge: fr 0.001 and 1,000; ip and op ±10^9 frames")
    func lottieEdges() throws {
        // In range: read, and judged by the rules (too slow, too long), never unreadable.
        for json in [
            HostileMotion.lottie(fr: "0.001", op: "1"), HostileMotion.lottie(fr: "1000"), HostileMotion.lottie(ip: "-1e9", op: "0"),
            HostileMotion.lottie(op: "1e9")
        ] {
            let facts = try Lottie.read(json)
            #expect(facts.playTime.milliseconds <= PlayTime.maximum)
            #expect(!(try Self.findings("a.tgs", ExampleMotion.gzipStored(json), .telegram)).contains { $0.hasPrefix("image-unreadable") })
        }
        for json in [
            HostileMotion.lottie(fr: "0.000999"), HostileMotion.lottie(fr: "1000.001"), HostileMotion.lottie(ip: "-1000000001", op: "0"),
            HostileMotion.lottie(op: "1000000001")
        ] {
            #expect(throws: LottieError.self) { try Lottie.read(json) }
        }
        // A 10^9-frame animation at 60 fps is 16,666,666,666.7 ms: said as a number, not a trap.
        let long = try Self.findings("a.tgs", HostileMotion.tgs(op: "1e9"), .telegram)
        #expect(
            long.contains("animation-duration: animation plays 16,666,666,666.7 ms; Telegram takes animated (TGS) stickers of at most 3,000 ms"),
            "\(long)")
    }

    @Test(
        "a WebM with a timing field out of range is unreadable, naming the field",
        arguments: [
            ("Duration", HostileMotion.webm(duration: .infinity)), ("Duration", HostileMotion.webm(duration: .nan)),
            ("Duration", HostileMotion.webm(duration: 1e300)), ("Duration", HostileMotion.webm(duration: -1)),
            ("Duration", HostileMotion.webm(duration: .infinity, durationIs32Bit: true)),
            ("TimestampScale", HostileMotion.webm(scale: 0)),
            // Numbers past Int.max are named as the file holds them, not clamped.
            ("TimestampScale … is 9,223,372,036,854,775,808 ns", HostileMotion.webm(scale: 1 << 63)),
            ("Timestamp", HostileMotion.webm(clusterTimestamp: UInt64(Int64.max), relatives: [0, 32_767])),
            ("Timestamp … is 18,446,744,073,709,551,615,", HostileMotion.webm(clusterTimestamp: UInt64.max)),
            ("PixelWidth … is 9,223,372,036,854,775,808,", HostileMotion.webm(width: 1 << 63)),
            ("PixelHeight … is 18,446,744,073,709,551,615,", HostileMotion.webm(height: UInt64.max))
        ])
    func webm(_ field: String, _ bytes: [UInt8]) throws {
        let message = try Self.unreadable("a.webm", bytes, .telegram)
        #expect(field.components(separatedBy: " … ").allSatisfy(message.contains), "\(message)")
    }

    @Test("WebM's ranges on both sides of each edge: scale 1 ns–1 s, cluster time 2^53 ticks, sides 10^6, times ±10^12 ms")
    func webmEdges() throws {
        for bytes in [
            HostileMotion.webm(scale: 1), HostileMotion.webm(scale: 1_000_000_000, duration: 2),
            HostileMotion.webm(scale: 1, duration: nil, clusterTimestamp: 1 << 53, relatives: [0]),
            HostileMotion.webm(scale: 1, duration: nil, clusterTimestamp: 1 << 53, relatives: [0, 32_767]),
            HostileMotion.webm(width: 1_000_000), HostileMotion.webm(duration: 1e12),
            HostileMotion.webm(duration: nil, relatives: [-32_768, 32_767])
        ] {
            let facts = try WebM.read(bytes)
            #expect(facts.playTime.milliseconds <= PlayTime.maximum && facts.frameRate.map(\.isFinite) ?? true)
            #expect(!(try Self.findings("a.webm", bytes, .telegram)).contains { $0.hasPrefix("image-unreadable") })
        }
        for bytes in [
            HostileMotion.webm(scale: 1_000_000_001), HostileMotion.webm(scale: 1, duration: nil, clusterTimestamp: (1 << 53) + 1, relatives: [0]),
            HostileMotion.webm(width: 1_000_001), HostileMotion.webm(duration: 1e12 + 1),
            HostileMotion.webm(scale: 1_000_000_000, duration: nil, clusterTimestamp: 1 << 53, relatives: [0])
        ] {
            #expect(throws: WebMError.self) { try WebM.read(bytes) }
        }
    }

    @Test("the rules' number formats never trap: NaN, infinities, 1e300 and the ends of Int")
    func formats() {
        for value in [Double.nan, .infinity, -.infinity, 1e300, -1e300, 9.3e18, -9.3e18, 1e-300] {
            _ = AnimationDurationRule.milliseconds(value)
            _ = FrameRateRule.rate(value)
        }
        #expect(AnimationDurationRule.milliseconds(3_016.66) == "3,016.7")
        #expect(FrameRateRule.rate(29.97) == "29.97")
        #expect(Int(saturating: .nan) == 0 && Int(saturating: .infinity) == .max && Int(saturating: -.infinity) == .min)
        #expect(Int(saturating: 9_223_372_036_854_774_784) == .max && Int(saturating: 9_223_372_036_854_773_760) == 9_223_372_036_854_773_760)
        #expect(Int(saturatingRounded: 2.5) == 3 && Int(saturatingRounded: -2.5) == -3)
        #expect(PlayTime(milliseconds: .nan) == nil && PlayTime(milliseconds: -1) == nil && PlayTime(milliseconds: 1e12 + 1) == nil)
        #expect(PlayTime(milliseconds: 0) != nil && PlayTime(milliseconds: 1e12) != nil)
        #expect(PlayTime(clamping: .nan) == .zero && PlayTime(clamping: .infinity).milliseconds == PlayTime.maximum)
        #expect(FrameRate(0) == nil && FrameRate(.infinity) == nil && FrameRate(1e9) != nil && FrameRate(1e9 + 1) == nil)
    }

    @Test("a sequence's Contents.json duration of the least Double or 1e300 gives a delay within a day, never a trap")
    func sequenceDuration() {
        for (duration, type) in [(Double.leastNonzeroMagnitude, nil), (1e300, "fixed"), (1e-300, nil), (Double.greatestFiniteMagnitude, "fixed")]
            as [(Double, String?)]
        {
            let sequence = StickerSequence(path: "/s", frames: [ImageRef("/s/a.png"), ImageRef("/s/b.png")], duration: duration, durationType: type)
            let delay = sequence.frameDelayMilliseconds ?? 0
            #expect(delay >= 1 && delay <= StickerSequence.longestFrameDelay, "\(duration)")
        }
    }

    @Test("a negative WebM Duration is named as the number it is, not NaN; -0.0 is 0")
    func negativeDuration() throws {
        for (duration, short) in [(-1.0, false), (-1e300, false), (-1.0, true), (-Double.infinity, false)] {
            let message = try Self.unreadable("a.webm", HostileMotion.webm(duration: duration, durationIs32Bit: short), .telegram)
            #expect(message.contains("Duration") && message.contains("is -") && !message.contains("nan"), "\(message)")
        }
        #expect(try WebM.read(HostileMotion.webm(duration: -0.0)).declaredMilliseconds == 0)
    }

    @Test("a WebM whose frames outlast its declared Duration plays as long as its frames; one they end within keeps it")
    func durationTheFramesOutlast() throws {
        // Frames at 0, 33 and 67 ms: the span of their starts is 67 ms, one frame 33.5 ms more.
        for (declared, expected) in [(66.0, 100.5), (0.0, 100.5), (67.0, 67.0), (68.0, 68.0), (2_000.0, 2_000.0)] {
            let facts = try WebM.read(HostileMotion.webm(duration: declared))
            #expect(facts.durationMilliseconds == expected, "declared \(declared)")
        }
        // Declared 1 s, frames 32.767 s apart (the largest relative block time): played for 65.5 s, not 1.
        let long = try WebM.read(HostileMotion.webm(duration: 1_000, relatives: [0, 32_767]))
        #expect(long.durationMilliseconds == 65_534)
        let message = try #require(
            Self.findings("a.webm", HostileMotion.webm(duration: 1_000, relatives: [0, 32_767]), .telegram).first {
                $0.contains("animation-duration")
            })
        #expect(message.contains("65,534"), "\(message)")
    }
}
