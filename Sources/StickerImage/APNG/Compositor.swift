/// Frame compositing on RGBA8 straight-alpha canvases, shared by the APNG and GIF decoders.
enum Compositor {
    /// Draws a frame's pixels (region-sized) into its region. With `over`, APNG's blend_op OVER in straight alpha,
    /// with the same integer arithmetic as the reference decoder apngdis; otherwise the pixels replace
    /// the canvas (blend_op SOURCE). The caller guarantees the region lies inside the canvas.
    static func draw(
        _ source: UnsafeBufferPointer<UInt8>, into canvas: UnsafeMutableBufferPointer<UInt8>,
        canvasWidth: Int, region: CanvasRegion, over: Bool
    ) {
        guard let src = source.baseAddress, let dst = canvas.baseAddress else { return }
        let (x, y, width, height) = (region.x, region.y, region.width, region.height)
        let rowBytes = width * 4
        for row in 0..<height {
            let sp = src + row * rowBytes
            let dp = dst + ((y + row) * canvasWidth + x) * 4
            if !over {
                dp.update(from: sp, count: rowBytes)
                continue
            }
            for i in stride(from: 0, to: rowBytes, by: 4) {
                let sa = Int(sp[i + 3])
                if sa == 255 {
                    dp[i] = sp[i]; dp[i + 1] = sp[i + 1]; dp[i + 2] = sp[i + 2]; dp[i + 3] = 255
                } else if sa != 0 {
                    let da = Int(dp[i + 3])
                    if da == 0 {
                        dp[i] = sp[i]; dp[i + 1] = sp[i + 1]; dp[i + 2] = sp[i + 2]; dp[i + 3] = sp[i + 3]
                    } else {
                        let u = sa * 255
                        let v = (255 - sa) * da
                        let al = u + v
                        dp[i] = UInt8((Int(sp[i]) * u + Int(dp[i]) * v) / al)
                        dp[i + 1] = UInt8((Int(sp[i + 1]) * u + Int(dp[i + 1]) * v) / al)
                        dp[i + 2] = UInt8((Int(sp[i + 2]) * u + Int(dp[i + 2]) * v) / al)
                        dp[i + 3] = UInt8(al / 255)
                    }
                }
            }
        }
    }

    /// Sets a region to transparent black.
    static func clearRegion(_ canvas: UnsafeMutableBufferPointer<UInt8>, canvasWidth: Int, _ region: CanvasRegion) {
        guard let base = canvas.baseAddress else { return }
        for row in 0..<region.height {
            (base + ((region.y + row) * canvasWidth + region.x) * 4).update(repeating: 0, count: region.width * 4)
        }
    }

    /// A copy of a region's pixels.
    static func copyRegion(_ canvas: UnsafeMutableBufferPointer<UInt8>, canvasWidth: Int, _ region: CanvasRegion) -> [UInt8] {
        guard let base = canvas.baseAddress else { return [] }
        let (x, y, width, height) = (region.x, region.y, region.width, region.height)
        var copy = [UInt8](repeating: 0, count: width * height * 4)
        copy.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                (out.baseAddress! + row * width * 4).update(from: base + ((y + row) * canvasWidth + x) * 4, count: width * 4)
            }
        }
        return copy
    }

    /// Puts back a region saved with `copyRegion`.
    static func restoreRegion(
        _ saved: [UInt8], into canvas: UnsafeMutableBufferPointer<UInt8>, canvasWidth: Int,
        _ region: CanvasRegion
    ) {
        let (x, y, width, height) = (region.x, region.y, region.width, region.height)
        guard let base = canvas.baseAddress, saved.count >= width * height * 4 else { return }
        saved.withUnsafeBufferPointer { source in
            for row in 0..<height {
                (base + ((y + row) * canvasWidth + x) * 4).update(from: source.baseAddress! + row * width * 4, count: width * 4)
            }
        }
    }
}
