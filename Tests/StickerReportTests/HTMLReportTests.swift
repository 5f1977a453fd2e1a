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
    /// The bytes of every image of the samples.
    static let originals: Set<[UInt8]> = Set(try! Linter(jobs: 2).lint([samplePacks]).files.compactMap { try? DiskFileSystem().read($0.path) })

    @Test("the file makes no network request: no http:, https: or // in any src or href")
    func selfContained() throws {
        let pattern = try NSRegularExpression(
            pattern: #"<(img|script|link|iframe|source|video|audio|a)\b[^>]*?\b(src|href|srcset)\s*=\s*"([^"]*)""#,
            options: [.caseInsensitive])
        let range = NSRange(Self.html.startIndex..., in: Self.html)
        let matches = pattern.matches(in: Self.html, range: range)
        for match in matches {
            let value = String(Self.html[Range(match.range(at: 3), in: Self.html)!])
            #expect(!value.hasPrefix("http:") && !value.hasPrefix("https:") && !value.hasPrefix("//"), "\(value.prefix(60))")
        }
        // Nothing else can fetch either: no url() outside data URIs, no <script>, no @import.
        let urls = try NSRegularExpression(pattern: #"url\(\s*"?([^")]*)"#).matches(in: Self.html, range: range)
        #expect(urls.count > 20)
        for url in urls { #expect(String(Self.html[Range(url.range(at: 1), in: Self.html)!]).hasPrefix("data:")) }
        #expect(!Self.html.contains("<script") && !Self.html.contains("@import"))
    }

    @Test("names every sticker of the input and carries accessibility labels as the preview's label")
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
                guard let label = entry.accessibilityLabel, let image = entry.images.first?.path, DiskFileSystem().kind(image) == .file else {
                    continue
                }
                // The label is the alt text of this sticker's own card; only an image that cannot be
                // decoded has none, and then its card says so.
                let decodes = (try? ImageDecoder().decode(FileByteSource(path: image).readAll())) != nil
                if decodes {
                    #expect(
                        mine.contains { $0.contains("role=\"img\" aria-label=\"\(label.htmlEscaped)\"") }, "\(name): no card labelled \"\(label)\"")
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
        #expect(
            outsideCatalogs.count == 21 + 43,
            "SamplePacks/Loose, SamplePacks/Media and SamplePacks/Art (no configuration here: Art is not excluded), and the 43 files of SamplePacks/Stores"
        )
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
            // A preview at most 120 px, or the original file itself when that is smaller.
            #expect(max(header.width, header.height) <= 120 || Self.originals.contains([UInt8](data)))
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

    @Test(
        "headless Chromium renders the report of SamplePacks/ to a screenshot that is not blank",
        Requirement.trait(Browser.path != nil, "Chromium is not installed (.ci/run installs it)"))
    func screenshot() throws {
        try Requirement.require(Browser.path != nil, "Chromium is not installed (.ci/run installs it)")
        let scratch = Scratch()
        try scratch.write("report.html", Self.html)
        let shot = scratch.at("shot.png")
        let (status, _, err) = try Process.run(
            Browser.path!,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--screenshot=\(shot)", "--window-size=1000,1600", "file://" + scratch.at("report.html")
            ])
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

/// The report laid out by Chromium at a phone's and a laptop's width (issue #52, point 10: at 390 px
/// "Warnings" broke into "Warnin/gs", and at 1280 px a pack said "3 per row" while its browser grid showed
/// 10). A script added to the page measures the layout once it is drawn: every word of a heading, table
/// header, caption or badge whose letters land on two lines (file names in `code` may break: that is how
/// long names fit), how many stickers each browser grid shows on its first row, and the page's width.
@Suite("HTML report layout")
struct HTMLLayoutTests {
    static let measure = """
        <script>
        addEventListener('load', () => {
          const broken = [];
          for (const el of document.querySelectorAll('h1, h2, h3, h4, th, caption, .badge')) {
            const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (node.parentElement.closest('code')) continue;
              const words = /\\S+/g; let m;
              while ((m = words.exec(node.data))) {
                const r = document.createRange(); r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
                const tops = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
                if (tops.size > 1) broken.push(m[0]);
              }
            }
          }
          const rows = [];
          for (const ul of document.querySelectorAll('ul.browser')) {
            const tops = [...ul.children].map(li => Math.round(li.getBoundingClientRect().top));
            rows.push(ul.className.replace('browser cols', '') + ':' + tops.filter(t => t === tops[0]).length + ':' + ul.children.length);
          }
          parent.postMessage('MEASURED broken=' + broken.join(',') + ' rows=' + rows.join(',') + ' width='
            + document.documentElement.scrollWidth + ' viewport=' + innerWidth + ' END', '*');
        });
        </script>
        """

    /// A page that shows the report in a frame `width` px wide (headless Chromium draws no window
    /// narrower than 500 px) and writes what the report's script measured into its own DOM.
    static func frame(_ width: Int) -> String {
        """
        <!doctype html><html><body style="margin:0">
        <iframe src="report.html" style="width:\(width)px;height:2000px;border:0"></iframe>
        <script>addEventListener('message', e => { const p = document.createElement('pre'); p.textContent = e.data; document.body.appendChild(p); });</script>
        </body></html>
        """
    }

    /// (words broken across lines, [(columns, first row, stickers)] per browser grid, page width) at `width` px.
    static func layout(at width: Int) throws -> (broken: [String], rows: [(Int, Int, Int)], width: Int) {
        let scratch = Scratch()
        try scratch.write("report.html", HTMLReportTests.html.replacingOccurrences(of: "</body>", with: measure + "</body>"))
        try scratch.write("frame.html", frame(width))
        let (status, out, err) = try Process.run(
            Browser.path!,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=\(width + 40),2100",
                "--virtual-time-budget=5000", "--dump-dom", "file://" + scratch.at("frame.html")
            ])
        try #require(status == 0, "\(err.suffix(400))")
        let line = try #require(out.components(separatedBy: "MEASURED ").last?.components(separatedBy: " END").first, "\(out.suffix(300))")
        var fields: [String: String] = [:]
        for part in line.split(separator: " ") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            fields[pair[0]] = pair.count > 1 ? pair[1] : ""
        }
        let rows = (fields["rows"] ?? "").split(separator: ",").map { $0.split(separator: ":").map { Int($0)! } }.map { ($0[0], $0[1], $0[2]) }
        try #require(fields["viewport"] == String(width), "the frame is \(fields["viewport"] ?? "?") px wide, not \(width)")
        return ((fields["broken"] ?? "").split(separator: ",").map(String.init), rows, Int(fields["width"] ?? "") ?? -1)
    }

    @Test(
        "at 390 px no heading or table header breaks inside a word and nothing overflows; at 390 and 1280 px each browser grid shows its grid's count per row",
        Requirement.trait(Browser.path != nil, "Chromium is not installed (make test installs it)"))
    func phoneAndLaptop() throws {
        try Requirement.require(Browser.path != nil, "Chromium is not installed (make test installs it)")
        for width in [390, 1280] {
            let (broken, rows, page) = try Self.layout(at: width)
            #expect(broken.isEmpty, "\(width) px: words broken across lines: \(broken)")
            #expect(page == width, "\(width) px: the page is \(page) px wide")
            // SamplePacks' packs: regular grids (3 per row) of 1, 20 and 6 stickers.
            #expect(rows.count >= 3, "\(rows)")
            for (columns, first, count) in rows {
                #expect(first == min(columns, count), "\(width) px: a \(columns)-per-row grid of \(count) shows \(first) on its first row")
            }
        }
    }
}

