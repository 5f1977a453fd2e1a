/// Writes APNG files: each frame encoded by libpng, then stickerlint's own chunk writer puts acTL
/// before the first IDAT and numbers fcTL and fdAT in one shared sequence, with correct CRCs.
public enum APNGEncoder {
    /// One frame: its region of the canvas, its pixels (region-sized RGBA8) and how it is shown.
    public struct Frame: Sendable, Hashable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
        public var rgba: [UInt8]
        public var delay: FrameDelay
        /// 0 NONE, 1 BACKGROUND, 2 PREVIOUS.
        public var dispose: Int
        /// 0 SOURCE, 1 OVER.
        public var blend: Int
        /// The same frame for blend OVER, when that shows exactly the same: the pixels that do not
        /// change transparent (`encode(…, deflateLevel:)` keeps whichever encodes smaller).
        public var over: [UInt8]?

        public init(
            x: Int = 0, y: Int = 0, width: Int, height: Int, rgba: [UInt8], delay: FrameDelay,
            dispose: Int = 0, blend: Int = 0, over: [UInt8]? = nil
        ) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.rgba = rgba
            self.delay = delay
            self.dispose = dispose
            self.blend = blend
            self.over = over
        }
    }

    /// Encodes an animation. The first frame is the default image, so it must cover the canvas.
    /// `loopCount` is num_plays: 0 plays forever.
    public static func encode(
        width: Int, height: Int, frames: [Frame], loopCount: Int = 0,
        compressionLevel: Int = 6
    ) throws(ImageError) -> [UInt8] {
        guard let first = frames.first, first.x == 0, first.y == 0, first.width == width, first.height == height else {
            throw .encoding(.firstFrameNotCanvas(width: width, height: height))
        }
        return try encodeRGBA(width: width, height: height, frames: frames, loopCount: loopCount, compressionLevel: compressionLevel)
    }

    /// Encodes an animation as small as stickerlint can without loss: every frame in the smallest
    /// colour type and bit depth that holds all of them (one palette for all when they have at most
    /// 256 colours together), each frame's rows filtered by the best of the optimiser's strategies and
    /// compressed by libdeflate at `deflateLevel`; a frame with `over` pixels is written with blend OVER
    /// when those encode smaller.
    static func encode(
        width: Int, height: Int, frames: [Frame], loopCount: Int = 0,
        deflateLevel: Int, family: PNGReduction.ColourFamily = .any
    ) throws(ImageError) -> [UInt8] {
        guard let first = frames.first, first.x == 0, first.y == 0, first.width == width, first.height == height else {
            throw .encoding(.firstFrameNotCanvas(width: width, height: height))
        }
        let plan = PNGReduction.plan(frames.map(\.rgba), family: family)
        var actl: [UInt8] = []
        PNGWriter.append32(UInt32(frames.count), to: &actl)
        PNGWriter.append32(UInt32(loopCount), to: &actl)
        var out = PNGWriter.start(
            width: width, height: height, bitDepth: plan.bitDepth, colorType: plan.colorType,
            palette: plan.palette, transparency: plan.transparency, afterHeader: [(PNGChunk.acTL, actl)])
        // A frame's OVER pixels are transparent black where nothing changes: the plan must hold that colour.
        let overFits = plan.colorType.hasAlphaChannel || (plan.colorType == .palette && plan.indexes[0] != nil)
        var sequence: UInt32 = 0
        // One set of compressors for every frame's candidates.
        let compressors = Deflate.Compressors()
        for (index, original) in frames.enumerated() {
            var frame = original
            var data = try PNGOptimizer.smallestImageData(
                PNGReduction.raster(rgba: frame.rgba, width: frame.width, height: frame.height, plan: plan),
                level: deflateLevel, compressors: compressors)
            if overFits, let over = frame.over {
                // OVER only when smaller: its stream stops once it cannot be.
                let raster = PNGReduction.raster(rgba: over, width: frame.width, height: frame.height, plan: plan)
                if let overData = try PNGOptimizer.smallestImageData(
                    raster, strategies: PNGOptimizer.strategies, level: deflateLevel, exhaustive: false, compressors: compressors, under: data.count)
                {
                    data = overData
                    frame.blend = 1
                }
            }
            appendControl(frame, sequence: sequence, to: &out)
            sequence += 1
            if index == 0 {
                PNGWriter.appendChunk(PNGChunk.IDAT, data, to: &out)
            } else {
                var number: [UInt8] = []
                PNGWriter.append32(sequence, to: &number)
                PNGWriter.appendChunk(PNGChunk.fdAT, parts: [number[...], data[...]], to: &out)
                sequence += 1
            }
        }
        PNGWriter.appendChunk(PNGChunk.IEND, [], to: &out)
        return out
    }

    /// A frame's fcTL chunk.
    static func appendControl(_ frame: Frame, sequence: UInt32, to out: inout [UInt8]) {
        var fctl: [UInt8] = []
        for value in [sequence, UInt32(frame.width), UInt32(frame.height), UInt32(frame.x), UInt32(frame.y)] {
            PNGWriter.append32(value, to: &fctl)
        }
        // A delay past 16 bits (a WebP frame of 70 s is 70,000/1,000) as the fcTL can hold it, never a trap.
        let delay = frame.delay.apng
        fctl += [
            UInt8(delay.numerator >> 8), UInt8(delay.numerator & 0xFF),
            UInt8(delay.denominator >> 8), UInt8(delay.denominator & 0xFF),
            UInt8(frame.dispose), UInt8(frame.blend)
        ]
        PNGWriter.appendChunk(PNGChunk.fcTL, fctl, to: &out)
    }

    /// Every frame as 8-bit RGBA, encoded by libpng at zlib `compressionLevel` (test fixtures).
    static func encodeRGBA(width: Int, height: Int, frames: [Frame], loopCount: Int, compressionLevel: Int) throws(ImageError) -> [UInt8] {
        var out = Sniffer.pngSignature
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            let png = try PNGEncoder.encode(
                rgba: frame.rgba, width: frame.width, height: frame.height,
                compressionLevel: compressionLevel)
            let chunks = try png.withUnsafeBufferPointer { (buffer) throws(ImageError) in
                try PNGLexer.walk(UnsafeRawBufferPointer(buffer))
            }
            if index == 0 {
                for chunk in chunks where chunk.type != PNGChunk.IDAT && chunk.type != PNGChunk.IEND {
                    out += png[chunk.wholeRange]
                    if chunk.type == PNGChunk.IHDR {
                        var actl: [UInt8] = []
                        PNGWriter.append32(UInt32(frames.count), to: &actl)
                        PNGWriter.append32(UInt32(loopCount), to: &actl)
                        PNGWriter.appendChunk(PNGChunk.acTL, actl, to: &out)
                    }
                }
            }
            appendControl(frame, sequence: sequence, to: &out)
            sequence += 1
            for chunk in chunks where chunk.type == PNGChunk.IDAT {
                if index == 0 {
                    out += png[chunk.wholeRange]
                } else {
                    var number: [UInt8] = []
                    PNGWriter.append32(sequence, to: &number)
                    PNGWriter.appendChunk(PNGChunk.fdAT, parts: [number[...], png[chunk.dataRange]], to: &out)
                    sequence += 1
                }
            }
        }
        PNGWriter.appendChunk(PNGChunk.IEND, [], to: &out)
        return out
    }
}
