import Foundation
import Synchronization

/// Counts favourites lists started per client address in the last minute, on a shared server.
final class ListCreationLimiter: Sendable {
    private let perMinute: Int
    private let clock: @Sendable () -> Date
    private let starts = Mutex<[String: [Date]]>([:])

    /// Creates a limiter.
    /// - Parameters:
    ///   - perMinute: Most lists one address may start in any 60 seconds.
    ///   - now: The clock.
    init(perMinute: Int, now: @escaping @Sendable () -> Date) {
        self.perMinute = perMinute
        clock = now
    }

    /// Records a start for `address` and returns true, or returns false (recording nothing) when over the limit.
    /// - Parameter address: The client's address.
    func allow(_ address: String) -> Bool {
        let now = clock()
        let since = now.addingTimeInterval(-60)
        return starts.withLock { starts in
            if starts.count > 10_000 { starts = starts.filter { $0.value.contains { $0 > since } } }
            var recent = (starts[address] ?? []).filter { $0 > since }
            guard recent.count < perMinute else {
                starts[address] = recent
                return false
            }
            recent.append(now)
            starts[address] = recent
            return true
        }
    }
}
