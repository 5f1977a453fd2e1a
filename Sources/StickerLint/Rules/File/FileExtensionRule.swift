import StickerCatalog
import StickerImage

/// Flags extensions App Store Connect refuses, and extensions that lie about the content (under
/// another store's profile, only those: the formats a store takes are unsupported-format's).
struct FileExtensionRule: CorrectableRule {
    static let description = RuleDescription(
        id: "file-extension", category: .file, severity: .error, appliesTo: ImageRole.stickers.union(ImageRole.stores),
        rationale: "App Store Connect accepts only .png, .gif, .jpg and .jpeg and rejects .apng (an APNG must be "
            + "named .png); a name that lies about the content confuses tools and reviewers. Under another store's profile, "
            + "a name that lies about the content, which stores read by its name: "
            + Store.rationale("file-extension", separator: "; ") + ".",
        passing: [.loose(.apng(side: 408, frames: 3), named: "wave.png")] + Store.passing("file-extension"),
        failing: [
            .loose(.apng(side: 408, frames: 3), named: "wave.apng", "an APNG named wave.apng"),
            .loose(.jpeg(side: 408), named: "photo.png", "JPEG bytes named photo.png")
        ] + Store.failing("file-extension"))

    static let corrections = [
        Correction(
            .rename, "renames the file to the extension its content needs; the Contents.json naming it follows",
            before: .pack([.sticker("Wave", .apng(side: 408, frames: 3), file: "wave.apng")], "an APNG named wave.apng in a pack"),
            after: .pack([.sticker("Wave", .apng(side: 408, frames: 3), file: "wave.png")], "the same APNG named wave.png"))
    ]

    static let allowed = ImageFormat.acceptedExtensions

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        let ext = image.fileExtension
        if image.role.ofStore != nil {
            // A store's sticker: only a name that lies about what the file is.
            guard let names = Self.extensions(of: image.kind), !names.contains(ext) else { return [] }
            return [Finding(path: image.path, message: Self.mismatch(ext, image.kind, renamed: names[0]))]
        }
        // A file whose content is a sticker format can be renamed to that format's extension.
        let fixes: [EditKind] = image.kind.format == nil ? [] : [.rename]
        guard Self.allowed.contains(ext) else { return [Finding(path: image.path, message: Self.notAllowed(ext, image.kind), fixes: fixes)] }
        if image.kind == .unknown { return [] }
        // What the content is may be named: a CgBI file is still a .png.
        let expected = Set(image.kind == .cgbiPNG ? ["png"] : image.kind.format?.acceptedExtensions ?? [])
        guard !expected.contains(ext) else { return [] }
        return [Finding(path: image.path, message: Self.mismatch(ext, image.kind), fixes: fixes)]
    }

    fileprivate static func notAllowed(_ ext: String, _ kind: FileKind) -> String {
        let shown = ext.isEmpty ? "no extension" : "extension \".\(ext)\""
        if kind == .image(.apng) {
            return "\(shown) is not accepted by App Store Connect: name APNG files .png"
        }
        return "\(shown) is not accepted by App Store Connect: use .png, .gif, .jpg or .jpeg"
    }

    fileprivate static func mismatch(_ ext: String, _ kind: FileKind, renamed: String? = nil) -> String {
        let suggestion = (renamed ?? kind.format?.acceptedExtensions.first).map { "; rename it to .\($0)" } ?? ""
        return "content is \(kind) but \(ext.isEmpty ? "there is no extension" : "the extension is \".\(ext)\"")\(suggestion)"
    }

    /// The extensions a file of `kind` goes by (the usual one first); nil for a kind no store takes.
    static func extensions(of kind: FileKind) -> [String]? {
        switch kind {
        case .image(let format): format.recognizedExtensions
        case .cgbiPNG: ["png"]
        case .webp: ["webp"]
        case .motion(let motion): motion.reader.extensions
        default: nil
        }
    }
}
