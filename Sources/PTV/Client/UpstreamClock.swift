import Foundation
import Synchronization

/// Measures how long one page waited on PTV: the wall time during which at least one call was in flight
/// (parallel calls overlap, so they are not added up). Carried to child tasks as a task-local.
public final class UpstreamClock: Sendable {
    private struct State: Sendable {
        var inFlight = 0
        var since: ContinuousClock.Instant?
        var total: Duration = .zero
        var calls = 0
    }

    /// The clock for the current request, if any.
    @TaskLocal public static var current: UpstreamClock?

    private let state = Mutex(State())

    /// Creates a stopped clock.
    public init() {}

    /// Marks a call as started.
    public func begin() {
        state.withLock { state in
            if state.inFlight == 0 { state.since = .now }
            state.inFlight += 1
            state.calls += 1
        }
    }

    /// Marks a call as finished.
    public func end() {
        state.withLock { state in
            state.inFlight -= 1
            if state.inFlight == 0, let since = state.since {
                state.total += since.duration(to: .now)
                state.since = nil
            }
        }
    }

    /// Milliseconds spent waiting on PTV so far, and the number of calls.
    public var waited: (milliseconds: Double, calls: Int) {
        state.withLock { state in
            var total = state.total
            if let since = state.since { total += since.duration(to: .now) }
            let parts = total.components
            return (Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15, state.calls)
        }
    }
}
