/// 8-bit YUV 4:2:0 (I420) planes, as VP9 codes them: BT.601 at limited range, what players assume of a
/// VP9 stream that says nothing of its colours (and what FFmpeg's `-pix_fmt yuva420p` writes). A
/// video sticker's alpha is a second stream of the same form: its Y plane the alpha, U and V mid-grey.
public struct I420: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var y: [UInt8]
    public var u: [UInt8]
    public var v: [UInt8]

    /// A chroma plane's side: half, rounded up.
    public static func chroma(_ side: Int) -> Int { (side + 1) / 2 }

    public init(width: Int, height: Int, y: [UInt8], u: [UInt8], v: [UInt8]) {
        self.width = width
        self.height = height
        self.y = y
        self.u = u
        self.v = v
    }

    /// The colour of straight-alpha RGBA: luma per pixel, chroma per 2×2 block as the average of its pixels
    /// weighted by their alpha (a block all transparent: plain average), so that the colour of what shows
    /// is what the chroma keeps.
    public init(rgba: [UInt8], width: Int, height: Int) {
        precondition(rgba.count == width * height * 4)
        let cw = Self.chroma(width), ch = Self.chroma(height)
        var y = [UInt8](repeating: 0, count: width * height)
        var u = [UInt8](repeating: 128, count: cw * ch)
        var v = [UInt8](repeating: 128, count: cw * ch)
        rgba.withUnsafeBufferPointer { p in
            for i in 0..<(width * height) {
                let r = Double(p[i * 4]), g = Double(p[i * 4 + 1]), b = Double(p[i * 4 + 2])
                y[i] = Self.clamp(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255)
            }
            for by in 0..<ch {
                for bx in 0..<cw {
                    var r = 0.0, g = 0.0, b = 0.0, weight = 0.0, plainR = 0.0, plainG = 0.0, plainB = 0.0, count = 0.0
                    for dy in 0..<2 where by * 2 + dy < height {
                        for dx in 0..<2 where bx * 2 + dx < width {
                            let o = ((by * 2 + dy) * width + bx * 2 + dx) * 4
                            let a = Double(p[o + 3])
                            r += Double(p[o]) * a
                            g += Double(p[o + 1]) * a
                            b += Double(p[o + 2]) * a
                            weight += a
                            plainR += Double(p[o])
                            plainG += Double(p[o + 1])
                            plainB += Double(p[o + 2])
                            count += 1
                        }
                    }
                    if weight > 0 {
                        (r, g, b) = (r / weight, g / weight, b / weight)
                    } else {
                        (r, g, b) = (plainR / count, plainG / count, plainB / count)
                    }
                    u[by * cw + bx] = Self.clamp(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255)
                    v[by * cw + bx] = Self.clamp(128 + (112 * r - 93.786 * g - 18.214 * b) / 255)
                }
            }
        }
        self.init(width: width, height: height, y: y, u: u, v: v)
    }

    /// The alpha of RGBA as a stream's planes: alpha in Y (full range, as FFmpeg's libvpx encoder writes
    /// it), U and V 128.
    public init(alphaOf rgba: [UInt8], width: Int, height: Int) {
        precondition(rgba.count == width * height * 4)
        let cw = Self.chroma(width), ch = Self.chroma(height)
        var y = [UInt8](repeating: 0, count: width * height)
        rgba.withUnsafeBufferPointer { p in for i in 0..<(width * height) { y[i] = p[i * 4 + 3] } }
        self.init(width: width, height: height, y: y, u: [UInt8](repeating: 128, count: cw * ch), v: [UInt8](repeating: 128, count: cw * ch))
    }

    /// Straight-alpha RGBA of these colours and, when given, the Y plane of an alpha stream (else opaque).
    public func rgba(alpha: I420? = nil) -> [UInt8] {
        let cw = Self.chroma(width)
        var out = [UInt8](repeating: 255, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { o in
            for row in 0..<height {
                for column in 0..<width {
                    let i = row * width + column, c = (row / 2) * cw + column / 2
                    let l = 1.164 * (Double(y[i]) - 16), cb = Double(u[c]) - 128, cr = Double(v[c]) - 128
                    o[i * 4] = Self.clamp(l + 1.596 * cr)
                    o[i * 4 + 1] = Self.clamp(l - 0.392 * cb - 0.813 * cr)
                    o[i * 4 + 2] = Self.clamp(l + 2.017 * cb)
                    if let alpha { o[i * 4 + 3] = alpha.y[i] }
                }
            }
        }
        return out
    }

    static func clamp(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
}
