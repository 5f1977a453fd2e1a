#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many pixels are being decoded at once in this process, held under a ceiling: each decode asks
/// for its canvas's pixels before it allocates one and gives them back when it ends, waiting while
/// others hold too many. A 16384×3906 PNG (64 Mpx, 256 MB as RGBA) is within the per-file budget; on
/// N jobs N of them cost N times that. Under the gate they take turns, and a run's decoding memory is
/// bounded by the ceiling whatever its jobs, while sticker-sized images (0.4 Mpx) never wait.
///
/// A decode larger than the ceiling goes when nothing else is decoding. A thread that holds pixels and
/// decodes again inside (a fix re-reading its candidate) is not made to wait for itself.
public final class DecodeGate: @unchecked Sendable {
    /// The process's gate: 64 Mpx in flight, the largest canvas the default budget lets one file have.
    public static let shared = DecodeGate(capacity: DecodeLimits.default.maxTotalPixels)

    public let capacity: Int
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var inFlight = 0
    private var holders: [pthread_t] = []
    /// The most pixels ever in flight at once (for tests and the benchmark).
    public private(set) var peak = 0

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding `pixels` of the ceiling (clamped to it), waiting until they are free.
    public func withPixels<T, E: Error>(_ pixels: Int, _ body: () throws(E) -> T) throws(E) -> T {
        let wanted = min(max(0, pixels), capacity)
        let me = pthread_self()
        pthread_mutex_lock(mutex)
        let nested = holders.contains { pthread_equal($0, me) != 0 }
        if !nested {
            while inFlight > 0 && inFlight + wanted > capacity { pthread_cond_wait(condition, mutex) }
        }
        inFlight += wanted
        peak = max(peak, inFlight)
        holders.append(me)
        pthread_mutex_unlock(mutex)
        defer {
            pthread_mutex_lock(mutex)
            inFlight -= wanted
            if let index = holders.lastIndex(where: { pthread_equal($0, me) != 0 }) { holders.remove(at: index) }
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        return try body()
    }

    /// Pixels held now.
    public var held: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return inFlight
    }
}
