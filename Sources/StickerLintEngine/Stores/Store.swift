import StickerFiles
import StickerImage

/// A store other than iMessage whose stickers `--profile STORE` judges and `pack --for STORE` makes:
/// one value, defined in one file of this folder (`WhatsApp.swift`, `Telegram.swift`…). It holds the
/// store's limits (`StoreLimits`, each number with its source), what `pack --for` makes (`recipe`), the
/// sidecar that describes a pack (`manifest`), and the store's own words in help texts, rule
/// rationales and rule examples; everything else (the engine, the packer, the reports, the CLI) reads
/// them from here and names no store. A store made elsewhere (a test's) goes through every command's
/// library API like a built-in one.
package final class Store: Sendable, Hashable, CustomStringConvertible {
    /// The profile's name (`--profile ID`, a store pack's folder): "whatsapp", "telegram-emoji".
    package let id: String
    package let limits: StoreLimits
    /// What `pack --for` makes; nil where it makes nothing for the store.
    package let recipe: StoreRecipe?
    /// The sidecar describing a pack, where the store has one (WhatsApp's contents.json).
    package let manifest: (any StoreManifest)?
    /// The store `pack --for ID --emoji-set` makes (Telegram's custom emoji sets).
    package let emojiSet: Store?
    /// What `--profile`'s help says after the name: "(a custom emoji set)"; nil: the name alone.
    package let profileHelp: String?
    /// `pack --help`'s line for the store: what a pack for it holds.
    package let packHelp: String
    /// A sticker of the store's own size and format for rule examples (its `seed`-th; animated or still).
    package let sample: @Sendable (_ seed: Int, _ animated: Bool) -> ExampleContent
    /// This store's part of a rule's rationale, by rule ID ("WhatsApp 102,400 and 512,000").
    package let rationale: [String: String]
    /// This store's examples of a rule, by rule ID; made only when asked for (docs, tests).
    package let examples: @Sendable () -> [String: StoreRuleExamples]

    package init(
        id: String, limits: StoreLimits, recipe: StoreRecipe?, manifest: (any StoreManifest)? = nil, emojiSet: Store? = nil,
        profileHelp: String? = nil, packHelp: String, sample: @escaping @Sendable (_ seed: Int, _ animated: Bool) -> ExampleContent,
        rationale: [String: String] = [:], examples: @escaping @Sendable () -> [String: StoreRuleExamples] = { [:] }
    ) {
        self.id = id
        self.limits = limits
        self.recipe = recipe
        self.manifest = manifest
        self.emojiSet = emojiSet
        self.profileHelp = profileHelp
        self.packHelp = packHelp
        self.sample = sample
        self.rationale = rationale
        self.examples = examples
    }

    /// "WhatsApp".
    package var name: String { limits.name }
    package var description: String { id }

    package static func == (lhs: Store, rhs: Store) -> Bool { lhs.id == rhs.id }
    package func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Every store stickerlint knows, in the order help texts, tables and rationales list them.
    package static let builtIn: [Store] = [.whatsApp, .telegram, .telegramEmoji, .signal, .line, .discord]

    /// The store named `id` among the built-in ones.
    package static func named(_ id: String) -> Store? { builtIn.first { $0.id == id } }

    /// The stores `pack --for` names: every built-in one but those reached through another's `emojiSet`.
    package static var packable: [Store] {
        let emojiSets = Set(builtIn.compactMap(\.emojiSet))
        return builtIn.filter { $0.recipe != nil && !emojiSets.contains($0) }
    }

    /// The built-in stores' profiles in a sentence: "whatsapp, telegram, telegram-emoji (a custom emoji set), … or discord".
    package static var profileList: String {
        let names = builtIn.map { $0.id + ($0.profileHelp.map { " (\($0))" } ?? "") }
        return names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1] : names.joined()
    }

    /// The built-in stores' parts of a rule's rationale, in order, joined with `separator`.
    package static func rationale(_ rule: String, separator: String = ", ") -> String {
        builtIn.compactMap { $0.rationale[rule] }.joined(separator: separator)
    }

    /// The built-in stores' passing examples of a rule.
    package static func passing(_ rule: String) -> [RuleExample] { builtIn.flatMap { $0.examples()[rule]?.passing ?? [] } }

    /// The built-in stores' failing examples of a rule.
    package static func failing(_ rule: String) -> [RuleExample] { builtIn.flatMap { $0.examples()[rule]?.failing ?? [] } }
}

