import StickerCatalog
import StickerFiles
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// Names matched as Xcode on macOS matches them: composed and decomposed accents are one name, a
/// match that ignores case works on case-insensitive volumes only. On disk (a Linux disk keeps both
/// spellings apart, which is what a checkout made elsewhere gives).
@Suite("Name matching")
struct NameMatchingTests {
    static let composed = "Pok\u{E9}mon"  // é as one scalar (NFC)
    static let decomposed = "Poke\u{301}mon"  // e + combining acute (NFD), as macOS writes it

    enum Place: String, CaseIterable { case stickerFolder, stickerFile, sequenceFrame, icon }

    /// A catalog where `place` is named `inJSON` in its Contents.json and `onDisk` on disk.
    static func catalog(_ place: Place, inJSON: String, onDisk: String, in scratch: Scratch) throws -> String {
        let info = #""info":{"author":"xcode","version":1}"#
        let pack = "S.xcstickers/P.stickerpack"
        let png = ExampleContent.png(width: 408, height: 408).bytes()
        try scratch.write("S.xcstickers/Contents.json", "{\(info)}")
        switch place {
        case .stickerFolder:
            try scratch.write("\(pack)/Contents.json", #"{\#(info),"stickers":[{"filename":"\#(inJSON).sticker"}]}"#)
            try scratch.write("\(pack)/\(onDisk).sticker/Contents.json", #"{\#(info),"properties":{"filename":"a.png"}}"#)
            try scratch.write("\(pack)/\(onDisk).sticker/a.png", png)
        case .stickerFile:
            try scratch.write("\(pack)/Contents.json", #"{\#(info),"stickers":[{"filename":"A.sticker"}]}"#)
            try scratch.write("\(pack)/A.sticker/Contents.json", #"{\#(info),"properties":{"filename":"\#(inJSON).png"}}"#)
            try scratch.write("\(pack)/A.sticker/\(onDisk).png", png)
        case .sequenceFrame:
            try scratch.write("\(pack)/Contents.json", #"{\#(info),"stickers":[{"filename":"B.stickersequence"}]}"#)
            try scratch.write(
                "\(pack)/B.stickersequence/Contents.json",
                #"{\#(info),"frames":[{"filename":"\#(inJSON).png"}],"properties":{"duration":15,"duration-type":"fps"}}"#)
            try scratch.write("\(pack)/B.stickersequence/\(onDisk).png", png)
        case .icon:
            try scratch.write("\(pack)/Contents.json", #"{\#(info),"stickers":[{"filename":"A.sticker"}]}"#)
            try scratch.write("\(pack)/A.sticker/Contents.json", #"{\#(info),"properties":{"filename":"a.png"}}"#)
            try scratch.write("\(pack)/A.sticker/a.png", png)
            let set = "S.xcstickers/I.stickersiconset"
            try scratch.write(
                "\(set)/Contents.json",
                #"{\#(info),"images":[{"idiom":"iphone","size":"29x29","scale":"2x","filename":"\#(inJSON).png"}]}"#)
            try scratch.write("\(set)/\(onDisk).png", ExampleContent.png(width: 58, height: 58, style: .opaque).bytes())
        }
        return scratch.at("S.xcstickers")
    }

    @Test(
        "composed and decomposed spellings are one name, both ways, everywhere a Contents.json names a file",
        arguments: Place.allCases, [true, false])
    func canonicalEquivalence(_ place: Place, _ jsonDecomposed: Bool) throws {
        let scratch = Scratch()
        let (inJSON, onDisk) = jsonDecomposed ? (Self.decomposed, Self.composed) : (Self.composed, Self.decomposed)
        let root = try Self.catalog(place, inJSON: inJSON, onDisk: onDisk, in: scratch)
        let result = try Linter(jobs: 2).lint([root])
        let wrong = result.diagnostics.filter { ["missing-file", "unreferenced-file", "empty-pack"].contains($0.rule) }
        #expect(wrong.isEmpty, "\(place): \(wrong)")
        // The file is checked, under its name on disk (its bytes, not the JSON's spelling).
        let onDiskBytes = Array(onDisk.utf8)
        #expect(
            result.files.contains {
                PathText.lastComponent($0.path).utf8.starts(with: onDiskBytes)
                    || $0.path.split(separator: "/").contains { Array($0.utf8.prefix(onDiskBytes.count)) == onDiskBytes }
            },
            "\(place): \(result.files.map(\.path))")
    }

    @Test(
        "a name that matches only ignoring case is a missing-file warning naming the file on disk, which is still checked and not unreferenced",
        arguments: Place.allCases)
    func caseOnly(_ place: Place) throws {
        let scratch = Scratch()
        let root = try Self.catalog(place, inJSON: "POKEMON", onDisk: "pokemon", in: scratch)
        let result = try Linter(jobs: 2).lint([root])
        let missing = result.diagnostics.filter { $0.rule == "missing-file" }
        #expect(missing.count == 1 && missing.first?.severity == .warning, "\(place): \(missing)")
        #expect(missing.first?.message.contains("names it \"POKEMON") == true, "\(missing)")
        #expect(missing.first?.message.contains("it works on case-insensitive volumes only") == true)
        #expect(missing.first.map { $0.path.contains("pokemon") } == true, "reported on the name on disk: \(missing)")
        #expect(!result.diagnostics.contains { $0.rule == "unreferenced-file" }, "\(result.diagnostics)")
        #expect(result.files.contains { $0.path.contains("pokemon") })
    }

    @Test("an exact name wins over an equivalent one, and a name with no match at all is still an error")
    func exactAndAbsent() throws {
        let scratch = Scratch()
        let root = try Self.catalog(.stickerFile, inJSON: "gone", onDisk: "other", in: scratch)
        let result = try Linter(jobs: 2).lint([root])
        let missing = result.diagnostics.filter { $0.rule == "missing-file" }
        #expect(missing.count == 1 && missing.first?.severity == .error && missing.first?.message.contains("does not exist") == true, "\(missing)")
    }
}
