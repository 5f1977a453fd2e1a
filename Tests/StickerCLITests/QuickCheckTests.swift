import ArgumentParser
import Testing

@testable import stickerlint

/// `stickerlint check FILE...` skips ArgumentParser's parse (`Check.quick`): for every argument list it
/// takes, the command must be the one ArgumentParser gives, every field (a field the quick parse left
/// unset would show as ArgumentParser's "definition" state); everything else must be left to it.
@Suite("Quick parse of check")
struct QuickCheckTests {
    /// Every field of a parsed command, wrappers and all: equal text, equal command.
    static func fields(_ command: Check) -> String { String(reflecting: command) }

    @Test(
        "the quick parse gives exactly ArgumentParser's command",
        arguments: [
            ["a.png"], ["a.png", "b/c.png", "Stickers.xcstickers"], ["-q", "a.png"], ["a.png", "--quiet"],
            ["--no-cache", "a.png"], ["--cache-path", "/tmp/c", "a.png"], ["a.png", "--cache-path", "c", "--strict", "-q"],
            ["--config", "x.yml", "--allow-empty", "a b.png"], ["report"], ["Caf\u{E9}.sticker/caf\u{E9}.png"]
        ])
    func sameAsArgumentParser(_ arguments: [String]) throws {
        let quick = try #require(Check.quick(arguments))
        let parsed = try #require(try Check.parseAsRoot(arguments) as? Check)
        let text = Self.fields(quick)
        #expect(!text.contains("definition"), "a field left unset: \(text)")
        #expect(text == Self.fields(parsed))
    }

    @Test(
        "anything else is left to ArgumentParser",
        arguments: [
            [], ["--help"], ["-h"], ["--format", "json", "a.png"], ["--cache-path"], ["--cache-path", "-q", "a.png"],
            ["-q", "-q", "a.png"], ["--quiet", "-q", "a.png"], ["--config", "a", "--config", "b", "x.png"], ["--", "-a.png"],
            ["--cache-path=c", "a.png"], ["-", "a.png"], ["--jobs", "2", "a.png"], ["--quiet"], ["--grid", "small", "a.png"]
        ])
    func leftToArgumentParser(_ arguments: [String]) {
        #expect(Check.quick(arguments) == nil)
    }

    @Test(
        "report: the quick parse gives exactly ArgumentParser's command",
        arguments: [
            ["a.png"], ["-o", "r.html", "a"], ["--output", "out/", "-q", "--cache-path", "c", "Stickers.xcstickers"],
            ["a", "--no-cache", "-o", "x.html", "--strict"], ["--config", "x.yml", "--allow-empty", "a b"]
        ])
    func reportSameAsArgumentParser(_ arguments: [String]) throws {
        let quick = try #require(Report.quick(arguments))
        let parsed = try #require(try Report.parseAsRoot(arguments) as? Report)
        let text = String(reflecting: quick)
        #expect(!text.contains("definition"), "a field left unset: \(text)")
        #expect(text == String(reflecting: parsed))
    }

    @Test(
        "report: anything else is left to ArgumentParser",
        arguments: [
            [], ["--help"], ["-o", "r.html"], ["-o", "a.html", "-o", "b.html", "x"], ["-o", "a.html", "--output", "b.html", "x"],
            ["-o", "-", "x"], ["--output=r.html", "x"], ["--format", "json", "x"], ["--jobs", "2", "x"], ["-o"]
        ])
    func reportLeftToArgumentParser(_ arguments: [String]) {
        #expect(Report.quick(arguments) == nil)
    }
}

@Suite("Report timestamps")
struct TimestampTests {
    @Test(
        "seconds since 1970 as UTC, computed without the C library's time zone file",
        arguments: [
            (0, "1970-01-01T00:00:00"), (-1, "1969-12-31T23:59:59"), (86_399, "1970-01-01T23:59:59"), (86_400, "1970-01-02T00:00:00"),
            (951_782_400, "2000-02-29T00:00:00"), (951_868_799, "2000-02-29T23:59:59"), (1_700_000_000, "2023-11-14T22:13:20"),
            (4_102_444_799, "2099-12-31T23:59:59"), (4_107_542_400, "2100-03-01T00:00:00"), (-2_208_988_800, "1900-01-01T00:00:00"),
            // The ends of four-digit years, and SOURCE_DATE_EPOCH past them (Int.min trapped) held at them.
            (253_402_300_799, "9999-12-31T23:59:59"), (253_402_300_800, "9999-12-31T23:59:59"), (Int.max, "9999-12-31T23:59:59"),
            (-62_135_596_800, "0001-01-01T00:00:00"), (-62_135_596_801, "0001-01-01T00:00:00"), (Int.min, "0001-01-01T00:00:00")
        ])
    func utc(_ seconds: Int, _ expected: String) {
        #expect(Terminal.timestamp(seconds: seconds) == expected)
    }
}
