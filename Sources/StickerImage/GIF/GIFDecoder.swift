#if SystemCodecs
internal import StickerlintSystemGIF
#else
internal import StickerlintCGIF
#endif

/// Decodes GIF files to RGBA8 frames with giflib's record API.
///
/// The block structure is walked first (`GIFStructure`), so the budget is checked against every
/// image's size and the frame count before giflib allocates anything. Frames are composited on a
/// transparent canvas the size of the logical screen, clipped to it, with disposal 2 (clear to
/// transparent) and 3 (restore previous).
enum GIFDecoder {
    static func decode(
        _ bytes: [UInt8], limits: DecodeLimits,
        body: (FrameView) -> DecodeControl
    ) throws(ImageError) -> ImageHeader {
        let structure = try GIFStructure.read(MemoryByteSource(bytes))
        let header = structure.header
        try limits.check(width: header.width, height: header.height, frames: structure.images.count)
        for image in structure.images {
            try limits.check(width: image.region.width, height: image.region.height)
        }
        let deadline = limits.deadline()
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImageError) in
            var input = GIFInput(base: buffer.baseAddress!, length: buffer.count, offset: 0)
            try withUnsafeMutablePointer(to: &input) { (pointer) throws(ImageError) in
                try play(pointer, structure: structure, deadline: deadline, body: body)
            }
        }
        return header
    }

    private static func play(
        _ input: UnsafeMutablePointer<GIFInput>, structure: GIFStructure, deadline: Deadline,
        body: (FrameView) -> DecodeControl
    ) throws(ImageError) {
        var status: Int32 = 0
        guard let gif = DGifOpen(input, gifRead, &status) else { throw giflibError(status) }
        // The GifFileType is released whatever happens below; `input` outlives it.
        defer {
            var closeStatus: Int32 = 0
            DGifCloseFile(gif, &closeStatus)
        }
        let width = structure.width, height = structure.height
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var saved: [UInt8] = []
        var line: [GifByteType] = []
        var frameIndex = 0
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) != GIF_ERROR else { throw giflibError(gif.pointee.Error) }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) != GIF_ERROR else { throw giflibError(gif.pointee.Error) }
                guard frameIndex < structure.images.count else {
                    throw .gif(.moreImagesThanWalked, offset: nil)
                }
                let info = structure.images[frameIndex]
                let desc = gif.pointee.Image
                guard let colorMap = desc.ColorMap ?? gif.pointee.SColorMap else {
                    throw .gif(.noColorTable(image: frameIndex + 1), offset: info.offset)
                }
                let frameWidth = Int(desc.Width), frameHeight = Int(desc.Height)
                if info.disposal == 3 { saved = canvas }
                if line.count < frameWidth { line = [GifByteType](repeating: 0, count: frameWidth) }
                try canvas.withUnsafeMutableBufferPointer { (canvasBuffer) throws(ImageError) in
                    try line.withUnsafeMutableBufferPointer { (lineBuffer) throws(ImageError) in
                        for (done, row) in rowOrder(height: frameHeight, interlaced: desc.Interlace).enumerated() {
                            if done & 15 == 0 { try deadline.check() }
                            guard frameWidth == 0 || DGifGetLine(gif, lineBuffer.baseAddress, Int32(frameWidth)) != GIF_ERROR else {
                                throw giflibError(gif.pointee.Error)
                            }
                            try drawRow(
                                lineBuffer, frameWidth: frameWidth, row: row, info: info,
                                desc: desc, colorMap: colorMap.pointee, canvas: canvasBuffer,
                                canvasWidth: width, canvasHeight: height, frame: frameIndex)
                        }
                    }
                }
                let delay = FrameDelay(numerator: info.delay, denominator: 100)
                let control = canvas.withUnsafeBufferPointer { pixels in
                    body(FrameView(pixels: pixels, width: width, height: height, delay: delay, index: frameIndex))
                }
                if case .stop = control { return }
                switch info.disposal {
                case 2:
                    let drawn = CanvasRegion(x: info.region.x, y: info.region.y, width: frameWidth, height: frameHeight)
                    if let cleared = drawn.clipped(canvasWidth: width, canvasHeight: height) {
                        canvas.withUnsafeMutableBufferPointer { c in Compositor.clearRegion(c, canvasWidth: width, cleared) }
                    }
                case 3:
                    canvas = saved
                default:
                    break
                }
                frameIndex += 1
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) != GIF_ERROR else { throw giflibError(gif.pointee.Error) }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) != GIF_ERROR else { throw giflibError(gif.pointee.Error) }
                }
            case TERMINATE_RECORD_TYPE:
                return
            default:
                break
            }
        }
    }

    /// Rows in the order the stream stores them: GIF interlacing sends every 8th row from 0, every 8th
    /// from 4, every 4th from 2, then every 2nd from 1.
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return Array(stride(from: 0, to: height, by: 8)) + Array(stride(from: 4, to: height, by: 8))
            + Array(stride(from: 2, to: height, by: 4)) + Array(stride(from: 1, to: height, by: 2))
    }

    private static func drawRow(
        _ line: UnsafeMutableBufferPointer<GifByteType>, frameWidth: Int, row: Int,
        info: GIFStructure.Image, desc: GifImageDesc, colorMap: ColorMapObject,
        canvas: UnsafeMutableBufferPointer<UInt8>, canvasWidth: Int, canvasHeight: Int,
        frame: Int
    ) throws(ImageError) {
        let y = info.region.y + row
        let colors = colorMap.Colors!
        let colorCount = Int(colorMap.ColorCount)
        let transparent = info.transparentIndex ?? -1
        for column in 0..<frameWidth {
            let index = Int(line[column])
            if index == transparent { continue }
            guard index < colorCount else {
                throw .gif(.colorIndex(image: frame + 1, index: index, tableSize: colorCount), offset: info.offset)
            }
            let x = info.region.x + column
            // Frames are clipped to the logical screen.
            guard y < canvasHeight, x < canvasWidth else { continue }
            let p = (y * canvasWidth + x) * 4
            let color = colors[index]
            canvas[p] = color.Red
            canvas[p + 1] = color.Green
            canvas[p + 2] = color.Blue
            canvas[p + 3] = 255
        }
    }

    /// giflib's error codes as messages.
    static func giflibError(_ code: Int32) -> ImageError {
        let message: String
        switch code {
        case D_GIF_ERR_READ_FAILED: message = "the file ends before the GIF data does"
        case D_GIF_ERR_NOT_GIF_FILE: message = "not a GIF file"
        case D_GIF_ERR_NO_SCRN_DSCR: message = "no logical screen descriptor"
        case D_GIF_ERR_NO_IMAG_DSCR: message = "no image descriptor"
        case D_GIF_ERR_NO_COLOR_MAP: message = "no colour table"
        case D_GIF_ERR_WRONG_RECORD: message = "unknown block type"
        case D_GIF_ERR_DATA_TOO_BIG: message = "image data is larger than its descriptor allows"
        case D_GIF_ERR_NOT_ENOUGH_MEM: message = "out of memory"
        case D_GIF_ERR_IMAGE_DEFECT: message = "corrupt LZW image data"
        case D_GIF_ERR_EOF_TOO_SOON: message = "image data ends early"
        default: message = GifErrorString(code).map { String(cString: $0) } ?? "unknown error"
        }
        return .giflib(code: Int(code), message: message)
    }
}

/// Where giflib's read callback takes bytes from: a buffer that outlives the GifFileType.
private struct GIFInput {
    let base: UnsafePointer<UInt8>
    let length: Int
    var offset: Int
}

/// giflib's InputFunc over a `GIFInput` passed as UserData.
private let gifRead: InputFunc = { gif, buffer, count in
    guard let gif, let buffer, count > 0, let user = gif.pointee.UserData else { return 0 }
    let input = user.assumingMemoryBound(to: GIFInput.self)
    let n = min(Int(count), input.pointee.length - input.pointee.offset)
    guard n > 0 else { return 0 }
    buffer.update(from: input.pointee.base + input.pointee.offset, count: n)
    input.pointee.offset += n
    return Int32(n)
}
