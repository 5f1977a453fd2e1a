/// A store that wants both sides even (LINE): an odd width or height is refused at upload.
struct EvenDimensionsRule: Rule {
    static let description = RuleDescription(
        id: "even-dimensions", category: .pixels, severity: .error, appliesTo: ImageRole.stores,
        rationale: "LINE's sticker guideline asks for an even width and an even height (its stickers are shown at half "
            + "size); the Creators Market refuses an odd one. Stores that do not say so are not checked.",
        passing: [.store(.line, .png(width: 370, height: 320)), .store(.whatsapp, .webpSolid(width: 512, height: 512))],
        failing: [.store(.line, .png(width: 369, height: 320)), .store(.line, .png(width: 370, height: 319))])

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
