/// Encodes frames (resized from a decoded image) in that image's own format: PNG stays PNG, APNG stays
/// APNG with changed-rectangle frames, GIF is remapped to the source's palette, JPEG keeps its estimated
/// quality. WebP, which stickerlint reads but never writes, becomes PNG, or APNG when animated.
/// Variants and report previews both use it.
public enum FrameEncoder {
    /// `deflateLevel`: PNGs and APNGs compressed by libdeflate at that level (stills otherwise by zlib at 6,
    /// APNGs by libdeflate at 6).
    /// `keepingPalette`: a PNG or APNG of at most 256 colours (a palette file, or RGBA pixel art) keeps
    /// them: resampling makes new colours (edges blend), which are mapped to the nearest of the master's
    /// own, so that a variant or a resized sticker of palette art is not an RGBA file many times the size.
    public static func encode(
        _ frames: [ImageFrame], width: Int, height: Int, like master: DecodedImage,
        source: [UInt8], deflateLevel: Int? = nil, keepingPalette: Bool = false,
        decoder: ImageDecoder
    ) throws(ImageError) -> [UInt8] {
        var frames = frames
        if keepingPalette, master.header.format == .png || master.header.format == .apng,
            let palette = colours(of: master.frames.map(\.pixels), atMost: 256)
        {
            frames = paletted(frames, width: width, height: height, palette: palette)
        }
        switch master.header.format {
        case .png:
            return try PNGEncoder.encodeOptimized(rgba: frames[0].pixels, width: width, height: height, deflateLevel: deflateLevel)
        case .apng, .webp:
            if frames.count == 1 {
                // An APNG whose animation could not be played: its default image, as a PNG.
                return try PNGEncoder.encodeOptimized(rgba: frames[0].pixels, width: width, height: height, deflateLevel: deflateLevel)
            }
            return try apng(frames, width: width, height: height, loopCount: master.loopCount ?? 0, deflateLevel: deflateLevel ?? 6)
        case .gif:
            let palette = try decoder.gifPalette(in: source)
            var mapper = PaletteMapper(rgb: palette.rgb, transparentIndex: palette.transparentIndex)
            let gifFrames = frames.map { frame in
                // Full-canvas frames cleared after showing (disposal 2): each stands alone, as decoded.
                GIFEncoder.Frame(
                    width: width, height: height, indexes: mapper.indexes(for: frame.pixels),
                    delay: frame.delay.numerator * 100 / max(1, frame.delay.denominator),
                    disposal: 2, transparentIndex: palette.transparentIndex)
            }
            return try GIFEncoder.encode(
                width: width, height: height, palette: palette.rgb, frames: gifFrames,
                loopCount: master.loopCount)
        case .jpeg:
            return try JPEGEncoder.encode(
                rgba: frames[0].pixels, width: width, height: height,
                quality: JPEGQuality.estimate(source) ?? 90,
                grey: master.header.colorModel == .grey)
        }
    }

    /// Whether `image` is palette art: a GIF, or a PNG or APNG of at most 256 colours.
    public static func isPaletteArt(_ image: DecodedImage) -> Bool {
        image.header.format == .gif
            || (image.header.format == .png || image.header.format == .apng) && colours(of: image.frames.map(\.pixels), atMost: 256) != nil
    }

