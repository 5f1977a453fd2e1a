#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StickerFiles
import StickerImage
import StickerLint
import StickerPack
import StickerTestSupport
import Testing

/// `stickerlint pack --for STORE` (issue #41): art of every kind becomes each store's pack, checked
/// under that store's profile with no error and no warning, the same bytes every time, written whole or
/// not at all.
@Suite("pack for other stores")
struct StorePackTests {
    /// Art of every input kind, eight still and eight animated (so that a LINE set and a WhatsApp pack
    /// of each can be made): large, small, wide, opaque, lossy and lossless WebP, animated WebP, GIF with
    /// 0-cs delays, an APNG of 25 frames (over LINE's 20), of 2 (under its 5) and one of 12 seconds (over
    /// every store's time).
    static func art(_ scratch: Scratch) throws {
        let webp = Conformance.projectRoot + "/Tests/Fixtures/webp"
        let disk = DiskFileSystem()
        try scratch.write("Art/a large.png", ExampleContent.png(width: 1400, height: 1400, seed: 1).bytes())
        try scratch.write("Art/b wide.png", ExampleContent.png(width: 900, height: 400, seed: 2).bytes())
        try scratch.write("Art/c small.png", ExampleContent.png(width: 120, height: 90, seed: 3).bytes())
        try scratch.write("Art/d opaque.jpg", ExampleContent.jpeg(side: 640).bytes())
        try scratch.write("Art/e lossless.webp", try disk.read(webp + "/still-lossless-alpha.webp"))
        try scratch.write("Art/f lossy.webp", try disk.read(webp + "/still-lossy-alpha.webp"))
        try scratch.write("Art/g one frame.gif", ExampleContent.gif(side: 420, frames: 1).bytes())
        try scratch.write("Art/h tall.png", ExampleContent.png(width: 300, height: 700, style: .opaque, seed: 4).bytes())
        try scratch.write("Art/i wave.apng", ExampleContent.apng(side: 500, frames: 3).bytes())
        try scratch.write("Art/j bounce.gif", ExampleContent.gif(side: 408, frames: 4, delayCentiseconds: 0).bytes())
        try scratch.write("Art/k dance.webp", try disk.read(webp + "/anim-pillow-lossy.webp"))
        try scratch.write("Art/l many.png", ExampleContent.apng(side: 300, frames: 25, delayMilliseconds: 40, seed: 5).bytes())
        try scratch.write("Art/m two.png", ExampleContent.apng(side: 320, frames: 2, delayMilliseconds: 300, seed: 6).bytes())
        try scratch.write("Art/n slow.png", ExampleContent.apng(side: 360, frames: 10, delayMilliseconds: 1_200, seed: 7).bytes())
        try scratch.write("Art/o tiny.gif", ExampleContent.gif(side: 150, frames: 3, delayCentiseconds: 8).bytes())
        try scratch.write("Art/p big.png", ExampleContent.apng(side: 1000, frames: 3, seed: 8).bytes())
    }

    static let animated: Set<String> = [
        "i wave.apng", "j bounce.gif", "k dance.webp", "l many.png", "m two.png", "n slow.png", "o tiny.gif", "p big.png"
    ]

    /// `pack --for all` of the art in a fresh scratch folder: its exit status, report (standard output), and the
    /// folder. Standard error holds nothing but the progress lines a run over a second prints off a terminal.
    static func packAll() throws -> (status: Int32, report: String, scratch: Scratch) {
        let scratch = Scratch()
        try art(scratch)
        let (status, out, err) = try CLI.run(
            ["pack", "Art", "--for", "all", "-o", "Out", "--name", "Cats", "--publisher", "Ann", "--format", "json", "--jobs", "2"], in: scratch.path)
        #expect(err.split(separator: "\n").allSatisfy { $0.hasPrefix("packing ") && $0.contains("/16: Art/") }, "\(err)")
        return (status, out, scratch)
    }

