import StickerCatalog
import StickerImage

/// Where an image sits, which decides the rules that apply to it.
package enum ImageRole: Sendable, Hashable {
    /// An image outside any catalog.
    case loose
    /// The image of a `*.sticker` folder.
    case sticker
    /// One frame of a `*.stickersequence`.
    case sequenceFrame
    /// An image of the iMessage App Icon set: not a sticker, so sticker rules never apply.
    case icon
    /// The media of an interactive message (the message-media profile): not a sticker either.
    case media
    /// A loose file under another store's profile: that store's sticker.
    case store(Store)

    /// A role without its store: what a rule declares it applies to.
    package enum Kind: Sendable, Hashable, CaseIterable {
        case loose, sticker, sequenceFrame, icon, media, store
    }

    package var kind: Kind {
        switch self {
        case .loose: .loose
        case .sticker: .sticker
        case .sequenceFrame: .sequenceFrame
        case .icon: .icon
        case .media: .media
        case .store: .store
        }
    }

    /// Every role of a sticker image: what most rules apply to.
    package static let stickers: Set<Kind> = [.loose, .sticker, .sequenceFrame]
    /// Every store's stickers.
    package static let stores: Set<Kind> = [.store]
    /// Every role.
    package static let all = Set(Kind.allCases)

    /// Whether the role is a store's.
    package var isStore: Bool { if case .store = self { true } else { false } }

    /// The store whose sticker this is, for a store's role.
    package var ofStore: Store? { if case .store(let store) = self { store } else { nil } }
}

/// What was learnt from an image's pixels, in one pass over its frames.
package struct PixelFacts: Sendable, Hashable {
    /// Some pixel of some frame has alpha below 255.
    package var hasTransparentPixel: Bool
    /// Every pixel on the canvas border is opaque in every frame.
    package var borderIsOpaque: Bool
    /// A digest of every frame's pixels (with the size), to find identical stickers.
    package var digest: UInt64?
    /// Each frame's delay as stored.
    package var frameDelays: [FrameDelay]
    /// Content in the side margins Messages crops from message media, when asked for (`sideMargins`).
    package var sideMargins: SideMargins? = nil
    /// Some frame's pixels differ from the first frame's, when asked for (`distinctFrames`); false for a still.
    package var framesDiffer: Bool? = nil
}

/// The strips Messages crops from the left and right of message media (6 of its 300 points: 18 px of
/// a 900 px image), and whether the first frame has content there: pixels that differ from the
/// image's own edge colour in their row.
package struct SideMargins: Sendable, Hashable {
    /// The width of each strip, in pixels.
    package var width: Int
    package var leftHasContent: Bool
    package var rightHasContent: Bool

    /// The strip Messages crops from each side of an image this wide: 6/300 of it, at least 1 px.
    package static func width(forImageWidth width: Int) -> Int { max(1, (width * 6 + 150) / 300) }
}

