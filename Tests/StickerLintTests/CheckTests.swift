import Foundation
import StickerCatalog
import StickerLint
import StickerTestSupport
import Testing
import StickerFiles

private let samplePacks = Conformance.projectRoot + "/SamplePacks"

@Suite("check: path escapes")
struct PathEscapeTests {
    @Test("a ../../ filename and a symlink out of the catalog give path-escape; the outside file is never opened")
    func neverOpened() throws {
        let scratch = Scratch()
        // The file both catalogs point at, outside them; a real sticker so that opening it would "work".
        try scratch.write("outside/x.png", ExampleContent.png(width: 408, height: 408).bytes())
        let escape = RuleExample.pack([.stickerNaming("Cat", "../../../../outside/x.png")], "")
        try escape.write(to: scratch.at("dotdot"))
        let link = RuleExample.pack([.stickerNaming("Cat", "cat.png")], links: [("Cat.sticker/cat.png", scratch.at("outside/x.png"))], "")
        try link.write(to: scratch.at("symlink"))
        // The ../ path really reaches the outside file, so a reader that followed it would open it.
        #expect(
            DiskFileSystem().realPath(scratch.at("dotdot/Stickers.xcstickers/Pack.stickerpack/Cat.sticker/../../../../outside/x.png"))
                == DiskFileSystem().realPath(scratch.at("outside/x.png")))
        for folder in ["dotdot", "symlink"] {
            let recorder = RecordingFileSystem()
            let result = try Linter(files: recorder).lint([scratch.at(folder)])
            let escapes = result.diagnostics.filter { $0.rule == "path-escape" }
            #expect(escapes.count == 1, "\(folder): \(result.diagnostics)")
            #expect(escapes.first?.path.hasSuffix("Cat.sticker") == true)
            #expect(!recorder.openedPaths.isEmpty)  // Contents.json files were read through it
            #expect(!recorder.touchedPaths.contains { $0.contains("outside") || $0.hasSuffix("cat.png") }, "\(recorder.openedPaths)")
            #expect(result.files.isEmpty)
        }
    }
}

@Suite("check: configuration")
struct ConfigurationTests {
    @Test("severity overrides, off, grid and exclude apply")
    func applies() throws {
        let config = try Configuration.parse(
            """
            grid: small
            rules:
              square: off
              preferred-format: warning
            exclude: ["skip/**", "*.tmp.png"]
            """, path: "test.yml")
        #expect(config.grid == .small)
        let scratch = MemoryScratch()
        try scratch.write("wide.gif", ExampleContent.gif(side: 300, frames: 2).bytes())
        try scratch.write("a/wide.png", ExampleContent.png(width: 408, height: 300).bytes())
        try scratch.write("skip/bad.png", [1, 2, 3])
        try scratch.write("x.tmp.png", [1, 2, 3])
        let result = try Linter(configuration: config, files: scratch.files).lint([scratch.path])
        #expect(!result.diagnostics.contains { $0.rule == "square" })
        #expect(result.diagnostics.contains { $0.rule == "preferred-format" && $0.severity == .warning })
        #expect(result.diagnostics.contains { $0.rule == "grid-size" && $0.path.hasSuffix("a/wide.png") })
        #expect(!result.files.contains { $0.path.contains("skip/") || $0.path.hasSuffix(".tmp.png") })
    }

    @Test(
        "unknown keys and rule IDs are errors that name the line",
        arguments: [
            ("grid: regular\nrulez:\n  square: off\n", 2, "unknown key \"rulez\""),
            ("rules:\n  square: off\n  sqare: warning\n", 3, "unknown rule ID \"sqare\""),
            ("rules:\n  square: loud\n", 2, "must be off, note, warning or error"),
            ("grid: larg\n", 1, "grid must be small, regular (medium) or large (did you mean \"large\"?)"),
            ("rules:\n  sqaure: off\n", 2, "unknown rule ID \"sqaure\" (did you mean \"square\"?)")
        ])
    func errors(_ text: String, _ line: Int, _ fragment: String) {
        do {
            _ = try Configuration.parse(text, path: ".stickerlint.yml")
            Issue.record("accepted: \(text)")
        } catch {
            guard case .invalid(_, let found, let message) = error else { Issue.record("\(error)"); return }
            #expect(found == line)
            #expect(message.contains(fragment), "\(message)")
            #expect(error.description.hasPrefix(".stickerlint.yml:\(line): "))
        }
    }

