@testable import App
import Foundation
import PTV
import PTVSimulator
import Testing
import TestSupport

/// Issue 54: a through-running train is ridden as far as it goes. A rider who chooses a stop on the trip the train
/// continues as stays on the same train: the ride page, its sentences and a ride alert follow it through the handover,
/// where the line's name changes, instead of refusing the stop.
struct ThroughRideTests {
    /// The recorded Frankston train (run 952454, Frankston to Flinders Street) that continues as a Werribee train
    /// (run 954285) to Laverton (stop 1113), 7 November 2024.
    static func pattern() throws -> PatternResponse { try Recorded.load("metro-pattern-fkn-lav", as: PatternResponse.self) }

    @Test func aStopPastTheHandoverIsRiddenThroughIt() throws {
        let pattern = try Self.pattern()
        let own = Journey(pattern, routeType: .train, asked: "952454")
        #expect(own.index(of: 1113) == nil, "the trip asked for ends at Flinders Street")
        let ridden = Journey.riding(pattern, routeType: .train, asked: "952454", to: 1113)
        #expect(ridden.legs.map(\.runRef) == ["952454", "954285"])
        #expect(ridden.calls.first?.name == "Frankston")
        #expect(ridden.calls.last?.name == "Laverton")
        let handover = try #require(ridden.legs.last?.start)
        #expect(ridden.calls[handover].name == "Flinders Street")
        #expect(Set(ridden.calls.map(\.stopID)).count == ridden.calls.count, "each stop once")
        // A stop on the trip asked for keeps the trip as it was; a stop on neither is still refused by the page.
        #expect(Journey.riding(pattern, routeType: .train, asked: "952454", to: 1071).calls.count == own.calls.count)
        #expect(Journey.riding(pattern, routeType: .train, asked: "952454", to: 99_999).index(of: 99_999) == nil)
    }

    @Test func theRidePageGoesOnPastTheHandoverAndSaysWhereTheLineChanges() throws {
        let pattern = try Self.pattern()
        let now = Recorded.at("2024-11-07T06:30:00Z")
        let journey = Journey.riding(pattern, routeType: .train, asked: "952454", to: 1113)
        let from = try #require(journey.index(of: 1073))
        let to = try #require(journey.index(of: 1113))
        let page = RidePage(journey: journey, from: from, to: to, auto: nil, pattern: Fetched(value: pattern, fetchedAt: now),
                            context: Recorded.context(now))
        let html = RecordedPages.text(RecordedPages.templates.render(page, template: "ride"))
        #expect(html.contains("Laverton, your stop"), "\(html)")
        #expect(html.contains("At Flinders Street, this train continues as the Werribee line to Laverton."), "\(html)")
    }

    @Test func aRideAlertToAStopPastTheHandoverIsWatchedThroughIt() throws {
        let pattern = try Self.pattern()
        let journey = Journey.riding(pattern, routeType: .train, asked: "952454", to: 1113)
        let laverton = try #require(journey.index(of: 1113))
        // Mid-way along the Werribee part, by the timetable, two stops before Laverton.
        let before = try #require(journey.calls[laverton - 1].scheduled)
        let alert = Alert.ride(type: .train, runRef: "952454", from: 1073, to: 1113, subscription: AlertCheckTests.phone,
                               now: before.addingTimeInterval(-3600))
        let step = RideAlertCheck.step(alert, journey: journey, staleSince: nil, now: before.addingTimeInterval(-600))
        #expect(!step.done, "the alert was given up as if the train did not stop at Laverton")
        let own = RideAlertCheck.step(alert, journey: Journey(pattern, routeType: .train, asked: "952454"), staleSince: nil,
                                      now: before.addingTimeInterval(-600))
        #expect(own.done, "on the trip alone, Laverton is not a stop of this run")
    }


    /// On the demo, end to end: a ride to a stop on the trip the simulator's through run continues as is a ride page,
    /// never the 400 "This train does not stop at …".
    @Test func theDemosThroughRunIsRiddenToAStopOnItsNextTrip() async throws {
        try await TestApp.with { test in
            let (example, pattern) = try await test.showcase(\.throughRun, "a through run")
            let own = Set(pattern.departures.filter { $0.runRef == example.runRef }.map(\.stopId))
            let beyond = try #require(pattern.departures.last { $0.runRef == example.otherRunRef && !own.contains($0.stopId) })
            let page = try await test.page("/ride/train/\(example.runRef)?to=\(beyond.stopId)", status: 200).text
            #expect(page.contains("your stop"), "\(page)")
            #expect(page.contains("this train continues as the"), "\(page)")
        }
    }

    /// The recorded Sunbury train (run 990012) that becomes the East Pakenham train (run 967109) at Town Hall, 30 November
    /// 2025, ridden from Footscray to Dandenong whichever of the two runs a board linked: the page, its sentence on the
    /// way and a ride alert each go on past Town Hall.
    @Test(arguments: ["990012", "967109"])
    func theSunburyTrainIsRiddenThroughTownHallToDandenong(asked: String) throws {
        let pattern = try Recorded.load("tdn-C109-live", as: PatternResponse.self)
        let journey = Journey.riding(pattern, routeType: .train, asked: asked, from: 1072, to: 1049)
        let from = try #require(journey.boarding(at: 1072, getOff: 1049))
        let to = try #require(journey.calls.indices.last { journey.calls[$0].stopID == 1049 && $0 > from })
        #expect(journey.legs.map(\.runRef) == ["990012", "967109"])
        // Between Arden and Parkville by the live times, before the handover.
        let now = Recorded.at("2025-11-30T02:13:30Z")
        let page = RidePage(journey: journey, from: from, to: to, auto: nil, pattern: Fetched(value: pattern, fetchedAt: now),
                            context: Recorded.context(now))
        let text = RecordedPages.text(RecordedPages.templates.render(page, template: "ride"))
        #expect(text.contains("Dandenong, your stop"), "\(text)")
        // Where the line's name changes, said from whichever run the board linked.
        #expect(text.contains("At Town Hall, this train continues as the Pakenham line to East Pakenham.")
            || text.contains("Before Town Hall, this train runs from Sunbury as the Sunbury line."), "\(text)")
        #expect(page.head.summary.contains("Your stop, Dandenong, is"), "\(page.head.summary)")
        let alert = Alert.ride(type: .train, runRef: asked, from: 1072, to: 1049, subscription: AlertCheckTests.phone,
                               now: now.addingTimeInterval(-600))
        let step = RideAlertCheck.step(alert, journey: journey, staleSince: nil, now: now)
        #expect(!step.done, "the alert was given up as if the train did not stop at Dandenong")
        let own = RideAlertCheck.step(alert, journey: Journey(pattern, routeType: .train, asked: "990012"), staleSince: nil, now: now)
        #expect(own.done, "on the Sunbury trip alone, Dandenong is not a stop of this run")
    }
}
