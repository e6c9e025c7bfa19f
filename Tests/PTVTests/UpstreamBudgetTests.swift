import Foundation
import PTV
import Testing
import TestSupport

/// The cache charges a visitor only for fetches it really starts, and keeps PTV's "not found".
struct UpstreamBudgetTests {
    static func stop(_ id: Int) -> PTVRequest { PTVRequest(.stop, ["stops", String(id), "route_type", "2"]) }
    static func run(_ ref: String) -> PTVRequest { PTVRequest(.pattern, ["pattern", "run", ref, "route_type", "0"]) }

    @Test func onlyFetchesThatReachPTVAreCharged() async throws {
        let clock = TestClock()
        let cache = ResponseCache(metrics: PTVMetrics(), now: { clock.now })
        let budget = UpstreamBudget(callsPerMinute: 2, now: { clock.now })
        let visitor = { budget.allowance(for: "10.0.0.1") }
        _ = try await cache.value(for: Self.stop(1), allowance: visitor()) { 1 }
        // Hits are free, however many.
        for _ in 0 ..< 5 {
            _ = try await cache.value(for: Self.stop(1), allowance: visitor()) { 1 }
        }
        _ = try await cache.value(for: Self.stop(2), allowance: visitor()) { 2 }
        await #expect(throws: UpstreamBudget.Exhausted(at: clock.now, until: clock.now.addingTimeInterval(60))) {
            try await cache.value(for: Self.stop(3), allowance: visitor()) { 3 }
        }
        // Another visitor has a budget of its own; after the minute, so does this one again.
        _ = try await cache.value(for: Self.stop(3), allowance: budget.allowance(for: "10.0.0.2")) { 3 }
        clock.advance(60)
        _ = try await cache.value(for: Self.stop(4), allowance: visitor()) { 4 }
        #expect(budget.refusals == 1)
        #expect(budget.render().contains("trakx_visitor_budget_refusals_total 1"))
    }

    @Test func notFoundIsKeptAnHourForStopsAndMinutesForRunsButFailuresNever() async throws {
        let clock = TestClock()
        let cache = ResponseCache(metrics: PTVMetrics(), now: { clock.now })
        let calls = Counter()
        let missing: @Sendable () async throws -> Int = {
            _ = calls.increment()
            throw PTVError(.notFound, status: 404)
        }
        for _ in 0 ..< 3 {
            await #expect(throws: PTVError(.notFound, status: 404)) { try await cache.value(for: Self.stop(9), fetch: missing) }
        }
        #expect(calls.count == 1)
        clock.advance(3599)
        await #expect(throws: PTVError(.notFound, status: 404)) { try await cache.value(for: Self.stop(9), fetch: missing) }
        #expect(calls.count == 1)
        clock.advance(2)
        await #expect(throws: PTVError(.notFound, status: 404)) { try await cache.value(for: Self.stop(9), fetch: missing) }
        #expect(calls.count == 2)

        await #expect(throws: PTVError(.notFound, status: 404)) { try await cache.value(for: Self.run("9-X"), fetch: missing) }
        clock.advance(301)
        await #expect(throws: PTVError(.notFound, status: 404)) { try await cache.value(for: Self.run("9-X"), fetch: missing) }
        #expect(calls.count == 4)

        // A failure is never kept as "not found": the next ask goes to PTV.
        for kind in [PTVError.Kind.badStatus, .timedOut, .malformedBody, .unreachable] {
            let failing: @Sendable () async throws -> Int = {
                _ = calls.increment()
                throw PTVError(kind)
            }
            await #expect(throws: PTVError(kind)) { try await cache.value(for: Self.stop(5), fetch: failing) }
        }
        #expect(calls.count == 8)
    }
}
