import Foundation
import Synchronization

/// A fixed set of our own threads for blocking C calls (libcurl transfers, SQLite steps).
/// On Linux, Dispatch's global queues can share threads with Swift's cooperative pool, so blocking work
/// there can starve async code; these threads belong to nobody else.
public final class WorkerPool: Sendable {
    private struct State: Sendable {
        var jobs: [@Sendable () -> Void] = []
        var head = 0
        var idle = 0
        var started = 0
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

    /// Runs `body` on a worker thread and returns its result to the caller's task.
    /// - Parameter body: Blocking work.
    public func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            submit { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Queues `job` for a worker thread.
    /// - Parameter job: Blocking work.
    public func submit(_ job: @escaping @Sendable () -> Void) {
        let index: Int? = state.withLock { state in
            state.jobs.append(job)
            guard state.idle == 0, state.started < limit else { return nil }
            state.started += 1
            return state.started
        }
        if let index {
            let thread = Thread { [self] in self.work() }
            thread.name = "\(name)-\(index)"
            thread.stackSize = 512 * 1024
            thread.start()
        }
        available.signal()
    }

    private func work() {
        while true {
            state.withLock { $0.idle += 1 }
            available.wait()
            let job: (@Sendable () -> Void)? = state.withLock { state in
                state.idle -= 1
                guard state.head < state.jobs.count else { return nil }
                let job = state.jobs[state.head]
                state.head += 1
                if state.head > 256, state.head * 2 > state.jobs.count {
                    state.jobs.removeFirst(state.head)
                    state.head = 0
                }
                return job
            }
            job?()
        }
    }
}
