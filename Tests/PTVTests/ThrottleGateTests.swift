import Foundation
import HTTPServer
import PTV
import Synchronization
import Testing
import TestSupport

/// PTV's "Throttling limit reached" holds Trakx back for every endpoint at once, for as long as PTV's `Retry-After`
/// asks, and then lets one probe through; a refused key is remembered for the operator.
struct ThrottleGateTests {
    /// PTV's throttling answer.
    static let throttled = #"{"message":"Forbidden (403): Throttling limit reached for this service.","status":{"version":"3.0","health":1}}"#
    /// An empty search answer.
    static let searchBody = #"{"stops":[],"routes":[],"outlets":[],"status":{"version":"3.0","health":1}}"#

    /// A fake PTV that throttles (with `Retry-After: retryAfter` when given) while `throttling` is set, and
    /// counts the calls that reach it.
    final class Throttler: Sendable {
        /// Whether PTV throttles now.
        let throttling = Atomic<Bool>(true)
        /// Calls that reached PTV.
        let calls = Atomic<Int>(0)
        /// The `Retry-After` sent with each throttling answer, if any.
        let retryAfter: String?

        /// A throttling fake PTV.
        init(retryAfter: String?) { self.retryAfter = retryAfter }

        /// The fake server answering as this PTV.
        var fake: FakePTV {
            FakePTV { [self] target in
                calls.add(1, ordering: .relaxed)
                if throttling.load(ordering: .relaxed) {
                    var response = Response.json(ThrottleGateTests.throttled, status: 403)
                    if let retryAfter { response.headers.append(("Retry-After", retryAfter)) }
                    return response
                }
                return Response.json(target.hasPrefix("/v3/search") ? ThrottleGateTests.searchBody : routeTypesBody)
            }
        }

        /// Calls that reached PTV so far.
        var count: Int { calls.load(ordering: .relaxed) }
    }

    @Test func throttlingHoldsBackEveryEndpointUntilRetryAfterThenSendsOneProbe() async throws {
        let clock = TestClock()
        let ptv = Throttler(retryAfter: "120")
        try await ptv.fake.with(now: { clock.now }) { client, _ in
            await #expect(throws: PTVError(.throttled, status: 403)) { try await client.fetch(.routeTypes()) }
            #expect(ptv.count == 1)
            guard case .throttled(let until) = client.gate.standing else {
                Issue.record("not throttled: \(client.gate.standing)")
                return
            }
            #expect(until == clock.now.addingTimeInterval(120), "PTV's Retry-After is the wait")

            // Every endpoint waits, not just the one PTV throttled, and nothing reaches PTV.
            await #expect(throws: PTVError(.throttled)) { try await client.fetch(.search("Flinders")) }
            await #expect(throws: PTVError(.throttled)) { try await client.fetch(.disruptions()) }
            clock.advance(119)
            await #expect(throws: PTVError(.throttled)) { try await client.fetch(.search("Richmond")) }
            #expect(ptv.count == 1, "asked PTV while it asked Trakx to wait")

            // Once the wait is over one call goes as a probe; PTV still throttles, so the gate shuts again.
            clock.advance(2)
            await #expect(throws: PTVError(.throttled, status: 403)) { try await client.fetch(.search("Parliament")) }
            #expect(ptv.count == 2)
            await #expect(throws: PTVError(.throttled)) { try await client.fetch(.search("Southern Cross")) }
            #expect(ptv.count == 2)

            // PTV answers the next probe: everyone may ask again.
            ptv.throttling.store(false, ordering: .relaxed)
            clock.advance(121)
            _ = try await client.fetch(.search("Box Hill"))
            #expect(client.gate.standing == .asking)
            _ = try await client.fetch(.routeTypes())
            #expect(ptv.count == 4)
            #expect(client.gate.render().contains("trakx_ptv_throttle_probes_total 2"))
        }
    }

