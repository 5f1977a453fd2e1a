import Foundation
import StickerLint
import StickerTestSupport
import Testing

/// #54: every pack `pack --for all` makes is accepted by the transcription of its store's own validator:
/// from art whose names hold "..", emoji and spaces, with a name, publisher and labels past the stores'
/// lengths (70-emoji labels, a 100-emoji name).
@Suite("pack --for all, judged by the stores' own validators (transcribed)")
struct PackValidatorTests {
    static let stills = ["wink..cat.png", "🐱 smile.png", "a  b.png", "café.png", "big one.png", "wide..png", "tall.png", "x.y..z.png"]
    static let animations = ["wave..hi.png", "🎉 party.gif", "spin me.png", "hop.gif", "nod..png", "blink.png", "run run.gif", "zz.png"]

    static func art(_ scratch: Scratch) throws {
        for (index, name) in stills.enumerated() {
            let side = [512, 300, 200, 640, 900, 400, 250, 512][index]
            try scratch.write("Art/" + name, ExampleContent.png(width: side, height: index == 5 ? side / 2 : side, seed: index + 1).bytes())
        }
        for (index, name) in animations.enumerated() {
            let content: ExampleContent =
                name.hasSuffix(".gif")
                ? .gif(side: 200 + 20 * index, frames: 3 + index, delayCentiseconds: 8)
                : .apng(side: 220 + 20 * index, frames: 3 + index, delayMilliseconds: 90, seed: 20 + index)
            try scratch.write("Art/" + name, content.bytes())
        }
        let seventy = String(repeating: "🐱", count: 70)
        let rows = (stills + animations).map { "\"\($0)\",\(seventy),🐱" }
        try scratch.write("labels.csv", "file,label,emoji\n" + rows.joined(separator: "\n") + "\n")
    }

    @Test("WhatsApp, Telegram, Signal, LINE and Discord: every file and pack accepted as the store's code judges it")
    func packAll() throws {
        let scratch = Scratch()
        try Self.art(scratch)
        let hundred = String(repeating: "😀", count: 100)
        let (status, out, err) = try CLI.run(
            [
                "pack", "Art", "--for", "all", "-o", "Out", "--name", "Cat..Pack " + hundred, "--publisher", hundred, "--labels", "labels.csv",
                "--jobs", "2"
            ],
            in: scratch.path)
        // Exit 1: Telegram leaves out the animations its VP9 video cannot keep above the 45 dB floor (#55).
        #expect(status == 1, "\(out)\(err)")
        // Off a terminal, a line per piece of art once the run has lasted a second (this one lasts several
        // seconds): the last says all 16 are made, each names its art as every name is shown.
        let progress = err.split(separator: "\n").filter { $0.hasPrefix("packing ") }
        #expect(progress.last?.hasPrefix("packing 16/16: Art/") == true, "\(err)")
        #expect(
            progress.allSatisfy { line in Self.stills.contains { line.hasSuffix("/" + $0) } || Self.animations.contains { line.hasSuffix("/" + $0) } }
        )
        let root = scratch.at("Out")
        // The iMessage catalog of a 100-emoji name: its folder cut to fit a file name with its staging folder's.
        let catalogs = folderFiles(root + "/imessage")
        #expect(catalogs.count == 1 && catalogs[0].hasPrefix("Cat..Pack 😀") && catalogs[0].hasSuffix(".xcstickers"), "\(catalogs)")
        #expect(catalogs.allSatisfy { $0.utf8.count + 30 <= 255 }, "\(catalogs.map(\.utf8.count))")

        // WhatsApp: contents.json and its packs, as ContentFileParser and StickerPackValidator read them.
        let whatsApp = WhatsAppValidator.judge(contentsJSON: root + "/whatsapp/contents.json")
        #expect(whatsApp.accepted, "whatsapp: \(whatsApp)")
        let packs = folderFiles(root + "/whatsapp").filter { $0 != "contents.json" }
        #expect(packs.count == 2, "\(packs)")
        for pack in packs { #expect(folderFiles(root + "/whatsapp/" + pack).count == 9, "\(pack)") }

        // Telegram: a still set and a video set (#55), each sticker and each thumbnail as TDLib and the published rules take them.
        #expect(folderFiles(root + "/telegram") == ["still", "video"], "\(folderFiles(root + "/telegram"))")
        let stillSet = folderFiles(root + "/telegram/still"), videoSet = folderFiles(root + "/telegram/video")
        #expect(stillSet.count == Self.stills.count + 1, "\(stillSet)")
        #expect(videoSet.filter { $0.hasSuffix(".webm") }.count >= 2 && videoSet.contains { $0.hasPrefix("thumb.") }, "\(videoSet)")
        var verdict = TelegramValidator.judgeSet(count: stillSet.count - 1, emoji: false)
        for (set, names) in [("still", stillSet), ("video", videoSet)] {
            if set == "video" { verdict.add(TelegramValidator.judgeSet(count: names.count - 1, emoji: false)) }
            for name in names {
                verdict.add(TelegramValidator.judge(root + "/telegram/\(set)/" + name, as: name.hasPrefix("thumb.") ? .thumbnail : .sticker))
            }
        }
        #expect(verdict.accepted, "telegram: \(verdict)")

        // Signal: each file as the sticker creator takes it (a still after its redraw).
        let signal = folderFiles(root + "/signal")
        #expect(signal.count == Self.stills.count + Self.animations.count, "\(signal)")
        verdict = SignalValidator.judgeSet(count: signal.count)
        for name in signal { verdict.add(try SignalValidator.judge(root + "/signal/" + name)) }
        #expect(verdict.accepted, "signal: \(verdict)")

        // LINE: a still set and an animated set, each with its main and tab images.
        #expect(folderFiles(root + "/line") == ["animated", "still"])
        for set in ["animated", "still"] {
            let judged = LineValidator.judgeSet(root + "/line/" + set)
            #expect(judged.accepted, "line/\(set): \(judged)")
            #expect(folderFiles(root + "/line/" + set).count == 10, "\(set)")
        }

        // Discord: every file.
        let discord = folderFiles(root + "/discord")
        #expect(discord.count == Self.stills.count + Self.animations.count, "\(discord)")
        verdict = Verdict()
        for name in discord { verdict.add(DiscordValidator.judge(root + "/discord/" + name)) }
        #expect(verdict.accepted, "discord: \(verdict)")

        // No name lies about its content, in any store's folder (a WhatsApp tray.png once held a WebP: its iOS
        // sample types a file by its extension, ImageData.swift L141).
        let named: [String: Set<Media.Format>] = ["png": [.png, .apng], "webp": [.webp], "gif": [.gif], "tgs": [.tgs], "webm": [.webm]]
        let walker = FileManager.default.enumerator(atPath: root)
        var images = 0
        while let relative = walker?.nextObject() as? String {
            guard let expected = named[fileExtension(relative)] else { continue }
            let media = try Media.read(root + "/" + relative)
            #expect(expected.contains(media.format), "\(relative) holds \(media.format)")
            images += 1
        }
        #expect(images > 60, "\(images)")
    }
}
