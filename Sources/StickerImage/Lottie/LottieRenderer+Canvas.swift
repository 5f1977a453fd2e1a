internal import StickerlintCRLottie
import StickerFiles

/// Where a Lottie animation draws past its canvas: Telegram's "sticker objects must not leave the
/// canvas" (core.telegram.org/animated_stickers). A player shows the canvas only, so what lies past it
/// is cut off mid-shape; a renderer at the canvas's size cannot see it either.
public struct LottieOverflow: Sendable, Hashable {
    /// Frames looked at (every frame, or `LottieRenderer.overflowFrames` spread over a longer play).
    public var examined: Int
    /// Of those, the frames that draw past the canvas, and the first of them (counted from 0 at `ip`).
    public var frames: Int
    public var firstFrame: Int
    /// How far past the canvas's edge the furthest drawn pixel reaches, in canvas pixels (at least 1).
    public var pixels: Int

    /// "every frame", "43 of 120 frames (the first, frame 39)", or, where not every frame was looked at,
    /// "every frame looked at (60 of its 180)" and "43 of the 60 frames looked at (of its 180; the first,
    /// frame 39)": the frames of an animation of `total`.
    package func framesText(total: Int) -> String {
        if examined >= total { return frames == examined ? "every frame" : "\(frames) of \(total) frames (the first, frame \(firstFrame))" }
        if frames == examined { return "every frame looked at (\(examined) of its \(total))" }
        return "\(frames) of the \(examined) frames looked at (of its \(total); the first, frame \(firstFrame))"
    }

    package init(examined: Int, frames: Int, firstFrame: Int, pixels: Int) {
        self.examined = max(0, examined)
        self.frames = min(max(0, frames), self.examined)
        self.firstFrame = max(0, firstFrame)
        self.pixels = max(1, pixels)
    }
}

extension LottieRenderer {
    /// The most frames `overflow` looks at, evenly spread over the play (every 3rd of a 3-second TGS at
    /// 60 fps, 50 ms apart; every frame of a shorter or slower one).
    public static let overflowFrames = 60
    /// The longest side the canvas is drawn at to look past it (with a margin of one canvas, the drawing
    /// three times that; a wider margin draws it smaller, the whole within `overflowWideSide`): a larger canvas is
    /// drawn smaller, and how far a shape reaches past the edge is measured in
    /// the drawing's pixels, the outermost one's coverage (its alpha) giving the fraction of it.
    public static let overflowSide = 256
    /// The longest side of the drawing with its margin: a margin of one canvas draws the canvas at
    /// `overflowSide`; a wider one draws it smaller (at 63 canvases, 8 px), so that a shape far out costs no
    /// more than about a megapixel a frame (2,048 px a side took 10 s in the fuzzer's build).
    public static let overflowWideSide = 1_024
    /// The least alpha (of 255) a pixel past the canvas needs to count as drawn.
    static let overflowAlpha: UInt32 = 8

    /// The most canvases of margin `overflow` draws on every side: every shape rlottie draws lies within
    /// `maxReach` drawing sides of the canvas, so nothing it draws is further out.
    public static let overflowMargin = maxReach - 1

