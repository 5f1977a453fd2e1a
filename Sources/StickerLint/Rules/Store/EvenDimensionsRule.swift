/// A store that wants both sides even (LINE): an odd width or height is refused at upload.
struct EvenDimensionsRule: Rule {
    static let description = RuleDescription(
        id: "even-dimensions", category: .pixels, severity: .error, appliesTo: ImageRole.stores,
        appliesToStore: { $0.limits.hasKind { $0.evenSides } },
        rationale: Store.rationale("even-dimensions", separator: " ").suffixed(" ") + "Stores that do not say so are not checked.",
        passing: Store.passing("even-dimensions"), failing: Store.failing("even-dimensions"))

    func check(image: ImageFacts, context: LintContext) -> [Finding] {
        guard let (store, kind) = image.storeKind, kind.evenSides, let header = image.header,
            !header.width.isMultiple(of: 2) || !header.height.isMultiple(of: 2)
        else { return [] }
        let odd = [("width", header.width), ("height", header.height)].filter { !$0.1.isMultiple(of: 2) }.map { "\($0.0) \($0.1)" }
        return [
            Finding(
                path: image.path,
                message: "image is \(header.width)×\(header.height) px: \(store.name) takes even sides only (odd \(odd.joined(separator: " and ")))")
        ]
    }
}
