import StickerFiles
import StickerCatalog
import StickerImage
import StickerLint

/// Reads a report written by `--format json` back into a result, for `stickerlint merge`.
package enum JSONReportReader {
    /// Why a report cannot be read, with the file and what is wrong.
    package struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "\(path): not a stickerlint JSON report: \(reason)" }
    }

    /// A report read back; `embedsPreviews` when it was written with `--embed-thumbnails` (then the
    /// result has its packs, icon sets and previews).
    package struct Report: Sendable {
        package var result: LintResult
        package var embedsPreviews: Bool
    }

    /// The most JSON values a report is read with: a real report of the largest size read (256 MiB) spends
    /// 20 bytes or more a value, so holds under 14 million; a file of `0,`s past this is refused, not held
    /// at 40 bytes a value.
    package static let valueBudget = 16_000_000

    package static func read(_ bytes: [UInt8], path: String) throws(Failure) -> Report {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes, maxValues: valueBudget)
        } catch {
            throw Failure(path: path, reason: "\(error)")
        }
        guard case .string(let name)? = root["tool"]?["name"], name == Tool.name else {
            throw Failure(path: path, reason: "no \"tool\": {\"name\": \"\(Tool.name)\"}")
        }
        guard case .array(let files)? = root["files"], case .array(let diagnostics)? = root["diagnostics"] else {
            throw Failure(path: path, reason: "\"files\" and \"diagnostics\" must be arrays")
        }
        var summaries: [FileSummary] = []
        for (index, file) in files.enumerated() {
            guard case .string(let filePath)? = file["path"] else { throw Failure(path: path, reason: "files[\(index)] has no path") }
            var format: ImageFormat?
            if case .string(let value)? = file["format"] {
                guard let known = ImageFormat(rawValue: value) else {
                    throw Failure(path: path, reason: "files[\(index)]: unknown format \"\(value)\"")
                }
                format = known
            }
            var profile = Profile.sticker
            if case .string(let value)? = file["profile"] {
                guard let known = Profile(rawValue: value) else { throw Failure(path: path, reason: "files[\(index)]: unknown profile \"\(value)\"") }
                profile = known
            }
            // A count absent or null is unknown; anything else but a whole number within what a check
            // writes (sides and frames as the decoders read them) is a damaged report.
            func count(_ key: String, upTo limit: Double = 1e15) throws(Failure) -> Int? {
                switch file[key] {
                case nil, .null?: return nil
                case .number(let n)? where n == n.rounded() && n >= 0 && n <= limit: return Int(n)
                default: throw Failure(path: path, reason: "files[\(index)].\(key): not a whole number from 0 to \(Int(limit).grouped)")
                }
            }
            let side = Double(Int32.max), frames = Double(UInt32.max)
            summaries.append(
                FileSummary(
                    path: filePath, format: format, bytes: try count("bytes"), width: try count("width", upTo: side),
                    height: try count("height", upTo: side), frames: try count("frames", upTo: frames),
                    hasAlpha: file["hasAlpha"].flatMap { if case .bool(let b) = $0 { b } else { nil } },
                    profile: profile))
        }
        var found: [Diagnostic] = []
        for (index, item) in diagnostics.enumerated() {
            guard case .string(let rule)? = item["rule"], case .string(let level)? = item["severity"],
                let severity = Severity(rawValue: level), case .string(let where_)? = item["path"],
                case .string(let message)? = item["message"]
            else {
                throw Failure(path: path, reason: "diagnostics[\(index)] needs rule, severity (note, warning or error), path and message")
            }
            guard let id = RuleRegistry.id(rule) else { throw Failure(path: path, reason: "diagnostics[\(index)]: unknown rule \"\(rule)\"") }
            // The edits that fix it (reports from before they were written have none).
            var fixes: [EditKind] = []
            if case .array(let kinds)? = item["fixes"] {
                for kind in kinds {
                    guard case .string(let name) = kind, let edit = EditKind(rawValue: name) else {
                        throw Failure(path: path, reason: "diagnostics[\(index)]: unknown fix \(kind.serialized(indent: 0))")
                    }
                    fixes.append(edit)
                }
            }
            // The Contents.json edit of one of those fixes, as byte replacements (SARIF's `fixes`).
            var textFix: ProposedFix?
            if let value = item["textFix"] {
                guard let proposed = ProposedFix(json: value, offered: fixes) else {
                    throw Failure(
                        path: path,
                        reason: "diagnostics[\(index)]: \"textFix\" must be {\"kind\": one of its fixes, \"replacements\": "
                            + "[{\"path\", \"byteOffset\", \"byteLength\", \"inserted\"}]}")
                }
                textFix = proposed
            }
            found.append(Diagnostic(rule: id, severity: severity, path: where_, message: message, fixes: fixes, textFix: textFix))
        }
        var result = LintResult(files: summaries, diagnostics: found)
        if let shard = root["shard"] {
            guard let index = int(shard["index"]), let count = int(shard["count"]), let part = Shard(index: index, count: count) else {
                throw Failure(path: path, reason: "\"shard\" must be {\"index\": I, \"count\": N} with 1 ≤ I ≤ N")
            }
            result.shard = part
        }
        guard let embedded = root[EmbeddedPreviews.member] else { return Report(result: result, embedsPreviews: false) }
        do {
            try EmbeddedPreviews.read(embedded, into: &result)
        } catch {
            throw Failure(path: path, reason: error.description)
        }
        return Report(result: result, embedsPreviews: true)
    }

    static func int(_ value: JSONValue?) -> Int? {
        if case .number(let n)? = value, n == n.rounded(), abs(n) < 1e15 { return Int(n) }
        return nil
    }
}