    /// Where the animation draws past its canvas, or nil when it does not (or draws nothing).
    ///
    /// First, cheaply: rlottie's render tree gives every shape's outline in each frame; a frame whose
    /// outlines (their control points, widened by the widest stroke's reach) stay on the canvas draws
    /// nothing past it. Then each other frame is drawn with a margin on every side as wide as the outlines
    /// reach, in whole canvases (one for a shape crossing the edge; up to `overflowMargin`), the document's
    /// top layers hung from a null layer that moves them into the middle (a null layer draws nothing, and
    /// parenting moves a layer without clipping it), and the pixels wholly outside the canvas, with some
    /// alpha, are what leaves it. The whole drawing is at most `overflowWideSide` a side, so a wider margin
    /// draws the canvas smaller.
    public static func overflow(_ animation: Animation) throws(Failure) -> LottieOverflow? {
        let facts = animation.facts
        guard animation.frameCount > 0, facts.width > 0, facts.height > 0 else { return nil }
        let frames = spread(animation.frameCount, atMost: overflowFrames)
        // The outlines looked at on the canvas drawn at `overflowSide`.
        let probe = min(1, Double(overflowSide) / Double(max(facts.width, facts.height)))
        let probeWidth = max(1, Int((Double(facts.width) * probe).rounded())), probeHeight = max(1, Int((Double(facts.height) * probe).rounded()))
        let probeCanvas = fitted(facts, in: probeWidth, probeHeight)
        var past = 0.0, furthestFrame = 0, furthestPixels = 0.0
        let suspects = try withAnimation(animation.json) { (handle) throws(Failure) in
            var suspects: [Int] = []
            for frame in frames {
                guard let box = outlineBox(try renderTree(handle, frame: frame, width: probeWidth, height: probeHeight)) else {
                    continue
                }
                let slack = 0.01
                let beyond = max(
                    (probeCanvas.left - box.left) / (probeCanvas.right - probeCanvas.left),
                    (box.right - probeCanvas.right) / (probeCanvas.right - probeCanvas.left),
                    (probeCanvas.top - box.top) / (probeCanvas.bottom - probeCanvas.top),
                    (box.bottom - probeCanvas.bottom) / (probeCanvas.bottom - probeCanvas.top))
                guard
                    box.left < probeCanvas.left - slack || box.top < probeCanvas.top - slack || box.right > probeCanvas.right + slack
                        || box.bottom > probeCanvas.bottom + slack
                else { continue }
                if beyond > past {
                    // The same distance in the canvas's own pixels, for the message.
                    let unitX = (probeCanvas.right - probeCanvas.left) / Double(facts.width)
                    let unitY = (probeCanvas.bottom - probeCanvas.top) / Double(facts.height)
                    let pixels = max(
                        (probeCanvas.left - box.left) / unitX, (box.right - probeCanvas.right) / unitX, (probeCanvas.top - box.top) / unitY,
                        (box.bottom - probeCanvas.bottom) / unitY)
                    (past, furthestFrame, furthestPixels) = (beyond, frame, pixels)
                }
                suspects.append(frame)
            }
            return suspects
        }
        // Past the widest margin drawn, a shape would be missed: said, with how far out its outline lies.
        guard past <= Double(overflowMargin) else {
            throw .outOfRange(
                "frame \(furthestFrame) has a shape whose outline lies \(furthestPixels.isFinite ? Int(saturatingRounded: furthestPixels).grouped : "∞") px past "
                    + "its \(facts.width)×\(facts.height) canvas (at most \(overflowMargin) canvases around it are drawn)")
        }
        // Canvases of margin on every side: as many as the outlines reach past it.
        let margin = max(1, Int(past.rounded(.up)))
        let across = 2 * margin + 1
        let side = min(overflowSide, overflowWideSide / across)
        let scale = min(1, Double(side) / Double(max(facts.width, facts.height)))
        let width = max(1, Int((Double(facts.width) * scale).rounded())), height = max(1, Int((Double(facts.height) * scale).rounded()))
        guard !suspects.isEmpty, let wide = widened(animation, margin: margin) else { return nil }
        let wideWidth = width * across, wideHeight = height * across
        // The canvas inside the widened drawing: rlottie fits the widened document, centred.
        let fit = fitted(wide.facts, in: wideWidth, wideHeight)
        let unit = (fit.right - fit.left) / Double(across), unitY = (fit.bottom - fit.top) / Double(across)
        let left = fit.left + Double(margin) * unit, right = left + unit, top = fit.top + Double(margin) * unitY, bottom = top + unitY
        var leaving = 0, first = Int.max, furthest = 0.0
        // Whole pixels past the canvas: columns before `inLeft` or from `inRight`, rows before `inTop` or from `inBottom`.
        let inLeft = Int(left.rounded(.down)), inRight = Int(right.rounded(.up))
        let inTop = Int(top.rounded(.down)), inBottom = Int(bottom.rounded(.up))
        try draw(wide, frames: suspects, width: wideWidth, height: wideHeight) { frame, pixels in
            var reach = 0.0
            // How far a pixel past the canvas reaches: from the canvas's edge to its own inner edge, and the
            // part of it covered (its alpha), in the drawing's pixels.
            func scan(_ y: Int, _ columns: Range<Int>, _ vertical: Double) {
                let row = y * wideWidth
                for x in columns {
                    let alpha = pixels[row + x] >> 24
                    guard alpha >= overflowAlpha else { continue }
                    let covered = Double(alpha) / 255
                    let before = x < inLeft ? left - Double(x + 1) + covered : 0, after = x >= inRight ? Double(x) - right + covered : 0
                    reach = max(reach, vertical > 0 ? vertical - 1 + covered : 0, before, after)
                }
            }
            for y in 0..<wideHeight {
                // Rows wholly above or below the canvas: how many rows out, the outermost counted whole here.
                let vertical = y < inTop ? top - Double(y) : y >= inBottom ? Double(y + 1) - bottom : 0
                if vertical > 0 {
                    scan(y, 0..<wideWidth, vertical)
                } else {
                    // A row beside the canvas: only what lies left and right of it.
                    scan(y, 0..<max(0, inLeft), 0)
                    scan(y, min(wideWidth, inRight)..<wideWidth, 0)
                }
            }
            guard reach > 0 else { return }
            leaving += 1
            first = min(first, frame)
            furthest = max(furthest, reach)
        }
        guard leaving > 0 else { return nil }
        // Drawing pixels to canvas pixels.
        let perCanvasPixel = unit / Double(facts.width)
        return LottieOverflow(
            examined: frames.count, frames: leaving, firstFrame: first, pixels: Int(saturatingRounded: (furthest / perCanvasPixel).rounded(.up)))
    }

