import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint

/// `pack --for`'s report: for each store, each file made with what was done and lost, what was left
/// out and why, and the check of the result under the store's profile.
package enum StorePackReportFormat {
    /// With `quiet`, the files made are counted, not listed: what was left out, the notes and the checks remain.
    package static func text(_ report: StorePackReport, quiet: Bool = false) -> String {
        var out = ""
        for store in report.stores {
            if !out.isEmpty { out += "\n" }
            if let failure = store.failure {
                out += "\(store.folder.displayed): \(store.name) (--profile \(store.profile.rawValue)), nothing made: \(failure.displayed)\n"
            } else {
                out += "\(report.dryRun ? "would make" : "made") \(store.folder.displayed): \(store.name) (--profile \(store.profile.rawValue)), "
                out += "\(store.files.count.counted("file"))\n"
            }
            for file in store.files where !quiet {
                let kind = file.frames > 1 ? "\(file.format.displayName) of \(file.frames.counted("frame"))" : file.format.displayName
                out += "\n\(file.source.displayed) → \(file.path.displayed)\n  \(file.width)×\(file.height) \(kind), \(file.bytes.grouped) bytes\n"
                for step in file.steps { out += "  \(step.displayed)\n" }
            }
            for archive in store.archives {
                let size = archive.bytes.map { ", \($0.grouped) bytes" } ?? ""
                out += "\n\(report.dryRun ? "would archive" : archive.refused == nil ? "archived" : "could not archive") \(archive.path.displayed)"
                out += " (\(archive.entries.count.counted("file"))\(size))\n"
                if let refused = archive.refused { out += "  \(refused.displayed)\n" }
            }
            for (path, reason) in store.skipped { out += "\n\(path.displayed)\n  \(reason.displayed)\n" }
            if !store.notes.isEmpty { out += "\n" + store.notes.map { "note: \($0.displayed)\n" }.joined() }
            if let check = store.check {
                out +=
                    "\nstickerlint check --profile \(store.profile.rawValue) \(store.folder.displayed): \(check.errorCount.counted("error")), "
                    + "\(check.warningCount.counted("warning")), \(check.noteCount.counted("note"))\n"
                for diagnostic in check.diagnostics where diagnostic.severity != .note {
                    out += "  \(diagnostic.severity.rawValue)  \(diagnostic.path.displayed): \(diagnostic.message.displayed)  [\(diagnostic.rule)]\n"
                }
            }
        }
        if let imessage = report.imessage {
            if !out.isEmpty { out += "\n" }
            out += PackReportFormat.text(imessage, quiet: quiet)
        }
        return out
    }

    package static func json(_ report: StorePackReport) -> String {
        let stores: [JSONValue] = report.stores.map { store in
            var members: [(String, JSONValue)] = [
                ("store", .string(store.profile.rawValue)), ("name", .string(store.name)), ("folder", .string(store.folder)),
                (
                    "files",
                    .array(
                        store.files.map { f in
                            .object([
                                ("source", .string(f.source)), ("path", .string(f.path)), ("format", .string(f.format.name)),
                                ("width", .int(f.width)), ("height", .int(f.height)), ("frames", .int(f.frames)), ("bytes", .int(f.bytes)),
                                ("psnr", f.psnr.map { .string(PSNR.text($0)) } ?? .null), ("steps", .array(f.steps.map(JSONValue.string)))
                            ])
                        })
                ),
                ("skipped", .array(store.skipped.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })),
                ("notes", .array(store.notes.map(JSONValue.string))), ("failure", store.failure.map(JSONValue.string) ?? .null)
            ]
            if !store.archives.isEmpty {
                members.append(
                    (
                        "archives",
                        .array(
                            store.archives.map { a in
                                .object([
                                    ("path", .string(a.path)), ("bytes", a.bytes.map(JSONValue.int) ?? .null),
                                    ("entries", .array(a.entries.map(JSONValue.string))), ("refused", a.refused.map(JSONValue.string) ?? .null)
                                ])
                            })
                    ))
            }
            if let check = store.check {
                members.append(
                    (
                        "check",
                        .object([
                            ("errors", .int(check.errorCount)), ("warnings", .int(check.warningCount)), ("notes", .int(check.noteCount)),
                            ("findings", .array(check.diagnostics.map(\.json)))
                        ])
                    ))
            }
            return .object(members)
        }
        var members: [(String, JSONValue)] = [
            ("tool", .object([("name", .string(Tool.name)), ("version", .string(Tool.version))])), ("output", .string(report.output)),
            ("dryRun", .bool(report.dryRun)), ("stores", .array(stores))
        ]
        if let imessage = report.imessage {
            members.append(("imessage", (try? JSONParser.parse(Array(PackReportFormat.json(imessage).utf8))) ?? .null))
        }
        return JSONValue.object(members).serialized()
    }

    /// Whether the run is clean: everything made, and each check without error or warning.
    package static func isClean(_ report: StorePackReport) -> Bool {
        report.stores.allSatisfy { store in
            store.skipped.isEmpty && store.failure == nil && store.archives.allSatisfy { $0.refused == nil }
                && (store.check.map { $0.errorCount == 0 && $0.warningCount == 0 } ?? true)
        } && (report.imessage.map(PackReportFormat.isClean) ?? true)
    }
}

extension PackReportFormat {
    /// Whether a catalog pack is clean: everything made, no warning, and its check without error or warning.
    package static func isClean(_ report: PackReport) -> Bool {
        report.skipped.isEmpty && report.stickers.allSatisfy(\.warnings.isEmpty)
            && (report.check.map { $0.errorCount == 0 && $0.warningCount == 0 } ?? true)
    }
}
