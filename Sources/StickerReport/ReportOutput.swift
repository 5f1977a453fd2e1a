/// A streamed report on its way out: text, and the base64 of bytes, gathered into one reused block of
/// about 64 KB that `write` receives as it fills. Neither the whole report nor a string per preview is
/// made: a preview's base64 is encoded straight into the block.
package final class ReportOutput {
    static let blockSize = 1 << 16
    /// Input bytes encoded at a time: a multiple of 3, so that the pieces are the whole's characters,
    /// and at most a block of characters.
    static let base64Step = 49_152
    /// The block: filled below `blockSize`, then one piece of less than a block more, then handed over.
    private let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * blockSize)
    private var count = 0
    private let write: (UnsafeBufferPointer<UInt8>) throws -> Void

    package init(write: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void) { self.write = write }

    deinit { storage.deallocate() }

    /// Appends text; a piece of a block or more goes out as it is, not copied into the block first.
    package func text(_ piece: String) throws {
        var piece = piece
        try piece.withUTF8 { utf8 in
            if utf8.count >= Self.blockSize {
                try flush()
                try write(utf8)
                return
            }
            (storage + count).update(from: utf8.baseAddress!, count: utf8.count)
            count += utf8.count
            if count >= Self.blockSize { try flush() }
        }
    }

    /// Appends the base64 (RFC 4648, padded) of `bytes`, encoded straight into the block.
    package func base64(_ bytes: ArraySlice<UInt8>) throws {
        try bytes.withUnsafeBufferPointer { bytes in
            var start = 0
            while start < bytes.count {
                let chunk = UnsafeBufferPointer(rebasing: bytes[start..<min(bytes.count, start + Self.base64Step)])
                let length = (chunk.count + 2) / 3 * 4
                Base64.encode(chunk, into: UnsafeMutableBufferPointer(start: storage + count, count: length))
                count += length
                if count >= Self.blockSize { try flush() }
                start += chunk.count
            }
        }
    }

    /// Hands over what the block holds.
    package func flush() throws {
        guard count > 0 else { return }
        let filled = count
        count = 0
        try write(UnsafeBufferPointer(start: storage, count: filled))
    }
}
