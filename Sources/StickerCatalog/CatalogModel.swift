import StickerFiles
/// A sticker pack's grid size: how big Messages shows its stickers.
package enum GridSize: String, Sendable, Hashable, Codable, CaseIterable {
    case small
    case regular
    case large

    /// The sticker side at @3x, in pixels: 300, 408 or 618.
    package var pixels: Int {
        switch self {
        case .small: 300
        case .regular: 408
        case .large: 618
        }
    }

    /// The side in points: 100, 136 or 206.
    package var points: Int { pixels / 3 }

    /// A grid as users write it: Xcode's names, and "medium", which Apple's design guidance and sticker
    /// makers call the middle size (Xcode writes `regular`).
    package init?(userValue: String) {
        if userValue == "medium" { self = .regular } else { self.init(rawValue: userValue) }
    }

    /// Every value `init(userValue:)` accepts.
    package static let userValues = ["small", "regular", "medium", "large"]

    /// The name in messages: "regular (medium)" for the middle size, so both names are found.
    package var displayName: String { self == .regular ? "regular (medium)" : rawValue }
}

/// An image file reached by the scan, by the path users see (the argument joined with the path inside it).
package struct ImageRef: Sendable, Hashable, Comparable {
    package var path: String

    package init(_ path: String) { self.path = path }

    /// By UTF-8 bytes: two names that differ only in Unicode normalization are two files (`ByteKey`).
    package static func < (a: ImageRef, b: ImageRef) -> Bool { PathText.precedes(a.path, b.path) }

    package static func == (a: ImageRef, b: ImageRef) -> Bool { a.path.sameBytes(b.path) }

    package func hash(into hasher: inout Hasher) { path.hashBytes(into: &hasher) }
}

/// A `*.sticker` folder: one image and its accessibility label.
package struct Sticker: Sendable, Hashable {
    package var path: String
    /// The image its Contents.json names, when that file exists inside the folder.
    package var image: ImageRef?
    package var accessibilityLabel: String?
    /// Its Contents.json was read (when not, `catalog-json` or `missing-file` says why).
    package var isReadable: Bool = true

    package init(path: String, image: ImageRef? = nil, accessibilityLabel: String? = nil, isReadable: Bool = true) {
        self.path = path
        self.image = image
        self.accessibilityLabel = accessibilityLabel
        self.isReadable = isReadable
    }
}

/// A `*.stickersequence` folder: frames played as one animated sticker. Values are kept as written;
/// the `sticker-sequence` rule judges them.
package struct StickerSequence: Sendable, Hashable {
    package var path: String
    /// Existing frames in order; empty `{}` entries and missing files are left out.
    package var frames: [ImageRef]
    package var duration: Double?
    /// As written: Xcode knows "fps" and "fixed".
    package var durationType: String?
    /// Times the sequence plays (0: forever), as written: a whole number in `repetitionRange`.
    package var repetitions: Int?
    /// The repetitions read: 0 to 2³¹ − 1 (a value past it is `catalog-json`'s error, never a trap).
    package static let repetitionRange = 0...Int(Int32.max)
    package var accessibilityLabel: String?
    /// Positions of empty `{}` frame entries (real catalogs have them; Xcode skips them).
    package var emptyFrameEntries: [Int] = []
    /// Its Contents.json was read (when not, `catalog-json` or `missing-file` says why).
    package var isReadable: Bool = true

    package init(
        path: String, frames: [ImageRef], duration: Double? = nil, durationType: String? = nil, repetitions: Int? = nil,
        accessibilityLabel: String? = nil, emptyFrameEntries: [Int] = [], isReadable: Bool = true
    ) {
        self.path = path
        self.frames = frames
        self.duration = duration
        self.durationType = durationType
        self.repetitions = repetitions
        self.accessibilityLabel = accessibilityLabel
        self.emptyFrameEntries = emptyFrameEntries
        self.isReadable = isReadable
    }

    /// How long each frame shows, in milliseconds: `duration` frames per second (Xcode's default 15),
    /// or with `duration-type` "fixed" the whole `duration` in seconds shared by the frames. Nil when
    /// there are no frames or the duration is not positive.
    package var frameDelayMilliseconds: Int? {
        guard let seconds = frameSeconds else { return nil }
        // Contents.json's number may be anything JSON holds (1e-320 makes 1 / duration infinite): held
        // within a day a frame, so that a delay times a sequence's frames cannot overflow.
        return min(max(1, Int(saturatingRounded: seconds * 1000)), Self.longestFrameDelay)
    }

    /// How long each frame shows, in seconds as the properties give it, unrounded (1 / 15 at Xcode's
    /// default); nil when there are no frames or the duration is not positive.
    package var frameSeconds: Double? {
        guard !frames.isEmpty else { return nil }
        let duration = duration ?? 15
        guard duration > 0 else { return nil }
        return durationType == "fixed" ? duration / Double(frames.count) : 1 / duration
    }

    /// The longest delay a frame is given, in milliseconds: a day.
    package static let longestFrameDelay = 86_400_000
}

