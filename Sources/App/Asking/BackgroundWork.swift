import Foundation
import Synchronization

/// Every question Trakx asks PTV after a page is sent (`Ask.learn`), each tracked by its task until it ends: tests wait
/// for them by this handle rather than by sleeping, and shutdown waits for them before the PTV client's threads end.
final class BackgroundWork: Sendable {
    private struct State: Sendable {
        var running: [UInt64: Task<Void, Never>] = [:]
        var next: UInt64 = 0
    }

    private let state = Mutex(State())

    /// How many are running.
    var count: Int { state.withLock { $0.running.count } }

    /// Starts `body`, tracked until it ends.
    /// - Parameter body: The work.
    /// - Returns: Its task.
    @discardableResult
    func start(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        state.withLock { state in
            state.next += 1
            let id = state.next
            let task = Task { [self] in
                await body()
                _ = self.state.withLock { $0.running.removeValue(forKey: id) }
            }
            state.running[id] = task
            return task
        }
    }

    /// Waits until nothing is running, including work started by the work it waits for.
    func settled() async {
        while let task = state.withLock({ $0.running.values.first }) { await task.value }
    }

    /// Waits until nothing is running, or `limit` has passed; whether it all ended.
    /// - Parameter limit: The most to wait.
    @discardableResult
    func settled(within limit: Duration) async -> Bool {
        await Deadline.value(of: Task { await self.settled() }, within: limit) != nil
    }
}
