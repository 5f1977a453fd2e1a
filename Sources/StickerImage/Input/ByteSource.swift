import StickerFiles
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

/// A file on disk as a byte source: `ReadOnlyFile` (read-only, regular files only, pread), with its
/// errors as image errors.
public final class FileByteSource: ByteSource {
    private let file: ReadOnlyFile

    public var path: String { file.path }
    public var count: Int { file.count }

    public init(path: String) throws(ImageError) {
        do {
            file = try ReadOnlyFile(path: path)
        } catch {
            throw .io(error)
        }
    }

    public func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(ImageError) -> Int {
        do {
            return try file.read(at: offset, into: buffer)
        } catch {
            throw .io(error)
        }
    }

    /// The whole file in one read.
    public func readAll() throws(ImageError) -> [UInt8] {
        try bytes(at: 0, count: count)
    }
}

/// A file of any `FileSystem` as a byte source, read a slice at a time (a header without the rest).
public struct FileSystemByteSource: ByteSource {
    public let files: any FileSystem
    public let path: String
    public let count: Int

    public init(_ files: any FileSystem, path: String) throws(ImageError) {
        guard let size = files.size(path) else {
            do { _ = try files.read(path, at: 0, count: 0) } catch { throw .io(error) }
            throw .io(FileError(.read, path: path, code: 2, reason: "No such file or directory"))
        }
        self.files = files
        self.path = path
        self.count = size
    }

    public func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(ImageError) -> Int {
        let bytes: [UInt8]
        do { bytes = try files.read(path, at: offset, count: buffer.count) } catch { throw .io(error) }
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
        return bytes.count
    }
}
