import StickerFiles
import StickerCatalog
import StickerLint

/// A self-contained HTML report: inline CSS, every image embedded as a data URI, no script and no
/// network request. A summary, then each pack laid out as the Messages sticker browser shows it for its
/// grid size, and a card per sticker over the backgrounds Apple advises testing against.
///
/// The previews come with the result (`Linter(thumbnailSide: HTMLReporter.thumbnailSide)`): they are
/// made during inspection, from the bytes already read, under the same limits.
package struct HTMLReporter: Reporter {
    package static let identifier = "html"
    package static let showsPreviews = true
    package static let summary = "a self-contained page showing every sticker"
    /// Previews are at most this many pixels on a side (small, so big batches stay small).
    package static let thumbnailSide = 120

    package init() {}
    package init(context: ReportContext) {}

    /// The backgrounds every sticker is shown over: (CSS class, label).
    static let backgrounds = [
        ("bg-white", "white"), ("bg-black", "black"), ("bg-red", "red"), ("bg-yellow", "yellow"),
        ("bg-pattern", "pattern"), ("bg-photo", "photo")
    ]

    package func render(_ result: LintResult) -> String {
        let (previews, ids, body) = Self.parts(result)
        return Self.page(result, title: "Sticker report", previews: previews, ids: ids, body: body)
    }

    /// The same page in pieces: a report written to a file passes each preview on as it is, never
    /// gathering megabytes of them into one string first.
    /// The body (a card per sticker) is built on another thread while the previews, most of the bytes,
    /// are put in base64 and written.
    package func stream(_ result: LintResult, to emit: (String) throws -> Void) rethrows {
        try stream(result, emit: emit) { try emit(Base64.encode($0)) }
    }

    /// The same page into a report output, each preview put in base64 straight into its buffer.
    package func stream(_ result: LintResult, to output: ReportOutput) throws {
        try stream(result, emit: output.text, base64: output.base64)
    }

    private func stream(
        _ result: LintResult, emit: (String) throws -> Void, base64: (ArraySlice<UInt8>) throws -> Void
    ) rethrows {
        let model = HTMLModel(result)
        let previews = Previews(result, model)
        let shown = previews.shown
        let body = Background { Self.body(result, model, shown: shown) }
        try Self.page(
            result, title: "Sticker report", previews: previews, ids: Array(model.stickers.indices), body: { body.value },
            emit: emit, base64: base64)
    }

    /// The one-page report's previews, the stickers it shows, and its body.
    static func parts(_ result: LintResult) -> (Previews, [Int], String) {
        let model = HTMLModel(result)
        let previews = Previews(result, model)
        return (previews, Array(model.stickers.indices), body(result, model, shown: previews.shown))
    }

    /// The one-page report's body: the summary, then every section.
    static func body(_ result: LintResult, _ model: HTMLModel, shown: [Bool]) -> String {
        var body = model.header(result) + "<main>\n" + model.summary(result)
        for pack in model.packs { body += model.packSection(pack, shown: shown) }
        for index in model.storePacks.indices { body += model.storePackSection(index, shown: shown) }
        if !model.loose.isEmpty { body += model.looseSection(shown: shown) }
        if !model.media.isEmpty { body += model.mediaSection(shown: shown) }
        for (index, set) in result.iconSets.enumerated() { body += model.iconSection(set, index: index) }
        if !model.other.isEmpty { body += model.otherSection() }
        body += "</main>\n" + Self.footer
        return body
    }

    /// Above this many stickers, `report -o DIR/` writes one page per pack behind an index page.
    package static let pageThreshold = 300

    /// The stickers a report shows (pack entries, loose stickers and message media).
    package static func stickerCount(_ result: LintResult) -> Int { HTMLModel(result).stickers.count }

    /// The report as several self-contained, cross-linked pages, by file name: `index.html` (the summary,
    /// every pack with its status and a link to its page, findings by rule, the icon sets and other
    /// findings) and one page per pack (`pack-1.html`, … in pack order), for loose stickers
    /// (`loose.html`) and for message media (`media.html`). Each page embeds only its own previews.
    package func pages(_ result: LintResult) -> [(name: String, html: String)] {
        let model = HTMLModel(result)
        let previews = Previews(result, model)
        var parts: [(name: String, title: String, stickers: [Int], body: String)] = []
        for (index, pack) in model.packs.enumerated() {
            parts.append(
                (
                    "pack-\(index + 1).html", HTMLModel.name(pack.pack.path), pack.stickers,
                    model.packSection(pack, shown: previews.shown)
                ))
        }
        for (index, pack) in model.storePacks.enumerated() {
            parts.append(
                (
                    "store-\(index + 1).html", "\(PathText.lastComponent(pack.folder)) (\(pack.store.name))", pack.stickers,
                    model.storePackSection(index, shown: previews.shown)
                ))
        }
        if !model.loose.isEmpty { parts.append(("loose.html", "Loose stickers", model.loose, model.looseSection(shown: previews.shown))) }
        if !model.media.isEmpty { parts.append(("media.html", "Message media", model.media, model.mediaSection(shown: previews.shown))) }
        var index = model.header(result) + "<main>\n"
        index += model.summary(
            result, packLink: { "pack-\($0 + 1).html#pack\($0)" }, storeLink: { "store-\($0 + 1).html#store\($0)" })
        index += "<nav aria-labelledby=\"pages\">\n<h2 id=\"pages\">Pages</h2>\n<ul>\n"
        for part in parts {
            index += "<li><a href=\"\(part.name)\">\(HTML.escape(part.title))</a> · \(part.stickers.count.counted("sticker"))</li>\n"
        }
        index += "</ul>\n</nav>\n"
        for (number, set) in result.iconSets.enumerated() { index += model.iconSection(set, index: number) }
        if !model.other.isEmpty { index += model.otherSection() }
        index += "</main>\n" + Self.footer
        var pages = [(name: "index.html", html: Self.page(result, title: "Sticker report", previews: previews, ids: [], body: index))]
        for (number, part) in parts.enumerated() {
            var nav = "<nav class=\"pager\"><a href=\"index.html\">Summary</a>"
            if number > 0 { nav += " · <a href=\"\(parts[number - 1].name)\" rel=\"prev\">\(HTML.escape(parts[number - 1].title))</a>" }
            if number + 1 < parts.count { nav += " · <a href=\"\(parts[number + 1].name)\" rel=\"next\">\(HTML.escape(parts[number + 1].title))</a>" }
            nav += " · page \(number + 1) of \(parts.count)</nav>\n"
            let body = model.header(result) + nav + "<main>\n" + part.body + "</main>\n" + nav + Self.footer
            pages.append((part.name, Self.page(result, title: "\(part.title) · Sticker report", previews: previews, ids: part.stickers, body: body)))
        }
        return pages
    }

    static let footer =
        "<footer><p>Made by \(Tool.name) \(Tool.version). This file is self-contained: it loads nothing from the network.</p></footer>\n"
        + "</body>\n</html>\n"

    /// A whole page: metadata, the stylesheet, the classes of the previews of `ids`, then `body`, in one
    /// buffer of the page's size (the previews, megabytes at studio scale, are copied into it once).
    static func page(_ result: LintResult, title: String, previews: Previews, ids: [Int], body: String) -> String {
        var out = ""
        out.reserveCapacity(previews.cssSize(for: ids) + body.utf8.count + HTMLStyle.css.utf8.count + 1024)
        page(result, title: title, previews: previews, ids: ids, body: { body }, emit: { out += $0 }, base64: { out += Base64.encode($0) })
        return out
    }

    /// The same page in pieces, in order (`body` asked for once, after the previews), each preview's
    /// bytes handed to `base64`.
    static func page(
        _ result: LintResult, title: String, previews: Previews, ids: [Int], body: () -> String,
        emit: (String) throws -> Void, base64: (ArraySlice<UInt8>) throws -> Void
    ) rethrows {
        var head = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        head += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        head += "<meta name=\"color-scheme\" content=\"light dark\">\n"
        head += "<meta name=\"generator\" content=\"\(Tool.name) \(Tool.version)\">\n"
        head += "<title>\(HTML.escape(title)) · \(result.files.count.counted("file")) · \(result.errorCount.counted("error"))</title>\n"
        head += "<style>\n\(HTMLStyle.css)</style>\n<style>\n"
        try emit(head)
        try previews.css(for: ids, emit: emit, base64: base64)
        try emit("</style>\n</head>\n<body>\n")
        try emit(body())
    }

    /// Each sticker's preview, and the CSS that defines it once as the class `t<id>` (a data URI): the
    /// grid cell and every backdrop of the card show it from there.
    struct Previews {
        let thumbnails: [Thumbnail?]
        /// Whether each sticker has a preview.
        let shown: [Bool]

        init(_ result: LintResult, _ model: HTMLModel) {
            thumbnails = model.stickers.map { result.thumbnails[$0.path] }
            shown = thumbnails.map { $0 != nil }
        }

        /// The distinct previews of `ids` in order of first use, each with the stickers that show it.
        func distinct(_ ids: [Int]) -> [(key: Key, owners: [Int])] {
            var order: [Key] = [], holders: [Key: [Int]] = [:]
            for id in ids {
                guard let thumbnail = thumbnails[id] else { continue }
                let key = Key(mimeType: thumbnail.mimeType, bytes: thumbnail.bytes)
                if holders[key] == nil { order.append(key) }
                holders[key, default: []].append(id)
            }
            return order.map { ($0, holders[$0]!) }
        }

        /// At least the bytes `css(for:emit:)` writes (a buffer's capacity; shared previews counted for each).
        func cssSize(for ids: [Int]) -> Int {
            ids.reduce(0) { $0 + (thumbnails[$1].map { ($0.bytes.count + 2) / 3 * 4 + 96 } ?? 0) }
        }

        /// The rules for `ids`: one per distinct preview, naming every sticker that shows it
        /// (`.t3,.t7{--sticker:url(…)}`), so that identical stickers share one copy too. Each preview
        /// is put in base64 as it is written (megabytes at studio scale are never all held at once).
        func css(for ids: [Int], emit: (String) throws -> Void, base64: (ArraySlice<UInt8>) throws -> Void) rethrows {
            for (key, owners) in distinct(ids) {
                try emit(owners.map { ".t\($0)" }.joined(separator: ",") + "{--sticker:url(\"data:" + key.mimeType + ";base64,")
                try base64(key.bytes)
                var end = "\")}\n"
                if thumbnails[owners[0]]?.pixelated == true {
                    end += owners.map { ".t\($0),.t\($0) *" }.joined(separator: ",") + "{image-rendering:pixelated}\n"
                }
                try emit(end)
            }
        }

        /// A preview as a dictionary key, hashed by its length and ends only (hashing megabytes of
        /// previews whole costs more than the rest of a warm report); equality still compares it all.
        struct Key: Hashable {
            let mimeType: String
            let bytes: ArraySlice<UInt8>

            func hash(into hasher: inout Hasher) {
                hasher.combine(mimeType)
                hasher.combine(bytes.count)
                bytes.withUnsafeBytes { raw in
                    hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw.prefix(48)))
                    hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw.suffix(48)))
                }
            }
        }
    }
}

