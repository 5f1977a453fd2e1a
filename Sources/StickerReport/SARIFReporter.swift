import StickerCatalog
import StickerLint
import StickerFiles

/// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.
///
/// Every rule is described in `runs[0].tool.driver.rules`; each result points at its file with a URI
/// relative to the working directory and a region starting at line 1 (images have no lines), and
/// carries a fingerprint that stays the same from run to run.
package struct SARIFReporter: Reporter {
    package static let identifier = "sarif"
    package static let summary = "SARIF 2.1.0, for GitHub code scanning"

    package init(context: ReportContext) { self.init(workingDirectory: context.workingDirectory, editFlags: context.editFlags) }

    /// The folder URIs are made relative to (the working directory).
    package var workingDirectory: String
    /// The options that allow unsafe edits, named in each fix's description.
    package var editFlags: EditFlags

    package init(workingDirectory: String, editFlags: EditFlags = EditFlags()) {
        self.workingDirectory = workingDirectory
        self.editFlags = editFlags
    }

    package static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    package func render(_ result: LintResult) -> String {
        let descriptions = RuleRegistry.descriptions
        let index = Dictionary(uniqueKeysWithValues: descriptions.enumerated().map { ($1.id, $0) })
        let rules: [JSONValue] = descriptions.map { d in
            .object([
                ("id", .string(d.id.rawValue)),
                ("name", .string(d.name.replacingSpaces())),
                ("shortDescription", .object([("text", .string(d.name))])),
                ("fullDescription", .object([("text", .string(d.rationale))])),
                ("help", .object([("text", .string(d.rationale + (d.severityNote.map { " Severity: \($0)." } ?? "")))])),
                ("defaultConfiguration", .object([("level", .string(Self.level(d.severity)))]))
            ])
        }
        let profiles = Dictionary(result.files.map { ($0.path, $0.profile) }, uniquingKeysWith: { a, _ in a })
        // A fix as SARIF says it (§3.55): the replacements in each Contents.json, as byte spans.
        func fix(_ proposed: ProposedFix) -> JSONValue {
            let files = Dictionary(grouping: proposed.replacements, by: \.path).sorted { PathOrder.less($0.key, $1.key) }
            return .object([
                (
                    "description",
                    .object([
                        (
                            "text",
                            .string(
                                "stickerlint fix: \(proposed.kind.rawValue) (\(proposed.kind.applicability.rawValue)"
                                    + (editFlags[proposed.kind].map { ", with \($0)" } ?? "") + ")")
                        )
                    ])
                ),
                (
                    "artifactChanges",
                    .array(
                        files.map { path, replacements in
                            .object([
                                ("artifactLocation", .object([("uri", .string(URIPath.relative(path, to: workingDirectory)))])),
                                (
                                    "replacements",
                                    .array(
                                        replacements.map { r in
                                            .object([
                                                ("deletedRegion", .object([("byteOffset", .int(r.byteOffset)), ("byteLength", .int(r.byteLength))])),
                                                ("insertedContent", .object([("text", .string(r.inserted))]))
                                            ])
                                        })
                                )
                            ])
                        })
                )
            ])
        }
        let results: [JSONValue] = result.diagnostics.map { d in
            .object(
                [
                    ("ruleId", .string(d.rule.rawValue)),
                    ("ruleIndex", .int(index[d.rule] ?? 0)),
                    ("level", .string(Self.level(d.severity))),
                    ("message", .object([("text", .string(d.message))])),
                    (
                        "locations",
                        .array([
                            .object([
                                (
                                    "physicalLocation",
                                    .object([
                                        ("artifactLocation", .object([("uri", .string(URIPath.relative(d.path, to: workingDirectory)))])),
                                        ("region", .object([("startLine", .int(1))]))
                                    ])
                                )
                            ])
                        ])
                    ),
                    ("partialFingerprints", .object([("stickerlint/v1", .string(Fingerprint.of(d)))])),
                    // The rules and limits the file was checked under (folders and catalogs: sticker).
                    (
                        "properties",
                        .object([
                            ("profile", .string((profiles[d.path] ?? .sticker).rawValue)),
                            ("fixable", .string(d.fixable.rawValue))
                        ])
                    )
                ] + (d.textFix.map { [("fixes", .array([fix($0)]))] } ?? []))
        }
        return JSONValue.object([
            ("$schema", .string(Self.schema)),
            ("version", .string("2.1.0")),
            (
                "runs",
                .array([
                    .object([
                        (
                            "tool",
                            .object([
                                (
                                    "driver",
                                    .object([
                                        ("name", .string(Tool.name)),
                                        ("version", .string(Tool.version)),
                                        ("informationUri", .string(Tool.informationURI)),
                                        ("rules", .array(rules))
                                    ])
                                )
                            ])
                        ),
                        ("columnKind", .string("unicodeCodePoints")),
                        ("results", .array(results))
                    ])
                ])
            )
        ]).serialized()
    }

    /// SARIF levels: error, warning, note.
    static func level(_ severity: Severity) -> String { severity.rawValue }
}

/// A stable identity for a finding: FNV-1a 64 of rule, path and message.
package enum Fingerprint {
    package static func of(_ d: Diagnostic) -> String {
        let hash = FNV1a.hash("\(d.rule)\u{0}\(d.path)\u{0}\(d.message)")
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// Paths as URI references (RFC 3986), relative to a folder when they lie inside it.
package enum URIPath {
    package static func relative(_ path: String, to directory: String) -> String {
        var p = path
        if p.hasPrefix("/") {
            let base = directory.hasSuffix("/") ? directory : directory + "/"
            guard p.hasPrefix(base) else { return "file://" + encode(p) }
            p = String(p.dropFirst(base.count))
        }
        while p.hasPrefix("./") { p.removeFirst(2) }
        // A relative reference's first segment holds no ':' (RFC 3986 §4.2): `javascript:x.png` or `C:x.png` would
        // be read as a URI of that scheme, not as the file.
        let encoded = encode(p)
        let first = encoded.prefix { $0 != "/" }
        return first.contains(":") ? String(first.replacing(":", with: "%3A") + encoded.dropFirst(first.count)) : encoded
    }

    /// Percent-encodes everything but unreserved characters, sub-delimiters, ':', '@' and '/'.
    package static func encode(_ path: String) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/".utf8)
        var out = ""
        for byte in path.utf8 {
            if allowed.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}

extension String {
    /// "Image unreadable" → "ImageUnreadable" (SARIF rule names are identifiers).
    func replacingSpaces() -> String {
        split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
