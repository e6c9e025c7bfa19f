import Foundation
import PTV
import PTVSimulator
import Testing

/// Equal questions are equal cache keys: every departures call asks PTV the one canonical question.
@Suite(.serialized)
struct DeparturesQuestionTests {
    @Test func summaryAndStopPageShareOneUpstreamCall() async throws {
        try await SimulatorHarness.with(seed: 7) { simulator, client in
            let before = simulator.requestCount
            let summary = try await client.fetch(.departures(routeType: 0, stopID: 1071, maxResults: 2))
            let page = try await client.fetch(.departures(routeType: 0, stopID: 1071, maxResults: 3))
            #expect(simulator.requestCount == before + 1)
            #expect(summary.fetchedAt == page.fetchedAt)

            func perDirection(_ response: DeparturesResponse) -> [String: Int] {
                response.departures.reduce(into: [:]) { $0["\($1.routeId)/\($1.directionId)", default: 0] += 1 }
            }
            let trimmed = perDirection(summary.value), whole = perDirection(page.value)
            #expect(!trimmed.isEmpty)
            #expect(trimmed.values.allSatisfy { $0 <= 2 })
            #expect(whole.values.contains(3))
            #expect(Set(trimmed.keys) == Set(whole.keys))
            // The trimmed answer is the first two of each route and direction of the whole one.
            for (key, count) in trimmed {
                let first = page.value.departures.filter { "\($0.routeId)/\($0.directionId)" == key }.prefix(count)
                let kept = summary.value.departures.filter { "\($0.routeId)/\($0.directionId)" == key }
                #expect(Array(first) == kept)
            }
        }
    }

    @Test func requestIsTheSameForEveryCallerUpToTheCanonicalCount() {
        let two = PTVQuery<DeparturesResponse>.departures(routeType: 0, stopID: 1071, maxResults: 2).request
        let three = PTVQuery<DeparturesResponse>.departures(routeType: 0, stopID: 1071, maxResults: 3).request
        let ten = PTVQuery<DeparturesResponse>.departures(routeType: 0, stopID: 1071, maxResults: 10).request
        #expect(two.cacheKey == three.cacheKey)
        #expect(ten.cacheKey != three.cacheKey)
        #expect(three.pathAndQuery.contains("max_results=\(PTVQuery<DeparturesResponse>.perDirection)"))
    }
}
