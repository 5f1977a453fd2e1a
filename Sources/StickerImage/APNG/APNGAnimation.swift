/// The animation an APNG's chunks describe, checked against the APNG specification.
struct APNGAnimation: Sendable {
    /// One frame's fcTL and where its compressed data lies.
    struct Frame: Sendable {
        /// The fcTL's region of the canvas.
        var region: CanvasRegion
        var delay: FrameDelay
        /// 0 NONE, 1 BACKGROUND, 2 PREVIOUS.
        var dispose: Int
        /// 0 SOURCE, 1 OVER.
        var blend: Int
        /// The frame is the default image (its fcTL precedes IDAT) and its data is the IDAT stream.
        var isDefaultImage: Bool
        /// Byte ranges of the zlib stream: IDAT data, or fdAT data after the sequence number.
        var data: [Range<Int>] = []
    }

    var numFrames: Int
    var numPlays: Int
    var frames: [Frame]
    var defaultImageIsFrame: Bool { frames.first?.isDefaultImage ?? false }

    static let dispose = (none: 0, background: 1, previous: 2)
    static let blend = (source: 0, over: 1)

    /// Reads the animation from verified chunks. Returns nil with no issues for a plain PNG; nil with
    /// issues for an animation that must not be played; the animation with no issues otherwise.
    static func read(
        chunks: [PNGChunk], header: PNGHeader, bytes: UnsafeRawBufferPointer
    )
        -> (animation: APNGAnimation?, issues: [AnimationStructureIssue])
    {
        func u32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
        }
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }

        var issues: [AnimationStructureIssue] = []
        var control: (frames: UInt32, plays: UInt32)?
        var seenIDAT = false
        var firstAnimationChunk: PNGChunk?
        var nextSequence: UInt32 = 0
        var frames: [Frame] = []

        func checkSequence(_ chunk: PNGChunk) {
            let found = u32(chunk.dataOffset)
            if found != nextSequence {
                issues.append(.sequence(chunk: chunk.name, offset: chunk.offset, expected: nextSequence, found: found))
            }
            nextSequence = found &+ 1
        }

        for chunk in chunks {
            switch chunk.type {
            case PNGChunk.acTL:
                if seenIDAT {
                    issues.append(.acTLAfterIDAT(offset: chunk.offset))
                } else if control != nil {
                    issues.append(.duplicateACTL(offset: chunk.offset))
                } else if chunk.length != 8 {
                    issues.append(.badChunkLength(chunk: "acTL", offset: chunk.offset, length: chunk.length, expected: 8))
                } else {
                    control = (u32(chunk.dataOffset), u32(chunk.dataOffset + 4))
                }
            case PNGChunk.fcTL:
                if firstAnimationChunk == nil { firstAnimationChunk = chunk }
                guard chunk.length == 26 else {
                    issues.append(.badChunkLength(chunk: "fcTL", offset: chunk.offset, length: chunk.length, expected: 26))
                    continue
                }
                checkSequence(chunk)
                if let last = frames.last, last.data.isEmpty {
                    issues.append(.missingFrameData(frame: frames.count - 1))
                }
                let d = chunk.dataOffset
                frames.append(
                    Frame(
                        region: CanvasRegion(x: Int(u32(d + 12)), y: Int(u32(d + 16)), width: Int(u32(d + 4)), height: Int(u32(d + 8))),
                        delay: FrameDelay(numerator: u16(d + 20), denominator: u16(d + 22)),
                        dispose: Int(bytes[d + 24]), blend: Int(bytes[d + 25]), isDefaultImage: !seenIDAT))
            case PNGChunk.IDAT:
                seenIDAT = true
                if let last = frames.indices.last, frames[last].isDefaultImage {
                    frames[last].data.append(chunk.dataRange)
                }
            case PNGChunk.fdAT:
                if firstAnimationChunk == nil { firstAnimationChunk = chunk }
                guard chunk.length >= 4 else {
                    issues.append(.badChunkLength(chunk: "fdAT", offset: chunk.offset, length: chunk.length, expected: 4))
                    continue
                }
                checkSequence(chunk)
                if !seenIDAT { issues.append(.frameDataBeforeIDAT(offset: chunk.offset)) }
                if let last = frames.indices.last, !frames[last].isDefaultImage {
                    frames[last].data.append((chunk.dataOffset + 4)..<(chunk.dataOffset + chunk.length))
                } else {
                    issues.append(.missingFrameControl(offset: chunk.offset))
                }
            default:
                break
            }
        }
        if let last = frames.last, last.data.isEmpty, !issues.contains(.missingFrameData(frame: frames.count - 1)) {
            issues.append(.missingFrameData(frame: frames.count - 1))
        }

        guard let control else {
            // Without a usable acTL the file is a still PNG; say why its animation chunks are ignored.
            let late = issues.filter { if case .acTLAfterIDAT = $0 { true } else { false } }
            if !late.isEmpty { return (nil, late) }
            if let chunk = firstAnimationChunk {
                return (nil, [.animationChunksWithoutACTL(chunk: chunk.name, offset: chunk.offset)])
            }
            return (nil, [])
        }
        if control.frames == 0 { issues.append(.numFramesZero) }
        if control.frames > 0x7FFF_FFFF { issues.append(.valueOutOfRange(field: "num_frames", value: control.frames)) }
        if control.plays > 0x7FFF_FFFF { issues.append(.valueOutOfRange(field: "num_plays", value: control.plays)) }
        if control.frames != 0, Int(control.frames) != frames.count {
            issues.append(.frameCountMismatch(declared: Int(control.frames), found: frames.count))
        }
        for (index, frame) in frames.enumerated() {
            if frame.dispose > 2 || frame.blend > 1 {
                issues.append(.invalidOperation(frame: index, dispose: frame.dispose, blend: frame.blend))
            }
            if frame.isDefaultImage {
                if frame.region.x != 0 || frame.region.y != 0 || frame.region.width != header.width || frame.region.height != header.height {
                    issues.append(
                        .defaultImageRegion(
                            x: frame.region.x, y: frame.region.y, width: frame.region.width, height: frame.region.height,
                            canvasWidth: header.width, canvasHeight: header.height))
                }
            } else if frame.region.width == 0 || frame.region.height == 0
                || !frame.region.fits(canvasWidth: header.width, canvasHeight: header.height)
            {
                issues.append(
                    .frameOutsideCanvas(
                        frame: index, x: frame.region.x, y: frame.region.y, width: frame.region.width, height: frame.region.height,
                        canvasWidth: header.width, canvasHeight: header.height))
            }
        }
        if !issues.isEmpty { return (nil, issues) }
        return (APNGAnimation(numFrames: Int(control.frames), numPlays: Int(control.plays), frames: frames), [])
    }
}
