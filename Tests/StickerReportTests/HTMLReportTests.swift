import Foundation
import StickerCatalog
import StickerImage
import StickerLint
import StickerReport
import StickerTestSupport
import Testing
import StickerFiles

private let samplePacks = Conformance.projectRoot + "/SamplePacks"

@Suite("HTML report")
struct HTMLReportTests {
    static let html: String = HTMLReporter().render(try! Linter(jobs: 2, thumbnailSide: HTMLReporter.thumbnailSide).lint([samplePacks]))

    @Test("the file makes no network request: no http:, https: or // in any src or href")
    func selfContained() throws {
        let pattern = try NSRegularExpression(pattern: #"<(img|script|link|iframe|source|video|audio|a)\b[^>]*?\b(src|href|srcset)\s*=\s*"([^"]*)""#,
                                              options: [.caseInsensitive])
        let range = NSRange(Self.html.startIndex..., in: Self.html)
        let matches = pattern.matches(in: Self.html, range: range)
        #expect(matches.count > 20)
        for match in matches {
            let value = String(Self.html[Range(match.range(at: 3), in: Self.html)!])
            #expect(!value.hasPrefix("http:") && !value.hasPrefix("https:") && !value.hasPrefix("//"), "\(value.prefix(60))")
        }
        // Nothing else can fetch either: no url() outside data URIs, no <script>, no @import.
        let urls = try NSRegularExpression(pattern: #"url\(\s*"?([^")]*)"#).matches(in: Self.html, range: range)
        for url in urls { #expect(String(Self.html[Range(url.range(at: 1), in: Self.html)!]).hasPrefix("data:")) }
        #expect(!Self.html.contains("<script") && !Self.html.contains("@import"))
    }

    @Test("names every sticker of the input and carries accessibility labels as alt text")
    func namesEverySticker() throws {
        let result = try Linter().lint([samplePacks])
        // Each card, by the sticker name in its heading.
        let cards = Self.html.components(separatedBy: "<article class=\"card\"").dropFirst().map { $0.components(separatedBy: "</article>")[0] }
        var labelled = 0
        for pack in result.packs {
            for entry in pack.entries {
                let name = PathText.lastComponent(entry.path).components(separatedBy: ".sticker")[0]
                let mine = cards.filter { $0.contains(">\(name.htmlEscaped)</h4>") }
                #expect(!mine.isEmpty, "no card for \(name)")
                guard let label = entry.accessibilityLabel, let image = entry.images.first?.path, DiskFileSystem().kind(image) == .file else { continue }
                // The label is the alt text of this sticker's own card; only an image that cannot be
                // decoded has none, and then its card says so.
                let decodes = (try? ImageDecoder().decode(FileByteSource(path: image).readAll())) != nil
                if decodes {
                    #expect(mine.contains { $0.contains("alt=\"\(label.htmlEscaped)\"") }, "\(name): no card with alt \"\(label)\"")
                    labelled += 1
                } else {
                    #expect(mine.contains { $0.contains("cannot be shown") }, "\(name)")
                }
            }
        }
        #expect(labelled >= 20)
        for loose in ["party.png", "dance.png", "photo.jpg", "spin.apng"] { #expect(Self.html.contains(">\(loose)</h4>")) }
        #expect(Self.html.contains("Loose stickers") && Self.html.contains("iMessage App Icon"))
    }

    @Test("every card names its file and gives its path, so a reader can find it")
    func namesFiles() throws {
        let result = try Linter().lint([samplePacks])
        let cards = Self.html.components(separatedBy: "<article class=\"card\"").dropFirst().map { $0.components(separatedBy: "</article>")[0] }
        let entries = result.packs.flatMap(\.entries)
        let outsideCatalogs = result.files.filter { !$0.path.contains(".xcstickers/") }
        #expect(outsideCatalogs.count == 10, "SamplePacks/Loose and SamplePacks/Media")
        #expect(cards.count == entries.count + outsideCatalogs.count, "one card per sticker and per loose file")
        for entry in entries {
            let name = PathText.lastComponent(entry.path).components(separatedBy: ".sticker")[0]
            let card = try #require(cards.first { $0.contains(">\(name.htmlEscaped)</h4>") })
            // A sticker: its image's file name, and the path as reports give it; a sequence: its frames and folder.
            let shown = entry.images.count == 1 ? entry.images[0].path : entry.path
            let file = entry.images.first.map { PathText.lastComponent($0.path) } ?? PathText.lastComponent(entry.path)
            #expect(card.contains("<p class=\"file\"><code>\(file.htmlEscaped)"), "\(name): \(card.prefix(300))")
            #expect(card.contains("<span class=\"where\">\(shown.htmlEscaped)</span></p>"), "\(name)")
        }
        #expect(Self.html.contains("<code>pokémon 1.png</code>") && Self.html.contains("<code>aye, orta.png</code>"))
        #expect(Self.html.contains("<code>blink1.png … blink3.png</code>"))
    }

    @Test("animated stickers stay animated: their thumbnails are APNG or GIF with every frame")
    func animated() throws {
        let pattern = try NSRegularExpression(pattern: #"\.t(\d+)\{--sticker:url\("data:(image/[a-z]+);base64,([A-Za-z0-9+/=]+)"\)\}"#)
        var animated = 0
        for match in pattern.matches(in: Self.html, range: NSRange(Self.html.startIndex..., in: Self.html)) {
            let data = Data(base64Encoded: String(Self.html[Range(match.range(at: 3), in: Self.html)!]))!
            let header = try ImageDecoder().probe([UInt8](data))
            #expect(max(header.width, header.height) <= 120)
            if header.frameCount > 1 { animated += 1 }
        }
        // wave.png, bounce.gif, Blink (a sequence), fast.gif, dance.png, spin.apng at least.
        #expect(animated >= 6)
    }

    @Test("semantic structure: headings, table headers, a language, light and dark schemes, print styles")
    func structure() {
        #expect(Self.html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(Self.html.contains("<h1>") && Self.html.contains("<th scope=\"col\">"))
        #expect(Self.html.contains("prefers-color-scheme: dark") && Self.html.contains("@media print"))
        #expect(Self.html.contains("name=\"viewport\""))
    }

    @Test("report exits like check and is identical for the same input")
    func exitCodes() throws {
        let scratch = Scratch()
        let good = try CLI.run(["report", "--output", scratch.at("good.html"), samplePacks + "/Good.xcstickers"])
        #expect(good.0 == 0)
        #expect(try CLI.run(["report", "--output", scratch.at("bad.html"), samplePacks + "/Bad.xcstickers"]).0 == 1)
        #expect(try CLI.run(["check", "--format", "html", "--output", scratch.at("check.html"), samplePacks + "/Good.xcstickers"]).0 == 0)
        #expect(try FileByteSource(path: scratch.at("good.html")).readAll() == FileByteSource(path: scratch.at("check.html")).readAll())
    }

    @Test("headless Chromium renders the report of SamplePacks/ to a screenshot that is not blank",
          Requirement.trait(Browser.path != nil, "Chromium is not installed (.ci/run installs it)"))
    func screenshot() throws {
        try Requirement.require(Browser.path != nil, "Chromium is not installed (.ci/run installs it)")
        let scratch = Scratch()
        try scratch.write("report.html", Self.html)
        let shot = scratch.at("shot.png")
        let (status, _, err) = try Process.run(Browser.path!, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                                               "--screenshot=\(shot)", "--window-size=1000,1600", "file://" + scratch.at("report.html")])
        #expect(status == 0, "\(err.suffix(400))")
        let image = try ImageDecoder().decode(try FileByteSource(path: shot).readAll())
        #expect(image.width == 1000 && image.height == 1600)
        let pixels = image.frames[0].pixels
        var colors: Set<UInt32> = []
        var nonBackground = 0
        let background = Array(pixels[0..<4])
        for i in stride(from: 0, to: pixels.count, by: 4) {
            colors.insert(UInt32(pixels[i]) << 16 | UInt32(pixels[i + 1]) << 8 | UInt32(pixels[i + 2]))
            if Array(pixels[i..<(i + 4)]) != background { nonBackground += 1 }
        }
        #expect(colors.count > 200, "only \(colors.count) colours")
        #expect(Double(nonBackground) / Double(pixels.count / 4) > 0.2)
    }
}

enum Browser {
    /// Chromium or Chrome on `PATH`, or macOS's Google Chrome application.
    static let path: String? = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap(Tools.find).first
        ?? ["/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"].first { access($0, X_OK) == 0 }
}

extension String {
    var htmlEscaped: String {
        replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }
}
