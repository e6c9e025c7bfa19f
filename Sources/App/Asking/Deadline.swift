import Foundation
import Synchronization

/// Waiting for PTV no longer than a page can afford: what is not back by then is left out of this view, and the
/// task goes on (its answer fills the cache for the next one).
enum Deadline {
    /// The task's value if it is done within `limit`, else nil.
    /// - Parameters:
    ///   - task: The work, already running.
    ///   - limit: How long to wait.
    static func value<T: Sendable>(of task: Task<T, Never>, within limit: Duration) async -> T? {
        let answered = Mutex(false)
        return await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            let answer: @Sendable (T?) -> Void = { value in
                if answered.withLock({ done in defer { done = true }; return !done }) { continuation.resume(returning: value) }
            }
            let timer = Task {
                try? await Task.sleep(for: limit)
                answer(nil)
            }
            Task {
                answer(await task.value)
                timer.cancel()  // answered in time: no sleeping task left behind
            }
        }
    }
}