enum Browser {
    /// Chromium or Chrome on `PATH`, or macOS's Google Chrome application.
    static let path = HeadlessBrowser.path
}

extension String {
    var htmlEscaped: String {
        replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }
}

/// Batch reports (issue #29): each image once, previews no larger than what they show, pages for large
/// batches, and cards that hold their content.
@Suite("HTML report at scale")
struct HTMLScaleTests {
    /// The data URIs of a page: each distinct one must appear once.
    static func dataURIs(_ html: String) throws -> [String] {
        let pattern = try NSRegularExpression(pattern: #"data:image/[a-z]+;base64,[A-Za-z0-9+/=]+"#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { String(html[Range($0.range, in: html)!]) }
    }

    @Test("each preview's data appears once in the file; cards and grid cells use its class; none is larger than its file")
    func eachImageOnce() throws {
        let html = HTMLReportTests.html
        let uris = try Self.dataURIs(html)
        #expect(uris.count > 20)
        #expect(Set(uris).count == uris.count, "repeated: \(uris.count - Set(uris).count)")
        #expect(!html.contains("<img"))
        // Each preview of an image: no more bytes than the file it shows (the whole file when that is smaller).
        // A TGS or Lottie document is no picture a browser shows: its preview is drawn (#55), an APNG of at most
        // 90 frames at the preview's side, however small the document.
        let result = try Linter(jobs: 2, thumbnailSide: HTMLReporter.thumbnailSide).lint([samplePacks])
        let sizes = Dictionary(result.files.map { ($0.path, $0.bytes ?? 0) }) { a, _ in a }
        let drawn = Set(result.files.filter { $0.kind == .motion(.tgs) || $0.kind == .motion(.lottie) }.map(\.path))
        var originals = 0, drawings = 0
        for (path, preview) in result.thumbnails where sizes[path] != nil {
            if drawn.contains(path) {
                drawings += 1
                #expect(preview.mimeType == "image/png" && preview.bytes.count <= 200_000, "\(path): \(preview.bytes.count) bytes")
                continue
            }
            #expect(preview.bytes.count <= sizes[path]!, "\(path): a \(preview.bytes.count)-byte preview of a \(sizes[path]!)-byte file")
            if Array(preview.bytes) == (try DiskFileSystem().read(path)) { originals += 1 }
        }
        #expect(originals >= 1 && drawings >= 4, "\(originals) originals, \(drawings) drawn")
    }

    @Test("a pixel-art APNG's report carries no more image bytes than the original (embedded as it is, scaled without smoothing)")
    func pixelArt() throws {
        let scratch = Scratch()
        // 64×64, blocks of 4 px in six colours, 10 frames: small as a file, many colours once smoothed,
        // and shown larger than it is (so without smoothing).
        let colours: [[UInt8]] = [[255, 0, 0, 255], [255, 160, 0, 255], [255, 230, 0, 255], [0, 200, 60, 255], [0, 120, 255, 255], [0, 0, 0, 0]]
        var frames: [APNGEncoder.Frame] = []
        for f in 0..<10 {
            var rgba: [UInt8] = []
            for i in 0..<(64 * 64) {
                let block: Int = (i % 64) / 4 + (i / 64) / 4 + f
                rgba += colours[block % 6]
            }
            frames.append(APNGEncoder.Frame(width: 64, height: 64, rgba: rgba, delay: FrameDelay(numerator: 1, denominator: 20)))
        }
        let apng = try APNGEncoder.encode(width: 64, height: 64, frames: frames, loopCount: 0)
        try scratch.write("parrot.png", apng)
        let (_, _, err) = try CLI.run(["report", "--no-cache", "-q", "-o", scratch.at("report.html"), scratch.at("parrot.png")])
        let html = String(decoding: try DiskFileSystem().read(scratch.at("report.html")), as: UTF8.self)
        let images: [Int] = try Self.dataURIs(html).map { (uri: String) -> Int in
            let payload = String(uri[uri.index(after: uri.firstIndex(of: ",")!)...])
            return Data(base64Encoded: payload)!.count
        }
        #expect(images.reduce(0, +) <= apng.count, "\(images) for a \(apng.count)-byte file; \(err)")
        #expect(html.contains("image-rendering:pixelated"))
    }

    @Test("report -o DIR/: 300 stickers give one page, 301 an index and pages whose links all resolve; each page self-contained")
    func pages() throws {
        let scratch = Scratch()
        let png = Fixtures.png(width: 300, height: 300)
        for i in 0..<301 { try scratch.write("art/s\(i).png", png) }
        DiskFileSystem().remove(scratch.at("art/s300.png"))
        _ = try CLI.run(["report", "--no-cache", "-q", "-o", scratch.at("one/"), scratch.at("art")])
        #expect(try DiskFileSystem().listing(scratch.at("one")).names == ["index.html"])
        try scratch.write("art/s300.png", png)
        _ = try CLI.run(["report", "--no-cache", "-q", "-o", scratch.at("many/"), scratch.at("art")])
        #expect(try DiskFileSystem().listing(scratch.at("many")).names == ["index.html", "loose.html"])
        // The samples' packs as pages: every link resolves to a file and an id in it.
        let result = try Linter(jobs: 2, thumbnailSide: HTMLReporter.thumbnailSide).lint([samplePacks])
        let pages = HTMLReporter().pages(result)
        #expect(pages.count >= 4 && pages[0].name == "index.html")
        let byName = Dictionary(uniqueKeysWithValues: pages.map { ($0.name, $0.html) })
        let href = try NSRegularExpression(pattern: #"href="([^"]*)""#)
        var links = 0
        for page in pages {
            #expect(!page.html.contains("http:") && !page.html.contains("https:") && !page.html.contains("<script"))
            let uris = try Self.dataURIs(page.html)
            #expect(Set(uris).count == uris.count, "\(page.name) repeats a preview")
            for match in href.matches(in: page.html, range: NSRange(page.html.startIndex..., in: page.html)) {
                let target = String(page.html[Range(match.range(at: 1), in: page.html)!])
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? page.name : parts[0]
                let html = try #require(byName[file], "\(page.name) links to \(target)")
                if parts.count == 2 { #expect(html.contains("id=\"\(parts[1])\""), "\(page.name) links to \(target)") }
                links += 1
            }
        }
        #expect(links >= 2 * (pages.count - 1))
        // Every sticker's preview is defined on exactly one page (its pack's), and the index carries none.
        let definition = try NSRegularExpression(pattern: #"(?m)^([.t0-9,]+)\{--sticker:"#)
        let defined = pages.flatMap { page in
            definition.matches(in: page.html, range: NSRange(page.html.startIndex..., in: page.html))
                .flatMap { String(page.html[Range($0.range(at: 1), in: page.html)!]).split(separator: ",").map(String.init) }
        }
        #expect(defined.count > 20 && Set(defined).count == defined.count)
        #expect(try Self.dataURIs(pages[0].html).isEmpty)
    }

    @Test(
        "long unbroken labels and names wrap inside their card: headless Chromium finds no element outside its card",
        Requirement.trait(Browser.path != nil, "Chromium is not installed (.ci/run installs it)"))
    func noOverflow() throws {
        try Requirement.require(Browser.path != nil, "Chromium is not installed (.ci/run installs it)")
        let scratch = Scratch()
        let long = String(repeating: "Supercalifragilistic", count: 8)  // 160 characters, no break
        let example = RuleExample.pack(
            [
                .sticker(String(long.prefix(90)), .png(width: 408, height: 408), label: String(long.prefix(151))),
                .sticker("Cat", .png(width: 408, height: 408), label: "A cat")
            ], "long names")
        try example.write(to: scratch.path)
        let result = try Linter(jobs: 2, thumbnailSide: HTMLReporter.thumbnailSide).lint([scratch.at("Stickers.xcstickers")])
        let html = HTMLReporter().render(result)
        #expect(try Self.overflows(html, in: scratch).isEmpty)
        // The check can fail: without wrapping, the long label sticks out of its card.
        let unwrapped = html.replacingOccurrences(
            of: "</head>", with: "<style>*{overflow-wrap:normal !important;word-break:normal !important}</style></head>")
        #expect(!(try Self.overflows(unwrapped, in: scratch)).isEmpty)
    }

    @Test(
        "the page fits a narrow window (no sideways scroll in headless Chromium's narrowest, 500 px); the sticker browser is a phone's width in a wide window",
        Requirement.trait(Browser.path != nil, "Chromium is not installed (.ci/run installs it)"))
    func pageWidths() throws {
        try Requirement.require(Browser.path != nil, "Chromium is not installed (.ci/run installs it)")
        let scratch = Scratch()
        let stickers = (0..<24).map { ExampleSticker.sticker("Sticker-with-a-long-name-\($0)", .png(width: 300, height: 300, seed: $0)) }
        try RuleExample.pack(grid: "small", stickers, "many").write(to: scratch.at("Packs/A-pack-folder-with-a-long-unbroken-name-2026-11-25"))
        try RuleExample.pack(grid: "small", stickers, "many").write(to: scratch.at("Packs/B"))
        let result = try Linter(jobs: 2, thumbnailSide: HTMLReporter.thumbnailSide).lint([scratch.at("Packs")])
        let script = """
            <script>
            addEventListener('load', () => {
              const out = document.createElement('pre');
              out.id = 'widths';
              const browser = document.querySelector('.browser');
              out.textContent = document.documentElement.scrollWidth + ' ' + innerWidth + ' ' + Math.round(browser.getBoundingClientRect().width);
              document.body.appendChild(out);
            });
            </script>
            """
        try scratch.write("probe.html", HTMLReporter().render(result).replacingOccurrences(of: "</body>", with: script + "</body>"))
        func widths(_ window: Int) throws -> [Int] {
            let (_, out, _) = try Process.run(
                Browser.path!,
                [
                    "--headless", "--no-sandbox", "--disable-gpu", "--window-size=\(window),2000",
                    "--virtual-time-budget=5000", "--dump-dom", "file://" + scratch.at("probe.html")
                ])
            let start = try #require(out.range(of: "<pre id=\"widths\">"), "the probe did not run: \(out.suffix(300))")
            return out[start.upperBound...].prefix { $0 != "<" }.split(separator: " ").compactMap { Int($0) }
        }
        let phone = try widths(420)  // Chromium widens it to 500 px, its narrowest window
        #expect(phone.count == 3 && phone[0] <= phone[1], "page \(phone[0]) px wide in a \(phone[1]) px window")
        // The browser shows its grid's count per row, as Messages on an iPhone does (issue #52: at 1280 px it
        // filled the window with 10 per row under a header that said 3): at most 390 px, whatever the window.
        let wide = try widths(1280)
        #expect(wide.count == 3 && wide[2] > 300 && wide[2] <= 390, "the sticker browser is \(wide) px wide in a 1280 px window")
    }

    /// What sticks out of a card in `html` at a phone's width, as headless Chromium lays it out: a script
    /// added to a copy compares each element's box with its card's (and the card's scroll width with its
    /// width), writes the list into the page, and `--dump-dom` prints the page after it ran.
    static func overflows(_ html: String, in scratch: Scratch) throws -> [String] {
        let script = """
            <script>
            addEventListener('load', () => {
              const bad = [];
              for (const card of document.querySelectorAll('.card')) {
                const box = card.getBoundingClientRect();
                if (card.scrollWidth > card.clientWidth + 1) bad.push(card.id + ' scrolls sideways');
                for (const el of card.querySelectorAll('*')) {
                  const r = el.getBoundingClientRect();
                  if (r.width > 0 && (r.right > box.right + 0.5 || r.left < box.left - 0.5)) bad.push(card.id + ' ' + el.tagName.toLowerCase() + ' ' + Math.round(r.right - box.right) + ' px out');
                }
              }
              const out = document.createElement('pre');
              out.id = 'overflow';
              out.textContent = 'cards=' + document.querySelectorAll('.card').length + '\\n' + bad.join('\\n');
              document.body.appendChild(out);
            });
            </script>
            """
        try scratch.write("probe.html", html.replacingOccurrences(of: "</body>", with: script + "</body>"))
        let (status, out, err) = try Process.run(
            Browser.path!,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--window-size=360,2000",
                "--virtual-time-budget=5000", "--dump-dom", "file://" + scratch.at("probe.html")
            ])
        #expect(status == 0, "\(err.suffix(300))")
        let start = try #require(out.range(of: "<pre id=\"overflow\">"), "the probe did not run: \(out.suffix(300))")
        let text = out[start.upperBound...].prefix { $0 != "<" }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first.map { $0.hasPrefix("cards=") && $0 != "cards=0" } == true, "\(lines)")
        return Array(lines.dropFirst())
    }
}
