#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// The disk: POSIX calls, no Foundation, links never followed by a listing or a removal.
public struct DiskFileSystem: FileSystem {
    public init() {}

    public func read(_ path: String) throws(FileError) -> [UInt8] {
        let file = try ReadOnlyFile(path: path)
        if file.count == 0 {
            // Size 0 by fstat, yet /proc and /sys files (a --config /proc/self/mem) hold bytes, or fail to
            // give them: one byte asked for tells an empty file from one whose size is not known.
            var probe: UInt8 = 0
            let n = try withUnsafeMutableBytes(of: &probe) { (buffer) throws(FileError) in try file.read(at: 0, into: buffer) }
            if n > 0 { throw FileError(.read, path: path, code: 0, reason: "its size is not known (a file of the kernel's?); not read") }
            return []
        }
        return try file.read(at: 0, count: file.count)
    }

    public func read(_ path: String, at offset: Int, count: Int) throws(FileError) -> [UInt8] {
        try ReadOnlyFile(path: path).read(at: offset, count: count)
    }

    public func kind(_ path: String) -> EntryKind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        default: return .other
        }
    }

    public func targetKind(_ path: String) -> EntryKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    public func size(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// Size, modification time and identity of the file a path leads to (links followed).
    public func status(_ path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Self.status(info)
    }

    /// Stats a worker takes at once: a stat is a few microseconds, as long as taking an index under the lock.
    static let statChunk = 64

    public func statuses(_ names: [String], in folder: String, workers: Int) -> [FileStatus?] {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return names.map { _ in nil } }
        defer { close(fd) }
        return Parallel.map(names.count, workers: workers, chunk: Self.statChunk) { index in
            var info = stat()
            return fstatat(fd, names[index], &info, 0) == 0 ? Self.status(info) : nil
        }
    }

    private static func status(_ info: stat) -> FileStatus {
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return FileStatus(
            size: Int(info.st_size), modifiedNanoseconds: FileStatus.nanoseconds(seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec)),
            inode: UInt64(info.st_ino), device: UInt64(info.st_dev))
    }

    public func listing(_ path: String) throws(FileError) -> Listing {
        guard let dir = opendir(path) else { throw .system(.list, path) }
        defer { closedir(dir) }
        var names: [String] = [], invalid: [String] = []
        while let entry = readdir(dir) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            // Valid UTF-8 exactly when decoding (which repairs) gives the same bytes back.
            let name = String(decoding: bytes, as: UTF8.self)
            if Array(name.utf8) == bytes {
                names.append(name)
            } else {
                invalid.append(bytes.map { $0 < 0x80 && $0 >= 0x20 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16) }.joined())
            }
        }
        return Listing(names: Listing.sorted(names), invalidNames: invalid.sorted())
    }

    public func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public func write(_ bytes: [UInt8], to path: String, overwrite: Bool, privately: Bool) throws(FileError) {
        try AtomicFile.write(bytes, to: path, overwrite: overwrite, privately: privately)
    }

    public func write(_ bytes: [UInt8], to path: String, overwrite: Bool, newModeOf model: String) throws(FileError) {
        let writer = try AtomicFileWriter(path: path, overwrite: overwrite, newModeOf: model)
        try writer.append(bytes)
        try writer.commit()
    }

    public func createFolder(_ path: String, privately: Bool) throws(FileError) { try Folders.create(path, privately: privately) }

    public func replaceRefusal(_ path: String) -> ReplaceRefusal? { ReplaceRefusal.check(path) }

    public func remove(_ path: String) { Folders.removeTree(path) }

    public func move(_ source: String, to destination: String) throws(FileError) {
        // link + unlink never replaces an existing file, unlike rename. Folders cannot be linked, and
        // some file systems refuse links: theirs is a rename after a check.
        if kind(source) != .directory, link(source, destination) == 0 {
            unlink(source)
            return
        }
        try checkedRename(source, destination)
    }

    /// A rename that refuses an existing destination, unless it is the source itself under another
    /// case of its name (same device and inode), which only rename can change.
    private func checkedRename(_ source: String, _ destination: String) throws(FileError) {
        if kind(destination) != .missing {
            guard let a = status(source), let b = status(destination), a.inode == b.inode, a.device == b.device else {
                throw .system(.write, destination, code: EEXIST)
            }
        }
        if rename(source, destination) != 0 { throw .system(.write, destination) }
    }

    public func exchange(_ a: String, _ b: String) throws(FileError) {
        if StagingFolders.exchange(a, b) != 0 { throw .system(.write, b) }
    }

    public func createLink(_ path: String, target: String) throws(FileError) {
        unlink(path)
        if symlink(target, path) != 0 { throw .system(.write, path) }
    }

    public func hardLink(_ source: String, to destination: String) throws(FileError) {
        if link(source, destination) != 0 { throw .system(.write, destination) }
    }

    public func copyMetadata(from source: String, to destination: String) throws(FileError) {
        var info = stat()
        guard lstat(source, &info) == 0 else { throw .system(.write, source) }
        let descriptor = open(destination, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .system(.write, destination) }
        defer { close(descriptor) }
        try FileMetadata.copy(from: source, info: info, to: descriptor)
    }
}

