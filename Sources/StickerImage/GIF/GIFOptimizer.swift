/// Lossless re-encoding of animated GIFs (`stickerlint fix`): each frame after the first is cut to the
/// rectangle that changed since the frame before, pixels inside it that did not change left
/// undrawn (the transparent index) so that they compress to runs, in the file's own global palette.
/// Where a frame makes a pixel transparent that was drawn before, the frame before is kept whole and
/// cleared after it shows (disposal 2), and that frame is drawn whole. Identical consecutive frames
/// are merged (delays summed, in centiseconds); a frame drawn on the cleared canvas is cut to its drawn
/// pixels; the colour table keeps only the colours used where that makes it smaller (gifsicle -O3 does
/// both). The result is returned only when it is smaller and decodes to exactly the same frames, delays
/// and loop count.
public enum GIFOptimizer {
    public static func optimize(_ bytes: [UInt8], decoder: ImageDecoder = ImageDecoder()) throws(PNGOptimizer.Skip) -> PNGOptimizer.Result {
        guard Sniffer.kind(prefix: Array(bytes.prefix(Sniffer.prefixLength))) == .image(.gif) else { throw .notPNG }
        let image: DecodedImage
        let palette: (rgb: [UInt8], transparentIndex: Int?)
        do {
            image = try decoder.decode(bytes)
            palette = try decoder.gifPalette(in: bytes)
        } catch {
            throw .undecodable(error.description)
        }
        guard image.frames.count > 1, !palette.rgb.isEmpty else { throw .alreadySmallest }
        // Merged only where the sum still fits GIF's 16-bit centiseconds.
        var shown: [(pixels: [UInt8], centiseconds: Int)] = []
        for frame in image.frames {
            let cs = frame.delay.numerator * 100 / max(1, frame.delay.denominator)
            if let last = shown.last, last.pixels == frame.pixels, last.centiseconds + cs <= 65_535 {
                shown[shown.count - 1].centiseconds += cs
            } else {
                shown.append((frame.pixels, cs))
            }
        }
        // All frames the same: a one-frame GIF would read as a still (animated-format); left as it is.
        guard shown.count > 1 else { throw .alreadySmallest }
        let (width, height) = (image.width, image.height)
        var mapper = PaletteMapper(rgb: palette.rgb, transparentIndex: palette.transparentIndex)
        var frames: [GIFEncoder.Frame] = []
        // Whether each frame is drawn on a clear canvas (the first, or after one cleared): all it shows lies in its rectangle.
        var onClear: [Bool] = []
        for (index, frame) in shown.enumerated() {
            let full = mapper.indexes(for: frame.pixels)
            let whole = GIFEncoder.Frame(
                width: width, height: height, indexes: full, delay: frame.centiseconds, disposal: 1,
                transparentIndex: palette.transparentIndex)
            guard index > 0 else {
                frames.append(whole)
                onClear.append(true)
                continue
            }
            let before = shown[index - 1].pixels
            let rect = FrameEncoder.changedRect(before, frame.pixels, width: width, height: height) ?? (0, 0, 1, 1)
            var clears = false
            for y in rect.y..<(rect.y + rect.h) where !clears {
                for x in rect.x..<(rect.x + rect.w) where before[(y * width + x) * 4 + 3] != 0 && frame.pixels[(y * width + x) * 4 + 3] == 0 {
                    clears = true
                    break
                }
            }
            if clears || palette.transparentIndex == nil && rect.w * rect.h == width * height {
                // Transparency cannot be drawn over a kept frame: the canvas is cleared, then drawn whole.
                if clears {
                    if onClear[index - 1] {
                        frames[index - 1].disposal = 2
                    } else {
                        let previous = mapper.indexes(for: before)
                        frames[index - 1] = GIFEncoder.Frame(
                            width: width, height: height, indexes: previous, delay: shown[index - 1].centiseconds,
                            disposal: 2, transparentIndex: palette.transparentIndex)
                    }
                    // On the cleared canvas only the frame's drawn pixels need drawing.
                    frames.append(Self.cropped(whole, rgba: frame.pixels, transparentIndex: palette.transparentIndex))
                    onClear.append(true)
                } else {
                    frames.append(whole)
                    onClear.append(false)
                }
                continue
            }
            var cut = [UInt8](repeating: 0, count: rect.w * rect.h)
            for row in 0..<rect.h {
                for column in 0..<rect.w {
                    let at = (rect.y + row) * width + rect.x + column
                    let same = (0..<4).allSatisfy { before[at * 4 + $0] == frame.pixels[at * 4 + $0] }
                    cut[row * rect.w + column] = same ? UInt8(palette.transparentIndex ?? Int(full[at])) : full[at]
                }
            }
            frames.append(
                GIFEncoder.Frame(
                    left: rect.x, top: rect.y, width: rect.w, height: rect.h, indexes: cut, delay: frame.centiseconds,
                    disposal: 1, transparentIndex: palette.transparentIndex))
            onClear.append(false)
        }
        let (table, trimmed) = Self.trimmed(palette.rgb, transparentIndex: palette.transparentIndex, frames: &frames)
        let candidate: [UInt8]
        do {
            candidate = try GIFEncoder.encode(width: width, height: height, palette: table, frames: frames, loopCount: image.loopCount)
        } catch {
            throw .undecodable(error.description)
        }
        guard candidate.count < bytes.count else { throw .alreadySmallest }
        guard let back = try? decoder.decode(candidate), back.loopCount == image.loopCount, PNGOptimizer.sameAnimation(image, back) else {
            throw .notIdentical
        }
        var changes = ["frames cut to what changed"]
        if trimmed { changes.append("colour table of \(palette.rgb.count / 3) made \(table.count / 3), the colours used") }
        if shown.count < image.frames.count {
            let merged = image.frames.count - shown.count
            changes.append("\(merged) identical \(merged == 1 ? "frame" : "frames") merged")
        }
        return PNGOptimizer.Result(bytes: candidate, changes: changes)
    }

