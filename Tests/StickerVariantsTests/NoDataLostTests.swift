#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StickerCatalog
import StickerImage
import StickerLint
import StickerVariants
import StickerTestSupport
import Testing
import StickerFiles

@Suite("No data lost")
struct NoDataLostTests {
    @Test("checking and making variants never change an input")
    func inputsUntouched() throws {
        let scratch = Scratch()
        try RuleExample.pack([.sticker("Cat", .png(width: 408, height: 408)), .sticker("Wave", .apng(side: 408, frames: 3))], "").write(
            to: scratch.path)
        var before: [String: (Int, [UInt8])] = [:]
        let images = Fixtures.images(under: scratch.path)
        for path in images {
            before[path] = (try #require(DiskFileSystem().status(path)).modifiedNanoseconds, try FileByteSource(path: path).readAll())
        }
        _ = try Linter().lint([scratch.path])
        let generator = VariantGenerator(outputFolder: scratch.at("out"), jobs: 2)
        let reports = generator.run(try generator.planning([scratch.path]).plans)
        // Variants really were made (so the inputs were really read): two per master, in the mirror.
        #expect(reports.count == 2 && reports.allSatisfy(\.succeeded), "\(reports)")
        let written = Fixtures.images(under: scratch.at("out"))
        #expect(written.count == 4, "\(written)")
        for path in written { #expect((try? ImageDecoder().decode(FileByteSource(path: path).readAll())) != nil, "\(path)") }
        for path in images {
            #expect(DiskFileSystem().status(path)?.modifiedNanoseconds == before[path]!.0)
            #expect(try FileByteSource(path: path).readAll() == before[path]!.1)
        }
    }

    @Test("an interrupted run (SIGINT, SIGTERM) leaves no temporary files", arguments: [SIGINT, SIGTERM])
    func interrupted(_ signalNumber: Int32) throws {
        let scratch = Scratch()
        let masters = 60
        for i in 0..<masters { try scratch.write("in/s\(i).png", ExampleContent.png(width: 618, height: 618, seed: i).bytes()) }
        try Folders.create(scratch.at("out"))
        let process = Foundation.Process()
        process.executableURL = URL(fileURLWithPath: CLI.executable)
        process.arguments = ["variants", "--jobs", "1", "--out", scratch.at("out"), scratch.at("in")]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Interrupt mid-run: once the first variant is there, while most masters are still to do.
        var waited = 0
        while !(DiskFileSystem().list(scratch.at("out")) ?? []).contains(where: { !$0.contains(".tmp-") }) && waited < 20_000 {
            usleep(1_000)
            waited += 1
        }
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        // The process was interrupted and said so: 128 + the signal, as shells report it.
        #expect(
            process.terminationReason == .exit && process.terminationStatus == 128 + signalNumber,
            "\(process.terminationReason) \(process.terminationStatus)")
        let left = DiskFileSystem().list(scratch.at("out")) ?? []
        #expect(!left.isEmpty && left.count < 2 * masters, "\(left.count) files: the run was not cut short")
        #expect(!left.contains { $0.contains(".tmp-") }, "\(left)")
        // Whatever was written is whole: every variant decodes.
        for name in left { #expect((try? ImageDecoder().decode(FileByteSource(path: scratch.at("out/\(name)")).readAll())) != nil, "\(name)") }
    }
}
