import Foundation
import PTV
import Synchronization
import Testing
import TestSupport

/// Counts calls.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func increment() -> Int { value.add(1, ordering: .relaxed).newValue }
    var count: Int { value.load(ordering: .relaxed) }
}

struct CacheTests {
    let departures = PTVRequest(.departures, ["departures", "route_type", "0", "stop", "1071"], query: [("max_results", "3")])

    @Test func freshValueIsServedWithoutFetching() async throws {
        let clock = TestClock()
        let cache = ResponseCache(metrics: PTVMetrics(), now: { clock.now })
        let calls = Counter()
        let first = try await cache.value(for: departures) { calls.increment() }
        clock.advance(29)
        let second = try await cache.value(for: departures) { calls.increment() }
        #expect(first.value == 1)
        #expect(second.value == 1)
        #expect(calls.count == 1)
        clock.advance(2)
        let third = try await cache.value(for: departures) { calls.increment() }
        #expect(third.value == 2)
    }

    @Test func freshnessDependsOnEndpoint() {
        #expect(PTVRequest.Endpoint.departures.freshness == 30)
        #expect(PTVRequest.Endpoint.disruptions.freshness == 120)
        #expect(PTVRequest.Endpoint.stop.freshness == 86_400)
        #expect(PTVRequest.Endpoint.routeTypes.freshness == 604_800)
    }

    @Test func staleValueIsServedWhenUpstreamFailsWithItsFetchTime() async throws {
        let clock = TestClock()
        let metrics = PTVMetrics()
        let cache = ResponseCache(metrics: metrics, now: { clock.now })
        let fetchedAt = clock.now
        _ = try await cache.value(for: departures) { "fresh" }
        clock.advance(300)
        let stale = try await cache.value(for: departures) { () async throws -> String in throw PTVError(.unreachable) }
        #expect(stale.value == "fresh")
        #expect(stale.isStale)
        #expect(stale.fetchedAt == fetchedAt)
        #expect(metrics.render().contains("trakx_ptv_cache_stale_serves_total{endpoint=\"departures\"} 1"))
    }

    @Test func notFoundIsNotHiddenByStaleData() async throws {
        let clock = TestClock()
        let cache = ResponseCache(metrics: PTVMetrics(), now: { clock.now })
        _ = try await cache.value(for: departures) { "fresh" }
        clock.advance(300)
        await #expect(throws: PTVError(.notFound)) {
            try await cache.value(for: departures) { () async throws -> String in throw PTVError(.notFound) }
        }
    }

    @Test func errorWithoutCacheIsThrown() async {
        let cache = ResponseCache(metrics: PTVMetrics())
        await #expect(throws: PTVError(.timedOut)) {
            try await cache.value(for: departures) { () async throws -> String in throw PTVError(.timedOut) }
        }
    }

    @Test func hundredConcurrentCallersMakeOneUpstreamCall() async throws {
        let cache = ResponseCache(metrics: PTVMetrics())
        let calls = Counter()
        let request = departures
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0 ..< 100 {
                group.addTask {
                    try await cache.value(for: request) {
                        try await Task.sleep(for: .milliseconds(200))
                        return calls.increment()
                    }.value
                }
            }
            var all: [Int] = []
            for try await value in group { all.append(value) }
            return all
        }
        #expect(calls.count == 1)
        #expect(values.count == 100)
        #expect(Set(values) == [1])
    }

    @Test func leastRecentlyUsedEntriesAreEvictedAtTheBound() async throws {
        let cache = ResponseCache(capacity: 50, metrics: PTVMetrics())
        let keep = PTVRequest(.stop, ["stops", "1"])
        _ = try await cache.value(for: keep) { "keep" }
        for index in 2 ... 200 {
            _ = try await cache.value(for: PTVRequest(.stop, ["stops", String(index)])) { "value \(index)" }
            _ = try await cache.value(for: keep) { "refetched" }
        }
        #expect(cache.count <= 50)
        let kept = try await cache.value(for: keep) { "refetched" }
        #expect(kept.value == "keep")
        let calls = Counter()
        _ = try await cache.value(for: PTVRequest(.stop, ["stops", "2"])) { calls.increment() }
        #expect(calls.count == 1)
    }
}
