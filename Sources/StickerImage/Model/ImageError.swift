/// Why an image could not be read, with the evidence: offsets, chunk names, declared and computed values.
///
/// Descriptions are diagnostic messages: lowercase, no trailing period, numbers with their units.
public enum ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file has no bytes at all.
    case empty
    /// The file ends before a structure it started is complete.
    case truncated(offset: Int, reading: String)
    /// The content is a known format that stickerlint does not decode.
    case unsupported(FileKind)
    /// The content is Xcode's CgBI PNG variant, which libpng and Messages cannot read.
    case cgbi
    /// A PNG chunk's stored CRC differs from the CRC of its bytes.
    case crcMismatch(chunk: String, offset: Int, declared: UInt32, computed: UInt32)
    /// The bytes break the format's structure.
    case malformed(offset: Int?, reason: String)
    /// The header declares more pixels than the decode budget allows; nothing was allocated.
    case overBudget(BudgetViolation)
    /// libpng reported an error.
    case libpng(message: String)
    /// libjpeg reported an error or a warning (warnings, such as premature end of data, are failures).
    case libjpeg(message: String)
    /// giflib reported an error.
    case giflib(code: Int, message: String)
    /// The file could not be read from disk.
    case io(path: String, errno: Int32, message: String)
    /// The path is a FIFO, a device, a socket or a folder; it was not read.
    case notRegularFile(path: String, kind: String)

    public var description: String {
        switch self {
        case .empty:
            "file is empty (0 bytes)"
        case .truncated(let offset, let reading):
            "file is truncated: it ends at byte \(offset.grouped) while reading \(reading)"
        case .unsupported(let kind):
            "content is \(kind), not PNG, APNG, GIF or JPEG"
        case .cgbi:
            "content is an Xcode-optimized CgBI PNG (BGRA, premultiplied, headerless zlib): "
                + "export the original PNG instead of the one Xcode compressed for the device"
        case .crcMismatch(let chunk, let offset, let declared, let computed):
            "bad CRC in the \(chunk) chunk at byte \(offset.grouped): stored \(declared.hex8), "
                + "computed \(computed.hex8)"
        case .malformed(let offset, let reason):
            offset.map { "\(reason) (at byte \($0.grouped))" } ?? reason
        case .overBudget(let violation):
            violation.description
        case .libpng(let message):
            "libpng: \(message.diagnosticText)"
        case .libjpeg(let message):
            "libjpeg: \(message.diagnosticText)"
        case .giflib(let code, let message):
            "giflib error \(code): \(message.diagnosticText)"
        case .io(let path, _, let message):
            "cannot read \"\(path)\": \(message.diagnosticText)"
        case .notRegularFile(_, let kind):
            "is \(kind), not a regular file; it was not read"
        }
    }
}

/// A file that asks for more than a budget allows; nothing beyond the budget was spent on it.
public enum BudgetViolation: Sendable, Hashable, CustomStringConvertible {
    /// A side longer than the limit (pixels).
    case side(width: Int, height: Int, limit: Int)
    /// width × height × frames above the limit (pixels).
    case pixels(width: Int, height: Int, frames: Int, limit: Int)
    /// More animation frames than the limit.
    case frames(count: Int, limit: Int)
    /// The decode ran longer than the limit (milliseconds) and was abandoned.
    case time(limitMilliseconds: Int)
    /// The file is larger than any sticker could be; only its header was read.
    case fileBytes(bytes: Int, limit: Int)

    public var description: String {
        switch self {
        case .side(let w, let h, let limit):
            "image is \(w.grouped)×\(h.grouped) px, over the decode limit of \(limit.grouped) px per side; not decoded"
        case .pixels(let w, let h, let frames, let limit):
            "image is \(w.grouped)×\(h.grouped) px × \(frames.grouped) " + (frames == 1 ? "frame" : "frames")
                + " = \((w * h * frames).grouped) px, over the decode limit of \(limit.grouped) px; not decoded"
        case .frames(let count, let limit):
            "image has \(count.grouped) frames, over the decode limit of \(limit.grouped) frames; not decoded"
        case .time(let limit):
            "decoding took longer than the \(limit.grouped) ms limit and was abandoned"
        case .fileBytes(let bytes, let limit):
            "file is \(bytes.grouped) bytes, over the \(limit.grouped)-byte read limit; only its header was read"
        }
    }
}

extension BinaryInteger {
    /// The number with thousands separators: `512,000`.
    package var grouped: String {
        let digits = String(self.magnitude)
        var out = ""
        out.reserveCapacity(digits.count + digits.count / 3 + 1)
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return self < 0 ? "-" + out : out
    }

    /// "1 file", "3 files", "1,024 bytes".
    package func counted(_ singular: String, _ plural: String? = nil) -> String {
        "\(self.grouped) \(self == 1 ? singular : plural ?? singular + "s")"
    }
}

extension UInt32 {
    /// `0x1a2b3c4d`.
    package var hex8: String {
        let hex = String(self, radix: 16)
        return "0x" + String(repeating: "0", count: Swift.max(0, 8 - hex.count)) + hex
    }
}

extension String {
    /// A library message as a diagnostic: first letter lowercased, no trailing period or newline.
    package var diagnosticText: String {
        var text = self
        while let last = text.last, last == "." || last == "\n" || last == " " { text.removeLast() }
        guard let first = text.first else { return text }
        // Keep acronyms such as "IDAT" or "JPEG" intact; lowercase an ordinary capitalised word.
        let second = text.dropFirst().first
        if first.isUppercase, let second, second.isLowercase {
            return first.lowercased() + text.dropFirst()
        }
        return text
    }
}
