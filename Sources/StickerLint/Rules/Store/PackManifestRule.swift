import StickerCatalog
import StickerFiles

/// A store pack's sidecar (`StoreManifest`: WhatsApp's contents.json) that the store would refuse, as
/// the store's own validator judges it.
struct PackManifestRule: Rule {
    static let description = RuleDescription(
        id: "pack-manifest", category: .pack, severity: .error, appliesTo: ImageRole.stores, appliesToStore: { $0.manifest != nil },
        rationale: Store.builtIn.compactMap { $0.manifest?.rationale }.joined(separator: " "),
        cases: [
            RuleCase("emoji", .error, Store.rationale("pack-manifest.emoji", separator: "; ")),
            RuleCase("text", .error, Store.rationale("pack-manifest.text", separator: "; "))
        ],
        passing: Store.passing("pack-manifest"), failing: Store.failing("pack-manifest"))

    func check(scan: CatalogScan, context: LintContext) -> [Finding] {
        context.manifests.sorted { PathOrder.less($0.key, $1.key) }.flatMap { folder, reading in reading.judge(folder, context) }
    }
}
