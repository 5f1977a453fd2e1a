import Foundation
import StickerTestSupport

// What the stores' validators ask of a file, read here without the project's decoders: PNG and APNG
// chunks, WebP's RIFF chunks, GIF's blocks, TGS and Lottie JSON, and WebM through ffprobe. An
// independent reading, so that a mistake in the project's readers cannot hide a mistake in its rules.

/// The facts of one file the transcribed validators judge.
struct Media: Equatable, CustomStringConvertible {
    enum Format: String { case png, apng, webp, gif, jpeg, tgs, lottie, webm, other }
    var format: Format
    var width: Int
    var height: Int
    var bytes: Int
    /// Frame durations in milliseconds (one for a still).
    var durations: [Int] = [0]
    /// APNG num_plays, WebP ANIM loop count, GIF NETSCAPE loops (0 = forever); nil when the file says none.
    var loops: Int?
    /// Frames a second (TGS/Lottie `fr`, WebM's measured rate).
    var frameRate: Double?
    var codec: String?
    var hasAudio = false
    /// Every frame's pixels the same (APNG frames compared as stored chunks).
    var framesAlike = false

    var frames: Int { durations.count }
    var animated: Bool { frames > 1 }
    var totalMilliseconds: Int { durations.reduce(0, +) }
    var description: String {
        "\(format) \(width)×\(height), \(bytes) B, \(frames) frames, \(totalMilliseconds) ms, loops \(loops.map(String.init) ?? "-")"
    }

    struct Unreadable: Error, CustomStringConvertible { var description: String }

