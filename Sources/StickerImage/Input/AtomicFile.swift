#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files all at once or not at all: bytes go to a temporary file in the same folder, are
/// flushed to disk, and replace the destination with a rename.
public enum AtomicFile {
    /// Why a write failed; the destination is untouched and no temporary file is left.
    public struct WriteError: Error, Sendable, Hashable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \"\(path)\": \(reason)" }

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Writes `bytes` to `path`. With `overwrite` false an existing file is left alone and the call fails.
    public static func write(_ bytes: [UInt8], to path: String, overwrite: Bool = true) throws(WriteError) {
        if !overwrite, access(path, F_OK) == 0 {
            throw WriteError(path: path, reason: "the file exists (use --force to replace it)")
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(folder.isEmpty ? "/" : folder)/.\(name).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        TemporaryFiles.register(temporary)
        defer { TemporaryFiles.unregister(temporary) }
        func fail(_ code: Int32) -> WriteError {
            close(fd)
            unlink(temporary)
            return WriteError(path: path, reason: String(cString: strerror(code)))
        }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBufferPointer { SystemCall.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                throw fail(errno)
            }
            written += n
        }
        fchmod(fd, 0o644)
        if fsync(fd) != 0 { throw fail(errno) }
        if close(fd) != 0 {
            unlink(temporary)
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        if !overwrite {
            // link() fails if the destination appeared meanwhile, so nothing is replaced by accident.
            if link(temporary, path) != 0 {
                let code = errno
                unlink(temporary)
                throw WriteError(path: path, reason: code == EEXIST ? "the file exists (use --force to replace it)" : String(cString: strerror(code)))
            }
            unlink(temporary)
            return
        }
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw WriteError(path: path, reason: String(cString: strerror(code)))
        }
    }
}

/// Temporary files being written, so that an interrupted run can remove them before it exits.
public enum TemporaryFiles {
    private static let lock = PthreadLock()
    nonisolated(unsafe) private static var paths: Set<String> = []

    static func register(_ path: String) { lock.locked { _ = paths.insert(path) } }
    static func unregister(_ path: String) { lock.locked { _ = paths.remove(path) } }

    /// Removes every temporary file still registered (called from a signal handler's exit path).
    public static func removeAll() {
        lock.locked {
            for path in paths { unlink(path) }
            paths.removeAll()
        }
    }
}

/// A plain pthread mutex.
final class PthreadLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
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
    public static func create(_ path: String) throws(AtomicFile.WriteError) {
        if path.isEmpty || path == "." || path == "/" || isDirectory(path) { return }
        try create(parent(path))
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw AtomicFile.WriteError(path: path, reason: String(cString: strerror(errno)))
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
