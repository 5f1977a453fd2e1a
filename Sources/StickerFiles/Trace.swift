#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A developer's view of where a run's time goes (Benchmarks/README.md, issue #39): with
/// `STICKERLINT_TRACE` set, each mark writes to standard error the milliseconds since the one before
/// ("table loaded: 2.19 ms"); unset, a mark costs one comparison.
public enum Trace {
    public static let isOn = getenv("STICKERLINT_TRACE") != nil
    private static let last = Locked<UInt64?>(nil)

    /// Writes the time since the previous mark (or since the first mark, for the first).
    public static func mark(_ label: String) {
        guard isOn else { return }
        let now = monotonicNanoseconds()
        let since = last.withLock { last in
            defer { last = now }
            return last.map { now &- $0 } ?? 0
        }
        let line = "\(label): \(since / 1_000_000).\(String(since / 10_000 % 100 + 100).dropFirst()) ms\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
