#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerCatalog
import StickerImage
import StickerFiles

/// Settings from `.stickerlint.yml` (README, "Configuration") and the command line.
public struct Configuration: Sendable, Hashable {
    /// What the configuration says about one rule, or about one case of a rule.
    package indirect enum RuleSetting: Sendable, Hashable {
        case off
        /// For a rule: the severity of its main case.
        case severity(Severity)
        /// Settings per case ID (`accessibility-label: {missing: off}`).
        case cases([String: RuleSetting])
    }

    /// Grid for loose stickers; without one, grid-size does not run on them.
    package var grid: GridSize?
    /// Severity overrides and rules turned off, by rule ID.
    package var rules: [RuleID: RuleSetting]
    /// Glob patterns of paths to skip (`**` crosses folders, `*` does not).
    package var exclude: [String]
    /// The file the settings came from, if any.
    package var source: String?
    /// The profile of loose images no `profiles` pattern matches (`profile:`; default sticker).
    package var profile: Profile = .sticker
    /// Profiles by glob pattern, in file order; the first match wins (`profiles: {"Media/**": message-media}`).
    package var profiles: [ProfilePattern] = []
    /// A profile for every loose image, whatever the file says (`--profile`).
    package var forcedProfile: Profile?
    /// Files named on the command line are one store pack per folder, counted as named (`--as-pack`);
    /// without it a file named alone is judged as a file, and only folders are packs.
    package var namedFilesArePacks = false

    /// Every rule at its default severity, iMessage's sticker profile, no grid for loose stickers.
    public init() { self.init(grid: nil) }

    package init(grid: GridSize? = nil, rules: [RuleID: RuleSetting] = [:], exclude: [String] = [], source: String? = nil) {
        self.grid = grid
        self.rules = rules
        self.exclude = exclude
        self.source = source
    }

    /// A `profiles:` entry.
    package struct ProfilePattern: Sendable, Hashable {
        package var pattern: String
        package var profile: Profile

        package init(_ pattern: String, _ profile: Profile) {
            self.pattern = pattern
            self.profile = profile
        }
    }

    /// The profile of a loose image: `--profile`, else the first `profiles` pattern it matches, else `profile:`.
    package func profile(for path: String) -> Profile {
        forcedProfile ?? profiles.first { Glob.matches($0.pattern, path: path) }?.profile ?? profile
    }

    /// The names `useProfile(named:)` takes: "sticker", "message-media" and each store's ("whatsapp", …).
    public static var profileNames: [String] { Profile.names }

    /// Judges every loose image under the named profile, whatever the file says (`check --profile`).
    public mutating func useProfile(named name: String) throws(ConfigurationError) {
        guard let profile = Profile(rawValue: name) else {
            throw .invalid(
                path: "profile", line: nil, message: "unknown profile \"\(name)\" (one of \(Profile.names.joined(separator: ", ")))")
        }
        forcedProfile = profile
    }

    /// Whether a folder walk takes this file though its reader is not walked always (`MotionReader.walkedAlways`):
    /// its extension is the reader's and the profile is a store's that takes the reader's kind (a `.json`
    /// under Discord's, which takes Lottie stickers; never a catalog's Contents.json).
    package func walksByProfile(_ path: String) -> Bool {
        let fileExtension = PathText.fileExtension(path)
        guard PathText.lastComponent(path).lowercased() != "contents.json", let limits = profile(for: path).ofStore?.limits else {
            return false
        }
        return limits.motionKinds.contains { kind in
            guard case .motion(let motion)? = kind.container else { return false }
            return !motion.reader.walkedAlways && motion.reader.extensions.contains(fileExtension)
        }
    }

    /// The keys a configuration file may hold.
    static let keys = ["grid", "rules", "exclude", "profile", "profiles"]

    package static let fileName = ".stickerlint.yml"