    /// While the probe is out, no other call reaches PTV, and none fails for it either: each waits for the probe's
    /// answer, then goes (a page asking two things side by side as the wait ends gets both). (Fails when a call goes
    /// beside the probe, or fails as throttled while the gate is about to open.)
    @Test func whileTheProbeIsOutOtherCallsWaitForItsAnswer() async throws {
        let clock = TestClock()
        let release = Atomic<Bool>(false)
        let calls = Atomic<Int>(0)
        let fake = FakePTV { _ in
            let call = calls.add(1, ordering: .relaxed).newValue
            if call == 1 { return Response.json(Self.throttled, status: 403) }
            guard call == 2 else { return Response.json(Self.searchBody) }
            // Held until the test releases it; past the bound (within the client's 15 s), an error the probe's fetch fails on.
            let released: Void? = try? await waitUntil("the test to release the probe's answer", within: .seconds(10)) {
                release.load(ordering: .relaxed)
            }
            guard released != nil else { return Response.json("{}", status: 500) }
            return Response.json(Self.searchBody)
        }
        try await fake.with(now: { clock.now }) { client, _ in
            await #expect(throws: PTVError.self) { try await client.fetch(.search("a")) }
            clock.advance(11)  // past the first wait (10 s without Retry-After)
            let probe = Task { try await client.fetch(.search("probe")) }
            try await waitUntil("the probe to reach PTV") { calls.load(ordering: .relaxed) >= 2 }
            let ended = Ended()
            let others = ["b", "c", "d"].map { term in
                Task {
                    defer { ended.count.add(1, ordering: .relaxed) }
                    return try await client.fetch(.search(term))
                }
            }
            try await Task.sleep(for: .milliseconds(300))
            #expect(calls.load(ordering: .relaxed) == 2, "a second call went while the probe was out")
            #expect(ended.count.load(ordering: .relaxed) == 0, "a call ended before the probe's answer")
            release.store(true, ordering: .relaxed)
            _ = try await probe.value
            for other in others { _ = try await other.value }
            #expect(calls.load(ordering: .relaxed) == 5)
            #expect(client.gate.render().contains("trakx_ptv_throttle_probes_total 1\n"))
        }
    }

    /// Calls that have ended, counted from their tasks.
    final class Ended: Sendable {
        let count = Atomic<Int>(0)
    }

    /// A probe PTV still throttles shuts the gate again, and the calls that waited for it fail as throttled without
    /// reaching PTV.
    @Test func callsThatWaitedForAThrottledProbeFailWithoutAsking() async throws {
        let clock = TestClock()
        let release = Atomic<Bool>(false)
        let calls = Atomic<Int>(0)
        let fake = FakePTV { _ in
            if calls.add(1, ordering: .relaxed).newValue == 2 {
                _ = try? await waitUntil("the test to release the probe's answer", within: .seconds(10)) { release.load(ordering: .relaxed) }
            }
            return Response.json(Self.throttled, status: 403)
        }
        try await fake.with(now: { clock.now }) { client, _ in
            await #expect(throws: PTVError.self) { try await client.fetch(.search("a")) }
            clock.advance(11)
            let probe = Task { try await client.fetch(.search("probe")) }
            try await waitUntil("the probe to reach PTV") { calls.load(ordering: .relaxed) >= 2 }
            let other = Task { try await client.fetch(.search("b")) }
            try await Task.sleep(for: .milliseconds(200))
            release.store(true, ordering: .relaxed)
            await #expect(throws: PTVError(.throttled, status: 403)) { try await probe.value }
            await #expect(throws: PTVError(.throttled)) { try await other.value }
            #expect(calls.load(ordering: .relaxed) == 2)
        }
    }

    @Test func anAnswerToACallSentBeforeTheThrottlingDoesNotOpenTheGate() async throws {
        let clock = TestClock()
        let release = Atomic<Bool>(false)
        let fake = FakePTV { target in
            guard target.hasPrefix("/v3/search") else { return Response.json(Self.throttled, status: 403) }
            // Held until the test releases it; past the bound (within the client's 15 s), an error the early fetch fails on.
            let released: Void? = try? await waitUntil("the test to release the early answer", within: .seconds(10)) {
                release.load(ordering: .relaxed)
            }
            guard released != nil else { return Response.json("{}", status: 500) }
            return Response.json(Self.searchBody)
        }
        try await fake.with(now: { clock.now }) { client, fake in
            let early = Task { try await client.fetch(.search("sent before")) }
            try await waitUntil("the early call to reach PTV") { !fake.targets.withLock { $0.isEmpty } }
            await #expect(throws: PTVError(.throttled, status: 403)) { try await client.fetch(.routeTypes()) }
            release.store(true, ordering: .relaxed)
            _ = try await early.value
            guard case .throttled = client.gate.standing else {
                Issue.record("an answer to a call sent before the throttling opened the gate")
                return
            }
            await #expect(throws: PTVError(.throttled)) { try await client.fetch(.search("after")) }
            #expect(fake.targets.withLock { $0.count } == 2)
        }
    }

    @Test func withoutRetryAfterTheWaitDoublesEachTimePTVStillThrottles() async throws {
        let clock = TestClock()
        let ptv = Throttler(retryAfter: nil)
        try await ptv.fake.with(now: { clock.now }) { client, _ in
            var waits: [Double] = []
            for _ in 0 ..< 4 {
                _ = try? await client.fetch(.routeTypes())
                guard case .throttled(let until) = client.gate.standing else {
                    Issue.record("not throttled")
                    return
                }
                let wait = until.timeIntervalSince(clock.now)
                waits.append(wait)
                clock.advance(wait)
            }
            #expect(waits == [10, 20, 40, 80])
            #expect(ptv.count == 4)
        }
    }
}
