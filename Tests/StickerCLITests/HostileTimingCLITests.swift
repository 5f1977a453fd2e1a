import StickerLint
import StickerTestSupport
import Testing

/// #51 point 1 on the command line: one file with hostile timing fields among good ones costs the run
/// nothing but its own `image-unreadable` finding, in `check` (every format), `report` and `-o`.
@Suite("hostile timing fields on the command line")
struct HostileTimingCLITests {
    @Test("TGS, WebM and Lottie files with 1e20, +Inf and 2^63 timing fields beside a good one: every report is whole")
    func wholeReports() throws {
        let scratch = Scratch()
        try scratch.write("tg/good.tgs", ExampleContent.tgs(width: 512, height: 512, frameRate: 60, frames: 120).bytes())
        try scratch.write("tg/op.tgs", HostileMotion.tgs(op: "1e20"))
        try scratch.write("tg/fr.tgs", HostileMotion.tgs(fr: "1e-300"))
        try scratch.write("tg/inf.webm", HostileMotion.webm(duration: .infinity))
        try scratch.write("tg/scale.webm", HostileMotion.webm(scale: 1 << 63))
        try scratch.write("tg/cluster.webm", HostileMotion.webm(clusterTimestamp: UInt64(Int64.max), relatives: [0, 32_767]))
        try scratch.write("dc/op.json", HostileMotion.lottie(op: "1e20"))
        try scratch.write("dc/good.json", ExampleContent.lottie(width: 320, height: 320, frameRate: 60, frames: 120).bytes())
        for format in ["text", "json", "sarif", "junit", "github", "xcode", "markdown", "html"] {
            let telegram = try CLI.run(["check", "--no-cache", "--profile", "telegram", "--format", format, scratch.at("tg")])
            #expect(telegram.0 == 1, "\(format): \(telegram.2)")
            for name in ["op.tgs", "fr.tgs", "inf.webm", "scale.webm", "cluster.webm"] {
                #expect(telegram.1.contains(name), "\(format) lost \(name)")
            }
            let discord = try CLI.run(["check", "--no-cache", "--profile", "discord", "--format", format, scratch.at("dc")])
            #expect(discord.0 == 1 && discord.1.contains("op.json"), "\(format): \(discord.2)")
        }
        let text = try CLI.run(["check", "--no-cache", "--profile", "telegram", scratch.at("tg")]).1
        #expect(text.contains("\"op\" is 1e+20, out of range"), "\(text)")
        #expect(text.contains("the TimestampScale at byte"), "\(text)")
        #expect(text.contains("6 files, 5 errors"), "\(text)")
        let report = try CLI.run(["report", "--no-cache", "--profile", "telegram", scratch.at("tg"), "-o", scratch.at("out/")])
        #expect(report.0 == 1, "\(report.2)")
    }
}
