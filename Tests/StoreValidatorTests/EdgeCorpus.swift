import Foundation
import StickerLint
import StickerTestSupport
import Testing

/// One case of the edge corpus: a file or a pack built from a source's number (at it, and one past),
/// what the store does with it (`accepted`, read from the cited source by hand), and the transcribed
/// validator that must say the same.
struct EdgeCase: CustomTestStringConvertible, Sendable {
    var store: String
    var name: String
    var accepted: Bool
    /// Writes the case under `root` and returns the path to check (a file, or a pack's folder).
    var build: @Sendable (String) throws -> String
    var judge: @Sendable (String) throws -> Verdict
    var testDescription: String { "\(store): \(name) (\(accepted ? "accepted" : "refused"))" }
}

/// Files of the corpus, written the way the project's examples are (test support), some patched after.
enum Build {
    static func write(_ root: String, _ name: String, _ bytes: [UInt8]) throws -> String {
        let path = root + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func file(_ name: String, _ content: ExampleContent) -> @Sendable (String) throws -> String {
        { root in try write(root, name, content.bytes()) }
    }

    /// An APNG whose acTL says `plays` (the example writes 0, forever), its CRC made again.
    static func apng(side: Int, frames: Int, delay: Int = 100, plays: Int, seed: Int = 0) -> [UInt8] {
        var bytes = ExampleContent.apng(side: side, frames: frames, delayMilliseconds: delay, seed: seed).bytes()
        var at = 8
        while at + 8 <= bytes.count {
            let length = Media.be32(bytes, at)
            if String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self) == "acTL" {
                for i in 0..<4 { bytes[at + 12 + i] = UInt8(truncatingIfNeeded: plays >> (8 * (3 - i))) }
                let crc = crc32(Array(bytes[(at + 4)..<(at + 8 + length)]))
                for i in 0..<4 { bytes[at + 8 + length + i] = UInt8(truncatingIfNeeded: crc >> (8 * (3 - i))) }
            }
            at += 12 + length
        }
        return bytes
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A WhatsApp pack in one folder: stickers 01.webp…, tray.png and a contents.json describing them
    /// (`edit` changes the pack's object before it is written; `sticker` each sticker's).
    static func whatsApp(
        count: Int = 3, animated: Bool = false, tray: ExampleContent = .png(width: 96, height: 96),
        edit: @escaping @Sendable (inout [String: Any]) -> Void = { _ in },
        top: @escaping @Sendable (inout [String: Any]) -> Void = { _ in }
    ) -> @Sendable (String) throws -> String {
        { root in
            let folder = root + "/cats"
            var stickers: [[String: Any]] = []
            for index in 1...count {
                let name = String(format: "%02d.webp", index)
                _ = try write(folder, name, ExampleContent.webpSolid(width: 512, height: 512, frames: animated ? 2 : 1, seed: index).bytes())
                stickers.append(["image_file": name, "emojis": ["🐱"]])
            }
            _ = try write(folder, "tray.png", tray.bytes())
            var pack: [String: Any] = [
                "identifier": "cats", "name": "Cats", "publisher": "Ann", "tray_image_file": "tray.png", "image_data_version": "1",
                "animated_sticker_pack": animated, "stickers": stickers
            ]
            edit(&pack)
            // A case that names the first sticker otherwise has the file under that name too.
            if let first = (pack["stickers"] as? [[String: Any]])?.first?["image_file"] as? String, first != "01.webp",
                !first.hasPrefix("missing"), !first.contains("/")
            {
                try FileManager.default.moveItem(atPath: folder + "/01.webp", toPath: folder + "/" + first)
            }
            var document: [String: Any] = ["sticker_packs": [pack]]
            top(&document)
            _ = try write(folder, "contents.json", [UInt8](try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])))
            return folder
        }
    }

    /// A folder of `count` files made by `content(index)`, named by `name(index)`.
    static func folder(
        _ count: Int, name: @escaping @Sendable (Int) -> String = { String(format: "%02d.png", $0) },
        extra: [(String, ExampleContent)] = [], _ content: @escaping @Sendable (Int) -> ExampleContent
    ) -> @Sendable (String) throws -> String {
        { root in
            for index in 1...count { _ = try write(root + "/set", name(index), content(index).bytes()) }
            for (name, content) in extra { _ = try write(root + "/set", name, content.bytes()) }
            return root + "/set"
        }
    }
}

extension Build {
    /// A PNG padded to exactly `total` bytes with a private ancillary chunk before IEND.
    static func padded(_ png: [UInt8], to total: Int) -> [UInt8] {
        let room = total - png.count - 12
        precondition(room >= 0, "a PNG of \(png.count) bytes cannot be padded to \(total)")
        let body = Array("prVt".utf8) + [UInt8](repeating: 0, count: room)
        let crc = crc32(body)
        let chunk =
            (0..<4).map { UInt8(truncatingIfNeeded: room >> (8 * (3 - $0))) } + body
            + (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * (3 - $0))) }
        return Array(png[..<(png.count - 12)]) + chunk + Array(png[(png.count - 12)...])
    }
}
