#if VideoStickers
internal import CStickerVideo
#endif

/// VP9 through libvpx, the reference encoder and decoder (the VideoStickers trait; a build without it
/// has neither, and says so). A video sticker with alpha is two VP9 streams of the same settings: the
/// colour, and the alpha as a stream whose Y plane is the alpha (`I420(alphaOf:width:height:)`).
public enum VP9 {
    /// Whether this build encodes and decodes VP9.
    public static var isAvailable: Bool {
        #if VideoStickers
        true
        #else
        false
        #endif
    }

    /// Why VP9 could not be encoded or decoded: libvpx's words, or that this build has no libvpx.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }

        public static let unavailable = Failure(
            reason: "this stickerlint was built without libvpx (the VideoStickers trait): install libvpx "
                + "(apt-get install libvpx-dev, brew install libvpx) and build with make")
    }

    /// The best and worst qualities of VP9's constant-quality mode (the quantizer: 0 is the best).
    public static let qualities = 0...63

    /// One coded frame: its packet and whether it is a key frame.
    public struct Packet: Sendable, Hashable {
        public var data: [UInt8]
        public var keyframe: Bool
    }

    /// Encodes `frames` (each shown from `times[i].start` for `times[i].duration` milliseconds) at the
    /// constant quality `quality` (0 best … 63), libvpx's speed `speed` (0 slowest … 8): one packet a frame,
    /// the first a key frame.
    public static func encode(
        _ frames: [I420], times: [(start: Int, duration: Int)], quality: Int, speed: Int = 4
    ) throws(Failure)
        -> [Packet]
    {
        #if VideoStickers
        guard let first = frames.first else { return [] }
        precondition(times.count == frames.count && qualities.contains(quality))
        var error = [CChar](repeating: 0, count: 256)
        guard let encoder = sv_encoder_create(Int32(first.width), Int32(first.height), Int32(quality), Int32(speed), 1, &error, error.count) else {
            throw Failure(reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { sv_encoder_destroy(encoder) }
        var packets: [Packet] = []
        packets.reserveCapacity(frames.count)
        for (index, frame) in frames.enumerated() {
            let status = frame.y.withUnsafeBufferPointer { y in
                frame.u.withUnsafeBufferPointer { u in
                    frame.v.withUnsafeBufferPointer { v in
                        sv_encoder_encode(
                            encoder, y.baseAddress, u.baseAddress, v.baseAddress, Int64(times[index].start), UInt(max(1, times[index].duration)),
                            index == 0 ? 1 : 0)
                    }
                }
            }
            guard status == 0 else { throw Failure(reason: String(cString: sv_encoder_error(encoder))) }
            var data: UnsafePointer<UInt8>?
            var size = 0
            var keyframe: Int32 = 0
            guard sv_encoder_packet(encoder, &data, &size, &keyframe) == 0, let data else {
                throw Failure(reason: "VP9 encoding: libvpx gave no packet for frame \(index + 1)")
            }
            packets.append(Packet(data: Array(UnsafeBufferPointer(start: data, count: size)), keyframe: keyframe != 0))
        }
        return packets
        #else
        throw .unavailable
        #endif
    }

    /// Decodes packets of one stream to frames, one a packet.
    public static func decode(_ packets: [[UInt8]]) throws(Failure) -> [I420] {
        #if VideoStickers
        var error = [CChar](repeating: 0, count: 256)
        guard let decoder = sv_decoder_create(&error, error.count) else {
            throw Failure(reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { sv_decoder_destroy(decoder) }
        var frames: [I420] = []
        for (index, packet) in packets.enumerated() {
            let status = packet.withUnsafeBufferPointer { sv_decoder_decode(decoder, $0.baseAddress, $0.count) }
            guard status == 0 else { throw Failure(reason: String(cString: sv_decoder_error(decoder)) + " (frame \(index + 1))") }
            var width: Int32 = 0, height: Int32 = 0
            let found = sv_decoder_frame(decoder, &width, &height, nil, 0, nil, nil, 0)
            guard found == 0 else {
                if found < 0 { throw Failure(reason: String(cString: sv_decoder_error(decoder))) }
                throw Failure(reason: "VP9 decoding: frame \(index + 1) decoded to no picture")
            }
            let w = Int(width), h = Int(height), chroma = I420.chroma(w) * I420.chroma(h)
            var y = [UInt8](repeating: 0, count: w * h), u = [UInt8](repeating: 0, count: chroma), v = [UInt8](repeating: 0, count: chroma)
            let copied = y.withUnsafeMutableBufferPointer { yp in
                u.withUnsafeMutableBufferPointer { up in
                    v.withUnsafeMutableBufferPointer { vp in
                        sv_decoder_frame(decoder, &width, &height, yp.baseAddress, yp.count, up.baseAddress, vp.baseAddress, up.count)
                    }
                }
            }
            guard copied == 0 else { throw Failure(reason: String(cString: sv_decoder_error(decoder))) }
            frames.append(I420(width: w, height: h, y: y, u: u, v: v))
        }
        return frames
        #else
        throw .unavailable
        #endif
    }
}

/// A video sticker: RGBA frames made a VP9 WebM (alpha as its own stream where any pixel is not
/// opaque), and a WebM decoded back to RGBA, as a player shows it.
public enum VideoSticker {
    /// `frames` (straight-alpha RGBA, width × height) shown from `starts[i]` milliseconds, the whole lasting
    /// `duration`, encoded at VP9 quality `quality`.
    public static func encode(
        _ frames: [[UInt8]], width: Int, height: Int, starts: [Int], duration: Int, quality: Int, speed: Int = 4
    ) throws(VP9.Failure) -> [UInt8] {
        precondition(frames.count == starts.count && !frames.isEmpty)
        let times = starts.indices.map { i in (start: starts[i], duration: (i + 1 < starts.count ? starts[i + 1] : duration) - starts[i]) }
        let hasAlpha = frames.contains { frame in stride(from: 3, to: frame.count, by: 4).contains { frame[$0] != 255 } }
        let colour = try VP9.encode(frames.map { I420(rgba: $0, width: width, height: height) }, times: times, quality: quality, speed: speed)
        let alpha =
            hasAlpha
            ? try VP9.encode(frames.map { I420(alphaOf: $0, width: width, height: height) }, times: times, quality: quality, speed: speed) : nil
        let coded = colour.indices.map { i in
            WebMWriter.Frame(milliseconds: starts[i], data: colour[i].data, alpha: alpha?[i].data, keyframe: colour[i].keyframe)
        }
        return WebMWriter.write(width: width, height: height, frames: coded, durationMilliseconds: duration, hasAlpha: hasAlpha)
    }

    /// The frames a WebM shows, decoded by libvpx: straight-alpha RGBA (opaque without an alpha stream),
    /// with the time each starts.
    public static func decode(_ bytes: [UInt8]) throws(VP9.Failure) -> [(rgba: [UInt8], milliseconds: Int)] {
        let frames: [WebMWriter.Frame]
        do { frames = try WebM.frames(bytes) } catch { throw VP9.Failure(reason: "\(error)") }
        let colour = try VP9.decode(frames.map(\.data))
        let alphas = frames.compactMap(\.alpha)
        let alpha = alphas.count == frames.count ? try VP9.decode(alphas) : nil
        return colour.indices.map { i in (colour[i].rgba(alpha: alpha?[i]), frames[i].milliseconds) }
    }
}
