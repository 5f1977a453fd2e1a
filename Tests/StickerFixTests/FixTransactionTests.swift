import StickerCatalog
import StickerFiles
import StickerFix
import StickerImage
import StickerLint
import StickerTestSupport
import Testing

/// A file system that dies after `budget` changes: every later write, move, link, folder or removal
/// does nothing, as when the process is killed at that moment. Reads go on, so the run continues as
/// far as it would have looked. `refusing` fails a write as a full disk would.
final class DyingFileSystem: ForwardingFileSystem, @unchecked Sendable {
    let inner: MemoryFileSystem
    var forwarded: any FileSystem { inner }
    private let changes = Locked(0)
    let budget: Int
    let refusing: @Sendable (String) -> FileError?
    /// Called after each hard link made (a rename's first step).
    let onLink: @Sendable () -> Void

    init(
        _ inner: MemoryFileSystem, budget: Int, refusing: @escaping @Sendable (String) -> FileError? = { _ in nil },
        onLink: @escaping @Sendable () -> Void = {}
    ) {
        self.inner = inner
        self.budget = budget
        self.refusing = refusing
        self.onLink = onLink
    }

    /// How many changes were asked for.
    var count: Int { changes.withLock { $0 } }

    /// Whether this change happens (the process is still alive).
    private func alive() -> Bool {
        changes.withLock {
            $0 += 1; return $0 <= budget
        }
    }

    func write(_ bytes: [UInt8], to path: String, overwrite: Bool, privately: Bool) throws(FileError) {
        if let error = refusing(path) { throw error }
        if alive() { try inner.write(bytes, to: path, overwrite: overwrite, privately: privately) }
    }
    func createFolder(_ path: String, privately: Bool) throws(FileError) { if alive() { try inner.createFolder(path, privately: privately) } }
    func remove(_ path: String) { if alive() { inner.remove(path) } }
    func move(_ source: String, to destination: String) throws(FileError) { if alive() { try inner.move(source, to: destination) } }
    func exchange(_ a: String, _ b: String) throws(FileError) { if alive() { try inner.exchange(a, b) } }
    func createLink(_ path: String, target: String) throws(FileError) { if alive() { try inner.createLink(path, target: target) } }
    func hardLink(_ source: String, to destination: String) throws(FileError) {
        if alive() { try inner.hardLink(source, to: destination) }
        onLink()
    }
}

/// `fix` as one transaction per catalog (#36.3): stopped after any one of its changes, the catalog
/// still checks with no reference lacking its file, and the next `fix` finishes the job.
@Suite("fix: interrupted at every change")
struct FixTransactionTests {
    /// A pack with a JPEG named .png (a rename), a GIF (converted with --convert-gif), a WebP (converted)
    /// and a sticker whose image is gone (dropped with --remove-missing).
    static func catalog() throws -> MemoryFileSystem {
        let files = MemoryFileSystem()
        try RuleExample.pack(
            [
                .sticker("Photo", .jpeg(side: 408), file: "photo.png"),
                .sticker("Dance", .gif(side: 408, frames: 3)),
                .sticker("Web", .webp),
                .stickerNaming("Ghost", "ghost.png"),
                .sticker("Cat", .png(width: 408, height: 408))
            ], ""
        ).write(to: "/work", in: files)
        return files
    }

    static let options = FixOptions(unsafe: [.convert, .removeReference])

    static func fix(_ files: any FileSystem) throws -> Fixer.Report {
        try Fixer(files: files, jobs: 1, options: options).fix(["/work/Stickers.xcstickers"], dryRun: false)
    }

    /// Findings by rule and path: what a check reports about the tree.
    static func findings(_ files: any FileSystem) throws -> Set<String> {
        Set(try Linter(jobs: 1, files: files).lint(["/work/Stickers.xcstickers"]).diagnostics.map { "\($0.rule) \($0.path)" })
    }

