internal import StickerlintCDeflate

/// A ZIP archive (PKWARE's APPNOTE 6.3: local headers, the data, a central directory, its end record),
/// each entry DEFLATE-compressed by libdeflate where that makes it smaller and stored as it is otherwise
/// (PNG, WebP and WebM barely shrink), CRC-32 by libdeflate. Names are UTF-8 (flag bit 11); every entry is
/// dated 1980-01-01 00:00 and marked a Unix file of mode 0644, so the same files make the same bytes.
/// No ZIP64: an archive of more than 65,535 entries or 4 GiB is refused, never written wrong.
public enum ZIPWriter {
    public struct Entry: Sendable, Hashable {
        /// Its path inside the archive ("01.png", "cats/tray.png"): relative, "/" between folders.
        public var name: String
        public var bytes: [UInt8]

        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// More entries, or more bytes, than a ZIP without ZIP64 holds.
        case tooLarge(String)
        /// A name no unzip would place inside its folder: empty, absolute, with a ".." part or a backslash, or given twice.
        case badName(String)

        public var description: String {
            switch self {
            case .tooLarge(let why): "too large for a ZIP: \(why)"
            case .badName(let name): "no ZIP entry can be named \"\(name)\""
            }
        }
    }

    /// The CRC-32 of `bytes` (ISO-HDLC, as ZIP and PNG use).
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
    }

    /// Raw DEFLATE of `bytes` at libdeflate's `level` (1–12), or nil when it would be no smaller.
    static func deflate(_ bytes: [UInt8], level: Int32) -> [UInt8]? {
        guard !bytes.isEmpty, let compressor = libdeflate_alloc_compressor(level) else { return nil }
        defer { libdeflate_free_compressor(compressor) }
        var out = [UInt8](repeating: 0, count: bytes.count)
        let size = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                libdeflate_deflate_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
            }
        }
        guard size > 0, size < bytes.count else { return nil }
        return Array(out.prefix(size))
    }

    /// The archive of `entries`, in their order.
    public static func archive(_ entries: [Entry], level: Int32 = 9) throws(Failure) -> [UInt8] {
        guard entries.count <= 0xFFFF else { throw .tooLarge("\(entries.count) files, over 65,535") }
        var seen: Set<String> = []
        for entry in entries {
            let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false)
            guard !entry.name.isEmpty, !entry.name.hasPrefix("/"), !entry.name.contains("\\"), !entry.name.utf8.contains(0),
                !parts.contains(where: { $0.isEmpty || $0 == ".." || $0 == "." }), entry.name.utf8.count <= 0xFFFF,
                seen.insert(entry.name).inserted
            else { throw .badName(entry.name) }
        }
        var out: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            guard entry.bytes.count <= 0xFFFF_FFFE, out.count <= 0xFFFF_FFFE else { throw .tooLarge("over 4 GiB") }
            let crc = crc32(entry.bytes)
            let packed = deflate(entry.bytes, level: level)
            let data = packed ?? entry.bytes
            let method: UInt16 = packed == nil ? 0 : 8
            let name = Array(entry.name.utf8)
            let offset = UInt32(out.count)
            // Local file header.
            put32(0x0403_4B50, &out)
            common(method: method, crc: crc, packed: data.count, size: entry.bytes.count, name: name.count, &out)
            out += name
            out += data
            // Its central directory record.
            put32(0x0201_4B50, &central)
            put16(0x0314, &central)  // made by: Unix (3), APPNOTE 2.0
            common(method: method, crc: crc, packed: data.count, size: entry.bytes.count, name: name.count, &central)
            put16(0, &central)  // comment length
            put16(0, &central)  // disk number
            put16(0, &central)  // internal attributes
            put32(0o100644 << 16, &central)  // external attributes: a regular file, rw-r--r--
            put32(offset, &central)
            central += name
        }
        guard out.count + central.count <= 0xFFFF_FFFE else { throw .tooLarge("over 4 GiB") }
        let directoryOffset = UInt32(out.count)
        out += central
        // End of central directory.
        put32(0x0605_4B50, &out)
        put16(0, &out)
        put16(0, &out)
        put16(UInt16(entries.count), &out)
        put16(UInt16(entries.count), &out)
        put32(UInt32(central.count), &out)
        put32(directoryOffset, &out)
        put16(0, &out)  // comment length
        return out
    }

    /// The fields a local header and a central record share, from "version needed" to "extra length".
    private static func common(method: UInt16, crc: UInt32, packed: Int, size: Int, name: Int, _ out: inout [UInt8]) {
        put16(20, &out)  // version needed: 2.0 (DEFLATE)
        put16(0x0800, &out)  // flags: names in UTF-8
        put16(method, &out)
        put16(0, &out)  // time 00:00:00
        put16(0x0021, &out)  // date 1980-01-01
        put32(crc, &out)
        put32(UInt32(packed), &out)
        put32(UInt32(size), &out)
        put16(UInt16(name), &out)
        put16(0, &out)  // extra field length
    }

    private static func put16(_ value: UInt16, _ out: inout [UInt8]) {
        out += [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    private static func put32(_ value: UInt32, _ out: inout [UInt8]) {
        out += [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
    }
}
