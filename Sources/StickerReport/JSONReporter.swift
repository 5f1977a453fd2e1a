import StickerLint

/// Machine-readable output exactly as SPEC §6 describes it.
public struct JSONReporter: Reporter {
    public static let identifier = "json"
    public static let summary = "file facts and findings, for scripts"

    public init() {}
    public init(context: ReportContext) {}

    public func render(_ result: LintResult) -> String {
        JSON.object([
            ("tool", .object([("name", .string(Tool.name)), ("version", .string(Tool.version))])),
            ("summary", .object([
                ("files", .int(result.files.count)), ("errors", .int(result.errorCount)),
                ("warnings", .int(result.warningCount)), ("notes", .int(result.noteCount)),
            ])),
            ("files", .array(result.files.map { file in
                .object([
                    ("path", .string(file.path)), ("format", .optional(file.format?.rawValue)),
                    ("bytes", .optional(file.bytes)), ("width", .optional(file.width)), ("height", .optional(file.height)),
                    ("frames", .optional(file.frames)), ("hasAlpha", .optional(file.hasAlpha)),
                    ("profile", .string(file.profile.rawValue)),
                ])
            })),
            ("diagnostics", .array(result.diagnostics.map { d in
                .object([("rule", .string(d.rule)), ("severity", .string(d.severity.rawValue)),
                         ("path", .string(d.path)), ("message", .string(d.message))])
            })),
        ]).serialized()
    }
}
