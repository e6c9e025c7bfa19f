import Foundation
import Synchronization

/// Measures how long one page waited on PTV: the wall time during which at least one call was in flight
/// (parallel calls overlap, so they are not added up), and in how many rounds: a round is a spell with calls in flight,
/// so calls made side by side are one round and a call made after another's answer is a second. Carried to child tasks
/// as a task-local.
public final class UpstreamClock: Sendable {
    private struct State: Sendable {
        var inFlight = 0
        var since: ContinuousClock.Instant?
        var total: Duration = .zero
        var calls = 0
        var rounds = 0
    }

    /// The clock for the current request, if any.
    @TaskLocal public static var current: UpstreamClock?

    private let state = Mutex(State())

    /// Creates a stopped clock.
    public init() {}

    /// Marks a call as started.
    /// - Parameter call: Whether it is a call of its own (false: a wait for calls counted nowhere, `waiting`).
    public func begin(call: Bool = true) {
        state.withLock { state in
            if state.inFlight == 0 {
                state.since = .now
                state.rounds += 1
            }
            state.inFlight += 1
            if call { state.calls += 1 }
        }
    }

    /// Counts `body` as a wait on PTV, not a call: a page waiting in a second round for questions asked in tasks that
    /// do not count on its clock (they go on for later pages, `Ask.learn`).
    /// - Parameter body: The wait.
    public func waiting<T>(_ body: () async -> T) async -> T {
        begin(call: false)
        defer { end() }
        return await body()
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

    /// Milliseconds spent waiting on PTV so far, the number of calls and the rounds they were made in.
    public var waited: (milliseconds: Double, calls: Int, rounds: Int) {
        state.withLock { state in
            var total = state.total
            if let since = state.since { total += since.duration(to: .now) }
            let parts = total.components
            return (Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15, state.calls, state.rounds)
        }
    }
}
