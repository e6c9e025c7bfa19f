import Foundation
import PTV
import Testing
@testable import App

/// A through-run's pages are headed by the run that was asked for, not always by its first part.
struct AskedRunTests {
    @Test(arguments: [("952454", "Frankston line to Flinders Street"), ("954285", "Werribee line to Laverton")])
    func aRunPageIsHeadedByTheRunAskedFor(_ ref: String, _ heading: String) throws {
        let pattern = try Recorded.load("metro-pattern-fkn-lav", as: PatternResponse.self)
        let journey = Journey(pattern, routeType: .train, asked: ref)
        let now = Recorded.at("2024-11-07T06:30:00Z")
        let fetched = Fetched(value: pattern, fetchedAt: now)
        let run = RunPage(journey: journey, fromStop: nil, pattern: fetched, context: Recorded.context(now))
        let ride = RidePage(journey: journey, from: nil, to: nil, auto: nil, pattern: fetched, context: Recorded.context(now))
        #expect(run.head.heading == heading)
        #expect(ride.head.heading == heading)
        #expect(run.head.chrome.title.text.hasPrefix(heading))
    }
}
