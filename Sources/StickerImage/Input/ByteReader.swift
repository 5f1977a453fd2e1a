/// A forward cursor over a `ByteSource` that reads big-endian and little-endian integers.
///
/// With `window == 0` every read asks the source for exactly the bytes requested (probes that must
/// touch as little as possible), until `readAheadAfter` reads in a row each start at most `nearby` bytes
/// after the one before: then it reads ahead as a window does, until a longer skip (a PNG of 5,000,000 empty chunks, or a
/// JPEG of 63 MB of fill bytes, asked the source once a chunk or a byte: a minute to probe). A positive
/// window reads ahead in blocks of that size from the start (formats such as GIF whose structure is
/// spread in one-byte length prefixes through the whole file).
struct ByteReader<Source: ByteSource> {
    let source: Source
    /// The offset of the next byte to read.
    private(set) var offset: Int
    private let window: Int
    private var buffer: [UInt8] = []
    private var bufferStart = 0
    /// Reads in a row, each starting where the one before ended; and where that was.
    private var sequential = 0
    private var lastEnd = -1
    static var readAheadAfter: Int { 16 }
    static var nearby: Int { 64 }
    static var readAhead: Int { 16 * 1024 }
    /// What is being read, for truncation messages ("the IHDR chunk").
    var context = "the header"

    init(_ source: Source, at offset: Int = 0, window: Int = 0) {
        self.source = source
        self.offset = offset
        self.window = window
    }

    /// Bytes left after the cursor.
    var remaining: Int { max(0, source.count - offset) }

    var isAtEnd: Bool { offset >= source.count }

    /// Reads `count` bytes or throws `.truncated`.
    mutating func bytes(_ count: Int) throws(ImageError) -> [UInt8] {
        if count > remaining { throw .truncated(offset: source.count, reading: context) }
        if count == 0 { return [] }
        // Near the last read counts as in a row (a PNG chunk's CRC skipped between two headers).
        sequential = offset >= lastEnd && offset - lastEnd <= Self.nearby ? sequential + 1 : 0
        let ahead = window > 0 ? window : sequential >= Self.readAheadAfter ? Self.readAhead : 0
        let end = offset + count
        if ahead > 0 || (offset >= bufferStart && end <= bufferStart + buffer.count) {
            if offset < bufferStart || end > bufferStart + buffer.count {
                bufferStart = offset
                buffer = try source.bytes(at: offset, count: max(ahead, count))
            }
            let start = offset - bufferStart
            offset = end
            lastEnd = end
            return Array(buffer[start..<(start + count)])
        }
        let result = try source.bytes(at: offset, count: count)
        if result.count < count { throw .truncated(offset: offset + result.count, reading: context) }
        offset += count
        lastEnd = offset
        return result
    }

    mutating func u8() throws(ImageError) -> UInt8 {
        if offset >= bufferStart, offset < bufferStart + buffer.count {
            if offset >= lastEnd && offset - lastEnd <= Self.nearby { sequential += 1 }
            let value = buffer[offset - bufferStart]
            offset += 1
            lastEnd = offset
            return value
        }
        return try bytes(1)[0]
    }

    mutating func u16be() throws(ImageError) -> UInt16 {
        let b = try bytes(2)
        return UInt16(b[0]) << 8 | UInt16(b[1])
    }

    mutating func u16le() throws(ImageError) -> UInt16 {
        let b = try bytes(2)
        return UInt16(b[1]) << 8 | UInt16(b[0])
    }

    mutating func u32be() throws(ImageError) -> UInt32 {
        let b = try bytes(4)
        return UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3])
    }

    /// Moves the cursor forward without reading; throws `.truncated` past the end.
    mutating func skip(_ count: Int) throws(ImageError) {
        if count > remaining { throw .truncated(offset: source.count, reading: context) }
        offset += count
    }
}

extension Array where Element == UInt8 {
    /// Big-endian UInt32 at `index` (the caller has checked the bounds).
    @inline(__always)
    func u32be(at index: Int) -> UInt32 {
        UInt32(self[index]) << 24 | UInt32(self[index + 1]) << 16 | UInt32(self[index + 2]) << 8 | UInt32(self[index + 3])
    }

    /// Big-endian UInt16 at `index` (the caller has checked the bounds).
    @inline(__always)
    func u16be(at index: Int) -> UInt16 {
        UInt16(self[index]) << 8 | UInt16(self[index + 1])
    }
}
