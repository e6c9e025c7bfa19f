import Foundation
import Synchronization

/// Whether Trakx may ask PTV now, for every visitor and every endpoint at once, and what PTV last said of
/// Trakx's own developer id and key.
///
/// After PTV's "Throttling limit reached" (403, or 429) the gate shuts: no call leaves until the wait is over
/// (PTV's `Retry-After` when it gives one, else 10 seconds, doubling each time PTV throttles again, 5 minutes at
/// most). Then one call goes as a probe while the others wait for its answer (not failing at once: a page asking two
/// things side by side as the wait ends gets both); the gate opens as soon as PTV answers with anything but
/// throttling. A refused developer id or key is remembered until PTV next accepts a call.
/// Each condition is logged at most once a minute.
public final class PTVGate: Sendable {
    /// What the gate tells a call about to leave.
    enum Admission: Sendable, Equatable {
        /// Ask PTV.
        case go
        /// Ask PTV as the one probe after a throttling wait.
        case probe
        /// Do not ask: PTV is throttling Trakx (the call fails as throttled; a saved copy may answer).
        case wait
    }

    /// How Trakx stands with PTV, as `/healthz` and `/metrics` say it.
    public enum Standing: Sendable, Equatable {
        /// Nothing is known to be wrong with asking PTV.
        case asking
        /// PTV is throttling Trakx; no call (but one probe) leaves before `until`.
        case throttled(until: Date)
        /// PTV refused Trakx's developer id or key on its last word about them.
        case keyRefused
    }

    private struct State: Sendable {
        var shutUntil: Date?
        var wait: Double = 0
        var probing = false
        /// Calls waiting for the probe's answer, resumed when it ends however it ends.
        var awaitingProbe: [CheckedContinuation<Void, Never>] = []
        var keyRefused = false
        var probes = 0
        var lastLogged: [String: Date] = [:]
        /// Lines about each condition held back since its last line.
        var heldBack: [String: Int] = [:]
    }

    /// The first wait after a throttling answer without `Retry-After`, and the longest.
    static let (firstWait, longestWait): (Double, Double) = (10, 300)
    /// The longest `Retry-After` honoured (a larger one is read as this).
    static let longestRetryAfter: Double = 3600

    private let state = Mutex(State())
    private let now: @Sendable () -> Date
    /// The fleet's word on throttling: another instance told to wait shuts this gate too (nil: a lone instance).
    private let shared: (any SharedThrottle)?

    /// Creates an open gate.
    /// - Parameters:
    ///   - now: The clock.
    ///   - shared: The fleet's throttling, read from memory and told when PTV throttles this instance.
    public init(now: @escaping @Sendable () -> Date = Date.init, shared: (any SharedThrottle)? = nil) {
        self.now = now
        self.shared = shared
    }

    /// Until when another instance of the fleet was told to wait, when that is still ahead of `time`.
    private func fleetShut(at time: Date) -> Date? {
        guard let until = shared?.shutUntil, until > time else { return nil }
        return until
    }

    /// How Trakx stands with PTV now (a refused key first: it outlasts any throttling).
    public var standing: Standing {
        let time = now()
        return state.withLock { state in
            if state.keyRefused { return .keyRefused }
            if let until = state.shutUntil { return .throttled(until: max(until, fleetShut(at: time) ?? time)) }
            if let until = fleetShut(at: time) { return .throttled(until: until) }
            return .asking
        }
    }

