import StickerCatalog

/// Flags a sticker catalog without an iMessage App Icon set, a set with a missing required slot, an image
/// of the wrong size, or an App Store icon with an alpha channel.
struct IconSetRule: CorrectableRule {
    static let description = RuleDescription(
        id: "icon-set", name: "iMessage App Icon", category: .catalog, severity: .error, mainCase: "slots", appliesTo: [.icon],
        rationale: "App Store Connect rejects a sticker pack whose iMessage App Icon lacks a required size or has an "
            + "image of the wrong pixel size, and an App Store (ios-marketing) icon with an alpha channel (ITMS-90717: "
            + "\"can't be transparent nor contain an alpha channel\").",
        cases: [
            RuleCase("alpha", .error, "an error when an App Store (ios-marketing) icon has an alpha channel, even a fully opaque one"),
            RuleCase("no-set", .error, "an error when a catalog holding sticker packs has no iMessage App Icon set at all")
        ],
        passing: [.iconSet(ExampleIcon.complete, "every required slot filled at its pixel size, without alpha")],
        failing: [
            .iconSet(Array(ExampleIcon.complete.dropLast()), "the 1024×768 marketing slot left empty"),
            .iconSet(
                ExampleIcon.complete { $0.pixelWidth == 148 ? .slot($0, width: 140) : nil },
                "a 140×110 image in the 148×110 slot"),
            .iconSet(
                ExampleIcon.complete { $0.idiom == "ios-marketing" ? .slot($0, transparent: true) : nil },
                "an App Store icon with transparent pixels"),
            .pack([.sticker("Cat", .png(width: 408, height: 408))], "a catalog with a sticker pack and no iMessage App Icon set")
        ])

    static let corrections = [
        Correction(
            .makeIcon, "fills each required slot without an image of the right size from the set's largest icon (scaled to fit whole, centred)",
            before: .iconSet(ExampleIcon.complete.filter { !$0.filename.contains("ios-marketing") }, "an icon set without its App Store icon"),
            after: .iconSet(
                ExampleIcon.complete.filter { !$0.filename.contains("ios-marketing") }
                    + ExampleIcon.complete.filter { $0.filename.contains("ios-marketing") }, "the set with every required slot filled")),
        Correction(
            .flattenIcon, "flattens an App Store icon with alpha onto the colour of --icon-background",
            before: .iconSet(
                ExampleIcon.complete { $0.idiom == "ios-marketing" ? .slot($0, transparent: true) : nil },
                "an App Store icon with transparent pixels"),
            after: .iconSet(ExampleIcon.complete, "the App Store icon without alpha"))
    ]

    func check(scan: CatalogScan, context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        // A catalog read whole (not only for files given inside one of its packs) with packs and no set.
        for catalog in scan.catalogs where catalog.iconSetsInCatalog == 0 && catalog.packs.contains(where: { scan.focus[$0.path] == nil }) {
            findings.append(Finding(path: catalog.path, message: Self.noSet, case: "no-set"))
        }
        for set in scan.catalogs.flatMap(\.iconSets) where set.isReadable {
            let filled = Set(set.images.map(\.slot))
            for slot in IconSlot.all where slot.required && !filled.contains(slot) {
                findings.append(Finding(path: set.path, message: Self.missing(slot), fixes: [.makeIcon]))
            }
        }
        for icon in scan.catalogs.flatMap(\.iconSets).flatMap(\.images) {
            guard let header = context.facts(icon.image.path)?.readableHeader,
                header.width != icon.slot.pixelWidth || header.height != icon.slot.pixelHeight
            else { continue }
            findings.append(Finding(path: icon.image.path, message: Self.wrongSize(header.width, header.height, icon.slot), fixes: [.makeIcon]))
        }
        for icon in scan.catalogs.flatMap(\.iconSets).flatMap(\.images) where icon.slot.idiom == "ios-marketing" {
            guard let facts = context.facts(icon.image.path), let header = facts.readableHeader, header.hasAlpha else { continue }
            // An alpha channel whose every pixel is opaque goes by fix's lossless re-encoding (the smallest
            // colour type drops it): no flag is needed, and no hint may name one.
            let opaque = facts.pixels.map { !$0.hasTransparentPixel } ?? false
            findings.append(
                Finding(path: icon.image.path, message: Self.alpha(icon.slot), case: "alpha", fixes: opaque ? [.recompress] : [.flattenIcon]))
        }
        return findings
    }

    fileprivate static let noSet =
        "the catalog has sticker packs but no iMessage App Icon set (\(CatalogWriter.folderName("NAME", .iconSet))): "
        + "App Store Connect refuses a sticker pack app without its icons (stickerlint pack --icon IMAGE makes every slot)"

    fileprivate static func missing(_ slot: IconSlot) -> String {
        "no image for the required slot \(slot.label) (\(slot.pixelWidth)×\(slot.pixelHeight) px)"
    }

    fileprivate static func alpha(_ slot: IconSlot) -> String {
        "the App Store icon (\(slot.label)) has an alpha channel, which App Store Connect rejects (ITMS-90717); "
            + "save it without alpha"
    }

    fileprivate static func wrongSize(_ w: Int, _ h: Int, _ slot: IconSlot) -> String {
        "image is \(w)×\(h) px; the \(slot.label) slot needs \(slot.pixelWidth)×\(slot.pixelHeight) px"
    }
}
