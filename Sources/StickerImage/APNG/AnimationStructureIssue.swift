/// A fault in an APNG's animation chunks.
///
/// The APNG specification asks a decoder that meets one to show the default image instead of the
/// animation; stickerlint does that and reports the issue (rule `animation-structure`).
public enum AnimationStructureIssue: Sendable, Hashable, CustomStringConvertible {
    /// acTL must come before the first IDAT.
    case acTLAfterIDAT(offset: Int)
    /// More than one acTL.
    case duplicateACTL(offset: Int)
    /// fcTL or fdAT chunks in a file with no acTL before its image data.
    case animationChunksWithoutACTL(chunk: String, offset: Int)
    /// A control chunk of the wrong length.
    case badChunkLength(chunk: String, offset: Int, length: Int, expected: Int)
    /// acTL's num_frames is 0.
    case numFramesZero
    /// acTL's num_frames or num_plays exceeds 2^31-1.
    case valueOutOfRange(field: String, value: UInt32)
    /// acTL's num_frames differs from the number of fcTL chunks.
    case frameCountMismatch(declared: Int, found: Int)
    /// fcTL and fdAT share one sequence, from 0 without gaps or repeats.
    case sequence(chunk: String, offset: Int, expected: UInt32, found: UInt32)
    /// A frame's region is empty or extends past the canvas.
    case frameOutsideCanvas(frame: Int, x: Int, y: Int, width: Int, height: Int, canvasWidth: Int, canvasHeight: Int)
    /// The fcTL of the default image must cover the whole canvas at offset 0,0.
    case defaultImageRegion(x: Int, y: Int, width: Int, height: Int, canvasWidth: Int, canvasHeight: Int)
    /// dispose_op above 2 or blend_op above 1.
    case invalidOperation(frame: Int, dispose: Int, blend: Int)
    /// An fdAT with no fcTL of its own before it.
    case missingFrameControl(offset: Int)
    /// An fcTL followed by no image data (IDAT or fdAT).
    case missingFrameData(frame: Int)
    /// An fdAT before the default image's IDAT.
    case frameDataBeforeIDAT(offset: Int)

    public var description: String {
        switch self {
        case .acTLAfterIDAT(let offset):
            "acTL chunk at byte \(offset.grouped) comes after the image data; the file plays as a still PNG"
        case .duplicateACTL(let offset):
            "second acTL chunk at byte \(offset.grouped); an APNG has exactly one"
        case .animationChunksWithoutACTL(let chunk, let offset):
            "\(chunk) chunk at byte \(offset.grouped) but no acTL chunk; the file plays as a still PNG"
        case .badChunkLength(let chunk, let offset, let length, let expected):
            "\(chunk) chunk at byte \(offset.grouped) is \(length) bytes long, not \(expected)"
        case .numFramesZero:
            "acTL declares 0 frames; an APNG needs at least 1"
        case .valueOutOfRange(let field, let value):
            "acTL \(field) is \(value.grouped), above the PNG limit of 2,147,483,647"
        case .frameCountMismatch(let declared, let found):
            "acTL declares \(declared.grouped) \(declared == 1 ? "frame" : "frames") but the file has \(found.grouped) fcTL \(found == 1 ? "chunk" : "chunks")"
        case .sequence(let chunk, let offset, let expected, let found):
            "\(chunk) chunk at byte \(offset.grouped) has sequence number \(found), expected \(expected)"
        case .frameOutsideCanvas(let frame, let x, let y, let w, let h, let cw, let ch):
            "frame \(frame + 1) region \(w)×\(h) at (\(x), \(y)) does not fit the \(cw)×\(ch) canvas"
        case .defaultImageRegion(let x, let y, let w, let h, let cw, let ch):
            "the default image's fcTL region \(w)×\(h) at (\(x), \(y)) must cover the whole \(cw)×\(ch) canvas"
        case .invalidOperation(let frame, let dispose, let blend):
            "frame \(frame + 1) has dispose_op \(dispose) and blend_op \(blend); valid values are 0–2 and 0–1"
        case .missingFrameControl(let offset):
            "fdAT chunk at byte \(offset.grouped) has no fcTL before it"
        case .missingFrameData(let frame):
            "frame \(frame + 1) has an fcTL chunk but no image data"
        case .frameDataBeforeIDAT(let offset):
            "fdAT chunk at byte \(offset.grouped) comes before the default image's IDAT"
        }
    }
}
