#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StickerFiles
import StickerLint
@testable import StickerPack
import StickerTestSupport
import Testing

/// A file system that checks, after every change, that the output it watches is still there once it
/// existed: `pack --force` must never leave a moment (a SIGKILL's moment) when OUT is missing.
final class WatchingFileSystem: ForwardingFileSystem, @unchecked Sendable {
    let inner: any FileSystem
    var forwarded: any FileSystem { inner }
    let watched: String
    private(set) var missingAfter: [String] = []
    private(set) var exchanges = 0

    init(_ inner: any FileSystem, watching path: String) {
        self.inner = inner
        watched = path
    }

    private func check(_ step: String) { if inner.kind(watched) == .missing { missingAfter.append(step) } }

    func write(_ bytes: [UInt8], to path: String, overwrite: Bool, privately: Bool) throws(FileError) {
        try inner.write(bytes, to: path, overwrite: overwrite, privately: privately)
        check("write \(path)")
    }
    func remove(_ path: String) {
        inner.remove(path)
        check("remove \(path)")
    }
    func move(_ source: String, to destination: String) throws(FileError) {
        try inner.move(source, to: destination)
        check("move \(source) → \(destination)")
    }
    func exchange(_ a: String, _ b: String) throws(FileError) {
        try inner.exchange(a, b)
        exchanges += 1
        check("exchange \(a) ⇄ \(b)")
    }
}

/// #51 point 6: `pack --force` replaces OUT in one step, and staging folders whose process is gone are
/// removed by the next run.
@Suite("pack placement")
struct PackPlacementTests {
    static func art(_ scratch: Scratch) throws {
        try scratch.write("Art/a.png", ExampleContent.png(width: 408, height: 408, seed: 1).bytes())
        try scratch.write("Art/b.png", ExampleContent.png(width: 408, height: 408, seed: 2).bytes())
    }

    @Test("the disk's exchange swaps two folders in one step; a missing side is an error, nothing moved")
    func diskExchange() throws {
        let scratch = Scratch()
        try scratch.write("one/x", "1")
        try scratch.write("two/y", "2")
        let disk = DiskFileSystem()
        try disk.exchange(scratch.at("one"), scratch.at("two"))
        #expect(disk.kind(scratch.at("one/y")) == .file && disk.kind(scratch.at("two/x")) == .file)
        #expect(throws: FileError.self) { try disk.exchange(scratch.at("one"), scratch.at("none")) }
        #expect(disk.kind(scratch.at("one/y")) == .file && disk.kind(scratch.at("none")) == .missing)
        let memory = MemoryFileSystem()
        try memory.createFolder("/m/one")
        try memory.createFolder("/m/two")
        try memory.write(Array("1".utf8), to: "/m/one/x")
        try memory.write(Array("2".utf8), to: "/m/two/y")
        try memory.exchange("/m/one", "/m/two")
        #expect(memory.kind("/m/one/y") == .file && memory.kind("/m/two/x") == .file && memory.kind("/m/one/x") == .missing)
    }