/// A regular file opened read-only (O_RDONLY | O_CLOEXEC); reads use pread, so nothing but the
/// requested bytes is touched. O_NONBLOCK keeps a FIFO from blocking the open, and anything but a
/// regular file is refused.
public final class ReadOnlyFile {
    public let path: String
    public let count: Int
    private let descriptor: Int32

    public init(path: String) throws(FileError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 { throw .system(.read, path) }
        var info = stat()
        if fstat(fd, &info) != 0 {
            let code = errno
            close(fd)
            throw .system(.read, path, code: code)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw FileError(.read, path: path, code: 0, reason: "not a regular file", notRegular: Self.kindName(info.st_mode))
        }
        descriptor = fd
        count = Int(info.st_size)
    }

    deinit { close(descriptor) }

    /// "a FIFO", "a folder"… for a stat mode.
    static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// Fills `buffer` from `offset`; returns how many bytes were there.
    public func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int {
        var done = 0
        while done < buffer.count {
            let n = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(.read, path)
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// Up to `count` bytes from `offset`.
    public func read(at offset: Int, count: Int) throws(FileError) -> [UInt8] {
        let wanted = max(0, min(count, self.count - offset))
        var failure: FileError?
        // Filled by the read, not zeroed first (a cache file is megabytes).
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            do throws(FileError) {
                initialized = try read(at: offset, into: UnsafeMutableRawBufferPointer(buffer))
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return bytes
    }
}

/// Writes files all at once or not at all: bytes go to a temporary file in the same folder, are
/// flushed to disk, and replace the destination with a rename.
public enum AtomicFile {
    /// Why a write failed; the destination is untouched and no temporary file is left.
    public typealias WriteError = FileError

    /// The mode a new file gets for `requested` (0666, or 0777 for a script): less the process's umask.
    public static func newFileMode(_ requested: mode_t) -> mode_t { FileMetadata.newFileMode(requested) }

    /// Writes `bytes` to `path`. With `overwrite` false an existing file is left alone and the call fails;
    /// with it, a file that `ReplaceRefusal` names is left alone too. A new file gets mode 0666 (0600 when
    /// `privately`) less the umask; a replaced one keeps its mode, owner, group and extended attributes.
    public static func write(_ bytes: [UInt8], to path: String, overwrite: Bool = true, privately: Bool = false) throws(WriteError) {
        let writer = try AtomicFileWriter(path: path, overwrite: overwrite, privately: privately)
        try writer.append(bytes)
        try writer.commit()
    }
}

extension AtomicFile {
    /// Writes several files as a set: each is written whole beside its name first, and only then are
    /// they put in place, in the order given (an index page last), so that an interrupted or failed run
    /// leaves either nothing new or a complete set before the last file, never a file that names one
    /// that is not there. On failure no temporary file is left.
    public static func writeSet(_ files: [(path: String, text: String)]) throws(FileError) {
        var writers: [AtomicFileWriter] = []
        for file in files {
            let writer = try AtomicFileWriter(path: file.path, keepingIdentical: true)
            try writer.append(file.text)
            writers.append(writer)
        }
        for writer in writers { try writer.commit() }
    }
}

/// A file written piece by piece (a report streamed as it is rendered) that appears whole or not at
/// all: the pieces go to a temporary file beside the destination, which `commit` flushes and renames
/// over it. A writer dropped without `commit` (an error, a signal) removes its temporary file.
///
/// With `keepingIdentical`, the pieces are first compared with the destination as they come: while
/// every byte matches, nothing is written; if the whole matches, `commit` leaves the file in place and
/// only marks it modified now (a report of an unchanged tree, megabytes of previews, costs no write,
/// flush or rename); at the first difference the matched start is copied to the temporary file and
/// writing goes on as usual.
public final class AtomicFileWriter {
    public let path: String
    private let overwrite: Bool
    private let privately: Bool
    /// A file whose mode a new destination takes (less the umask); nil: 0666 less the umask.
    private let newModeOf: String?
    private let temporary: String
    private var descriptor: Int32
    private var finished = false
    /// The destination, open while everything appended matches its first `matched` bytes; -1 otherwise.
    private var original: Int32 = -1
    private var matched = 0
    private var scratch: [UInt8] = []

    /// A writer for `path`; refuses at once what `commit` would refuse (an existing file without
    /// `overwrite`; a link, a read-only file or hard links with it), so nothing is rendered in vain.
    public init(
        path: String, overwrite: Bool = true, privately: Bool = false, keepingIdentical: Bool = false, newModeOf: String? = nil
    ) throws(FileError) {
        var info = stat()
        if !overwrite, lstat(path, &info) == 0 {
            throw FileError(.write, path: path, code: EEXIST, reason: "the file exists (use --force to replace it)")
        }
        if let refusal = ReplaceRefusal.check(path) { throw .refused(path, refusal) }
        self.path = path
        self.overwrite = overwrite
        self.privately = privately
        self.newModeOf = newModeOf
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        // ".NAME.tmp-XXXXXX" is 12 bytes longer than NAME: a name near 255 bytes gets its first bytes only
        // (at a character boundary), so that a file named as long as the system allows can be rewritten.
        var stem = "", stemBytes = 0
        for character in name {
            if stemBytes + character.utf8.count > 255 - 12 { break }
            stem.append(character)
            stemBytes += character.utf8.count
        }
        guard let (fd, made) = TemporaryFiles.create("\(folder.isEmpty ? "/" : folder)/.\(stem).tmp-XXXXXX") else {
            throw .system(.write, path)
        }
        descriptor = fd
        temporary = made
        if keepingIdentical && overwrite && !privately {
            let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            if fd >= 0 {
                var opened = stat()
                if fstat(fd, &opened) == 0 && opened.st_mode & S_IFMT == S_IFREG { original = fd } else { close(fd) }
            }
        }
    }

    deinit { abandon() }

    /// Whether the destination's next `buffer.count` bytes are `buffer` (read in blocks of 1 MB).
    private func matches(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        if scratch.isEmpty { scratch = [UInt8](repeating: 0, count: 1 << 20) }
        var done = 0
        while done < buffer.count {
            let want = min(scratch.count, buffer.count - done)
            let got = scratch.withUnsafeMutableBytes { pread(original, $0.baseAddress!, want, off_t(matched + done)) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return false }
            let same = scratch.withUnsafeBytes { memcmp($0.baseAddress!, buffer.baseAddress! + done, got) == 0 }
            guard same else { return false }
            done += got
        }
        return true
    }

    /// Stops comparing: the destination's first `matched` bytes (equal to what was appended) are
    /// copied to the temporary file.
    private func diverge() throws(FileError) {
        guard original >= 0 else { return }
        defer {
            close(original)
            original = -1
            scratch = []
        }
        if scratch.isEmpty { scratch = [UInt8](repeating: 0, count: 1 << 20) }
        var copied = 0
        while copied < matched {
            let want = min(scratch.count, matched - copied)
            let got = scratch.withUnsafeMutableBytes { pread(original, $0.baseAddress!, want, off_t(copied)) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { throw fail(got < 0 ? errno : EIO) }
            try scratch.withUnsafeBufferPointer { (all) throws(FileError) in try write(UnsafeBufferPointer(rebasing: all.prefix(got))) }
            copied += got
        }
    }

    /// Leaves an identical destination in place, marked modified now; false when it is not identical
    /// (its size differs, it was replaced meanwhile, it may not be replaced, or its time cannot be set).
    private func keepIdentical() -> Bool {
        var opened = stat(), named = stat()
        guard fstat(original, &opened) == 0, Int(opened.st_size) == matched, lstat(path, &named) == 0,
            named.st_dev == opened.st_dev, named.st_ino == opened.st_ino, ReplaceRefusal.check(path) == nil,
            futimens(original, nil) == 0
        else { return false }
        close(original)
        original = -1
        abandon()
        return true
    }

    /// Appends bytes; on failure the temporary file is gone and the destination untouched.
    public func append(_ bytes: [UInt8]) throws(FileError) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(FileError) in try append(buffer) }
    }

    public func append(_ buffer: UnsafeBufferPointer<UInt8>) throws(FileError) {
        if original >= 0 {
            if matches(buffer) {
                matched += buffer.count
                return
            }
            try diverge()
        }
        try write(buffer)
    }

    private func write(_ buffer: UnsafeBufferPointer<UInt8>) throws(FileError) {
        var written = 0
        while written < buffer.count {
            let n = SystemCall.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            if n < 0 {
                if errno == EINTR { continue }
                throw fail(errno)
            }
            written += n
        }
    }

    /// Appends text as UTF-8, from the string's own storage (a report of megabytes is not copied).
    public func append(_ text: String) throws(FileError) {
        var text = text
        var failure: FileError?
        text.withUTF8 { buffer in
            do throws(FileError) { try append(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Flushes the file to disk and puts it in place (with `overwrite` false, only if nothing is there),
    /// with the replaced file's mode, owner, group and extended attributes, or a new file's mode.
    public func commit() throws(FileError) {
        if original >= 0 {
            if keepIdentical() { return }
            try diverge()
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            if let refusal = ReplaceRefusal.check(path) {
                abandon()
                throw .refused(path, refusal)
            }
            do throws(FileError) {
                try FileMetadata.copy(from: path, info: info, to: descriptor)
                // A private file (the cache) is 0600 whatever an older one was.
                if privately, fchmod(descriptor, 0o600) != 0 { throw FileError.system(.write, path) }
            } catch {
                abandon()
                throw error
            }
        } else {
            var model = stat()
            let requested: mode_t =
                privately ? 0o600 : newModeOf.map { stat($0, &model) == 0 ? model.st_mode & 0o777 : 0o666 } ?? 0o666
            if fchmod(descriptor, FileMetadata.newFileMode(requested)) != 0 { throw fail(errno) }
        }
        if fsync(descriptor) != 0 { throw fail(errno) }
        let closed = close(descriptor)
        descriptor = -1
        if closed != 0 { throw fail(errno) }
        defer { finish() }
        if !overwrite {
            // link() fails if the destination appeared meanwhile, so nothing is replaced by accident.
            if link(temporary, path) != 0 {
                let code = errno
                unlink(temporary)
                throw code == EEXIST
                    ? FileError(.write, path: path, code: code, reason: "the file exists (use --force to replace it)")
                    : .system(.write, path, code: code)
            }
            unlink(temporary)
            return
        }
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw .system(.write, path, code: code)
        }
    }

    /// Removes the temporary file (nothing when already committed).
    public func abandon() {
        guard !finished else { return }
        if original >= 0 { close(original) }
        original = -1
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporary)
        finish()
    }

    private func finish() {
        finished = true
        TemporaryFiles.unregister(temporary)
    }

    private func fail(_ code: Int32) -> FileError {
        abandon()
        return .system(.write, path, code: code)
    }
}

/// Temporary files being written, so that an interrupted run can remove them before it exits.
///
/// The first registration installs the SIGINT and SIGTERM handlers (nothing needs them before a file
/// is being written, and a run that writes nothing starts without a dispatch thread): they remove every
/// registered file and exit with 128 + the signal. They run on a dispatch queue, outside signal
/// context, so they may take the lock. A command that answers the signals itself (`Interruption`,
/// `pack`: its temporary files are inside the folder it stages and removes) gets none.
public enum TemporaryFiles {
    private static let lock = Locked(())
    nonisolated(unsafe) private static var paths: Set<String> = []
    nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []

    /// Creates a temporary file from a `mkstemp` template and registers it (its descriptor and name),
    /// under the lock and with the handlers installed first: a signal that arrives while the file is
    /// being made finds it registered, never on the disk unknown (the first file of a run was made
    /// before any handler, and a SIGTERM in between left it behind).
    static func create(_ template: String) -> (Int32, String)? {
        lock.withLock { _ in
            if signalSources.isEmpty && !Interruption.isInstalled { installInterruptHandlers() }
            var bytes = Array(template.utf8CString)
            let fd = bytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return nil }
            let made = String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            paths.insert(made)
            return (fd, made)
        }
    }

    static func unregister(_ path: String) { lock.withLock { _ in _ = paths.remove(path) } }

    /// Called with the lock held, once.
    private static func installInterruptHandlers() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                removeAll()
                exit(128 + number)
            }
            source.resume()
            signalSources.append(source)
        }
    }

