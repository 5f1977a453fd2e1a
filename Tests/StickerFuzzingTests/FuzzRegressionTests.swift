import StickerCatalog
import StickerImage
import StickerFuzzing
import StickerTestSupport
import Testing
import StickerFiles

@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let root = Conformance.projectRoot + "/Tests/Fixtures/fuzz"

    static var cases: [String] {
        FuzzTarget.allCases.flatMap { target in
            (DiskFileSystem().list(root + "/" + target.rawValue) ?? []).map { target.rawValue + "/" + $0 }
        }
    }

    @Test("every input the fuzzers found runs through its target without crashing", arguments: cases)
    func replay(_ file: String) throws {
        let target = try #require(FuzzTarget(rawValue: String(file.split(separator: "/")[0])))
        target.run(try FileByteSource(path: Self.root + "/" + file).readAll())
    }

    @Test("the corpus is not empty and every target can run")
    func targets() {
        #expect(!Self.cases.isEmpty)
        for target in FuzzTarget.allCases { target.run([]) }
        FuzzTarget.catalog.run(Array(#"{"info":{}}"#.utf8) + [0] + Array(#"{"stickers":[{"filename":"A.sticker"}]}"#.utf8))
    }
}