    @Test("pack --force over an existing catalog: the catalog is never missing, the old one is gone, nothing hidden is left")
    func forceNeverMissing() throws {
        let scratch = Scratch()
        try Self.art(scratch)
        let output = scratch.at("Stickers.xcstickers")
        _ = try Packer().run([scratch.at("Art")], to: .catalog(output), pid: 1)
        try scratch.write("Stickers.xcstickers/old-marker", "old")
        var options = PackOptions()
        options.force = true
        let watching = WatchingFileSystem(DiskFileSystem(), watching: output)
        let report = try Packer(files: watching, options: options).run([scratch.at("Art")], to: .catalog(output), pid: getpid())
        #expect(report.stickers.count == 2)
        #expect(watching.missingAfter.isEmpty, "\(watching.missingAfter)")
        #expect(watching.exchanges == 1)
        #expect(DiskFileSystem().kind(scratch.at("Stickers.xcstickers/old-marker")) == .missing)
        #expect((DiskFileSystem().list(scratch.path) ?? []).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test("pack --for --force over an existing output: never missing either")
    func storeForceNeverMissing() throws {
        let scratch = Scratch()
        try Self.art(scratch)
        let output = scratch.at("Stores")
        try scratch.write("Stores/old-marker", "old")
        var options = PackOptions()
        options.force = true
        options.name = "Cats"
        let watching = WatchingFileSystem(DiskFileSystem(), watching: output)
        _ = try StorePacker(files: watching, options: options).run(
            [scratch.at("Art")], stores: [.discord], imessage: false, to: output, pid: getpid())
        #expect(watching.missingAfter.isEmpty, "\(watching.missingAfter)")
        #expect(DiskFileSystem().kind(scratch.at("Stores/old-marker")) == .missing)
        #expect((DiskFileSystem().list(scratch.path) ?? []).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test("a staging folder whose process is gone is removed by the next run; a live process's is left")
    func abandonedStaging() throws {
        let scratch = Scratch()
        try Self.art(scratch)
        // No process has an id past the kernel's limit (4,194,304 at most on Linux, 99,999 on macOS).
        let dead = ".Stickers.xcstickers.stickerlint-pack-99999999", live = ".Stickers.xcstickers.stickerlint-pack-\(getppid())"
        let other = ".Stickers.xcstickers.stickerlint-pack-notapid"
        for name in [dead, live, other] { try scratch.write(name + "/.made/0", "x") }
        #expect(!StagingFolders.processExists(99_999_999) && StagingFolders.processExists(getppid()))
        _ = try Packer().run([scratch.at("Art")], to: .catalog(scratch.at("Stickers.xcstickers")), pid: getpid())
        let left = (DiskFileSystem().list(scratch.path) ?? []).filter { $0.hasPrefix(".") }.sorted()
        #expect(left == [live, other].sorted(), "\(left)")
    }
}

/// #51 point 8: art named as long as its folder allows (255 bytes) gives stickers whose names fit.
@Suite("long art names")
struct LongNameTests {
    @Test("shortened at a character boundary to leave room; a name that fits is left as it is")
    func shortened() {
        #expect(PackNaming.shortened(String(repeating: "a", count: 241), leaving: 14) == nil)
        #expect(PackNaming.shortened(String(repeating: "a", count: 242), leaving: 14) == String(repeating: "a", count: 241))
        // Four-byte emoji are never split: 60 of them (240 bytes) with 14 bytes of room keep 60; 61 keep 60.
        #expect(PackNaming.shortened(String(repeating: "😀", count: 61), leaving: 14) == String(repeating: "😀", count: 60))
        #expect(PackNaming.shortened(String(repeating: "a", count: 240) + " . x", leaving: 14) == String(repeating: "a", count: 240))
    }

    @Test("a 251-byte art name: pack and pack --for all make it, with the name shortened and said")
    func longName() throws {
        let scratch = Scratch()
        let long = String(repeating: "n", count: 247)  // 251 bytes with ".png"
        // Written short and renamed: a writer's temporary name beside it would be longer than 255 bytes.
        try scratch.write("Art/l.png", ExampleContent.png(width: 408, height: 408, seed: 3).bytes())
        #expect(rename(scratch.at("Art/l.png"), scratch.at("Art/\(long).png")) == 0)
        for seed in 4...6 { try scratch.write("Art/s\(seed).png", ExampleContent.png(width: 408, height: 408, seed: seed).bytes()) }
        let catalog = try CLI.run(["pack", "Art", "-o", "Cat.xcstickers", "--icon", "Art/s4.png"], in: scratch.path)
        #expect(catalog.0 != 2, "\(catalog.2)")
        #expect(catalog.1.contains("name shortened to 241 bytes: a file name holds at most 255"), "\(catalog.1)")
        let stores = try CLI.run(["pack", "Art", "--for", "all", "-o", "Stores", "--name", "Long"], in: scratch.path)
        #expect(stores.0 != 2, "\(stores.2)")
        #expect(stores.1.contains("name shortened to"), "\(stores.1.prefix(3000))")
    }
}

/// The atomic writer's temporary name beside a 255-byte name fits too (it was 12 bytes over).
@Suite("long names written atomically")
struct LongNameWriteTests {
    @Test("a file named 255 bytes is written and rewritten atomically; 256 is the system's refusal")
    func atomicWriteAtTheLimit() throws {
        let scratch = Scratch()
        let name = String(repeating: "é", count: 125) + "abcde"  // 255 bytes
        #expect(name.utf8.count == 255)
        try AtomicFile.write(Array("one".utf8), to: scratch.at(name), overwrite: false)
        try AtomicFile.write(Array("two".utf8), to: scratch.at(name), overwrite: true)
        #expect(try DiskFileSystem().read(scratch.at(name)) == Array("two".utf8))
        #expect(throws: FileError.self) { try AtomicFile.write(Array("x".utf8), to: scratch.at(name + "f")) }
        #expect((DiskFileSystem().list(scratch.path) ?? []).count == 1)
    }
}

/// #52 point 11: words that said what did not happen.
@Suite("pack's words")
struct PackWordingTests {
    @Test("a scale suffix is no part of a label: yay@3x.png is 'Yay', wink@2x.gif 'Wink'; '@3x' alone stays")
    func scaleSuffix() {
        #expect(PackNaming.label(fromFileName: "yay@3x.png") == "Yay")
        #expect(PackNaming.label(fromFileName: "Art/wink@2X.gif") == "Wink")
        #expect(PackNaming.label(fromFileName: "party_parrot@1x.png") == "Party parrot")
        #expect(PackNaming.label(fromFileName: "@3x.png") == "@3x")
        #expect(PackNaming.label(fromFileName: "yay@4x.png") == "Yay@4x")
    }

    @Test("a store that made nothing is not said to be 'made'")
    func nothingMade() {
        var report = StorePackReport(output: "out/All", stores: [], dryRun: false)
        var store = StorePackReport.Store(profile: .line, name: "LINE", folder: "out/All/line")
        store.failure = "no pack could be made"
        report.stores = [store]
        let text = StorePackReportFormat.text(report)
        #expect(text.hasPrefix("out/All/line: LINE (--profile line), nothing made: no pack could be made\n"), "\(text)")
        #expect(!text.contains("made out/All/line"))
    }
}

/// #52 point 7: the --icon file is the app's icon, never a sticker, even when it lies among the art.
@Suite("pack --icon among the art")
struct PackIconTests {
    @Test("the README's first example: pack Art/ --icon Art/icon.png makes the icon set and no icon sticker")
    func iconAmongArt() throws {
        let scratch = Scratch()
        try scratch.write("Art/a.png", ExampleContent.png(width: 408, height: 408, seed: 1).bytes())
        try scratch.write("Art/b.png", ExampleContent.png(width: 408, height: 408, seed: 2).bytes())
        try scratch.write("Art/icon.png", ExampleContent.png(width: 1024, height: 1024, style: .opaque).bytes())
        let (status, out, err) = try CLI.run(["pack", "Art", "-o", "S.xcstickers", "--icon", "Art/icon.png"], in: scratch.path)
        #expect(status == 0, "\(out) \(err)")
        #expect(out.contains("2 stickers") && out.contains("Art/icon.png is the --icon: made the app's icon, not a sticker"), "\(out)")
        let folders = DiskFileSystem().list(scratch.at("S.xcstickers/Art.stickerpack")) ?? []
        #expect(!folders.contains { $0.hasPrefix("icon") }, "\(folders)")
    }
}
