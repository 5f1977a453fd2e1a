import Foundation
import StickerFiles
@testable import StickerImage
import StickerTestSupport
import Testing

/// The Lottie and TGS reader against rlottie (Tests/Fixtures/lottie, made by
/// scripts/make-lottie-corpus.py from rlottie's examples): every good file reads to rlottie's canvas,
/// frame rate and duration; every damaged one is refused with its reason; the features Telegram's
/// animated stickers may not use are found where the files have them.
@Suite("Lottie conformance")
struct LottieConformanceTests {
    static let folder = Conformance.projectRoot + "/Tests/Fixtures/lottie"

    struct Expected: Decodable {
        var width: Int
        var height: Int
        var frameRate: Double
        /// rlottie's count: the out point's frame included (op − ip + 1).
        var frames: Int
        /// Seconds: (op − ip) / fr.
        var duration: Double
    }

    static func read(_ name: String) throws -> Result<LottieFacts, LottieError> {
        let bytes = try DiskFileSystem().read(folder + "/" + name)
        return Result { () throws(LottieError) in name.hasSuffix(".tgs") ? try Lottie.readTGS(bytes) : try Lottie.read(bytes) }
    }

    @Test("every good file reads as rlottie reads it: 20 TGS and 3 JSON files")
    func agreesWithRlottie() throws {
        let expected = try JSONDecoder().decode([String: Expected].self, from: Data(try DiskFileSystem().read(Self.folder + "/expected.json")))
        #expect(expected.count == 23)
        #expect(expected.keys.filter { $0.hasSuffix(".tgs") }.count == 20 && expected.keys.filter { $0.hasSuffix(".json") }.count == 3)
        var read = 0
        for (name, rlottie) in expected.sorted(by: { $0.key < $1.key }) {
            guard case .success(let facts) = try Self.read(name) else {
                Issue.record("\(name): \(try Self.read(name))")
                continue
            }
            #expect(facts.width == rlottie.width && facts.height == rlottie.height, "\(name)")
            // rlottie keeps the rate as a 32-bit float.
            #expect(abs(facts.frameRate - rlottie.frameRate) < 1e-4 * rlottie.frameRate, "\(name): \(facts.frameRate)")
            #expect(facts.frames == rlottie.frames - 1, "\(name): \(facts.frames) frames")
            #expect(abs(facts.durationMilliseconds / 1000 - rlottie.duration) < 1e-3, "\(name): \(facts.durationMilliseconds) ms")
            #expect(name.hasSuffix(".tgs") == (facts.inflatedBytes != nil), "\(name)")
            read += 1
        }
        #expect(read == 23)
    }

    @Test("the features Telegram forbids, found where the files have them (written out from the files by hand)")
    func forbiddenFeatures() throws {
        let expected: [String: [LottieFeature]] = [
            "3d": [.threeDLayers], "StickAndBall": [], "abstract_circle": [.repeaters], "ao": [.autoOrientedLayers],
            "bell": [.masks, .layerEffects, .solids], "birth_stone_logo": [.threeDLayers, .gradientStrokes], "done": [],
            "emoji_wink": [], "gears": [], "gradient_animated_background": [.solids], "happy": [.layerEffects], "heart": [.solids],
            "image_test": [.images], "like": [.masks, .solids], "loader_4": [], "mask": [.masks, .solids],
            "matte_two_item_with_lowerlayer": [.starShapes], "polystar_anim": [.starShapes], "static_dynamic_dash": [.starShapes],
            "telegram": []
        ]
        #expect(expected.count == 20)
        for (name, features) in expected {
            let facts = try Self.read(name + ".tgs").get()
            #expect(facts.forbidden == LottieFeature.allCases.filter(features.contains), "\(name): \(facts.forbidden)")
        }
    }

    @Test("damaged files are refused, each with its reason: 6 files")
    func damaged() throws {
        let expected: [(String, (LottieError) -> Bool)] = [
            ("bad-truncated.tgs", { if case .gzip = $0 { true } else { false } }),
            ("bad-crc.tgs", { if case .gzip(let what, _) = $0 { what.contains("CRC-32") } else { false } }),
            ("bad-declares-64mib.tgs", { if case .gzip(let what, _) = $0 { what.contains("more than deflate makes") } else { false } }),
            ("bad-inflates-17mib.tgs", { $0 == .inflatedTooLarge(bytes: (17 << 20) + 2, limit: Lottie.inflatedLimit) }),
            ("bad-not-json.tgs", { if case .json = $0 { true } else { false } }),
            ("bad-no-op.tgs", { $0 == .field("\"op\"", problem: "is missing") })
        ]
        let onDisk = (DiskFileSystem().list(Self.folder) ?? []).filter { $0.hasPrefix("bad-") }
        #expect(onDisk.sorted() == expected.map(\.0).sorted())
        for (name, matches) in expected {
            guard case .failure(let error) = try Self.read(name) else {
                Issue.record("\(name) was read")
                continue
            }
            #expect(matches(error), "\(name): \(error)")
        }
    }

