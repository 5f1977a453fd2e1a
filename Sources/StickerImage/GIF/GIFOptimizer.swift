/// Lossless re-encoding of animated GIFs (`stickerlint fix`, and each variant): each frame after the first
/// is cut to the rectangle that changed since the frame before, pixels inside it that did not change left
/// undrawn (the transparent index) so that they compress to runs, in one global table of the colours the
/// frames show (`Table`: whatever local tables or per-frame transparent indexes the file had).
/// Where a frame makes a pixel transparent that was drawn before, the frame before is cleared after it
/// shows (disposal 2), and the frame is drawn on the cleared canvas cut to its drawn pixels. Identical
/// consecutive frames are merged (delays summed, in centiseconds; frames all alike stay two). gifsicle -O3
/// does the same cuts and tables. The result is returned only when it is smaller and decodes to exactly
/// the same frames, delays and loop count.
public enum GIFOptimizer {
    public static func optimize(_ bytes: [UInt8], decoder: ImageDecoder = ImageDecoder()) throws(PNGOptimizer.Skip) -> PNGOptimizer.Result {
        guard Sniffer.kind(prefix: Array(bytes.prefix(Sniffer.prefixLength))) == .image(.gif) else { throw .notPNG }
        let image: DecodedImage
        let original: (rgb: [UInt8], transparentIndex: Int?)
        do {
            image = try decoder.decode(bytes)
            original = try decoder.gifPalette(in: bytes)
        } catch {
            throw .undecodable(error.description)
        }
        guard image.frames.count > 1 else { throw .alreadySmallest }
        func centiseconds(_ frame: ImageFrame) -> Int { frame.delay.numerator * 100 / max(1, frame.delay.denominator) }
        // Merged only where the sum still fits GIF's 16-bit centiseconds.
        var shown: [(pixels: [UInt8], centiseconds: Int)] = []
        for frame in image.frames {
            let cs = centiseconds(frame)
            if let last = shown.last, last.pixels == frame.pixels, last.centiseconds + cs <= 65_535 {
                shown[shown.count - 1].centiseconds += cs
            } else {
                shown.append((frame.pixels, cs))
            }
        }
        // All frames the same: two are kept (the first, then the rest as one), as a one-frame GIF reads as a still.
        if shown.count == 1 {
            let first = centiseconds(image.frames[0])
            shown = [(shown[0].pixels, first), (shown[0].pixels, shown[0].centiseconds - first)]
        }
        let (width, height) = (image.width, image.height)
        guard let table = Table(shown.map(\.pixels), original: original.rgb) else { throw .alreadySmallest }
        let transparent = table.transparentIndex
        var frames: [GIFEncoder.Frame] = []
        // Whether each frame is drawn on a clear canvas (the first, or after one cleared): all it shows lies in its rectangle.
        var onClear: [Bool] = []
        for (index, frame) in shown.enumerated() {
            let full = table.indexes(frame.pixels)
            let whole = GIFEncoder.Frame(
                width: width, height: height, indexes: full, delay: frame.centiseconds, disposal: 1, transparentIndex: transparent)
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
            if clears || transparent == nil && rect.w * rect.h == width * height {
                // Transparency cannot be drawn over a kept frame: the canvas is cleared, then drawn whole.
                if clears {
                    if onClear[index - 1] {
                        frames[index - 1].disposal = 2
                    } else {
                        frames[index - 1] = GIFEncoder.Frame(
                            width: width, height: height, indexes: table.indexes(before), delay: shown[index - 1].centiseconds,
                            disposal: 2, transparentIndex: transparent)
                    }
                    // On the cleared canvas only the frame's drawn pixels need drawing.
                    frames.append(Self.cropped(whole, rgba: frame.pixels, transparentIndex: transparent))
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
                    cut[row * rect.w + column] = same ? UInt8(transparent ?? Int(full[at])) : full[at]
                }
            }
            frames.append(
                GIFEncoder.Frame(
                    left: rect.x, top: rect.y, width: rect.w, height: rect.h, indexes: cut, delay: frame.centiseconds,
                    disposal: 1, transparentIndex: transparent))
            onClear.append(false)
        }
        let candidate: [UInt8]
        do {
            candidate = try GIFEncoder.encode(width: width, height: height, palette: table.rgb, frames: frames, loopCount: image.loopCount)
        } catch {
            throw .undecodable(error.description)
        }
        guard candidate.count < bytes.count else { throw .alreadySmallest }
        guard let back = try? decoder.decode(candidate), back.loopCount == image.loopCount, PNGOptimizer.sameAnimation(image, back) else {
            throw .notIdentical
        }
        var changes = ["frames cut to what changed"]
        if original.rgb.isEmpty {
            changes.append("local colour tables made one of \(table.rgb.count / 3), the colours used")
        } else if Table.size(table.rgb.count / 3) < Table.size(original.rgb.count / 3) {
            changes.append("colour table of \(original.rgb.count / 3) made \(table.rgb.count / 3), the colours used")
        }
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

    /// One global colour table for every frame: the colours they show (opaque pixels), those of the file's own
    /// table first in its order, then as they appear, and a transparent entry where a frame has transparent
    /// pixels, or, for the pixels a frame leaves as they were, where it does not make the table (a power
    /// of two) larger. Exact by construction: each colour has its own entry, whatever tables (local, or a
    /// transparent index that differs by frame) the file used. Nil past 256 entries.
    struct Table {
        var rgb: [UInt8] = []
        var transparentIndex: Int?
        private var index: [UInt32: UInt8] = [:]

        /// The table size a count of colours takes: the next power of two, at least 2.
        static func size(_ colours: Int) -> Int { max(2, 1 << (Int.bitWidth - (max(colours, 1) - 1).leadingZeroBitCount)) }

        init?(_ frames: [[UInt8]], original: [UInt8]) {
            var used = Set<UInt32>(), appearing: [UInt32] = [], transparency = false
            for pixels in frames {
                for i in stride(from: 0, to: pixels.count, by: 4) {
                    guard pixels[i + 3] != 0 else {
                        transparency = true
                        continue
                    }
                    let key = Self.key(pixels, i)
                    if used.insert(key).inserted {
                        appearing.append(key)
                        if used.count > 256 { return nil }
                    }
                }
            }
            var listed: [UInt32] = []
            for at in stride(from: 0, to: original.count - 2, by: 3) {
                let red = UInt32(original[at]) << 16, green = UInt32(original[at + 1]) << 8
                listed.append(red | green | UInt32(original[at + 2]))
            }
            for key in listed + appearing where used.contains(key) && index[key] == nil {
                index[key] = UInt8(index.count)
                rgb += [UInt8(key >> 16), UInt8((key >> 8) & 0xFF), UInt8(key & 0xFF)]
            }
            if index.count < 256 && (transparency || index.count + 1 <= Self.size(index.count)) {
                transparentIndex = index.count
                rgb += [0, 0, 0]
            } else if transparency {
                return nil
            }
            if rgb.isEmpty { rgb = [0, 0, 0] }
        }

        /// A pixel's RGB as one number.
        static func key(_ pixels: [UInt8], _ at: Int) -> UInt32 {
            let red = UInt32(pixels[at]) << 16, green = UInt32(pixels[at + 1]) << 8
            return red | green | UInt32(pixels[at + 2])
        }

        func indexes(_ pixels: [UInt8]) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: pixels.count / 4)
            for i in out.indices {
                let p = i * 4
                if pixels[p + 3] == 0, let transparentIndex {
                    out[i] = UInt8(transparentIndex)
                } else {
                    out[i] = index[Self.key(pixels, p)] ?? 0
                }
            }
            return out
        }
    }
}
