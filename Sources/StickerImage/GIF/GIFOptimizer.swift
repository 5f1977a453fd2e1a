/// Lossless re-encoding of animated GIFs (`stickerlint fix`): each frame after the first is cut to the
/// rectangle that changed since the frame before, pixels inside it that did not change left
/// undrawn (the transparent index) so that they compress to runs, in the file's own global palette.
/// Where a frame makes a pixel transparent that was drawn before, the frame before is kept whole and
/// cleared after it shows (disposal 2), and that frame is drawn whole. Identical consecutive frames
/// are merged (delays summed, in centiseconds). The result is returned only when it is smaller and
/// decodes to exactly the same frames, delays and loop count.
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
        for (index, frame) in shown.enumerated() {
            let full = mapper.indexes(for: frame.pixels)
            let whole = GIFEncoder.Frame(
                width: width, height: height, indexes: full, delay: frame.centiseconds, disposal: 1,
                transparentIndex: palette.transparentIndex)
            guard index > 0 else {
                frames.append(whole)
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
                    let previous = mapper.indexes(for: before)
                    frames[index - 1] = GIFEncoder.Frame(
                        width: width, height: height, indexes: previous, delay: shown[index - 1].centiseconds,
                        disposal: 2, transparentIndex: palette.transparentIndex)
                }
                frames.append(whole)
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
        }
        let candidate: [UInt8]
        do {
            candidate = try GIFEncoder.encode(width: width, height: height, palette: palette.rgb, frames: frames, loopCount: image.loopCount)
        } catch {
            throw .undecodable(error.description)
        }
        guard candidate.count < bytes.count else { throw .alreadySmallest }
        guard let back = try? decoder.decode(candidate), back.loopCount == image.loopCount, PNGOptimizer.sameAnimation(image, back) else {
            throw .notIdentical
        }
        var changes = ["frames cut to what changed"]
        if shown.count < image.frames.count {
            let merged = image.frames.count - shown.count
            changes.append("\(merged) identical \(merged == 1 ? "frame" : "frames") merged")
        }
        return PNGOptimizer.Result(bytes: candidate, changes: changes)
    }
}
