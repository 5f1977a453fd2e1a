import StickerFiles
import StickerTestSupport
import Testing

/// The fact cache from the command line: `--cache-path`, `--no-cache`, output byte-identical to a
/// cold run in every format, and two processes sharing one cache.
@Suite("Fact cache on the command line")
struct CacheCommandTests {
    static let arguments = ["SamplePacks/Good.xcstickers", "SamplePacks/Bad.xcstickers", "SamplePacks/Loose", "SamplePacks/Media"]

    @Test("a warm run prints exactly what a cold run prints", arguments: ["json", "text", "sarif"])
    func warmEqualsCold(_ format: String) throws {
        let scratch = Scratch()
        let cache = scratch.at("cache")
        let cold = try CLI.run(["check", "--no-cache", "--format", format] + Self.arguments, in: Conformance.projectRoot)
        #expect(cold.0 == 1)
        let first = try CLI.run(["check", "--cache-path", cache, "--format", format] + Self.arguments, in: Conformance.projectRoot)
        let names = DiskFileSystem().list(cache) ?? []
        // One facts file per catalog or folder root, one file of folder snapshots per pack.
        let packs = ["Good", "Bad"].flatMap { DiskFileSystem().list(Conformance.projectRoot + "/SamplePacks/\($0).xcstickers") ?? [] }
            .filter { $0.hasSuffix(".stickerpack") }
        #expect(names.filter { $0.hasPrefix("facts-") }.count == 4 && names.filter { $0.hasPrefix("folders-") }.count == packs.count)
        #expect(names.count == 4 + packs.count && names.allSatisfy { $0.hasSuffix(".cache") }, "\(names)")
        let warm = try CLI.run(["check", "--cache-path", cache, "--format", format] + Self.arguments, in: Conformance.projectRoot)
        #expect(first.0 == cold.0 && first.1 == cold.1)
        #expect(warm.0 == cold.0 && warm.1 == cold.1)
    }

    @Test("--no-cache neither reads nor writes a cache")
    func noCache() throws {
        let scratch = Scratch()
        let cache = scratch.at("cache")
        let (status, _, _) = try CLI.run(["check", "--no-cache", "--cache-path", cache, "SamplePacks/Good.xcstickers"], in: Conformance.projectRoot)
        #expect(status == 0)
        #expect(DiskFileSystem().kind(cache) == .missing)
        // A cache in a folder that cannot be made costs time, never the result.
        try scratch.write("file", "not a folder")
        let (blocked, out, err) = try CLI.run(
            ["check", "--cache-path", scratch.at("file/cache"), "SamplePacks/Good.xcstickers"],
            in: Conformance.projectRoot)
        #expect(blocked == 0, "\(out)\(err)")
        #expect(err.isEmpty)
    }

    @Test("two processes at once on one cache both print the cold result")
    func concurrentProcesses() async throws {
        let scratch = Scratch()
        let cache = scratch.at("cache")
        let arguments = ["check", "--format", "json", "--cache-path", cache] + Self.arguments
        let cold = try CLI.run(["check", "--no-cache", "--format", "json"] + Self.arguments, in: Conformance.projectRoot)
        for _ in 0..<3 {
            async let a = Task.detached { try CLI.run(arguments, in: Conformance.projectRoot) }.value
            async let b = Task.detached { try CLI.run(arguments, in: Conformance.projectRoot) }.value
            let (ra, rb) = try await (a, b)
            #expect(ra.1 == cold.1)
            #expect(rb.1 == cold.1)
        }
    }
}
