/// Whole-image operations on straight RGBA8 pixels that `fix`, `pack` and the icon sets share: placing
/// art on a transparent canvas, fitting it inside a slot, flattening it onto a colour.
public enum Canvas {
    /// `pixels` (`width` × `height`) centred on a transparent `w` × `h` canvas at least as large.
    public static func centred(_ pixels: [UInt8], width: Int, height: Int, on w: Int, _ h: Int) -> [UInt8] {
        if width == w && height == h { return pixels }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let x0 = (w - width) / 2, y0 = (h - height) / 2
        for row in 0..<height {
            let to = ((y0 + row) * w + x0) * 4
            out.replaceSubrange(to..<(to + width * 4), with: pixels[(row * width * 4)..<((row + 1) * width * 4)])
        }
        return out
    }

    /// Scaled (Lanczos3, premultiplied) to fit inside `w` × `h`, whole, centred on a transparent canvas
    /// of that size: an icon never loses the edges of its art (a square character in a 4:3 slot keeps
    /// its head; App Store icons are then flattened onto the background colour).
    public static func contain(_ pixels: [UInt8], width: Int, height: Int, to w: Int, _ h: Int) -> [UInt8] {
        let scale = min(Double(w) / Double(width), Double(h) / Double(height))
        let sw = min(w, max(1, Int((Double(width) * scale).rounded())))
        let sh = min(h, max(1, Int((Double(height) * scale).rounded())))
        let scaled = sw == width && sh == height ? pixels : Resampler.resize(pixels, width: width, height: height, to: sw, sh)
        return centred(scaled, width: sw, height: sh, on: w, h)
    }

    /// An icon of `w` × `h` made from an image's first frame, the one way `fix` and `pack` make icons:
    /// contained (`contain`), then flattened onto `background` when one is given (App Store icons).
    public static func icon(from image: DecodedImage, _ w: Int, _ h: Int, background: [UInt8]?) -> [UInt8] {
        let pixels = contain(image.frames[0].pixels, width: image.width, height: image.height, to: w, h)
        return background.map { flattened(pixels, onto: $0) } ?? pixels
    }

    /// Composited over an opaque colour (RGB): every pixel opaque.
    public static func flattened(_ pixels: [UInt8], onto background: [UInt8]) -> [UInt8] {
        var out = pixels
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let a = Int(pixels[i + 3])
            for c in 0..<3 { out[i + c] = UInt8((Int(pixels[i + c]) * a + Int(background[c]) * (255 - a) + 127) / 255) }
            out[i + 3] = 255
        }
        return out
    }

    /// Whether any pixel is less than opaque.
    public static func hasTransparency(_ pixels: [UInt8]) -> Bool {
        stride(from: 3, to: pixels.count, by: 4).contains { pixels[$0] < 255 }
    }

    /// An opaque colour (RGB) from "white", "black", "#RGB" or "#RRGGBB" (the "#" optional); nil otherwise.
    public static func colour(_ text: String) -> [UInt8]? {
        switch text.lowercased() {
        case "white": return [255, 255, 255]
        case "black": return [0, 0, 0]
        default:
            var digits = Array(text.hasPrefix("#") ? text.dropFirst() : Substring(text))
            if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
            guard digits.count == 6 else { return nil }
            let values = stride(from: 0, to: 6, by: 2).compactMap { UInt8(String(digits[$0...($0 + 1)]), radix: 16) }
            return values.count == 3 ? values : nil
        }
    }

    /// "#FFFFFF" for an RGB colour.
    public static func hex(_ rgb: [UInt8]) -> String {
        "#" + rgb.prefix(3).map { String($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }
}
