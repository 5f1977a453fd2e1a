import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// #51 point 4 and the JSON half of point 9: Lottie and TGS documents are parsed under a byte limit and
/// a value budget, a Lottie JSON past the limit is refused from its first bytes, and a key repeated at
/// the top of an animation is refused rather than read last-key-wins.
@Suite("hostile JSON")
struct HostileJSONTests {
    /// An array of `count` zeros: `count + 1` values.
    static func zeros(_ count: Int) -> [UInt8] { Array(("[" + Array(repeating: "0", count: count).joined(separator: ",") + "]").utf8) }

    @Test("the value budget at its edge: N values parse under a budget of N, N + 1 do not")
    func valueBudget() throws {
        #expect(try JSONParser.parse(Self.zeros(9), maxValues: 10) == .array(Array(repeating: .number(0), count: 9)))
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Self.zeros(10), maxValues: 10) }
        #expect(try JSONParser.parse(Array(#"{"a":{"b":[1,"x"]}}"#.utf8), maxValues: 5)["a"] != nil)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(#"{"a":{"b":[1,"x"]}}"#.utf8), maxValues: 4) }
    }

    @Test("a Lottie of more values than the budget is refused with the budget named; one within it is read")
    func lottieValues() throws {
        func document(extra: Int) -> [UInt8] {
            Array(#"{"v":"5.7.4","fr":60,"ip":0,"op":60,"w":512,"h":512,"layers":[],"x":"#.utf8) + Self.zeros(extra) + Array("}".utf8)
        }
        // The document's own values: the object, 7 members, the array "x" itself.
        let own = 1 + 7 + 1
        #expect(try Lottie.read(document(extra: Lottie.valueBudget - own)).frames == 60)
        do {
            _ = try Lottie.read(document(extra: Lottie.valueBudget - own + 1))
            Issue.record("read past the budget")
        } catch {
            #expect("\(error)".contains("more than 1,000,000 JSON values; not read"), "\(error)")
        }
    }

    @Test("the document limit at its edge: a Lottie JSON of 4 MiB is parsed, 4 MiB + 1 is refused, in memory and as a file")
    func documentLimit() throws {
        let head = Array(#"{"v":"5.7.4","fr":60,"ip":0,"op":60,"w":512,"h":512,"layers":[],"nm":""#.utf8)
        func document(_ size: Int) -> [UInt8] { head + [UInt8](repeating: UInt8(ascii: "x"), count: size - head.count - 2) + Array("\"}".utf8) }
        let limit = Lottie.inflatedLimit
        #expect(limit == 4 << 20)
        #expect(try Lottie.read(document(limit)).width == 512)
        #expect(throws: LottieError.documentTooLarge(bytes: limit + 1, limit: limit)) { try Lottie.read(document(limit + 1)) }
        // As a Discord sticker: refused from its first bytes (only a prefix read), with file-size judged too.
        let memory = MemoryFileSystem()
        try memory.createFolder("/d")
        try memory.write(document(limit + 1), to: "/d/big.json")
        let recording = RecordingFileSystem(memory)
        var configuration = Configuration()
        configuration.forcedProfile = .discord
        let result = try Linter(configuration: configuration, jobs: 1, files: recording).lint(["/d/big.json"])
        let rules = result.diagnostics.map(\.rule.rawValue).sorted()
        #expect(rules == ["file-size", "image-unreadable"], "\(result.diagnostics.map(\.message))")
        #expect(result.diagnostics.contains { $0.message.contains("over the 4,194,304-byte limit; not read") })
        #expect(!recording.openedPaths.contains("/d/big.json"), "read whole: \(recording.openedPaths)")
    }

    @Test("a TGS inflating past 4 MiB is refused from its trailer; one inflating to 4 MiB is read")
    func inflated() throws {
        let head = Array(#"{"v":"5.7.4","fr":60,"ip":0,"op":60,"w":512,"h":512,"layers":[],"nm":""#.utf8)
        func document(_ size: Int) -> [UInt8] { head + [UInt8](repeating: UInt8(ascii: "x"), count: size - head.count - 2) + Array("\"}".utf8) }
        let limit = Lottie.inflatedLimit
        #expect(try Lottie.readTGS(ExampleMotion.gzipStored(document(limit))).inflatedBytes == limit)
        #expect(throws: LottieError.inflatedTooLarge(bytes: limit + 1, limit: limit)) {
            try Lottie.readTGS(ExampleMotion.gzipStored(document(limit + 1)))
        }
    }

    @Test("a key repeated at the top of an animation is refused, naming it and its line; repeats deeper down are read")
    func duplicateKeys() throws {
        let twice = Array("{\"fr\":60,\"ip\":0,\n\"op\":60,\"w\":512,\"h\":512,\"layers\":[],\n\"op\":1e9}".utf8)
        #expect(throws: LottieError.duplicateKey("op", line: 3)) { try Lottie.read(twice) }
        #expect(throws: LottieError.duplicateKey("op", line: 3)) { try Lottie.readTGS(ExampleMotion.gzipStored(twice)) }
        let deeper = Array(#"{"fr":60,"ip":0,"op":60,"w":512,"h":512,"layers":[{"ty":4,"ty":4}]}"#.utf8)
        #expect(try Lottie.read(deeper).frames == 60)
    }

    @Test("repeated keys are found with their lines in one pass: 200,000 repeats of one key")
    func manyDuplicates() throws {
        var text = "{"
        for i in 0..<200_000 { text += (i % 1000 == 0 ? "\n" : "") + "\"k\":0," }
        text += "\"k\":0}"
        var duplicates: [JSONParser.Duplicate] = []
        _ = try JSONParser.parse(Array(text.utf8), duplicates: &duplicates)
        #expect(duplicates.count == 200_000)
        #expect(duplicates.first?.line == 2 && duplicates.last?.line == 201)
    }
}
