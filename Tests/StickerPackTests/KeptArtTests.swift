import Foundation
import StickerFiles
import StickerImage
import StickerLint
import StickerPack
import StickerTestSupport
import Testing

@Suite("pack --for: art a store takes as it is")
struct KeptArtTests {
    /// The art: TGS and Lottie JSON at their stores' time limits and one frame past them, a VP9 WebM and
    /// one with an audio stream, a Lottie JSON with a good canvas and a bad one, and a PNG.
    static func art(_ scratch: Scratch) throws -> [String: [UInt8]] {
        let files: [String: [UInt8]] = [
            "a.tgs": ExampleMotion.tgs(width: 512, height: 512, frameRate: 60, frames: 180, features: [], bytes: nil),
            "b long.tgs": ExampleMotion.tgs(width: 512, height: 512, frameRate: 60, frames: 181, features: [], bytes: nil),
            "c.webm": ExampleMotion.webm(width: 512, height: 300, frameRate: 30, frames: 90, codec: "V_VP9", audio: false, bytes: nil),
            "d talking.webm": ExampleMotion.webm(width: 512, height: 512, frameRate: 30, frames: 30, codec: "V_VP9", audio: true, bytes: nil),
            "e.json": ExampleMotion.lottieJSON(width: 320, height: 320, frameRate: 60, frames: 300, bytes: nil),
            "f long.json": ExampleMotion.lottieJSON(width: 320, height: 320, frameRate: 60, frames: 301, bytes: nil),
            "g.png": try ExampleContent.png(width: 600, height: 600).bytes()
        ]
        for (name, bytes) in files { try scratch.write("Art/" + name, bytes) }
        return files
    }

    static func store(_ report: [String: Any], _ id: String) throws -> [String: Any] {
        let stores = try #require(report["stores"] as? [[String: Any]])
        return try #require(stores.first { $0["store"] as? String == id }, "\(id)")
    }

