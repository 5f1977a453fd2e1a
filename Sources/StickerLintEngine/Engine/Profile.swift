/// Which rules and limits apply to an image outside any catalog: a sticker's (the default), those of
/// the media of an interactive message (`MSMessageTemplateLayout`'s `image` or `mediaFileURL`), or
/// another store's (`Store`: its limits). Catalogs always hold iMessage stickers. A profile works
/// through the image's role: rules declare the roles they apply to, so each rule stays one rule.
package enum Profile: Sendable, Hashable, Codable, CustomStringConvertible {
    case sticker
    case messageMedia
    /// Another store's stickers (`--profile whatsapp`…).
    case store(Store)

    /// The name `--profile` takes: "sticker", "message-media", a store's ID.
    package var rawValue: String {
        switch self {
        case .sticker: "sticker"
        case .messageMedia: "message-media"
        case .store(let store): store.id
        }
    }

    package var description: String { rawValue }

    /// The profile a name gives, among the built-in ones.
    package init?(rawValue: String) {
        switch rawValue {
        case "sticker": self = .sticker
        case "message-media": self = .messageMedia
        default:
            guard let store = Store.named(rawValue) else { return nil }
            self = .store(store)
        }
    }

    /// Every built-in profile, in the order help texts list them.
    package static var allCases: [Profile] { [.sticker, .messageMedia] + Store.builtIn.map(Profile.store) }

    /// The role a loose image gets under this profile.
    package var looseRole: ImageRole {
        switch self {
        case .sticker: .loose
        case .messageMedia: .media
        case .store(let store): .store(store)
        }
    }

    /// The kinds of roles whose rules make up this profile (what `stickerlint rules --profile` lists).
    package var roles: Set<ImageRole.Kind> {
        switch self {
        case .sticker: [.loose, .sticker, .sequenceFrame, .icon]
        case .messageMedia: [.media]
        case .store: [.store]
        }
    }

    /// The profile of an image in this role.
    package init(role: ImageRole) {
        switch role {
        case .media: self = .messageMedia
        case .store(let store): self = .store(store)
        case .loose, .sticker, .sequenceFrame, .icon: self = .sticker
        }
    }

    /// The store, for a store's profile.
    package var ofStore: Store? {
        if case .store(let store) = self { return store }
        return nil
    }

    /// What `--help` and errors list.
    package static var names: [String] { allCases.map(\.rawValue) }

    /// The names in a sentence: "sticker, message-media, … or discord".
    package static var namesWording: String { names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1] }

    package init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let profile = Profile(rawValue: name) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown profile \"\(name)\""))
        }
        self = profile
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