    /// The nearest `.stickerlint.yml` in `directory` or one of its parents: whatever is there under that
    /// name (a dangling link, a folder, a FIFO too), so that a configuration that cannot be read is an
    /// error that says why rather than silently no configuration.
    public static func find(from directory: String) -> String? {
        var current = DiskFileSystem().realPath(directory) ?? directory
        while true {
            let candidate = PathText.join(current, fileName)
            if DiskFileSystem().kind(candidate) != .missing { return candidate }
            let parent = PathText.parent(current)
            if parent == current || current == "/" { return nil }
            current = parent
        }
    }

    /// Reads and validates a configuration file, whose rule IDs name rules of `rules`.
    package static func load(path: String, rules: RuleSet) throws(ConfigurationError) -> Configuration {
        let bytes: [UInt8]
        do {
            bytes = try DiskFileSystem().read(path, within: .configuration)
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
        return try parse(String(decoding: bytes, as: UTF8.self), path: path, rules: rules)
    }

    /// Parses configuration text. Unknown keys, rule IDs not of `rules` and bad values are errors naming the line.
    package static func parse(_ text: String, path: String, rules ruleSet: RuleSet) throws(ConfigurationError) -> Configuration {
        var configuration = Configuration(source: path)
        let root: YAMLNode?
        do {
            root = try YAMLNode.parse(text)
        } catch {
            throw .invalid(path: path, line: error.line, message: "is not valid YAML: \(error.message)".diagnosticText)
        }
        guard let root else { return configuration }
        guard case .mapping(let mapping, _) = root else {
            throw .invalid(path: path, line: root.line, message: "the configuration must be a mapping of keys (\(Self.keys.joined(separator: ", ")))")
        }
        for (key, value) in mapping.map(\.tuple) {
            let line = key.line
            switch key.string {
            case "grid":
                guard let text = value.string, let grid = GridSize(userValue: text) else {
                    throw .invalid(
                        path: path, line: value.line,
                        message: "grid must be small, regular (medium) or large"
                            + Suggestion.didYouMean(value.string ?? "", among: GridSize.userValues))
                }
                configuration.grid = grid
            case "rules":
                guard case .mapping(let rules, _) = value else {
                    throw .invalid(path: path, line: value.line, message: "rules must map rule IDs to off, note, warning or error")
                }
                for (ruleKey, setting) in rules.map(\.tuple) {
                    let id = ruleKey.string ?? ""
                    guard let ruleID = ruleSet.id(id), let rule = ruleSet.rule(ruleID) else {
                        throw .invalid(
                            path: path, line: ruleKey.line,
                            message: "unknown rule ID \"\(Suggestion.shown(id))\""
                                + Suggestion.didYouMean(id, among: ruleSet.descriptions.map(\.id.rawValue)) + " (see `stickerlint rules`)")
                    }
                    if case .mapping(let cases, _) = setting {
                        // Per case: each key one of the rule's cases.
                        var settings: [String: RuleSetting] = [:]
                        let known = rule.description.caseIDs
                        for (caseKey, caseValue) in cases.map(\.tuple) {
                            let caseID = caseKey.string ?? ""
                            guard known.contains(caseID) else {
                                throw .invalid(
                                    path: path, line: caseKey.line,
                                    message: "rule \"\(id)\" has no case \"\(caseID)\"; "
                                        + "its cases are \(known.map { "\"\($0)\"" }.joined(separator: ", "))")
                            }
                            settings[caseID] = try Self.level(
                                caseValue, path: path, line: caseValue.line,
                                what: "case \"\(caseID)\" of rule \"\(id)\"")
                        }
                        configuration.rules[rule.id] = .cases(settings)
                    } else {
                        configuration.rules[rule.id] = try Self.level(
                            setting, path: path, line: setting.line,
                            what: "rule \"\(id)\"")
                    }
                }
            case "exclude":
                if let single = value.string {
                    configuration.exclude = [single]
                } else if case .sequence(let items, _) = value {
                    configuration.exclude = try items.map { (item) throws(ConfigurationError) -> String in
                        guard let pattern = item.string else {
                            throw .invalid(path: path, line: item.line, message: "exclude patterns must be strings")
                        }
                        return pattern
                    }
                } else {
                    throw .invalid(path: path, line: value.line, message: "exclude must be a list of glob patterns")
                }
            case "profile":
                configuration.profile = try Self.profile(value, path: path, line: value.line)
            case "profiles":
                guard case .mapping(let patterns, _) = value else {
                    throw .invalid(
                        path: path, line: value.line,
                        message: "profiles must map glob patterns to \(Profile.namesWording)")
                }
                for (pattern, profile) in patterns.map(\.tuple) {
                    guard let glob = pattern.string, !glob.isEmpty else {
                        throw .invalid(path: path, line: pattern.line, message: "profiles: patterns must be strings")
                    }
                    configuration.profiles.append(ProfilePattern(glob, try Self.profile(profile, path: path, line: profile.line)))
                }
            default:
                throw .invalid(
                    path: path, line: line,
                    message: "unknown key \"\(Suggestion.shown(key.string ?? "?"))\""
                        + Suggestion.didYouMean(key.string ?? "", among: Self.keys)
                        + "; known keys are \(Self.keys.dropLast().joined(separator: ", ")) and \(Self.keys.last!)")
            }
        }
        return configuration
    }

