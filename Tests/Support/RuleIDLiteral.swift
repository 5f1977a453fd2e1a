import StickerLint

/// Tests name rules by their ID as written in reports ("file-size"). The literal goes through the
/// registry, so a misspelt or renamed ID stops the test at once instead of matching nothing.
extension RuleID: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        guard let id = RuleRegistry.id(value) else { preconditionFailure("no rule has the ID \"\(value)\"") }
        self = id
    }
}
