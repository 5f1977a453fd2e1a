import Dispatch
import StickerFiles

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
    private struct State {
        var cursor = 0
        var done = 0
        var slots: [T?]
    }

    private let count: Int
    private let state: Locked<State>

    init(count: Int) {
        self.count = count
        state = Locked(State(slots: [T?](repeating: nil, count: count)))
    }

    func next() -> Int? {
        let index = state.withLock { state in
            defer { state.cursor += 1 }
            return state.cursor
        }
        return index < count ? index : nil
    }

    func store(_ value: T, at index: Int) { state.withLock { $0.slots[index] = value } }

    func finished() -> Int {
        state.withLock { state in
            state.done += 1
            return state.done
        }
    }

    func results() -> [T] { state.withLock { $0.slots.compactMap { $0 } } }
}
