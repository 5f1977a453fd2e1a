import StickerFiles
import Testing

@Suite("parallel map")
struct ParallelTests {
    @Test(
        "every index once, results in index order, progress to the end: counts around a chunk's edges, 1 to 3 workers, chunks of 1, 64 and more than the count",
        arguments: [0, 1, 2, 63, 64, 65, 127, 128, 129, 1_000])
    func everyIndexOnceInOrder(_ count: Int) {
        for workers in 1...3 {
            for chunk in [1, 64, 5_000] {
                let calls = Locked([Int](repeating: 0, count: count))
                let reported = Locked<[Int]>([])
                let results = Parallel.map(
                    count, workers: workers, chunk: chunk,
                    progress: { done, total in
                        #expect(total == count)
                        reported.withLock { $0.append(done) }
                    }
                ) { index in
                    calls.withLock { $0[index] += 1 }
                    return index * 3
                }
                #expect(results == (0..<count).map { $0 * 3 }, "\(count) by \(workers), chunk \(chunk)")
                #expect(calls.withLock { $0 }.allSatisfy { $0 == 1 }, "\(count) by \(workers), chunk \(chunk)")
                #expect(reported.withLock { $0.sorted() } == Array(stride(from: 1, through: count, by: 1)))
            }
        }
    }
}