    @Test("gzip headers as other writers make them: a file name, a comment, an extra field, a header CRC")
    func gzipHeaders() throws {
        let plain = try DiskFileSystem().read(Self.folder + "/done.tgs")
        let facts = try Lottie.readTGS(plain)
        #expect(plain[3] == 0)
        // FNAME and FCOMMENT: zero-terminated after the 10-byte header; FEXTRA: a length, then bytes; FHCRC: 2 bytes.
        let variants: [(UInt8, [UInt8])] = [
            (0x08, Array("done.json".utf8) + [0]), (0x10, Array("made by hand".utf8) + [0]), (0x04, [3, 0, 1, 2, 3]), (0x02, [0xAB, 0xCD]),
            // An extra field of 510 bytes: its length's low byte plus the 2 before it carries into the high byte.
            (0x04, [0xFE, 0x01] + [UInt8](repeating: 7, count: 510)),
            (0x08 | 0x10, Array("a".utf8) + [0] + Array("b".utf8) + [0])
        ]
        for (flags, fields) in variants {
            var bytes = Array(plain.prefix(10)) + fields + plain.dropFirst(10)
            bytes[3] = flags
            #expect(try Lottie.readTGS(bytes) == facts, "flags \(flags)")
        }
        // A name with no end, reserved flags, another method: refused.
        var unterminated = Array(plain.prefix(10)) + Array(repeating: UInt8(ascii: "a"), count: plain.count)
        unterminated[3] = 0x08
        #expect(throws: LottieError.self) { try Lottie.readTGS(unterminated) }
        var reserved = plain
        reserved[3] = 0x20
        #expect(throws: LottieError.self) { try Lottie.readTGS(reserved) }
        var stored = plain
        stored[2] = 7
        #expect(throws: LottieError.self) { try Lottie.readTGS(stored) }
        #expect(Lottie.isGzip(plain) && !Lottie.isGzip(Array("{}".utf8)))
    }

    @Test("the inflated limit at its edge: the size itself passes, one byte less refuses it unread")
    func inflatedLimit() throws {
        let plain = try DiskFileSystem().read(Self.folder + "/done.tgs")
        let size = try #require(try Lottie.readTGS(plain).inflatedBytes)
        #expect(try Gzip.inflate(plain, limit: size).count == size)
        #expect(throws: LottieError.inflatedTooLarge(bytes: size, limit: size - 1)) { try Gzip.inflate(plain, limit: size - 1) }
    }

    @Test("Lottie JSON: the fields a canvas and a timing need, each missing or wrong, refused by name")
    func fields() throws {
        func facts(_ json: String) -> Result<LottieFacts, LottieError> {
            Result { () throws(LottieError) in try Lottie.read(Array(json.utf8)) }
        }
        let good = #"{"v":"5.5.2","fr":60,"ip":0,"op":180,"w":512,"h":512,"layers":[]}"#
        let read = try facts(good).get()
        #expect(read.frames == 180 && read.durationMilliseconds == 3_000 && read.width == 512 && read.layerCount == 0 && read.forbidden.isEmpty)
        #expect(throws: LottieError.field("\"w\"", problem: "is missing")) { try facts(#"{"fr":60,"ip":0,"op":1,"h":1,"layers":[]}"#).get() }
        #expect(throws: LottieError.field("\"fr\"", problem: "is a string, not a number")) {
            try facts(#"{"fr":"60","ip":0,"op":1,"w":1,"h":1,"layers":[]}"#).get()
        }
        #expect(throws: LottieError.field("\"layers\"", problem: "is missing")) { try facts(#"{"fr":60,"ip":0,"op":1,"w":1,"h":1}"#).get() }
        #expect(throws: LottieError.self) { try facts(#"{"fr":0,"ip":0,"op":1,"w":1,"h":1,"layers":[]}"#).get() }
        #expect(throws: LottieError.self) { try facts(#"{"fr":60,"ip":5,"op":1,"w":1,"h":1,"layers":[]}"#).get() }
        #expect(throws: LottieError.self) { try facts(#"{"fr":60,"ip":0,"op":1,"w":1.5,"h":1,"layers":[]}"#).get() }
        #expect(throws: LottieError.self) { try facts("[]").get() }
        // An expression anywhere in a layer's properties; a time stretch other than 1.
        let expression = #"{"fr":60,"ip":0,"op":1,"w":1,"h":1,"layers":[{"ty":4,"ks":{"o":{"a":0,"k":100,"x":"loopOut()"}},"sr":2}]}"#
        #expect(try facts(expression).get().forbidden == [.expressions, .timeStretching])
    }
}
