/// A frame's rectangle on the animation canvas: an APNG fcTL's region or a GIF image descriptor's.
struct CanvasRegion: Sendable, Hashable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// Whether the region lies wholly inside a canvas of this size.
    func fits(canvasWidth: Int, canvasHeight: Int) -> Bool {
        x + width <= canvasWidth && y + height <= canvasHeight
    }

    /// The part inside a canvas of this size (GIF frames may reach past the logical screen); nil when none.
    func clipped(canvasWidth: Int, canvasHeight: Int) -> CanvasRegion? {
        let x0 = min(x, canvasWidth), y0 = min(y, canvasHeight)
        let x1 = min(x + width, canvasWidth), y1 = min(y + height, canvasHeight)
        return x1 > x0 && y1 > y0 ? CanvasRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}
