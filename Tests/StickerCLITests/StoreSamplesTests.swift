import Foundation
import StickerTestSupport
import Testing

/// SamplePacks/Stores (what `make demo` checks): each store's Good pack passes under the profile the
/// project's .stickerlint.yml gives its folder, and each Bad pack fails with exactly the findings listed
/// here (by file and rule, written out by hand from the stores' limits, not from a run).
@Suite("store sample packs")
struct StoreSamplesTests {
    static let expected: [String: [String]] = [
        "WhatsApp/Good": [],
        "WhatsApp/Bad": [
            ": mixed-animation", "cat 400.webp: pixel-dimensions", "fast wave.webp: frame-delay", "grain.webp: file-size",
            "tray.png: pixel-dimensions", "contents.json: pack-manifest"
        ],
        "Telegram/Good": [],
        "Telegram/Bad": [
            "bounce high.tgs: lottie-canvas", "bounce masked.tgs: animation-duration", "bounce masked.tgs: frame-rate",
            "bounce masked.tgs: lottie-features",
            "bounce masked.tgs: pixel-dimensions", "cat 400.webp: pixel-dimensions", "wave 60fps.webm: frame-rate",
            "wave 60fps.webm: video-stream", "wave.webp: unsupported-format"
        ],
        "TelegramEmoji/Good": [],
        "TelegramEmoji/Bad": ["bounce 100.tgs: pixel-dimensions", "cat 512.webp: pixel-dimensions"],
        "Signal/Good": [],
        "Signal/Bad": ["wave once.png: loop-count", "wide wave.png: loop-count", "wide wave.png: pixel-dimensions"],
        "LINE/Good": [],
        "LINE/Bad": [": mixed-animation", ": pack-count", "01.png: even-dimensions", "01.png: pixel-dimensions", "02.png: frame-count"],
        "Discord/Good": [],
        "Discord/Bad": ["cat.webp: unsupported-format", "slow bounce.json: animation-duration", "slow wave.png: animation-duration"]
    ]

    static let profiles = [
        "WhatsApp": "whatsapp", "Telegram": "telegram", "TelegramEmoji": "telegram-emoji", "Signal": "signal", "LINE": "line", "Discord": "discord"
    ]

