import Foundation
import StickerFiles
@testable import StickerImage
import StickerTestSupport
import Testing

/// The WebM reader against ffprobe (Tests/Fixtures/webm, made by scripts/make-webm-corpus.py with
/// ffmpeg's libvpx encoders): every file reads as FFmpeg's demuxer reads it — codec, size, alpha mode,
/// tracks, frames, frame rate and duration — and damaged copies are refused, each with its reason.
@Suite("WebM conformance")
struct WebMConformanceTests {
    static let folder = Conformance.projectRoot + "/Tests/Fixtures/webm"

    struct Expected: Decodable {
        var codec: String
        var width: Int
        var height: Int
        var alpha: Bool
        var video_tracks: Int
        var audio_tracks: Int
        var frames: Int
        var frame_rate: Double?
        var duration_ms: Double?
        var format: String
    }

    static func bytes(_ name: String) throws -> [UInt8] { try DiskFileSystem().read(folder + "/" + name) }

    static let expected: [String: Expected] = {
        guard let data = try? DiskFileSystem().read(folder + "/expected.json") else { return [:] }
        return (try? JSONDecoder().decode([String: Expected].self, from: Data(data))) ?? [:]
    }()

    @Test("every file reads as ffprobe reads it: 11 files, 10 WebM and 1 Matroska")
    func agreesWithFFprobe() throws {
        #expect(Self.expected.count == 11)
        var read = 0
        for (name, ffprobe) in Self.expected.sorted(by: { $0.key < $1.key }) {
            let facts: WebMFacts
            do {
                facts = try WebM.read(try Self.bytes(name))
            } catch {
                Issue.record("\(name): \(error)")
                continue
            }
            #expect(facts.codec == ["vp9": "V_VP9", "vp8": "V_VP8"][ffprobe.codec], "\(name): \(facts.codec)")
            #expect(facts.width == ffprobe.width && facts.height == ffprobe.height, "\(name): \(facts.width)×\(facts.height)")
            #expect(facts.hasAlpha == ffprobe.alpha, "\(name): alpha")
            #expect(facts.videoTracks == ffprobe.video_tracks && facts.audioTracks == ffprobe.audio_tracks, "\(name): tracks")
            #expect(facts.frames == ffprobe.frames, "\(name): \(facts.frames) frames")
            #expect(facts.docType == (name.hasSuffix(".mkv") ? "matroska" : "webm"), "\(name): \(facts.docType)")
            if let rate = ffprobe.frame_rate, ffprobe.frames > 1 {
                let ours = try #require(facts.frameRate, "\(name): no frame rate")
                #expect(abs(ours - rate) <= rate * 0.005, "\(name): \(ours) fps against \(rate)")
            }
            if let duration = ffprobe.duration_ms {
                // ffprobe's duration: the Segment's, or for a file without one the demuxer's estimate.
                #expect(
                    abs(facts.durationMilliseconds - duration) <= 1 + (facts.declaredMilliseconds == nil ? 40 : 0),
                    "\(name): \(facts.durationMilliseconds) ms against \(duration)")
            }
            read += 1
        }
        #expect(read == 11)
        // What the corpus is for: each kind a store checks, present.
        #expect(Self.expected.values.contains { $0.alpha })
        #expect(Self.expected.values.contains { $0.audio_tracks > 0 })
        #expect(Self.expected.values.contains { $0.codec == "vp8" })
        #expect(Self.expected.values.contains { ($0.frame_rate ?? 0) > 30 })
    }

    @Test("a stream written to a pipe (unknown Segment size, no Duration) reads from its blocks' times")
    func piped() throws {
        let facts = try WebM.read(try Self.bytes("vp9-piped-512x512-30fps-2s.webm"))
        #expect(facts.frames == 60)
        #expect(abs((facts.frameRate ?? 0) - 30) < 0.01)
        #expect(abs(facts.durationMilliseconds - 2_000) < 1)
    }

    /// The first offset of `pattern` in `bytes` that is not a SeekHead's SeekID naming it (53 AB 84 before it).
    static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        return (0...(bytes.count - pattern.count)).first {
            Array(bytes[$0..<($0 + pattern.count)]) == pattern && ($0 < 3 || Array(bytes[($0 - 3)..<$0]) != [0x53, 0xAB, 0x84])
        }
    }

    @Test("damaged copies are refused, each with its reason and never a crash")
    func damaged() throws {
        let good = try Self.bytes("vp9-512x512-30fps-3s.webm")
        #expect(throws: WebMError.notEBML) { try WebM.read(Array("RIFF0000WEBP".utf8)) }
        #expect(throws: WebMError.notEBML) { try WebM.read([0x1A, 0x45, 0xDF]) }
        // Cut anywhere: truncated (or, cut before the tracks, no video track).
        for cut in [5, 40, good.count / 3, good.count - 1] {
            #expect(throws: (any Error).self, "cut at \(cut)") { try WebM.read(Array(good.prefix(cut))) }
        }
        do {
            _ = try WebM.read(Array(good.prefix(good.count - 1)))
            Issue.record("a file cut in its last Block reads")
        } catch {
            if case .truncated = error {} else { Issue.record("a file cut in its last Block: \(error), not truncated") }
        }
        // An element ID of a zero byte.
        let tracks = try #require(Self.find([0x16, 0x54, 0xAE, 0x6B], in: good))
        var zero = good
        zero[tracks] = 0
        #expect(throws: WebMError.badVarint(offset: tracks)) { try WebM.read(zero) }
        // The Tracks element claiming more than the Segment holds.
        var huge = good
        huge[tracks + 4] = 0x01  // an 8-byte size…
        for i in 1...7 { huge[tracks + 4 + i] = 0x7F }  // …of far more than the file
        #expect(throws: (any Error).self) { try WebM.read(huge) }
        // No video track: the CodecID's track type changed to audio (2).
        let type = try #require(Self.find([0x83, 0x81, 0x01], in: good))
        var audio = good
        audio[type + 2] = 2
        #expect(throws: WebMError.missing("no video track")) { try WebM.read(audio) }
        // A video track without a frame (no Block; Blocks of another track only) shows nothing; one frame reads.
        let empty = ExampleMotion.webm(width: 512, height: 512, frameRate: 30, frames: 0, codec: "V_VP9", audio: false, bytes: nil)
        #expect(throws: WebMError.missing("no frame in its video track (track 1)")) { try WebM.read(empty) }
        var elsewhere = ExampleMotion.webm(width: 512, height: 512, frameRate: 30, frames: 3, codec: "V_VP9", audio: false, bytes: nil)
        // Each SimpleBlock's track number (0x81: track 1) made track 2.
        for index in elsewhere.indices.dropLast(3) where Array(elsewhere[index..<index + 3]) == [0xA3, 0x01, 0x00] {
            if let at = elsewhere[index...].firstIndex(of: 0x81) { elsewhere[at] = 0x82 }
        }
        #expect(throws: WebMError.missing("no frame in its video track (track 1)")) { try WebM.read(elsewhere) }
        let one = ExampleMotion.webm(width: 512, height: 512, frameRate: 30, frames: 1, codec: "V_VP9", audio: false, bytes: nil)
        #expect(try WebM.read(one).frames == 1)
    }

    @Test("nesting deeper than WebM's is refused at its offset; so is a walk past the element budget")
    func budgets() {
        // EBML header, then Segments nested in Segments, each of unknown size.
        var deep: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x80]
        for _ in 0..<(WebM.maxDepth + 2) { deep += [0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] }
        #expect(throws: WebMError.tooDeep(offset: 5 + 12 * (WebM.maxDepth + 1))) { try WebM.read(deep) }
        // Exactly the depth WebM allows reads (and then finds no video track).
        var allowed: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x80]
        for _ in 0..<WebM.maxDepth { allowed += [0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] }
        #expect(throws: WebMError.missing("no video track")) { try WebM.read(allowed) }
        // A million and one Void elements (two bytes each).
        var many: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x80]
        many += [UInt8](repeating: 0, count: 2 * (WebM.elementBudget + 1))
        for i in stride(from: 5, to: many.count, by: 2) { (many[i], many[i + 1]) = (0xEC, 0x80) }
        #expect(throws: WebMError.tooManyElements(limit: WebM.elementBudget)) { try WebM.read(many) }
    }
}