    /// Every file under `root`, by its path there, with its bytes.
    static func tree(_ root: String) throws -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        let walker = FileManager.default.enumerator(atPath: root)
        while let name = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isFolder), !isFolder.boolValue {
                out[name] = try DiskFileSystem().read(root + "/" + name)
            }
        }
        return out
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    /// One run for every store (a run takes a while in a debug build): each store's checks, its layout,
    /// its retiming, and a second run byte for byte.
    @Test(
        "pack --for all: every input kind packs for each store and checks clean under its profile; layouts; retiming said; byte-identical twice"
    )
    func forAll() throws {
        let run = try Self.packAll()
        for store in ["whatsapp", "telegram", "signal", "line", "discord"] { try Self.checkStore(store, run) }
        try Self.layouts(run.scratch.path + "/Out")
        try Self.retiming(run.report)
        let second = try Self.packAll()
        #expect(second.status == run.status)
        let a = try Self.tree(run.scratch.path + "/Out"), b = try Self.tree(second.scratch.path + "/Out")
        #expect(a.count > 50 && a.keys.sorted() == b.keys.sorted(), "\(a.count) files")
        for (name, bytes) in a { #expect(b[name] == bytes, "\(name) differs") }
    }

    /// Every input kind packed for the store, and its folder clean under the store's profile (no error, no warning).
    static func checkStore(_ store: String, _ run: (status: Int32, report: String, scratch: Scratch)) throws {
        // Exit 1: Telegram leaves out the animations whose VP9 video (4:2:0 colour) is under the 45 dB floor.
        #expect(run.status == 1, "\(run.report)")
        let report = try Self.json(run.report)
        let stores = try #require(report["stores"] as? [[String: Any]])
        let entry = try #require(stores.first { $0["store"] as? String == store })
        let check = try #require(entry["check"] as? [String: Any], "\(entry)")
        #expect(check["errors"] as? Int == 0 && check["warnings"] as? Int == 0, "\(store): \(check)")
        let skipped = (entry["skipped"] as? [[String: Any]] ?? []).map { (PathText.lastComponent($0["path"] as! String), $0["reason"] as! String) }
        let files = try #require(entry["files"] as? [[String: Any]])
        let made = Set(files.map { PathText.lastComponent($0["source"] as! String) })
        if store == "telegram" {
            // Animations are VP9 video stickers (#55); those whose colours VP9's 4:2:0 cannot keep above the
            // floor (hard pixel-art edges) are left out, saying so.
            #expect(Set(skipped.map(\.0)).isSubset(of: Self.animated) && Self.animated.subtracting(skipped.map(\.0)).isSubset(of: made))
            #expect(Self.animated.subtracting(skipped.map(\.0)).count >= 4, "\(skipped)")
            #expect(skipped.allSatisfy { $0.1.contains("VP9") && $0.1.contains("quality") && $0.1.contains("--min-psnr") }, "\(skipped)")
            let videos = files.filter { ($0["path"] as! String).hasSuffix(".webm") && !($0["path"] as! String).hasSuffix("/thumb.webm") }
            #expect(videos.allSatisfy { $0["format"] as? String == "webm" && ($0["path"] as! String).hasPrefix("video/") }, "\(videos)")
            #expect(videos.count == Self.animated.subtracting(skipped.map(\.0)).count)
        } else {
            #expect(skipped.isEmpty, "\(store): \(skipped)")
            #expect(Self.animated.isSubset(of: made), "\(store)")
        }
        // And an independent check of the folder, by the CLI, under the store's profile.
        let folder = run.scratch.path + "/Out/" + store
        let (status, out, _) = try CLI.run(["check", "--no-cache", "--profile", store, folder])
        #expect(status == 0, "\(store): \(out)")
        #expect(out.hasSuffix(" 0 errors, 0 warnings, 0 notes\n"), "\(out)")
        // Every file is what the store takes, at the store's sides, decoded by our decoder.
        let profile = try #require(Profile(rawValue: store))
        let limits = try #require(profile.ofStore?.limits)
        for file in files {
            let path = folder + "/" + (file["path"] as! String)
            if path.hasSuffix(".webm") {
                // A video sticker, read by the WebM reader: VP9, no audio, within the video kind's sides, time and rate.
                let bytes = try DiskFileSystem().read(path)
                let facts = try WebM.read(bytes)
                let kind = try #require(limits.packFile(for: path).map { $0.video } ?? limits.video)
                #expect(facts.codec == "V_VP9" && facts.audioTracks == 0 && kind.sides.allows(width: facts.width, height: facts.height), "\(path)")
                #expect(facts.durationMilliseconds <= 3_000 && (facts.frameRate ?? 0) <= 30 && bytes.count <= kind.maxBytes, "\(path): \(facts)")
                continue
            }
            let image = try ImageDecoder().decode(try DiskFileSystem().read(path))
            let animated = image.frames.count > 1
            let kind = limits.packFile(for: path).map { animated ? $0.animated ?? $0.image : $0.image } ?? limits.kind(animated: animated)
            #expect(kind.sides.allows(width: image.width, height: image.height), "\(path): \(image.width)×\(image.height)")
            #expect(kind.formats.contains(image.header.format), "\(path): \(image.header.format)")
        }
    }

    /// Each store's layout: WhatsApp's contents.json and packs by identifier, LINE's numbered sets with
    /// main and tab, Telegram's thumbnail.
    static func layouts(_ root: String) throws {
        let disk = DiskFileSystem()
        func list(_ folder: String) -> [String] { (disk.list(root + "/" + folder) ?? []).sorted() }
        #expect(list("") == ["discord", "imessage", "line", "signal", "telegram", "whatsapp"])
        #expect(list("whatsapp") == ["Cats", "Cats_animated", "contents.json"])
        #expect(list("whatsapp/Cats").contains("tray.png") && list("whatsapp/Cats").count == 9, "\(list("whatsapp/Cats"))")
        #expect(list("line") == ["animated", "still"])
        #expect(list("line/still") == ["01.png", "02.png", "03.png", "04.png", "05.png", "06.png", "07.png", "08.png", "main.png", "tab.png"])
        // LINE's main image is as its set is: a PNG for the stills, an APNG for the animations (a tab image is a still in both).
        func header(_ path: String) throws -> ImageHeader { try ImageDecoder().probe(try disk.read(root + "/" + path)) }
        #expect(try header("line/still/main.png").format == .png)
        #expect(try header("line/animated/main.png").format == .apng)
        #expect(try header("line/animated/main.png").width == 240 && header("line/animated/main.png").height == 240)
        #expect(try header("line/animated/tab.png").format == .png)
        // Telegram: a still set and a video set, each with its thumbnail (#55).
        #expect(list("telegram") == ["still", "video"], "\(list("telegram"))")
        #expect(list("telegram/still").contains("thumb.webp") && list("telegram/still").count == 9, "\(list("telegram/still"))")
        // The video set's thumbnail is a video (100×100, ≤ 32,768 bytes) where one fits.
        #expect(list("telegram/video").contains("thumb.webm") && list("telegram/video").filter { $0.hasSuffix(".webm") }.count >= 5)
        #expect(list("imessage") == ["Cats.xcstickers"])
        let contents = try Self.json(String(decoding: try disk.read(root + "/whatsapp/contents.json"), as: UTF8.self))
        let packs = try #require(contents["sticker_packs"] as? [[String: Any]])
        #expect(packs.map { $0["identifier"] as? String } == ["Cats", "Cats_animated"])
        #expect(packs.map { $0["publisher"] as? String } == ["Ann", "Ann"])
        #expect(packs.map { $0["animated_sticker_pack"] as? Bool } == [false, true])
    }

    /// Retimed only where a store's limit demands it, and said: LINE merges 25 frames into 20, repeats 2
    /// to 6, plays 12 s within 4; WhatsApp within 10 s, Discord 5 s; Signal, with no limit, keeps it.
    static func retiming(_ text: String) throws {
        let report = try Self.json(text)
        let stores = try #require(report["stores"] as? [[String: Any]])
        func steps(_ store: String, _ source: String) -> [String] {
            let files = stores.first { $0["store"] as? String == store }?["files"] as? [[String: Any]] ?? []
            return files.first { ($0["source"] as? String)?.hasSuffix(source) == true && !(($0["path"] as? String) ?? "").contains("tab") }?["steps"]
                as? [String] ?? []
        }
        #expect(steps("line", "l many.png").contains("25 frames merged into 20 (LINE takes 5–20), the time kept"))
        #expect(steps("line", "m two.png").contains { $0.hasPrefix("its 2 frames played 3 times over to make 6") })
        #expect(steps("line", "n slow.png").contains { $0.hasPrefix("sped up from 12,000 ms to 4,000 ms a pass") })
        #expect(steps("discord", "n slow.png").contains { $0.hasPrefix("sped up from 12,000 ms to 5,000 ms") })
        #expect(steps("whatsapp", "n slow.png").contains { $0.hasPrefix("sped up from 12,000 ms to 10,000 ms") })
        #expect(!steps("signal", "n slow.png").contains { $0.contains("sped up") })
    }

    @Test(
        "--archive: WhatsApp's packs as .wastickers (title.txt, author.txt, tray.png, the WebP stickers), LINE's set as a ZIP of main, tab and 01…; Signal's folder as it is"
    )
    func archives() throws {
        try Requirement.require(Tools.available("unzip") && Tools.available("python3"), "unzip and python3")
        let scratch = Scratch()
        for seed in 1...8 { try scratch.write("Art/cat \(seed).png", ExampleContent.png(width: 600, height: 600, seed: seed).bytes()) }
        let (status, out, err) = try CLI.run(
            ["pack", "Art", "--for", "whatsapp,line,signal", "-o", "Out", "--name", "Cats", "--publisher", "Ann", "--archive", "--format", "json"],
            in: scratch.path)
        #expect(status == 0, "\(err) \(out.suffix(800))")
        let stores = try #require(try Self.json(out)["stores"] as? [[String: Any]])
        let archives = Dictionary(uniqueKeysWithValues: stores.map { ($0["store"] as! String, $0["archives"] as? [[String: Any]] ?? []) })
        #expect(archives["whatsapp"]?.map { $0["path"] as? String } == ["Cats.wastickers"], "\(archives)")
        #expect(archives["line"]?.map { $0["path"] as? String } == ["Cats.zip"], "\(archives)")
        #expect(archives["signal"]?.isEmpty == true)
        let signalNotes = stores.first { $0["store"] as? String == "signal" }?["notes"] as? [String] ?? []
        #expect(signalNotes.contains { $0.contains("--archive: Signal takes the pack's files as they are") }, "\(signalNotes)")
        // Read back by Python's zipfile (each member the folder's file, byte for byte) and tested by unzip.
        let script = """
            import sys, zipfile, os
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            names = z.namelist()
            print(",".join(names))
            for n in ("title.txt", "author.txt"):
                if n in names: print(n, repr(z.read(n).decode()))
            print(all(z.read(n) == open(os.path.join(sys.argv[2], n), "rb").read() for n in names if not n.endswith(".txt")))
            """
        let wastickers = try Process.run(
            Tools.path("python3"), ["-c", script, scratch.at("Out/whatsapp/Cats.wastickers"), scratch.at("Out/whatsapp/Cats")])
        let stickers = (1...8).map { "cat \($0).webp" }
        #expect(
            wastickers.1 == "title.txt,author.txt,\(stickers.joined(separator: ",")),tray.png\ntitle.txt 'Cats\\n'\nauthor.txt 'Ann\\n'\nTrue\n",
            "\(wastickers)")
        let line = try Process.run(Tools.path("python3"), ["-c", script, scratch.at("Out/line/Cats.zip"), scratch.at("Out/line")])
        #expect(line.1 == "01.png,02.png,03.png,04.png,05.png,06.png,07.png,08.png,main.png,tab.png\nTrue\n", "\(line)")
        for archive in ["Out/whatsapp/Cats.wastickers", "Out/line/Cats.zip"] {
            let (tested, said, _) = try Process.run(Tools.path("unzip"), ["-t", scratch.at(archive)])
            #expect(tested == 0 && said.contains("No errors detected"), "\(archive): \(said)")
        }
        // A store's pack name may hold "/" and a leading dot; the archive named from it stays in the folder, in sight.
        let (hostile, hostileOut, hostileErr) = try CLI.run(
            ["pack", "Art", "--for", "line", "-o", "Named", "--name", "../../evil/x", "--archive", "--format", "json"], in: scratch.path)
        #expect(hostile == 0, "\(hostileErr)")
        let named = try #require(try Self.json(hostileOut)["stores"] as? [[String: Any]]).first?["archives"] as? [[String: Any]]
        #expect(named?.map { $0["path"] as? String } == ["_._.._evil_x.zip"], "\(String(describing: named))")
        #expect(DiskFileSystem().kind(scratch.at("Named/_._.._evil_x.zip")) == .file)
        #expect(try #require(DiskFileSystem().list(scratch.path)).sorted() == ["Art", "Named", "Out"])
        // Each store's folder still checks clean with its archive in it.
        for store in ["whatsapp", "line"] {
            let (checked, report, _) = try CLI.run(["check", "--no-cache", "--profile", store, "Out/\(store)"], in: scratch.path)
            #expect(checked == 0, "\(store): \(report)")
        }
    }

    @Test("with other stores, the iMessage catalog is made from the same decode, byte for byte the catalog pack alone makes")
    func catalogFromTheSameDecode() throws {
        let scratch = Scratch()
        try scratch.write("Art/a.png", ExampleContent.png(width: 700, height: 700).bytes())
        try scratch.write("Art/b.gif", ExampleContent.gif(side: 408, frames: 3, delayCentiseconds: 0).bytes())
        try scratch.write("Art/c.jpg", ExampleContent.jpeg(side: 500).bytes())
        let (status, out, err) = try CLI.run(["pack", "Art", "--for", "imessage,signal", "-o", "Both", "--name", "Cats"], in: scratch.path)
        // The catalog has no icon (check says so), and the JPEG, with no transparency, is left out of it.
        #expect(status == 1, "\(out)\(err)")
        #expect(out.contains("made Both/imessage/Cats.xcstickers/Cats.stickerpack: 2 stickers"), "\(out)")
        #expect(out.contains("left out: no transparent pixel in the art: Messages needs a transparent background"), "\(out)")
        let (alone, aloneOut, _) = try CLI.run(["pack", "Art", "-o", "Cats.xcstickers", "--name", "Cats"], in: scratch.path)
        #expect(alone == 1, "\(aloneOut)")
        let both = try Self.tree(scratch.at("Both/imessage/Cats.xcstickers")), single = try Self.tree(scratch.at("Cats.xcstickers"))
        #expect(both.count == 6 && both.keys.sorted() == single.keys.sorted(), "\(both.keys.sorted())")
        for (name, bytes) in both { #expect(single[name] == bytes, "\(name) differs") }
    }

    @Test("art no encoding fits under a store's limit is refused with the store's own number (Signal's 307,200, never 307,201)")
    func fitFailureWording() throws {
        let scratch = Scratch()
        // 3 frames of 512×512 noise: 16 colours are 393,216 bytes of pixels, lossy WebP at its floor about 400 KB.
        var state: UInt64 = 52
        let frames = (0..<3).map { _ in
            ImageFrame(
                pixels: (0..<(512 * 512 * 4)).map { i in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return i % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: state >> 56)
                }, delay: FrameDelay(numerator: 100, denominator: 1000))
        }
        try scratch.write("Art/static.png", try FrameEncoder.apng(frames, width: 512, height: 512, loopCount: 0))
        let (status, out, err) = try CLI.run(["pack", "Art", "--for", "signal", "-o", "Out", "--name", "N", "--min-psnr", "1"], in: scratch.path)
        #expect(status == 2, "\(out)\(err)")
        // 3 frames: merged, at the least every 2nd is kept (two frames); the store's own number, never one more.
        #expect(
            err.contains(
                "bytes without loss, over Signal's 307,200: no rate and way down to a palette of 32 colours, every 2nd frame kept at the "
                    + "least, fits: the smallest is about "), "\(err)")
        #expect(!err.contains("307,201"), "\(err)")
    }

    @Test("an interrupted run (SIGINT, SIGTERM) leaves neither the output nor a hidden folder")
    func interrupted() throws {
        for signal in [SIGINT, SIGTERM] {
            let scratch = Scratch()
            try Self.art(scratch)
            // Once its hidden folder exists it is making stickers: stop it then.
            let (seen, reason, status) = try Process.interrupt(
                ["pack", "Art", "--for", "all", "-o", "Out", "--jobs", "1"], in: scratch.path, hiddenPrefix: ".Out.stickerlint-pack-", signal: signal,
                delay: 300_000)
            #expect(seen, "pack never started writing")
            #expect(reason == .uncaughtSignal && status == signal, "\(status)")
            #expect(try #require(DiskFileSystem().list(scratch.path)) == ["Art"], "left behind after signal \(signal)")
        }
    }

    @Test(
        "arguments: --for names a store; a catalog path is refused; --emoji-set goes with telegram; --dry-run writes nothing; an existing output needs --force"
    )
    func arguments() throws {
        let scratch = Scratch()
        try scratch.write("Art/a.png", ExampleContent.png(width: 600, height: 600).bytes())
        let bad: [([String], String)] = [
            (["--for", "myspace", "-o", "Out"], "--for takes imessage, whatsapp, telegram, signal, line, discord or all"),
            (["--for", "whatsapp", "-o", "Out.xcstickers"], "not a catalog"),
            (["--for", "signal", "--emoji-set", "-o", "Out"], "--emoji-set goes with --for telegram"),
            (["--for", "whatsapp", "--into", "S.xcstickers"], "give -o FOLDER"),
            (["--archive", "-o", "S.xcstickers"], "--archive goes with --for STORE")
        ]
        for (arguments, message) in bad {
            let (status, _, err) = try CLI.run(["pack", "Art"] + arguments, in: scratch.path)
            #expect(status == 64 || status == 2, "\(arguments): \(status)")
            #expect(err.contains(message), "\(arguments): \(err)")
        }
        // A dry run says what it would make and writes nothing.
        let (dryStatus, dryOut, _) = try CLI.run(["pack", "Art", "--for", "signal", "-o", "Out", "--dry-run"], in: scratch.path)
        #expect(dryStatus == 0 && dryOut.hasPrefix("would make Out: Signal (--profile signal), 1 file"), "\(dryOut)")
        #expect(try #require(DiskFileSystem().list(scratch.path)) == ["Art"])
        try scratch.write("Out/keep.txt", Array("mine".utf8))
        let (status, _, err) = try CLI.run(["pack", "Art", "--for", "signal", "-o", "Out"], in: scratch.path)
        #expect(status == 2 && err.contains("Out exists: give --force"), "\(err)")
        #expect(try DiskFileSystem().read(scratch.at("Out/keep.txt")) == Array("mine".utf8))
        // With --force the folder is replaced as a whole, nothing left beside it.
        let (forced, forcedOut, _) = try CLI.run(["pack", "Art", "--for", "signal", "-o", "Out", "--force"], in: scratch.path)
        #expect(forced == 0, "\(forcedOut)")
        #expect(DiskFileSystem().list(scratch.at("Out")) == ["a.png"])
        #expect(try #require(DiskFileSystem().list(scratch.path)).sorted() == ["Art", "Out"])
    }

    @Test("emoji from --labels: an emoji column (CSV with a header) or JSON objects; one character an emoji; none or over three said")
    func emojiColumn() throws {
        let csv = "file,label,emoji\na.png,Happy cat,🐱😺\nb.png,\"Thumbs, up\",👍🏽 🇯🇵\nc.png,Four,🐱😺😸😻\nd.png,None,\n"
        #expect(try PackNaming.emoji(Array(csv.utf8), path: "l.csv") == ["a.png": ["🐱", "😺"], "b.png": ["👍🏽", "🇯🇵"], "c.png": ["🐱", "😺", "😸", "😻"]])
        #expect(
            try PackNaming.labels(Array(csv.utf8), path: "l.csv") == ["a.png": "Happy cat", "b.png": "Thumbs, up", "c.png": "Four", "d.png": "None"])
        let json = #"{"a.png": {"label": "Cat", "emoji": ["🐱", "😺"]}, "b.png": "Dog", "c.png": {"emoji": "🎉"}}"#
        #expect(try PackNaming.emoji(Array(json.utf8), path: "l.json") == ["a.png": ["🐱", "😺"], "c.png": ["🎉"]])
        #expect(try PackNaming.labels(Array(json.utf8), path: "l.json") == ["a.png": "Cat", "b.png": "Dog"])
        // A row short of the header's columns is refused with its line; two-column files still read.
        #expect(throws: PackNaming.FileProblem.self) { try PackNaming.labels(Array("file,label,emoji\na.png,Cat\n".utf8), path: "l.csv") }
        #expect(try PackNaming.labels(Array("a.png,Cat\n".utf8), path: "l.csv") == ["a.png": "Cat"])
        #expect(try PackNaming.emoji(Array("a.png,Cat\n".utf8), path: "l.csv").isEmpty)

        let scratch = Scratch()
        for (index, name) in ["a.png", "b.png", "c.png", "d.png"].enumerated() {
            try scratch.write("Art/" + name, ExampleContent.png(width: 512, height: 512, seed: index).bytes())
        }
        try scratch.write("labels.csv", Array(csv.utf8))
        let (status, out, err) = try CLI.run(
            ["pack", "Art", "--for", "whatsapp", "-o", "WA", "--name", "Cats", "--publisher", "Ann", "--labels", "labels.csv"], in: scratch.path)
        #expect(status == 0, "\(out)\(err)")
        #expect(out.contains("note: 1 of 4 stickers is tagged 🙂 for WhatsApp's search"), "\(out)")
        #expect(out.contains("c.png: 4 emoji given, WhatsApp takes 3: the first 3 kept"), "\(out)")
        let contents = try Self.json(String(decoding: try DiskFileSystem().read(scratch.at("WA/contents.json")), as: UTF8.self))
        let pack = try #require((contents["sticker_packs"] as? [[String: Any]])?.first)
        let stickers = try #require(pack["stickers"] as? [[String: Any]])
        #expect(stickers.map { $0["emojis"] as? [String] ?? [] } == [["🐱", "😺"], ["👍🏽", "🇯🇵"], ["🐱", "😺", "😸"], ["🙂"]])
        #expect(stickers.map { $0["accessibility_text"] as? String } == ["Happy cat", "Thumbs, up", "Four", "None"])
        let (checkStatus, checkOut, _) = try CLI.run(["check", "--no-cache", "--profile", "whatsapp", "WA"], in: scratch.path)
        #expect(checkStatus == 0, "\(checkOut)")
    }

    /// #54: what WhatsApp's code refuses, `pack --for whatsapp` never writes: a name, publisher or label
    /// cut by UTF-16 units, never inside a character; an image_file without "..".
    @Test("pack --for whatsapp: art named wink..cat, a 100-emoji name and publisher, 70-emoji labels: a pack its own check passes")
    func whatsAppNamesAndLengths() throws {
        let scratch = Scratch()
        for (index, name) in ["wink..cat.png", "b.png", "c...d.png"].enumerated() {
            try scratch.write("Art/" + name, ExampleContent.png(width: 512, height: 512, seed: index).bytes())
        }
        let face = "\u{1F600}", seventy = String(repeating: "\u{1F431}", count: 70)
        try scratch.write("labels.csv", Array("file,label,emoji\nwink..cat.png,\(seventy),🐱\nb.png,\(seventy)x,🐱\nc...d.png,\(seventy),🐱\n".utf8))
        let hundred = String(repeating: face, count: 100)
        let (status, out, err) = try CLI.run(
            ["pack", "Art", "--for", "whatsapp", "-o", "WA", "--name", hundred, "--publisher", hundred, "--labels", "labels.csv"], in: scratch.path)
        #expect(status == 0, "\(out)\(err)")
        let folders = (DiskFileSystem().list(scratch.at("WA")) ?? []).filter { $0 != "contents.json" }
        let files = folders.flatMap { folder in DiskFileSystem().list(scratch.at("WA/" + folder)) ?? [] }
        #expect(files.sorted() == ["b.webp", "c.d.webp", "tray.png", "wink.cat.webp"], "\(files)")
        let contents = try Self.json(String(decoding: try DiskFileSystem().read(scratch.at("WA/contents.json")), as: UTF8.self))
        let pack = try #require((contents["sticker_packs"] as? [[String: Any]])?.first)
        for key in ["name", "publisher"] {
            let value = try #require(pack[key] as? String)
            #expect(value.utf16.count == 128 && value == String(repeating: face, count: 64), "\(key): \(value.utf16.count)")
        }
        let texts = try #require(pack["stickers"] as? [[String: Any]]).compactMap { $0["accessibility_text"] as? String }
        #expect(
            texts.count == 3 && texts.allSatisfy { $0.utf16.count <= 125 && $0.unicodeScalars.allSatisfy { $0 == "\u{1F431}" } },
            "\(texts.map(\.utf16.count))")
        let (checkStatus, checkOut, _) = try CLI.run(["check", "--no-cache", "--profile", "whatsapp", "WA"], in: scratch.path)
        #expect(checkStatus == 0, "\(checkOut)")
        // A name with a run of dots: an identifier (and folder) with none, which the validator takes.
        let (dotsStatus, dotsOut, dotsErr) = try CLI.run(["pack", "Art", "--for", "whatsapp", "-o", "Dots", "--name", "Cat...Pack"], in: scratch.path)
        #expect(dotsStatus == 0, "\(dotsOut)\(dotsErr)")
        #expect(DiskFileSystem().list(scratch.at("Dots"))?.sorted() == ["Cat._.Pack", "contents.json"])
        let dots = try Self.json(String(decoding: try DiskFileSystem().read(scratch.at("Dots/contents.json")), as: UTF8.self))
        let dotsPack = try #require((dots["sticker_packs"] as? [[String: Any]])?.first)
        #expect(dotsPack["identifier"] as? String == "Cat._.Pack" && dotsPack["name"] as? String == "Cat...Pack")
        #expect(try CLI.run(["check", "--no-cache", "--profile", "whatsapp", "Dots"], in: scratch.path).0 == 0)
    }

    @Test(
        "Telegram video stickers (#55): a 4.8-second 50 fps animation becomes a VP9 WebM of at most 3 s and 30 frames a second, said, in a video set; as emoji, 100×100 within 65,536 bytes",
        Requirement.trait(VP9.isAvailable, "a build with the VideoStickers trait (libvpx)"))
    func videoStickers() throws {
        try Requirement.require(VP9.isAvailable, "a build with the VideoStickers trait (libvpx)")
        let scratch = Scratch()
        try scratch.write("Art/still.png", ExampleContent.png(width: 600, height: 600).bytes())
        try scratch.write("Art/fast.png", ExampleContent.apng(side: 300, frames: 240, delayMilliseconds: 20, seed: 3).bytes())
        let (status, out, err) = try CLI.run(["pack", "Art", "--for", "telegram", "-o", "Out", "--min-psnr", "10"], in: scratch.path)
        #expect(status == 0, "\(out)\(err)")
        #expect(DiskFileSystem().list(scratch.at("Out"))?.sorted() == ["still", "video"])
        #expect(DiskFileSystem().list(scratch.at("Out/video"))?.sorted() == ["fast.webm", "thumb.webm"])
        let thumb = try DiskFileSystem().read(scratch.at("Out/video/thumb.webm"))
        let thumbFacts = try WebM.read(thumb)
        #expect(thumbFacts.width == 100 && thumbFacts.height == 100 && thumb.count <= 32_768, "\(thumbFacts) \(thumb.count)")
        #expect(out.contains("Art/fast.png → video/fast.webm\n  512×512 VP9 WebM of "), "\(out)")
        #expect(out.contains("sped up from 4,800 to 3,000 ms (Telegram plays a video sticker for at most 3,000 ms)"), "\(out)")
        #expect(out.contains("(Telegram plays at most 30 frames a second)"), "\(out)")
        let facts = try WebM.read(try DiskFileSystem().read(scratch.at("Out/video/fast.webm")))
        #expect(facts.codec == "V_VP9" && facts.width == 512 && facts.height == 512 && facts.durationMilliseconds <= 3_000)
        #expect((facts.frameRate ?? 99) <= 30 && facts.frames >= 80, "\(facts)")
        let (checkStatus, checkOut, _) = try CLI.run(["check", "--no-cache", "--profile", "telegram", "Out"], in: scratch.path)
        #expect(checkStatus == 0 && checkOut.hasSuffix("0 errors, 0 warnings, 0 notes\n"), "\(checkOut)")
        // Custom emoji: 100×100, within TDLib's 65,536 bytes for an emoji's WebM.
        let (emojiStatus, emojiOut, emojiErr) = try CLI.run(
            ["pack", "Art", "--for", "telegram", "--emoji-set", "-o", "Emoji", "--min-psnr", "10"], in: scratch.path)
        #expect(emojiStatus == 0, "\(emojiOut)\(emojiErr)")
        let emoji = try DiskFileSystem().read(scratch.at("Emoji/video/fast.webm"))
        let emojiFacts = try WebM.read(emoji)
        #expect(emojiFacts.width == 100 && emojiFacts.height == 100 && emoji.count <= 65_536, "\(emojiFacts) \(emoji.count)")
        #expect(try CLI.run(["check", "--no-cache", "--profile", "telegram-emoji", "Emoji"], in: scratch.path).0 == 0)
    }

    @Test(
        "--render-lottie (#55): a TGS drawn by rlottie becomes a Telegram video sticker as rlottie draws it, an iMessage APNG of its frames at 30 fps, and without the flag (not a TGS Telegram takes as it is) is left out saying so",
        Requirement.trait(VP9.isAvailable, "a build with the VideoStickers trait (libvpx)"))
    func renderLottie() throws {
        try Requirement.require(VP9.isAvailable, "a build with the VideoStickers trait (libvpx)")
        let scratch = Scratch()
        // A 2-second, 60 fps TGS on a 320×320 canvas: a 60 px square sliding from x 60 to x 260.
        let json =
            #"{"v":"5.7.4","fr":60,"ip":0,"op":120,"w":320,"h":320,"assets":[],"layers":[{"ty":4,"ind":1,"ip":0,"op":120,"st":0,"#
            + #""ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":1,"k":[{"t":0,"s":[60,160],"i":{"x":1,"y":1},"o":{"x":0,"y":0}},"#
            + #"{"t":119,"s":[260,160]}]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"#
            + #""s":{"a":0,"k":[60,60]},"r":{"a":0,"k":8}},{"ty":"fl","c":{"a":0,"k":[0.2,0.5,1,1]},"o":{"a":0,"k":100}}]}]}"#
        let tgs = ExampleMotion.gzipStored(Array(json.utf8))
        try scratch.write("Art/disc.tgs", tgs)
        try scratch.write("Art/cat.png", ExampleContent.png(width: 600, height: 600).bytes())
        let (plainStatus, plainOut, _) = try CLI.run(["pack", "Art", "--for", "telegram", "-o", "Plain"], in: scratch.path)
        #expect(plainStatus == 1, "\(plainOut)")
        #expect(
            plainOut.contains(
                "Art/disc.tgs\n  left out: Telegram takes TGS (gzip'd Lottie) as it is, but check --profile telegram finds canvas is 320×320 px; "
                    + "Telegram takes animated (TGS) stickers exactly 512×512 px [pixel-dimensions]; give --render-lottie to draw it (rlottie) into "
                    + "frames made like any animation"
            ), "\(plainOut)")
        // Lottie JSON in a folder is walked too when it is to be drawn (a Discord-style .json, 320×320).
        try scratch.write("Art/wave.json", ExampleMotion.lottieJSON(width: 320, height: 320, frameRate: 30, frames: 45, bytes: nil))
        let (status, out, err) = try CLI.run(["pack", "Art", "--for", "telegram", "--render-lottie", "-o", "Out/telegram"], in: scratch.path)
        #expect(status == 0, "\(out)\(err)")
        #expect(out.contains("Art/wave.json → "), "\(out)")
        #expect(out.contains("drawn by rlottie: 60 frames of 618×618 from 120 frames at 60 fps on a 320×320 canvas"), "\(out)")
        #expect(try CLI.run(["check", "--no-cache", "--profile", "telegram", "Out/telegram"], in: scratch.path).0 == 0)
        // The video shows what rlottie draws at 512×512, frame for frame (every other of the 60 fps document).
        let video = try VideoSticker.decode(try DiskFileSystem().read(scratch.at("Out/telegram/video/disc.webm")))
        let animation = try LottieRenderer.load(tgs)
        let drawn = try LottieRenderer.render(animation, frames: [0, 40, 118], width: 512, height: 512)
        #expect(video.count == 60 && video.map(\.milliseconds).prefix(3) == [0, 34, 67], "\(video.map(\.milliseconds))")
        for (frame, index) in zip(drawn, [0, 20, 59]) {
            let error = Quantizer.squaredError(frame, video[index].rgba)
            #expect(Quantizer.psnr(squaredError: error, bytes: frame.count) >= 45, "frame \(index)")
        }
        // iMessage: an APNG of the 60 drawn frames, 2/60 s each: two seconds, looping forever (the catalog has no
        // icon set: check's one error, and exit status 1).
        let (catalogStatus, catalogOut, _) = try CLI.run(
            ["pack", "Art", "--render-lottie", "-o", "Out/imessage/Stickers.xcstickers"], in: scratch.path)
        #expect(catalogStatus == 1 && catalogOut.contains("1 error, 0 warnings"), "\(catalogOut)")
        let png = try DiskFileSystem().read(scratch.at("Out/imessage/Stickers.xcstickers/Art.stickerpack/disc.sticker/disc.png"))
        let decoded = try ImageDecoder().decode(png)
        #expect(decoded.header.format == .apng && decoded.frames.count == 60 && decoded.header.loopCount == 0)
        #expect(abs(decoded.frames.reduce(0) { $0 + $1.delay.exactMilliseconds } - 2_000) < 1e-6)
    }

    /// A 3-second, 60 fps TGS of `layers` half-transparent discs (400 px on a 512 canvas) drifting, or, with
    /// `offCanvas`, one disc wholly past the canvas's right edge.
    static func discs(_ layers: Int, offCanvas: Bool = false) -> [UInt8] {
        let x = offCanvas ? 900 : 256
        let layer =
            #"{"ty":4,"ind":%d,"ip":0,"op":180,"st":0,"ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":1,"k":[{"t":0,"s":[\#(x),256],"#
            + #""i":{"x":1,"y":1},"o":{"x":0,"y":0}},{"t":180,"s":[\#(x + 40),200]}]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}},"#
            + #""shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[\#(offCanvas ? 200 : 400),\#(offCanvas ? 200 : 400)]}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":50}}]}"#
        let all = (1...layers).map { layer.replacingOccurrences(of: "%d", with: "\($0)") }.joined(separator: ",")
        return ExampleMotion.gzipStored(
            Array(#"{"v":"5.7.4","fr":60,"ip":0,"op":180,"w":512,"h":512,"assets":[],"layers":[\#(all)]}"#.utf8))
    }

    @Test(
        "--render-lottie: SIGTERM and SIGINT stop a slow drawing within its frame (3,000 layers took 74 s and ignored them; 160, just under the paint budget, still take seconds); art that shows nothing is left out, not made empty"
    )
    func renderLottieEdges() throws {
        for signal in [SIGTERM, SIGINT] {
            let scratch = Scratch()
            // 160 discs of 0.61 drawings each: 97.7 a frame, under `LottieRenderer.maxPainted` (3,000 are refused now).
            try scratch.write("Art/slow.tgs", Self.discs(160))
            let started = Date()
            let (seen, reason, status) = try Process.interrupt(
                ["pack", "Art", "--for", "telegram", "--render-lottie", "-o", "Out", "--jobs", "1"], in: scratch.path,
                hiddenPrefix: ".Out.stickerlint-pack-", signal: signal, delay: 500_000)
            #expect(seen, "pack never started writing")
            #expect(reason == .uncaughtSignal && status == signal, "\(status)")
            // Drawing it whole takes seconds; interrupted, the run ends within a frame or two.
            #expect(Date().timeIntervalSince(started) < 20, "\(Date().timeIntervalSince(started)) s")
            #expect(try #require(DiskFileSystem().list(scratch.path)) == ["Art"], "left behind after signal \(signal)")
        }
        let scratch = Scratch()
        try scratch.write("Art/away.tgs", Self.discs(1, offCanvas: true))
        try scratch.write("Art/cat.png", ExampleContent.png(width: 600, height: 600).bytes())
        let (status, out, err) = try CLI.run(["pack", "Art", "--for", "telegram", "--render-lottie", "-o", "Out"], in: scratch.path)
        #expect(status == 1, "\(out)\(err)")
        #expect(
            out.contains(
                "Art/away.tgs\n  not read: drawn by rlottie, it shows nothing on its 512×512 canvas in any frame: a sticker of it would be empty"),
            "\(out)")
        #expect(!FileManager.default.fileExists(atPath: scratch.at("Out/video/away.webm")))
        // 160 seconds of a square sliding across the canvas, sped up to 3 s: the 160 drawn frames merge into 90, and
        // that (not VP9's colour) is said as what costs the PSNR.
        let sliding =
            #"{"v":"5.7.4","fr":1,"ip":0,"op":160,"w":512,"h":512,"assets":[],"layers":[{"ty":4,"ind":1,"ip":0,"op":160,"st":0,"#
            + #""ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":1,"k":[{"t":0,"s":[16,256],"i":{"x":1,"y":1},"o":{"x":0,"y":0}},"#
            + #"{"t":160,"s":[496,256]}]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"#
            + #""s":{"a":0,"k":[120,120]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0.9,0.2,0.1,1]},"o":{"a":0,"k":100}}]}]}"#
        try scratch.write("Slow/sliding.tgs", ExampleMotion.gzipStored(Array(sliding.utf8)))
        let (slowStatus, _, slowErr) = try CLI.run(["pack", "Slow", "--for", "telegram", "--render-lottie", "-o", "S"], in: scratch.path)
        #expect(slowStatus == 2, "\(slowErr)")
        #expect(
            slowErr.contains("the 160 frames sped up from 160,000 ms merge into 90, and what each merged frame drops counts against it"), "\(slowErr)"
        )
        // Vector art alone: the grid is the largest (it was "no art could be measured, Xcode's default", regular).
        try scratch.write("Vector/disc.tgs", Self.discs(1))
        let (vectorStatus, vectorOut, _) = try CLI.run(["pack", "Vector", "--render-lottie", "-o", "V.xcstickers"], in: scratch.path)
        #expect(vectorStatus == 1 && vectorOut.contains("large grid (618 px; auto: vector art only, drawn at any size)"), "\(vectorOut)")
    }

    @Test("Telegram custom emoji (--emoji-set): 100×100 WebP, checked under telegram-emoji")
    func emojiSet() throws {
        let scratch = Scratch()
        try scratch.write("Art/a.png", ExampleContent.png(width: 600, height: 600).bytes())
        try scratch.write("Art/b.png", ExampleContent.png(width: 300, height: 500, seed: 2).bytes())
        let (status, out, err) = try CLI.run(["pack", "Art", "--for", "telegram", "--emoji-set", "-o", "Emoji", "--format", "json"], in: scratch.path)
        #expect(status == 0, "\(out)\(err)")
        let (checkStatus, checkOut, _) = try CLI.run(["check", "--no-cache", "--profile", "telegram-emoji", "Emoji"], in: scratch.path)
        #expect(checkStatus == 0 && checkOut.hasSuffix("2 files, 0 errors, 0 warnings, 0 notes\n"), "\(checkOut)")
        for name in ["a.webp", "b.webp"] {
            let image = try ImageDecoder().decode(try DiskFileSystem().read(scratch.at("Emoji/" + name)))
            #expect(image.width == 100 && image.height == 100 && image.header.format == .webp)
        }
    }
}
