internal import StickerlintCRLottie
import StickerFiles

/// Frames of a Lottie animation (a TGS's JSON, a Discord Lottie sticker) drawn by rlottie, vendored in
/// Sources/CRLottie. A document is drawn only once stickerlint's own reader has accepted it (`Lottie.read`:
/// its size, value and timing limits) and when it names no image outside itself (rlottie would read such a
/// file from disk); the size drawn at is the caller's, at most `maxSide` a side, never the file's.
public enum LottieRenderer {
    /// The longest side drawn.
    public static let maxSide = 2048
    /// The most frames drawn in one call.
    public static let maxFrames = 1_000

    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// stickerlint's own reader refused the document.
        case unreadable(LottieError)
        /// An image asset the document does not hold itself (a path rather than a data URI).
        case externalImage(String)
        /// rlottie could not load the document.
        case refused
        /// A size or a frame out of range (what and the limit).
        case outOfRange(String)
        /// A signal (Ctrl-C, SIGTERM) arrived while a command that answers them itself (`pack`) was
        /// drawing: the frames are looked between, so that the command ends within a frame.
        case interrupted

        public var description: String {
            switch self {
            case .unreadable(let error): "\(error)"
            case .externalImage(let path):
                "it names an image outside the file (\"\(path.displayed)\"), which is not drawn: a sticker holds its images itself"
            case .refused: "rlottie could not load the animation"
            case .outOfRange(let what): what
            case .interrupted: "interrupted"
            }
        }
    }

    /// A document ready to draw: its facts and rlottie's frame count.
    public struct Animation: Sendable {
        public var facts: LottieFacts
        /// Frames shown, 0 ..< frameCount (`op − ip`, frame 0 at `ip`), each one rlottie draws.
        public var frameCount: Int
        /// The document as read, and as handed to rlottie.
        let document: JSONValue
        let json: [UInt8]
    }

    /// The document, read (once) by stickerlint's reader and checked for images from outside; TGS (gzip) or JSON.
    public static func load(_ bytes: [UInt8]) throws(Failure) -> Animation {
        let read: Lottie.Document
        do throws(LottieError) { read = try Lottie.document(ofFile: bytes) } catch { throw .unreadable(error) }
        return try load(read)
    }

    /// A document stickerlint's reader has read, checked for images from outside.
    static func load(_ read: Lottie.Document) throws(Failure) -> Animation {
        if let path = externalImage(read.document) { throw .externalImage(path) }
        if let problem = embeddedImageProblem(read.document) { throw .outOfRange(problem) }
        switch drawnLayers(read.document) {
        case .cycle(let asset):
            throw .outOfRange("precomposition \"\(asset.displayed)\" holds itself (through its layers): it would be drawn inside itself without end")
        case .tooDeep(let asset):
            throw .outOfRange("precomposition \"\(asset.displayed)\" is used inside \(maxNesting) others: rlottie draws nothing nested that deep")
        case .count(let layers) where layers > maxLayers:
            throw .outOfRange(
                "a frame draws \(layers == .max ? "more than \(Int.max.grouped)" : layers.grouped) layers, each precomposition's as often as it is used (at most \(maxLayers.grouped))"
            )
        case .count: break
        }
        if let path = longestMotionPath(read.document), path > maxMotionPath {
            throw .outOfRange(
                "a keyframe's motion path (its spatial tangents, \"to\" and \"ti\") is \(path.isFinite ? Int(saturatingRounded: path).grouped : "∞") px long "
                    + "(at most \(Int(maxMotionPath).grouped)): rlottie would take seconds a frame to follow it")
        }
        if case .count(let work) = drawnLayers(read.document, weight: keyframeWork), work > maxKeyframeWork {
            throw .outOfRange(
                "a frame steps through \(work == .max ? "more than \(Int.max.grouped)" : work.grouped) keyframes, each layer's as often as it is "
                    + "drawn and repeated (at most \(maxKeyframeWork.grouped))")
        }
        if case .count(let work) = drawnLayers(read.document, weight: gradientWork), work > maxGradientWork {
            throw .outOfRange(
                "its gradients take \(work == .max ? "more than \(Int.max.grouped)" : work.grouped) steps a frame to colour, each gradient's colour stops "
                    + "times its opacity stops as often as its layer is drawn (at most \(maxGradientWork.grouped))")
        }
        // rlottie adds the start to each frame's number as an unsigned count (lottieanimation.cpp, `update`):
        // a start before frame 0 wraps past the end, and every frame is drawn as the end or the start.
        if read.facts.inPoint.rounded() < 0 {
            throw .outOfRange(
                "the animation starts at frame \(Lottie.plain(read.facts.inPoint)) (\"ip\"): rlottie, which draws TGS, misreads a start before frame 0 and would draw the wrong frames"
            )
        }
        let count = try withAnimation(read.json) { animation in lottie_animation_get_totalframe(animation) }
        // rlottie counts ip through op; an animation shows ip ..< op.
        return Animation(
            facts: read.facts, frameCount: max(0, min(read.facts.frames, Int(clamping: count) - 1)), document: read.document, json: read.json)
    }

    /// A TGS's or Lottie JSON's facts, with where it draws past its canvas (`LottieFacts.overflow`) when
    /// rlottie draws it, or why it is not drawn (`LottieFacts.undrawn`): rlottie refused it, or a limit
    /// of the drawing. An image from outside is not drawn and not said here (the features say it).
    /// The TGS and Lottie readers' `read`.
    package static func facts(_ bytes: [UInt8]) throws(LottieError) -> LottieFacts {
        let read = try Lottie.document(ofFile: bytes)
        var facts = read.facts
        do throws(Failure) {
            facts.overflow = try overflow(try load(read))
        } catch {
            switch error {
            case .refused, .outOfRange: facts.undrawn = "\(error)"
            case .unreadable, .externalImage, .interrupted: break
            }
        }
        return facts
    }

    /// `frames` of `animation` (indexes from 0), each `width`×`height` straight RGBA, the animation scaled to fill it.
    public static func render(_ animation: Animation, frames: [Int], width: Int, height: Int) throws(Failure) -> [[UInt8]] {
        guard frames.count <= maxFrames else { throw .outOfRange("\(frames.count) frames in one drawing: at most \(maxFrames)") }
        var out: [[UInt8]] = []
        try draw(animation, frames: frames, width: width, height: height) { _, pixels in out.append(straight(pixels)) }
        return out
    }

    /// Draws `frames` of `animation` one by one into one `width`×`height` buffer of rlottie's premultiplied
    /// ARGB, handing each to `body` with its index; any number of frames, one buffer's memory.
    static func draw(
        _ animation: Animation, frames: [Int], width: Int, height: Int, _ body: (Int, UnsafeBufferPointer<UInt32>) -> Void
    ) throws(Failure) {
        guard (1...maxSide).contains(width), (1...maxSide).contains(height) else {
            throw .outOfRange("a \(width)×\(height) drawing: each side 1 to \(maxSide)")
        }
        if let bad = frames.first(where: { !(0..<max(1, animation.frameCount)).contains($0) }) {
            throw .outOfRange("frame \(bad) of an animation of \(animation.frameCount)")
        }
        let reach = Double(max(width, height)) * Double(maxReach)
        // Two of rlottie's animations of the document: one whose render trees are read, one that draws. The tree's
        // paths are the drawable's own, which drawing hands to the rasteriser and frees: a shape that does not
        // change from frame to frame keeps pointing at them in the next tree (read after they were freed, a
        // large outline crashed inspect).
        try withAnimation(animation.json) { (measured) throws(Failure) in
            try withAnimation(animation.json) { (handle) throws(Failure) in
                var buffer = [UInt32](repeating: 0, count: width * height)
                for frame in frames {
                    if Interruption.happened { throw .interrupted }
                    // The frame's shapes as rlottie will fill them, in the drawing's pixels: one reaching far past
                    // the drawing (a layer scaled 10¹⁷ times) would keep rlottie's rasteriser busy for minutes.
                    let tree = try renderTree(measured, frame: frame, width: width, height: height)
                    let (furthest, widest, painted, raster) = furthestPoint(tree, width: width, height: height)
                    // A stroke wider than the drawing many times over: 10⁵ px on a 1,536 px drawing kept the stroker
                    // and rasteriser busy for minutes, where 3·10⁴ took a moment.
                    guard widest <= Double(max(width, height)) * Double(maxStrokeWidth) else {
                        throw .outOfRange(
                            "frame \(frame) has a stroke \(widest.isFinite ? Int(saturatingRounded: widest).grouped : "∞") px wide in a "
                                + "\(width)×\(height) drawing (at most \(maxStrokeWidth) times its side)")
                    }
                    guard furthest <= reach else {
                        throw .outOfRange(
                            "frame \(frame) has a shape reaching \(furthest.isFinite ? Int(saturatingRounded: furthest).grouped : "∞") px from the corner "
                                + "of a \(width)×\(height) drawing (at most \(maxReach) times its side)")
                    }
                    // Shapes by the thousand, each over the whole drawing: 2,000 half-transparent ones took rlottie a
                    // quarter of a second a frame at 512 px, 20,000 two seconds (inspect 53 s).
                    guard painted <= Double(maxPainted) else {
                        throw .outOfRange(
                            "frame \(frame) paints \(Int(saturatingRounded: painted).grouped) times the drawing's area (each shape's and mask's box, "
                                + "and each masked or matted layer once more; at most \(maxPainted.grouped))")
                    }
                    // Outlines whose rows many edges cross, each crossing looked up among the others.
                    guard raster <= maxRasterWork else {
                        throw .outOfRange(
                            "frame \(frame) gives rlottie's rasteriser \(raster.grouped) steps (edges crossing each row of the \(width)×\(height) drawing, "
                                + "times the others they are looked up among; at most \(maxRasterWork.grouped))")
                    }
                    _ = lottie_stickerlint_dash_pieces()
                    _ = lottie_stickerlint_dropped_outlines()
                    buffer.withUnsafeMutableBufferPointer { pixels in
                        for i in pixels.indices { pixels[i] = 0 }
                        lottie_animation_render(handle, frame, pixels.baseAddress, width, height, width * 4)
                    }
                    // What drawing cut short or left out (the tree showed what would be drawn): not shown.
                    guard lottie_stickerlint_dash_pieces() <= maxDashPieces else { throw dashedTooFinely(frame) }
                    let dropped = lottie_stickerlint_dropped_outlines()
                    guard dropped == 0 else {
                        throw .outOfRange(
                            "frame \(frame) has \(dropped == 1 ? "an outline" : "\(dropped.grouped) outlines") of more than \(maxOutlinePoints.grouped) "
                                + "points, which rlottie leaves undrawn")
                    }
                    buffer.withUnsafeBufferPointer { body(frame, $0) }
                }
            }
        }
    }

    /// The most pieces rlottie may cut a frame's dashed strokes into: its dasher (vendored with
    /// scripts/vendor/patches/rlottie/stickerlint-dash-budget.patch) stops cutting past it and counts the
    /// pieces. A dash pattern a fraction of a pixel long, or a zig-zag of a few hundred points dashed every
    /// quarter pixel, took rlottie without end or crashed it; a sticker's dashed outline is a few hundred.
    public static let maxDashPieces = 100_000

    /// rlottie's render tree of `frame` at `width`×`height`. Building it dashes the strokes: a frame whose
    /// dashes rlottie stopped cutting (`maxDashPieces`) is refused, as it would not be drawn whole.
    static func renderTree(_ handle: OpaquePointer, frame: Int, width: Int, height: Int) throws(Failure) -> UnsafePointer<LOTLayerNode>? {
        _ = lottie_stickerlint_dash_pieces()
        let tree = lottie_animation_render_tree(handle, frame, width, height)
        guard lottie_stickerlint_dash_pieces() <= maxDashPieces else { throw dashedTooFinely(frame) }
        return tree
    }

    /// The most points and segments in one outline rlottie's rasteriser draws (`SHRT_MAX`, vraster.cpp): a
    /// longer one is left undrawn (vendored with stickerlint-raster-undrawn.patch, which counts it).
    public static let maxOutlinePoints = 32_767

    static func dashedTooFinely(_ frame: Int) -> Failure {
        .outOfRange(
            "frame \(frame) cuts its dashed strokes into more than \(maxDashPieces.grouped) pieces (a dash pattern that short along "
                + "outlines that long): rlottie stops cutting there, and the frame would not be drawn whole")
    }

    /// How far past a drawing's side a shape may reach, in sides.
    public static let maxReach = 64

    /// The most a frame may paint, in drawings: rlottie's examples and the sample stickers paint at most 7.1
    /// (each shape's box counted, a masked or matted layer as one whole drawing more); 100 full-canvas
    /// half-transparent squares take rlottie 16 ms a frame at 512 px, 2,000 of them 250 ms.
    public static let maxPainted = 100

    /// How wide a stroke may be, in the drawing's sides.
    public static let maxStrokeWidth = 8

    /// The largest coordinate (in absolute value) of any path, clip path or mask in rlottie's render tree,
    /// a stroke's reach past its outline included; the widest stroke; and how much rlottie paints, in
    /// drawings (`width` × `height`): each shape's box (its stroke's reach included) clipped to the drawing,
    /// and a whole drawing more for each layer with a mask or matte (drawn apart, then composed).
    static func furthestPoint(
        _ root: UnsafePointer<LOTLayerNode>?, width: Int, height: Int
    ) -> (furthest: Double, widest: Double, painted: Double, raster: Int) {
        var furthest = 0.0, widest = 0.0, painted = 0.0, raster = 0
        let w = Double(width), h = Double(height)
        // `pad`: how far a stroke reaches past its outline (half its width, times its miter limit): a stroke
        // 10⁹ px wide crashed rlottie's rasteriser, and 10⁵ kept it busy for minutes.
        func visit(_ points: UnsafePointer<Float>?, _ count: Int, pad: Double = 0) {
            guard let points, count > 0 else { return }
            guard pad.isFinite else {
                furthest = .infinity
                return
            }
            for i in 0..<count {
                let value = Double(points[i])
                furthest = value.isFinite ? max(furthest, abs(value) + pad) : .infinity
            }
        }
        // The box of a shape's points (x, y pairs), widened by `pad`, within the drawing.
        func box(_ points: UnsafePointer<Float>?, _ count: Int, pad: Double) -> Double {
            guard let points, count >= 2, pad.isFinite else { return 0 }
            var left = Double.infinity, top = Double.infinity, right = -Double.infinity, bottom = -Double.infinity
            for i in stride(from: 0, to: count - 1, by: 2) {
                let x = Double(points[i]), y = Double(points[i + 1])
                guard x.isFinite, y.isFinite else { return w * h }
                left = min(left, x)
                right = max(right, x)
                top = min(top, y)
                bottom = max(bottom, y)
            }
            let across = max(0, min(w, right + pad) - max(0, left - pad)), down = max(0, min(h, bottom + pad) - max(0, top - pad))
            return across * down
        }
        var stack: [UnsafePointer<LOTLayerNode>] = root.map { [$0] } ?? []
        while let layer = stack.popLast() {
            let node = layer.pointee
            visit(node.mClipPath.ptPtr, node.mClipPath.ptCount)
            if node.mMaskList.size > 0 || node.mMatte != MatteNone { painted += w * h }
            // Each mask is filled on its own before the layer is cut by it (2,000 full-canvas masks on one
            // layer took inspect 29 s).
            if let masks = node.mMaskList.ptr {
                for i in 0..<node.mMaskList.size {
                    visit(masks[i].mPath.ptPtr, masks[i].mPath.ptCount)
                    painted += box(masks[i].mPath.ptPtr, masks[i].mPath.ptCount, pad: 0)
                }
            }
            if let nodes = node.mNodeList.ptr {
                for i in 0..<node.mNodeList.size {
                    guard let shape = nodes[i]?.pointee else { continue }
                    let stroke = shape.mStroke
                    let pad = stroke.enable != 0 ? abs(Double(stroke.width)) / 2 * max(abs(Double(stroke.miterLimit)), 2.0.squareRoot()) : 0
                    if stroke.enable != 0 { widest = Double(stroke.width).isFinite ? max(widest, abs(Double(stroke.width))) : .infinity }
                    visit(shape.mPath.ptPtr, shape.mPath.ptCount, pad: pad)
                    painted += box(shape.mPath.ptPtr, shape.mPath.ptCount, pad: pad)
                    let path = shape.mPath
                    let work = rasterWork(
                        path.ptPtr, path.ptCount, path.elmPtr, path.elmCount, stroked: stroke.enable != 0, width: width, height: height)
                    raster = saturatingSum(raster, work)
                }
            }
            if let layers = node.mLayerList.ptr {
                for i in 0..<node.mLayerList.size { if let child = layers[i] { stack.append(UnsafePointer(child)) } }
            }
        }
        return (furthest, widest, painted / (w * h), raster)
    }

    /// The most work rlottie's rasteriser may be given in a frame (`rasterWork`): 500 edges crossing every
    /// row of a 512 px drawing (a zig-zag) took it half a second a frame, and 14 layers of it five minutes
    /// to inspect; the area painted does not see it.
    public static let maxRasterWork = 20_000_000

    /// The work of filling one outline, as FreeType's rasteriser does it (rlottie's v_ft_raster.cpp): each
    /// row keeps a list of the cells its edges cross, and each crossing looks through that list, so a row
    /// crossed `c` times costs about `c` × min(`c`, width). The edges are the outline's lines and its curves'
    /// control polygons (which cross no fewer rows than the curves); a stroke's outline runs both sides of the
    /// path, twice the edges.
    static func rasterWork(
        _ points: UnsafePointer<Float>?, _ pointCount: Int, _ elements: UnsafePointer<CChar>?, _ elementCount: Int, stroked: Bool, width: Int,
        height: Int
    ) -> Int {
        guard let points, let elements, pointCount >= 2, height > 0 else { return 0 }
        let count = pointCount / 2
        // Each edge's rows (top inclusive, bottom exclusive), clamped to the drawing before any conversion: a
        // coordinate of 10³⁰ is finite, and Int(10³⁰) would stop the program.
        var spans: [(top: Int, bottom: Int)] = [], low = height, high = 0
        var index = 0, current = 0.0, start = 0.0
        func edge(to y: Double) {
            defer { current = y }
            guard current.isFinite, y.isFinite else { return }
            let top = Int(max(0, min(Double(height), min(current, y).rounded(.down))))
            let bottom = Int(max(0, min(Double(height), max(current, y).rounded(.up) + 1)))
            guard top < bottom else { return }
            spans.append((top, bottom))
            low = min(low, top)
            high = max(high, bottom)
        }
        for e in 0..<elementCount {
            switch elements[e] {
            case 0:  // MoveTo
                guard index < count else { break }
                current = Double(points[2 * index + 1])
                start = current
                index += 1
            case 1:  // LineTo
                guard index < count else { break }
                edge(to: Double(points[2 * index + 1]))
                index += 1
            case 2:  // CubicTo
                guard index + 2 < count else { break }
                for k in 0..<3 { edge(to: Double(points[2 * (index + k) + 1])) }
                index += 3
            default: edge(to: start)  // Close
            }
        }
        // Crossings per row: a difference array over the rows the outline spans.
        guard low < high else { return 0 }
        var difference = [Int](repeating: 0, count: high - low + 1)
        let each = stroked ? 2 : 1
        for (top, bottom) in spans {
            difference[top - low] += each
            difference[bottom - low] -= each
        }
        var crossings = 0, work = 0
        for row in 0..<(high - low) {
            crossings += difference[row]
            work = saturatingSum(work, crossings * min(crossings, width))
        }
        return work
    }

    /// The most layers drawn in a frame, each precomposition's counted as often as it is used: 10 layers
    /// each using a precomposition of 10 layers, 7 deep, are 10 million, which rlottie's own budget cuts
    /// off at 100,000 after 15 seconds. Telegram's and rlottie's examples use at most 135.
    public static let maxLayers = 20_000

    /// The most precompositions one may be used inside: rlottie creates no layer deeper than 31 (the
    /// composition's own layers at 1, a precomposition's one deeper than the layer using it), so the layers
    /// of one inside 30 others would silently not be drawn.
    public static let maxNesting = 30

    /// How many layers a frame draws, or why they are not counted.
    enum DrawnLayers: Equatable {
        /// Saturating: `Int.max` stands for more than `Int` counts.
        case count(Int)
        /// The first precomposition found to hold itself.
        case cycle(String)
        /// The first precomposition used inside `maxNesting` others.
        case tooDeep(String)
    }

    /// The layers the document draws in a frame: each layer once, and a precomposition layer's asset's
    /// layers (theirs in turn) once more for each use.
    static func drawnLayers(_ document: JSONValue, weight: (JSONValue) -> Int = { _ in 1 }) -> DrawnLayers {
        let assets = precompositions(document)
        var counted: [[UInt8]: Int] = [:], open: Set<[UInt8]> = []
        var stop: DrawnLayers?
        func count(_ layers: [JSONValue], depth: Int) -> Int {
            var total = 0
            for layer in layers where stop == nil {
                total = saturatingSum(total, weight(layer))
                guard layer["ty"].flatMap(Lottie.integer) == 0, case .string(let name)? = layer["refId"], let inner = assets[Array(name.utf8)]
                else { continue }
                let id = Array(name.utf8)
                if let known = counted[id] {
                    total = saturatingSum(total, known)
                } else if open.contains(id) {
                    stop = .cycle(name)
                } else if depth >= maxNesting {
                    stop = .tooDeep(name)
                } else {
                    open.insert(id)
                    let value = count(inner, depth: depth + 1)
                    open.remove(id)
                    counted[id] = value
                    total = saturatingSum(total, value)
                }
            }
            return total
        }
        guard case .array(let layers)? = document["layers"] else { return .count(0) }
        let total = count(layers, depth: 0)
        return stop ?? .count(total)
    }

    /// The most steps rlottie may take a frame to colour the gradients (`maxGradientWork`): each gradient's
    /// colour stops times its opacity stops, as `Gradient::populate` (lottiemodel.cpp) looks up every colour
    /// stop's opacity among all of them, for every layer drawn. 60,000 colour stops over 120,000 opacity ones in
    /// a 2.8 KB TGS took inspect 14 s; a sticker's gradients have a few stops each.
    public static let maxGradientWork = 1_000_000

    /// The steps a layer's gradients (`gf`, `gs`) take to colour in a frame: for each gradient, its colour stops
    /// times its opacity stops, and one a colour stop, as rlottie counts them (`p` colour stops of four numbers,
    /// all of them when `p` is negative or more than the values hold; the opacity stops are the pairs left), of
    /// every number the gradient holds: rlottie adds a repeated key's values and a keyframe's end (`e`) to what
    /// it builds, so the whole is the most any frame can use. Times the layer's repeater copies (`copies`).
    static func gradientWork(_ layer: JSONValue) -> Int {
        var work = 0
        eachValue(layer) { value in
            guard case .object(let members) = value, case .string(let type)? = value["ty"], type == "gf" || type == "gs" else { return }
            for case ("g", let gradient) in members {
                // The numbers in the gradient's arrays (its values: `k`, a keyframe's `s` and `e`, each as often as written).
                var count = 0
                eachValue(gradient) { inner in
                    guard case .array(let items) = inner else { return }
                    count += items.reduce(0) { total, item in
                        switch item {
                        case .int, .number: total + 1
                        default: total
                        }
                    }
                }
                let points = gradient["p"].flatMap(Lottie.integer)
                let colours = points.map { $0 < 0 || $0 > count / 4 ? count / 4 : $0 } ?? count / 4
                let steps = colours.multipliedReportingOverflow(by: (count - 4 * colours) / 2)
                work = steps.overflow ? .max : saturatingSum(work, steps.partialValue + colours)
            }
        }
        return saturatingProduct(work, copies(layer))
    }

    /// The most keyframes rlottie may step through in a frame (`maxKeyframeWork`): it finds a property's value
    /// by looking through its keyframes in order, for every layer drawn and every repeater copy. 150,000
    /// keyframes on a layer drawn 9,900 times through precompositions took inspect 7 minutes.
    public static let maxKeyframeWork = 1_000_000

    /// The keyframes of a layer's properties (every object holding a time, `t`), times its repeater copies.
    static func keyframeWork(_ layer: JSONValue) -> Int {
        var count = 0
        eachValue(layer) { value in
            if case .object(let members) = value, members.contains(where: { $0.0 == "t" }) { count += 1 }
        }
        return saturatingProduct(count, copies(layer))
    }

    /// How many times rlottie makes a layer's shapes: the product of its repeaters' copies (`c`, each at its
    /// largest value, a keyframe's included and at most rlottie's 10,000), at most its budget of shape content for a document (15,000
    /// items, lottieitem.cpp `kMaxShapeContentBudget`).
    static func copies(_ layer: JSONValue) -> Int {
        var product = 1
        eachValue(layer) { value in
            guard case .object(let members) = value, case .string("rp")? = value["ty"] else { return }
            for case ("c", let c) in members {
                // The values (`k`, a keyframe's `s` and `e`), not the times and easing beside them.
                var largest = 1.0
                func take(_ value: JSONValue) {
                    switch value {
                    case .int(let n): largest = max(largest, Double(n))
                    case .number(let n) where n.isFinite: largest = max(largest, n)
                    case .array(let items): for item in items { take(item) }
                    default: break
                    }
                }
                eachValue(c) { inner in
                    guard case .object(let fields) = inner else { return }
                    for (key, field) in fields where key == "k" || key == "s" || key == "e" { take(field) }
                }
                product = min(15_000, product * Int(min(10_000, largest).rounded(.up)))
            }
        }
        return product
    }

    /// Every value in `root`, each before what it holds, at most `Lottie.valueBudget` of them.
    static func eachValue(_ root: JSONValue, _ body: (JSONValue) -> Void) {
        var budget = Lottie.valueBudget, stack = [root]
        while budget > 0, let value = stack.popLast() {
            budget -= 1
            body(value)
            switch value {
            case .object(let members): stack.append(contentsOf: members.reversed().map(\.1))
            case .array(let items): stack.append(contentsOf: items.reversed())
            default: break
            }
        }
    }

    /// The longest a keyframe's motion path may be (its control polygon: from the start, by its out tangent `to`,
    /// to the end less its in tangent `ti`, to the end): 64 times the widest drawing. rlottie measures such a path
    /// to 0.01 px by halving it and searches it for each frame's point: a path 10¹⁰ px long took 28 s to inspect
    /// on a null layer (which the reach check cannot see), 10⁶ px a second; 10⁵ px takes a moment.
    public static let maxMotionPath = 64.0 * Double(maxSide)

    /// The longest control polygon of any keyframe with spatial tangents in the document, or nil when none has any.
    static func longestMotionPath(_ document: JSONValue) -> Double? {
        var longest: Double?
        func point(_ value: JSONValue?) -> [Double]? {
            guard case .array(let items)? = value else { return nil }
            let numbers = items.compactMap { (item: JSONValue) -> Double? in
                switch item {
                case .int(let n): Double(n)
                case .number(let n): n
                default: nil
                }
            }
            return numbers.count == items.count && !numbers.isEmpty ? numbers : nil
        }
        // Points of two or three coordinates, the missing ones 0.
        func plus(_ a: [Double], _ b: [Double]) -> [Double] {
            (0..<max(a.count, b.count)).map { (a.indices.contains($0) ? a[$0] : 0) + (b.indices.contains($0) ? b[$0] : 0) }
        }
        func distance(_ a: [Double], _ b: [Double]) -> Double { plus(a, b.map { -$0 }).reduce(0) { $0 + $1 * $1 }.squareRoot() }
        eachValue(document) { value in
            guard case .array(let items) = value else { return }
            for (index, item) in items.enumerated() where item["to"] != nil || item["ti"] != nil {
                guard let start = point(item["s"]) else { continue }
                let end = point(item["e"]) ?? (index + 1 < items.count ? point(items[index + 1]["s"]) : nil) ?? start
                let out = point(item["to"]) ?? [0], into = point(item["ti"]) ?? [0]
                let leave = plus(start, out), arrive = plus(end, into)
                let length = distance(out, [0]) + distance(leave, arrive) + distance(into, [0])
                longest = max(longest ?? 0, length.isNaN ? .infinity : length)
            }
        }
        return longest
    }

    static func saturatingSum(_ a: Int, _ b: Int) -> Int { a.addingReportingOverflow(b).overflow ? .max : a + b }
    static func saturatingProduct(_ a: Int, _ b: Int) -> Int { a.multipliedReportingOverflow(by: b).overflow ? .max : a * b }

    /// The precompositions' layers by id, read as rlottie's parser reads them (lottieparser.cpp, `parseAssets`
    /// and `parseAsset`), so that no document counts fewer layers here than rlottie builds: every `assets` array
    /// of the document in turn; an id written as a number is its decimal text (`toString(GetInt())`), a missing
    /// one is empty; a repeated `layers` key adds its layers to the asset's; and an id used again replaces the
    /// asset before it (`mAssets[asset->mRefId] = asset`). Ids are told apart by their bytes, as rlottie's
    /// `std::string` does ("é" and "e" with a combining accent are two ids; Swift's `String` takes them as
    /// one); the reader refuses a key or text holding U+0000, where rlottie's C strings would end.
    static func precompositions(_ document: JSONValue) -> [[UInt8]: [JSONValue]] {
        var assets: [[UInt8]: [JSONValue]] = [:]
        guard case .object(let top) = document else { return assets }
        for case ("assets", .array(let list)) in top {
            for case .object(let members) in list {
                var id = "", layers: [JSONValue] = []
                for (key, value) in members {
                    switch (key, value) {
                    case ("id", .string(let text)): id = text
                    case ("id", let number): id = Lottie.integer(number).map(String.init) ?? id
                    case ("layers", .array(let more)): layers += more
                    default: break
                    }
                }
                assets[Array(id.utf8)] = layers
            }
        }
        return assets
    }

    /// rlottie's premultiplied ARGB (one 32-bit word a pixel) as straight RGBA bytes.
    static func straight(_ argb: some Collection<UInt32>) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: argb.count * 4)
        for (i, word) in argb.enumerated() {
            let a = Int(word >> 24)
            guard a > 0 else { continue }
            let r = Int((word >> 16) & 0xFF), g = Int((word >> 8) & 0xFF), b = Int(word & 0xFF)
            out[i * 4] = UInt8(min(255, (r * 255 + a / 2) / a))
            out[i * 4 + 1] = UInt8(min(255, (g * 255 + a / 2) / a))
            out[i * 4 + 2] = UInt8(min(255, (b * 255 + a / 2) / a))
            out[i * 4 + 3] = UInt8(a)
        }
        return out
    }

    /// The first image asset whose picture is not in the document (a path, not a data URI), if any.
    static func externalImage(_ document: JSONValue) -> String? {
        guard case .array(let assets)? = document["assets"] else { return nil }
        for asset in assets {
            guard case .string(let picture)? = asset["p"] else { continue }
            if !picture.lowercased().hasPrefix("data:") {
                let folder: String = if case .string(let u)? = asset["u"] { u } else { "" }
                return folder + picture
            }
        }
        return nil
    }

    /// rlottie's animation of `json` for the time of `body`; no model cache, no resource folder.
    static func withAnimation<T>(_ json: [UInt8], _ body: (OpaquePointer) throws(Failure) -> T) throws(Failure) -> T {
        let text = json + [0]
        let handle = text.withUnsafeBufferPointer { pointer in
            pointer.withMemoryRebound(to: CChar.self) { lottie_animation_from_data($0.baseAddress, "", "") }
        }
        guard let handle else { throw .refused }
        defer { lottie_animation_destroy(handle) }
        return try body(handle)
    }

    /// The most frames a preview shows, and its fastest rate.
    public static let previewFrames = 90
    public static let previewRate = 30.0

    /// A report's preview of a TGS or Lottie JSON: the canvas fitted within `maxSide`, every frame at up to
    /// 30 a second (every 2nd of a 60 fps sticker), at most 90 frames over the whole play, each shown for
    /// the time it stands for; nil when the document is not drawn (refused, or a frame that reaches too far).
    package static func preview(_ bytes: [UInt8], maxSide: Int) -> DecodedImage? {
        guard let animation = try? load(bytes) else { return nil }
        return try? frames(animation, maxSide: maxSide, maxFrames: previewFrames, maxRate: previewRate)
    }

    /// The animation as frames to make stickers from (`pack --render-lottie`): the canvas fitted within
    /// `maxSide` (enlarged to it only when `enlarging`: a vector drawing loses nothing), every frame at up to `maxRate` a second (every 2nd of a 60 fps sticker at
    /// 30), at most `maxFrames` over the whole play, each shown for the time it stands for (exactly, as a
    /// fraction of a second, at a whole frame rate), looping forever as Lottie players play it.
    public static func frames(
        _ animation: Animation, maxSide: Int, maxFrames: Int, maxRate: Double, enlarging: Bool = false
    ) throws(Failure) -> DecodedImage {
        let facts = animation.facts
        guard animation.frameCount > 0, facts.frameRate > 0, facts.width > 0, facts.height > 0 else {
            throw .outOfRange("an animation of \(animation.frameCount) frames on a \(facts.width)×\(facts.height) canvas: nothing to draw")
        }
        guard maxSide >= 1, maxFrames >= 1, maxRate > 0 else { throw .outOfRange("a drawing of no size, frames or rate") }
        let fit = Double(maxSide) / Double(max(facts.width, facts.height))
        let scale = enlarging ? fit : min(1, fit)
        let width = max(1, min(maxSide, Int((Double(facts.width) * scale).rounded())))
        let height = max(1, min(maxSide, Int((Double(facts.height) * scale).rounded())))
        let byRate = Int((facts.frameRate / maxRate).rounded(.up))
        let byCount = (animation.frameCount + maxFrames - 1) / maxFrames
        let step = max(1, byRate, byCount)
        let chosen = Array(stride(from: 0, to: animation.frameCount, by: step))
        let drawn = try render(animation, frames: chosen, width: width, height: height)
        // Each frame shown for the frames of the document's time it stands for, `step` / fr seconds; the last
        // for those left to the end (180 frames every 7th: the 26th frame stands for 5), so that the play lasts
        // what the document's does.
        let rate = facts.frameRate
        func delay(_ frames: Int) -> FrameDelay {
            rate == rate.rounded() && rate <= 65_535
                ? FrameDelay(numerator: frames, denominator: Int(rate))
                : FrameDelay(numerator: Int(saturatingRounded: Double(frames) / rate * 1000), denominator: 1000)
        }
        let delays = chosen.indices.map { delay((chosen.indices.contains($0 + 1) ? chosen[$0 + 1] : animation.frameCount) - chosen[$0]) }
        let header = ImageHeader(
            format: drawn.count > 1 ? .apng : .png, width: width, height: height, frameCount: drawn.count, loopCount: 0, hasAlpha: true,
            bitDepth: 8, colorModel: .rgba)
        return DecodedImage(header: header, frames: zip(drawn, delays).map { ImageFrame(pixels: $0, delay: $1) })
    }

    /// Where an animation draws, on its own canvas: the union over its frames (at most 60, evenly spread;
    /// drawn at most 512 a side) of the pixels with any alpha, as canvas edges (left, top, right, bottom);
    /// nil when it draws nothing.
    public static func drawnBounds(_ animation: Animation) throws(Failure) -> (left: Int, top: Int, right: Int, bottom: Int)? {
        let facts = animation.facts
        guard animation.frameCount > 0, facts.width > 0, facts.height > 0 else { return nil }
        let scale = min(1, 512 / Double(max(facts.width, facts.height)))
        let width = max(1, Int((Double(facts.width) * scale).rounded())), height = max(1, Int((Double(facts.height) * scale).rounded()))
        // The frames `overflow` looks at, so that inspect and check speak of the same frames.
        let frames = spread(animation.frameCount, atMost: overflowFrames)
        var left = Int.max, top = Int.max, right = Int.min, bottom = Int.min
        for frame in try render(animation, frames: frames, width: width, height: height) {
            for y in 0..<height {
                for x in 0..<width where frame[(y * width + x) * 4 + 3] > 0 {
                    left = min(left, x)
                    right = max(right, x + 1)
                    top = min(top, y)
                    bottom = max(bottom, y + 1)
                }
            }
        }
        guard left <= right else { return nil }
        func canvas(_ value: Int) -> Int { Int((Double(value) / scale).rounded()) }
        return (canvas(left), canvas(top), canvas(right), canvas(bottom))
    }

    /// `inspect`'s words for where a TGS or Lottie JSON draws: "drawn within x 128–384, y 128–384 of its
    /// 512×512 canvas", said to reach the canvas's edge where it does (what is past it is not shown).
    package static func drawnText(_ bytes: [UInt8]) -> String? {
        let animation: Animation
        do { animation = try load(bytes) } catch {
            if case .unreadable = error { return nil }
            return "not drawn: \(error)"
        }
        let facts = animation.facts
        let bounds: (left: Int, top: Int, right: Int, bottom: Int)?
        do { bounds = try drawnBounds(animation) } catch { return "not drawn: \(error)" }
        let past = try? overflow(animation)
        let leaving = past.map {
            ", leaving it (cut off at its edge) by up to \($0.pixels.grouped) px in \($0.framesText(total: animation.frameCount))"
        }
        guard let (left, top, right, bottom) = bounds else { return "draws nothing on its canvas" + (leaving ?? "") }
        let edge = left <= 0 || top <= 0 || right >= facts.width || bottom >= facts.height
        let text = "drawn within x \(left)–\(right), y \(top)–\(bottom) of its \(facts.width)×\(facts.height) canvas"
        return text + (leaving ?? (edge ? ", reaching its edge" : ""))
    }
}
