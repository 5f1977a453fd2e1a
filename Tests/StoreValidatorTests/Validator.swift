import Foundation

/// Where a check comes from: a file and line of a store's own code (at the commit read), or a page of
/// its published rules with the words quoted.
struct Citation: Hashable, CustomStringConvertible {
    var source: String
    var place: String
    var description: String { "\(source):\(place)" }

    static let waValidator = "WhatsApp/stickers@06144a1f Android/app/src/main/java/com/example/samplestickerapp/StickerPackValidator.java"
    static let waParser = "WhatsApp/stickers@06144a1f Android/app/src/main/java/com/example/samplestickerapp/ContentFileParser.java"
    static let waLimits = "WhatsApp/stickers@06144a1f iOS/WAStickersThirdParty/Limits.swift"
    static let waImageData = "WhatsApp/stickers@06144a1f iOS/WAStickersThirdParty/ImageData.swift"
    static let waSticker = "WhatsApp/stickers@06144a1f iOS/WAStickersThirdParty/Sticker.swift"
    static let waPack = "WhatsApp/stickers@06144a1f iOS/WAStickersThirdParty/StickerPack.swift"
    static let tdFormat = "tdlib/td@022d6020 td/telegram/StickerFormat.cpp"
    static let tdManager = "tdlib/td@022d6020 td/telegram/StickersManager.cpp"
    static let tgStickers = "core.telegram.org/stickers"
    static let tgAnimated = "core.telegram.org/animated_stickers"
    static let tgBotAPI = "core.telegram.org/bots/api"
    static let sigConstants = "signalapp/Signal-Desktop@9801430f sticker-creator/src/constants.ts"
    static let sigProcess = "signalapp/Signal-Desktop@3c25092f sticker-creator/src/util/processImage.ts"
    static let sigDropzone = "signalapp/Signal-Desktop@9801430f sticker-creator/src/util/useStickerDropzone.ts"
    static let lineSticker = "creator.line.me/en/guideline/sticker"
    static let lineAnimation = "creator.line.me/en/guideline/animationsticker"
    static let discordDocs = "discord/discord-api-docs docs/resources/sticker.mdx"
    static let discordFAQ = "support.discord.com/hc/en-us/articles/4403089981975"

    static func line(_ source: String, _ line: Int) -> Citation { Citation(source: source, place: "\(line)") }
    static func lines(_ source: String, _ lines: ClosedRange<Int>) -> Citation {
        Citation(source: source, place: "\(lines.lowerBound)-\(lines.upperBound)")
    }
    static func quote(_ page: String, _ words: String) -> Citation { Citation(source: page, place: "\"\(words)\"") }
}

/// One refusal: the check that refused, and why.
struct Refusal: Hashable, CustomStringConvertible {
    var citation: Citation
    var why: String
    var description: String { "\(why) [\(citation)]" }
}

/// What a transcribed validator says of a file or a pack: accepted when it refuses nothing.
struct Verdict: CustomStringConvertible {
    var refusals: [Refusal] = []
    var accepted: Bool { refusals.isEmpty }
    var description: String { accepted ? "accepted" : refusals.map(\.description).joined(separator: "; ") }

    /// Refuses with `why` when `failed`.
    mutating func check(_ failed: Bool, _ citation: Citation, _ why: @autoclosure () -> String) {
        if failed { refusals.append(Refusal(citation: citation, why: why())) }
    }

    mutating func add(_ other: Verdict) { refusals += other.refusals }
}

/// The image files of a folder, sorted by name.
func folderFiles(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
}

func fileExtension(_ name: String) -> String {
    name.split(separator: ".", omittingEmptySubsequences: false).count > 1 ? String(name.split(separator: ".").last!).lowercased() : ""
}

func baseName(_ name: String) -> String {
    guard let dot = name.lastIndex(of: ".") else { return name }
    return String(name[..<dot])
}