/// Standard Base64 (RFC 4648) with padding.
enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Two characters for each 12 bits, as stored in memory (the first at the lower address): half
    /// the lookups of one character per 6 bits (previews are megabytes of base64 at studio scale).
    static let pairs: [UInt16] = (0..<4096).map { UInt16(littleEndian: UInt16(alphabet[$0 >> 6]) | UInt16(alphabet[$0 & 63]) << 8) }

    static func encode(_ bytes: [UInt8]) -> String { encode(bytes[...]) }

    static func encode(_ bytes: ArraySlice<UInt8>) -> String {
        let length = (bytes.count + 2) / 3 * 4
        guard length > 0 else { return "" }
        return String(unsafeUninitializedCapacity: length) { out in
            bytes.withUnsafeBufferPointer { encode($0, into: out) }
            return length
        }
    }

    /// The base64 of `bytes` into the first (count + 2) / 3 * 4 bytes of `out`.
    static func encode(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) {
        alphabet.withUnsafeBufferPointer { alphabet in
            var i = 0, o = 0
            pairs.withUnsafeBufferPointer { pairs in
                let raw = UnsafeMutableRawPointer(out.baseAddress!)
                let source = UnsafeRawPointer(bytes.baseAddress!)
                // Six bytes to eight characters at a time: one unaligned 8-byte load (its top
                // 48 bits), four lookups, one 8-byte store.
                while i + 8 <= bytes.count {
                    let w = UInt64(bigEndian: source.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    let a = UInt64(pairs[Int(truncatingIfNeeded: w >> 52)])
                    let b = UInt64(pairs[Int(truncatingIfNeeded: (w >> 40) & 4095)])
                    let c = UInt64(pairs[Int(truncatingIfNeeded: (w >> 28) & 4095)])
                    let d = UInt64(pairs[Int(truncatingIfNeeded: (w >> 16) & 4095)])
                    raw.storeBytes(of: (a | b << 16 | c << 32 | d << 48).littleEndian, toByteOffset: o, as: UInt64.self)
                    i += 6
                    o += 8
                }
                while i + 3 <= bytes.count {
                    let v = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
                    raw.storeBytes(of: pairs[v >> 12], toByteOffset: o, as: UInt16.self)
                    raw.storeBytes(of: pairs[v & 4095], toByteOffset: o + 2, as: UInt16.self)
                    i += 3
                    o += 4
                }
            }
            let rest = bytes.count - i
            if rest > 0 {
                let v = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
                out[o] = alphabet[Int(v >> 18)]
                out[o + 1] = alphabet[Int((v >> 12) & 63)]
                out[o + 2] = rest == 2 ? alphabet[Int((v >> 6) & 63)] : UInt8(ascii: "=")
                out[o + 3] = UInt8(ascii: "=")
            }
        }
    }

    /// The bytes of canonical base64 (padded, no line breaks), or nil when `text` is not that.
    static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        let utf8 = Array(text.utf8)
        guard utf8.count % 4 == 0 else { return nil }
        var reverse = [UInt8](repeating: 255, count: 256)
        for (index, c) in alphabet.enumerated() { reverse[Int(c)] = UInt8(index) }
        values.reserveCapacity(utf8.count / 4 * 3)
        var i = 0
        while i < utf8.count {
            let chunk = utf8[i..<(i + 4)]
            let padding = chunk.reversed().prefix { $0 == UInt8(ascii: "=") }.count
            guard padding <= 2, i + 4 == utf8.count || padding == 0 else { return nil }
            var v: UInt32 = 0
            for (k, c) in chunk.enumerated() {
                let digit = k < 4 - padding ? reverse[Int(c)] : 0
                guard digit != 255 else { return nil }
                v = v << 6 | UInt32(digit)
            }
            values.append(UInt8(v >> 16))
            if padding < 2 { values.append(UInt8((v >> 8) & 255)) }
            if padding < 1 { values.append(UInt8(v & 255)) }
            i += 4
        }
        return values
    }
}

