import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint

/// What the HTML report needs beyond the JSON report's facts, carried in a JSON report by `check --format json
/// --embed-thumbnails` so that `stickerlint merge` can write HTML from shard reports: the packs and icon
/// sets as read (display order, grids, labels, sequence timing) and each sticker's preview.
///
///     "embedded": {
///       "packs": [{"path", "gridSize", "readable", "entries": [{"kind": "sticker", "path", "image", "label", "readable"}
///                                                          | {"kind": "sequence", "path", "frames", "duration", …}]}],
///       "iconSets": [{"path", "readable", "entries": [{"idiom", "size", "scale", "filename", "unassigned", "image"}], "files"}],
///       "thumbnails": [{"path", "mimeType", "data": base64, "pixelated"}],
///       "files": [{"path", "kind", "durationMs"}]   (what the report's file facts leave out)
///     }
package enum EmbeddedPreviews {
    /// The top-level member's name.
    package static let member = "embedded"

    package static func json(_ result: LintResult) -> JSONValue {
        .object([
            ("packs", .array(result.packs.map(pack))),
            ("iconSets", .array(result.iconSets.map(iconSet))),
            (
                "thumbnails",
                .array(
                    result.thumbnails.keys.sorted { PathOrder.less($0, $1) }.map { path in
                        let preview = result.thumbnails[path]!
                        return .object([
                            ("path", .string(path)), ("mimeType", .string(preview.mimeType)), ("data", .string(Base64.encode(preview.bytes))),
                            ("pixelated", .bool(preview.pixelated))
                        ])
                    })
            ),
            (
                "files",
                .array(
                    result.files.map { file in
                        .object([
                            ("path", .string(file.path)), ("kind", .string(file.kind.name)), ("durationMs", .optional(file.durationMilliseconds))
                        ])
                    })
            )
        ])
    }

    static func pack(_ pack: StickerPack) -> JSONValue {
        .object([
            ("path", .string(pack.path)), ("gridSize", .optional(pack.gridSizeValue)), ("readable", .bool(pack.isReadable)),
            ("entries", .array(pack.entries.map(entry)))
        ])
    }

    static func entry(_ entry: PackEntry) -> JSONValue {
        switch entry {
        case .sticker(let s):
            return .object([
                ("kind", .string("sticker")), ("path", .string(s.path)), ("image", .optional(s.image?.path)),
                ("label", .optional(s.accessibilityLabel)), ("readable", .bool(s.isReadable))
            ])
        case .sequence(let s):
            return .object([
                ("kind", .string("sequence")), ("path", .string(s.path)), ("frames", .array(s.frames.map { .string($0.path) })),
                ("duration", s.duration.map(JSONValue.number) ?? .null), ("durationType", .optional(s.durationType)),
                ("repetitions", .optional(s.repetitions)), ("label", .optional(s.accessibilityLabel)),
                ("emptyFrameEntries", .array(s.emptyFrameEntries.map(JSONValue.int))), ("readable", .bool(s.isReadable))
            ])
        }
    }

    static func iconSet(_ set: IconSet) -> JSONValue {
        .object([
            ("path", .string(set.path)), ("readable", .bool(set.isReadable)),
            (
                "entries",
                .array(
                    set.entries.map { e in
                        .object([
                            ("idiom", .optional(e.idiom)), ("size", .optional(e.size)), ("scale", .optional(e.scale)),
                            ("filename", .optional(e.filename)), ("unassigned", .bool(e.unassigned)), ("image", .optional(e.image?.path))
                        ])
                    })
            ),
            ("files", .array(set.files.map { .string($0.path) }))
        ])
    }

    // MARK: Reading back

    /// Why the embedded member cannot be read: where in it, and what is wrong.
    package struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        package var place: String
        package var reason: String
        package var description: String { "\(EmbeddedPreviews.member).\(place): \(reason)" }
    }

    /// Packs, icon sets and previews from the member written by `json(_:)`.
    /// The packs, icon sets and previews, with the file facts JSON leaves out filled into `result`.
    package static func read(_ value: JSONValue, into result: inout LintResult) throws(Failure) {
        let (packs, iconSets, thumbnails) = try read(value)
        (result.packs, result.iconSets, result.thumbnails) = (packs, iconSets, thumbnails)
        var index: [String: Int] = [:]
        for (i, file) in result.files.enumerated() { index[file.path] = i }
        for (position, item) in try array(value["files"], "files").enumerated() {
            let place = "files[\(position)]"
            guard let i = index[try string(item["path"], place + ".path")] else { continue }
            let name = try string(item["kind"], place + ".kind")
            guard let kind = FileKind(name: name) else {
                throw Failure(place: place + ".kind", reason: "unknown kind \"\(name)\"")
            }
            result.files[i].kind = kind
            result.files[i].durationMilliseconds = try optionalNumber(item["durationMs"], place + ".durationMs").map { (n: Double) throws(Failure) in
                try integer(.number(n), place + ".durationMs", in: 0...Self.largest)
            }
        }
    }

    static func read(_ value: JSONValue) throws(Failure) -> (packs: [StickerPack], iconSets: [IconSet], thumbnails: [String: Thumbnail]) {
        var packs: [StickerPack] = []
        for (index, item) in try array(value["packs"], "packs").enumerated() {
            let place = "packs[\(index)]"
            var entries: [PackEntry] = []
            for (position, entry) in try array(item["entries"], place + ".entries").enumerated() {
                let at = "\(place).entries[\(position)]"
                switch try string(entry["kind"], at + ".kind") {
                case "sticker":
                    entries.append(
                        .sticker(
                            Sticker(
                                path: try string(entry["path"], at + ".path"),
                                image: try optionalString(entry["image"], at + ".image").map(ImageRef.init),
                                accessibilityLabel: try optionalString(entry["label"], at + ".label"),
                                isReadable: try bool(entry["readable"], at + ".readable"))))
                case "sequence":
                    let frames = try array(entry["frames"], at + ".frames").enumerated().map { (i, frame) throws(Failure) in
                        ImageRef(try string(frame, "\(at).frames[\(i)]"))
                    }
                    // Positions in the frame list, rising, as the catalog reader records them.
                    var empty: [Int] = []
                    for (i, n) in try array(entry["emptyFrameEntries"], at + ".emptyFrameEntries").enumerated() {
                        empty.append(try integer(n, "\(at).emptyFrameEntries[\(i)]", in: (empty.last.map { $0 + 1 } ?? 0)...Self.largest))
                    }
                    entries.append(
                        .sequence(
                            StickerSequence(
                                path: try string(entry["path"], at + ".path"), frames: frames,
                                duration: try optionalNumber(entry["duration"], at + ".duration"),
                                durationType: try optionalString(entry["durationType"], at + ".durationType"),
                                repetitions: try optionalNumber(entry["repetitions"], at + ".repetitions").map { (n: Double) throws(Failure) in
                                    try integer(.number(n), at + ".repetitions", in: 0...Self.largest)
                                },
                                accessibilityLabel: try optionalString(entry["label"], at + ".label"), emptyFrameEntries: empty,
                                isReadable: try bool(entry["readable"], at + ".readable"))))
                case let other:
                    throw Failure(place: at + ".kind", reason: "\"\(other)\" is neither \"sticker\" nor \"sequence\"")
                }
            }
            packs.append(
                StickerPack(
                    path: try string(item["path"], place + ".path"), gridSizeValue: try optionalString(item["gridSize"], place + ".gridSize"),
                    entries: entries, isReadable: try bool(item["readable"], place + ".readable")))
        }
        var iconSets: [IconSet] = []
        for (index, item) in try array(value["iconSets"], "iconSets").enumerated() {
            let place = "iconSets[\(index)]"
            var set = IconSet(path: try string(item["path"], place + ".path"), isReadable: try bool(item["readable"], place + ".readable"))
            for (position, e) in try array(item["entries"], place + ".entries").enumerated() {
                let at = "\(place).entries[\(position)]"
                set.entries.append(
                    IconEntry(
                        idiom: try optionalString(e["idiom"], at + ".idiom"), size: try optionalString(e["size"], at + ".size"),
                        scale: try optionalString(e["scale"], at + ".scale"),
                        filename: try optionalString(e["filename"], at + ".filename"),
                        unassigned: try bool(e["unassigned"], at + ".unassigned"),
                        image: try optionalString(e["image"], at + ".image").map(ImageRef.init)))
            }
            set.files = try array(item["files"], place + ".files").enumerated().map { (i, f) throws(Failure) in
                ImageRef(try string(f, "\(place).files[\(i)]"))
            }
            iconSets.append(set)
        }
        var thumbnails: [String: Thumbnail] = [:]
        for (index, item) in try array(value["thumbnails"], "thumbnails").enumerated() {
            let place = "thumbnails[\(index)]"
            guard let bytes = Base64.decode(try string(item["data"], place + ".data")) else {
                throw Failure(place: place + ".data", reason: "not base64")
            }
            let pixelated = if case .bool(let flag)? = item["pixelated"] { flag } else { false }
            let mimeType = try string(item["mimeType"], place + ".mimeType")
            guard Thumbnail.mimeTypes.contains(mimeType) else {
                throw Failure(place: place + ".mimeType", reason: "is not an image type (\(Thumbnail.mimeTypes.sorted().joined(separator: ", ")))")
            }
            thumbnails[try string(item["path"], place + ".path")] = Thumbnail(mimeType: mimeType, bytes: bytes, pixelated: pixelated)
        }
        return (packs, iconSets, thumbnails)
    }

    static func array(_ value: JSONValue?, _ place: String) throws(Failure) -> [JSONValue] {
        guard case .array(let items)? = value else { throw Failure(place: place, reason: "must be an array") }
        return items
    }

    static func string(_ value: JSONValue?, _ place: String) throws(Failure) -> String {
        guard case .string(let s)? = value else { throw Failure(place: place, reason: "must be a string") }
        return s
    }

    static func optionalString(_ value: JSONValue?, _ place: String) throws(Failure) -> String? {
        if value == nil || value == .null { return nil }
        return try string(value, place)
    }

    static func optionalNumber(_ value: JSONValue?, _ place: String) throws(Failure) -> Double? {
        if value == nil || value == .null { return nil }
        guard case .number(let n)? = value else { throw Failure(place: place, reason: "must be a number or null") }
        return n
    }

    /// The largest count, position or duration a report holds: 2³¹ − 1, as the catalog reader keeps them.
    static let largest = Int(Int32.max)

    /// A whole number within `range`, refused with the range named.
    static func integer(_ value: JSONValue, _ place: String, in range: ClosedRange<Int>) throws(Failure) -> Int {
        // A whole number of any size past the range is said so (1e300 is whole, and out of range).
        if case .number(let v) = value, v == v.rounded(), v < Double(range.lowerBound) || v > Double(range.upperBound) {
            throw Failure(place: place, reason: "not a whole number from \(range.lowerBound.grouped) to \(range.upperBound.grouped)")
        }
        let n = try integer(value, place)
        guard range.contains(n) else {
            throw Failure(place: place, reason: "not a whole number from \(range.lowerBound.grouped) to \(range.upperBound.grouped)")
        }
        return n
    }

    static func integer(_ value: JSONValue, _ place: String) throws(Failure) -> Int {
        guard case .number(let n) = value, n == n.rounded(), abs(n) < 1e15 else { throw Failure(place: place, reason: "must be a whole number") }
        return Int(n)
    }

    static func bool(_ value: JSONValue?, _ place: String) throws(Failure) -> Bool {
        guard case .bool(let b)? = value else { throw Failure(place: place, reason: "must be true or false") }
        return b
    }
}
