#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file system in memory, for tests, rule examples and fuzzing: files, folders and symbolic links,
/// resolved as POSIX resolves them (intermediate links followed, `lstat` not following the last one,
/// `..` after a link taken from the link's target), with no disk touched.
public final class MemoryFileSystem: FileSystem, @unchecked Sendable {
    enum Node: Hashable {
        case file([UInt8])
        case folder
        case link(String)
    }

    /// A path as its UTF-8 bytes: names compare byte for byte, as on a Linux disk (Swift strings would
    /// treat composed and decomposed "é" as equal).
    struct Key: Hashable {
        let bytes: [UInt8]
        init(_ path: String) { bytes = Array(path.utf8) }
        var path: String { String(decoding: bytes, as: UTF8.self) }
    }

    // Guarded by `lock`; keys are canonical absolute paths ("/" is always a folder).
    private var nodes: [Key: Node] = [Key("/"): .folder]
    /// Each file's and folder's status: a write is a new modification time (a tick of `clock`) and a new
    /// file or folder gets an inode; as on disk, a folder's time moves when a name in it is added,
    /// removed or replaced, not when a file in it is rewritten.
    private var stamps: [Key: (modified: Int, inode: UInt64)] = [Key("/"): (0, 0)]
    private var clock = 0
    private let lock = Locked(())

    public init() {}

    /// A new modification time for `key` (a new inode when it had none). Called with `lock` held.
    private func stamp(_ key: Key) {
        clock += 1
        stamps[key] = (clock * 1_000, stamps[key]?.inode ?? UInt64(clock))
    }

    /// A name in the folder holding `path` was added, removed or replaced. Called with `lock` held.
    private func touchParent(_ path: String) { stamp(Key(PathText.parent(path))) }

    // MARK: Building trees

    public func createLink(_ path: String, target: String) throws(FileError) {
        try createFolder(PathText.parent(absolute(path)))
        lock.withLock { _ in
            nodes[Key(absolute(path))] = .link(target)
            touchParent(absolute(path))
        }
    }

    // MARK: FileSystem

    public func read(_ path: String) throws(FileError) -> [UInt8] {
        guard let (_, node) = resolve(path, followLast: true) else {
            throw FileError(.read, path: path, code: ENOENT, reason: "No such file or directory")
        }
        guard case .file(let bytes) = node else {
            throw FileError(.read, path: path, code: 0, reason: "not a regular file", notRegular: "a folder")
        }
        return bytes
    }

    public func read(_ path: String, at offset: Int, count: Int) throws(FileError) -> [UInt8] {
        let bytes = try read(path)
        guard offset < bytes.count else { return [] }
        return Array(bytes[offset..<min(bytes.count, offset + count)])
    }

    public func kind(_ path: String) -> EntryKind { entryKind(resolve(path, followLast: false)?.1) }

    public func targetKind(_ path: String) -> EntryKind {
        let kind = entryKind(resolve(path, followLast: true)?.1)
        return kind == .symlink ? .missing : kind
    }

    public func size(_ path: String) -> Int? {
        guard case .file(let bytes)? = resolve(path, followLast: true)?.1 else { return nil }
        return bytes.count
    }

    public func status(_ path: String) -> FileStatus? {
        guard let (resolved, node) = resolve(path, followLast: true), let stamp = lock.withLock({ _ in stamps[Key(resolved)] }) else { return nil }
        switch node {
        case .file(let bytes): return FileStatus(size: bytes.count, modifiedNanoseconds: stamp.modified, inode: stamp.inode, device: 1)
        case .folder: return FileStatus(size: 0, modifiedNanoseconds: stamp.modified, inode: stamp.inode, device: 1)
        case .link: return nil
        }
    }

    public func listing(_ path: String) throws(FileError) -> Listing {
        guard let (folder, node) = resolve(path, followLast: true), node == .folder else {
            throw FileError(.list, path: path, code: ENOTDIR, reason: "Not a directory")
        }
        let parent = Array(folder.utf8)
        let names = lock.withLock { _ in
            nodes.keys.map(\.path).filter { $0 != "/" && Array(PathText.parent($0).utf8) == parent }.map(PathText.lastComponent)
        }
        return Listing(names: Listing.sorted(names))
    }

    public func realPath(_ path: String) -> String? {
        guard let (canonical, node) = resolve(path, followLast: true) else { return nil }
        if case .link = node { return nil }
        return canonical
    }

    public func linkTarget(_ path: String) -> String? {
        guard case .link(let target)? = resolve(path, followLast: false)?.1 else { return nil }
        return target
    }

    public func write(_ bytes: [UInt8], to path: String, overwrite: Bool, newModeOf model: String) throws(FileError) {
        try write(bytes, to: path, overwrite: overwrite, privately: false)
    }

    public func write(_ bytes: [UInt8], to path: String, overwrite: Bool, privately: Bool) throws(FileError) {
        let full = absolute(path)
        guard targetKind(PathText.parent(full)) == .directory else {
            throw FileError(.write, path: path, code: ENOENT, reason: "No such file or directory")
        }
        if !overwrite, kind(full) != .missing {
            throw FileError(.write, path: path, code: EEXIST, reason: "the file exists (use --force to replace it)")
        }
        if kind(full) == .directory { throw .refused(path, .notRegular("a folder")) }
        lock.withLock { _ in
            let key = Key(full)
            if nodes[key] == nil { touchParent(full) }
            nodes[key] = .file(bytes)
            stamp(key)
        }
    }