/// A store's examples of one rule: files of its own that pass and that fail.
package struct StoreRuleExamples: Sendable {
    package var passing: [RuleExample]
    package var failing: [RuleExample]

    package init(passing: [RuleExample] = [], failing: [RuleExample] = []) {
        self.passing = passing
        self.failing = failing
    }
}

/// What `pack --for STORE` makes for one store, beside the limits `check` judges by: the few choices
/// those limits leave open: the format each kind is written in and which pack files are made. A
/// sticker made to a recipe passes that store's profile by construction; the run checks it anyway.
package struct StoreRecipe: Sendable {
    /// The formats still art is written in, in order: the next is tried when the art cannot be made
    /// within the store's limit in one (Signal: PNG, else WebP).
    package var stillFormats: [ImageFormat]
    /// The same for animated art; empty where the store takes no animated image (Telegram).
    package var animatedFormats: [ImageFormat]
    /// Why animated art cannot be made for the store, and what would be needed instead.
    package var animatedRefusal: String?
    /// The pack files made from the first sticker's art, by file name ("tray.png"): each is the store's
    /// pack file of that base name (`StoreLimits.packFiles`).
    package var packFileNames: [String]
    /// Animated art is made a VP9 WebM video sticker of the store's `video` kind (Telegram's), where
    /// this stickerlint has libvpx; `animatedRefusal` says why not where it has none.
    package var videoAnimations: Bool
    /// Still and animated art go in packs of their own (a sticker set of each kind), though the store
    /// would take them mixed.
    package var animationsApart: Bool

    /// How the store's uploader takes a pack (`pack --archive`); nil where it takes the folder's files as they are.
    package var archive: StoreArchive?

    package init(
        stillFormats: [ImageFormat], animatedFormats: [ImageFormat], animatedRefusal: String? = nil, packFileNames: [String] = [],
        videoAnimations: Bool = false, animationsApart: Bool = false, archive: StoreArchive? = nil
    ) {
        self.archive = archive
        self.stillFormats = stillFormats
        self.animatedFormats = animatedFormats
        self.animatedRefusal = animatedRefusal
        self.packFileNames = packFileNames
        self.videoAnimations = videoAnimations
        self.animationsApart = animationsApart
    }
}

/// A pack as one archive its uploader takes (`pack --archive`): a ZIP of the pack's files (flat, by their
/// names) and the text files the uploader reads, one archive per pack.
package struct StoreArchive: Sendable {
    /// What a text file in the archive holds.
    package enum Text: Sendable {
        case name, publisher
    }

    /// The archive's extension ("wastickers", "zip").
    package var fileExtension: String
    /// Text files written into the archive (each with a line end), by name.
    package var texts: [(name: String, holds: Text)]
    /// Files of the pack folder not put in the archive (the store's sidecar).
    package var leftOut: Set<String>
    /// The most bytes the uploader takes, and where that number is from.
    package var maxBytes: (bytes: Int, source: String)?
    /// What it is and who takes it, for `--help` ("a ZIP for the Creators Market (…)").
    package var reader: String

    package init(
        fileExtension: String, texts: [(name: String, holds: Text)] = [], leftOut: Set<String> = [], maxBytes: (bytes: Int, source: String)? = nil,
        reader: String
    ) {
        self.fileExtension = fileExtension
        self.texts = texts
        self.leftOut = leftOut
        self.maxBytes = maxBytes
        self.reader = reader
    }
}

extension String {
    /// " (text)", or nothing for no text: a rationale's optional aside.
    package var parenthesized: String { isEmpty ? "" : " (\(self))" }
    /// " text", or nothing for no text.
    package var spaced: String { isEmpty ? "" : " " + self }
    /// The text and `suffix`, or nothing for no text.
    package func suffixed(_ suffix: String) -> String { isEmpty ? "" : self + suffix }
    /// `prefix` and the text, or nothing for no text.
    package func prefixed(_ prefix: String) -> String { isEmpty ? "" : prefix + self }
}