    @Test("each store's Good pack is clean under its profile; each Bad pack has exactly its findings", arguments: expected.keys.sorted())
    func storePack(_ folder: String) throws {
        let path = "SamplePacks/Stores/" + folder
        let (status, out, err) = try CLI.run(["check", "--format", "json", path], in: Conformance.projectRoot)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any], "\(err)")
        let files = try #require(report["files"] as? [[String: Any]])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let store = String(folder.prefix { $0 != "/" })
        // Every file found, each under its store's profile (the configuration's pattern for the folder).
        #expect(!files.isEmpty)
        #expect(files.allSatisfy { $0["profile"] as? String == Self.profiles[store] }, "\(files.map { $0["profile"] ?? "none" })")
        let found = diagnostics.map { diagnostic -> String in
            let at = (diagnostic["path"] as? String ?? "").dropFirst(path.count).drop { $0 == "/" }
            return "\(at): \(diagnostic["rule"] as? String ?? "?")"
        }
        #expect(found.sorted() == Self.expected[folder]?.sorted(), "\(folder): \(found)")
        #expect(status == (folder.hasSuffix("Good") ? 0 : 1), "\(err)")
        // A Good pack has no warning or note either.
        if folder.hasSuffix("Good") { #expect(diagnostics.isEmpty) }
    }

    @Test("a store pack's HTML section: the store's pack rules, the pack's own findings, a card a file, a summary row")
    func packSection() throws {
        let scratch = Scratch()
        let report = scratch.at("stores.html")
        let (status, _, err) = try CLI.run(
            ["report", "--quiet", "-o", report, "SamplePacks/Stores/WhatsApp/Bad", "SamplePacks/Stores/Discord/Good"], in: Conformance.projectRoot)
        #expect(status == 1, "\(err)")
        let html = String(decoding: try Data(contentsOf: URL(fileURLWithPath: report)), as: UTF8.self)
        let sections = html.components(separatedBy: "<section class=\"pack\" id=\"store").dropFirst().map {
            $0.components(separatedBy: "</section>")[0]
        }
        #expect(sections.count == 2)
        let discord = try #require(sections.first { $0.contains("Good · Discord stickers</h2>") })
        #expect(discord.contains("Discord counts no packs: a server&#39;s sticker slots"))
        #expect(discord.contains("3 stickers</p>") && discord.components(separatedBy: "<article class=\"card\"").count - 1 == 3)
        // Its Lottie sticker drawn (#55): every card shows a preview, none says it cannot be shown.
        #expect(!discord.contains("could not be drawn") && !discord.contains("class=\"missing\""), "\(discord.prefix(2_000))")
        #expect(discord.components(separatedBy: "<div class=\"swatches t").count - 1 == 3)
        let whatsApp = try #require(sections.first { $0.contains("Bad · a WhatsApp pack</h2>") })
        #expect(whatsApp.contains("3 stickers and 1 pack file</p>"))
        #expect(whatsApp.contains("WhatsApp takes 3–30 stickers; all still or all animated; tray icon (tray.*, trayicon.*, tray_*, trayicon_*): PNG"))
        // The pack's own findings (the folder's, its contents.json's) sit in its section, not under "Other findings".
        #expect(whatsApp.contains("a WhatsApp pack is all still or all animated") && whatsApp.contains("has 4 emojis; WhatsApp takes 1–3"))
        #expect(!html.contains("Other findings"))
        // Summary rows: Discord/Good sorts first; a pack's row counts its stickers, not its tray icon.
        #expect(html.contains("<a href=\"#store0\">Good</a></th><td>Discord stickers</td><td>3</td>"))
        #expect(html.contains("<a href=\"#store1\">Bad</a></th><td>WhatsApp pack</td><td>3</td>"))
    }

    @Test("a store pack's HTML report shows every sticker: a small WebP as its own file, a larger one as a PNG preview, each labelled as what it is")
    func webpPreviews() throws {
        let scratch = Scratch()
        let report = scratch.at("whatsapp.html")
        let (status, _, err) = try CLI.run(["report", "--quiet", "-o", report, "SamplePacks/Stores/WhatsApp/Good"], in: Conformance.projectRoot)
        #expect(status == 0, "\(err)")
        let html = String(decoding: try Data(contentsOf: URL(fileURLWithPath: report)), as: UTF8.self)
        // Three stickers and the tray icon.
        #expect(html.components(separatedBy: "<article class=\"card\"").count - 1 == 4)
        func previews(_ type: String) -> [Data] {
            html.components(separatedBy: "data:image/\(type);base64,").dropFirst().compactMap {
                Data(base64Encoded: String($0.prefix { $0 != "\"" }))
            }
        }
        let webp = previews("webp"), png = previews("png")
        #expect(webp.count + png.count == 4, "\(webp.count) WebP, \(png.count) PNG")
        // Each labelled as what its bytes are.
        #expect(webp.allSatisfy { $0.starts(with: Array("RIFF".utf8)) && $0.dropFirst(8).starts(with: Array("WEBP".utf8)) })
        #expect(png.allSatisfy { $0.starts(with: [0x89, 0x50, 0x4E, 0x47]) })
        // A WebP preview is the sticker's own file, byte for byte; a PNG one is smaller than its file, or
        // is the file itself (the tray icon, a small PNG).
        let tray = try Data(contentsOf: URL(fileURLWithPath: Conformance.projectRoot + "/SamplePacks/Stores/WhatsApp/Good/tray.png"))
        #expect(png.contains(tray))
        let files = try ["cat.webp", "confetti.webp", "wave.webp"].map {
            try Data(contentsOf: URL(fileURLWithPath: Conformance.projectRoot + "/SamplePacks/Stores/WhatsApp/Good/" + $0))
        }
        #expect(webp.allSatisfy(files.contains))
        #expect(png.allSatisfy { preview in preview == tray || preview.count < files.map(\.count).max()! })
        #expect(!webp.isEmpty && !png.isEmpty)
    }
}
