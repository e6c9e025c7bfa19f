import Foundation
import Synchronization

/// A fixed set of our own threads for blocking C calls (libcurl transfers, SQLite steps).
/// On Linux, Dispatch's global queues can share threads with Swift's cooperative pool, so blocking work
/// there can starve async code; these threads belong to nobody else. `shutdown()` ends them.
public final class WorkerPool: Sendable {
    private struct State: Sendable {
        var jobs: [@Sendable () -> Void] = []
        var head = 0
        var idle = 0
        var started = 0
        /// Threads that have left their loop.
        var ended = 0
        /// Set by `shutdown`: threads end once the queue is empty, and no new one starts.
        var closing = false
        /// Each thread's kernel id, while it runs.
        var threadIDs: Set<Int32> = []
        /// Callers of `shutdown` waiting for the last thread to end.
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)
    private let name: String
    private let limit: Int

    /// Creates a pool that starts threads as work arrives, up to `threads`; idle threads wait for more.
    /// - Parameters:
    ///   - name: Thread name prefix (shows in debuggers and `top -H`).
    ///   - threads: Most threads; also the most jobs that run at once.
    public init(name: String, threads: Int) {
        self.name = name
        limit = max(1, threads)
    }

    /// The kernel ids of the pool's running threads (what `/proc/self/task` lists), for tests.
    public var threadIDs: Set<Int32> { state.withLock { $0.threadIDs } }

    /// Runs `body` on a worker thread and returns its result to the caller's task.
    /// - Parameter body: Blocking work.
    public func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            submit { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Queues `job` for a worker thread. After `shutdown`, a job still runs, on a thread of its own.
    /// - Parameter job: Blocking work.
    public func submit(_ job: @escaping @Sendable () -> Void) {
        let (index, closing): (Int?, Bool) = state.withLock { state in
            guard !state.closing else { return (nil, true) }
            state.jobs.append(job)
            // A thread starts whenever the jobs waiting outnumber the threads idle (an idle thread counts until it has
            // woken and taken a job, so "no idle thread" alone would queue jobs sent together behind each other: four
            // PTV questions asked at once ran as two or more waves of the upstream latency).
            guard state.jobs.count - state.head > state.idle, state.started < limit else { return (nil, false) }
            state.started += 1
            return (state.started, false)
        }
        if closing {
            Thread.detachNewThread(job)
            return
        }
        if let index {
            let thread = Thread { [self] in self.work() }
            thread.name = "\(name)-\(index)"
            thread.stackSize = 512 * 1024
            thread.start()
        }
        available.signal()
    }

    /// Lets queued work finish, then ends every thread; returns when the last has left its loop.
    public func shutdown() async {
        let started = state.withLock { state -> Int in
            state.closing = true
            return state.started
        }
        // One more wake for each thread: past the queued jobs, each finds nothing and ends.
        for _ in 0 ..< started { available.signal() }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let finished = state.withLock { state -> Bool in
                guard state.ended < state.started else { return true }
                state.waiting.append(done)
                return false
            }
            if finished { done.resume() }
        }
    }

    /// The calling thread's kernel id, from `/proc/thread-self` ("PID/task/TID"; 0 where there is no /proc).
    private static func currentThreadID() -> Int32 {
        let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
        return Int32(link.split(separator: "/").last ?? "") ?? 0
    }

    private func work() {
        let id = Self.currentThreadID()
        state.withLock { _ = $0.threadIDs.insert(id) }
        while true {
            state.withLock { $0.idle += 1 }
            available.wait()
            let (job, end): ((@Sendable () -> Void)?, Bool) = state.withLock { state in
                state.idle -= 1
                guard state.head < state.jobs.count else { return (nil, state.closing) }
                let job = state.jobs[state.head]
                state.head += 1
                if state.head > 256, state.head * 2 > state.jobs.count {
                    state.jobs.removeFirst(state.head)
                    state.head = 0
                }
                return (job, false)
            }
            job?()
            if end { break }
        }
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.ended += 1
            state.threadIDs.remove(id)
            guard state.ended == state.started else { return [] }
            defer { state.waiting = [] }
            return state.waiting
        }
        for done in waiting { done.resume() }
    }
}
