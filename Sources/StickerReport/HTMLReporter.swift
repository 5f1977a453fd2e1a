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
        // One preview per sticker (sequences animate their frames), as data URIs.
        let thumbnails = model.stickers.map { sticker in
            result.thumbnails[sticker.path].map { "data:\($0.mimeType);base64,\(Base64.encode($0.bytes))" }
        }
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"color-scheme\" content=\"light dark\">\n"
        out += "<meta name=\"generator\" content=\"\(Tool.name) \(Tool.version)\">\n"
        out += "<title>Sticker report · \(result.files.count.counted("file")) · \(result.errorCount.counted("error"))</title>\n"
        out += "<style>\n\(HTMLStyle.css)</style>\n<style>\n"
        for (index, data) in thumbnails.enumerated() {
            if let data { out += ".t\(index){--sticker:url(\"\(data)\")}\n" }
        }
        out += "</style>\n</head>\n<body>\n"
        out += model.header(result)
        out += "<main>\n"
        out += model.summary(result)
        for pack in model.packs { out += model.packSection(pack, thumbnails: thumbnails) }
        if !model.loose.isEmpty { out += model.looseSection(thumbnails: thumbnails) }
        if !model.media.isEmpty { out += model.mediaSection(thumbnails: thumbnails) }
        for (index, set) in result.iconSets.enumerated() { out += model.iconSection(set, index: index) }
        if !model.other.isEmpty { out += model.otherSection() }
        out += "</main>\n<footer><p>Made by \(Tool.name) \(Tool.version). This file is self-contained: it loads nothing from the network.</p></footer>\n"
        out += "</body>\n</html>\n"
        return out
    }
}

/// Standard Base64 (RFC 4648) with padding.
enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [alphabet[Int(v >> 18)], alphabet[Int((v >> 12) & 63)], alphabet[Int((v >> 6) & 63)], alphabet[Int(v & 63)]]
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let v = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out += [alphabet[Int(v >> 18)], alphabet[Int((v >> 12) & 63)]]
            out += rest == 2 ? [alphabet[Int((v >> 6) & 63)], UInt8(ascii: "=")] : [UInt8(ascii: "="), UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
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
