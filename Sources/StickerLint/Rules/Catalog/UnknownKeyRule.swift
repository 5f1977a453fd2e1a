import StickerCatalog
import StickerFiles

/// Warns about Contents.json keys Xcode does not know for that kind of folder (it ignores them silently).
struct UnknownKeyRule: CorrectableRule {
    static let description = RuleDescription(
        id: "unknown-key", category: .catalog, severity: .warning,
        rationale: "Xcode ignores a Contents.json key it does not know, without a word: a typo such as \"grid-space\" "
            + "(it is in Apple's own sample) leaves the pack at the regular size, \"repetions\" leaves a sequence looping "
            + "for ever. The keys known are those of Xcode's asset catalog format for each kind of folder.",
        passing: [
            .pack(
                grid: "large", [.sticker("Cat", .png(width: 618, height: 618)), .sequence("Wave", [.png(width: 618, height: 618)])],
                "a pack, sticker and sequence written the way Xcode writes them")
        ],
        failing: [
            misspeltGrid,
            .pack(
                [.sticker("Cat", .png(width: 408, height: 408))],
                extra: [ExampleFile("Cat.sticker/Contents.json", .text(#"{"properties":{"filename":"cat.png","acessibility-label":"A cat"}}"#))],
                "a sticker whose properties say \"acessibility-label\""),
            .pack(
                [.sequence("Wave", [.png(width: 408, height: 408)])],
                extra: [
                    ExampleFile(
                        CatalogWriter.folderName("Wave", .sequence) + "/Contents.json",
                        .text(#"{"frames":[{"filename":"frame1.png"}],"properties":{"duration":15,"duration-type":"fps","repetions":0}}"#))
                ],
                "a sequence whose properties say \"repetions\"")
        ])

    /// A pack whose Contents.json says "grid-space": the failing example and the correction's before.
    static let misspeltGrid = RuleExample.pack(
        [.sticker("Cat", .png(width: 408, height: 408))],
        extra: [
            ExampleFile(
                "Contents.json",
                .text(#"{"info":{"author":"xcode","version":1},"properties":{"grid-space":"large"},"stickers":[{"filename":"Cat.sticker"}]}"#))
        ],
        "a pack whose properties say \"grid-space\"")

    static let corrections = [
        Correction(
            .repairKeys, "replaces a misspelt key by the key meant, when that key is not there already",
            before: misspeltGrid,
            after: .pack(grid: "large", [.sticker("Cat", .png(width: 408, height: 408))], "the pack saying \"grid-size\""))
    ]

    /// The keys Xcode knows, by where they stand: "" for the top level, "properties", "stickers[]" for
    /// each element of an array. `info` and its keys are common to every kind.
    static let known: [ContentsKind: [String: [String]]] = [
        .catalog: ["": ["info", "properties"], "properties": ["provides-namespace", "on-demand-resource-tags"]],
        .pack: ["": ["info", "properties", "stickers"], "properties": ["grid-size"], "stickers[]": ["filename"]],
        .sticker: ["": ["info", "properties"], "properties": ["filename", "accessibility-label"]],
        .sequence: [
            "": ["info", "properties", "frames"],
            "properties": ["accessibility-label", "duration", "duration-type", "repetitions"], "frames[]": ["filename"]
        ],
        .iconSet: [
            "": ["info", "images", "properties"], "properties": ["pre-rendered"],
            "images[]": ["filename", "idiom", "size", "scale", "platform", "unassigned", "role", "subtype", "appearances"]
        ]
    ]
    static let info = ["author", "version"]
    /// `known` with `info`'s keys, for each kind of folder.
    static let schemas = known.mapValues { $0.merging(["info": info]) { a, _ in a } }

    static let kindName: [ContentsKind: String] = [
        .catalog: "a catalog or group", .pack: "a sticker pack", .sticker: "a sticker", .sequence: "a sticker sequence",
        .iconSet: "an iMessage App Icon set"
    ]

    func check(scan: CatalogScan, context: LintContext) -> [Finding] {
        scan.contentsFiles.flatMap { file -> [Finding] in
            let schema = Self.schemas[file.kind] ?? ["info": Self.info]
            var findings: [Finding] = []
            // The whole document's repair, the same text edit for each key it repairs: made once, and only
            // for a document with a key to repair.
            var repair: ProposedFix??
            func repaired() -> ProposedFix? {
                if let repair { return repair }
                let made = ProposedFix(.repairKeys, file, edited: KeyRepair.repaired(file.json, kind: file.kind).json)
                repair = .some(made)
                return made
            }
            func visit(_ value: JSONValue, at place: String, shown: String) {
                guard case .object(let members) = value, let keys = schema[place] else { return }
                for (key, child) in members {
                    guard keys.contains(key) else {
                        // Repairable when the key meant is known and not there already (`KeyRepair`).
                        let present = Set(members.map(\.0))
                        let repairable = Self.meant(key, among: keys).map { !present.contains($0) } == true
                        findings.append(
                            Finding(
                                path: file.path, message: Self.message(key, in: shown, kind: file.kind, known: keys),
                                fixes: repairable ? [.repairKeys] : [], textFix: repairable ? repaired() : nil))
                        continue
                    }
                    let inner = place.isEmpty ? key : "\(place).\(key)"
                    if case .array(let items) = child {
                        for (index, item) in items.enumerated() { visit(item, at: inner + "[]", shown: "\"\(key)\"[\(index)]") }
                    } else {
                        visit(child, at: inner, shown: "\"\(key)\"")
                    }
                }
            }
            visit(file.json, at: "", shown: "")
            return findings
        }
    }

    /// The known key a misspelt one was meant to be: the same words spelt otherwise ("gridSize",
    /// "grid_size"), else the nearest by edit distance.
    static func meant(_ key: String, among known: [String]) -> String? {
        func words(_ s: String) -> String { s.lowercased().filter { $0.isLetter || $0.isNumber } }
        return known.first { words($0) == words(key) } ?? Suggestion.closest(to: key, among: known)
    }

    fileprivate static func message(_ key: String, in place: String, kind: ContentsKind, known: [String]) -> String {
        let whereText = place.isEmpty ? "at the top level" : "in \(place)"
        let hint = meant(key, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""
        return "unknown key \"\(key)\" \(whereText) of \(kindName[kind] ?? "a") Contents.json: Xcode ignores it\(hint)"
    }
}

/// `fix`: the near misses `unknown-key` finds, replaced by the key meant, when that key is not there
/// already (then the misspelt one is left for a person to merge).
package enum KeyRepair {
    /// The document with its misspelt keys renamed in place (order kept), and "old → new" per change.
    package static func repaired(_ json: JSONValue, kind: ContentsKind) -> (json: JSONValue, changes: [String]) {
        let schema = UnknownKeyRule.schemas[kind] ?? ["info": UnknownKeyRule.info]
        var changes: [String] = []
        func visit(_ value: JSONValue, at place: String) -> JSONValue {
            guard case .object(let members) = value, let keys = schema[place] else { return value }
            let present = Set(members.map(\.0))
            return .object(
                members.map { key, child in
                    var name = key
                    if !keys.contains(key), let meant = UnknownKeyRule.meant(key, among: keys), !present.contains(meant) {
                        changes.append("key \"\(key)\" → \"\(meant)\"")
                        name = meant
                    }
                    guard keys.contains(name) else { return (key, child) }
                    let inner = place.isEmpty ? name : "\(place).\(name)"
                    if case .array(let items) = child { return (name, .array(items.map { visit($0, at: inner + "[]") })) }
                    return (name, visit(child, at: inner))
                })
        }
        let result = visit(json, at: "")
        return (result, changes)
    }
}
