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
        let source = Self.frames(width: Self.width, height: Self.height, count: 12)
        var last: (bytes: Int, psnr: Double)?
        for quality in [50, 20, 4] {
            let bytes = try Self.written(quality: quality)
            let decoded = try VideoSticker.decode(bytes)
            #expect(decoded.count == 12 && decoded.map(\.milliseconds) == Self.starts)
            let error = zip(source, decoded).map { Quantizer.squaredError($0, $1.rgba) }.reduce(0, +)
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

    /// PSNR of two runs of RGBA frames (premultiplied, as `Quantizer` measures).
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double { Quantizer.psnr(a, b) }

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

    /// Frames whose alpha tells them apart: frame n a disc of radius 6 + 2n with a soft edge, its colour
    /// changing with n, on a transparent canvas.
    static func discs(width: Int, height: Int, count: Int) -> [[UInt8]] {
        (0..<count).map { n in
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let dx = Double(x - width / 2), dy = Double(y - height / 2)
                    let alpha = max(0, min(255, (Double(6 + 2 * n) - (dx * dx + dy * dy).squareRoot()) * 64))
                    let o = (y * width + x) * 4
                    pixels[o] = UInt8(200 - n * 12)
                    pixels[o + 1] = UInt8(60 + n * 10)
                    pixels[o + 2] = UInt8(90)
                    pixels[o + 3] = UInt8(alpha)
                }
            }
            return pixels
        }
    }

    /// Per frame: pixels fully transparent, pixels opaque, the sum of alpha, and the mean red, green and blue
    /// of the opaque pixels.
    static func signature(_ rgba: [UInt8]) -> (clear: Int, opaque: Int, alpha: Int, colour: [Double]) {
        var clear = 0, opaque = 0, alpha = 0, colour = [0.0, 0.0, 0.0]
        for i in stride(from: 0, to: rgba.count, by: 4) {
            alpha += Int(rgba[i + 3])
            if rgba[i + 3] == 0 { clear += 1 }
            if rgba[i + 3] == 255 {
                opaque += 1
                for c in 0..<3 { colour[c] += Double(rgba[i + c]) }
            }
        }
        return (clear, opaque, alpha, colour.map { $0 / Double(max(1, opaque)) })
    }

    @Test(
        "a <video> in headless Chromium plays stickerlint's WebM: every frame, at its time, with the alpha libvpx decodes and the same colour",
        Requirement.trait(HeadlessBrowser.path != nil, "Chromium or Chrome"))
    func chromium() throws {
        try Requirement.require(HeadlessBrowser.path != nil, "Chromium or Chrome (make test-deps installs chromium)")
        let scratch = Scratch()
        let (width, height, count) = (64, 48, 12)
        let starts = (0..<count).map { $0 * 70 }  // 14.3 frames a second, as dance.webp's 70 ms
        let duration = count * 70
        let bytes = try VideoSticker.encode(
            Self.discs(width: width, height: height, count: count), width: width, height: height, starts: starts, duration: duration, quality: 12)
        try scratch.write("sticker.webm", bytes)
        // Each frame is sought at the middle of its time, drawn onto a canvas and read back (the page and the
        // video are both file: URLs, which --allow-file-access-from-files lets the canvas read).
        let middles = (0..<count).map { Double(starts[$0] + (($0 + 1 < count ? starts[$0 + 1] : duration) - starts[$0]) / 2) / 1000 }
        try scratch.write(
            "page.html",
            """
            <!doctype html><html><body><video id="v" muted preload="auto" src="sticker.webm"></video>
            <script>
            const v = document.getElementById('v');
            // Sought, and the sought frame presented: 'seeked' alone can come before it is (under load, the
            // canvas then drew the frame before).
            const seek = t => new Promise(r => {
              let waiting = 2;
              const done = () => { if (--waiting === 0) r(); };
              v.addEventListener('seeked', done, {once: true});
              v.requestVideoFrameCallback(done);
              v.currentTime = t;
            });
            window.result = new Promise((done, fail) => {
              v.addEventListener('error', () => fail(String(v.error && v.error.message)));
              v.addEventListener('loadeddata', async () => {
                const c = document.createElement('canvas');
                c.width = v.videoWidth; c.height = v.videoHeight;
                const g = c.getContext('2d', {willReadFrequently: true});
                const rows = [v.videoWidth + 'x' + v.videoHeight + ' ' + Math.round(v.duration * 1000)];
                for (const t of \(middles)) {
                  await seek(t);
                  g.clearRect(0, 0, c.width, c.height);
                  g.drawImage(v, 0, 0);
                  const d = g.getImageData(0, 0, c.width, c.height).data;
                  let clear = 0, opaque = 0, alpha = 0, r = 0, gr = 0, b = 0;
                  for (let i = 0; i < d.length; i += 4) {
                    alpha += d[i + 3];
                    if (d[i + 3] === 0) clear++;
                    if (d[i + 3] === 255) { opaque++; r += d[i]; gr += d[i + 1]; b += d[i + 2]; }
                  }
                  rows.push([clear, opaque, alpha, r / opaque, gr / opaque, b / opaque].join(' '));
                }
                done(rows.join('\\n'));
              });
            });
            </script></body></html>
            """)
        let answer = try HeadlessBrowser.evaluate("window.result", at: "file://" + scratch.at("page.html"), profile: scratch.at("profile"))
        let rows = answer.split(separator: "\n").map(String.init)
        #expect(rows.first == "\(width)x\(height) \(duration)", "\(rows.first ?? answer)")
        let ours = try VideoSticker.decode(bytes).map { Self.signature($0.rgba) }
        try #require(rows.count == count + 1 && ours.count == count, "\(answer)")
        for (n, row) in rows.dropFirst().enumerated() {
            let fields = row.split(separator: " ").compactMap { Double($0) }
            try #require(fields.count == 6, "\(row)")
            // The alpha exactly as libvpx decodes it (VP9 decoding is exact), so every frame is the one shown at its time.
            #expect(
                Int(fields[0]) == ours[n].clear && Int(fields[1]) == ours[n].opaque && Int(fields[2]) == ours[n].alpha,
                "frame \(n): \(row) against \(ours[n])")
            // The colour within a level or two (the browser's own conversion from Y'CbCr).
            for c in 0..<3 { #expect(abs(fields[3 + c] - ours[n].colour[c]) < 2.5, "frame \(n) channel \(c): \(row) against \(ours[n].colour)") }
        }
        // Each frame unlike the one before: the seeks showed twelve frames, not one twelve times.
        #expect(Set(ours.map(\.alpha)).count == count)
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

/// The timeline a video sticker is put on (#55 point 2): at most 30 frames a second and 3 seconds.
@Suite("video timeline")
struct VideoTimelineTests {
    /// Frames a second as the WebM reader computes it: the kept frames' intervals.
    static func rate(_ t: SizeFitter.VideoTimeline) -> Double {
        t.starts.count > 1 ? Double(t.starts.count - 1) / (Double(t.starts.last! - t.starts.first!) / 1000) : 0
    }

    @Test("30 frames a second keeps every frame; 60 keeps every other; 10 keeps all at their own times")
    func rates() {
        let thirty = SizeFitter.VideoTimeline(delays: Array(repeating: 33, count: 30), maxRate: 30, maxMilliseconds: 3_000)
        #expect(thirty.kept == Array(0..<30) && thirty.speedUp == 1 && thirty.duration == 990)
        #expect(Self.rate(thirty) <= 30 && Self.rate(thirty) > 29.5, "\(Self.rate(thirty))")
        // 17 ms (58.8 frames a second): about every other frame, never two in a slot, never two dropped in a row.
        let sixty = SizeFitter.VideoTimeline(delays: Array(repeating: 17, count: 60), maxRate: 30, maxMilliseconds: 3_000)
        #expect((30...31).contains(sixty.kept.count) && zip(sixty.kept, sixty.kept.dropFirst()).allSatisfy { $1 - $0 <= 2 }, "\(sixty.kept)")
        #expect(Self.rate(sixty) <= 30 && sixty.starts.last! < sixty.duration)
        let ten = SizeFitter.VideoTimeline(delays: Array(repeating: 100, count: 5), maxRate: 30, maxMilliseconds: 3_000)
        #expect(ten.kept == [0, 1, 2, 3, 4] && ten.starts == [0, 100, 200, 300, 400] && ten.duration == 500)
        // 31 frames a second: no two kept frames closer than a 30th of a second.
        let fast = SizeFitter.VideoTimeline(delays: Array(repeating: 32, count: 31), maxRate: 30, maxMilliseconds: 3_000)
        #expect(zip(fast.starts, fast.starts.dropFirst()).allSatisfy { $1 - $0 >= 33 } && Self.rate(fast) <= 30, "\(fast.starts)")
    }

    @Test("frames timed in fractions of a second (an APNG's 1/30 s) stay on the grid they came from: sixty at 1/30 s are 2,000 ms, every one kept")
    func exactTimes() {
        let thirtieth = SizeFitter.VideoTimeline(exactDelays: Array(repeating: 1_000.0 / 30, count: 60), maxRate: 30, maxMilliseconds: 3_000)
        #expect(thirtieth.kept == Array(0..<60) && thirtieth.duration == 2_000 && thirtieth.sourceDuration == 2_000, "\(thirtieth.kept)")
        // Written in whole milliseconds, rounded up (no two closer than a 30th), and compared at the times they stand for.
        #expect(Array(thirtieth.starts.prefix(4)) == [0, 34, 67, 100])
        #expect(zip(thirtieth.exactStarts, thirtieth.exactSourceStarts).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(abs(thirtieth.exactDuration - 2_000) < 1e-6)
        // The same frames rounded to 33 ms each drift a third of a millisecond a frame: by frame 49 half a slot,
        // and a frame is dropped there (what the exact times avoid).
        let rounded = SizeFitter.VideoTimeline(delays: Array(repeating: 33, count: 60), maxRate: 30, maxMilliseconds: 3_000)
        #expect(rounded.kept.count == 59 && rounded.duration == 1_980, "\(rounded.kept.count)")
        // Sped up to 3 s: 120 frames of 1/30 s (4 s) keep the ratio exactly.
        let long = SizeFitter.VideoTimeline(exactDelays: Array(repeating: 1_000.0 / 30, count: 120), maxRate: 30, maxMilliseconds: 3_000)
        #expect(long.duration == 3_000 && long.sourceDuration == 4_000 && abs(long.speedUp - 4.0 / 3) < 1e-9 && long.kept.count == 90)
    }

    @Test("frames 34 ms apart or more keep their own times; closer ones start within half a 30th of a second of theirs")
    func times() {
        // 70 ms (14.3 a second): each at its own time, not moved onto a 30 fps grid.
        let slow = SizeFitter.VideoTimeline(delays: Array(repeating: 70, count: 6), maxRate: 30, maxMilliseconds: 3_000)
        #expect(slow.kept == Array(0..<6) && slow.starts == [0, 70, 140, 210, 280, 350] && slow.duration == 420)
        // 34 ms apart is within 30 a second; 33 ms is not (30.3): the grid.
        let edge = SizeFitter.VideoTimeline(delays: [34, 34, 34, 40], maxRate: 30, maxMilliseconds: nil)
        #expect(edge.starts == [0, 34, 68, 102])
        let under = SizeFitter.VideoTimeline(delays: [33, 33, 33, 40], maxRate: 30, maxMilliseconds: nil)
        #expect(under.starts == [0, 34, 67, 100], "\(under.starts)")
        // A last frame shorter than the rate allows puts the whole on the grid.
        let shortLast = SizeFitter.VideoTimeline(delays: [100, 100, 20], maxRate: 30, maxMilliseconds: nil)
        #expect(zip(shortLast.starts, shortLast.starts.dropFirst() + [shortLast.duration]).allSatisfy { $1 - $0 >= 20 })
        #expect(Self.rate(shortLast) <= 30, "\(shortLast.starts)")
        // 20 ms (50 a second), uneven: every kept frame starts within half a slot of its own start.
        let delays = (0..<40).map { 15 + ($0 * 7) % 11 }
        let fast = SizeFitter.VideoTimeline(delays: delays, maxRate: 30, maxMilliseconds: nil)
        for (kept, start) in zip(fast.kept, fast.starts) {
            let own = delays.prefix(kept).reduce(0, +)
            #expect(abs(start - own) <= 17, "frame \(kept): \(start) against \(own)")
        }
        #expect(Self.rate(fast) <= 30 * 1.005 && fast.starts.last! < fast.duration, "\(fast.starts)")
    }

    @Test("3,000 ms plays as it is; 3,001 ms and 6 s are sped up to at most 3,000 ms")
    func length() {
        let exact = SizeFitter.VideoTimeline(delays: Array(repeating: 100, count: 30), maxRate: 30, maxMilliseconds: 3_000)
        #expect(exact.speedUp == 1 && exact.duration == 3_000 && exact.starts.last == 2_900)
        let over = SizeFitter.VideoTimeline(delays: Array(repeating: 100, count: 29) + [101], maxRate: 30, maxMilliseconds: 3_000)
        #expect(over.speedUp > 1 && over.duration <= 3_000 && over.duration >= 2_999 && over.sourceDuration == 3_001)
        let six = SizeFitter.VideoTimeline(delays: Array(repeating: 50, count: 120), maxRate: 30, maxMilliseconds: 3_000)
        #expect(six.speedUp == 2 && six.duration == 3_000 && Self.rate(six) <= 30)
        // 120 frames of 50 ms sped up to 25 ms each: 40 a second, so every 4th of 3 is dropped.
        #expect(six.kept.count < 120 && six.kept.count >= 85, "\(six.kept.count)")
    }
}
