import StickerCatalog
import StickerImage

/// Flags files that cannot be decoded: truncated, bad CRC, corrupt data, zero bytes, CgBI.
struct ImageUnreadableRule: Rule {
    static let description = RuleDescription(
        id: "image-unreadable", category: .file, severity: .error, mainCase: "undecodable", needs: [.allFrames], appliesTo: ImageRole.all,
        rationale: "Messages and Xcode refuse a file they cannot decode, and a damaged file may show garbage "
            + "on some devices and not others." + Store.rationale("image-unreadable", separator: " ").spaced,
        cases: [
            RuleCase(
                "skipped", .note,
                "a note for what a folder walk passes over: folders it cannot list, links it does not follow, "
                    + "FIFOs and devices, names that are not valid UTF-8")
        ],
        passing: [.loose(.png(width: 408, height: 408))],
        failing: [
            .loose(.truncated(.png(width: 408, height: 408), keep: 200)),
            .loose(.text(""), named: "empty.png", "an empty file named empty.png")
        ] + Store.failing("image-unreadable"))

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let error = image.error else { return [] }
        // Content that is another format altogether belongs to unsupported-format.
        if case .unsupported = error { return [] }
        // A TGS or WebM is read, never decoded.
        if image.kind.isMotion { return [Finding(path: image.path, message: "cannot be read: \(error)")] }
        return [Finding(path: image.path, message: Self.message(error))]
    }

    func check(scan: CatalogScan, context: LintContext) -> [Finding] {
        scan.issues.compactMap { issue in
            guard case .skipped(let path, let reason) = issue else { return nil }
            return Finding(path: path, message: Self.skipped(reason), case: "skipped")
        }
    }

    fileprivate static func skipped(_ reason: String) -> String {
        "skipped: \(reason)"
    }

    fileprivate static func message(_ error: ImageError) -> String {
        "cannot be decoded: \(error)"
    }
}
