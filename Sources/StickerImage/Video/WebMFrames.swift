extension WebM {
    /// The coded frames of a WebM file's first video track, in file order: each frame's time
    /// (milliseconds), its packet, and the alpha stream's packet where a BlockGroup carries one
    /// (BlockAdditions, BlockAddID 1). What a decoder needs to show the video; `read` has the facts.
    /// Laced blocks (never used for video) are refused.
    public static func frames(_ bytes: [UInt8]) throws(WebMError) -> [WebMWriter.Frame] {
        guard isEBML(bytes) else { throw .notEBML }
        var state = FrameWalk()
        try bytes.withUnsafeBufferPointer { (b) throws(WebMError) in try walkFrames(b, from: 0, to: b.count, depth: 0, into: &state) }
        guard let track = state.videoTrack else { throw .missing("no video track") }
        let scale = Double(state.timestampScale) / 1e6
        return state.blocks.filter { $0.track == track }.map { block in
            WebMWriter.Frame(
                milliseconds: Int((Double(block.ticks) * scale).rounded()), data: block.data, alpha: block.alpha, keyframe: block.keyframe)
        }
    }

    struct FrameWalk {
        var timestampScale = 1_000_000
        var videoTrack: Int?
        var entryNumber = 0
        var entryType = 0
        var clusterTicks = 0
        var blocks: [(track: Int, ticks: Int, data: [UInt8], alpha: [UInt8]?, keyframe: Bool)] = []
        /// The BlockGroup being read: its block, the alpha in its additions, whether it refers back.
        var group: (track: Int, ticks: Int, data: [UInt8], keyframe: Bool)?
        var groupAlpha: [UInt8]?
        var addID = 1
        var referencesBack = false
        var elements = 0
    }

    private static func walkFrames(
        _ b: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, depth: Int, into s: inout FrameWalk
    )
        throws(WebMError)
    {
        var elements = try Elements(b, from: start, to: end, depth: depth)
        while let (identifier, data, elementStart) = try elements.next(counting: &s.elements) {
            func unsigned() throws(WebMError) -> Int { Int(clamping: try bits(b, data, of: identifier, at: elementStart)) }
            switch identifier {
            case ID.timestampScale:
                let scale = try unsigned()
                guard (1...maxTimestampScale).contains(scale) else {
                    throw .outOfRange(element: "the TimestampScale", offset: elementStart, value: "\(scale)", range: "1 to \(maxTimestampScale) ns")
                }
                s.timestampScale = scale
            case ID.trackEntry:
                s.entryNumber = 0
                s.entryType = 0
                try walkFrames(b, from: data.lowerBound, to: data.upperBound, depth: depth + 1, into: &s)
                if s.entryType == 1, s.videoTrack == nil { s.videoTrack = s.entryNumber }
            case ID.trackNumber: s.entryNumber = try unsigned()
            case ID.trackType: s.entryType = try unsigned()
            case ID.clusterTimestamp:
                let ticks = try unsigned()
                guard ticks <= maxTicks else {
                    throw .outOfRange(element: "a Cluster's Timestamp", offset: elementStart, value: "\(ticks)", range: "0 to \(maxTicks) ticks")
                }
                s.clusterTicks = ticks
            case ID.simpleBlock:
                let block = try frameBlock(b, data, at: elementStart, clusterTicks: s.clusterTicks)
                s.blocks.append((block.track, block.ticks, block.data, nil, block.flags & 0x80 != 0))
            case ID.blockGroup:
                s.group = nil
                s.groupAlpha = nil
                s.referencesBack = false
                try walkFrames(b, from: data.lowerBound, to: data.upperBound, depth: depth + 1, into: &s)
                if let group = s.group { s.blocks.append((group.track, group.ticks, group.data, s.groupAlpha, !s.referencesBack)) }
            case ID.block:
                let block = try frameBlock(b, data, at: elementStart, clusterTicks: s.clusterTicks)
                s.group = (block.track, block.ticks, block.data, false)
            case 0xFB: s.referencesBack = true  // ReferenceBlock: the frame depends on another
            case 0x75A1: try walkFrames(b, from: data.lowerBound, to: data.upperBound, depth: depth + 1, into: &s)  // BlockAdditions
            case 0xA6:  // BlockMore: BlockAddID (1 when absent) and BlockAdditional
                s.addID = 1
                try walkFrames(b, from: data.lowerBound, to: data.upperBound, depth: depth + 1, into: &s)
            case 0xEE: s.addID = try unsigned()
            case 0xA5 where s.addID == 1: s.groupAlpha = Array(b[data])
            case ID.segment, ID.cluster, ID.tracks: try walkFrames(b, from: data.lowerBound, to: data.upperBound, depth: depth + 1, into: &s)
            default: break
            }
        }
    }

    private static func frameBlock(
        _ b: UnsafeBufferPointer<UInt8>, _ data: Range<Int>, at elementStart: Int, clusterTicks: Int
    )
        throws(WebMError) -> (track: Int, ticks: Int, flags: UInt8, data: [UInt8])
    {
        let (track, relative, flags, payload) = try blockHeader(b, data, at: elementStart)
        guard flags & 0x06 == 0 else { throw .badValue(element: "a laced Block", offset: elementStart) }
        return (track, clusterTicks + relative, flags, Array(b[payload..<data.upperBound]))
    }
}
