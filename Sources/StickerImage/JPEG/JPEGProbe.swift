/// Reads a JPEG's header facts by walking markers up to the frame header (SOFn), reading only the
/// segments it needs: EXIF (APP1) for the orientation, Adobe (APP14) for the colour transform, and SOF.
enum JPEGProbe {
    static func probe(_ source: some ByteSource) throws(ImageError) -> ImageHeader {
        var r = ByteReader(source)
        r.context = "the JPEG start-of-image marker"
        let soi = try r.bytes(2)
        guard soi == [0xFF, 0xD8] else { throw .jpeg(.noStartOfImage, offset: 0) }
        var orientation: Int?
        var adobeTransform: Int?
        while true {
            r.context = "a JPEG marker"
            var byte = try r.u8()
            guard byte == 0xFF else {
                throw .jpeg(.expectedMarker(found: byte), offset: r.offset - 1)
            }
            while byte == 0xFF { byte = try r.u8() }  // fill bytes
            let marker = byte
            let offset = r.offset - 2
            switch marker {
            case 0x01, 0xD0...0xD7:
                continue
            case 0xD9:
                throw .jpeg(.endBeforeFrameHeader, offset: offset)
            case 0xDA:
                throw .jpeg(.scanBeforeFrameHeader, offset: offset)
            default:
                break
            }
            r.context = "the segment of JPEG marker 0x\(String(marker, radix: 16))"
            let length = Int(try r.u16be())
            guard length >= 2 else { throw .jpeg(.segmentLength(length), offset: offset) }
            switch marker {
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                let sof = try r.bytes(length - 2)
                guard sof.count >= 6 else { throw .jpeg(.frameHeaderTooShort, offset: offset) }
                let precision = Int(sof[0])
                let height = Int(sof.u16be(at: 1)), width = Int(sof.u16be(at: 3))
                let components = Int(sof[5])
                guard width > 0, height > 0 else {
                    throw .jpeg(.frameSize(width: width, height: height), offset: offset)
                }
                let model: ColorModel
                switch components {
                case 1: model = .grey
                case 3: model = adobeTransform == 0 ? .rgb : .ycbcr
                case 4: model = adobeTransform == 2 ? .ycck : .cmyk
                default: throw .jpeg(.components(components), offset: offset)
                }
                let progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
                return ImageHeader(
                    format: .jpeg, width: width, height: height, hasAlpha: false,
                    bitDepth: precision, colorModel: model, interlaced: progressive,
                    orientation: orientation)
            case 0xE1 where orientation == nil:
                let segment = try r.bytes(length - 2)
                orientation = EXIF.orientation(inAPP1: segment)
            case 0xEE:
                let segment = try r.bytes(length - 2)
                if segment.count >= 12, segment.starts(with: Array("Adobe".utf8)) { adobeTransform = Int(segment[11]) }
            default:
                try r.skip(length - 2)
            }
        }
    }
}

/// The few EXIF facts stickerlint reads.
enum EXIF {
    /// The orientation tag (0x0112) of IFD0 in an APP1 segment, when present and valid (1–8).
    static func orientation(inAPP1 segment: [UInt8]) -> Int? {
        let exif: [UInt8] = Array("Exif".utf8) + [0, 0]
        guard segment.count >= 14, segment.starts(with: exif) else { return nil }
        return orientation(inTIFF: Array(segment[6...]))
    }

    /// The orientation tag of IFD0 in TIFF data (a PNG's eXIf chunk holds it so), when present and valid (1–8).
    static func orientation(inTIFF tiff: [UInt8]) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[i]) | Int(tiff[i + 1]) << 8 : Int(tiff[i]) << 8 | Int(tiff[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let a = u16(i), let b = u16(i + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let entries = u16(ifd) else { return nil }
        for entry in 0..<entries {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            if tag == 0x0112 {
                guard u16(at + 2) == 3, let value = u16(at + 8), (1...8).contains(value) else { return nil }
                return value
            }
        }
        return nil
    }
}