    /// Whether a call may leave now; the first call after a throttling wait becomes the probe, and a call made while
    /// the probe is out waits for its answer (the probe's own timeout bounds that), then asks again.
    func admit() async -> Admission {
        while true {
            let time = now()
            if fleetShut(at: time) != nil { return .wait }
            let admitted: Admission? = state.withLock { state in
                guard let until = state.shutUntil else { return .go }
                if time < until { return .wait }
                if state.probing { return nil }
                state.probing = true
                state.probes += 1
                return .probe
            }
            if let admitted { return admitted }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waiting = state.withLock { state in
                    if state.probing { state.awaitingProbe.append(continuation) }
                    return state.probing
                }
                if !waiting { continuation.resume() }
            }
        }
    }

    /// The probe has ended (`state.probing` already cleared under the lock): the calls that waited for it are let go.
    private func probeEnded(_ waiting: [CheckedContinuation<Void, Never>]) {
        for continuation in waiting { continuation.resume() }
    }

    /// Takes the calls waiting for the probe, clearing it; call with the lock held.
    private static func endProbe(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        state.probing = false
        defer { state.awaitingProbe = [] }
        return state.awaitingProbe
    }

    /// PTV answered with something other than throttling. The probe's answer opens the gate; a call that left before
    /// the gate shut says nothing of PTV since, so it leaves the gate as it is. A refused key is remembered; any
    /// answer PTV gives only to a signed call it accepted (an answer, "not found", a bad parameter) forgets it.
    /// - Parameters:
    ///   - failure: How the answer failed, or nil for an answer.
    ///   - probe: Whether this call was the probe.
    func answered(_ failure: PTVError.Kind?, probe: Bool) {
        let waiting = state.withLock { state in
            var waiting: [CheckedContinuation<Void, Never>] = []
            if probe || state.shutUntil == nil {
                state.shutUntil = nil
                state.wait = 0
                if probe { waiting = Self.endProbe(&state) }
            }
            switch failure {
            case nil, .notFound?, .badRequest?, .noAnswer?: state.keyRefused = false
            case let kind? where kind.isKeyRefused: state.keyRefused = true
            default: break
            }
            return waiting
        }
        probeEnded(waiting)
    }

    /// PTV said "Throttling limit reached": the gate shuts for `retryAfter` seconds when PTV gave them, else for
    /// twice the last wait. A call that left before the gate shut only makes a longer `Retry-After` count.
    /// - Parameters:
    ///   - retryAfter: PTV's `Retry-After`, in seconds, if any.
    ///   - probe: Whether this call was the probe.
    /// - Returns: The seconds the gate is now shut for.
    @discardableResult
    func throttled(retryAfter: Double?, probe: Bool) -> Double {
        let time = now()
        let asked = retryAfter.map { min(max($0, 1), Self.longestRetryAfter) }
        let (wait, waiting) = state.withLock { state -> (Double, [CheckedContinuation<Void, Never>]) in
            if let until = state.shutUntil, !probe {
                if let asked, time.addingTimeInterval(asked) > until {
                    state.shutUntil = time.addingTimeInterval(asked)
                    shared?.shut(until: time.addingTimeInterval(asked))
                }
                return (max(0, (state.shutUntil ?? until).timeIntervalSince(time)), [])
            }
            let wait = asked ?? min(max(state.wait * 2, Self.firstWait), Self.longestWait)
            state.wait = wait
            state.shutUntil = time.addingTimeInterval(wait)
            shared?.shut(until: time.addingTimeInterval(wait))
            return (wait, probe ? Self.endProbe(&state) : [])
        }
        probeEnded(waiting)
        return wait
    }

    /// A call got no answer at all (a timeout, no connection): it says nothing of throttling, so the gate stays as
    /// it was, but a probe's turn passes and the next one waits out the same time again.
    /// - Parameter probe: Whether this call was the probe.
    func unanswered(probe: Bool) {
        guard probe else { return }
        let time = now()
        let waiting = state.withLock { state in
            state.shutUntil = time.addingTimeInterval(max(state.wait, Self.firstWait))
            return Self.endProbe(&state)
        }
        probeEnded(waiting)
    }

    /// Whether a log line about `condition` may be written now (at most one a minute for each): nil when not, else how
    /// many lines about it were held back since its last one.
    /// - Parameter condition: A short name for what is wrong ("key", "throttled", "search no_answer").
    func mayLog(_ condition: String) -> Int? {
        let time = now()
        return state.withLock { state in
            if let last = state.lastLogged[condition], time.timeIntervalSince(last) < 60 {
                state.heldBack[condition, default: 0] += 1
                return nil
            }
            state.lastLogged[condition] = time
            return state.heldBack.removeValue(forKey: condition) ?? 0
        }
    }

    /// Prometheus text for `/metrics`: the standing as two gauges, and the probes sent.
    public func render() -> String {
        let (refused, throttled, probes) = state.withLock { ($0.keyRefused ? 1 : 0, $0.shutUntil == nil ? 0 : 1, $0.probes) }
        return """
            # HELP trakx_ptv_key_refused 1 while PTV refuses this Trakx's developer id or key, else 0.
            # TYPE trakx_ptv_key_refused gauge
            trakx_ptv_key_refused \(refused)
            # HELP trakx_ptv_throttled 1 while Trakx holds back because PTV is throttling it, else 0.
            # TYPE trakx_ptv_throttled gauge
            trakx_ptv_throttled \(throttled)
            # HELP trakx_ptv_throttle_probes_total Single calls sent to see whether PTV still throttles Trakx.
            # TYPE trakx_ptv_throttle_probes_total counter
            trakx_ptv_throttle_probes_total \(probes)

            """
    }
}
