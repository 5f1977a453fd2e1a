import StickerFiles

/// A store's sidecar describing a pack (WhatsApp's contents.json): read and judged by `check` (the
/// `pack-manifest` rule), written by `pack --for`. The engine and the packer know it only through
/// this protocol.
package protocol StoreManifest: Sendable {
    /// The sidecar's file name ("contents.json").
    var fileName: String { get }
    /// Whether each pack made goes in a folder named by its identifier, the sidecar beside them
    /// (WhatsApp's sample apps' assets); else the pack's stickers sit beside the sidecar.
    var packsInFolders: Bool { get }
    /// What `pack-manifest`'s rationale says of it.
    var rationale: String { get }
    /// The sidecar that describes the pack in `folder`, read, when there is one.
    func read(folder: String, files: any FileSystem) -> StoreManifestReading?
    /// The sidecar of the packs made, and what the run says about it (defaults it chose).
    func write(_ packs: [StoreManifestPack], publisher: String?) -> (bytes: [UInt8], notes: [String])
}

/// A sidecar as read for one pack folder: where it is, and its judgement once every image's facts are known.
package struct StoreManifestReading: Sendable {
    package var path: String
    /// `pack-manifest`'s findings for the folder (at `path`).
    package var judge: @Sendable (_ folder: String, _ context: LintContext) -> [Finding]

    package init(path: String, judge: @escaping @Sendable (_ folder: String, _ context: LintContext) -> [Finding]) {
        self.path = path
        self.judge = judge
    }
}

/// A pack `pack --for` made, as its sidecar lists it.
package struct StoreManifestPack: Sendable {
    /// A sticker: its file (in the pack's folder), label and the emoji the labels file gave it (maybe none).
    package struct Sticker: Sendable {
        package var file: String
        package var label: String
        package var emoji: [String]
        /// The art it was made from (for notes).
        package var source: String

        package init(file: String, label: String, emoji: [String], source: String) {
            self.file = file
            self.label = label
            self.emoji = emoji
            self.source = source
        }
    }

    package var identifier: String
    package var name: String
    /// The name of the pack's first pack file (WhatsApp's tray icon), when one is made.
    package var packFile: String?
    package var animated: Bool
    package var stickers: [Sticker]

    package init(identifier: String, name: String, packFile: String?, animated: Bool, stickers: [Sticker]) {
        self.identifier = identifier
        self.name = name
        self.packFile = packFile
        self.animated = animated
        self.stickers = stickers
    }
}