extension HTMLReporter {
    /// `report -o DIR/`: the index page, and above `pageThreshold` stickers a page per pack, written as
    /// a set (the index last: it never links a page that is not there). A new folder is made whole in
    /// a hidden staging folder beside it and put in place in one step (`StagedOutput`): a run that
    /// fails or is killed leaves no half-written folder. In an existing folder (one the user keeps
    /// other things in) the pages are replaced one by one, each whole. Returns how many pages.
    package func writeFolder(_ result: LintResult, to folder: String, pid: Int32, files: any FileSystem) throws -> Int {
        let pages = Self.stickerCount(result) > Self.pageThreshold ? self.pages(result) : [(name: "index.html", html: render(result))]
        let ordered = pages.filter { $0.name != "index.html" } + pages.filter { $0.name == "index.html" }
        let target = PathText.normalize(folder)
        guard files.kind(target) == .missing else {
            StagingFolders.removeAbandoned(for: PathText.lastComponent(target), in: PathText.parent(target), files: files)
            try AtomicFile.writeSet(ordered.map { (PathText.join(target, $0.name), $0.html) })
            return pages.count
        }
        let staged = try StagedOutput(for: target, pid: pid, files: files)
        defer { staged.discard() }
        try AtomicFile.writeSet(ordered.map { (PathText.join(staged.root, $0.name), $0.html) })
        try staged.place()
        return pages.count
    }
}