    /// The distinct colours of `frames` as a palette (straight RGBA8, 4 bytes each, in byte order; every
    /// fully transparent pixel one transparent black), or nil when there are more than `limit`.
    public static func colours(of frames: [[UInt8]], atMost limit: Int) -> [UInt8]? {
        var seen = Set<UInt32>(minimumCapacity: limit + 1)
        for frame in frames {
            let over = frame.withUnsafeBytes { raw -> Bool in
                for i in 0..<(raw.count / 4) {
                    // Read as little-endian on any host: red the low byte, alpha the high one.
                    let word = raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self).littleEndian
                    if seen.insert(word >> 24 == 0 ? 0 : word).inserted, seen.count > limit { return true }
                }
                return false
            }
            if over { return nil }
        }
        return seen.sorted().flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) } }
    }

    /// The frames with every pixel replaced by its nearest colour of `palette` (the master's own colours:
    /// pixel art keeps exactly its colours and stays crisp; no dithering, flat art stays flat).
    static func paletted(_ frames: [ImageFrame], width: Int, height: Int, palette: [UInt8]) -> [ImageFrame] {
        frames.map { frame in
            let indexes = Quantizer.indexes(frame.pixels, width: width, height: height, palette: palette, dither: false)
            return ImageFrame(pixels: PaletteImage.rgba(indexes, palette: palette), delay: frame.delay)
        }
    }

    /// An APNG of full frames: the first covers the canvas, each later one only the rectangle that
    /// changed since the frame before (dispose NONE, blend SOURCE), which is exact and much smaller.
    /// Frames are encoded as `APNGEncoder.encode(…, deflateLevel:)` does (smallest colour type, one
    /// palette, libdeflate at `deflateLevel`).
    public static func apng(
        _ frames: [ImageFrame], width: Int, height: Int, loopCount: Int,
        deflateLevel: Int = 6
    ) throws(ImageError) -> [UInt8] {
        try apng(frames, width: width, height: height, loopCount: loopCount, deflateLevel: deflateLevel, family: .any)
    }

    /// The same, with the colour types a colour profile allows (`PNGReduction.ColourFamily`).
    static func apng(
        _ frames: [ImageFrame], width: Int, height: Int, loopCount: Int,
        deflateLevel: Int, family: PNGReduction.ColourFamily
    ) throws(ImageError) -> [UInt8] {
        var list: [APNGEncoder.Frame] = []
        for (index, frame) in frames.enumerated() {
            var region = (x: 0, y: 0, w: width, h: height)
            if index > 0, let changed = changedRect(frames[index - 1].pixels, frame.pixels, width: width, height: height) {
                region = changed
            } else if index > 0 {
                region = (0, 0, 1, 1)  // nothing changed: one unchanged pixel keeps the frame and its delay
            }
            var pixels = [UInt8](repeating: 0, count: region.w * region.h * 4)
            for row in 0..<region.h {
                let from = ((region.y + row) * width + region.x) * 4
                pixels.replaceSubrange((row * region.w * 4)..<((row + 1) * region.w * 4), with: frame.pixels[from..<(from + region.w * 4)])
            }
            let over = index > 0 ? overPixels(frames[index - 1].pixels, frame.pixels, width: width, region: region) : nil
            list.append(
                APNGEncoder.Frame(
                    x: region.x, y: region.y, width: region.w, height: region.h, rgba: pixels,
                    delay: frame.delay, dispose: 0, blend: 0, over: over))
        }
        return try APNGEncoder.encode(
            width: width, height: height, frames: list, loopCount: loopCount, deflateLevel: deflateLevel,
            family: family)
    }

    /// The region of `next` for blend OVER onto `previous` (the canvas it is drawn on): unchanged pixels
    /// transparent black, changed ones as they are. Nil when OVER cannot show `next` exactly: a changed
    /// pixel that is not opaque over a pixel that is not fully transparent (OVER would mix the two), or
    /// one that becomes fully transparent (OVER would leave the old one).
    static func overPixels(_ previous: [UInt8], _ next: [UInt8], width: Int, region: (x: Int, y: Int, w: Int, h: Int)) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: region.w * region.h * 4)
        var kept = 0
        for row in 0..<region.h {
            for column in 0..<region.w {
                let at = ((region.y + row) * width + region.x + column) * 4, to = (row * region.w + column) * 4
                if previous[at] == next[at] && previous[at + 1] == next[at + 1] && previous[at + 2] == next[at + 2]
                    && previous[at + 3] == next[at + 3]
                {
                    kept += 1
                    continue
                }
                guard next[at + 3] == 255 || (next[at + 3] != 0 && previous[at + 3] == 0) else { return nil }
                for c in 0..<4 { out[to + c] = next[at + c] }
            }
        }
        // Nothing unchanged inside the region: OVER would only cost a second encoding.
        return kept == 0 ? nil : out
    }

    /// The bounding box of the pixels that differ, or nil when none do.
    static func changedRect(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> (x: Int, y: Int, w: Int, h: Int)? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                let wa = UnsafeRawPointer(pa.baseAddress!), wb = UnsafeRawPointer(pb.baseAddress!)
                for y in 0..<height {
                    for x in 0..<width
                    where wa.loadUnaligned(fromByteOffset: (y * width + x) * 4, as: UInt32.self)
                        != wb.loadUnaligned(fromByteOffset: (y * width + x) * 4, as: UInt32.self)
                    {
                        minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                    }
                }
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}
