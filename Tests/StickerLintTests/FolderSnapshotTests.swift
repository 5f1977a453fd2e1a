import StickerCatalog
import StickerFiles
import StickerImage
@testable import StickerLint
@testable import StickerLintEngine
import StickerTestSupport
import Testing

/// The folder snapshots kept beside the fact cache (`FolderSnapshot`): a warm check neither lists an
/// unchanged sticker folder nor opens its Contents.json, and gives exactly the cold run's result; any
/// change of a name in a folder or of its Contents.json reads that folder again. In memory, where a
/// folder's time moves when a name in it is added, removed or replaced, as on disk.
@Suite("Folder snapshots")
struct FolderSnapshotTests {
    static let pack = CatalogRoleTests.pack

    /// A check of the catalog (cache on unless `cache` is false), recording what it listed and opened.
    static func run(
        _ scratch: MemoryScratch, cache: Bool = true, paths: [String]? = nil
    ) throws -> (
        LintResult, listed: [String], contents: [String]
    ) {
        let recording = RecordingFileSystem(scratch.files, touched: scratch.touched)
        var linter = Linter(jobs: 2, files: recording)
        if cache { linter.cache = FactCache(folder: FactCacheTests.cacheFolder, identity: "test") }
        let result = try linter.lint(paths ?? [scratch.at("S.xcstickers")])
        let inPack = scratch.at(pack)
        return (
            result, recording.listedPaths.filter { $0.hasPrefix(inPack) }.sorted(),
            recording.openedPaths.filter { $0.hasPrefix(inPack) && $0.hasSuffix("/Contents.json") }.sorted()
        )
    }

    @Test("a warm check lists no folder of an unchanged pack and opens none of its Contents.json files, with the cold result")
    func warmCheckReadsNoFolder() throws {
        let scratch = try CatalogRoleTests.catalog()
        let (cold, coldListed, coldContents) = try Self.run(scratch, cache: false)
        let (first, firstListed, _) = try Self.run(scratch)
        let (warm, warmListed, warmContents) = try Self.run(scratch)
        #expect(first == cold && warm == cold)
        // Cold: the pack and its four entry folders are listed and their five Contents.json files read.
        #expect(coldListed.count == 5 && coldContents.count == 5, "\(coldListed) \(coldContents)")
        #expect(firstListed == coldListed)
        #expect(warmListed.isEmpty && warmContents.isEmpty, "\(warmListed) \(warmContents)")
        // One snapshot file, for the one pack.
        let names = scratch.files.list(FactCacheTests.cacheFolder) ?? []
        #expect(names.filter { $0.hasPrefix("folders-") }.count == 1, "\(names)")
        // A check of one sticker file (the pre-commit hook's) reads its pack through the same snapshots.
        let (one, oneListed, oneContents) = try Self.run(scratch, paths: [scratch.at("\(Self.pack)/Cat.sticker/cat.png")])
        #expect(oneListed.isEmpty && oneContents.isEmpty)
        #expect(one == (try Self.run(scratch, cache: false, paths: [scratch.at("\(Self.pack)/Cat.sticker/cat.png")])).0)
    }

