import Foundation
import PTV
import Synchronization
import Testing
import TestSupport

/// A task executor that runs its jobs only when the test says so: it holds a waiter's resumption back.
final class ManualExecutor: TaskExecutor {
    private let jobs = Mutex<[UnownedJob]>([])

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        jobs.withLock { $0.append(unowned) }
    }

    /// Runs queued jobs (and any they queue) until none is left.
    func runAll() {
        while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Single-flight: only the fetch that created an in-flight entry removes it.
struct CacheSingleFlightTests {
    let request = PTVRequest(.departures, ["departures", "route_type", "0", "stop", "1071"])

    @Test func lateWaiterDoesNotDropANewerFetch() async throws {
        let clock = TestClock()
        let cache = ResponseCache(metrics: PTVMetrics(), now: { clock.now })
        let fetches = Counter()
        let (started, startedSignal) = AsyncStream.makeStream(of: Int.self)
        var startedEvents = started.makeAsyncIterator()
        let firstGate = Gate(), secondGate = Gate()
        let request = request
        /// A fetch that says it started, then stays open until `gate` opens and answers `value`.
        func heldOpenFetch(_ value: Int, until gate: Gate) -> Task<Int, any Error> {
            Task { try await cache.value(for: request) { () async -> Int in
                startedSignal.yield(fetches.increment())
                await gate.wait()
                return value
            }.value }
        }

        // Fetch 1 starts and stays open.
        let first = heldOpenFetch(1, until: firstGate)
        #expect(await startedEvents.next() == 1)

        // A waiter joins fetch 1 on an executor whose jobs run only when the test says so.
        let executor = ManualExecutor()
        let lateWaiter = Task(executorPreference: executor) {
            try await cache.value(for: request) { () async -> Int in fetches.increment() }.value
        }
        executor.runAll()

        // Fetch 1 completes; its first caller gets the value, the late waiter's resumption is held back.
        firstGate.open()
        #expect(try await first.value == 1)

        // The value goes stale and fetch 2 starts and stays open.
        clock.advance(31)
        let second = heldOpenFetch(2, until: secondGate)
        #expect(await startedEvents.next() == 2)

        // Now the late waiter of fetch 1 resumes; it must not retire fetch 2.
        executor.runAll()
        #expect(try await lateWaiter.value == 1)

        // A new caller joins fetch 2 rather than starting fetch 3 (run until it waits or is done).
        let newcomerExecutor = ManualExecutor()
        let third = Task(executorPreference: newcomerExecutor) {
            try await cache.value(for: request) { () async -> Int in fetches.increment() + 100 }.value
        }
        newcomerExecutor.runAll()
        secondGate.open()
        #expect(try await second.value == 2)
        newcomerExecutor.runAll()
        #expect(try await third.value == 2)
        #expect(fetches.count == 2)
        startedSignal.finish()
    }
}
