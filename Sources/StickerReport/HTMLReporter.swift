import StickerCatalog
import StickerLint

/// A self-contained HTML report: inline CSS, every image embedded as a data URI, no script and no
/// network request. A summary, then each pack laid out as the Messages sticker browser shows it for its
/// grid size, and a card per sticker over the backgrounds Apple advises testing against.
///
/// The previews come with the result (`Linter(thumbnailSide: HTMLReporter.thumbnailSide)`): they are
/// made during inspection, from the bytes already read, under the same limits.
public struct HTMLReporter: Reporter {
    public static let identifier = "html"
    public static let summary = "a self-contained page showing every sticker"
    /// Previews are at most this many pixels on a side (small, so big batches stay small).
    public static let thumbnailSide = 120

    public init() {}
    public init(context: ReportContext) {}

    /// The backgrounds every sticker is shown over: (CSS class, label).
    static let backgrounds = [("bg-white", "white"), ("bg-black", "black"), ("bg-red", "red"), ("bg-yellow", "yellow"),
                              ("bg-pattern", "pattern"), ("bg-photo", "photo")]

    public func render(_ result: LintResult) -> String {
        let model = HTMLModel(result)
        let previews = Previews(result, model)
        let css = previews.css(for: Array(model.stickers.indices))
        // One buffer for the page: the previews (megabytes at studio scale) are copied into it once.
        var out = ""
        out.reserveCapacity(css.utf8.count + 64 * (model.stickers.count + 64) + 16_384)
        Self.head(into: &out, result, title: "Sticker report", previews: css)
        out += model.header(result)
        out += "<main>\n"
        out += model.summary(result)
        for pack in model.packs { out += model.packSection(pack, thumbnails: previews.uris) }
        if !model.loose.isEmpty { out += model.looseSection(thumbnails: previews.uris) }
        if !model.media.isEmpty { out += model.mediaSection(thumbnails: previews.uris) }
        for (index, set) in result.iconSets.enumerated() { out += model.iconSection(set, index: index) }
        if !model.other.isEmpty { out += model.otherSection() }
        return out + "</main>\n" + Self.footer
    }

    /// Above this many stickers, `report -o DIR/` writes one page per pack behind an index page.
    public static let pageThreshold = 300

    /// The stickers a report shows (pack entries, loose stickers and message media).
    public static func stickerCount(_ result: LintResult) -> Int { HTMLModel(result).stickers.count }

    /// The report as several self-contained, cross-linked pages, by file name: `index.html` (the summary,
    /// every pack with its status and a link to its page, findings by rule, the icon sets and other
    /// findings) and one page per pack (`pack-1.html`, … in pack order), for loose stickers
    /// (`loose.html`) and for message media (`media.html`). Each page embeds only its own previews.
    public func pages(_ result: LintResult) -> [(name: String, html: String)] {
        let model = HTMLModel(result)
        let previews = Previews(result, model)
        var parts: [(name: String, title: String, stickers: [Int], body: String)] = []
        for (index, pack) in model.packs.enumerated() {
            parts.append(("pack-\(index + 1).html", HTMLModel.name(pack.pack.path).replacingSuffix(".stickerpack"), pack.stickers,
                          model.packSection(pack, thumbnails: previews.uris)))
        }
        if !model.loose.isEmpty { parts.append(("loose.html", "Loose stickers", model.loose, model.looseSection(thumbnails: previews.uris))) }
        if !model.media.isEmpty { parts.append(("media.html", "Message media", model.media, model.mediaSection(thumbnails: previews.uris))) }
        var index = Self.head(result, title: "Sticker report", previews: "") + model.header(result) + "<main>\n"
        index += model.summary(result) { "pack-\($0 + 1).html#pack\($0)" }
        index += "<nav aria-labelledby=\"pages\">\n<h2 id=\"pages\">Pages</h2>\n<ul>\n"
        for part in parts {
            index += "<li><a href=\"\(part.name)\">\(HTML.escape(part.title))</a> · \(part.stickers.count.counted("sticker"))</li>\n"
        }
        index += "</ul>\n</nav>\n"
        for (number, set) in result.iconSets.enumerated() { index += model.iconSection(set, index: number) }
        if !model.other.isEmpty { index += model.otherSection() }
        var pages = [(name: "index.html", html: index + "</main>\n" + Self.footer)]
        for (number, part) in parts.enumerated() {
            var nav = "<nav class=\"pager\"><a href=\"index.html\">Summary</a>"
            if number > 0 { nav += " · <a href=\"\(parts[number - 1].name)\" rel=\"prev\">\(HTML.escape(parts[number - 1].title))</a>" }
            if number + 1 < parts.count { nav += " · <a href=\"\(parts[number + 1].name)\" rel=\"next\">\(HTML.escape(parts[number + 1].title))</a>" }
            nav += " · page \(number + 1) of \(parts.count)</nav>\n"
            let html = Self.head(result, title: "\(part.title) · Sticker report", previews: previews.css(for: part.stickers))
                + model.header(result) + nav + "<main>\n" + part.body + "</main>\n" + nav + Self.footer
            pages.append((part.name, html))
        }
        return pages
    }

