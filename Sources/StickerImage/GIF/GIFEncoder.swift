#if SystemCodecs
internal import StickerlintSystemGIF
#else
internal import StickerlintCGIF
#endif

/// Writes GIF files with giflib.
public enum GIFEncoder {
    /// One image of the stream: palette indexes for its rectangle and its Graphic Control Extension.
    public struct Frame: Sendable, Hashable {
        public var left: Int
        public var top: Int
        public var width: Int
        public var height: Int
        /// width × height palette indexes.
        public var indexes: [UInt8]
        /// Centiseconds.
        public var delay: Int
        /// 0 unspecified, 1 keep, 2 restore to background (transparent), 3 restore previous.
        public var disposal: Int
        public var transparentIndex: Int?
        /// RGB triples of a local colour table, or empty to use the global one.
        public var localPalette: [UInt8]
        public var interlaced: Bool

        public init(
            left: Int = 0, top: Int = 0, width: Int, height: Int, indexes: [UInt8], delay: Int = 0,
            disposal: Int = 0, transparentIndex: Int? = nil, localPalette: [UInt8] = [], interlaced: Bool = false
        ) {
            self.left = left
            self.top = top
            self.width = width
            self.height = height
            self.indexes = indexes
            self.delay = delay
            self.disposal = disposal
            self.transparentIndex = transparentIndex
            self.localPalette = localPalette
            self.interlaced = interlaced
        }
    }

    /// Encodes a GIF89a. `palette` holds RGB triples (padded to a power of two); `loopCount` writes a
    /// NETSCAPE2.0 extension when given (0 loops forever).
    public static func encode(
        width: Int, height: Int, palette: [UInt8], frames: [Frame],
        loopCount: Int? = nil
    ) throws(ImageError) -> [UInt8] {
        for table in [palette] + frames.map(\.localPalette).filter({ !$0.isEmpty }) where !(3...768).contains(table.count) || table.count % 3 != 0 {
            throw .encoding(.paletteSize(bytes: table.count))
        }
        var sink = GIFOutput()
        try withUnsafeMutablePointer(to: &sink) { (pointer) throws(ImageError) in
            try write(into: pointer, width: width, height: height, palette: palette, frames: frames, loopCount: loopCount)
        }
        return sink.bytes
    }

    private static func write(
        into sink: UnsafeMutablePointer<GIFOutput>, width: Int, height: Int, palette: [UInt8],
        frames: [Frame], loopCount: Int?
    ) throws(ImageError) {
        var status: Int32 = 0
        guard let gif = EGifOpen(sink, gifWrite, &status) else { throw GIFDecoder.giflibError(status) }
        var closed = false
        defer { if !closed { var s: Int32 = 0; EGifCloseFile(gif, &s) } }
        func check(_ result: Int32) throws(ImageError) {
            if result == GIF_ERROR { throw GIFDecoder.giflibError(gif.pointee.Error) }
        }
        EGifSetGifVersion(gif, true)
        let global = colorMap(palette)
        defer { GifFreeMapObject(global) }
        let bits = Int32(max(1, bitsFor(palette.count / 3)))
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), bits, 0, global))
        if let loopCount {
            try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
            let identifier = Array("NETSCAPE2.0".utf8)
            try check(identifier.withUnsafeBufferPointer { EGifPutExtensionBlock(gif, 11, $0.baseAddress) })
            let loop: [UInt8] = [1, UInt8(loopCount & 0xFF), UInt8((loopCount >> 8) & 0xFF)]
            try check(loop.withUnsafeBufferPointer { EGifPutExtensionBlock(gif, 3, $0.baseAddress) })
            try check(EGifPutExtensionTrailer(gif))
        }
        for frame in frames {
            var gcb = GraphicsControlBlock(
                DisposalMode: Int32(frame.disposal), UserInputFlag: false, DelayTime: Int32(frame.delay),
                TransparentColor: frame.transparentIndex.map { Int32($0) } ?? NO_TRANSPARENT_COLOR)
            var gce = [GifByteType](repeating: 0, count: 4)
            _ = gce.withUnsafeMutableBufferPointer { EGifGCBToExtension(&gcb, $0.baseAddress) }
            try check(gce.withUnsafeBufferPointer { EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, $0.baseAddress) })
            let local = frame.localPalette.isEmpty ? nil : colorMap(frame.localPalette)
            defer { if let local { GifFreeMapObject(local) } }
            try check(
                EGifPutImageDesc(
                    gif, Int32(frame.left), Int32(frame.top), Int32(frame.width), Int32(frame.height),
                    frame.interlaced, local))
            var rows = frame.indexes
            for row in GIFDecoder.rowOrder(height: frame.height, interlaced: frame.interlaced) {
                try check(
                    rows.withUnsafeMutableBufferPointer {
                        EGifPutLine(gif, $0.baseAddress! + row * frame.width, Int32(frame.width))
                    })
            }
        }
        closed = true
        try check(EGifCloseFile(gif, &status))
    }

    private static func bitsFor(_ colors: Int) -> Int {
        var bits = 1
        while (1 << bits) < colors { bits += 1 }
        return bits
    }

    private static func colorMap(_ palette: [UInt8]) -> UnsafeMutablePointer<ColorMapObject>? {
        let count = 1 << bitsFor(max(2, palette.count / 3))
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: count)
        for i in 0..<(palette.count / 3) {
            colors[i] = GifColorType(Red: palette[3 * i], Green: palette[3 * i + 1], Blue: palette[3 * i + 2])
        }
        return colors.withUnsafeBufferPointer { GifMakeMapObject(Int32(count), $0.baseAddress) }
    }
}

/// Where giflib's write callback appends bytes.
private struct GIFOutput {
    var bytes: [UInt8] = []
}

/// giflib's OutputFunc over a `GIFOutput` passed as UserData.
private let gifWrite: OutputFunc = { gif, data, count in
    guard let gif, let data, count > 0, let user = gif.pointee.UserData else { return 0 }
    user.assumingMemoryBound(to: GIFOutput.self).pointee.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
    return count
}