    /// A profile named in the file (one of `Profile.names`).
    private static func profile(_ node: YAMLNode, path: String, line: Int?) throws(ConfigurationError) -> Profile {
        guard let text = node.string, let profile = Profile(rawValue: text) else {
            throw .invalid(
                path: path, line: line,
                message: "a profile must be \(Profile.namesWording)"
                    + Suggestion.didYouMean(node.string ?? "", among: Profile.names))
        }
        return profile
    }

    /// off, note, warning or error.
    private static func level(_ node: YAMLNode, path: String, line: Int?, what: String) throws(ConfigurationError) -> RuleSetting {
        switch node.string {
        case "off": return .off
        case let level?:
            if let severity = Severity(rawValue: level) { return .severity(severity) }
            fallthrough
        default:
            throw .invalid(path: path, line: line, message: "\(what) must be off, note, warning or error")
        }
    }

    /// The severity a finding of `rule`'s case gets (nil: turned off): a per-case setting, else for the
    /// main case a plain setting, else the case's default.
    package func severity(for rule: RuleDescription, case caseID: String?) -> Severity? {
        let fallback = rule.defaultSeverity(case: caseID)
        switch rules[rule.id] {
        case .off: return nil
        case .severity(let severity): return caseID == nil ? severity : fallback
        case .cases(let settings):
            switch settings[caseID ?? rule.mainCase] {
            case .off: return nil
            case .severity(let severity): return severity
            default: return fallback
            }
        case nil: return fallback
        }
    }

    /// Whether a rule runs at all.
    package func isEnabled(_ id: RuleID) -> Bool { rules[id] != .off }

    /// Whether a path matches one of the exclude patterns.
    package func isExcluded(_ path: String) -> Bool {
        exclude.contains { Glob.matches($0, path: path) }
    }
}

/// Why a configuration cannot be used (the command exits with status 2).
public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalid(path: String, line: Int?, message: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot read the configuration: \(reason)"
        case .invalid(let path, let line, let message): "\(path)\(line.map { ":\($0)" } ?? ""): \(message)"
        }
    }
}

