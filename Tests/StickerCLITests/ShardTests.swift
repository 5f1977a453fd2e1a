import Foundation
import StickerFiles
import StickerLint
import StickerReport
import StickerTestSupport
import Testing

private let samplePacks = Conformance.projectRoot + "/SamplePacks"

/// `check --shard I/N` and `stickerlint merge`: every file in exactly one part, packs whole, and the
/// merged reports equal to an unsharded run's, byte for byte.
@Suite("Shards and merge")
struct ShardTests {
    /// The files of a JSON report.
    static func files(_ json: String) throws -> [String] {
        let doc = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        return (doc["files"] as! [[String: Any]]).map { $0["path"] as! String }
    }

    @Test(
        "every file lands in exactly one shard, each pack whole, and merged JSON equals the unsharded report byte for byte",
        arguments: [1, 2, 3, 4, 7])
    func partsAndMerge(_ count: Int) throws {
        let scratch = Scratch()
        let (status, whole, _) = try CLI.run(["check", "--format", "json", "SamplePacks"], in: Conformance.projectRoot)
        #expect(status == 1)
        var seen: [String: Int] = [:]
        var reports: [String] = []
        for index in 1...count {
            let report = scratch.at("part\(index).json")
            let (partStatus, _, err) = try CLI.run(
                ["check", "--quiet", "--shard", "\(index)/\(count)", "--format", "json", "-o", report, "SamplePacks"],
                in: Conformance.projectRoot)
            #expect(partStatus == 0 || partStatus == 1, "\(err)")
            for file in try Self.files(String(decoding: try DiskFileSystem().read(report), as: UTF8.self)) {
                #expect(seen[file] == nil, "\(file) is in shards \(seen[file] ?? 0) and \(index)")
                seen[file] = index
            }
            reports.append(report)
        }
        let all = try Self.files(whole)
        #expect(Set(seen.keys) == Set(all) && all.count == 102)
        // A pack's files are all in one shard; so are a store pack's (a folder under a store's profile).
        let problems = all.filter { $0.contains("/Problems.stickerpack/") }
        #expect(Set(problems.map { seen[$0]! }).count == 1)
        let line = all.filter { $0.hasPrefix("SamplePacks/Stores/LINE/Good/") }
        #expect(line.count == 10 && Set(line.map { seen[$0]! }).count == 1)
        let (mergeStatus, merged, err) = try CLI.run(["merge", "--format", "json"] + reports, in: Conformance.projectRoot)
        #expect(mergeStatus == 1, "\(err)")
        #expect(merged == whole)
        // Text too (no timestamps, no absolute paths).
        let (_, wholeText, _) = try CLI.run(["check", "SamplePacks"], in: Conformance.projectRoot)
        let (_, mergedText, _) = try CLI.run(["merge"] + reports, in: Conformance.projectRoot)
        #expect(mergedText == wholeText)
    }

