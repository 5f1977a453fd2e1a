import Dispatch
import Synchronization

/// A bounded worker pool: `body` runs for every index on at most `workers` threads, and the results
/// come back in index order, so the output never depends on scheduling.
public enum Parallel {
    public static func map<T: Sendable>(_ count: Int, workers: Int, progress: (@Sendable (Int, Int) -> Void)? = nil,
                                        _ body: @escaping @Sendable (Int) -> T) -> [T] {
        let pool = WorkPool<T>(count: count)
        let run: @Sendable (Int) -> Void = { _ in
            while let index = pool.next() {
                pool.store(body(index), at: index)
                if let progress { progress(pool.finished(), count) }
            }
        }
        let threads = min(max(1, workers), count)
        if threads <= 1 {
            if count > 0 { run(0) }
        } else {
            DispatchQueue.concurrentPerform(iterations: threads, execute: run)
        }
        return pool.results()
    }
}

/// Hands out indexes to workers and collects their results.
private final class WorkPool<T: Sendable>: Sendable {
    private let cursor = Atomic<Int>(0)
    private let done = Atomic<Int>(0)
    private let count: Int
    private let slots: Mutex<[T?]>

    init(count: Int) {
        self.count = count
        slots = Mutex([T?](repeating: nil, count: count))
    }

    func next() -> Int? {
        let index = cursor.add(1, ordering: .relaxed).oldValue
        return index < count ? index : nil
    }

    func store(_ value: T, at index: Int) { slots.withLock { $0[index] = value } }

    func finished() -> Int { done.add(1, ordering: .relaxed).newValue }

    func results() -> [T] { slots.withLock { $0.compactMap { $0 } } }
}
