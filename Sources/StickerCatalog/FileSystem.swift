#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerImage

/// How stickerlint reads files. The real one opens read-only; tests wrap it to record every open.
public protocol FileReading: Sendable {
    /// The whole file, opened read-only.
    func readAll(_ path: String) throws(ImageError) -> [UInt8]
    /// The file opened read-only for random access (to read a header without the rest).
    func open(_ path: String) throws(ImageError) -> any ByteSource
}

extension FileReading {
    public func open(_ path: String) throws(ImageError) -> any ByteSource { try FileByteSource(path: path) }
}

/// Reads files from disk (O_RDONLY, never written).
public struct DiskFileReader: FileReading {
    public init() {}

    public func readAll(_ path: String) throws(ImageError) -> [UInt8] {
        try FileByteSource(path: path).readAll()
    }
}

/// What a directory entry is, from lstat: symbolic links are reported as such, never followed.
public enum EntryKind: Sendable, Hashable {
    case file
    case directory
    case symlink
    case other
    case missing
}

/// Small POSIX helpers: listing, lstat and realpath, with no Foundation and no following of links.
public enum FileSystem {
    /// lstat's view of a path.
    public static func kind(_ path: String) -> EntryKind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        default: return .other
        }
    }

    /// stat's view (following links).
    public static func targetKind(_ path: String) -> EntryKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Size in bytes (following links), or nil.
    public static func size(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// Entry names of a directory, sorted by their UTF-8 bytes, without "." and ".."; nil when it
    /// cannot be listed. Names that are not valid UTF-8 are left out (see `listing`).
    public static func list(_ path: String) -> [String]? {
        (try? listing(path))?.names
    }

    /// What a folder holds: valid names, sorted, and names that are not valid UTF-8 (shown with \xNN
    /// escapes, since they cannot be represented as paths here).
    public struct Listing: Sendable {
        public var names: [String]
        public var invalidNames: [String]
    }

    /// Lists a folder, or throws the reason it cannot be listed ("Permission denied").
    public static func listing(_ path: String) throws(ListingError) -> Listing {
        guard let dir = opendir(path) else { throw ListingError(reason: String(cString: strerror(errno))) }
        defer { closedir(dir) }
        var result = Listing(names: [], invalidNames: [])
        while let entry = readdir(dir) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            if let name = String(validating: bytes, as: UTF8.self) {
                result.names.append(name)
            } else {
                result.invalidNames.append(bytes.map { $0 < 0x80 && $0 >= 0x20 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16) }.joined())
            }
        }
        result.names.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        result.invalidNames.sort()
        return result
    }

    /// Why a folder cannot be listed.
    public struct ListingError: Error, Sendable {
        public var reason: String
    }

    /// The canonical absolute path with every link resolved, or nil when it does not resolve.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The target a symbolic link names, as written.
    public static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Path strings as users see them.
public enum PathText {
    /// `base/child`, without doubled slashes or a leading "./".
    public static func join(_ base: String, _ child: String) -> String {
        if base.isEmpty || base == "." { return child }
        return base.hasSuffix("/") ? base + child : base + "/" + child
    }

    /// The path as given, tidied: trailing slashes and a leading "./" removed.
    public static func normalize(_ path: String) -> String {
        var p = path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        while p.hasPrefix("./") && p.count > 2 { p.removeFirst(2) }
        return p
    }

    /// The last path component.
    public static func lastComponent(_ path: String) -> String {
        String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? Substring(path))
    }

    /// Everything before the last component ("." when there is none).
    public static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The lowercased extension without its dot ("" when there is none).
    public static func fileExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }
}