    /// A whole frame cut to the rectangle of its drawn pixels (1×1 transparent when it draws none): what
    /// it shows on a clear canvas.
    static func cropped(_ whole: GIFEncoder.Frame, rgba: [UInt8], transparentIndex: Int?) -> GIFEncoder.Frame {
        guard let transparentIndex else { return whole }
        var minX = whole.width, minY = whole.height, maxX = -1, maxY = -1
        for y in 0..<whole.height {
            for x in 0..<whole.width where rgba[(y * whole.width + x) * 4 + 3] != 0 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        var frame = whole
        guard maxX >= 0 else {
            (frame.left, frame.top, frame.width, frame.height, frame.indexes) = (0, 0, 1, 1, [UInt8(transparentIndex)])
            return frame
        }
        let w = maxX - minX + 1, h = maxY - minY + 1
        var indexes = [UInt8](repeating: 0, count: w * h)
        for row in 0..<h {
            let from = (minY + row) * whole.width + minX
            indexes.replaceSubrange((row * w)..<((row + 1) * w), with: whole.indexes[from..<(from + w)])
        }
        (frame.left, frame.top, frame.width, frame.height, frame.indexes) = (minX, minY, w, h, indexes)
        return frame
    }

    /// The global colour table cut to the colours the frames use (and the transparent index), in their
    /// order, with the frames' indexes renumbered, where that makes the table (a power of two) smaller:
    /// LZW codes start one bit wider than the table's size. The table as it is otherwise.
    static func trimmed(_ rgb: [UInt8], transparentIndex: Int?, frames: inout [GIFEncoder.Frame]) -> ([UInt8], Bool) {
        let count = rgb.count / 3
        var used = [Bool](repeating: false, count: 256)
        for frame in frames { for index in frame.indexes { used[Int(index)] = true } }
        if let transparentIndex {
            guard transparentIndex < count else { return (rgb, false) }
            used[transparentIndex] = true
        }
        guard !used[count...].contains(true) else { return (rgb, false) }
        let kept = (0..<count).filter { used[$0] }
        func tableSize(_ colours: Int) -> Int { max(2, 1 << (Int.bitWidth - (max(colours, 1) - 1).leadingZeroBitCount)) }
        guard tableSize(kept.count) < tableSize(count) else { return (rgb, false) }
        var renumbered = [UInt8](repeating: 0, count: 256)
        for (new, old) in kept.enumerated() { renumbered[old] = UInt8(new) }
        for i in frames.indices {
            frames[i].indexes = frames[i].indexes.map { renumbered[Int($0)] }
            frames[i].transparentIndex = frames[i].transparentIndex.map { Int(renumbered[$0]) }
        }
        return (kept.flatMap { rgb[(3 * $0)..<(3 * $0 + 3)] }, true)
    }
}
