import Foundation
import PTV
import Synchronization

/// Counts favourites lists started per client address in the last minute, on a shared server; with a fleet, in the
/// fleet's minute of the clock, whichever instance is asked.
final class ListCreationLimiter: Sendable {
    private let perMinute: Int
    private let clock: @Sendable () -> Date
    private let starts = Mutex<[String: [Date]]>([:])
    private let shared: (any SharedCounter)?

    /// Creates a limiter.
    /// - Parameters:
    ///   - perMinute: Most lists one address may start in any 60 seconds.
    ///   - now: The clock.
    ///   - shared: The fleet's count (nil: this instance's own; also used while the fleet's cannot be reached).
    init(perMinute: Int, now: @escaping @Sendable () -> Date, shared: (any SharedCounter)? = nil) {
        self.perMinute = perMinute
        clock = now
        self.shared = shared
    }

    /// Records a start for `address` and returns true, or returns false when over the limit (the fleet's count when
    /// there is one and it answers, else this instance's).
    /// - Parameter address: The client's address.
    func allow(_ address: String) async -> Bool {
        if let shared {
            let minute = Int((clock().timeIntervalSince1970 / 60).rounded(.down))
            if let started = await shared.increment("lists:\(address):\(minute)", keptFor: 120) { return started <= perMinute }
        }
        return allowHere(address)
    }

    /// Records a start for `address` in this instance's table, or returns false when over the limit.
    private func allowHere(_ address: String) -> Bool {
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
