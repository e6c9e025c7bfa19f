import Foundation
import Synchronization

extension ResponseCache {
    /// The fetch's result if it ends within `seconds`, else nil (the fetch itself goes on and stores its answer).
    static func result(of task: Task<Entry, any Error>, within seconds: Double) async -> Result<Entry, any Error>? {
        let first = FirstResult()
        return await withCheckedContinuation { continuation in
            first.arm(continuation)
            let timer = Task {
                do {
                    try await Task.sleep(for: .seconds(seconds))
                    first.settle(nil)
                } catch {}  // cancelled: the fetch answered first
            }
            Task {
                let result = await task.result
                timer.cancel()
                first.settle(result)
            }
        }
    }

    /// Hands the first of two outcomes to a waiting continuation, once.
    final class FirstResult: Sendable {
        private let continuation = Mutex<CheckedContinuation<Result<Entry, any Error>?, Never>?>(nil)

        func arm(_ waiting: CheckedContinuation<Result<Entry, any Error>?, Never>) {
            continuation.withLock { $0 = waiting }
        }

        func settle(_ outcome: Result<Entry, any Error>?) {
            continuation.withLock { waiting in
                waiting?.resume(returning: outcome)
                waiting = nil
            }
        }
    }
}
