import Foundation
import Synchronization

/// A clock that stands still until a test moves it: pass `{ clock.now }` wherever a `() -> Date` is taken.
public final class TestClock: Sendable {
    private let current: Mutex<Date>

    /// A clock stopped at `start` (by default Saturday 21 November 2026, 8:30 am in Melbourne).
    /// - Parameter start: The first "now".
    public init(_ start: Date = Date(timeIntervalSince1970: 1_795_728_600)) {
        current = Mutex(start)
    }

    /// The current time of this clock.
    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward.
    /// - Parameter seconds: How far.
    public func advance(_ seconds: TimeInterval) {
        current.withLock { $0.addTimeInterval(seconds) }
    }
}
