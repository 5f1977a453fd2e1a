import Foundation
import StickerCatalog
import StickerLint
import StickerReport
import StickerTestSupport
import Testing

private let samplePacks = Conformance.projectRoot + "/SamplePacks"

@Suite("check: JSON report")
struct JSONReportTests {
    @Test("the JSON report has the documented shape, sorted paths, and lists every image found")
    func shape() throws {
        let root = samplePacks + "/Good.xcstickers"
        let result = try Linter(jobs: 2).lint([root])
        let json = JSONReporter().render(result)
        let report = try JSONDecoder().decode(JSONReportDocument.self, from: Data(json.utf8))
        #expect(report.tool.name == "stickerlint")
        #expect(report.summary.files == report.files.count)
        #expect(report.summary.errors == report.diagnostics.filter { $0.severity == "error" }.count)
        // Paths are the argument joined with the path inside it, and sorted.
        #expect(report.files.allSatisfy { $0.path.hasPrefix(root + "/") })
        #expect(report.files.map(\.path) == report.files.map(\.path).sorted { PathOrder.less($0, $1) })
        let keys = report.diagnostics.map { [$0.path, $0.rule] }
        #expect(keys == keys.sorted { $0[0] != $1[0] ? PathOrder.less($0[0], $1[0]) : $0[1] < $1[1] })
        // Every image on disk under the catalog is listed: stickers, sequence frames and icons.
        let onDisk = Fixtures.images(under: root)
        #expect(Set(report.files.map(\.path)) == Set(onDisk))
        #expect(onDisk.filter { $0.contains(".stickersequence/") }.count == 3)
        #expect(onDisk.filter { $0.contains(".stickersiconset/") }.count == 8)
        let wave = try #require(report.files.first { $0.path.hasSuffix("wave.png") })
        #expect(wave.format == "apng" && wave.frames == 4 && wave.hasAlpha == true && wave.width == 408)
        let bounce = try #require(report.files.first { $0.path.hasSuffix("bounce.gif") })
        #expect(bounce.format == "gif" && bounce.frames == 3)
    }

    @Test("an unreadable header gives null fields, and the error is reported")
    func nullFields() throws {
        let scratch = Scratch()
        try scratch.write("broken.png", [0x89, 0x50, 0x4E, 0x47])
        let report = try JSONDecoder().decode(JSONReportDocument.self, from: Data(JSONReporter().render(try Linter().lint([scratch.path])).utf8))
        let file = try #require(report.files.first)
        #expect(file.format == nil && file.width == nil && file.frames == nil && file.hasAlpha == nil)
        #expect(file.bytes == 4)
        #expect(report.diagnostics.contains { $0.rule == "image-unreadable" })
    }

    @Test("output is byte-identical for every --jobs value")
    func deterministic() throws {
        let root = samplePacks + "/Bad.xcstickers"
        let one = JSONReporter().render(try Linter(jobs: 1).lint([root]))
        for jobs in [2, 3, 8] {
            #expect(JSONReporter().render(try Linter(jobs: jobs).lint([root])) == one)
        }
        #expect(TextReporter().render(try Linter(jobs: 4).lint([root])) == TextReporter().render(try Linter(jobs: 1).lint([root])))
    }

    @Test("the bad sample catalog triggers every rule of the sticker profile; the good one has no error or warning")
    func samples() throws {
        let bad = try Linter().lint([samplePacks + "/Bad.xcstickers"])
        #expect(Set(bad.diagnostics.map(\.rule)) == Set(RuleRegistry.descriptions.filter { $0.profiles.contains(.sticker) }.map(\.id)))
        let good = try Linter().lint([samplePacks + "/Good.xcstickers"])
        #expect(good.errorCount == 0 && good.warningCount == 0)
    }

    @Test("JSON, SARIF and HTML name each file's profile; the project's .stickerlint.yml makes SamplePacks/Media message media")
    func profiles() throws {
        var configuration = try Configuration.load(path: Conformance.projectRoot + "/.stickerlint.yml")
        let root = Conformance.projectRoot
        let result = try Linter(configuration: configuration).lint([root + "/SamplePacks/Media", root + "/SamplePacks/Loose"])
        let json = try JSONSerialization.jsonObject(with: Data(JSONReporter().render(result).utf8)) as! [String: Any]
        let files = json["files"] as! [[String: Any]]
        #expect(files.count == 10)
        for file in files {
            let path = file["path"] as! String
            #expect(file["profile"] as? String == (path.contains("/SamplePacks/Media/") ? "message-media" : "sticker"), "\(path)")
        }
        let sarif = SARIFReporter(workingDirectory: root).render(result)
        let runs = (try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as! [String: Any])["runs"] as! [[String: Any]]
        for item in runs[0]["results"] as! [[String: Any]] {
            let uri =
                ((((item["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any])["artifactLocation"] as! [String: Any])["uri"]
                    as! String)
            #expect(
                (item["properties"] as? [String: String])?["profile"] == (uri.contains("SamplePacks/Media/") ? "message-media" : "sticker"), "\(uri)")
        }
        let html = HTMLReporter().render(
            try Linter(configuration: configuration, thumbnailSide: HTMLReporter.thumbnailSide)
                .lint([root + "/SamplePacks/Media"]))
        #expect(html.contains("<h2 id=\"media-title\">Message media</h2>"))
        #expect(html.components(separatedBy: "<figure class=\"bubble\">").count - 1 == 6)
        #expect(html.components(separatedBy: "<div class=\"crop left\"").count - 1 == 6)
        #expect(!html.contains("Loose stickers"))
        #expect(html.components(separatedBy: "<dt>Profile</dt><dd>message-media</dd>").count - 1 == 6)
        configuration.forcedProfile = .sticker
        let asStickers = HTMLReporter().render(try Linter(configuration: configuration).lint([root + "/SamplePacks/Media"]))
        #expect(!asStickers.contains("class=\"bubble\"") && asStickers.contains("Loose stickers"))
        #expect(asStickers.components(separatedBy: "<dt>Profile</dt><dd>sticker</dd>").count - 1 == 6)
    }
}
