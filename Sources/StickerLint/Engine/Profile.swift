/// Which rules and limits apply to an image outside any catalog: a sticker's (the default), those of
/// the media of an interactive message (`MSMessageTemplateLayout`'s `image` or `mediaFileURL`), or
/// another store's (`StoreLimits`: WhatsApp, Telegram, Signal, LINE, Discord). Catalogs always hold
/// iMessage stickers. A profile works through the image's role: rules declare the roles they apply
/// to, so each rule stays one rule.
public enum Profile: String, Sendable, Hashable, CaseIterable, Codable {
    case sticker
    case messageMedia = "message-media"
    case whatsapp
    case telegram
    /// Telegram's custom emoji sets: 100×100, 200 to a set.
    case telegramEmoji = "telegram-emoji"
    case signal
    case line
    case discord

    /// The role a loose image gets under this profile.
    public var looseRole: ImageRole {
        switch self {
        case .sticker: .loose
        case .messageMedia: .media
        case .whatsapp: .whatsapp
        case .telegram: .telegram
        case .telegramEmoji: .telegramEmoji
        case .signal: .signal
        case .line: .line
        case .discord: .discord
        }
    }

    /// The roles whose rules make up this profile (what `stickerlint rules --profile` lists).
    public var roles: Set<ImageRole> { self == .sticker ? ImageRole.all.subtracting(ImageRole.otherProfiles) : [looseRole] }

    /// The profile of an image in this role.
    public init(role: ImageRole) { self = Self.allCases.first { $0 != .sticker && $0.looseRole == role } ?? .sticker }

    /// The store's limits, for a store profile.
    public var store: StoreLimits? { StoreLimits.of(self) }

    /// What `--help` and errors list.
    public static var names: [String] { allCases.map(\.rawValue) }

    /// The names in a sentence: "sticker, message-media, … or discord".
    public static var namesWording: String { names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1] }
}