/// Everything the rules may ask about one image file.
///
/// Its fields live behind one reference, copied when a shared one is changed: a run hands each
/// image's facts from the inspection to the rules, the result and the report, and a copy is then one
/// retain instead of one per field (issue #39: a 5,000-sticker pack's facts were copied 20,000 times).
@dynamicMemberLookup
package struct ImageFacts: Sendable, Hashable {
    /// The facts, each read and changed as a property of `ImageFacts` (`facts.header`).
    package struct Fields: Sendable, Hashable {
        package var path: String
        package var role: ImageRole
        /// Lowercased, without the dot.
        package var fileExtension: String
        /// File size in bytes (nil when the file could not be read at all).
        package var byteCount: Int?
        /// What the content is, from its bytes.
        package var kind: FileKind
        /// The header, when it could be read.
        package var header: ImageHeader?
        /// Why the image cannot be decoded, when it cannot.
        package var error: ImageError?
        /// APNG animation faults (the default image was used).
        package var animationIssues: [AnimationStructureIssue]
        /// Pixel facts, when the pixels were decoded.
        package var pixels: PixelFacts?
        /// The grid the image is checked against: its pack's, or the configured one for loose stickers.
        package var grid: GridSize?
        /// What a TGS or WebM file says of itself (its container or document, never decoded).
        package var motion: MotionFacts?
    }

    /// Never changed while shared (`set` copies it first), so it may cross threads.
    final class Box: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    /// Changes one field, copying the fields first when they are shared.
    private mutating func set<T>(_ field: WritableKeyPath<Fields, T>, _ value: T) {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        box.fields[keyPath: field] = value
    }

    /// A field of `Fields`, read from the shared box and changed on a copy of it when it is shared.
    package subscript<T>(dynamicMember field: WritableKeyPath<Fields, T>) -> T {
        get { box.fields[keyPath: field] }
        set { set(field, newValue) }
    }

    package init(
        path: String, role: ImageRole, fileExtension: String, byteCount: Int?, kind: FileKind,
        header: ImageHeader? = nil, error: ImageError? = nil, animationIssues: [AnimationStructureIssue] = [],
        pixels: PixelFacts? = nil, grid: GridSize? = nil
    ) {
        box = Box(
            Fields(
                path: path, role: role, fileExtension: fileExtension, byteCount: byteCount, kind: kind, header: header, error: error,
                animationIssues: animationIssues, pixels: pixels, grid: grid, motion: nil))
    }

    package static func == (a: ImageFacts, b: ImageFacts) -> Bool { a.box === b.box || a.box.fields == b.box.fields }

    package func hash(into hasher: inout Hasher) { box.fields.hash(into: &hasher) }

    /// More than one frame, by the header; a TGS or WebM file read always (a store takes it as its
    /// animated or video sticker, whatever its frame count).
    package var isAnimated: Bool { self.motion != nil || (self.header?.frameCount ?? 1) > 1 }

    /// The canvas: the header's, or a TGS's or WebM's own.
    package var canvas: (width: Int, height: Int)? {
        if let header = self.header { return (header.width, header.height) }
        return self.motion.map { ($0.width, $0.height) }
    }

    /// Another store's limits for this file (still, animated, TGS or video), when it is that store's sticker
    /// in a format that kind takes. A format the store does not take for it (an animated WebP under
    /// Telegram, whose animated stickers are TGS or WebM) is `unsupported-format`'s alone: no other limit of
    /// the kind is said of a file the store refuses whatever its size.
    package var storeKind: (store: StoreLimits, kind: StoreLimits.Kind)? {
        guard let store = self.role.ofStore?.limits else { return nil }
        let kind = store.kind(of: self)
        if kind.container == nil, let format = self.header?.format, !kind.formats.contains(format) { return nil }
        return (store, kind)
    }

    /// The header of an image that decoded, for rules that need trustworthy facts.
    package var readableHeader: ImageHeader? { self.error == nil ? self.header : nil }

    /// The facts as the image's role takes them. An iMessage role (a sticker, an icon, message media)
    /// takes no WebP, TGS, WebM or Lottie: such a file is unsupported whatever it says, and whether or
    /// not it is also damaged (JSON that is no Lottie animation is, for Messages, just not an image);
    /// a store's role judges what the file says by the store's formats (its rules). A file too large
    /// to read keeps that verdict.
    var verdict: ImageFacts {
        guard !self.role.isStore else { return self }
        if case .overBudget? = self.error { return self }
        var facts = self
        switch self.kind {
        case .lottie:
            if self.error != nil { facts.kind = .unknown }
            facts.error = .unsupported(facts.kind)
        case .motion, .webp:
            facts.error = .unsupported(self.kind)
        default:
            break
        }
        return facts
    }

    /// The facts as the rules judge them. A file in a format stickerlint reads but Messages refuses
    /// (WebP) is judged by its kind alone: its header and pixels are shown in reports and used to
    /// convert it, never measured against the sticker rules (its one finding is unsupported-format).
    var judged: ImageFacts {
        guard case .unsupported? = self.error else { return self }
        var facts = self
        facts.header = nil
        facts.pixels = nil
        facts.motion = nil
        return facts
    }
}

/// What rules may consult besides their subject: the configuration and every image's facts.
package struct LintContext: Sendable {
    package var configuration: Configuration
    /// Every image's facts, in path order.
    package let images: [ImageFacts]
    /// Where each path's facts are in `images` (an index, not a second copy of every fact).
    private let index: [String: Int]
    /// The sidecar of each store pack folder that has one (`StoreManifest`), by folder.
    package var manifests: [String: StoreManifestReading] = [:]

    package init(configuration: Configuration, images: [ImageFacts] = [], manifests: [String: StoreManifestReading] = [:]) {
        self.configuration = configuration
        self.images = images
        self.manifests = manifests
        var index: [String: Int] = [:]
        index.reserveCapacity(images.count)
        for (position, facts) in images.enumerated() { index[facts.path] = position }
        self.index = index
    }

    /// The facts of the image at `path`, when it was inspected.
    package func facts(_ path: String) -> ImageFacts? { index[path].map { images[$0] } }

    /// Part of the facts of the image at `path`, without a copy of the rest (a pack rule over 5,000 stickers).
    package func facts<T>(_ path: String, _ part: (ImageFacts) -> T) -> T? { index[path].map { part(images[$0]) } }

    /// The facts of each image of a sticker or sequence that was inspected, in order.
    package func images(of entry: PackEntry) -> [ImageFacts] {
        entry.images.compactMap { facts($0.path) }
    }

    /// A sticker's pixel size, when its first image could be read.
    package func size(of entry: PackEntry) -> (width: Int, height: Int)? {
        entry.firstImage.flatMap { facts($0.path, \.readableHeader) }?.map { ($0.width, $0.height) }
    }
}
