/// A streamed report on its way out: text, and the base64 of bytes, gathered into one reused block of
/// about 64 KB that `write` receives as it fills. Neither the whole report nor a string per preview is
/// made: a preview's base64 is encoded straight into the block.
public final class ReportOutput {
    static let blockSize = 1 << 16
    /// Input bytes encoded at a time: a multiple of 3, so that the pieces are the whole's characters.
    static let base64Step = 49_152
    private var block: [UInt8] = []
    private let write: (UnsafeBufferPointer<UInt8>) throws -> Void

    public init(write: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void) {
        self.write = write
        block.reserveCapacity(Self.blockSize * 3)
    }

    /// Appends text; a piece of a block or more goes out as it is, not copied into the block first.
    public func text(_ piece: String) throws {
        if piece.utf8.count >= Self.blockSize {
            try flush()
            var piece = piece
            try piece.withUTF8 { try write($0) }
            return
        }
        block.append(contentsOf: piece.utf8)
        if block.count >= Self.blockSize { try flush() }
    }

    /// Appends the base64 (RFC 4648, padded) of `bytes`.
    public func base64(_ bytes: ArraySlice<UInt8>) throws {
        var start = bytes.startIndex
        repeat {
            let end = bytes.endIndex - start > Self.base64Step ? start + Self.base64Step : bytes.endIndex
            Base64.append(bytes[start..<end], to: &block)
            if block.count >= Self.blockSize { try flush() }
            start = end
        } while start < bytes.endIndex
    }

    /// Hands over what the block holds.
    public func flush() throws {
        guard !block.isEmpty else { return }
        try block.withUnsafeBufferPointer { try write($0) }
        block.removeAll(keepingCapacity: true)
    }
}