    /// At most `limit` of `count` frames, evenly spread from the first to the last.
    static func spread(_ count: Int, atMost limit: Int) -> [Int] {
        guard count > limit else { return Array(0..<count) }
        guard limit > 1 else { return [0] }
        return (0..<limit).map { $0 * (count - 1) / (limit - 1) }
    }

    /// Where rlottie puts a canvas drawn at `width`×`height`: scaled to fit, its aspect kept, centred
    /// (`renderer::Composition::update`).
    static func fitted(_ facts: LottieFacts, in width: Int, _ height: Int) -> (left: Double, top: Double, right: Double, bottom: Double) {
        let fit = min(Double(width) / Double(facts.width), Double(height) / Double(facts.height))
        let left = (Double(width) - Double(facts.width) * fit) / 2, top = (Double(height) - Double(facts.height) * fit) / 2
        return (left, top, left + Double(facts.width) * fit, top + Double(facts.height) * fit)
    }

    /// The box around every shape's outline in a render tree (control points included, so the curves lie
    /// within), widened by half of its stroke's width times the larger of its miter limit and √2 (a
    /// square cap's corner); nil when nothing has an outline.
    static func outlineBox(_ root: UnsafePointer<LOTLayerNode>?) -> (left: Double, top: Double, right: Double, bottom: Double)? {
        var left = Double.infinity, top = Double.infinity, right = -Double.infinity, bottom = -Double.infinity
        var stack: [UnsafePointer<LOTLayerNode>] = root.map { [$0] } ?? []
        while let layer = stack.popLast() {
            let node = layer.pointee
            if let nodes = node.mNodeList.ptr {
                for i in 0..<node.mNodeList.size {
                    guard let shape = nodes[i]?.pointee, let points = shape.mPath.ptPtr, shape.mPath.ptCount >= 2 else { continue }
                    let pad =
                        shape.mStroke.enable != 0 ? Double(shape.mStroke.width) / 2 * max(Double(shape.mStroke.miterLimit), 2.0.squareRoot()) : 0
                    for i in stride(from: 0, to: shape.mPath.ptCount - 1, by: 2) {
                        let x = Double(points[i]), y = Double(points[i + 1])
                        left = min(left, x - pad)
                        right = max(right, x + pad)
                        top = min(top, y - pad)
                        bottom = max(bottom, y + pad)
                    }
                }
            }
            if let layers = node.mLayerList.ptr {
                for i in 0..<node.mLayerList.size { if let child = layers[i] { stack.append(UnsafePointer(child)) } }
            }
        }
        guard left <= right, top <= bottom else { return nil }
        return (left, top, right, bottom)
    }

    /// The document on a canvas `margin` canvases wider on every side, the original canvas in the middle:
    /// every top layer without a parent in the document hung from a new null layer placed `margin`
    /// canvases in (a null layer draws nothing, and parenting moves a layer without clipping it). Nil when
    /// the document has no layer array to hang from.
    static func widened(_ animation: Animation, margin: Int = 1) -> Animation? {
        let facts = animation.facts
        guard case .object(let members) = animation.document, case .array(let layers)? = animation.document["layers"] else { return nil }
        var indexes = Set<Int>()
        for layer in layers { if let index = layer["ind"].flatMap(Lottie.integer) { indexes.insert(index) } }
        var hanger = 1
        while indexes.contains(hanger) { hanger += 1 }
        let hung: [JSONValue] = layers.map { layer in
            guard case .object(var fields) = layer else { return layer }
            if let parent = layer["parent"].flatMap(Lottie.integer), indexes.contains(parent) { return layer }
            fields.removeAll { $0.0 == "parent" }
            fields.append(("parent", .int(hanger)))
            return .object(fields)
        }
        func still(_ value: JSONValue) -> JSONValue { .object([("a", .int(0)), ("k", value)]) }
        let null = JSONValue.object([
            ("ty", .int(3)), ("ind", .int(hanger)), ("ip", .number(facts.inPoint)), ("op", .number(facts.outPoint)), ("st", .int(0)),
            ("sr", .int(1)),
            (
                "ks",
                .object([
                    ("o", still(.int(100))), ("r", still(.int(0))),
                    ("p", still(.array([.int(facts.width * margin), .int(facts.height * margin), .int(0)]))),
                    ("a", still(.array([.int(0), .int(0), .int(0)]))), ("s", still(.array([.int(100), .int(100), .int(100)])))
                ])
            )
        ])
        var wide = members.filter { $0.0 != "w" && $0.0 != "h" && $0.0 != "layers" }
        let across = 2 * margin + 1
        wide.append(("w", .int(facts.width * across)))
        wide.append(("h", .int(facts.height * across)))
        wide.append(("layers", .array(hung + [null])))
        var wideFacts = facts
        wideFacts.width *= across
        wideFacts.height *= across
        let document = JSONValue.object(wide)
        return Animation(facts: wideFacts, frameCount: animation.frameCount, document: document, json: Array(document.serialized(.compact).utf8))
    }
}