/// One entry of a pack's display order.
package enum PackEntry: Sendable, Hashable {
    case sticker(Sticker)
    case sequence(StickerSequence)

    package var path: String {
        switch self {
        case .sticker(let s): s.path
        case .sequence(let s): s.path
        }
    }

    package var accessibilityLabel: String? {
        switch self {
        case .sticker(let s): s.accessibilityLabel
        case .sequence(let s): s.accessibilityLabel
        }
    }

    /// The images that make up the sticker.
    package var images: [ImageRef] {
        switch self {
        case .sticker(let s): s.image.map { [$0] } ?? []
        case .sequence(let s): s.frames
        }
    }

    /// The first of `images`, without making the array (a pack rule over 5,000 stickers).
    package var firstImage: ImageRef? {
        switch self {
        case .sticker(let s): s.image
        case .sequence(let s): s.frames.first
        }
    }
}

/// A `*.stickerpack` folder.
package struct StickerPack: Sendable, Hashable {
    package var path: String
    /// `grid-size` as written, when it is a string.
    package var gridSizeValue: String?
    /// Entries in the order of the pack's `stickers` array.
    package var entries: [PackEntry]
    /// Its Contents.json was read (when not, `catalog-json` or `missing-file` says why).
    package var isReadable: Bool = true

    package init(path: String, gridSizeValue: String?, entries: [PackEntry], isReadable: Bool = true) {
        self.path = path
        self.gridSizeValue = gridSizeValue
        self.entries = entries
        self.isReadable = isReadable
    }

    /// The grid Messages uses: the declared one, or Xcode's default `regular` when absent or invalid.
    package var grid: GridSize { gridSizeValue.flatMap(GridSize.init(rawValue:)) ?? .regular }
}

/// One slot of the iMessage App Icon set.
package struct IconSlot: Sendable, Hashable {
    package var idiom: String
    /// Points, as Xcode writes them: "29x29".
    package var size: String
    /// "1x", "2x" or "3x".
    package var scale: String
    /// Required pixel size.
    package var pixelWidth: Int
    package var pixelHeight: Int
    package var required: Bool

    /// The slots Messages asks for (docs/rules.md, icon-set): required ones first, then the optional ones of newer Xcode.
    package static let all: [IconSlot] = [
        IconSlot(idiom: "iphone", size: "29x29", scale: "2x", pixelWidth: 58, pixelHeight: 58, required: true),
        IconSlot(idiom: "iphone", size: "29x29", scale: "3x", pixelWidth: 87, pixelHeight: 87, required: true),
        IconSlot(idiom: "ipad", size: "29x29", scale: "2x", pixelWidth: 58, pixelHeight: 58, required: true),
        IconSlot(idiom: "iphone", size: "60x45", scale: "2x", pixelWidth: 120, pixelHeight: 90, required: true),
        IconSlot(idiom: "iphone", size: "60x45", scale: "3x", pixelWidth: 180, pixelHeight: 135, required: true),
        IconSlot(idiom: "ipad", size: "67x50", scale: "2x", pixelWidth: 134, pixelHeight: 100, required: true),
        IconSlot(idiom: "ipad", size: "74x55", scale: "2x", pixelWidth: 148, pixelHeight: 110, required: true),
        IconSlot(idiom: "ios-marketing", size: "1024x768", scale: "1x", pixelWidth: 1024, pixelHeight: 768, required: true),
        IconSlot(idiom: "universal", size: "27x20", scale: "2x", pixelWidth: 54, pixelHeight: 40, required: false),
        IconSlot(idiom: "universal", size: "27x20", scale: "3x", pixelWidth: 81, pixelHeight: 60, required: false),
        IconSlot(idiom: "universal", size: "32x24", scale: "2x", pixelWidth: 64, pixelHeight: 48, required: false),
        IconSlot(idiom: "universal", size: "32x24", scale: "3x", pixelWidth: 96, pixelHeight: 72, required: false),
        IconSlot(idiom: "ios-marketing", size: "1024x1024", scale: "1x", pixelWidth: 1024, pixelHeight: 1024, required: false)
    ]

    /// "iphone 29x29 @2x".
    package var label: String { "\(idiom) \(size) @\(scale)" }

    /// The file name `fix` and `pack` give a generated icon: "icon-iphone-29x29@2x.png".
    package var fileName: String { "icon-\(idiom)-\(size)@\(scale).png" }

    /// Whether the slot is an App Store image (no alpha allowed).
    package var isMarketing: Bool { idiom == "ios-marketing" }
}

