import StickerFiles
import Testing

/// The one folder walk (#53): `check`'s loose files, `variants`' masters and `pack`'s art all go through
/// `TreeWalk.visit`, whose events come in walk order, each folder walked into only when the visitor says so.
@Suite("Tree walk")
struct TreeWalkTests {
    static func tree() throws -> MemoryFileSystem {
        let files = MemoryFileSystem()
        for folder in ["/r", "/r/sub", "/r/sub/skip", "/r/.hidden", "/r/excluded"] { try files.createFolder(folder) }
        for file in ["/r/a.png", "/r/sub/b.png", "/r/sub/skip/c.png", "/r/.hidden/d.png", "/r/excluded/e.png", "/r/x.txt", "/r/z.png"] {
            try files.write([1], to: file)
        }
        return files
    }

    @Test("visit: events in walk order; hidden, excluded and unwanted names unseen; a folder walked only when the visitor says so")
    func visitOrder() throws {
        var walker = TreeWalk(files: try Self.tree())
        walker.wants = { $0.hasSuffix(".png") }
        walker.excludes = { $0.hasPrefix("/r/excluded") }
        var events: [String] = []
        try walker.visit("/r") { event in
            switch event {
            case .folder(let found):
                events.append("folder \(found.relative)")
                return found.relative != "sub/skip"
            case .file(let found): events.append("file \(found.relative)")
            case .skipped(let passed): events.append("skipped \(passed.path)")
            }
            return false
        }
        // Written out here, not derived: the listing's byte order, depth first.
        #expect(events == ["file a.png", "folder sub", "file sub/b.png", "folder sub/skip", "file z.png"])
    }

    @Test("walk: the same walk, folders by `descends`, found files with their paths under the root")
    func walk() throws {
        var walker = TreeWalk(files: try Self.tree())
        walker.wants = { $0.hasSuffix(".png") }
        walker.descends = { !$0.hasSuffix("/skip") }
        let (found, skipped) = try walker.walk("/r")
        #expect(found.map(\.relative) == ["a.png", "excluded/e.png", "sub/b.png", "z.png"])
        #expect(found.map(\.path) == ["/r/a.png", "/r/excluded/e.png", "/r/sub/b.png", "/r/z.png"])
        #expect(skipped.isEmpty)
        // A stop asked before each folder ends the walk.
        walker.stop = { true }
        #expect(throws: TreeWalk.Stopped.self) { try walker.walk("/r") }
    }
}