/// Glob patterns for `exclude`: `**` matches across folders, `*` and `?` within one name. A pattern
/// without a slash matches a file or folder name anywhere; one with a slash matches the path, or any
/// tail of it that starts at a folder boundary.
///
/// Matching is one pass over the pattern of rows of bits over the path (`match`): time in proportion to
/// the pattern's length times the path's in 64-position words, whatever the pattern (a `.stickerlint.yml`
/// line of 4,000 stars took 22 s against one path 20 folders deep when `*` and `**` were tried by
/// backtracking over every tail; 250 such lines against 60 paths 800 bytes deep, over 100 s cell by cell).
package enum Glob {
    package static func matches(_ pattern: String, path: String) -> Bool {
        // By bytes when both are ASCII without a carriage return (each byte then one character): every
        // file of a walk is matched against every exclude and profile pattern, and the match by
        // characters took 50 µs a file for this repository's eight patterns.
        var pattern = pattern, path = path
        let fast: Bool? = pattern.withUTF8 { p in
            path.withUTF8 { s in
                guard Self.isPlain(p), Self.isPlain(s) else { return nil }
                return matches(Array(p), path: Array(s), star: UInt8(ascii: "*"), question: UInt8(ascii: "?"), slash: UInt8(ascii: "/"))
            }
        }
        return fast ?? matches(Array(pattern), path: Array(path), star: "*", question: "?", slash: "/")
    }

    /// ASCII with no carriage return ("\r\n" is one character).
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        PathText.isASCII(bytes) && !bytes.contains(UInt8(ascii: "\r"))
    }

    /// A pattern and a path as bytes or characters: a leading "./" of the pattern dropped (asked after whether
    /// it has a slash), the path's components joined by single slashes; a pattern without a slash against each
    /// component alone, one with a slash against the whole path after "**/" (zero folders, or any ending in "/":
    /// every tail that starts at a folder boundary, in the one pass).
    package static func matches<E: Hashable>(_ pattern: [E], path: [E], star: E, question: E, slash: E) -> Bool {
        let hasSlash = pattern.contains(slash)
        var p = pattern[...]
        if let dot = pattern.first, pattern.count >= 2, pattern[1] == slash, Self.isDot(dot) { p = pattern.dropFirst(2) }
        var joined: [E] = []
        joined.reserveCapacity(path.count)
        for element in path where !(element == slash && (joined.isEmpty || joined.last == slash)) { joined.append(element) }
        if joined.last == slash { joined.removeLast() }
        if !hasSlash {
            // Each element but a star takes one element of the name: a name shorter than that is passed over
            // without a table (a long pattern against a path 400 folders deep matched every name of every folder).
            let name = Array(p), needed = name.count(where: { $0 != star })
            return joined.split(separator: slash).contains {
                $0.count >= needed && match(name, Array($0), star: star, question: question, slash: slash)
            }
        }
        if joined.isEmpty { return false }
        // Each element but a star and a slash after "**" takes one element of the path, each such slash
        // one slash: a pattern needing more than the path has is answered without a table.
        var needed = 0, slashes = 0
        for (t, element) in zip(p.indices, p) where element != star {
            if element == slash {
                if t - 2 >= p.startIndex && p[t - 1] == star && p[t - 2] == star { continue }
                slashes += 1
            }
            needed += 1
        }
        if needed > joined.count || slashes > joined.count(where: { $0 == slash }) { return false }
        return match([star, star, slash] + p, joined, star: star, question: question, slash: slash)
    }

    /// "." as a byte or a character.
    private static func isDot<E>(_ element: E) -> Bool {
        (element as? UInt8) == UInt8(ascii: ".") || (element as? Character) == "."
    }

    /// Whole-sequence match, row by row from the pattern's end (no recursion, no backtracking): `*` any run
    /// without a slash, `**` any run (and "**/" zero folders too), `?` one element but a slash.
    ///
    /// A row is the set of path positions from which the rest of the pattern matches, held as bits
    /// (bit k for position n − k), so each pattern element costs a few word operations per 64 positions
    /// (a 1 MB configuration of 4,000-character patterns took over 100 s against 60 deep paths cell by cell):
    /// a literal or `?` is a mask and a shift; `*` spreads each position on through the run of non-slashes
    /// before it, by an addition's carry (Hyyrö-style); `**` is every position from the lowest set one on.
    static func match<E: Hashable>(_ p: [E], _ s: [E], star: E, question: E, slash: E) -> Bool {
        var rows = GlobRows(s, slash: slash)
        let words = rows.words
        // The rows of pattern positions i + 1, i + 2 and i + 3 (past the end: nothing matches; at it: the end).
        var next1 = [UInt64](repeating: 0, count: words), next2 = next1, next3 = next1, row = next1
        next1[0] = 1
        for i in stride(from: p.count - 1, through: 0, by: -1) {
            if p[i] == star && i + 1 < p.count && p[i + 1] == star {
                // "**": the rest of the pattern from any position on; "**/" also from here without the slash.
                let zeroFolders = i + 2 < p.count && p[i + 2] == slash
                rows.fromLowest(next2, into: &row)
                if zeroFolders { for w in 0..<words { row[w] |= next3[w] } }
            } else if p[i] == star {
                rows.spread(next1, into: &row)
            } else {
                rows.step(p[i] == question ? nil : p[i], next1, into: &row)
            }
            (next3, next2, next1, row) = (next2, next1, row, next3)
        }
        return rows.isSet(next1, position: 0)
    }
}