/// An image assigned to an icon slot.
package struct IconImage: Sendable, Hashable {
    package var slot: IconSlot
    package var image: ImageRef
}

/// One entry of an icon set's `images` array, as written, with the file it names when that exists.
package struct IconEntry: Sendable, Hashable {
    package var idiom: String?
    package var size: String?
    package var scale: String?
    package var filename: String?
    /// `"unassigned": true`: Xcode keeps the file but uses it for no slot.
    package var unassigned: Bool = false
    /// The file `filename` names, when it exists inside the set.
    package var image: ImageRef?

    package init(
        idiom: String? = nil, size: String? = nil, scale: String? = nil, filename: String? = nil, unassigned: Bool = false,
        image: ImageRef? = nil
    ) {
        self.idiom = idiom
        self.size = size
        self.scale = scale
        self.filename = filename
        self.unassigned = unassigned
        self.image = image
    }

    /// "universal @1x": the entry's idiom, size and scale as written.
    package var label: String {
        [idiom, size, scale.map { "@" + $0 }].compactMap { $0 }.joined(separator: " ")
    }

    /// The iMessage App Icon slot this entry fills, if it names one.
    package var slot: IconSlot? {
        IconSlot.all.first { $0.idiom == idiom && $0.size == size && $0.scale == scale }
    }
}

/// A `*.stickersiconset` folder (the iMessage App Icon).
package struct IconSet: Sendable, Hashable {
    package var path: String
    /// Every entry of its Contents.json, in order.
    package var entries: [IconEntry] = []
    /// Every image file in the folder, whether an entry names it or not, sorted.
    package var files: [ImageRef] = []
    /// Its Contents.json was read (when not, `catalog-json` or `missing-file` says why).
    package var isReadable: Bool = true

    package init(path: String, entries: [IconEntry] = [], isReadable: Bool = true) {
        self.path = path
        self.entries = entries
        self.isReadable = isReadable
    }

    /// Images that fill a slot: assigned entries naming a slot and an existing file.
    package var images: [IconImage] {
        entries.compactMap { entry in
            guard !entry.unassigned, let slot = entry.slot, let image = entry.image else { return nil }
            return IconImage(slot: slot, image: image)
        }
    }

    /// Files in the folder that fill no slot: named by no entry, by an `unassigned` one or by one that
    /// is no slot of the iMessage App Icon. Xcode shows them as unassigned children.
    package var unassignedFiles: [ImageRef] {
        let inSlots = Set(images.map(\.image))
        return files.filter { !inSlots.contains($0) }
    }
}

