#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
internal import CSystem

/// Why a writer leaves an existing file alone rather than replace it with a new one (a temporary file
/// renamed over it), and what it keeps of a file it does replace.
///
/// A rename gives the path a new file: without care it has the writer's mode, owner and no extended
/// attributes, a symbolic link becomes a regular file, and a hard-linked name stops showing what its
/// other names show. So a writer refuses a link, a read-only file and a file with several names (the
/// caller reports it: "read-only: left as it is"), never puts a file where a folder, FIFO, device or
/// socket is (`report -o /dev/null` must not rename a temporary over the device), and gives the new file the old one's mode, owner and
/// group (where the process may set them) and extended attributes (Linux: every attribute it can read,
/// `user.*` required; Darwin: `fcopyfile(3)` with COPYFILE_METADATA, which also carries ACLs) before
/// the rename.
public enum ReplaceRefusal: Sendable, Hashable, CustomStringConvertible {
    case symbolicLink
    /// A folder, FIFO, device or socket ("a FIFO"): never replaced by a regular file.
    case notRegular(String)
    case readOnly
    case hardLinks(Int)

    public var description: String {
        switch self {
        case .symbolicLink: "a symbolic link: left as it is"
        case .notRegular(let kind): "\(kind), not a regular file: left as it is"
        case .readOnly: "read-only: left as it is"
        case .hardLinks(let count): "\(count) hard links: left as it is (a new file would leave the other names with the old bytes)"
        }
    }

    /// Why the file at `path` must not be replaced; nil when it may be, or when nothing is there. Read
    /// only means no write permission bit at all, or none for this process (root has every access, so
    /// the bits are what tell).
    public static func check(_ path: String) -> ReplaceRefusal? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT == S_IFLNK { return .symbolicLink }
        if info.st_mode & S_IFMT != S_IFREG { return .notRegular(ReadOnlyFile.kindName(info.st_mode)) }
        if info.st_mode & 0o222 == 0 || access(path, W_OK) != 0 { return .readOnly }
        if info.st_nlink > 1 { return .hardLinks(Int(info.st_nlink)) }
        return nil
    }
}

/// File modes and metadata for new and replacing files.
enum FileMetadata {
    /// The process's umask, read once: from /proc on Linux (no change to the mask), else by setting
    /// and restoring it at the first write, before any other thread writes.
    static let umaskValue: mode_t = {
        #if os(Linux)
        let fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = read(fd, &buffer, buffer.count)
            let text = n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
                let value = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(), radix: 8)
            {
                return value
            }
        }
        #endif
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()

    /// The mode of a new file: `requested` (0666 for ordinary files, 0600 for private ones) less the umask.
    static func newFileMode(_ requested: mode_t) -> mode_t { requested & ~umaskValue & 0o7777 }

    /// Gives the file open at `descriptor` the owner, group, mode and extended attributes of the file
    /// at `original` (lstat'ed into `info`). Only extended attributes the user can set are required.
    static func copy(from original: String, info: stat, to descriptor: Int32) throws(FileError) {
        #if canImport(Darwin)
        let source = open(original, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard source >= 0 else { throw .system(.write, original) }
        defer { close(source) }
        if fcopyfile(source, descriptor, nil, copyfile_flags_t(COPYFILE_METADATA)) != 0 { throw .system(.write, original) }
        #else
        try copyExtendedAttributes(from: original, to: descriptor)
        #endif
        var owned = fchown(descriptor, info.st_uid, info.st_gid) == 0
        if !owned { owned = fchown(descriptor, uid_t.max, info.st_gid) == 0 && getuid() == info.st_uid }
        // Never wider: set-user/group-ID bits only where the owner and group are the original's.
        let mode = info.st_mode & (owned ? 0o7777 : 0o0777)
        if fchmod(descriptor, mode) != 0 { throw .system(.write, original) }
    }

    #if !canImport(Darwin)
    /// Linux extended attributes of `original` (a link is not followed) set on `descriptor`: `user.*`
    /// must copy; others (security.*, trusted.*) are copied where the process may.
    static func copyExtendedAttributes(from original: String, to descriptor: Int32) throws(FileError) {
        let size = llistxattr(original, nil, 0)
        if size < 0 {
            if errno == ENOTSUP { return }
            throw .system(.write, original)
        }
        guard size > 0 else { return }
        var names = [CChar](repeating: 0, count: size)
        let listed = llistxattr(original, &names, size)
        guard listed >= 0 else { throw .system(.write, original) }
        for raw in names[0..<listed].split(separator: 0) {
            let name = String(decoding: raw.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let required = name.hasPrefix("user.")
            guard let value = ExtendedAttribute.get(original, name) else {
                if required { throw .system(.write, original) } else { continue }
            }
            guard fsetxattr(descriptor, name, value, value.count, 0) == 0 else {
                if required {
                    throw FileError(
                        .write, path: original, code: errno, reason: "cannot copy extended attribute \(name): \(String(cString: strerror(errno)))")
                }
                continue
            }
        }
    }
    #endif
}

extension Substring {
    /// Without spaces and tabs at either end.
    func trimmingCharacters() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}

/// One extended attribute of a file (a link itself, never its target): what `stickerlint fix` keeps.
public enum ExtendedAttribute {
    /// The attribute's value, or nil when the file has none of that name.
    public static func get(_ path: String, _ name: String) -> [UInt8]? {
        #if canImport(Darwin)
        let size = getxattr(path, name, nil, 0, 0, XATTR_NOFOLLOW)
        guard size >= 0 else { return nil }
        var value = [UInt8](repeating: 0, count: max(size, 1))
        let read = getxattr(path, name, &value, value.count, 0, XATTR_NOFOLLOW)
        #else
        let size = lgetxattr(path, name, nil, 0)
        guard size >= 0 else { return nil }
        var value = [UInt8](repeating: 0, count: max(size, 1))
        let read = lgetxattr(path, name, &value, value.count)
        #endif
        return read < 0 ? nil : Array(value[0..<read])
    }

    /// Sets the attribute; false when the file system refuses (no extended attributes there).
    @discardableResult
    public static func set(_ path: String, _ name: String, _ value: [UInt8]) -> Bool {
        #if canImport(Darwin)
        return setxattr(path, name, value, value.count, 0, XATTR_NOFOLLOW) == 0
        #else
        return lsetxattr(path, name, value, value.count, 0) == 0
        #endif
    }
}
