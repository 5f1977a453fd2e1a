import Foundation
import StickerFiles
import StickerImage
import StickerTestSupport
import Testing

/// #55 point 4: the ZIP writer `pack --archive` uses, judged by Info-ZIP's `unzip -t` and Python's zipfile.
@Suite("ZIP writer")
struct ZIPWriterTests {
    /// Text that compresses, bytes that do not (stored), a UTF-8 name, a folder, an empty file.
    static let entries: [ZIPWriter.Entry] = {
        var random = SystemRandomNumberGenerator()
        let noise = (0..<5_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        return [
            ZIPWriter.Entry(name: "title.txt", bytes: Array(String(repeating: "Cats and more cats\n", count: 200).utf8)),
            ZIPWriter.Entry(name: "noise.webp", bytes: noise),
            ZIPWriter.Entry(name: "café ☕.png", bytes: Array("☕".utf8)),
            ZIPWriter.Entry(name: "pack/01.png", bytes: [1, 2, 3]),
            ZIPWriter.Entry(name: "empty.txt", bytes: [])
        ]
    }()

    @Test("unzip -t and Python's zipfile read what it writes: names in UTF-8, each file's bytes, DEFLATE where it helps, stored where not")
    func readers() throws {
        try Requirement.require(Tools.available("unzip") && Tools.available("python3"), "unzip (Info-ZIP) and python3")
        let scratch = Scratch()
        let bytes = try ZIPWriter.archive(Self.entries)
        try scratch.write("a.zip", bytes)
        let (status, out, err) = try Process.run(Tools.path("unzip"), ["-t", scratch.at("a.zip")])
        #expect(status == 0 && out.contains("No errors detected") && err.isEmpty, "\(out) \(err)")
        for entry in Self.entries { try scratch.write("expected/\(entry.name)", entry.bytes) }
        let script = """
            import sys, zipfile, os
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            for info in z.infolist():
                same = z.read(info.filename) == open(os.path.join(sys.argv[2], info.filename), "rb").read()
                print(info.filename, info.compress_type, info.file_size, same, info.date_time, oct(info.external_attr >> 16), info.flag_bits & 0x800)
            """
        let python = try Process.run(Tools.path("python3"), ["-c", script, scratch.at("a.zip"), scratch.at("expected")])
        #expect(python.0 == 0, "\(python.2)")
        let lines = python.1.split(separator: "\n").map(String.init)
        let date = "(1980, 1, 1, 0, 0, 0) 0o100644 2048"
        #expect(
            lines == [
                "title.txt 8 3800 True \(date)", "noise.webp 0 5000 True \(date)", "café ☕.png 0 3 True \(date)", "pack/01.png 0 3 True \(date)",
                "empty.txt 0 0 True \(date)"
            ], "\(python.1)")
        // The same files, the same bytes.
        #expect(try ZIPWriter.archive(Self.entries) == bytes)
    }

    @Test("names no unzip would keep inside its folder are refused: empty, absolute, .., ., a backslash, twice")
    func names() {
        for bad in ["", "/etc/passwd", "../up.png", "a/../b.png", "./a.png", "a//b.png", "a\\b.png", "folder/"] {
            #expect(throws: ZIPWriter.Failure.badName(bad)) { try ZIPWriter.archive([ZIPWriter.Entry(name: bad, bytes: [1])]) }
        }
        let twice = [ZIPWriter.Entry(name: "a.png", bytes: [1]), ZIPWriter.Entry(name: "a.png", bytes: [2])]
        #expect(throws: ZIPWriter.Failure.badName("a.png")) { try ZIPWriter.archive(twice) }
    }

    @Test("65,535 entries, the most a ZIP without ZIP64 counts, are written; 65,536 are refused")
    func entryCount() throws {
        let most = (0..<65_535).map { ZIPWriter.Entry(name: "\($0)", bytes: []) }
        let bytes = try ZIPWriter.archive(most)
        // The end record counts them: its entry fields are bytes 8–11 from its start, 22 bytes before the end.
        let end = bytes.count - 22
        #expect(Array(bytes[end..<end + 4]) == [0x50, 0x4B, 0x05, 0x06] && bytes[end + 10] == 0xFF && bytes[end + 11] == 0xFF)
        #expect(throws: ZIPWriter.Failure.self) { try ZIPWriter.archive(most + [ZIPWriter.Entry(name: "one more", bytes: [])]) }
    }
}
