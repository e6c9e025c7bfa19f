import Foundation
import Synchronization

/// How many PTV calls each visitor may cause in a minute of the clock, so one visitor cannot spend the shared PTV key for
/// everyone. Only calls that really reach PTV count: each question a request asks carries the request's `Allowance`,
/// which the cache charges when it starts a fetch; cache hits and joined fetches are free.
public final class UpstreamBudget: Sendable {
    /// Refused: the visitor has spent this minute's calls; new pages may be asked for again at `until`.
    public struct Exhausted: Error, Sendable, Equatable {
        /// When the call was refused.
        public let at: Date
        /// When the visitor's minute is over.
        public let until: Date

        /// Creates a refusal.
        /// - Parameters:
        ///   - at: When the call was refused.
        ///   - until: When the visitor's minute is over.
        public init(at: Date, until: Date) {
            self.at = at
            self.until = until
        }
    }

    /// One request's right to start PTV calls, on its visitor's account. The first call it starts decides, for
    /// the whole request, whether there is room (so a page is either fetched or refused, never half of each).
    public final class Allowance: Sendable {
        private let budget: UpstreamBudget
        private let visitor: String
        /// The request's first charge, which decides for the whole request (later calls wait for it).
        private let decision = Mutex<Task<Exhausted?, Never>?>(nil)
        private let decided = Mutex<Exhausted?>(nil)

        init(budget: UpstreamBudget, visitor: String) {
            self.budget = budget
            self.visitor = visitor
        }

        /// Charges one PTV call; returns the refusal when the visitor has no room left this minute.
        func spend() async -> Exhausted? {
            let (first, opening) = decision.withLock { decision -> (Task<Exhausted?, Never>, Bool) in
                if let first = decision { return (first, false) }
                let first = Task { [budget, visitor] in await budget.charge(visitor, opening: true) }
                decision = first
                return (first, true)
            }
            let refusal = await first.value
            if opening {
                decided.withLock { $0 = refusal }
                return refusal
            }
            if let refusal { return refusal }
            _ = await budget.charge(visitor, opening: false)
            return nil
        }

        /// The refusal, when this request was refused.
        public var refusal: Exhausted? { decided.withLock { $0 } }
    }

    private struct Window: Sendable {
        var start: Date
        var calls: Int
    }

    /// Most PTV calls one visitor may cause in a minute (0: no limit).
    public let callsPerMinute: Int
    private let now: @Sendable () -> Date
    /// Each visitor's current minute, and the minute the table was last pruned in (once a minute at most).
    private let windows = Mutex<(byVisitor: [String: Window], prunedIn: Date?)>(([:], nil))
    private let refused = Atomic<Int>(0)
    private let shared: (any SharedCounter)?

    /// Creates a budget.
    /// - Parameters:
    ///   - callsPerMinute: Most PTV calls one visitor may cause in a minute; 0 turns the budget off.
    ///   - now: The clock.
    ///   - shared: The fleet's count, so one visitor has one budget whichever instance answers (nil: this instance's).
    public init(callsPerMinute: Int, now: @escaping @Sendable () -> Date = Date.init, shared: (any SharedCounter)? = nil) {
        self.callsPerMinute = callsPerMinute
        self.now = now
        self.shared = shared
    }

    /// A fresh allowance for one request from `visitor`.
    /// - Parameter visitor: The client's address (as resolved through trusted proxies).
    public func allowance(for visitor: String) -> Allowance {
        Allowance(budget: self, visitor: visitor)
    }

    /// Requests refused so far.
    public var refusals: Int { refused.load(ordering: .relaxed) }

    /// Counts one call in the visitor's minute. The request's first call (`opening`) is refused when the minute is
    /// full; later calls of an admitted request are counted but never refused.
    /// With the fleet's count, the fleet's minute decides (this instance's is kept too, for when the fleet's store
    /// cannot be reached).
    private func charge(_ visitor: String, opening: Bool) async -> Exhausted? {
        guard callsPerMinute > 0 else { return nil }
        // Minutes on the clock (9:40:00 to 9:41:00), so a refusal can say "try again at 9:41 am" exactly.
        let time = now()
        let minute = Date(timeIntervalSinceReferenceDate: (time.timeIntervalSinceReferenceDate / 60).rounded(.down) * 60)
        if let shared, let calls = await shared.increment("budget:\(visitor):\(Int(minute.timeIntervalSince1970))", keptFor: 120) {
            _ = chargeHere(visitor, opening: false, time: time, minute: minute)
            guard opening, calls > callsPerMinute else { return nil }
            refused.add(1, ordering: .relaxed)
            return Exhausted(at: time, until: minute.addingTimeInterval(60))
        }
        return chargeHere(visitor, opening: opening, time: time, minute: minute)
    }

    /// Counts one call in this instance's table of minutes.
    private func chargeHere(_ visitor: String, opening: Bool, time: Date, minute: Date) -> Exhausted? {
        let refusal: Exhausted? = windows.withLock { table in
            // A full table keeps only this minute's windows; pruned once a minute, since a pruned table holds no other.
            if table.byVisitor.count > 10_000, table.prunedIn != minute {
                table.byVisitor = table.byVisitor.filter { $0.value.start == minute }
                table.prunedIn = minute
            }
            var window = table.byVisitor[visitor] ?? Window(start: minute, calls: 0)
            if window.start != minute { window = Window(start: minute, calls: 0) }
            if opening, window.calls >= callsPerMinute { return Exhausted(at: time, until: window.start.addingTimeInterval(60)) }
            window.calls += 1
            table.byVisitor[visitor] = window
            return nil
        }
        if refusal != nil, opening { refused.add(1, ordering: .relaxed) }
        return refusal
    }

    /// Prometheus text for `/metrics`.
    public func render() -> String {
        "# HELP trakx_visitor_budget_refusals_total Pages refused because their visitor had spent a minute's PTV calls.\n"
            + "# TYPE trakx_visitor_budget_refusals_total counter\n"
            + "trakx_visitor_budget_refusals_total \(refusals)\n"
    }
}