    @Test("merge of shard reports writes every format byte for byte as the unsharded run: SARIF with its fixes, JUnit, GitHub, Markdown, Xcode")
    func mergeEveryFormat() throws {
        let scratch = Scratch()
        var reports: [String] = []
        for index in 1...3 {
            let report = scratch.at("part\(index).json")
            let (status, _, err) = try CLI.run(
                ["check", "--quiet", "--shard", "\(index)/3", "--format", "json", "-o", report, "SamplePacks"], in: Conformance.projectRoot)
            #expect(status == 0 || status == 1, "\(err)")
            reports.append(report)
        }
        for format in ["sarif", "junit", "github", "markdown", "xcode", "text", "json"] {
            let (_, whole, _) = try CLI.run(["check", "--format", format, "SamplePacks"], in: Conformance.projectRoot)
            let (status, merged, err) = try CLI.run(["merge", "--format", format] + reports, in: Conformance.projectRoot)
            #expect(status == 1, "\(format): \(err)")
            // JUnit's timestamps are to the second: two runs a second apart differ there only.
            func masked(_ text: String) -> String { text.replacing(#/timestamp="[^"]*"/#, with: "timestamp=\"\"") }
            #expect(masked(merged) == masked(whole), "\(format): merged and unsharded differ")
            if format == "sarif" {
                // SamplePacks' Bad catalog has a reference to add and keys to repair: SARIF carries the edits.
                #expect(whole.contains("\"artifactChanges\"") && whole.contains("stickerlint fix: add-reference"), "\(whole.prefix(300))")
            }
            if format == "json" { #expect(whole.contains("\"textFix\": {"), "the JSON report carries Contents.json edits") }
        }
    }

    @Test("merge refuses a report whose textFix is not an edit the finding offers, or whose span is negative")
    func mergeRefusesBadTextFix() throws {
        let scratch = Scratch()
        let report = scratch.at("whole.json")
        let (status, _, err) = try CLI.run(
            ["check", "--quiet", "--format", "json", "-o", report, "SamplePacks/Bad.xcstickers"], in: Conformance.projectRoot)
        #expect(status == 1, "\(err)")
        let text = String(decoding: try DiskFileSystem().read(report), as: UTF8.self)
        #expect(text.contains("\"kind\": \"add-reference\""))
        #expect(try CLI.run(["merge", report]).0 == 1)
        for (from, to) in [("\"kind\": \"add-reference\"", "\"kind\": \"recompress\""), ("\"byteLength\": ", "\"byteLength\": -")] {
            try scratch.write("bad.json", text.replacingOccurrences(of: from, with: to))
            let (badStatus, _, badErr) = try CLI.run(["merge", scratch.at("bad.json")])
            #expect(badStatus == 2 && badErr.contains("\"textFix\" must be"), "\(to): \(badErr)")
        }
    }

    @Test("a shard's report records I of N; merge refuses a shard given twice, one missing, mixed batch sizes and a whole run among shards")
    func mergeRefusesIncompleteSets() throws {
        let scratch = Scratch()
        for (index, count) in [(1, 2), (2, 2), (1, 3)] {
            let (status, _, err) = try CLI.run(
                [
                    "check", "--quiet", "--shard", "\(index)/\(count)", "--format", "json", "-o",
                    scratch.at("s\(index)of\(count).json"), "SamplePacks"
                ], in: Conformance.projectRoot)
            #expect(status == 0 || status == 1, "\(err)")
        }
        let first = String(decoding: try DiskFileSystem().read(scratch.at("s1of2.json")), as: UTF8.self)
        #expect(first.contains("\"shard\": {\n    \"index\": 1,\n    \"count\": 2\n  }"), "\(first.prefix(400))")
        let (_, whole, _) = try CLI.run(["check", "--format", "json", "SamplePacks"], in: Conformance.projectRoot)
        #expect(!whole.contains("\"shard\""))
        try scratch.write("whole.json", whole)
        // A batch of 9×10¹⁴ parts (a hostile count): the first 8 missing are named, the rest counted, at once.
        try scratch.write(
            "huge.json",
            first.replacingOccurrences(
                of: "\"index\": 1,\n    \"count\": 2\n", with: "\"index\": 3,\n    \"count\": 900000000000000\n"))
        let cases: [([String], String)] = [
            (
                ["huge.json"],
                "merge: shards 1/900000000000000, 2/900000000000000, 4/900000000000000, 5/900000000000000, 6/900000000000000, "
                    + "7/900000000000000, 8/900000000000000, 9/900000000000000 and 899,999,999,999,991 more are missing"
            ),
            (["s1of2.json", "s1of2.json"], "merge: shard 1/2 is given 2 times"),
            (["s1of2.json"], "merge: shard 2/2 is missing: merge needs every part of the batch"),
            (["s1of2.json", "s2of2.json", "s1of3.json"], "merge: the reports are shards of batches of different sizes (/2, /3)"),
            (["s1of2.json", "s2of2.json", "whole.json"], "is a whole run's report, not a shard of the batch")
        ]
        for (names, message) in cases {
            let (status, _, err) = try CLI.run(["merge"] + names.map(scratch.at))
            #expect(status == 2 && err.contains(message), "\(names): \(err)")
        }
        #expect(try CLI.run(["merge", scratch.at("s1of2.json"), scratch.at("s2of2.json")]).0 == 1)
    }

    @Test("with --embed-thumbnails, shard reports merge into the HTML report and the embedded JSON of an unsharded run, byte for byte")
    func embeddedMerge() throws {
        let scratch = Scratch()
        let (_, wholeHTML, _) = try CLI.run(["check", "--format", "html", "SamplePacks"], in: Conformance.projectRoot)
        let (_, wholeJSON, _) = try CLI.run(["check", "--format", "json", "--embed-thumbnails", "SamplePacks"], in: Conformance.projectRoot)
        #expect(wholeHTML.contains("data:image/png;base64,") && wholeJSON.contains("\"embedded\": {"))
        var reports: [String] = []
        for index in 1...3 {
            let report = scratch.at("part\(index).json")
            let (status, _, err) = try CLI.run(
                [
                    "check", "--quiet", "--shard", "\(index)/3", "--format", "json", "--embed-thumbnails", "-o", report,
                    "SamplePacks"
                ], in: Conformance.projectRoot)
            #expect(status == 0 || status == 1, "\(err)")
            reports.append(report)
        }
        let (htmlStatus, mergedHTML, htmlErr) = try CLI.run(["merge", "--format", "html"] + reports, in: Conformance.projectRoot)
        #expect(htmlStatus == 1, "\(htmlErr)")
        #expect(mergedHTML == wholeHTML)
        let (_, mergedJSON, _) = try CLI.run(["merge", "--format", "json"] + reports, in: Conformance.projectRoot)
        #expect(mergedJSON == wholeJSON)
        // Without the member, the JSON is SPEC §6's exactly: the embedded run only adds it at the end.
        let (_, plainJSON, _) = try CLI.run(["check", "--format", "json", "SamplePacks"], in: Conformance.projectRoot)
        let cut = try #require(wholeJSON.range(of: "\n  ],\n  \"embedded\": {"))
        #expect(String(wholeJSON[..<cut.lowerBound]) + "\n  ]\n}\n" == plainJSON)
    }

    @Test("bad --shard values and bad reports exit 2 with a message; an empty shard is no error")
    func errors() throws {
        for value in ["0/4", "5/4", "2", "a/b", "1/0"] {
            let (status, _, err) = try CLI.run(["check", "--shard", value, "SamplePacks/Loose"], in: Conformance.projectRoot)
            #expect(status == 2 && err.contains("--shard takes I/N"), "\(value): \(err)")
        }
        let scratch = Scratch()
        try scratch.write("broken.json", "{\"files\": [")
        try scratch.write("foreign.json", #"{"tool": {"name": "other"}, "files": [], "diagnostics": []}"#)
        for name in ["broken.json", "foreign.json"] {
            let (status, _, err) = try CLI.run(["merge", scratch.at(name)])
            #expect(status == 2 && err.contains("\(name): not a stickerlint JSON report"), "\(err)")
        }
        // HTML from reports without the packs and previews is refused, naming them.
        let (_, bare, _) = try CLI.run(["check", "--format", "json", "SamplePacks/Loose"], in: Conformance.projectRoot)
        try scratch.write("bare.json", bare)
        let (html, _, htmlErr) = try CLI.run(["merge", "--format", "html", scratch.at("bare.json")])
        #expect(
            html == 2 && htmlErr.contains("merge cannot write HTML: \(scratch.at("bare.json")) does not carry")
                && htmlErr.contains("--embed-thumbnails"),
            "\(htmlErr)")
        // A damaged embedded member is named.
        try scratch.write("damaged.json", #"{"tool": {"name": "stickerlint"}, "files": [], "diagnostics": [], "embedded": {"packs": 3}}"#)
        let (damaged, _, damagedErr) = try CLI.run(["merge", scratch.at("damaged.json")])
        #expect(damaged == 2 && damagedErr.contains("damaged.json: not a stickerlint JSON report: embedded.packs: must be an array"), "\(damagedErr)")
        // A preview's type goes into the HTML report's CSS: only an image format's is taken (one that closed the
        // <style> and opened a <script> was written as it was).
        for (mime, refused) in [("image/gif", false), ("image/png\\\")}</style><script>alert(1)</script>", true), ("text/html", true)] {
            try scratch.write(
                "preview.json",
                #"{"tool": {"name": "stickerlint"}, "files": [], "diagnostics": [], "embedded": {"packs": [], "iconSets": [], "#
                    + #""thumbnails": [{"path": "a.gif", "mimeType": "\#(mime)", "data": "R0lG", "pixelated": false}]}}"#)
            let (status, out, err) = try CLI.run(["merge", "--format", "html", scratch.at("preview.json")])
            #expect(refused == (status == 2 && err.contains("thumbnails[0].mimeType: is not an image type")), "\(mime): \(status) \(err)")
            #expect(!out.contains("<script>alert"))
        }
        // A file's counts are whole numbers from 0, or null: "12", true, 1.5, -1 and 10^308 are a damaged report, not unknown.
        // A side is at most 2³¹ − 1 as the decoders read it.
        for (value, refused) in [
            ("408", false), ("null", false), ("\"12\"", true), ("true", true), ("1.5", true), ("-1", true), ("1e308", true),
            ("2147483647", false), ("2147483648", true)
        ] {
            try scratch.write(
                "counts.json",
                #"{"tool": {"name": "stickerlint"}, "files": [{"path": "a.png", "width": \#(value)}], "diagnostics": []}"#)
            let (status, _, err) = try CLI.run(["merge", scratch.at("counts.json")])
            #expect(refused == (status == 2 && err.contains("files[0].width: not a whole number from 0")), "\(value): \(status) \(err)")
        }
        // Frames are at most 2³² − 1 as the decoders count them (9×10¹⁴ frames of a sequence overflowed the HTML's duration).
        for (value, refused) in [("4294967295", false), ("4294967296", true)] {
            try scratch.write(
                "frames.json", #"{"tool": {"name": "stickerlint"}, "files": [{"path": "a.png", "frames": \#(value)}], "diagnostics": []}"#)
            let (status, _, err) = try CLI.run(["merge", scratch.at("frames.json")])
            #expect(
                status == (refused ? 2 : 0) && err.contains("files[0].frames: not a whole number from 0 to 4,294,967,295") == refused,
                "\(value): \(err)")
        }
        // The embedded catalog facts a report carries are in the ranges the catalog reader keeps: a sequence's
        // repetitions and a file's duration 0 … 2³¹ − 1, empty frame entries rising from 0 (-1 was taken).
        func embedded(repetitions: String = "0", empty: String = "[]", duration: String = "100") -> String {
            #"{"tool": {"name": "stickerlint"}, "files": [{"path": "a.png"}], "diagnostics": [], "embedded": {"packs": [{"path": "P.stickerpack", "#
                + #""gridSize": null, "readable": true, "entries": [{"kind": "sequence", "path": "P.stickerpack/s.stickersequence", "#
                + #""frames": [], "duration": null, "durationType": null, "repetitions": \#(repetitions), "label": null, "#
                + #""emptyFrameEntries": \#(empty), "readable": true}]}], "iconSets": [], "thumbnails": [], "#
                + #""files": [{"path": "a.png", "kind": "png", "durationMs": \#(duration)}]}}"#
        }
        for (json, refusal) in [
            (embedded(), nil), (embedded(repetitions: "2147483647", empty: "[0, 5]", duration: "2147483647"), nil),
            (embedded(repetitions: "-1"), "entries[0].repetitions: not a whole number from 0 to 2,147,483,647"),
            (embedded(repetitions: "2147483648"), "entries[0].repetitions: not a whole number from 0 to 2,147,483,647"),
            (embedded(repetitions: "9223372036854775807"), "entries[0].repetitions: not a whole number from 0 to 2,147,483,647"),
            (embedded(duration: "1e300"), "files[0].durationMs: not a whole number from 0 to 2,147,483,647"),
            (embedded(duration: "1.5"), "files[0].durationMs: must be a whole number"),
            (embedded(empty: "[-1]"), "entries[0].emptyFrameEntries[0]: not a whole number from 0 to 2,147,483,647"),
            (embedded(empty: "[3, 3]"), "entries[0].emptyFrameEntries[1]: not a whole number from 4 to 2,147,483,647"),
            (embedded(duration: "-1"), "files[0].durationMs: not a whole number from 0 to 2,147,483,647")
        ] {
            try scratch.write("embedded.json", json)
            let (status, _, err) = try CLI.run(["merge", "--format", "html", scratch.at("embedded.json")])
            #expect(status == (refusal == nil ? 0 : 2) && err.contains(refusal ?? "\u{0}") == (refusal != nil), "\(json): \(status) \(err)")
        }
        // A report of more values than any real one of its size holds is refused before it is held.
        let zeros = String(repeating: "0,", count: JSONReportReader.valueBudget)
        try scratch.write("zeros.json", #"{"tool": {"name": "stickerlint"}, "files": [], "diagnostics": [], "x": ["# + zeros + "0]}")
        let (zerosStatus, _, zerosErr) = try CLI.run(["merge", scratch.at("zeros.json")])
        #expect(zerosStatus == 2 && zerosErr.contains("zeros.json: not a stickerlint JSON report") && zerosErr.contains("16,000,000"), "\(zerosErr)")
        // --embed-thumbnails belongs to JSON.
        let (embedText, _, embedErr) = try CLI.run(["check", "--embed-thumbnails", "SamplePacks/Loose"], in: Conformance.projectRoot)
        #expect(embedText == 2 && embedErr.contains("--embed-thumbnails goes with --format json"), "\(embedErr)")
        // One loose file and four shards: three of them hold nothing, and that is fine.
        try scratch.write("one/a.png", ExampleContent.png(width: 408, height: 408).bytes())
        var empty = 0
        for index in 1...4 {
            let (status, out, err) = try CLI.run(["check", "--shard", "\(index)/4", "--format", "json", scratch.at("one")])
            #expect(status == 0, "\(err)")
            if try Self.files(out).isEmpty { empty += 1 }
        }
        #expect(empty == 3)
    }
}
