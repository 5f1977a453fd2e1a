import Foundation
import StickerTestSupport
import Testing

/// Nothing points back up (#38): each library target imports only the targets below it, by a table
/// written here (not derived from the sources).
@Suite("layering")
struct LayeringTests {
    static let allowed: [String: Set<String>] = [
        "StickerFiles": [],
        "StickerImage": ["StickerFiles"],
        "StickerCatalog": ["StickerFiles"],
        // The engine knows no rule: the rules sit over it (#53 point 8) and hand their registry down.
        "StickerLintEngine": ["StickerFiles", "StickerImage", "StickerCatalog"],
        "StickerLint": ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLintEngine"],
        "StickerReport": ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLint"],
        "StickerVariants": ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLint"],
        "StickerFix": ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLint"],
        "StickerPack": ["StickerFiles", "StickerImage", "StickerCatalog", "StickerLint"]
    ]

    @Test("each library target imports only the layers below it")
    func imports() throws {
        let sources = Conformance.projectRoot + "/Sources"
        for (target, allowed) in Self.allowed {
            let folder = sources + "/" + target
            let files = try #require(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty, "\(target) has no Swift files")
            for file in files {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let index = words.firstIndex(of: "import"), index + 1 < words.count, index <= 2 else { continue }
                    let module = String(words[index + 1])
                    guard module.hasPrefix("Sticker"), !module.hasPrefix("Stickerlint"), module != target else { continue }
                    #expect(allowed.contains(module), "\(target)/\(file) imports \(module), which is not below it")
                }
            }
        }
    }

    @Test("no command chooses behaviour by a reporter's type: what a format needs is a capability of the Reporter protocol (#53)")
    func reportersByCapability() throws {
        let folder = Conformance.projectRoot + "/Sources/stickerlint"
        let files = try #require(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        let pattern = try NSRegularExpression(pattern: #"[=!]= *[A-Z][A-Za-z]*Reporter\.self|[A-Z][A-Za-z]*Reporter\.self *[=!]="#)
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            let found = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range, in: text)!]) }
            #expect(found.isEmpty, "\(file) compares reporter types: \(found)")
        }
    }

    /// The names the built-in stores go by in code: their types' and profiles' spellings and the words
    /// for them, written here (not derived from `Store.builtIn`).
    static let storeNames = try! NSRegularExpression(
        pattern: #"WhatsApp|whatsApp|whatsapp|Telegram|telegram|Discord|discord|\bLINE\b|\bSignal\b|(?<![\w)\]?])\.(line|signal)\b|"(line|signal)""#)

    @Test("no store is named outside its own file under Sources/StickerLintEngine/Stores (#53): comments and the CLI's usage examples aside")
    func storesInTheirFiles() throws {
        let root = Conformance.projectRoot + "/Sources"
        let files = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("StickerLintEngine/Stores/") }
        #expect(files.count > 100)
        var named: [String] = []
        for file in files {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            var inExamples = false
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // A usage example of the CLI's `--help` shows a command line: it is no list to keep.
                if line.contains("static let examples = [") { inExamples = true }
                if inExamples {
                    if line.trimmingCharacters(in: .whitespaces) == "]" { inExamples = false }
                    continue
                }
                var code = String(line)
                if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
                let range = NSRange(code.startIndex..., in: code)
                if let match = Self.storeNames.firstMatch(in: code, range: range) {
                    named.append("\(file):\(number + 1): \(String(code[Range(match.range, in: code)!]))")
                }
            }
        }
        #expect(named.isEmpty, "store names outside Sources/StickerLintEngine/Stores:\n\(named.joined(separator: "\n"))")
    }
}