    @Test("stopped after each change in turn: no missing file, no damaged Contents.json, and a second fix ends where one whole run ends")
    func everyStep() throws {
        let whole = try Self.catalog()
        let counter = DyingFileSystem(whole, budget: .max)
        _ = try Self.fix(counter)
        let total = counter.count
        let clean = try Self.findings(whole)
        #expect(total >= 6, "a whole run made \(total) changes")
        #expect(!clean.contains { $0.hasPrefix("missing-file") || $0.hasPrefix("unreferenced-file") || $0.hasPrefix("file-extension") }, "\(clean)")
        // Before any fix: Ghost.sticker names a missing image (what --remove-missing answers).
        let missingBefore = try Self.findings(try Self.catalog()).filter { $0.hasPrefix("missing-file") }
        #expect(missingBefore.count == 1)
        for budget in 0..<total {
            let files = try Self.catalog()
            _ = try Self.fix(DyingFileSystem(files, budget: budget))
            let after = try Self.findings(files)
            let broken = after.filter { ($0.hasPrefix("missing-file") && !missingBefore.contains($0)) || $0.hasPrefix("catalog-json") }
            #expect(broken.isEmpty, "stopped after \(budget) of \(total): \(after.sorted())")
            _ = try Self.fix(files)
            let again = try Self.findings(files)
            #expect(again == clean, "stopped after \(budget) of \(total), then fixed again: \(again.symmetricDifference(clean).sorted())")
        }
    }

    @Test("a Contents.json that cannot be written undoes the renames it needed, and the report says so")
    func unwritableDocument() throws {
        let files = try Self.catalog()
        // A full disk for the sticker's Contents.json alone.
        let refusing = DyingFileSystem(files, budget: .max) { path in
            path.hasSuffix("Photo.sticker/Contents.json") ? FileError(.write, path: path, code: 28, reason: "No space left on device") : nil
        }
        let report = try Self.fix(refusing)
        let sticker = "/work/Stickers.xcstickers/Pack.stickerpack/Photo.sticker"
        #expect(files.kind(sticker + "/photo.png") == .file)
        #expect(files.kind(sticker + "/photo.jpg") == .missing)
        let rename = report.files.first { $0.path == sticker + "/photo.png" && $0.kind == .rename }
        #expect(rename?.failure?.contains("Photo.sticker/Contents.json could not be written: ") == true, "\(String(describing: rename))")
        #expect(rename?.changes.isEmpty == true)
        #expect(!(try Self.findings(files)).contains { $0.hasPrefix("missing-file") })
    }
}

/// #51 point 6: `fix` interrupted (SIGINT, SIGTERM) at its first rename rolls back what it staged: no new
/// name is left beside an old one, and the next run does the whole job.
@Suite("fix: interrupted by a signal")
struct FixInterruptionTests {
    /// Flips `fired` at the first hard link (a rename's first step), as a signal arriving then would.
    final class Tripwire: @unchecked Sendable {
        let lock = Locked(false)
        var fired: Bool { lock.withLock { $0 } }
        func fire() { lock.withLock { $0 = true } }
    }

    @Test("interrupted at the first rename: no new name, no new finding, Contents.json as it was; the next fix ends clean")
    func rollback() throws {
        let files = try FixTransactionTests.catalog()
        let before = try FixTransactionTests.findings(files)
        let sticker = "/work/Stickers.xcstickers/Pack.stickerpack/Photo.sticker"
        let contents = try files.read(sticker + "/Contents.json")
        let tripwire = Tripwire()
        let watching = DyingFileSystem(files, budget: .max, onLink: { tripwire.fire() })
        var fixer = Fixer(files: watching, jobs: 1, options: FixTransactionTests.options)
        fixer.interrupted = { tripwire.fired }
        let report = try fixer.fix(["/work/Stickers.xcstickers"], dryRun: false)
        #expect(tripwire.fired)
        #expect(files.kind(sticker + "/photo.png") == .file && files.kind(sticker + "/photo.jpg") == .missing)
        #expect(try files.read(sticker + "/Contents.json") == contents)
        let after = try FixTransactionTests.findings(files)
        #expect(after.subtracting(before).isEmpty, "new findings: \(after.subtracting(before).sorted())")
        #expect(report.files.contains { $0.failure?.contains("interrupted") == true })
        // The next run, uninterrupted, ends where one whole run ends.
        _ = try FixTransactionTests.fix(files)
        let clean = try FixTransactionTests.findings(files)
        #expect(!clean.contains { $0.hasPrefix("unreferenced-file") || $0.hasPrefix("file-extension") }, "\(clean.sorted())")
    }
}