    /// Links and folders only: the in-memory files have no modes or hard links.
    public func replaceRefusal(_ path: String) -> ReplaceRefusal? {
        switch kind(path) {
        case .symlink: .symbolicLink
        case .directory: .notRegular("a folder")
        default: nil
        }
    }

    public func createFolder(_ path: String, privately: Bool) throws(FileError) {
        let full = absolute(path)
        if full == "/" { return }
        try createFolder(PathText.parent(full))
        switch kind(full) {
        case .directory: return
        case .missing:
            lock.withLock { _ in
                nodes[Key(full)] = .folder
                stamp(Key(full))
                touchParent(full)
            }
        default: throw FileError(.write, path: path, code: EEXIST, reason: "File exists")
        }
    }

    public func move(_ source: String, to destination: String) throws(FileError) {
        let from = absolute(source), to = absolute(destination)
        guard kind(from) != .missing else { throw FileError(.write, path: source, code: ENOENT, reason: "No such file or directory") }
        guard kind(to) == .missing else { throw FileError(.write, path: destination, code: EEXIST, reason: "File exists") }
        guard targetKind(PathText.parent(to)) == .directory else {
            throw FileError(.write, path: destination, code: ENOENT, reason: "No such file or directory")
        }
        let exact = Array(from.utf8), prefix = Array((from + "/").utf8)
        lock.withLock { _ in
            func moved(_ key: Key) -> Key? {
                if key.bytes == exact { return Key(to) }
                guard key.bytes.starts(with: prefix) else { return nil }
                return Key(to + "/" + String(decoding: key.bytes[prefix.count...], as: UTF8.self))
            }
            for (key, node) in nodes { if let new = moved(key) { nodes[key] = nil; nodes[new] = node } }
            for (key, stamp) in stamps { if let new = moved(key) { stamps[key] = nil; stamps[new] = stamp } }
            touchParent(from)
            touchParent(to)
        }
    }

    /// The two trees swapped under one lock: no reader sees either path missing.
    public func exchange(_ a: String, _ b: String) throws(FileError) {
        let first = absolute(a), second = absolute(b)
        guard kind(first) != .missing else { throw FileError(.write, path: a, code: ENOENT, reason: "No such file or directory") }
        guard kind(second) != .missing else { throw FileError(.write, path: b, code: ENOENT, reason: "No such file or directory") }
        let one = Array(first.utf8), two = Array(second.utf8)
        lock.withLock { _ in
            func swapped(_ key: Key) -> Key {
                for (from, to) in [(one, second), (two, first)] {
                    if key.bytes == from { return Key(to) }
                    if key.bytes.starts(with: from + [0x2F]) {
                        return Key(to + "/" + String(decoding: key.bytes[(from.count + 1)...], as: UTF8.self))
                    }
                }
                return key
            }
            nodes = Dictionary(nodes.map { (swapped($0.key), $0.value) }) { a, _ in a }
            stamps = Dictionary(stamps.map { (swapped($0.key), $0.value) }) { a, _ in a }
            touchParent(first)
            touchParent(second)
        }
    }

    /// The node copied under a second name with the same inode (in memory nothing is shared, and no
    /// file is written through both names).
    public func hardLink(_ source: String, to destination: String) throws(FileError) {
        let from = absolute(source), to = absolute(destination)
        guard kind(from) == .file else { throw FileError(.write, path: source, code: ENOENT, reason: "No such file or directory") }
        guard kind(to) == .missing else { throw FileError(.write, path: destination, code: EEXIST, reason: "File exists") }
        lock.withLock { _ in
            nodes[Key(to)] = nodes[Key(from)]
            stamps[Key(to)] = stamps[Key(from)]
            touchParent(to)
        }
    }

    public func remove(_ path: String) {
        let full = absolute(path)
        let exact = Array(full.utf8), prefix = Array((full + "/").utf8)
        lock.withLock { _ in
            guard nodes[Key(full)] != nil else { return }
            nodes = nodes.filter { $0.key.bytes != exact && !$0.key.bytes.starts(with: prefix) }
            stamps = stamps.filter { $0.key.bytes != exact && !$0.key.bytes.starts(with: prefix) }
            touchParent(full)
        }
    }

    // MARK: Resolution

    private func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : "/" + path
        return PathText.normalize(joined)
    }

    private func entryKind(_ node: Node?) -> EntryKind {
        switch node {
        case .file?: .file
        case .folder?: .directory
        case .link?: .symlink
        case nil: .missing
        }
    }

    /// The canonical path and node `path` leads to; intermediate links are always followed, the last
    /// one only with `followLast`. Nil when something on the way is missing or links loop.
    private func resolve(_ path: String, followLast: Bool, hops: Int = 0) -> (String, Node)? {
        guard hops < 40 else { return nil }
        let components = absolute(path).split(separator: "/").map(String.init)
        var current = "/"
        for (index, component) in components.enumerated() {
            if component == "." { continue }
            if component == ".." {
                current = PathText.parent(current)
                continue
            }
            let next = current == "/" ? "/" + component : current + "/" + component
            guard let node = lock.withLock({ _ in nodes[Key(next)] }) else { return nil }
            let isLast = index == components.count - 1
            if case .link(let target) = node, !isLast || followLast {
                let base = target.hasPrefix("/") ? target : (current == "/" ? "/" : current + "/") + target
                guard let (resolved, resolvedNode) = resolve(base, followLast: true, hops: hops + 1) else { return nil }
                if isLast { return (resolved, resolvedNode) }
                guard resolvedNode == .folder else { return nil }
                current = resolved
                continue
            }
            if isLast { return (next, node) }
            guard node == .folder else { return nil }
            current = next
        }
        return (current, .folder)
    }
}
