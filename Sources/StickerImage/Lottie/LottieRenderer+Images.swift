internal import StickerlintCDeflate
import StickerFiles

/// Images a document holds itself (data URIs), checked before rlottie decodes them with stb_image: stb
/// inflates a PNG's image data whole whatever its header says, so 1.4 MB of JSON holding a 64×64 PNG
/// whose data inflates to 1 GiB took 1 GB and 3.6 s to inspect.
extension LottieRenderer {
    /// The most pixels the images held in a document may have together (2,048 × 2,048); a sticker's canvas is 512.
    public static let maxEmbeddedPixels = 2_048 * 2_048

    /// Why an image the document holds is not handed to rlottie, if one is not: one that cannot be read,
    /// is neither PNG nor JPEG, is larger than `maxEmbeddedPixels`, or is a PNG whose data inflates past
    /// what its size holds. Assets are found as rlottie's parser finds them (every `assets` array; an
    /// image is a `p` starting "data:" with a comma, decoded from after the comma).
    static func embeddedImageProblem(_ document: JSONValue) -> String? {
        guard case .object(let top) = document else { return nil }
        // rlottie decodes every image as it reads the document, used or not: the images together are held
        // to the one budget (five 12,000² ones in a 14 KB TGS took 3.4 GB).
        var pixels = 0
        for case ("assets", .array(let list)) in top {
            for asset in list {
                guard case .string(let picture)? = asset["p"], picture.hasPrefix("data:"), let comma = picture.utf8.firstIndex(of: UInt8(ascii: ","))
                else { continue }
                switch heldImage(base64(picture.utf8[picture.utf8.index(after: comma)...])) {
                case .failure(let refusal): return refusal.reason
                case .success(let count): pixels += count
                }
                if pixels > maxEmbeddedPixels {
                    return "the images it holds have \(pixels.grouped) pixels together (at most \(maxEmbeddedPixels.grouped))"
                }
            }
        }
        return nil
    }

    /// Base64 as rlottie's `b64decode` reads it (lottieparser.cpp): '+', '-' and '.' are 62, '/', ',' and
    /// '_' are 63, any other byte 0; the length and padding worked out as it does.
    static func base64(_ text: some Collection<UInt8>) -> [UInt8] {
        let p = Array(text), length = p.count
        func index(_ c: UInt8) -> Int {
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(c - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(c - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(c - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."): 62
            case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: "_"): 63
            default: 0
            }
        }
        let pad = length > 0 && (length % 4 != 0 || p[length - 1] == UInt8(ascii: "=")) ? 1 : 0
        let whole = ((length + 3) / 4 - pad) * 4
        var out: [UInt8] = []
        out.reserveCapacity(whole / 4 * 3 + 2)
        for i in stride(from: 0, to: whole, by: 4) {
            let n = index(p[i]) << 18 | index(p[i + 1]) << 12 | index(p[i + 2]) << 6 | index(p[i + 3])
            out += [UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        }
        if pad == 1 {
            var n = index(whole < length ? p[whole] : 0) << 18 | index(whole + 1 < length ? p[whole + 1] : 0) << 12
            out.append(UInt8(n >> 16 & 0xFF))
            if length > whole + 2, p[whole + 2] != UInt8(ascii: "=") {
                n |= index(p[whole + 2]) << 6
                out.append(UInt8(n >> 8 & 0xFF))
            }
        }
        return out
    }

    /// Why a held image is not handed to rlottie.
    struct ImageRefusal: Error, Equatable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The pixels one held image has, or why it is not drawn (see `embeddedImageProblem`).
    static func heldImage(_ bytes: [UInt8]) -> Result<Int, ImageRefusal> {
        // Nothing to decode: stb_image refuses it at once, and nothing is drawn.
        guard !bytes.isEmpty else { return .success(0) }
        let header: ImageHeader
        do { header = try ImageDecoder().probe(bytes) } catch { return .failure(ImageRefusal("an image it holds cannot be read: \(error)")) }
        guard [.png, .apng, .jpeg].contains(header.format) else {
            return .failure(ImageRefusal("an image it holds is \(header.format.displayName), not PNG or JPEG"))
        }
        let pixels = header.width * header.height
        guard header.width <= maxEmbeddedPixels, header.height <= maxEmbeddedPixels, pixels <= maxEmbeddedPixels else {
            return .failure(
                ImageRefusal("an image it holds is \(header.width.grouped)×\(header.height.grouped) px (at most \(maxEmbeddedPixels.grouped) pixels)")
            )
        }
        guard header.format != .jpeg else { return .success(pixels) }
        return pngDataProblem(bytes).map { .failure(ImageRefusal($0)) } ?? .success(pixels)
    }

    /// Why a PNG's image data is not drawn, if it is not: it cannot be read, or it inflates past its size.
    private static func pngDataProblem(_ bytes: [UInt8]) -> String? {
        // A PNG's image data, inflated no further than its size needs: rows of filter byte and pixels,
        // with room for the seven passes of an interlaced one.
        let chunks: [PNGChunk]
        let ihdr: PNGHeader
        do {
            chunks = try bytes.withUnsafeBytes { (raw) throws(ImageError) in try PNGLexer.walk(raw) }
            guard let first = chunks.first(where: { $0.type == PNGChunk.IHDR }) else { return "an image it holds has no PNG header" }
            ihdr = try PNGHeader(data: Array(bytes[first.dataRange]), offset: first.offset)
        } catch { return "an image it holds cannot be read: \(error)" }
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][ihdr.colorType] ?? 4
        let rowBytes = (ihdr.width * channels * ihdr.bitDepth + 7) / 8
        let limit = ihdr.height * (rowBytes + 1) + (ihdr.interlaced ? 2 * ihdr.height + 64 : 0)
        var data: [UInt8] = []
        for chunk in chunks where chunk.type == PNGChunk.IDAT { data += bytes[chunk.dataRange] }
        // The zlib wrapper: two header bytes (stb_image refuses a preset dictionary), the deflate data, a checksum.
        guard data.count >= 2, data[1] & 0x20 == 0 else { return "an image it holds has damaged image data" }
        guard let decompressor = libdeflate_alloc_decompressor() else { return "no memory to read an image it holds" }
        defer { libdeflate_free_decompressor(decompressor) }
        var out = [UInt8](repeating: 0, count: max(1, limit))
        var consumed = 0, produced = 0
        let result = data.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                libdeflate_deflate_decompress_ex(
                    decompressor, input.baseAddress! + 2, input.count - 2, output.baseAddress, output.count, &consumed, &produced)
            }
        }
        switch result {
        case LIBDEFLATE_SUCCESS: return nil
        case LIBDEFLATE_INSUFFICIENT_SPACE:
            return "an image it holds (\(ihdr.width.grouped)×\(ihdr.height.grouped) px) inflates past the \(limit.grouped) bytes its size needs"
        default: return "an image it holds has damaged image data"
        }
    }
}
