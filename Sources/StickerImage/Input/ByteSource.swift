#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Random-access bytes: a file on disk or bytes in memory. Probes read through this so that they touch
/// only the bytes they need.
public protocol ByteSource {
    /// Total size in bytes.
    var count: Int { get }
    /// Copies up to `buffer.count` bytes starting at `offset`; returns how many were copied (fewer only
    /// at the end of the source).
    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(ImageError) -> Int
}

extension ByteSource {
    /// Up to `count` bytes at `offset` (fewer at the end of the source).
    public func bytes(at offset: Int, count: Int) throws(ImageError) -> [UInt8] {
        let wanted = max(0, min(count, self.count - offset))
        if wanted == 0 { return [] }
        var result = [UInt8](repeating: 0, count: wanted)
        let got = try result.withUnsafeMutableBufferPointer { (buffer) throws(ImageError) -> Int in
            try read(at: offset, into: UnsafeMutableRawBufferPointer(buffer))
        }
        if got < wanted { result.removeLast(wanted - got) }
        return result
    }
}

/// Bytes already in memory.
public struct MemoryByteSource: ByteSource, Sendable {
    public let storage: [UInt8]

    public init(_ bytes: [UInt8]) { storage = bytes }

    public var count: Int { storage.count }

    public func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(ImageError) -> Int {
        guard offset >= 0, offset < storage.count else { return 0 }
        let n = min(buffer.count, storage.count - offset)
        storage.withUnsafeBytes { source in
            buffer.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: n)
        }
        return n
    }
}

/// A file opened read-only; reads use pread, so nothing but the requested bytes is touched.
public final class FileByteSource: ByteSource {
    public let path: String
    public let count: Int
    private let descriptor: Int32

    /// Opens `path` read-only (O_RDONLY | O_CLOEXEC); it is never written. Only regular files are
    /// read: O_NONBLOCK keeps a FIFO from blocking the open, and anything but a regular file is refused.
    public init(path: String) throws(ImageError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 { throw ImageError.io(path: path, errno: errno, message: String(cString: strerror(errno))) }
        var info = stat()
        if fstat(fd, &info) != 0 {
            let code = errno
            close(fd)
            throw ImageError.io(path: path, errno: code, message: String(cString: strerror(code)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw ImageError.notRegularFile(path: path, kind: FileByteSource.kindName(info.st_mode))
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

    public func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(ImageError) -> Int {
        var done = 0
        while done < buffer.count {
            let n = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                throw ImageError.io(path: path, errno: errno, message: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// The whole file in one read.
    public func readAll() throws(ImageError) -> [UInt8] {
        try bytes(at: 0, count: count)
    }
}
