import Foundation
import PTV
import Testing
@testable import App

/// Glitches seen in real patterns: a repeated row, a sequence number out of range, live estimates that run
/// backwards down the journey.
struct PatternGlitchTests {
    @Test func aRepeatedRowIsReadAsOneStop() throws {
        var pattern = try Recorded.load("metro-pattern-pkm", as: PatternResponse.self)
        // PTV sent the same rows twice: every stop once on the page, not "56 stops".
        pattern.departures += pattern.departures
        let journey = Journey(pattern, routeType: .train)
        #expect(journey.calls.count == 28)
        let now = Recorded.at("2024-06-27T07:30:00Z")
        let page = RunPage(journey: journey, fromStop: nil, pattern: Fetched(value: pattern, fetchedAt: now), context: Recorded.context(now))
        #expect(page.stops.count == 28)
        #expect(page.head.summary.hasPrefix("28 stops, from East Pakenham"))
    }

    /// Issue 54: the run from its first stop and the run as a whole count the same stops, and each count is the list
    /// shown below it ("23 stops from East Pakenham" was said beside the run's "24 stops"). (Fails when either summary
    /// leaves out the rider's stop or the last one.)
    @Test func everyCountOfARunsStopsIsTheListItSits() throws {
        let pattern = try Recorded.load("metro-pattern-pkm", as: PatternResponse.self)
        let journey = Journey(pattern, routeType: .train)
        let now = Recorded.at("2024-06-27T07:30:00Z")
        func page(from stop: Int?) -> RunPage {
            RunPage(journey: journey, fromStop: stop, pattern: Fetched(value: pattern, fetchedAt: now), context: Recorded.context(now))
        }
        func count(_ summary: String) -> Int? { Int(summary.prefix { $0.isNumber }) }
        let whole = page(from: nil)
        #expect(count(whole.head.summary) == whole.stops.count)
        for index in [0, journey.calls.count / 2, journey.calls.count - 2] {
            let view = page(from: journey.calls[index].stopID)
            #expect(count(view.head.summary) == view.stops.count, "\(view.head.summary)")
            #expect(view.stops.count == journey.calls.count - index)
        }
        #expect(count(page(from: journey.calls[0].stopID).head.summary) == count(whole.head.summary))
    }

    @Test func aSequenceNumberOutOfRangeFollowsTheTimes() throws {
        // Southern Cross is numbered 1482 between North Melbourne (15) and Flinders Street (17).
        let journey = try Recorded.journey("metro-pattern-rce")
        #expect(journey.calls.map(\.name) == ["Flemington Racecourse", "North Melbourne", "Southern Cross", "Flinders Street"])
        let times = journey.calls.compactMap(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func liveEstimatesThatRunBackwardsAreSaidToBeDoubtful() throws {
        let pattern = try Recorded.load("metro-bad-pattern", as: PatternResponse.self)
        let journey = Journey(pattern, routeType: .train)
        let now = Recorded.at("2025-01-12T11:40:00Z")
        let page = RunPage(journey: journey, fromStop: nil, pattern: Fetched(value: pattern, fetchedAt: now), context: Recorded.context(now))
        // North Richmond, Collingwood and Victoria Park carry estimates 19 minutes late; Clifton Hill's timetable and
        // Merri's estimate say the train is on time after them.
        let doubtful = page.stops.filter { ($0.status ?? "").contains("doubtful") }.map(\.name)
        #expect(doubtful == ["North Richmond", "Collingwood", "Victoria Park"])
        let victoriaPark = try #require(page.stops.first { $0.name == "Victoria Park" })
        #expect(victoriaPark.time == "10\u{202F}50 pm")
        #expect(victoriaPark.status == "timetable, PTV's live estimate, 11\u{202F}09 pm, is doubtful, as it is out of order with the stops around it")
        // Down the page, no time is earlier than the one before it.
        let times = journey.calls.compactMap(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 >= $0.addingTimeInterval(-60) })
        // The ride page says the same of its stops.
        let ride = RidePage(journey: journey, from: 0, to: nil, auto: nil, pattern: Fetched(value: pattern, fetchedAt: now),
                            context: Recorded.context(now))
        #expect(ride.stops.first { $0.name == "Victoria Park" }?.when.contains("is doubtful") == true)
    }
}
