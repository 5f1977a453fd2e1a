import StickerFiles
import StickerCatalog
import StickerImage

/// Flags content that is none of PNG, APNG, GIF or JPEG.
struct UnsupportedFormatRule: CorrectableRule {
    static let description = RuleDescription(
        id: "unsupported-format", category: .file, severity: .error, appliesTo: ImageRole.all.subtracting([.media]),
        rationale: "Messages stickers must be PNG, APNG, GIF or JPEG; WebP, HEIC, BMP and others are refused "
            + "whatever their file name says. Under another store's profile, the formats that store takes for a still or "
            + "an animated sticker: " + Store.rationale("unsupported-format", separator: "; ") + ".",
        cases: [
            RuleCase(
                "still", .warning,
                "a warning where a store takes an animation in this format as a still: "
                    + Store.rationale("unsupported-format.still", separator: "; "))
        ],
        passing: [.loose(.gif(side: 408, frames: 2))] + Store.passing("unsupported-format"),
        failing: [.loose(.webp, named: "sticker.webp"), .loose(.webp, named: "sticker.png", "WebP bytes named sticker.png")]
            + Store.failing("unsupported-format"))

    static let corrections = [
        Correction(
            .convertWebP,
            "converts a WebP (which stickerlint reads) to PNG, an animated one to APNG, with exactly its decoded pixels, "
                + "frames, delays and plays, named .png; the Contents.json naming it follows",
            before: .pack([.sticker("Photo", .webp)], "a WebP sticker"),
            after: .pack([.sticker("Photo", .webp, file: "photo.png")], "the same pixels as a PNG"))
    ]

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        if let store = image.role.ofStore?.limits { return Self.check(image, store: store) }
        guard case .unsupported(let kind)? = image.error else { return [] }
        return [Finding(path: image.path, message: Self.message(kind), fixes: kind == .webp ? [.convertWebP] : [])]
    }

    /// Another store's sticker: its format, still or animated, among those the store takes.
    static func check(_ image: ImageFacts, store: StoreLimits) -> [Finding] {
        // A file that could not be read at all (empty, a FIFO, an I/O error) has no content to judge:
        // image-unreadable says why.
        if image.kind == .unknown, let error = image.error {
            if case .unsupported = error {} else { return [] }
        }
        let kind = store.kind(of: image)
        if let container = kind.container, container == image.kind { return [] }
        if let header = image.header, header.frameCount > 1, store.takenAsStill.contains(header.format) {
            return [
                Finding(
                    path: image.path,
                    message: "an animated \(header.format.displayName) of \(header.frameCount) frames: \(store.name) takes it as a still, "
                        + "its first frame; only \(store.animated.formats.map(\.displayName).sorted().orList) stays animated",
                    case: "still")
            ]
        }
        let accepted = kind.formats
        let format = image.header?.format ?? (image.kind == .webp ? .webp : image.kind.format)
        if let format, accepted.contains(format) { return [] }
        // A kind of no image format (Telegram's animated stickers): the containers the store takes instead.
        let names =
            accepted.isEmpty
            ? store.motionKinds.compactMap { $0.container?.description } : accepted.map(\.displayName).sorted()
        let wanted = "\(store.name) takes \(names.orList) for \(kind.noun)"
        return [Finding(path: image.path, message: "content is \(format.map(\.displayName) ?? "\(image.kind)"): \(wanted)")]
    }

    fileprivate static func message(_ kind: FileKind) -> String {
        kind == .unknown
            ? "content is not an image format Messages accepts (PNG, APNG, GIF or JPEG)"
            : "content is \(kind), which Messages does not accept: use PNG, APNG, GIF or JPEG"
    }
}
