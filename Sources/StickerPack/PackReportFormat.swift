import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint

/// `pack`'s report: text for people, JSON for pipelines.
package enum PackReportFormat {
    /// With `quiet`, the stickers made are counted, not listed: what was left out, the notes and the check remain.
    package static func text(_ report: PackReport, quiet: Bool = false) -> String {
        var out =
            "\(report.dryRun ? "would make" : "made") \(report.pack.displayed): \(report.stickers.count.counted("sticker")), "
            + "\(report.grid.rawValue) grid (\(report.grid.pixels) px; \(report.gridReason.displayed))\n"
        for sticker in report.stickers where !quiet {
            let kind = sticker.frames > 1 ? "\(sticker.format.displayName) of \(sticker.frames.counted("frame"))" : sticker.format.displayName
            out += "\n\(sticker.source.displayed) → \(sticker.folder.displayed)/\(sticker.file.displayed)\n"
            out += "  \(sticker.side)×\(sticker.side) \(kind), \(sticker.bytes.grouped) bytes, label “\(sticker.label.displayed)”\n"
            for step in sticker.steps { out += "  \(step.displayed)\n" }
            for warning in sticker.warnings { out += "  warning: \(warning.displayed)\n" }
        }
        for (path, reason) in report.skipped { out += "\n\(path.displayed)\n  \(reason.displayed)\n" }
        if !report.notes.isEmpty { out += "\n" + report.notes.map { "note: \($0.displayed)\n" }.joined() }
        if let check = report.check {
            out +=
                "\nstickerlint check \(report.catalog.displayed): \(check.errorCount.counted("error")), \(check.warningCount.counted("warning")), "
                + "\(check.noteCount.counted("note"))\n"
            for diagnostic in check.diagnostics where diagnostic.severity != .note {
                out += "  \(diagnostic.severity.rawValue)  \(diagnostic.path.displayed): \(diagnostic.message.displayed)  [\(diagnostic.rule)]\n"
            }
        }
        return out
    }

    package static func json(_ report: PackReport) -> String {
        let stickers: [JSONValue] = report.stickers.map { s in
            .object([
                ("source", .string(s.source)), ("folder", .string(s.folder)), ("file", .string(s.file)), ("label", .string(s.label)),
                ("format", .string(s.format.rawValue)), ("side", .int(s.side)), ("frames", .int(s.frames)), ("bytes", .int(s.bytes)),
                ("steps", .array(s.steps.map(JSONValue.string))), ("warnings", .array(s.warnings.map(JSONValue.string)))
            ])
        }
        var members: [(String, JSONValue)] = [
            ("tool", .object([("name", .string(Tool.name)), ("version", .string(Tool.version))])),
            ("catalog", .string(report.catalog)), ("pack", .string(report.pack)), ("dryRun", .bool(report.dryRun)),
            ("grid", .string(report.grid.rawValue)), ("gridReason", .string(report.gridReason)),
            ("stickers", .array(stickers)),
            ("skipped", .array(report.skipped.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })),
            ("notes", .array(report.notes.map(JSONValue.string)))
        ]
        if let check = report.check {
            members.append(
                (
                    "check",
                    .object([
                        ("errors", .int(check.errorCount)), ("warnings", .int(check.warningCount)), ("notes", .int(check.noteCount)),
                        (
                            "findings",
                            .array(check.diagnostics.map(\.json))
                        )
                    ])
                ))
        }
        return JSONValue.object(members).serialized()
    }
}
