import StickerFiles

/// A WhatsApp pack's `contents.json`, as WhatsApp's sample apps read it (Android `ContentFileParser`):
/// `sticker_packs`, each with `identifier`, `name`, `publisher`, `tray_image_file`,
/// `animated_sticker_pack` and `stickers` (`image_file`, `emojis`, `accessibility_text`). Found beside
/// the pack's stickers, or one folder up with the pack in a folder named by its identifier (the Android
/// sample's assets); only the fields the rules judge are kept.
public struct WhatsAppContents: Sendable, Hashable {
    public struct Pack: Sendable, Hashable {
        public var identifier: String?
        public var name: String?
        public var publisher: String?
        public var trayImageFile: String?
        public var animated: Bool
        public var stickers: [Sticker]
    }

    public struct Sticker: Sendable, Hashable {
        public var imageFile: String?
        public var emojis: [String]
        public var accessibilityText: String?
    }

    /// The contents.json file.
    public var path: String
    /// The pack that describes the folder, or why there is none.
    public var pack: Result<Pack, Failure>

    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case unreadable(String)
        case notJSON(String)
        case noPack(String)

        public var description: String {
            switch self {
            case .unreadable(let why): "cannot be read: \(why)"
            case .notJSON(let why): "is not JSON: \(why)"
            case .noPack(let why): why
            }
        }
    }

    /// The most bytes read of a contents.json (WhatsApp's own are a few kilobytes).
    public static let maxBytes = 1 << 20

    /// The contents.json describing the pack in `folder`, when there is one: `folder/contents.json`
    /// (its pack named like the folder, or its only pack), else `parent/contents.json` with a pack whose
    /// identifier is the folder's name.
    public static func find(for folder: String, files: any FileSystem) -> WhatsAppContents? {
        let name = PathText.lastComponent(folder)
        for (path, inside) in [(folder + "/contents.json", true), (PathText.parent(folder) + "/contents.json", false)] {
            guard files.kind(path) == .file else { continue }
            let document: JSONValue
            do {
                guard let size = files.size(path), size <= maxBytes else {
                    return WhatsAppContents(path: path, pack: .failure(.unreadable("over \(maxBytes.grouped) bytes")))
                }
                document = try JSONParser.parse(try files.read(path, within: .contentsJSON))
            } catch let error as FileError {
                return WhatsAppContents(path: path, pack: .failure(.unreadable(error.description)))
            } catch {
                return WhatsAppContents(path: path, pack: .failure(.notJSON("\(error)")))
            }
            guard case .array(let packs)? = document["sticker_packs"] else {
                if !inside { continue }
                return WhatsAppContents(path: path, pack: .failure(.noPack("has no \"sticker_packs\" list")))
            }
            let parsed = packs.map(Self.pack)
            if let named = parsed.first(where: { $0.identifier == name }) { return WhatsAppContents(path: path, pack: .success(named)) }
            if inside, parsed.count == 1 { return WhatsAppContents(path: path, pack: .success(parsed[0])) }
            if inside {
                return WhatsAppContents(
                    path: path, pack: .failure(.noPack("lists \(parsed.count.counted("pack")), none with the identifier \"\(name)\" of this folder")))
            }
        }
        return nil
    }

    static func pack(_ value: JSONValue) -> Pack {
        func string(_ key: String, in value: JSONValue) -> String? {
            if case .string(let text)? = value[key] { return text }
            return nil
        }
        var stickers: [Sticker] = []
        if case .array(let list)? = value["stickers"] {
            stickers = list.map { item in
                var emojis: [String] = []
                if case .array(let values)? = item["emojis"] {
                    emojis = values.compactMap { if case .string(let text) = $0 { text } else { nil } }
                }
                return Sticker(imageFile: string("image_file", in: item), emojis: emojis, accessibilityText: string("accessibility_text", in: item))
            }
        }
        var animated = false
        if case .bool(let flag)? = value["animated_sticker_pack"] { animated = flag }
        return Pack(
            identifier: string("identifier", in: value), name: string("name", in: value), publisher: string("publisher", in: value),
            trayImageFile: string("tray_image_file", in: value), animated: animated, stickers: stickers)
    }
}
