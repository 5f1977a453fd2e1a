import StickerCatalog

/// One image of an example iMessage App Icon set, with the entry that names it (if any), as a real
/// set may hold it. The rule examples, the tests and the sample packs build icon sets from these.
package struct ExampleIcon: Sendable {
    package var filename: String
    package var content: ExampleContent
    /// The members of the `images` entry naming the file (`"idiom":"iphone",...`), nil when no entry does.
    package var entry: String?

    package init(filename: String, content: ExampleContent, entry: String?) {
        self.filename = filename
        self.content = content
        self.entry = entry
    }

    /// An icon in a slot, at the slot's pixel size unless given; stored without an alpha channel, as
    /// App Store Connect wants icons, unless `alpha` (every pixel opaque: fix's lossless re-encoding drops
    /// the channel) or `transparent` (a shape on a clear ground, which only flattening onto a colour removes).
    package static func slot(_ slot: IconSlot, width: Int? = nil, height: Int? = nil, alpha: Bool = false, transparent: Bool = false) -> ExampleIcon {
        ExampleIcon(
            filename: slot.fileName,
            content: .png(
                width: width ?? slot.pixelWidth, height: height ?? slot.pixelHeight,
                style: transparent ? .sticker : alpha ? .opaque : .flat, seed: 2),
            entry: #""idiom":"\#(slot.idiom)","size":"\#(slot.size)","scale":"\#(slot.scale)""#)
    }

    /// An image whose entry is marked `"unassigned": true` (Xcode's "unassigned child").
    package static func unassigned(_ filename: String) -> ExampleIcon {
        ExampleIcon(filename: filename, content: .png(width: 58, height: 58, style: .flat), entry: #""idiom":"iphone","unassigned":true"#)
    }

    /// An image in an entry that is no slot of the iMessage App Icon, such as `universal` `1x`.
    package static func outsideSlots(_ filename: String, idiom: String = "universal", scale: String = "1x") -> ExampleIcon {
        ExampleIcon(filename: filename, content: .png(width: 58, height: 58, style: .flat), entry: #""idiom":"\#(idiom)","scale":"\#(scale)""#)
    }

    /// An image no entry names.
    package static func unnamed(_ filename: String) -> ExampleIcon {
        ExampleIcon(filename: filename, content: .png(width: 58, height: 58, style: .flat), entry: nil)
    }

    /// Every required slot filled with an image of the right size.
    package static var complete: [ExampleIcon] { complete { _ in nil } }

    /// Every required slot filled, with `change` giving another icon for some slots.
    package static func complete(changing change: (IconSlot) -> ExampleIcon?) -> [ExampleIcon] {
        IconSlot.all.filter(\.required).map { change($0) ?? .slot($0) }
    }

    /// The set's files and Contents.json, under `folder`.
    package static func files(_ icons: [ExampleIcon], in folder: String) -> [ExampleFile] {
        let entries = icons.compactMap { icon in icon.entry.map { #"{"filename":"\#(icon.filename)",\#($0)}"# } }
        return icons.map { ExampleFile("\(folder)/\($0.filename)", $0.content) }
            + [
                ExampleFile(
                    "\(folder)/Contents.json", .text(#"{"images":[\#(entries.joined(separator: ","))],"info":{"author":"xcode","version":1}}"#))
            ]
    }
}
