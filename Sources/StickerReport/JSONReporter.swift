import StickerFiles
import StickerCatalog
import StickerLint

/// Machine-readable output: a tool header, the summary, every file's facts and every finding (README, "Checking stickers").
package struct JSONReporter: Reporter {
    package static let identifier = "json"
    package static let carriesPreviews = true
    package static let summary = "file facts and findings, for scripts"

    /// With the `EmbeddedPreviews` member after the diagnostics.
    let embedPreviews: Bool

    package init(embedPreviews: Bool = false) { self.embedPreviews = embedPreviews }
    package init(context: ReportContext) { embedPreviews = context.embedPreviews }

    package func render(_ result: LintResult) -> String { collected(result) }

    /// The JSON document, one file or finding at a time: the same bytes as the whole document
    /// serialized at once, without ever holding it.
    package func stream(_ result: LintResult, to emit: (String) throws -> Void) rethrows {
        var members: [(String, JSONValue)] = [
            ("tool", .object([("name", .string(Tool.name)), ("version", .string(Tool.version))])),
            (
                "summary",
                .object([
                    ("files", .int(result.files.count)), ("errors", .int(result.errorCount)),
                    ("warnings", .int(result.warningCount)), ("notes", .int(result.noteCount))
                ])
            )
        ]
        // A shard's report says which part of how many it is, so that merge can tell a part missing or twice.
        if let shard = result.shard { members.append(("shard", .object([("index", .int(shard.index)), ("count", .int(shard.count))]))) }
        let head = JSONValue.object(members).serialized(indent: 0)
        // The head without its closing brace, then the two arrays as members of the same object.
        try emit(String(head.dropLast(2)) + ",\n")
        try Self.streamArray("files", result.files, last: false, emit: emit) { file in
            .object([
                ("path", .string(file.path)), ("format", .optional(file.format?.rawValue)),
                ("bytes", .optional(file.bytes)), ("width", .optional(file.width)), ("height", .optional(file.height)),
                ("frames", .optional(file.frames)), ("hasAlpha", .optional(file.hasAlpha)),
                ("profile", .string(file.profile.rawValue))
            ])
        }
        try Self.streamArray("diagnostics", result.diagnostics, last: !embedPreviews, emit: emit) { $0.json }
        if embedPreviews {
            try emit("  \(JSONValue.quote(EmbeddedPreviews.member)): " + EmbeddedPreviews.json(result).serialized(indent: 1) + "\n")
        }
        try emit("}\n")
    }

    /// `  "name": [ … ]` as a member of the top-level object, one element per piece.
    static func streamArray<T>(
        _ name: String, _ items: [T], last: Bool, emit: (String) throws -> Void,
        _ element: (T) -> JSONValue
    ) rethrows {
        let end = last ? "\n" : ",\n"
        guard !items.isEmpty else { return try emit("  \(JSONValue.quote(name)): []" + end) }
        try emit("  \(JSONValue.quote(name)): [\n")
        for (index, item) in items.enumerated() {
            try emit("    " + element(item).serialized(indent: 2) + (index + 1 < items.count ? ",\n" : "\n"))
        }
        try emit("  ]" + end)
    }
}