    static func reasons(_ store: [String: Any]) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: (store["skipped"] as? [[String: Any]] ?? []).map {
                (PathText.lastComponent($0["path"] as? String ?? ""), $0["reason"] as? String ?? "")
            })
    }

    @Test(
        "a TGS and a WebM that check --profile telegram passes, and a Lottie JSON that check --profile discord passes, are kept byte for byte in sets of their own; one frame past 3 s (5 s) and an audio stream are left out with check's findings; a set of kept files gets no thumbnail, said"
    )
    func keptByteForByte() throws {
        let scratch = Scratch()
        let art = try Self.art(scratch)
        let (status, out, err) = try CLI.run(["pack", "Art", "--for", "telegram,discord", "-o", "Out", "--format", "json"], in: scratch.path)
        // Art was left out: exit 1, though both folders check clean.
        #expect(status == 1, "\(out)\(err)")
        let report = try StorePackTests.json(out)
        let telegram = try Self.store(report, "telegram"), discord = try Self.store(report, "discord")
        let made = try StorePackTests.tree(scratch.at("Out"))
        #expect(made["telegram/animated/a.tgs"] == art["a.tgs"])
        #expect(made["telegram/video/c.webm"] == art["c.webm"])
        #expect(made["discord/e.json"] == art["e.json"])
        #expect(
            Set(made.keys)
                == [
                    "telegram/still/g.webp", "telegram/still/thumb.webp", "telegram/animated/a.tgs", "telegram/video/c.webm", "discord/e.json",
                    "discord/g.png"
                ], "\(made.keys.sorted())")
        let files = try #require(telegram["files"] as? [[String: Any]])
        let kept = try #require(files.first { $0["path"] as? String == "animated/a.tgs" })
        #expect(kept["format"] as? String == "tgs" && kept["frames"] as? Int == 180 && kept["bytes"] as? Int == art["a.tgs"]?.count)
        #expect(
            kept["steps"] as? [String] == ["kept as it is (512×512, 180 frames at 60 fps, 3 s): check --profile telegram finds no error in it"],
            "\(kept)")
        let video = try #require(files.first { $0["path"] as? String == "video/c.webm" })
        #expect(video["format"] as? String == "webm" && video["width"] as? Int == 512 && video["height"] as? Int == 300)
        let telegramReasons = Self.reasons(telegram)
        #expect(
            telegramReasons["b long.tgs"]
                == "left out: Telegram takes TGS (gzip'd Lottie) as it is, but check --profile telegram finds animation plays 3,016.7 ms; "
                + "Telegram takes animated (TGS) stickers of at most 3,000 ms [animation-duration]; give --render-lottie to draw it (rlottie) "
                + "into frames made like any animation", "\(telegramReasons)")
        #expect(telegramReasons["d talking.webm"]?.contains("[video-stream]") == true, "\(telegramReasons)")
        #expect(telegramReasons["d talking.webm"]?.contains("--render-lottie") == false, "a WebM is never drawn")
        // Discord does not take TGS or WebM: left out as art stickerlint cannot make into its stickers.
        let discordReasons = Self.reasons(discord)
        #expect(discordReasons["f long.json"]?.contains("[animation-duration]") == true, "\(discordReasons)")
        #expect(discordReasons["a.tgs"]?.hasPrefix("not read: content is TGS") == true, "\(discordReasons)")
        #expect(telegramReasons["e.json"]?.hasPrefix("not read: content is Lottie JSON") == true, "\(telegramReasons)")
        // The animated and video sets are made of kept files only: no thumbnail, said; the still set has its thumb.webp.
        let notes = telegram["notes"] as? [String] ?? []
        #expect(
            notes.filter { $0.hasPrefix("no set thumbnail") }
                == [
                    "no set thumbnail is made for the animated stickers: every one is kept as it is (TGS (gzip'd Lottie)), and stickerlint makes pack files from art it decodes",
                    "no set thumbnail is made for the video stickers: every one is kept as it is (WebM video), and stickerlint makes pack files from art it decodes"
                ], "\(notes)")
        for (id, store) in [("telegram", telegram), ("discord", discord)] {
            let check = try #require(store["check"] as? [String: Any], "\(id)")
            #expect(check["errors"] as? Int == 0 && check["warnings"] as? Int == 0, "\(id): \(check)")
        }
    }

    @Test(
        "--render-lottie draws a TGS that Telegram would take as it is (as asked); iMessage leaves TGS and WebM out saying why"
    )
    func drawnWhenAsked() throws {
        try Requirement.require(VP9.isAvailable, "a build with the VideoStickers trait (libvpx)")
        let scratch = Scratch()
        _ = try Self.art(scratch)
        let (status, out, err) = try CLI.run(["pack", "Art", "--for", "telegram", "--render-lottie", "-o", "Drawn"], in: scratch.path)
        #expect(status == 1, "\(out)\(err)")
        // The example TGS draws one still disc: its 90 identical frames make a still WebP.
        #expect(
            out.contains("Art/a.tgs → still/a.webp\n  512×512 WebP, 5,620 bytes\n  drawn by rlottie: 90 frames of 618×618 from 180 frames at 60 fps"),
            "\(out)")
        #expect(!FileManager.default.fileExists(atPath: scratch.at("Drawn/animated")))
        let (catalogStatus, catalogOut, _) = try CLI.run(["pack", "Art", "-o", "Cat.xcstickers"], in: scratch.path)
        #expect(catalogStatus == 1, "\(catalogOut)")
        #expect(
            catalogOut.contains(
                "Art/a.tgs\n  not read: content is TGS (gzip'd Lottie), a vector animation: give --render-lottie to draw it (rlottie) into frames made like any animation"
            ), "\(catalogOut)")
        #expect(catalogOut.contains("Art/c.webm\n  not read: content is WebM video"), "\(catalogOut)")
    }
}
