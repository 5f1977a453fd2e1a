/// The largest file stickerlint reads whole for each input that is not an image (images have
/// `DecodeLimits`). Each is checked against the file's size before a byte is allocated, so a 1 GB
/// Contents.json or a 3 GB cache costs a `stat`, not the gigabytes.
public enum InputBudget: String, Sendable, CaseIterable {
    case contentsJSON = "Contents.json"
    case configuration = "configuration"
    case baseline = "baseline"
    case labels = "labels"
    case order = "order"
    case cache = "cache"
    case mergedReport = "report"

    /// In bytes: 4 MiB for a Contents.json (a pack of 5,000 stickers writes about 300 KB), 1 MiB for a
    /// configuration, 16 MiB for a baseline, 4 MiB for a labels or order file, 256 MiB for a cache file
    /// and for a report to merge (a shard's report carries its previews).
    public var limit: Int {
        switch self {
        case .contentsJSON: 4 << 20
        case .configuration: 1 << 20
        case .baseline: 16 << 20
        case .labels, .order: 4 << 20
        case .cache, .mergedReport: 256 << 20
        }
    }
}

extension InputBudget {
    /// What such a file is called in a message, with its article.
    public var described: String {
        switch self {
        case .contentsJSON: "a Contents.json file"
        case .configuration: "a configuration file"
        case .baseline: "a baseline file"
        case .labels: "a --labels file"
        case .order: "an --order file"
        case .cache: "a cache file"
        case .mergedReport: "a report to merge"
        }
    }
}

extension FileSystem {
    /// The whole file, refused unread when it is larger than `budget` allows.
    public func read(_ path: String, within budget: InputBudget) throws(FileError) -> [UInt8] {
        if let size = size(path), size > budget.limit {
            throw FileError(
                .read, path: path, code: 0,
                reason: "it is \(size) bytes, over the \(budget.limit >> 20) MiB limit for \(budget.described)")
        }
        return try read(path)
    }
}