    /// Removes every temporary file still registered (called from a signal handler's exit path).
    public static func removeAll() {
        lock.withLock { _ in
            for path in paths { unlink(path) }
            paths.removeAll()
        }
    }
}

/// libc calls whose names clash with Swift methods.
enum SystemCall {
    static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #else
        Darwin.write(fd, buffer, count)
        #endif
    }
}

/// Folder creation, like `mkdir -p`.
public enum Folders {
    /// Creates the folder and its parents (mode 0777 less the umask; the last one 0700 when `privately`:
    /// it holds what only its user may read). An existing folder keeps its mode.
    public static func create(_ path: String, privately: Bool = false) throws(FileError) {
        if path.isEmpty || path == "." || path == "/" || isDirectory(path) { return }
        try create(parent(path))
        if mkdir(path, privately ? 0o700 : 0o777) != 0 && errno != EEXIST {
            throw .system(.write, path)
        }
    }
}

extension Folders {
    /// Removes a file or a whole folder tree, like `rm -rf`, never following symbolic links.
    public static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR, let dir = opendir(path) else {
            unlink(path)
            return
        }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(dir)
        for name in names { removeTree(path + "/" + name) }
        rmdir(path)
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// What `stat` says about a file: enough to tell whether it changed.
public struct FileStatus: Sendable, Hashable {
    public var size: Int
    /// Modification time in nanoseconds since 1970 (`st_mtim` on Linux, `st_mtimespec` on Darwin).
    public var modifiedNanoseconds: Int
    public var inode: UInt64
    public var device: UInt64

    /// A time of seconds and nanoseconds in nanoseconds; a time no Int holds (before 1678, after 2262, as a
    /// tar or a ZIP can set it) is `Int.max`: later than any clock, so never taken as settled and never cached.
    public static func nanoseconds(seconds: Int, nanoseconds: Int) -> Int {
        let (scaled, over) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (sum, overSum) = scaled.addingReportingOverflow(nanoseconds)
        return over || overSum ? Int.max : sum
    }

    public init(size: Int, modifiedNanoseconds: Int, inode: UInt64, device: UInt64) {
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
        self.inode = inode
        self.device = device
    }
}
