#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
// Generates SamplePacks/: a clean catalog, a catalog that triggers every rule, and loose stickers.
// Run with `make samples` (swift run samplepacks SamplePacks); the output is committed.
import StickerCatalog
import StickerImage
import StickerLint
import StickerFiles
import StickerTestSupport

let root = CommandLine.arguments.dropFirst().first ?? "SamplePacks"
let info = #""info":{"author":"xcode","version":1}"#

/// A sticker folder's Contents.json.
func sticker(_ file: String, label: String? = nil) -> ExampleContent {
    let labelJSON = label.map { #","accessibility-label":"\#($0)""# } ?? ""
    return .text(#"{\#(info),"properties":{"filename":"\#(file)"\#(labelJSON)}}"#)
}

/// A pack's Contents.json listing sticker folders in display order.
func pack(_ grid: String?, _ names: [String]) -> ExampleContent {
    let gridJSON = grid.map { #","properties":{"grid-size":"\#($0)"}"# } ?? ""
    let list = names.map { #"{"filename":"\#($0)"}"# }.joined(separator: ",")
    return .text(#"{\#(info)\#(gridJSON),"stickers":[\#(list)]}"#)
}

/// A sequence's Contents.json; `repetitionsKey` as written (Apple's own sample spells it "repetions").
func sequence(_ frames: [String], duration: String, label: String, repetitionsKey: String = "repetitions") -> ExampleContent {
    let list = frames.map { #"{"filename":"\#($0)"}"# }.joined(separator: ",")
    return .text(
        #"{"frames":[\#(list)],\#(info),"properties":{"accessibility-label":"\#(label)","duration":\#(duration),"duration-type":"fps","\#(repetitionsKey)":0}}"#
    )
}

var files: [ExampleFile] = []
let catalogJSON = ExampleContent.text(#"{\#(info)}"#)

// A clean catalog: regular grid; a PNG, an APNG, a GIF, a sequence, and a complete app icon set.
let good = "Good.xcstickers"
let animals = "\(good)/Animals.stickerpack"
files += [
    ExampleFile("\(good)/Contents.json", catalogJSON),
    ExampleFile(
        "\(animals)/Contents.json",
        pack("regular", ["Cat.sticker", "Wave.sticker", "Bounce.sticker", "Blink.stickersequence", "Pokémon 1.sticker", "Aye, Orta.sticker"])),
    ExampleFile("\(animals)/Cat.sticker/Contents.json", sticker("cat.png", label: "A cat")),
    ExampleFile("\(animals)/Cat.sticker/cat.png", .png(width: 408, height: 408)),
    ExampleFile("\(animals)/Wave.sticker/Contents.json", sticker("wave.png", label: "A waving hand")),
    ExampleFile("\(animals)/Wave.sticker/wave.png", .apng(side: 408, frames: 4, delayMilliseconds: 120)),
    ExampleFile("\(animals)/Bounce.sticker/Contents.json", sticker("bounce.gif", label: "A bouncing ball")),
    ExampleFile("\(animals)/Bounce.sticker/bounce.gif", .gif(side: 408, frames: 3, delayCentiseconds: 12)),
    ExampleFile(
        "\(animals)/Blink.stickersequence/Contents.json", sequence(["blink1.png", "blink2.png", "blink3.png"], duration: "12.5", label: "Blinking")),
    ExampleFile("\(animals)/Pokémon 1.sticker/Contents.json", sticker("pokémon 1.png", label: "A creature")),
    ExampleFile("\(animals)/Pokémon 1.sticker/pokémon 1.png", .png(width: 408, height: 408, seed: 3)),
    ExampleFile("\(animals)/Aye, Orta.sticker/Contents.json", sticker("aye, orta.png", label: "Aye, Orta")),
    ExampleFile("\(animals)/Aye, Orta.sticker/aye, orta.png", .png(width: 408, height: 408, seed: 4))
]
for i in 1...3 {
    files.append(ExampleFile("\(animals)/Blink.stickersequence/blink\(i).png", .png(width: 408, height: 408, seed: 5 + i)))
}
files += ExampleIcon.files(ExampleIcon.complete, in: "\(good)/iMessage App Icon.stickersiconset")

// A catalog with every problem stickerlint knows.
let bad = "Bad.xcstickers"
let problems = "\(bad)/Problems.stickerpack"
let longLabel = String(repeating: "A very long description of a sticker. ", count: 5)
let stickers: [(String, String, ExampleContent, String?)] = [
    ("Truncated", "truncated.png", .truncated(.png(width: 408, height: 408), keep: 300), "Cut short"),
    ("Photo", "photo.webp", .webp, "A WebP photo"),
    ("Renamed", "renamed.png", .jpeg(side: 408), "JPEG bytes in a PNG name"),
    ("Huge", "huge.png", .paddedPNG(side: 408, bytes: 540_212, seed: 12), "Too many bytes"),
    ("Nearly", "nearly.png", .paddedPNG(side: 408, bytes: 505_000, seed: 13), "Just over 500 KB"),
    ("Tiny", "tiny.png", .png(width: 200, height: 200), "Too small"),
    ("Wide", "wide.png", .png(width: 408, height: 340), "Not square"),
    ("Small", "small.png", .png(width: 300, height: 300), "Off the grid"),
    ("Opaque", "opaque.png", .png(width: 408, height: 408, style: .opaque), "No transparency"),
    ("Boxed", "boxed.png", .png(width: 408, height: 408, style: .boxed), "An opaque frame"),
    ("Still", "still.gif", .gif(side: 408, frames: 1), "A one-frame GIF"),
    ("Broken", "broken.png", .apngWithSequenceGap(side: 408, seed: 14), "A broken animation"),
    ("Fast", "fast.gif", .gif(side: 408, frames: 3, delayCentiseconds: 1), "Too fast"),
    ("Dog", "dog.png", .png(width: 408, height: 408, seed: 1), "A dog"),
    ("Dog Copy", "dog copy.png", .png(width: 408, height: 408, seed: 1), "A dog again"),
    ("Long", "long.png", .png(width: 408, height: 408, seed: 2), longLabel),
    ("Unlabelled", "unlabelled.png", .png(width: 408, height: 408, seed: 6), nil)
]
var order = stickers.map { "\($0.0).sticker" } + ["Ghost.sticker", "Escape.sticker", "Flip.stickersequence"]
files.append(ExampleFile("\(bad)/Contents.json", catalogJSON))
for (name, file, content, label) in stickers {
    files.append(ExampleFile("\(problems)/\(name).sticker/Contents.json", sticker(file, label: label)))
    files.append(ExampleFile("\(problems)/\(name).sticker/\(file)", content))
}
files += [
    ExampleFile("\(problems)/Ghost.sticker/Contents.json", sticker("ghost.png", label: "Missing")),
    ExampleFile("\(problems)/Escape.sticker/Contents.json", sticker("../../outside.png", label: "Outside")),
    ExampleFile(
        "\(problems)/Flip.stickersequence/Contents.json",
        sequence(["flip1.png", "flip2.png"], duration: "0", label: "Flipping", repetitionsKey: "repetions")),
    ExampleFile("\(problems)/Flip.stickersequence/flip1.png", .png(width: 408, height: 408, seed: 7)),
    ExampleFile("\(problems)/Flip.stickersequence/flip2.png", .png(width: 300, height: 300, seed: 8)),
    ExampleFile("\(problems)/Leftover.sticker/Contents.json", sticker("leftover.png", label: "Forgotten")),
    ExampleFile("\(problems)/Leftover.sticker/leftover.png", .png(width: 408, height: 408, seed: 9)),
    ExampleFile("\(bad)/Mangled.stickerpack/Contents.json", .text(#"{\#(info),"stickers":[{"filename":"A.sticker"},]}"#)),
    ExampleFile("\(bad)/Odd.stickerpack/Contents.json", pack("huge", ["Star.sticker"])),
    ExampleFile("\(bad)/Odd.stickerpack/Star.sticker/Contents.json", sticker("star.png", label: "A star")),
    ExampleFile("\(bad)/Odd.stickerpack/Star.sticker/star.png", .png(width: 408, height: 408, seed: 10)),
    ExampleFile("\(bad)/Empty.stickerpack/Contents.json", pack("small", []))
]
files.append(ExampleFile("\(problems)/Contents.json", pack("regular", order)))
// The icon set misses its 1024×768 marketing image, has a wrong-sized iPad image, an optional 1024×1024
// App Store icon with an alpha channel, and images in an unassigned entry, in no slot and in no entry.
let badIcons =
    ExampleIcon.complete { slot in slot.pixelWidth == 148 ? .slot(slot, width: 140) : nil }.dropLast()
    + [.slot(IconSlot.all.last!, alpha: true), .unassigned("old-icon.png"), .outsideSlots("extra-icon.png"), .unnamed("spare-icon.png")]
files += ExampleIcon.files(Array(badIcons), in: "\(bad)/iMessage App Icon.stickersiconset")
order.removeAll()

// Loose stickers, checked with --grid regular.
files += [
    ExampleFile("Loose/party.png", .png(width: 408, height: 408, seed: 11)),
    ExampleFile("Loose/dance.png", .apng(side: 408, frames: 3)),
    ExampleFile("Loose/photo.jpg", .jpeg(side: 408)),
    ExampleFile("Loose/spin.apng", .apng(side: 408, frames: 2))
]

// The media of interactive messages (the message-media profile; the project's .stickerlint.yml maps
// SamplePacks/Media/** to it): good ones, and one for each media rule.
files += [
    ExampleFile("Media/Good/card.png", .png(width: 900, height: 900, style: .opaque, seed: 4)),
    ExampleFile("Media/Good/photo.jpg", .jpeg(side: 900)),
    ExampleFile("Media/Good/clip.mp4", .mp4),
    ExampleFile("Media/Bad/edge.png", .png(width: 900, height: 900, style: .boxed, seed: 5)),
    ExampleFile("Media/Bad/small.jpg", .jpeg(side: 300)),
    ExampleFile("Media/Bad/animation.webp", .webp)
]

// Raw art for `stickerlint pack` (make demo packs it): mixed formats and sizes, as artists export it.
// The WebP files are from the conformance corpus (Tests/Fixtures/webp, made by cwebp and Pillow:
// scripts/make-webp-corpus.sh); the noisy PNGs are over 500 KB and must be fitted; tiny.png is smaller
// than any grid; the JPEG is a disc on a plain white background (pack --remove-background).
func fixture(_ name: String) -> [UInt8] {
    guard let bytes = try? DiskFileSystem().read("Tests/Fixtures/webp/" + name) else {
        print("samplepacks: run from the project's root (Tests/Fixtures/webp/\(name) is read)")
        exit(1)
    }
    return bytes
}

/// Grain over a rounded square filling the canvas, with grainy translucency: art whose lossless file is
/// over 500 KB even at the grid's size (`pack` must fit it).
func grain(_ side: Int) -> [UInt8] {
    var state: UInt64 = 500
    func next(_ range: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(state >> 33) % range
    }
    var pixels = [UInt8](repeating: 0, count: side * side * 4)
    let r = side / 8
    for y in 0..<side {
        for x in 0..<side {
            let cx = min(max(x, r), side - 1 - r), cy = min(max(y, r), side - 1 - r)
            guard (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r, x > 2, y > 2, x < side - 3, y < side - 3 else { continue }
            let i = (y * side + x) * 4
            pixels[i] = UInt8(min(255, 60 + x * 150 / side + next(50)))
            pixels[i + 1] = UInt8(min(255, 40 + y * 150 / side + next(50)))
            pixels[i + 2] = UInt8(min(255, 120 + next(90)))
            pixels[i + 3] = UInt8(205 + next(51))
        }
    }
    return pixels
}

/// A disc of gradient with ±`noise` per channel on a `background` (nil: transparent).
func disc(_ side: Int, noise: Int, background: [UInt8]?) -> [UInt8] {
    var state: UInt64 = 28
    var pixels = [UInt8](repeating: 0, count: side * side * 4)
    for y in 0..<side {
        for x in 0..<side {
            let i = (y * side + x) * 4, dx = x - side / 2, dy = y - side / 2
            guard dx * dx + dy * dy < (side * 7 / 16) * (side * 7 / 16) else {
                if let background { pixels.replaceSubrange(i..<(i + 4), with: background + [255]) }
                continue
            }
            for c in 0..<3 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let jitter = noise == 0 ? 0 : Int(state >> 33) % (2 * noise + 1) - noise
                pixels[i + c] = UInt8(max(0, min(255, (x * (c + 2) * 83 / side + y * 71 / side) % 190 + 30 + jitter)))
            }
            pixels[i + 3] = 255
        }
    }
    return pixels
}

files += [
    ExampleFile("Art/happy-cat.png", .png(width: 1024, height: 1024, seed: 21)),
    ExampleFile("Art/wave_hello.png", .apng(side: 600, frames: 4, delayMilliseconds: 90, seed: 22)),
    ExampleFile("Art/bounce.gif", .gif(side: 408, frames: 4, delayCentiseconds: 0)),
    ExampleFile(
        "Art/disc on white.jpg",
        .raw((try? JPEGEncoder.encode(rgba: disc(800, noise: 0, background: [255, 255, 255]), width: 800, height: 800)) ?? [])),
    ExampleFile("Art/sunset.webp", .raw(fixture("still-lossy-alpha.webp"))),
    ExampleFile("Art/dance.webp", .raw(fixture("anim-pillow-lossy.webp"))),
    ExampleFile("Art/grain.png", .raw((try? PNGEncoder.encode(rgba: grain(408), width: 408, height: 408)) ?? [])),
    ExampleFile("Art/confetti.png", .raw((try? PNGEncoder.encode(rgba: disc(700, noise: 24, background: nil), width: 700, height: 700)) ?? [])),
    ExampleFile("Art/tiny.png", .png(width: 200, height: 200, seed: 23)),
    // Art that is not square, as banners and portraits are drawn (Telegram keeps the shape; LINE fits it).
    ExampleFile("Art/wide banner.png", .png(width: 900, height: 400, seed: 24)),
    ExampleFile("Art/tall.png", .png(width: 360, height: 640, seed: 25))
]

// Other stores' packs (issue #40): a folder per store, Good (passes under the store's profile) and Bad
// (something each store refuses), as artists export for that store: Pillow's PNG and APNG, cwebp's and
// img2webp's WebP (Tests/Fixtures/stores, made from the art above by scripts/make-store-samples.py). The
// project's .stickerlint.yml maps each folder to its store's profile; a folder is that store's pack.
func storeFixture(_ name: String) -> ExampleContent {
    guard let bytes = try? DiskFileSystem().read("Tests/Fixtures/stores/" + name) else {
        print("samplepacks: run from the project's root (Tests/Fixtures/stores/\(name) is read)")
        exit(1)
    }
    return .raw(bytes)
}

let stores: [(folder: String, files: [(String, String)])] = [
    (
        "WhatsApp/Good",
        [
            ("cat.webp", "whatsapp-cat.webp"), ("confetti.webp", "whatsapp-confetti.webp"), ("wave.webp", "whatsapp-wave.webp"),
            ("tray.png", "whatsapp-tray.png"), ("contents.json", "whatsapp-contents.json")
        ]
    ),
    (
        "WhatsApp/Bad",
        [
            ("grain.webp", "whatsapp-grain.webp"), ("cat 400.webp", "whatsapp-cat-400.webp"), ("fast wave.webp", "whatsapp-wave-5ms.webp"),
            ("tray.png", "whatsapp-tray-128.png"), ("contents.json", "whatsapp-contents-bad.json")
        ]
    ),
    (
        "Telegram/Good",
        [
            ("cat.webp", "whatsapp-cat.webp"), ("cat wide.png", "telegram-cat-512x384.png"), ("wave.webm", "telegram-wave.webm"),
            ("bounce.tgs", "telegram-bounce.tgs"), ("thumb.webp", "telegram-thumb.webp")
        ]
    ),
    (
        "Telegram/Bad",
        [
            ("wave.webp", "telegram-wave.webp"), ("cat 400.webp", "whatsapp-cat-400.webp"), ("wave 60fps.webm", "telegram-wave-60fps-sound.webm"),
            ("bounce masked.tgs", "telegram-bounce-masked.tgs"), ("bounce high.tgs", "telegram-bounce-high.tgs")
        ]
    ),
    ("Signal/Good", [("cat.png", "signal-cat.png"), ("wave.png", "signal-wave.png")]),
    ("Signal/Bad", [("wave once.png", "signal-wave-once.png"), ("wide wave.png", "line-wave-4-frames.png")]),
    (
        "TelegramEmoji/Good",
        [("cat.webp", "telegram-emoji-cat.webp"), ("wave.webm", "telegram-emoji-wave.webm"), ("bounce.tgs", "telegram-bounce.tgs")]
    ),
    ("TelegramEmoji/Bad", [("cat 512.webp", "whatsapp-cat.webp"), ("bounce 100.tgs", "telegram-emoji-bounce.tgs")]),
    ("LINE/Good", (1...8).map { ("0\($0).png", "line-0\($0).png") } + [("main.png", "line-main.png"), ("tab.png", "line-tab.png")]),
    ("LINE/Bad", [("01.png", "line-odd-371x320.png"), ("02.png", "line-wave-4-frames.png")]),
    ("Discord/Good", [("cat.png", "discord-cat.png"), ("wave.png", "discord-wave.png"), ("bounce.json", "discord-bounce.json")]),
    (
        "Discord/Bad",
        [
            ("slow wave.png", "discord-wave-6s.png"), ("cat.webp", "discord-cat.webp"), ("slow bounce.json", "discord-bounce-6s.json")
        ]
    )
]
for (folder, list) in stores {
    files += list.map { ExampleFile("Stores/\(folder)/\($0.0)", storeFixture($0.1)) }
}

do {
    Folders.removeTree(root)
    try RuleExample(summary: "SamplePacks", files: files).write(to: root)
    print("wrote \(files.count) files under \(root)/")
} catch {
    print("samplepacks: \(error)")
    exit(1)
}
