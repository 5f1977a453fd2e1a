internal import StickerlintCDeflate

/// A PNG's ICC profile (its iCCP chunk, PNG §11.3.3.3), inflated, for a file format that carries the
/// profile itself (a store's WebP).
package enum ICCProfile {
    /// The RGB profile of `png`: nil when it has none, when its colour type is grey (a grey profile
    /// describes no RGB data), or when the chunk is damaged: a name of 1–79 bytes, compression method 0,
    /// a zlib stream (its Adler-32 right) that inflates to at most `WebPContainer.maxProfileBytes`,
    /// exactly the size the profile's header declares, with the signature "acsp" and the colour space
    /// "RGB ".
    package static func rgb(of png: [UInt8]) -> [UInt8]? {
        guard png.count > 33, ![0, 4].contains(png[25]), let profile = inflated(of: png), space(of: profile) == "RGB " else { return nil }
        return profile
    }

    /// The ICC profile a WebP (its ICCP chunk, where VP8X's ICC flag says it applies) or a JPEG (its APP2
    /// "ICC_PROFILE" segments joined in their numbered order) carries, as viewers apply it: nil without
    /// one, or when it is damaged (a segment missing, numbered twice, past the count or past the file; a
    /// size in its header other than its length; no "acsp"), over `WebPContainer.maxProfileBytes`, or of
    /// a colour space other than the image's (RGB for a WebP and a three-component JPEG, GRAY for a
    /// one-component JPEG).
    package static func embedded(in bytes: [UInt8]) -> [UInt8]? {
        let profile: [UInt8]?, space: String
        switch Sniffer.kind(prefix: Array(bytes.prefix(Sniffer.prefixLength))) {
        case .webp, .image(.webp):
            profile = WebPContainer.iccProfile(of: bytes)
            space = "RGB "
        case .image(.jpeg):
            guard let found = jpegProfile(bytes), [1, 3].contains(found.components) else { return nil }
            profile = found.profile
            space = found.components == 1 ? "GRAY" : "RGB "
        default: return nil
        }
        guard let profile, profile.count >= 128, Array(profile[36..<40]) == Array("acsp".utf8),
            profile[0..<4].reduce(0, { $0 << 8 | Int($1) }) == profile.count, Self.space(of: profile) == space
        else { return nil }
        return profile
    }

    /// A JPEG's APP2 "ICC_PROFILE\0" segments before its first scan (ICC.1 Annex B.4), joined, and the
    /// number of components its frame header (SOFn) declares.
    static func jpegProfile(_ bytes: [UInt8]) -> (profile: [UInt8], components: Int)? {
        let signature = Array("ICC_PROFILE".utf8) + [0]
        var parts: [Int: ArraySlice<UInt8>] = [:], count: Int?, offset = 2, total = 0, components: Int?
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            if marker == 0xD9 || marker == 0xDA { break }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let data = bytes[(offset + 4)..<(offset + 2 + length)]
            // SOF0…SOF15 but DHT (C4), JPG (C8) and DAC (CC): precision, height, width, then the components.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), data.count >= 6 {
                components = Int(data[data.startIndex + 5])
            }
            if marker == 0xE2, data.count > 14, Array(data.prefix(12)) == signature {
                let number = Int(data[data.startIndex + 12]), declared = Int(data[data.startIndex + 13])
                guard declared >= 1, number >= 1, number <= declared, count == nil || count == declared, parts[number] == nil else {
                    return nil
                }
                count = declared
                parts[number] = data.dropFirst(14)
                total += data.count - 14
                guard total <= WebPContainer.maxProfileBytes else { return nil }
            }
            offset += 2 + length
        }
        guard let count, parts.count == count, let components else { return nil }
        return ((1...count).flatMap { parts[$0]! }, components)
    }

    /// A 1×1 transparent PNG whose iCCP chunk holds `profile`, RGBA for an RGB profile and grey+alpha for
    /// a GRAY one (nil for another colour space): how a WebP's or JPEG's profile reaches the writers,
    /// which carry a source PNG's colour chunks (`PNGOptimizer.showingColours`, `rgb(of:)`).
    package static func carrier(for profile: [UInt8]) -> [UInt8]? {
        guard profile.count >= 128, profile.count <= WebPContainer.maxProfileBytes, Array(profile[36..<40]) == Array("acsp".utf8) else {
            return nil
        }
        let raster: PNGRaster
        switch space(of: profile) {
        case "RGB ": raster = PNGRaster(rgba: [0, 0, 0, 0], width: 1, height: 1)
        case "GRAY": raster = PNGRaster(width: 1, height: 1, colorType: .greyAlpha, bitDepth: 8, pixels: [0, 0])
        default: return nil
        }
        guard let png = try? PNGEncoder.encode(raster), let compressed = try? Deflate.Compressors().zlib(profile, level: 9) else { return nil }
        var chunk: [UInt8] = []
        PNGWriter.appendChunk(named: "iCCP", Array("ICC Profile".utf8) + [0, 0] + compressed, to: &chunk)
        return PNGOptimizer.withChunks([chunk], png)
    }

    /// The colour space a PNG's profile declares ("RGB ", "GRAY"), nil when it has none that reads.
    static func colourSpace(of png: [UInt8]) -> String? { inflated(of: png).map { space(of: $0) } }

    static func space(of profile: [UInt8]) -> String { String(decoding: profile[16..<20], as: UTF8.self) }

    /// The profile of `png`'s iCCP chunk, inflated and checked as `rgb(of:)` says.
    package static func inflated(of png: [UInt8]) -> [UInt8]? {
        guard png.count > 33, Array(png[0..<8]) == Sniffer.pngSignature else { return nil }
        let chunks = (try? png.withUnsafeBytes { (raw) throws(ImageError) in try PNGLexer.walk(raw) }) ?? []
        guard let chunk = chunks.first(where: { $0.name == "iCCP" }) else { return nil }
        let data = Array(png[chunk.dataRange])
        guard let zero = data.prefix(80).firstIndex(of: 0), zero >= 1, zero + 2 < data.count, data[zero + 1] == 0 else { return nil }
        // The zlib wrapper (RFC 1950) read here: deflate, no preset dictionary, the header's check; the
        // Adler-32 of the profile after the deflate data.
        let stream = Array(data[(zero + 2)...])
        guard stream.count >= 6, stream[0] & 0x0F == 8, stream[1] & 0x20 == 0, (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0 else {
            return nil
        }
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var out = [UInt8](repeating: 0, count: WebPContainer.maxProfileBytes)
        var consumed = 0, produced = 0
        let result = stream.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                libdeflate_deflate_decompress_ex(
                    decompressor, input.baseAddress! + 2, input.count - 2, output.baseAddress, output.count, &consumed, &produced)
            }
        }
        guard result == LIBDEFLATE_SUCCESS, 2 + consumed + 4 <= stream.count else { return nil }
        let checksum = stream[(2 + consumed)..<(2 + consumed + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard out.withUnsafeBytes({ libdeflate_adler32(1, $0.baseAddress, produced) }) == checksum else { return nil }
        guard produced >= 128 else { return nil }
        let profile = Array(out[..<produced])
        let declared = profile[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard declared == produced, Array(profile[36..<40]) == Array("acsp".utf8) else { return nil }
        return profile
    }
}