    @Test("per-case severities: a case can be set or turned off; a plain setting changes the main case only")
    func perCase() throws {
        let scratch = MemoryScratch()
        try RuleExample.pack(
            [
                .sticker("Long", .paddedPNG(side: 408, bytes: 505_000), label: String(repeating: "a", count: 151)),
                .sticker("Bare", .paddedPNG(side: 408, bytes: 520_000, seed: 1), label: nil)
            ], ""
        ).write(to: scratch.path, in: scratch.files)
        func found(_ yaml: String) throws -> [String: Severity] {
            let config = try Configuration.parse(yaml, path: "test.yml")
            let result = try Linter(configuration: config, jobs: 2, files: scratch.files).lint([scratch.path])
            var found: [String: Severity] = [:]
            for d in result.diagnostics
            where ([.init(stringLiteral: "accessibility-label"), .init(stringLiteral: "file-size")] as [RuleID]).contains(d.rule) {
                found[d.rule.rawValue + " " + PathText.lastComponent(d.path)] = d.severity
            }
            return found
        }
        let defaults = try found("")
        #expect(
            defaults == [
                "accessibility-label Long.sticker": .error, "accessibility-label Bare.sticker": .note,
                "file-size long.png": .warning, "file-size bare.png": .error
            ])
        // {missing: off}: the missing label goes, the too-long one stays an error.
        #expect(
            try found("rules:\n  accessibility-label: {missing: off}\n")
                == ["accessibility-label Long.sticker": .error, "file-size long.png": .warning, "file-size bare.png": .error])
        // A plain setting is the main case's: the label too long becomes a warning, the missing one stays a note.
        #expect(
            try found("rules:\n  accessibility-label: warning\n")
                == [
                    "accessibility-label Long.sticker": .warning, "accessibility-label Bare.sticker": .note,
                    "file-size long.png": .warning, "file-size bare.png": .error
                ])
        // Both cases of file-size, by name.
        #expect(
            try found("rules:\n  file-size:\n    over: warning\n    near: error\n")
                == [
                    "accessibility-label Long.sticker": .error, "accessibility-label Bare.sticker": .note,
                    "file-size long.png": .error, "file-size bare.png": .warning
                ])
        #expect(try found("rules:\n  file-size: {near: off}\n  accessibility-label: off\n") == ["file-size bare.png": .error])
    }

    @Test("an unknown case or a bad case value is an error naming the line and the rule's cases")
    func perCaseErrors() {
        for (yaml, line, fragment) in [
            ("rules:\n  file-size:\n    close: warning\n", 3, "rule \"file-size\" has no case \"close\"; its cases are \"over\", \"near\""),
            (
                "rules:\n  accessibility-label: {missing: loud}\n", 2,
                "case \"missing\" of rule \"accessibility-label\" must be off, note, warning or error"
            )
        ] {
            do {
                _ = try Configuration.parse(yaml, path: ".stickerlint.yml")
                Issue.record("accepted: \(yaml)")
            } catch {
                guard case .invalid(_, let found, let message) = error else { Issue.record("\(error)"); continue }
                #expect(found == line, "\(yaml)")
                #expect(message.contains(fragment), "\(message)")
            }
        }
    }

    @Test("globs: ** crosses folders, * does not, a bare name matches anywhere")
    func globs() {
        #expect(Glob.matches("Build/**", path: "Build/a/b.png"))
        #expect(Glob.matches("Build/**", path: "x/Build/a.png"))
        #expect(!Glob.matches("Build/*", path: "Build/a/b.png"))
        #expect(Glob.matches("**/*.png", path: "a.png"))
        #expect(Glob.matches("draft-*", path: "art/draft-1.png"))
        #expect(!Glob.matches("draft-*", path: "art/final.png"))
    }

    /// Patterns and paths around every edge of the matcher: "**" at either end and alone, "**/"
    /// matching no folder, "*" and "?" stopping at a slash, a leading "./", doubled, leading and
    /// trailing slashes, empty strings, non-ASCII (NFC and NFD, which match by characters) and a
    /// carriage return.
    static let globPatterns = [
        "", "*", "**", "?", "a", "*.png", "**/*.png", "a/**", "a/**/b", "**/b", "a/*/b", "a?c", "./a", "./a/*", "./*.png", "**/", "a/**/",
        "a*b*c", "***", "*/", "?/?", "Build/**", "SamplePacks/Stores/WhatsApp/**", "caf\u{E9}/*", "cafe\u{301}/*", "a\r\n?", "s0000?.png"
    ]
    static let globPaths = [
        "", "/", "a", "a/", "/a", "a//b", "a/b", "a/x/b", "a/x/y/b", "b", "abc", "a/bc", "x/a/b.png", "a.png", "x/y/a.png", ".png", "a/b/",
        "aXbYc", "aXbYcZ", "Build/a/b.png", "x/Build/a.png", "SamplePacks/Stores/WhatsApp/Good/tray.png", "caf\u{E9}/x", "cafe\u{301}/x",
        "a\r\nb", "a\r\nx", "/abs/x/s00001.png", "s00001.png/"
    ]

    @Test("globs answer as the definition (backtracking by characters over every tail), for every pattern and path, by bytes and by characters")
    func globsByBytes() {
        for pattern in Self.globPatterns {
            for path in Self.globPaths {
                #expect(Glob.matches(pattern, path: path) == Self.definition(pattern, path: path), "\(pattern) on \(path)")
                #expect(
                    Glob.matches(Array(pattern), path: Array(path), star: "*", question: "?", slash: "/") == Self.definition(pattern, path: path),
                    "\(pattern) on \(path), by characters")
            }
        }
    }

    @Test("globs answer as the definition for 20,000 random patterns and paths (a, b, /, *, ?), paths past 64 and 128 elements too")
    func randomGlobs() {
        // A fixed generator (SplitMix64): the same cases every run.
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        let patternAlphabet: [Character] = ["a", "b", "/", "*", "*", "?"], pathAlphabet: [Character] = ["a", "b", "a", "/"]
        var matched = 0
        for round in 0..<20_000 {
            let pattern = String((0..<next(9)).map { _ in patternAlphabet[next(patternAlphabet.count)] })
            let length = round % 10 == 0 ? 60 + next(100) : next(12)
            let path = String((0..<length).map { _ in pathAlphabet[next(pathAlphabet.count)] })
            let expected = Self.definition(pattern, path: path)
            if expected { matched += 1 }
            #expect(Glob.matches(pattern, path: path) == expected, "\(pattern) on \(path)")
        }
        // Both answers are common: the cases test matching, not only refusing.
        #expect(matched > 2_000 && matched < 18_000, "\(matched)")
    }

    @Test("250 patterns of 4,000 characters against 60 paths 800 bytes deep answer (over 100 s cell by cell)")
    func wideGlobs() {
        let folder = Array(repeating: String(repeating: "d", count: 200), count: 4).joined(separator: "/")
        let paths = (0..<60).map { "art/\(folder)/\($0).png" }
        let patterns =
            (0..<250).map { String(repeating: "*/", count: 1_990) + "zz\($0)" } + (0..<250).map { _ in String(repeating: "?*", count: 410) }
        var hits = 0
        for pattern in patterns { for path in paths where Glob.matches(pattern, path: path) { hits += 1 } }
        // "?*" 410 times takes any path of 410 or more elements in its last folder... none here: 820 needs a
        // run without slashes, and the longest is 200; the stars over slashes need 1,990 folders.
        #expect(hits == 0)
        #expect(
            Glob.matches(String(repeating: "?*", count: 100), path: paths[0]) && !Glob.matches(String(repeating: "?*", count: 201), path: paths[0]))
        // A pattern without a slash against every name of a path 400 folders deep, as a walk asks of each folder on the way.
        let deep = Array(repeating: "d", count: 400).joined(separator: "/")
        for depth in 1...400 {
            #expect(!Glob.matches(String(repeating: "?*", count: 1_990) + "zz", path: String(deep.prefix(depth * 2 - 1))))
        }
        #expect(Glob.matches("?*", path: deep) && !Glob.matches("??", path: deep))
    }

    @Test("a pattern of 4,000 stars against a path 40 folders deep answers (it took minutes by backtracking), as do stars between slashes")
    func hostileGlobs() {
        let deep = (1...40).map { "d\($0)" }.joined(separator: "/") + "/a.png"
        #expect(!Glob.matches(String(repeating: "*", count: 4_000) + "/nomatch", path: deep))
        #expect(Glob.matches(String(repeating: "*", count: 4_000) + "/a.png", path: deep))
        #expect(Glob.matches(String(repeating: "*/", count: 40) + "a.png", path: deep))
        #expect(!Glob.matches(String(repeating: "*/", count: 41) + "a.png", path: deep))
        #expect(!Glob.matches(String(repeating: "a*", count: 2_000) + "/x", path: "é/" + deep))
    }

    /// The definition: a pattern without a slash against each name, one with a slash against the path and
    /// each tail after a slash, `*` and `**` tried by backtracking (the matcher before the one-pass table).
    static func definition(_ pattern: String, path: String) -> Bool {
        let p = Array(pattern.hasPrefix("./") ? String(pattern.dropFirst(2)) : pattern)
        if !pattern.contains("/") {
            return path.split(separator: "/").contains { match(p, Array($0)) }
        }
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        for start in components.indices {
            if match(p, Array(components[start...].joined(separator: "/"))) { return true }
        }
        return false
    }

    /// Whole-string match with backtracking over `*` and `**`.
    static func match(_ p: [Character], _ s: [Character]) -> Bool {
        var memo: [Int: Bool] = [:]
        func go(_ i: Int, _ j: Int) -> Bool {
            let key = i * (s.count + 1) + j
            if let known = memo[key] { return known }
            var result: Bool
            if i == p.count {
                result = j == s.count
            } else if p[i] == "*" {
                let double = i + 1 < p.count && p[i + 1] == "*"
                if double {
                    var next = i + 2
                    // "**/" also matches zero folders.
                    if next < p.count && p[next] == "/" && go(next + 1, j) { memo[key] = true; return true }
                    if next > p.count { next = p.count }
                    result = false
                    var k = j
                    while k <= s.count {
                        if go(next, k) { result = true; break }
                        k += 1
                    }
                } else {
                    result = false
                    var k = j
                    while k <= s.count {
                        if go(i + 1, k) { result = true; break }
                        if k < s.count && s[k] == "/" { break }
                        k += 1
                    }
                }
            } else if j < s.count && (p[i] == "?" ? s[j] != "/" : p[i] == s[j]) {
                result = go(i + 1, j + 1)
            } else {
                result = false
            }
            memo[key] = result
            return result
        }
        return go(0, 0)
    }
}
