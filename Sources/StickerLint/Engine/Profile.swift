/// Which rules and limits apply to an image outside any catalog: a sticker's (the default) or those of
/// the media of an interactive message (`MSMessageTemplateLayout`'s `image` or `mediaFileURL`).
/// Catalogs always hold stickers. A profile works through the image's role: rules declare the roles
/// they apply to, so each rule stays one rule.
public enum Profile: String, Sendable, Hashable, CaseIterable, Codable {
    case sticker
    case messageMedia = "message-media"

    /// The role a loose image gets under this profile.
    public var looseRole: ImageRole { self == .sticker ? .loose : .media }

    /// The roles whose rules make up this profile (what `stickerlint rules --profile` lists).
    public var roles: Set<ImageRole> { self == .sticker ? ImageRole.all.subtracting([.media]) : [.media] }

    /// The profile of an image in this role.
    public init(role: ImageRole) { self = role == .media ? .messageMedia : .sticker }

    /// What `--help` and errors list.
    public static var names: [String] { allCases.map(\.rawValue) }
}