    /// Each change, then: the warm result equals the cold one, only the changed folder is read again,
    /// and the run after it reads nothing.
    @Test(
        "a changed Contents.json, a name added, removed or renamed in a folder: that folder is read again, the result follows",
        arguments: ["label edited", "file added", "image removed", "folder renamed", "pack list edited"])
    func changeRereadsTheFolder(_ change: String) throws {
        let scratch = try CatalogRoleTests.catalog()
        _ = try Self.run(scratch)
        let cat = "\(Self.pack)/Cat.sticker"
        var reread = [scratch.at(cat)]
        switch change {
        case "label edited":
            try scratch.write("\(cat)/Contents.json", #"{"properties":{"filename":"cat.png"}}"#)
        case "file added":
            try scratch.write("\(cat)/notes.txt", "draft")
        case "image removed":
            scratch.files.remove(scratch.at("\(cat)/cat.png"))
        case "folder renamed":
            try scratch.files.move(scratch.at(cat), to: scratch.at("\(Self.pack)/Kitty.sticker"))
            reread = [scratch.at(Self.pack)]
        default:
            try scratch.write(
                "\(Self.pack)/Contents.json",
                #"{"properties":{"grid-size":"large"},"stickers":[{"filename":"Cat.sticker"},{"filename":"Big.sticker"}]}"#)
            reread = [scratch.at(Self.pack)]
        }
        let (warm, listed, _) = try Self.run(scratch)
        let cold = try Self.run(scratch, cache: false).0
        #expect(warm == cold, "\(change)")
        #expect(warm != (try Self.run(try CatalogRoleTests.catalog(), cache: false)).0, "\(change): the change shows")
        #expect(listed == reread, "\(change): \(listed)")
        let (again, listedAgain, contentsAgain) = try Self.run(scratch)
        #expect(again == cold)
        #expect(listedAgain.isEmpty && contentsAgain.isEmpty, "\(change): \(listedAgain) \(contentsAgain)")
    }

    /// A store in memory with a clock of its own.
    final class Store: FolderSnapshotStore, @unchecked Sendable {
        let now: Int
        var tables: [String: [String: FolderSnapshot]] = [:]
        var writes = 0
        init(now: Int) { self.now = now }
        func snapshots(ofPack realPath: String) -> FolderSnapshotTable { FolderSnapshotTable(tables[realPath] ?? [:]) }
        func keep(_ snapshots: [String: FolderSnapshot], ofPack realPath: String) {
            tables[realPath] = snapshots
            writes += 1
        }
    }

    @Test("a folder or Contents.json modified in the last two seconds is not kept; an unchanged pack writes nothing")
    func racilyCleanFoldersAreNotKept() throws {
        let scratch = try CatalogRoleTests.catalog()
        // The in-memory clock ticks a microsecond a write: every time of this catalog lies in its first second.
        let times = [Self.pack, "\(Self.pack)/Contents.json", "\(Self.pack)/Wave.stickersequence"].compactMap {
            scratch.files.status(scratch.at($0))?.modifiedNanoseconds
        }
        #expect(times.count == 3 && times.allSatisfy { $0 > 0 && $0 < 1_000_000_000 })
        func read(now: Int) throws -> Store {
            let store = Store(now: now)
            let reader = CatalogReader(files: scratch.files, imageExtensions: ["png"], snapshots: store)
            _ = try reader.scan([scratch.at(Self.pack)])
            return store
        }
        // Two seconds after them: still within the window, nothing is kept.
        let recent = try read(now: 2)
        let keptNothing = recent.tables.values.allSatisfy { $0.isEmpty }
        #expect(keptNothing)
        // Three seconds after it: the pack and its four entry folders.
        let settled = try read(now: 3)
        #expect(settled.tables.values.first?.keys.sorted() == [".", "Big.sticker", "Cat.sticker", "Copy.sticker", "Wave.stickersequence"])
        // Read again with that table: nothing changed, nothing written.
        let reader = CatalogReader(files: scratch.files, imageExtensions: ["png"], snapshots: settled)
        let writes = settled.writes
        _ = try reader.scan([scratch.at(Self.pack)])
        #expect(settled.writes == writes)
        // A Contents.json rewritten: that folder's snapshot changes, the table is written with it, the
        // others as they were.
        let before = settled.tables.values.first!
        let cat = scratch.at("\(Self.pack)/Cat.sticker/Contents.json")
        try scratch.files.write(try scratch.files.read(cat) + Array("\n".utf8), to: cat)
        _ = try reader.scan([scratch.at(Self.pack)])
        let afterEdit = settled.tables.values.first!
        #expect(settled.writes == writes + 1)
        #expect(afterEdit.keys.sorted() == before.keys.sorted())
        #expect(afterEdit["Cat.sticker"] != before["Cat.sticker"] && afterEdit["Big.sticker"] == before["Big.sticker"])
        // A folder gone: its snapshot leaves the table.
        scratch.files.remove(scratch.at("\(Self.pack)/Copy.sticker"))
        _ = try reader.scan([scratch.at(Self.pack)])
        #expect(settled.writes == writes + 2)
        #expect(settled.tables.values.first?["Copy.sticker"] == nil && settled.tables.values.first?["Big.sticker"] == before["Big.sticker"])
        // And read again as it now is: nothing written.
        _ = try reader.scan([scratch.at(Self.pack)])
        #expect(settled.writes == writes + 2)
    }

    @Test("a clean folder's reading is kept, one with an issue or an unnamed file keeps none; a focused warm run reads the rest from them")
    func readings() throws {
        let scratch = try CatalogRoleTests.catalog()
        // Copy.sticker holds a file its Contents.json does not name; Big.sticker names its image in another case.
        try scratch.write("\(Self.pack)/Copy.sticker/notes.txt", "draft")
        try scratch.write("\(Self.pack)/Big.sticker/Contents.json", #"{"properties":{"filename":"BIG.png"}}"#)
        let store = Store(now: 1_000)
        _ = try CatalogReader(files: scratch.files, imageExtensions: ["png"], snapshots: store).scan([scratch.at(Self.pack)])
        let table = store.tables.values.first ?? [:]
        #expect(table["Cat.sticker"]?.reading == .sticker(image: "cat.png", label: "Cat"))
        #expect(
            table["Wave.stickersequence"]?.reading
                == .sequence(frames: ["1.png", "2.png"], duration: 15, durationType: "fps", repetitions: nil, label: "Wave", emptyFrameEntries: []))
        #expect(table["Copy.sticker"] != nil && table["Copy.sticker"]?.reading == nil)
        #expect(table["Big.sticker"] != nil && table["Big.sticker"]?.reading == nil)
        // The pack names every folder it holds: its list is kept too.
        #expect(
            table["."]?.reading == .pack(entries: ["Cat.sticker", "Copy.sticker", "Big.sticker", "Wave.stickersequence"], gridSize: "large"))
        // One file of Copy.sticker, warm and cold: the same catalog and issues; warm, the Contents.json
        // documents of the entries read from their readings (Cat, Wave) are not made.
        let file = scratch.at("\(Self.pack)/Copy.sticker/copy.png")
        let warm = try CatalogReader(files: scratch.files, imageExtensions: ["png"], snapshots: store).scan([file])
        let cold = try CatalogReader(files: scratch.files, imageExtensions: ["png"]).scan([file])
        #expect(warm.catalogs == cold.catalogs && warm.issues == cold.issues && warm.focus == cold.focus)
        let documents = warm.contentsFiles.map { String($0.path.dropFirst(scratch.at(Self.pack).count)) }.sorted()
        #expect(documents == ["/Big.sticker/Contents.json", "/Contents.json", "/Copy.sticker/Contents.json"], "\(documents)")
        #expect(Set(warm.contentsFiles).isSubset(of: Set(cold.contentsFiles)))
        // The whole pack, warm: every document, as cold.
        let whole = try CatalogReader(files: scratch.files, imageExtensions: ["png"], snapshots: store).scan([scratch.at(Self.pack)])
        #expect(whole == (try CatalogReader(files: scratch.files, imageExtensions: ["png"]).scan([scratch.at(Self.pack)])))
    }

    @Test(
        "after each change, a check of another sticker's file gives the cold result (readings of changed folders are not used)",
        arguments: ["label edited", "file added", "image removed", "folder renamed", "pack list edited", "frame list edited"])
    func focusedAfterChange(_ change: String) throws {
        let scratch = try CatalogRoleTests.catalog()
        let other = [scratch.at("\(Self.pack)/Copy.sticker/copy.png")]
        _ = try Self.run(scratch)
        _ = try Self.run(scratch, paths: other)
        let cat = "\(Self.pack)/Cat.sticker"
        switch change {
        case "label edited": try scratch.write("\(cat)/Contents.json", #"{"properties":{"filename":"cat.png","accessibility-label":"Tom"}}"#)
        case "file added": try scratch.write("\(cat)/notes.txt", "draft")
        case "image removed": scratch.files.remove(scratch.at("\(cat)/cat.png"))
        case "folder renamed": try scratch.files.move(scratch.at(cat), to: scratch.at("\(Self.pack)/Kitty.sticker"))
        case "pack list edited":
            try scratch.write(
                "\(Self.pack)/Contents.json",
                #"{"properties":{"grid-size":"regular"},"stickers":[{"filename":"Copy.sticker"},{"filename":"Cat.sticker"}]}"#)
        default:
            try scratch.write(
                "\(Self.pack)/Wave.stickersequence/Contents.json",
                #"{"properties":{"duration":2,"repetitions":-1},"frames":[{"filename":"2.png"},{},{"filename":"1.png"}]}"#)
        }
        let cold = try Self.run(scratch, cache: false, paths: other).0
        #expect(
            cold != (try Self.run(try CatalogRoleTests.catalog(), cache: false, paths: other)).0 || change == "file added",
            "\(change): the change shows")
        #expect(try Self.run(scratch, paths: other).0 == cold, "\(change)")
        #expect(try Self.run(scratch, paths: other).0 == cold, "\(change), again")
    }

    @Test("a snapshot's sequence numbers no catalog reader makes are refused (they trapped a rule): repetitions, empty entries, duration")
    func outOfRangeReadingsRefused() {
        func accepted(repetitions: Int? = nil, empty: [Int] = [], duration: Double? = nil) -> Bool {
            let table = [
                "S.stickersequence": FolderSnapshot(
                    status: FileStatus(size: 1, modifiedNanoseconds: 5, inode: 7, device: 1), names: [], kinds: [],
                    contentsStatus: FileStatus(size: 9, modifiedNanoseconds: 6, inode: 8, device: 1), contents: [],
                    reading: .sequence(
                        frames: [], duration: duration, durationType: nil, repetitions: repetitions, label: nil, emptyFrameEntries: empty))
            ]
            return (try? CacheFileFormat.decodeFolders(CacheFileFormat.encodeFolders(table, identity: "id"), identity: "id")) == table
        }
        #expect(accepted(repetitions: 0) && accepted(repetitions: Int(Int32.max)))
        #expect(!accepted(repetitions: Int(Int32.max) + 1) && !accepted(repetitions: -1) && !accepted(repetitions: .max))
        #expect(accepted(empty: [0, Int(Int32.max)]))
        #expect(!accepted(empty: [Int(Int32.max) + 1]) && !accepted(empty: [.max]) && !accepted(empty: [-1]) && !accepted(empty: [3, 3]))
        #expect(!accepted(empty: [4, 3]))
        #expect(accepted(duration: 1e300) && !accepted(duration: .infinity) && !accepted(duration: .nan))
        // Names are one component of the folder's own listing: a forged "../../secret.png" named a file outside the catalog.
        func named(_ reading: FolderReading) -> Bool {
            let table = [
                "S": FolderSnapshot(
                    status: FileStatus(size: 1, modifiedNanoseconds: 5, inode: 7, device: 1), names: [], kinds: [],
                    contentsStatus: FileStatus(size: 9, modifiedNanoseconds: 6, inode: 8, device: 1), contents: [], reading: reading)
            ]
            return (try? CacheFileFormat.decodeFolders(CacheFileFormat.encodeFolders(table, identity: "id"), identity: "id")) == table
        }
        func sequence(_ frames: [String]) -> FolderReading {
            .sequence(frames: frames, duration: nil, durationType: nil, repetitions: nil, label: nil, emptyFrameEntries: [])
        }
        #expect(named(sequence(["a.png", "..a.png", "Caf\u{E9} 1.png"])) && named(.sticker(image: ".hidden.png", label: nil)))
        for bad in ["../../secret.png", "..", ".", "", "a/b.png", "/etc/passwd", "a\u{0}.png"] {
            #expect(!named(sequence([bad])) && !named(.sticker(image: bad, label: nil)) && !named(.pack(entries: [bad], gridSize: nil)), "\(bad)")
        }
    }

    @Test("every field of a snapshot survives the file format; a truncated or foreign file is refused whole")
    func roundTrip() throws {
        let table: [String: FolderSnapshot] = [
            ".": FolderSnapshot(
                status: FileStatus(size: 4096, modifiedNanoseconds: 1_700_000_000_123_456_789, inode: .max, device: 7),
                names: ["Contents.json", "Caf\u{E9}.sticker", "link"], kinds: [.file, .directory, .symlink],
                contentsStatus: FileStatus(size: 2, modifiedNanoseconds: -1, inode: 0, device: 0), contents: Array("{}".utf8)),
            "Caf\u{E9}.sticker": FolderSnapshot(
                status: FileStatus(size: 0, modifiedNanoseconds: 0, inode: 1, device: 1), names: ["fifo", "gone"],
                kinds: [.other, .missing], contentsStatus: FileStatus(size: 0, modifiedNanoseconds: 0, inode: 2, device: 1), contents: []),
            "A.sticker": FolderSnapshot(
                status: FileStatus(size: 1, modifiedNanoseconds: 5, inode: 3, device: 1), names: ["a.png"], kinds: [.file],
                contentsStatus: FileStatus(size: 9, modifiedNanoseconds: 6, inode: 4, device: 1), contents: [0x7B, 0x7D],
                reading: .sticker(image: "a.png", label: "Caf\u{E9} \u{1F600}")),
            "B.sticker": FolderSnapshot(
                status: FileStatus(size: 1, modifiedNanoseconds: 5, inode: 5, device: 1), names: [], kinds: [],
                contentsStatus: FileStatus(size: 9, modifiedNanoseconds: 6, inode: 6, device: 1), contents: [],
                reading: .sticker(image: "b.png", label: nil)),
            "W.stickersequence": FolderSnapshot(
                status: FileStatus(size: 1, modifiedNanoseconds: 5, inode: 7, device: 1), names: ["1.png"], kinds: [.file],
                contentsStatus: FileStatus(size: 9, modifiedNanoseconds: 6, inode: 8, device: 1), contents: [],
                reading: .sequence(
                    frames: ["1.png", "1.png"], duration: -0.5, durationType: "fps", repetitions: 2_147_483_647, label: "",
                    emptyFrameEntries: [0, 7])),
            "V.stickersequence": FolderSnapshot(
                status: FileStatus(size: 1, modifiedNanoseconds: 5, inode: 9, device: 1), names: [], kinds: [],
                contentsStatus: FileStatus(size: 9, modifiedNanoseconds: 6, inode: 10, device: 1), contents: [],
                reading: .sequence(frames: [], duration: nil, durationType: nil, repetitions: nil, label: nil, emptyFrameEntries: [])),
            "P": FolderSnapshot(
                status: FileStatus(size: 1, modifiedNanoseconds: 5, inode: 11, device: 1), names: [], kinds: [],
                contentsStatus: FileStatus(size: 9, modifiedNanoseconds: 6, inode: 12, device: 1), contents: [],
                reading: .pack(entries: ["A.sticker", "W.stickersequence"], gridSize: nil)),
            "Q": FolderSnapshot(
                status: FileStatus(size: 1, modifiedNanoseconds: 5, inode: 13, device: 1), names: [], kinds: [],
                contentsStatus: FileStatus(size: 9, modifiedNanoseconds: 6, inode: 14, device: 1), contents: [],
                reading: .pack(entries: [], gridSize: "huge"))
        ]
        let bytes = CacheFileFormat.encodeFolders(table, identity: "id")
        #expect(try CacheFileFormat.decodeFolders(bytes, identity: "id") == table)
        #expect(throws: CacheFileFormat.Refusal.self) { try CacheFileFormat.decodeFolders(bytes, identity: "other") }
        // A facts file is not a snapshot file, nor the other way round.
        #expect(throws: CacheFileFormat.Refusal.self) { try CacheFileFormat.decode(bytes, identity: "id") }
        #expect(throws: CacheFileFormat.Refusal.self) {
            try CacheFileFormat.decodeFolders(CacheFileFormat.encode([:], identity: "id"), identity: "id")
        }
        for length in 0..<bytes.count {
            #expect(throws: CacheFileFormat.Refusal.self) { try CacheFileFormat.decodeFolders(Array(bytes.prefix(length)), identity: "id") }
        }
        // As a run loads it: keys and statuses now, each snapshot and each reading alone when asked.
        let loaded = try CacheFileFormat.folderTable(bytes, identity: "id")
        #expect(loaded.records.map(\.key) == table.keys.sorted())
        for (key, snapshot) in table {
            let position = try #require(loaded.position(of: key))
            #expect(loaded.records[position].status == snapshot.status && loaded.records[position].contentsStatus == snapshot.contentsStatus)
            #expect(loaded.snapshot(at: position) == snapshot, "\(key)")
            #expect(loaded.reading(at: position) == snapshot.reading, "\(key)")
        }
        #expect(loaded.dictionary == table)
        #expect(loaded.position(of: "missing") == nil && loaded["missing"] == nil)
    }

    @Test("a snapshot whose rest does not read (the checksum made right) is none: that folder alone is read afresh")
    func damagedRest() throws {
        let good = FolderSnapshot(
            status: FileStatus(size: 1, modifiedNanoseconds: 5, inode: 1, device: 1), names: ["a.png", "Contents.json"], kinds: [.file, .file],
            contentsStatus: FileStatus(size: 9, modifiedNanoseconds: 6, inode: 2, device: 1), contents: Array("{}".utf8),
            reading: .sticker(image: "a.png", label: "A"))
        var bytes = CacheFileFormat.encodeFolders(["A.sticker": good, "B.sticker": good], identity: "id")
        // The last kind number of the last snapshot (B's "Contents.json") made one no kind has.
        let body = bytes.count - 8
        bytes[body - 1] = UInt8(CacheFileFormat.entryKinds.count)
        let checksum = CacheFileFormat.checksum(bytes, count: body)
        for i in 0..<8 { bytes[body + i] = UInt8(truncatingIfNeeded: checksum >> UInt64(i * 8)) }
        let loaded = try CacheFileFormat.folderTable(bytes, identity: "id")
        #expect(loaded["A.sticker"] == good)
        #expect(loaded["B.sticker"] == nil)
        // Its reading comes before the damage and still reads; the run takes it only with statuses that hold.
        #expect(loaded.reading(at: try #require(loaded.position(of: "B.sticker"))) == good.reading)
        #expect(throws: CacheFileFormat.Refusal.self) { try CacheFileFormat.decodeFolders(bytes, identity: "id") }
    }
}

/// A run that keeps to some files of a pack (the pre-commit hook's) checks only their images, entries
/// and Contents.json files besides the pack's own: its result must be exactly the whole pack's result
/// narrowed to them. Every file of SamplePacks/Bad (every rule fires there), one at a time.
@Suite("Focused runs")
struct FocusedRunTests {
    @Test("checking one file of a pack gives the whole pack's findings about it and about the pack, no more, no fewer")
    func focusedEqualsNarrowedWhole() throws {
        let root = Conformance.projectRoot + "/SamplePacks/Bad.xcstickers"
        let files = DiskFileSystem()
        let reader = CatalogReader(files: files, imageExtensions: FileKind.walkedExtensions)
        var checked = 0
        for pack in (files.list(root) ?? []).filter({ $0.hasSuffix(".stickerpack") }).map({ root + "/" + $0 }) {
            let whole = try Linter(jobs: 2, files: files).lint([pack])
            for entry in files.list(pack) ?? [] where !entry.hasPrefix(".") {
                let folder = pack + "/" + entry
                let inside = files.kind(folder) == .directory ? (files.list(folder) ?? []).map { folder + "/" + $0 } : [folder]
                for file in inside where files.kind(file) == .file {
                    let focus = try reader.scan([file]).focus
                    guard !focus.isEmpty else { continue }
                    let focused = try Linter(jobs: 2, files: files).lint([file])
                    let narrowed = Linter.focus(whole, on: focus)
                    #expect(focused.diagnostics == narrowed.diagnostics, "\(file)")
                    #expect(focused.files == narrowed.files, "\(file)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 10, "files checked one by one: \(checked)")
    }

    @Test("with a warm cache (entries taken from their folders' readings), checking one file still gives the narrowed whole")
    func focusedWarmEqualsNarrowedWhole() throws {
        let root = Conformance.projectRoot + "/SamplePacks/Bad.xcstickers"
        let files = DiskFileSystem()
        let reader = CatalogReader(files: files, imageExtensions: FileKind.walkedExtensions)
        let folder = Scratch()
        var linter = Linter(jobs: 2, files: files)
        linter.cache = FactCache(folder: folder.at("cache"), identity: "focused-warm")
        var checked = 0
        for pack in (files.list(root) ?? []).filter({ $0.hasSuffix(".stickerpack") }).map({ root + "/" + $0 }) {
            let whole = try Linter(jobs: 2, files: files).lint([pack])
            // Twice: the first run keeps the snapshots and readings, the second reads through them.
            #expect(try linter.lint([pack]) == whole && linter.lint([pack]) == whole)
            for entry in files.list(pack) ?? [] where !entry.hasPrefix(".") {
                let inside =
                    files.kind(pack + "/" + entry) == .directory ? (files.list(pack + "/" + entry) ?? []).map { pack + "/" + entry + "/" + $0 } : []
                for file in inside where files.kind(file) == .file {
                    let focus = try reader.scan([file]).focus
                    guard !focus.isEmpty else { continue }
                    let focused = try linter.lint([file])
                    let narrowed = Linter.focus(whole, on: focus)
                    #expect(focused.diagnostics == narrowed.diagnostics, "\(file)")
                    #expect(focused.files == narrowed.files, "\(file)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 10, "files checked one by one: \(checked)")
    }
}
