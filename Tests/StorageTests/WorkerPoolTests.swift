import Foundation
import Synchronization
import Testing
import Workers

/// The pool behind libcurl transfers and SQLite steps: jobs sent together run together, up to its limit.
struct WorkerPoolTests {
    /// Four jobs that each wait until all four have started: they finish only if four threads run them at once
    /// (a pool that queued them behind each other would leave the first waiting for the others, until the timeout).
    /// How many jobs have started.
    final class Arrivals: Sendable {
        private let count = Mutex(0)
        func arrive() { count.withLock { $0 += 1 } }
        var all: Int { count.withLock { $0 } }
    }

    @Test func jobsSentTogetherRunTogether() async throws {
        let pool = WorkerPool(name: "test", threads: 8)
        let arrived = Arrivals()
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0 ..< 4 {
                group.addTask {
                    try await pool.run {
                        arrived.arrive()
                        let deadline = Date().addingTimeInterval(10)
                        while arrived.all < 4 {
                            if Date() > deadline { return false }
                            usleep(1_000)
                        }
                        return true
                    }
                }
            }
            var all: [Bool] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results == [true, true, true, true])
        await pool.shutdown()
    }
}