    static let footer = "<footer><p>Made by \(Tool.name) \(Tool.version). This file is self-contained: it loads nothing from the network.</p></footer>\n"
        + "</body>\n</html>\n"

    /// The document's start: metadata, the stylesheet, and the previews' classes.
    static func head(_ result: LintResult, title: String, previews: String) -> String {
        var out = ""
        head(into: &out, result, title: title, previews: previews)
        return out
    }

    static func head(into out: inout String, _ result: LintResult, title: String, previews: String) {
        out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"color-scheme\" content=\"light dark\">\n"
        out += "<meta name=\"generator\" content=\"\(Tool.name) \(Tool.version)\">\n"
        out += "<title>\(HTML.escape(title)) · \(result.files.count.counted("file")) · \(result.errorCount.counted("error"))</title>\n"
        out += "<style>\n\(HTMLStyle.css)</style>\n<style>\n"
        out += previews
        out += "</style>\n</head>\n<body>\n"
    }

    /// Each sticker's preview as a data URI, and the CSS that defines it once as the class `t<id>`:
    /// the grid cell and every backdrop of the card show it from there.
    struct Previews {
        let uris: [String?]
        let pixelated: [Bool]

        init(_ result: LintResult, _ model: HTMLModel) {
            let previews = model.stickers.map { result.thumbnails[$0.path] }
            uris = previews.map { preview in preview.map { "data:\($0.mimeType);base64,\(Base64.encode($0.bytes))" } }
            pixelated = previews.map { $0?.pixelated == true }
        }

        /// The rules for `ids`: one per distinct preview, naming every sticker that shows it
        /// (`.t3,.t7{--sticker:url(…)}`), so that identical stickers share one copy too.
        func css(for ids: [Int]) -> String {
            var order: [URIKey] = [], holders: [URIKey: [Int]] = [:]
            for id in ids {
                guard let uri = uris[id] else { continue }
                let key = URIKey(uri: uri)
                if holders[key] == nil { order.append(key) }
                holders[key, default: []].append(id)
            }
            var out = ""
            out.reserveCapacity(order.reduce(0) { $0 + $1.uri.utf8.count + 64 } + 32 * ids.count)
            for key in order {
                let uri = key.uri, owners = holders[key]!
                out += owners.map { ".t\($0)" }.joined(separator: ",")
                out += "{--sticker:url(\""
                out += uri
                out += "\")}\n"
                if pixelated[owners[0]] { out += owners.map { ".t\($0),.t\($0) *" }.joined(separator: ",") + "{image-rendering:pixelated}\n" }
            }
            return out
        }

        /// A data URI as a dictionary key hashed by its length and ends only (hashing megabytes of
        /// previews whole costs more than the rest of a warm report); equality still compares it all.
        struct URIKey: Hashable {
            let uri: String

            static func == (a: URIKey, b: URIKey) -> Bool { a.uri == b.uri }

            func hash(into hasher: inout Hasher) {
                let utf8 = uri.utf8
                hasher.combine(utf8.count)
                for byte in utf8.prefix(64) { hasher.combine(byte) }
                for byte in utf8.suffix(64) { hasher.combine(byte) }
            }
        }
    }
}

/// Standard Base64 (RFC 4648) with padding.
enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        let length = (bytes.count + 2) / 3 * 4
        return String(unsafeUninitializedCapacity: length) { out in
            bytes.withUnsafeBufferPointer { bytes in
                alphabet.withUnsafeBufferPointer { alphabet in
                    var i = 0, o = 0
                    while i + 3 <= bytes.count {
                        let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
                        out[o] = alphabet[Int(v >> 18)]
                        out[o + 1] = alphabet[Int((v >> 12) & 63)]
                        out[o + 2] = alphabet[Int((v >> 6) & 63)]
                        out[o + 3] = alphabet[Int(v & 63)]
                        i += 3
                        o += 4
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
            return length
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