    static func read(_ path: String) throws -> Media {
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let lower = path.lowercased()
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try png(data) }
        if data.starts(with: Array("RIFF".utf8)), data.count >= 12, Array(data[8..<12]) == Array("WEBP".utf8) { return try webp(data) }
        if data.starts(with: Array("GIF8".utf8)) { return try gif(data) }
        if data.starts(with: [0xFF, 0xD8]) { return Media(format: .jpeg, width: 0, height: 0, bytes: data.count) }
        if data.starts(with: [0x1F, 0x8B]) { return try lottie(try gunzip(path), bytes: data.count, format: .tgs) }
        if data.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return try webm(path, bytes: data.count) }
        if lower.hasSuffix(".json") { return try lottie(data, bytes: data.count, format: .lottie) }
        return Media(format: .other, width: 0, height: 0, bytes: data.count)
    }

    static func be32(_ d: [UInt8], _ at: Int) -> Int { Int(d[at]) << 24 | Int(d[at + 1]) << 16 | Int(d[at + 2]) << 8 | Int(d[at + 3]) }
    static func be16(_ d: [UInt8], _ at: Int) -> Int { Int(d[at]) << 8 | Int(d[at + 1]) }
    static func le16(_ d: [UInt8], _ at: Int) -> Int { Int(d[at]) | Int(d[at + 1]) << 8 }
    static func le24(_ d: [UInt8], _ at: Int) -> Int { Int(d[at]) | Int(d[at + 1]) << 8 | Int(d[at + 2]) << 16 }
    static func le32(_ d: [UInt8], _ at: Int) -> Int { le24(d, at) | Int(d[at + 3]) << 24 }

    /// PNG (ISO/IEC 15948) and APNG (the APNG specification): IHDR's size, acTL's frames and plays,
    /// each fcTL's delay (delay_num / delay_den seconds, a den of 0 meaning 100).
    static func png(_ d: [UInt8]) throws -> Media {
        var at = 8, width = 0, height = 0, plays: Int?, frames = 0, delays: [Int] = [], payloads: [[UInt8]] = []
        while at + 8 <= d.count {
            let length = be32(d, at), type = String(decoding: d[(at + 4)..<(at + 8)], as: UTF8.self)
            let body = at + 8
            guard body + length + 4 <= d.count else { throw Unreadable(description: "chunk \(type) runs past the end") }
            switch type {
            case "IHDR": (width, height) = (be32(d, body), be32(d, body + 4))
            case "acTL": (frames, plays) = (be32(d, body), be32(d, body + 4))
            case "fcTL":
                let num = be16(d, body + 20), den = be16(d, body + 22)
                delays.append(num * 1_000 / (den == 0 ? 100 : den))
            case "IDAT", "fdAT": payloads.append(Array(d[(type == "fdAT" ? body + 4 : body)..<(body + length)]))
            default: break
            }
            at = body + length + 4
            if type == "IEND" { break }
        }
        guard width > 0, height > 0 else { throw Unreadable(description: "no IHDR") }
        guard frames > 1 else { return Media(format: .png, width: width, height: height, bytes: d.count) }
        return Media(
            format: .apng, width: width, height: height, bytes: d.count, durations: delays, loops: plays,
            framesAlike: Set(payloads).count == 1)
    }

    /// WebP (RFC 9649): VP8X's canvas (24-bit minus one), ANIM's loop count, each ANMF's duration (24-bit);
    /// a simple file's size from its VP8 frame header or VP8L's packed fields.
    static func webp(_ d: [UInt8]) throws -> Media {
        var at = 12, canvas: (Int, Int)?, simple: (Int, Int)?, loops: Int?, durations: [Int] = []
        while at + 8 <= d.count {
            let tag = String(decoding: d[at..<(at + 4)], as: UTF8.self), size = le32(d, at + 4), body = at + 8
            guard body + size <= d.count else { throw Unreadable(description: "chunk \(tag) runs past the end") }
            switch tag {
            case "VP8X": canvas = (le24(d, body + 4) + 1, le24(d, body + 7) + 1)
            case "ANIM": loops = le16(d, body + 4)
            case "ANMF": durations.append(le24(d, body + 12))
            case "VP8 " where size >= 10: simple = (le16(d, body + 6) & 0x3FFF, le16(d, body + 8) & 0x3FFF)
            case "VP8L" where size >= 5:
                let bits = le32(d, body + 1)
                simple = ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            default: break
            }
            at = body + size + (size & 1)
        }
        guard let (width, height) = canvas ?? simple else { throw Unreadable(description: "no image size") }
        return Media(
            format: .webp, width: width, height: height, bytes: d.count, durations: durations.isEmpty ? [0] : durations,
            loops: durations.isEmpty ? nil : loops)
    }

    /// GIF89a: the logical screen's size, one frame per image descriptor with the delay of the graphic
    /// control extension before it (hundredths of a second), NETSCAPE2.0's loop count.
    static func gif(_ d: [UInt8]) throws -> Media {
        guard d.count >= 13 else { throw Unreadable(description: "no logical screen descriptor") }
        let width = le16(d, 6), height = le16(d, 8)
        var at = 13 + (d[10] & 0x80 != 0 ? 3 << (Int(d[10] & 7) + 1) : 0)
        var delays: [Int] = [], pending = 0, loops: Int?
        func skipBlocks() { while at < d.count, d[at] != 0 { at += Int(d[at]) + 1 }; at += 1 }
        while at < d.count {
            switch d[at] {
            case 0x21:
                let label = d[at + 1]
                if label == 0xF9 { pending = le16(d, at + 4) * 10 }
                if label == 0xFF, at + 14 < d.count, String(decoding: d[(at + 3)..<(at + 14)], as: UTF8.self) == "NETSCAPE2.0" {
                    loops = le16(d, at + 16)
                }
                at += 2
                skipBlocks()
            case 0x2C:
                let packed = d[at + 9]
                at += 10 + (packed & 0x80 != 0 ? 3 << (Int(packed & 7) + 1) : 0) + 1
                skipBlocks()
                delays.append(pending)
                pending = 0
            default: at = d.count
            }
        }
        return Media(format: .gif, width: width, height: height, bytes: d.count, durations: delays.isEmpty ? [0] : delays, loops: loops)
    }

    /// A Lottie document (TGS gzip'd): `w`, `h`, `fr`, and `op - ip` frames at `fr` a second.
    static func lottie(_ d: [UInt8], bytes: Int, format: Format) throws -> Media {
        guard let object = try JSONSerialization.jsonObject(with: Data(d)) as? [String: Any] else {
            throw Unreadable(description: "not a JSON object")
        }
        func number(_ key: String) -> Double { (object[key] as? NSNumber)?.doubleValue ?? 0 }
        let rate = number("fr"), frames = max(0, Int((number("op") - number("ip")).rounded()))
        let milliseconds = rate > 0 ? Int((Double(frames) * 1_000 / rate).rounded()) : 0
        return Media(
            format: format, width: Int(number("w")), height: Int(number("h")), bytes: bytes,
            durations: frames > 1 ? [milliseconds] + Array(repeating: 0, count: frames - 1) : [milliseconds], frameRate: rate)
    }

    static func gunzip(_ path: String) throws -> [UInt8] {
        let (status, out, err) = try StickerTestSupport.Process.run(Tools.find("gzip"), ["-dc", path])
        guard status == 0 else { throw Unreadable(description: "gzip: \(err)") }
        return Array(out.utf8)
    }

    /// WebM through ffprobe (FFmpeg's reader): the video stream's codec and size, packets counted, the
    /// last packet's end as the duration, an audio stream's presence.
    static func webm(_ path: String, bytes: Int) throws -> Media {
        let (status, out, err) = try StickerTestSupport.Process.run(
            Tools.find("ffprobe"),
            [
                "-v", "error", "-print_format", "json", "-show_streams", "-show_packets", "-show_entries",
                "stream=codec_type,codec_name,width,height:packet=pts_time,duration_time,stream_index", path
            ])
        guard status == 0, let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any] else {
            throw Unreadable(description: "ffprobe: \(err)")
        }
        let streams = object["streams"] as? [[String: Any]] ?? []
        guard let video = streams.firstIndex(where: { $0["codec_type"] as? String == "video" }) else {
            throw Unreadable(description: "no video stream")
        }
        let packets = (object["packets"] as? [[String: Any]] ?? []).filter { $0["stream_index"] as? Int == video }
        let times = packets.compactMap { ($0["pts_time"] as? String).flatMap(Double.init) }.sorted()
        let step = times.count > 1 ? (times.last! - times.first!) / Double(times.count - 1) : 0
        let total = Int(((times.last ?? 0) + step) * 1_000 + 0.5)
        return Media(
            format: .webm, width: streams[video]["width"] as? Int ?? 0, height: streams[video]["height"] as? Int ?? 0, bytes: bytes,
            durations: [total] + Array(repeating: 0, count: max(0, packets.count - 1)), frameRate: step > 0 ? 1 / step : nil,
            codec: streams[video]["codec_name"] as? String, hasAudio: streams.contains { $0["codec_type"] as? String == "audio" })
    }
}

/// A tool on PATH (the brief: tools are found on PATH, never at a fixed place).
enum Tools {
    static func find(_ name: String) -> String {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return "/usr/bin/" + name
    }
}