/// What kind of folder a Contents.json describes.
package enum ContentsKind: String, Sendable, Hashable, CaseIterable {
    /// An asset catalog's root (`.xcassets`, `.xcstickers`).
    case catalog
    case pack
    case sticker
    case sequence
    case iconSet

    /// The one table of catalog folder extensions (lowercased, as `PathText.fileExtension` gives them),
    /// as Xcode gives folders their role.
    package static let extensions: [String: ContentsKind] = [
        "xcassets": .catalog, "xcstickers": .catalog, "stickerpack": .pack, "sticker": .sticker,
        "stickersequence": .sequence, "stickersiconset": .iconSet
    ]

    /// The kind of a folder from its name's extension; nil for an ordinary folder.
    package init?(folder path: String) {
        guard let kind = Self.extensions[PathText.fileExtension(path)] else { return nil }
        self = kind
    }

    /// Whether `path` names a folder of this kind.
    package func names(_ path: String) -> Bool { ContentsKind(folder: path) == self }

    /// The extension stickerlint gives a new folder of this kind (a catalog is `.xcstickers`, as Xcode's
    /// sticker pack template names it).
    package var folderExtension: String {
        switch self {
        case .catalog: "xcstickers"
        case .pack: "stickerpack"
        case .sticker: "sticker"
        case .sequence: "stickersequence"
        case .iconSet: "stickersiconset"
        }
    }

    /// ".xcstickers or .xcassets": this kind's extensions for messages, the one stickerlint gives first.
    package var extensionsText: String {
        let others = Self.extensions.filter { $0.value == self && $0.key != folderExtension }.keys.sorted()
        return ([folderExtension] + others).map { "." + $0 }.joined(separator: " or ")
    }

    /// A pack or an icon set: a folder whose Contents.json gives its children their role.
    package var isContainer: Bool { self == .pack || self == .iconSet }
    /// A sticker or a sticker sequence: an entry of a pack.
    package var isEntry: Bool { self == .sticker || self == .sequence }
}

/// A Contents.json that was read and parsed, kept whole so that rules can look at every key.
package struct ContentsFile: Sendable, Hashable {
    /// The path of the Contents.json file itself.
    package var path: String
    package var kind: ContentsKind
    /// The top-level object.
    package var json: JSONValue
    /// The bytes read, which an edit's text replacements are measured against.
    package var bytes: [UInt8]
}

/// A catalog root (`*.xcassets`, `*.xcstickers`) or a pack given on its own.
package struct Catalog: Sendable, Hashable {
    package var path: String
    package var packs: [StickerPack]
    package var iconSets: [IconSet]
    /// How many iMessage App Icon sets the whole catalog holds, counted when its root was read (a shard
    /// that keeps only some of them still knows); nil when only a group, pack or set of it was read.
    package var iconSetsInCatalog: Int? = nil
}

/// Everything a scan of the command-line paths found.
package struct CatalogScan: Sendable, Hashable {
    package var catalogs: [Catalog] = []
    /// Sticker folders and sequences given directly that lie in no pack.
    package var looseEntries: [PackEntry] = []
    /// Images outside any catalog.
    package var looseImages: [ImageRef] = []
    /// What the reader could not read, resolve or account for.
    package var issues: [CatalogIssue] = []
    /// Every Contents.json read, in the order read.
    package var contentsFiles: [ContentsFile] = []
    /// Packs (and icon sets) read because files inside them were given by name, with those files (or,
    /// for a Contents.json, its folder): reports keep only what concerns them and the pack itself.
    package var focus: [String: Set<String>] = [:]
    /// Images outside any catalog named on the command line and not inside a folder also named: each is
    /// judged as a file, not as a member of its folder's store pack (unless the run says `--as-pack`).
    package var namedAlone: Set<String> = []

    package init() {}
}

extension CatalogScan {
    /// Every Contents.json read, by its path.
    package var contentsFilesByPath: [String: ContentsFile] { Dictionary(contentsFiles.map { ($0.path, $0) }) { a, _ in a } }
}

