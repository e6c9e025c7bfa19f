import App
import Foundation
import PTVSimulator
import Testing
import TestSupport

/// Issue 54: a page's whole wait for PTV is bounded. With PTV hanging on every question (the client's own timeout the
/// ordinary 15 seconds), every page type says what failed within `AppConfiguration.pageWait` (5 s), also those that meet one hanging
/// answer after another (a place searched, then the stops near it; a stop's details, then its routes' ways).
/// Timed: runs in the Makefile's waiting group.
struct PageWaitTests {
    /// One page of each type, and those that ask in sequence.
    static let pages = [
        "/stops/train/1071", "/stops/bus/10639", "/runs/train/1-FSS-1", "/ride/train/1-FSS-1?from=1071", "/nearby?lat=-37.8843&lon=144.9982&mode=bus",
        "/nearby?place=Elsternwick", "/search?q=Richmond", "/lines/train/6", "/disruptions", "/walk/bus/10639?place=Elsternwick",
        "/arrived/train/1071",
    ]

    @Test(.timeLimit(.minutes(2)))
    func withPTVHangingOnEveryQuestionNoPageWaitsMoreThanFiveSeconds() async throws {
        try await TestApp.with(configure: { $0.upstreamTimeout = 15; TestApp.inService(&$0) }) { app in
            let simulator = try #require(app.simulator)
            simulator.faults.set(.hang, forPathPrefix: "/v3/")
            let answers = try await withThrowingTaskGroup(of: (String, RawResponse, Double).self) { group in
                for page in Self.pages {
                    group.addTask {
                        let (response, ms) = try await milliseconds { try await app.get(page) }
                        return (page, response, ms)
                    }
                }
                return try await group.reduce(into: [(String, RawResponse, Double)]()) { $0.append($1) }
            }
            for (page, response, ms) in answers {
                #expect(ms < 6_500, "\(page) took \(Int(ms)) ms")
                #expect(response.status != 500 && response.status != 0, "\(page): \(response.status)")
                #expect(response.text.contains("did not answer in time") || response.text.contains("could not be"),
                        "\(page) does not say what failed: \(response.status) \(response.text.prefix(400))")
            }
            simulator.faults.clear()
        }
    }
}
