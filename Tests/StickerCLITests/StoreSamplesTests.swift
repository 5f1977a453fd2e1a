import Foundation
import StickerTestSupport
import Testing

/// SamplePacks/Stores (what `make demo` checks): each store's Good pack passes under the profile the
/// project's .stickerlint.yml gives its folder, and each Bad pack fails with exactly the findings listed
/// here (by file and rule, written out by hand from the stores' limits, not from a run).
@Suite("store sample packs")
struct StoreSamplesTests {
    static let expected: [String: [String]] = [
        "WhatsApp/Good": [],
        "WhatsApp/Bad": [": mixed-animation", "cat 400.webp: pixel-dimensions", "fast wave.webp: frame-delay", "grain.webp: file-size"],
        "Telegram/Good": [],
        "Telegram/Bad": ["cat 400.webp: pixel-dimensions", "wave.webp: unsupported-format"],
        "Signal/Good": [],
        "Signal/Bad": ["wave once.png: loop-count", "wide wave.png: loop-count", "wide wave.png: pixel-dimensions"],
        "LINE/Good": [],
        "LINE/Bad": [": pack-count", "01.png: even-dimensions", "01.png: pixel-dimensions", "02.png: frame-count"],
        "Discord/Good": [],
        "Discord/Bad": ["cat.webp: unsupported-format", "slow wave.png: animation-duration"]
    ]

    static let profiles = ["WhatsApp": "whatsapp", "Telegram": "telegram", "Signal": "signal", "LINE": "line", "Discord": "discord"]

    @Test("each store's Good pack is clean under its profile; each Bad pack has exactly its findings", arguments: expected.keys.sorted())
    func storePack(_ folder: String) throws {
        let path = "SamplePacks/Stores/" + folder
        let (status, out, err) = try CLI.run(["check", "--format", "json", path], in: Conformance.projectRoot)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any], "\(err)")
        let files = try #require(report["files"] as? [[String: Any]])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let store = String(folder.prefix { $0 != "/" })
        // Every file found, each under its store's profile (the configuration's pattern for the folder).
        #expect(!files.isEmpty)
        #expect(files.allSatisfy { $0["profile"] as? String == Self.profiles[store] }, "\(files.map { $0["profile"] ?? "none" })")
        let found = diagnostics.map { diagnostic -> String in
            let at = (diagnostic["path"] as? String ?? "").dropFirst(path.count).drop { $0 == "/" }
            return "\(at): \(diagnostic["rule"] as? String ?? "?")"
        }
        #expect(found.sorted() == Self.expected[folder]?.sorted(), "\(folder): \(found)")
        #expect(status == (folder.hasSuffix("Good") ? 0 : 1), "\(err)")
        // A Good pack has no warning or note either.
        if folder.hasSuffix("Good") { #expect(diagnostics.isEmpty) }
    }
}
