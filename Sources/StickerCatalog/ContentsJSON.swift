import StickerFiles

/// One pass over a catalog, collecting what could not be read as it goes. Its concerns live in one file
/// each: reading and typing Contents.json values (here), resolving names safely (`PathSafety`), and
/// reading each kind of catalog folder (`CatalogFolders`).
struct CatalogSession {
    let reader: CatalogReader
    var issues: [CatalogIssue] = []
    /// Every Contents.json read, for rules that look at all of its keys.
    var contentsFiles: [ContentsFile] = []
    /// Folder listings, read once.
    var listings: [String: [String]] = [:]
    /// Each listed folder's names by name (canonically equivalent spellings under one key), so that a
    /// pack's 5,000 references are matched without comparing each with every name.
    var listingIndex: [String: [String: [String]]] = [:]
    /// Folders' real paths (links resolved), resolved once.
    var realFolders: [String: String?] = [:]
    /// lstat's view of paths the session looked at, asked once.
    var kinds: [String: EntryKind] = [:]
    /// Contents.json bytes taken from folder snapshots still valid (`FolderSnapshot`), by path.
    var snapshotContents: [String: [UInt8]] = [:]
    /// The files given inside the container being read (`CatalogScan.focus`), when the run keeps to them.
    let focus: FocusFilter

    init(reader: CatalogReader, focus: [String: Set<String>] = [:]) {
        self.reader = reader
        self.focus = FocusFilter(focus)
    }

    /// The folder's Contents.json as an object; nil (with an issue) when missing, unparsable or not an object.
    mutating func contents(of folder: String, kind: ContentsKind, required: Bool = true) -> JSONValue? {
        let path = PathText.join(folder, "Contents.json")
        let bytes: [UInt8]
        if let snapped = snapshotContents[path] {
            bytes = snapped
        } else {
            guard reader.files.targetKind(path) == .file else {
                if required { issues.append(.missingFile(path: path, referencedBy: folder)) }
                return nil
            }
            do {
                bytes = try reader.files.read(path, within: .contentsJSON)
            } catch {
                issues.append(.invalidJSON(path: path, reason: "cannot be read: \(error)"))
                return nil
            }
        }
        do {
            var duplicates: [JSONParser.Duplicate] = []
            let value = try JSONParser.parse(bytes, duplicates: &duplicates)
            // Read as Xcode reads it (the last of a repeated key), and said: other readers take the first.
            for duplicate in duplicates {
                issues.append(
                    .invalidJSON(
                        path: path,
                        reason: "has the key \"\(duplicate.key)\" twice in one object (line \(duplicate.line)): "
                            + "Xcode reads the last, other JSON readers the first; keep one"))
            }
            guard case .object = value else {
                issues.append(.invalidJSON(path: path, reason: "the top level is \(value.typeName), not an object"))
                return nil
            }
            contentsFiles.append(ContentsFile(path: path, kind: kind, json: value, bytes: bytes))
            return value
        } catch {
            issues.append(.invalidJSON(path: path, reason: "is not valid JSON: \(error)"))
            return nil
        }
    }

    /// A value that must be a string when present.
    mutating func string(_ value: JSONValue?, _ key: String, in file: String) -> String? {
        guard let value, value != .null else { return nil }
        guard case .string(let s) = value else {
            issues.append(.invalidJSON(path: file, reason: "\"\(key)\" is \(value.typeName), not a string"))
            return nil
        }
        return s
    }

    /// A value that must be a number when present.
    mutating func number(_ value: JSONValue?, _ key: String, in file: String) -> Double? {
        guard let value, value != .null else { return nil }
        guard case .number(let n) = value else {
            issues.append(.invalidJSON(path: file, reason: "\"\(key)\" is \(value.typeName), not a number"))
            return nil
        }
        return n
    }

    /// A value that must be a whole number within `range` when present (a count, read into an Int).
    mutating func whole(_ value: JSONValue?, _ key: String, in file: String, range: ClosedRange<Int>) -> Int? {
        guard let n = number(value, key, in: file) else { return nil }
        guard n.rounded(.towardZero) == n, let whole = Int(exactly: n), range.contains(whole) else {
            let shown = abs(n) < 1e15 && n.rounded(.towardZero) == n ? Int(n).grouped : "\(n)"
            issues.append(
                .invalidJSON(
                    path: file, reason: "\"\(key)\" is \(shown), not a whole number from \(range.lowerBound.grouped) to \(range.upperBound.grouped)"))
            return nil
        }
        return whole
    }

    /// A value that must be an array of objects when present.
    mutating func objects(_ value: JSONValue?, _ key: String, in file: String) -> [JSONValue]? {
        guard let value, value != .null else { return nil }
        guard case .array(let items) = value else {
            issues.append(.invalidJSON(path: file, reason: "\"\(key)\" is \(value.typeName), not an array"))
            return nil
        }
        var result: [JSONValue] = []
        for (index, item) in items.enumerated() {
            guard case .object = item else {
                issues.append(.invalidJSON(path: file, reason: "\"\(key)\"[\(index)] is \(item.typeName), not an object"))
                continue
            }
            result.append(item)
        }
        return result
    }
}

extension CatalogScan {
    /// Takes what a reading session found.
    mutating func absorb(_ session: CatalogSession) {
        issues += session.issues
        contentsFiles += session.contentsFiles
    }
}
