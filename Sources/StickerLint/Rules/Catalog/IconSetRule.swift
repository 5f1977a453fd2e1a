import StickerCatalog

/// Flags an iMessage App Icon set with a missing required slot or an image of the wrong size.
struct IconSetRule: Rule {
    static let description = RuleDescription(id: "icon-set", name: "iMessage App Icon", category: .catalog, severity: .error, appliesTo: [.icon],
        rationale: "App Store Connect rejects a sticker pack whose iMessage App Icon lacks a required size or has an "
            + "image of the wrong pixel size.",
        passing: [.iconSet(RuleExample.completeIconSet, "every required slot filled at its pixel size")],
        failing: [.iconSet(Array(RuleExample.completeIconSet.dropLast()), "the 1024×768 marketing slot left empty"),
                  .iconSet(RuleExample.completeIconSet.map { $0.0.pixelWidth == 148 ? ($0.0, 140, 110) : $0 },
                           "a 140×110 image in the 148×110 slot")])

    func check(scan: CatalogScan, context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for set in scan.catalogs.flatMap(\.iconSets) where set.isReadable {
            let filled = Set(set.images.map(\.slot))
            for slot in IconSlot.all where slot.required && !filled.contains(slot) {
                findings.append(Finding(path: set.path, message: Self.missing(slot)))
            }
        }
        for icon in scan.catalogs.flatMap(\.iconSets).flatMap(\.images) {
            guard let header = context.facts[icon.image.path]?.readableHeader,
                  header.width != icon.slot.pixelWidth || header.height != icon.slot.pixelHeight else { continue }
            findings.append(Finding(path: icon.image.path, message: Self.wrongSize(header.width, header.height, icon.slot)))
        }
        return findings
    }

    fileprivate static func missing(_ slot: IconSlot) -> String {
        "no image for the required slot \(slot.label) (\(slot.pixelWidth)×\(slot.pixelHeight) px)"
    }

    fileprivate static func wrongSize(_ w: Int, _ h: Int, _ slot: IconSlot) -> String {
        "image is \(w)×\(h) px; the \(slot.label) slot needs \(slot.pixelWidth)×\(slot.pixelHeight) px"
    }
}