/// The bit rows of `Glob.match` for one path of n elements: bit k of a row stands for position n − k
/// (k = 0 is the end), so moving one position on is a shift left and a run is spread by a carry.
struct GlobRows<E: Hashable> {
    let n: Int
    let words: Int
    /// Bits of positions before an element that is not a slash (where `?` and `*` may take one).
    var notSlash: [UInt64]
    /// Bits of positions before each element, by element.
    var elements: [E: [UInt64]] = [:]
    /// The bits past n that every row keeps clear.
    let lastMask: UInt64
    private var shifted: [UInt64]
    private let none: [UInt64]

    init(_ s: [E], slash: E) {
        n = s.count
        words = (n + 1 + 63) / 64
        lastMask = (n + 1) % 64 == 0 ? ~0 : (1 << UInt64((n + 1) % 64)) &- 1
        none = [UInt64](repeating: 0, count: words)
        notSlash = none
        shifted = none
        for (j, element) in s.enumerated() {
            let k = n - j, bit: UInt64 = 1 << UInt64(k & 63)
            if element != slash { notSlash[k >> 6] |= bit }
            elements[element, default: none][k >> 6] |= bit
        }
    }

    func isSet(_ row: [UInt64], position j: Int) -> Bool {
        let k = n - j
        return row[k >> 6] & (1 << UInt64(k & 63)) != 0
    }

    /// `next` moved one position back (bit k − 1 to bit k), within the row.
    private mutating func shiftNext(_ next: [UInt64]) {
        var carry: UInt64 = 0
        for w in 0..<words {
            shifted[w] = next[w] << 1 | carry
            carry = next[w] >> 63
        }
        shifted[words - 1] &= lastMask
    }

    /// A literal (or `?`, given nil: any element but a slash): positions whose element is it and after which `next` matches.
    mutating func step(_ element: E?, _ next: [UInt64], into row: inout [UInt64]) {
        shiftNext(next)
        if let element {
            guard let mask = elements[element] else {
                for w in 0..<words { row[w] = 0 }
                return
            }
            for w in 0..<words { row[w] = mask[w] & shifted[w] }
        } else {
            for w in 0..<words { row[w] = notSlash[w] & shifted[w] }
        }
    }

    /// `*`: row[k] = next[k] or (element before k is no slash and row[k − 1]). The entries E (a set bit of
    /// `next` moved into a run of non-slashes) spread to the run's end: (A & ~(A + E)) | E for runs A.
    mutating func spread(_ next: [UInt64], into row: inout [UInt64]) {
        shiftNext(next)
        var carry: UInt64 = 0
        for w in 0..<words {
            let a = notSlash[w], entries = shifted[w] & a
            let (partial, over1) = a.addingReportingOverflow(entries)
            let (sum, over2) = partial.addingReportingOverflow(carry)
            carry = over1 || over2 ? 1 : 0
            row[w] = next[w] | (a & ~sum) | entries
        }
        row[words - 1] &= lastMask
    }

    /// `**`: every position from the lowest set bit of `next` on (any run, slashes too).
    func fromLowest(_ next: [UInt64], into row: inout [UInt64]) {
        var found = false
        for w in 0..<words {
            if found {
                row[w] = ~0
            } else if next[w] != 0 {
                row[w] = ~((next[w] & (0 &- next[w])) &- 1)
                found = true
            } else {
                row[w] = 0
            }
        }
        row[words - 1] &= lastMask
    }
}