/// Whether a path concerns the files a run keeps to (`CatalogScan.focus`): outside every focused
/// pack, the pack itself (and its Contents.json), a focused file or folder, something inside one,
/// or a folder holding one. Made once for a run and asked of many paths (the pre-commit hook's
/// check of one sticker asks it of each of a pack's 5,000): the containers and subjects kept as
/// bytes, compared as bytes when the path and they are ASCII, as strings (canonical equivalence)
/// otherwise.
package struct FocusFilter: Sendable {
    struct Spelling: Sendable {
        let text: String
        let bytes: [UInt8]
        let isASCII: Bool

        init(_ text: String) {
            self.text = text
            bytes = Array(text.utf8)
            isASCII = bytes.withUnsafeBufferPointer(PathText.isASCII)
        }
    }

    private let containers: [(container: Spelling, subjects: [Spelling])]
    /// Every container's and subject's bytes in one buffer, when all are ASCII: a path is then tested
    /// by ranges of it, with no reference counted (a focused run tests each of a pack's 5,000 files
    /// five times).
    private let flat: Flat?

    private struct Flat: Sendable {
        var bytes: [UInt8] = []
        /// Each container's bytes and the range of its subjects in `subjects`.
        var containers: [(bytes: Range<Int>, subjects: Range<Int>)] = []
        var subjects: [Range<Int>] = []
    }

    package init(_ focus: [String: Set<String>]) {
        containers = focus.map { (Spelling($0.key), $0.value.map(Spelling.init)) }
        guard containers.allSatisfy({ $0.container.isASCII && $0.subjects.allSatisfy(\.isASCII) }) else {
            flat = nil
            return
        }
        var flat = Flat()
        func add(_ spelling: Spelling) -> Range<Int> {
            flat.bytes += spelling.bytes
            return (flat.bytes.count - spelling.bytes.count)..<flat.bytes.count
        }
        for (container, subjects) in containers {
            let range = add(container), first = flat.subjects.count
            for subject in subjects { flat.subjects.append(add(subject)) }
            flat.containers.append((range, first..<flat.subjects.count))
        }
        self.flat = flat
    }

    package var isEmpty: Bool { containers.isEmpty }

    /// "/Contents.json", the end of a container's own file.
    private static let contentsFile = Array("/Contents.json".utf8)

    package func contains(_ path: String, keepContainer: Bool) -> Bool {
        var utf8 = path
        return utf8.withUTF8 { bytes in
            let isASCII = PathText.isASCII(bytes)
            if isASCII, let flat { return Self.contains(bytes, in: flat, keepContainer: keepContainer) }
            /// Whether the path is `b` or lies under it (`reversed`: whether `b` is the path or lies under it).
            func within(_ b: Spelling, reversed: Bool = false) -> Bool {
                guard isASCII && b.isASCII else {
                    return reversed ? PathText.isSelfOrInside(b.text, path) : PathText.isSelfOrInside(path, b.text)
                }
                return b.bytes.withUnsafeBufferPointer { other in
                    reversed ? PathText.isSelfOrInside(bytes: other, bytes) : PathText.isSelfOrInside(bytes: bytes, other)
                }
            }
            // By index: no copy of a container's spellings is made (this runs for each of a pack's files).
            guard let found = containers.firstIndex(where: { within($0.container) }) else { return true }
            for subject in containers[found].subjects where within(subject) || (keepContainer && within(subject, reversed: true)) {
                return true
            }
            guard keepContainer else { return false }
            // The container itself, or its own Contents.json: its length, then its bytes.
            let container = containers[found].container, file = Self.contentsFile
            let sameLength = bytes.count == container.bytes.count, fileLength = bytes.count == container.bytes.count + file.count
            guard isASCII && container.isASCII else { return path == container.text || path == PathText.join(container.text, "Contents.json") }
            return (sameLength || (fileLength && bytes.suffix(file.count).elementsEqual(file))) && within(container)
        }
    }

    /// `contains` for an ASCII path when every spelling is ASCII: the same tests, on byte ranges.
    private static func contains(_ path: UnsafeBufferPointer<UInt8>, in flat: Flat, keepContainer: Bool) -> Bool {
        flat.bytes.withUnsafeBufferPointer { all in
            func spelling(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: all[range]) }
            guard let found = flat.containers.firstIndex(where: { PathText.isSelfOrInside(bytes: path, spelling($0.bytes)) }) else {
                return true
            }
            let (container, subjects) = flat.containers[found]
            for subject in flat.subjects[subjects] {
                if PathText.isSelfOrInside(bytes: path, spelling(subject)) { return true }
                if keepContainer && PathText.isSelfOrInside(bytes: spelling(subject), path) { return true }
            }
            guard keepContainer else { return false }
            // The container itself, or its own Contents.json: its length, then its bytes.
            let file = contentsFile, count = container.count
            guard path.count == count || (path.count == count + file.count && path.suffix(file.count).elementsEqual(file)) else { return false }
            return PathText.isSelfOrInside(bytes: path, spelling(container))
        }
    }
}
