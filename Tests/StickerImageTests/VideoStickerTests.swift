import Foundation
import StickerFiles
@testable import StickerImage
import StickerTestSupport
import Testing

/// #55 point 1: VP9 WebM written by stickerlint (libvpx, its own EBML muxer) and read back by its own
/// reader, by libvpx's decoder, by ffprobe and mkvinfo; and what FFmpeg's libvpx-vp9 writes, decoded by
/// stickerlint.
@Suite("VP9 video stickers", Requirement.trait(VP9.isAvailable, "a build with the VideoStickers trait (libvpx)"))
struct VideoStickerTests {
    /// A square that moves and changes colour on a transparent canvas, with a soft edge.
    static func frames(width: Int, height: Int, count: Int) -> [[UInt8]] {
        (0..<count).map { n in
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let dx = Double(x - (width / 4 + n * 2)), dy = Double(y - height / 2)
                    let distance = (dx * dx + dy * dy).squareRoot()
                    let alpha = max(0, min(255, (Double(min(width, height)) / 3 - distance) * 40))
                    let o = (y * width + x) * 4
                    pixels[o] = UInt8(40 + (n * 20) % 200)
                    pixels[o + 1] = UInt8(x * 255 / width)
                    pixels[o + 2] = UInt8(y * 255 / height)
                    pixels[o + 3] = UInt8(alpha)
                }
            }
            return pixels
        }
    }

    static func premultiplied(_ rgba: [UInt8]) -> [UInt8] {
        var out = rgba
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = Int(out[i + 3])
            for c in 0..<3 { out[i + c] = UInt8((Int(out[i + c]) * a + 127) / 255) }
        }
        return out
    }

    static let width = 96, height = 64
    static let starts = (0..<12).map { ($0 * 1000 + 29) / 30 }  // 30 frames a second, rounded up to whole milliseconds

    static func written(quality: Int) throws -> [UInt8] {
        try VideoSticker.encode(
            frames(width: width, height: height, count: 12), width: width, height: height, starts: starts, duration: 400, quality: quality)
    }

    @Test("what stickerlint writes reads back as written: V_VP9, the size, alpha, 12 frames, 400 ms, 30 frames a second")
    func ownReader() throws {
        let bytes = try Self.written(quality: 20)
        let facts = try WebM.read(bytes)
        #expect(facts.docType == "webm" && facts.codec == "V_VP9" && facts.width == 96 && facts.height == 64)
        #expect(facts.hasAlpha && facts.videoTracks == 1 && facts.audioTracks == 0 && facts.frames == 12)
        #expect(facts.durationMilliseconds == 400)
        #expect(try #require(facts.frameRate) <= 30 && facts.frameRate! > 29.9, "\(String(describing: facts.frameRate))")
        let frames = try WebM.frames(bytes)
        #expect(frames.map(\.milliseconds) == Self.starts)
        #expect(frames.allSatisfy { $0.alpha != nil } && frames.first?.keyframe == true)
    }

    @Test("decoded by libvpx, every frame is the source's within the quality asked: better quality, more bytes and a higher PSNR")
    func roundTrip() throws {
        let source = Self.frames(width: Self.width, height: Self.height, count: 12).map(Self.premultiplied)
        var last: (bytes: Int, psnr: Double)?
        for quality in [50, 20, 4] {
            let bytes = try Self.written(quality: quality)
            let decoded = try VideoSticker.decode(bytes)
            #expect(decoded.count == 12 && decoded.map(\.milliseconds) == Self.starts)
            let error = zip(source, decoded).map { Quantizer.squaredError($0, Self.premultiplied($1.rgba)) }.reduce(0, +)
            let psnr = Quantizer.psnr(squaredError: error, bytes: source.count * source[0].count)
            if let last { #expect(bytes.count > last.bytes && psnr > last.psnr, "quality \(quality): \(bytes.count) B, \(psnr) dB after \(last)") }
            last = (bytes.count, psnr)
        }
        #expect(last!.psnr > 38, "\(last!)")
        // An opaque video has no alpha stream.
        let opaque = Self.frames(width: 32, height: 32, count: 2).map { frame in
            var copy = frame
            for i in stride(from: 3, to: copy.count, by: 4) { copy[i] = 255 }
            return copy
        }
        let plain = try VideoSticker.encode(opaque, width: 32, height: 32, starts: [0, 100], duration: 200, quality: 10)
        #expect(try !WebM.read(plain).hasAlpha && WebM.frames(plain).allSatisfy { $0.alpha == nil })
    }

    /// Every frame FFmpeg's libvpx-vp9 decoder makes of `file` (alpha from the BlockAdditions), as RGBA.
    static func ffmpegFrames(_ file: String, in scratch: Scratch) throws -> [UInt8] {
        let output = scratch.at("ffmpeg.rgba")
        let (status, _, err) = try Process.run(
            Tools.path("ffmpeg"), ["-v", "error", "-y", "-c:v", "libvpx-vp9", "-i", file, "-f", "rawvideo", "-pix_fmt", "rgba", output])
        #expect(status == 0, "\(err)")
        return Array(try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    /// PSNR of two runs of RGBA frames, premultiplied.
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double { Quantizer.psnr(premultiplied(a), premultiplied(b)) }

    @Test("ffprobe, mkvinfo and FFmpeg's libvpx decoder read stickerlint's WebM: vp9 with alpha, 12 frames, 0.4 s, the frames ours decode to")
    func independentReaders() throws {
        try Requirement.require(
            Tools.available("ffprobe") && Tools.available("ffmpeg") && Tools.available("mkvinfo"), "ffprobe and ffmpeg (FFmpeg), mkvinfo (MKVToolNix)"
        )
        let scratch = Scratch()
        let bytes = try Self.written(quality: 20)
        try scratch.write("sticker.webm", bytes)
        let (status, out, err) = try Process.run(
            Tools.path("ffprobe"),
            [
                "-v", "error", "-count_frames", "-show_entries",
                "stream=codec_name,width,height,nb_read_frames:stream_tags=alpha_mode:format=duration", "-of", "json", scratch.at("sticker.webm")
            ])
        #expect(status == 0 && err.isEmpty, "\(err)")
        let json = try JSONSerialization.jsonObject(with: Data(out.utf8)) as! [String: Any]
        let stream = try #require((json["streams"] as? [[String: Any]])?.first)
        #expect(stream["codec_name"] as? String == "vp9" && stream["width"] as? Int == 96 && stream["height"] as? Int == 64)
        #expect(stream["nb_read_frames"] as? String == "12", "\(stream)")
        #expect((stream["tags"] as? [String: Any])?["alpha_mode"] as? String == "1", "\(stream)")
        #expect((json["format"] as? [String: Any])?["duration"] as? String == "0.400000", "\(json)")
        let info = try Process.run(Tools.path("mkvinfo"), [scratch.at("sticker.webm")])
        // MKVToolNix 74 (Debian 12) names AlphaMode "VideoAlphaMode" but knows no more of it; later ones say "Alpha mode: 1".
        #expect(info.0 == 0 && info.1.contains("Codec ID: V_VP9") && info.2.isEmpty, "\(info.1) \(info.2)")
        #expect(info.1.contains("Alpha mode: 1") || info.1.contains("VideoAlphaMode"), "\(info.1)")
        #expect(!info.1.lowercased().contains("error") && !info.1.lowercased().contains("warning"), "\(info.1)")
        // FFmpeg decodes the colour and the alpha to what stickerlint decodes them to.
        let theirs = try Self.ffmpegFrames(scratch.at("sticker.webm"), in: scratch)
        let ours = try VideoSticker.decode(bytes).flatMap(\.rgba)
        #expect(theirs.count == ours.count)
        let agreement = Self.psnr(theirs, ours)
        #expect(agreement > 40, "\(agreement) dB")
        let source = Self.frames(width: Self.width, height: Self.height, count: 12).flatMap { $0 }
        #expect(Self.psnr(source, theirs) > 30, "\(Self.psnr(source, theirs)) dB")
    }

    @Test("what FFmpeg's libvpx-vp9 writes with alpha (the corpus), stickerlint decodes as FFmpeg does: 60 frames, colour and alpha")
    func ffmpegsWebM() throws {
        try Requirement.require(Tools.available("ffmpeg"), "ffmpeg (FFmpeg)")
        let file = Conformance.projectRoot + "/Tests/Fixtures/webm/vp9-alpha-512x512-30fps-2s.webm"
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        let frames = try WebM.frames(bytes)
        #expect(frames.count == 60 && frames.allSatisfy { $0.alpha != nil })
        let decoded = try VideoSticker.decode(bytes)
        #expect(decoded.count == 60)
        let ours = decoded.flatMap(\.rgba)
        let theirs = try Self.ffmpegFrames(file, in: Scratch())
        #expect(ours.count == theirs.count && ours.count == 60 * 512 * 512 * 4)
        let alphas = Set(stride(from: 3, to: ours.count, by: 4 * 97).map { ours[$0] })
        #expect(alphas.contains(0) && alphas.contains(255), "the alpha stream was decoded: \(alphas.sorted().prefix(8))")
        let agreement = Self.psnr(theirs, ours)
        #expect(agreement > 40, "\(agreement) dB")
    }
}
