import Dispatch

/// A bounded worker pool: `body` runs for every index on at most `workers` threads, and the results
/// come back in index order, so the output never depends on scheduling.
public enum Parallel {
    /// `chunk`: indexes a worker takes at once. 1 for work that takes long and varies (a decode: the
    /// last chunks must not leave a thread idle); more for work of a few microseconds (a stat), where
    /// taking each index under the lock cost as much as the work.
    public static func map<T: Sendable>(
        _ count: Int, workers: Int, chunk: Int = 1, progress: (@Sendable (Int, Int) -> Void)? = nil,
        _ body: @escaping @Sendable (Int) -> T
    ) -> [T] {
        // Each result is written once, in place, by the worker that took its index: no optional slots
        // and no copy at the end (at 100,000 files the results are the run's largest structure).
        Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = Slots(base: buffer.baseAddress)
            let pool = WorkPool(count: count, chunk: max(1, chunk))
            let run: @Sendable (Int) -> Void = { _ in
                while let indexes = pool.next() {
                    for index in indexes {
                        slots.initialize(index, to: body(index))
                        if let progress { progress(pool.finished(), count) }
                    }
                }
            }
            let threads = min(max(1, workers), count)
            if threads <= 1 {
                if count > 0 { run(0) }
            } else {
                DispatchQueue.concurrentPerform(iterations: threads, execute: run)
            }
            initialized = count
        }
    }
}

/// The result buffer, shared by the workers: each index is initialized exactly once, by one worker,
/// and read only after every worker has finished (`concurrentPerform` returns after them).
private struct Slots<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>?

    func initialize(_ index: Int, to value: T) { (base! + index).initialize(to: value) }
}

/// Hands out indexes to workers and counts the finished ones.
private final class WorkPool: Sendable {
    private struct State {
        var cursor = 0
        var done = 0
    }

    private let count: Int
    private let chunk: Int
    private let state = Locked(State())

    init(count: Int, chunk: Int) {
        self.count = count
        self.chunk = chunk
    }

    /// The next indexes to work on (up to `chunk` of them), or nil when none are left.
    func next() -> Range<Int>? {
        let start = state.withLock { state in
            defer { state.cursor += chunk }
            return state.cursor
        }
        return start < count ? start..<min(start + chunk, count) : nil
    }

    func finished() -> Int {
        state.withLock { state in
            state.done += 1
            return state.done
        }
    }
}

/// A value computed on another thread from the moment it is made, waited for when it is read: work
/// that overlaps other work of the same run (a report's body is built while its previews are written).
public final class Background<T: Sendable>: @unchecked Sendable {
    private let group = DispatchGroup()
    /// Written once by the worker before it leaves the group; read only after `wait` (which orders it).
    private var result: T?

    public init(_ body: @escaping @Sendable () -> T) {
        group.enter()
        DispatchQueue.global().async {
            self.result = body()
            self.group.leave()
        }
    }

    public var value: T {
        group.wait()
        return result!
    }
}
