/// `--remove-background`: the plain background of art exported without alpha (a JPEG, a flattened PNG)
/// made transparent. The background is the colour most of the image's border has; every pixel joined
/// to the border through pixels within `tolerance` of it (each channel) becomes transparent, so the
/// same colour inside the art, where the border cannot reach, stays.
public enum BackgroundRemover {
    /// How far (each channel) a pixel may be from the background colour and still be background.
    public static let tolerance = 24

    /// The pixels with the background cleared, and how many were cleared.
    public static func remove(_ pixels: [UInt8], width: Int, height: Int) -> ([UInt8], Int) {
        guard width > 0, height > 0 else { return (pixels, 0) }
        var counts: [UInt32: Int] = [:]
        func word(_ i: Int) -> UInt32 {
            UInt32(pixels[4 * i]) | UInt32(pixels[4 * i + 1]) << 8 | UInt32(pixels[4 * i + 2]) << 16 | UInt32(pixels[4 * i + 3]) << 24
        }
        var border: [Int] = []
        for x in 0..<width { border.append(x); border.append((height - 1) * width + x) }
        for y in 0..<height { border.append(y * width); border.append(y * width + width - 1) }
        for i in border where pixels[4 * i + 3] == 255 { counts[word(i), default: 0] += 1 }
        // The most common opaque border colour (the smallest word on a tie, for a stable answer).
        guard let (colour, count) = counts.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }),
            count * 2 >= border.count
        else { return (pixels, 0) }
        let reference = [Int(colour & 0xFF), Int(colour >> 8 & 0xFF), Int(colour >> 16 & 0xFF)]
        func near(_ i: Int) -> Bool {
            pixels[4 * i + 3] == 255 && (0..<3).allSatisfy { abs(Int(pixels[4 * i + $0]) - reference[$0]) <= tolerance }
        }
        var out = pixels, seen = [Bool](repeating: false, count: width * height)
        var stack = border.filter { near($0) }
        for i in stack { seen[i] = true }
        var cleared = 0
        while let i = stack.popLast() {
            out.replaceSubrange((4 * i)..<(4 * i + 4), with: [0, 0, 0, 0])
            cleared += 1
            let x = i % width, y = i / width
            for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && ny >= 0 && nx < width && ny < height {
                let n = ny * width + nx
                if !seen[n] && near(n) {
                    seen[n] = true
                    stack.append(n)
                }
            }
        }
        return (out, cleared)
    }
}
