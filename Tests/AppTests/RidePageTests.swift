import Foundation
import PTV
import Testing
@testable import App

/// The ride page's states and sources, fed by real recorded patterns with live positions and `at_platform`.
struct RidePageTests {
    /// The Metro Tunnel through-run, live: the position (reported 10:11:13 pm Melbourne time) lies between
    /// Malvern and Anzac.
    func liveTunnelRun() throws -> (Journey, Fetched<PatternResponse>) {
        let pattern = try Recorded.load("tdn-C100-Z601-live", as: PatternResponse.self)
        return (Journey(pattern, routeType: .train), Fetched(value: pattern, fetchedAt: Recorded.at("2025-11-29T23:11:20Z")))
    }

    func page(_ journey: Journey, _ pattern: Fetched<PatternResponse>, from: String?, to: String?, at now: Date) -> RidePage {
        let index = { (name: String?) in name.flatMap { name in journey.calls.firstIndex { $0.name == name } } }
        return RidePage(journey: journey, from: index(from), to: index(to), auto: nil, pattern: pattern, context: Recorded.context(now))
    }

    @Test func freshPositionPlacesTheTrainAndCountsStopsToTheRidersStopOnTheContinuation() throws {
        let (journey, pattern) = try liveTunnelRun()
        let now = Recorded.at("2025-11-29T23:11:30Z")
        let progress = JourneyProgress(journey, now: now)
        let malvern = try #require(journey.calls.firstIndex { $0.name == "Malvern" })
        #expect(progress.place == .between(malvern, malvern + 1))
        #expect(progress.evidence == .position(age: 17))
        let ride = page(journey, pattern, from: "Caulfield", to: "State Library", at: now)
        #expect(ride.head.summary == "Next stop, Anzac. Your stop, State Library, is 3 stops away, due in 7 minutes.")
        #expect(ride.source == "Live position, 17 seconds old.")
        #expect(ride.stops.map(\.name) == ["Anzac", "Town Hall", "State Library"])
        #expect(ride.stops.last?.isYours == true)
        #expect(ride.events.map(\.key) == ["next-\(journey.calls[malvern + 1].stopID)"])
        #expect(ride.orientation?.hasPrefix("The train is heading north") == true)
    }

    @Test func waitingForTheTrainSaysWhereItIsAndHowManyStopsBefore() throws {
        let (journey, pattern) = try liveTunnelRun()
        let ride = page(journey, pattern, from: "Parkville", to: "Footscray", at: Recorded.at("2025-11-29T23:11:30Z"))
        // Anzac, Town Hall, State Library, Parkville: the train is between Malvern and Anzac.
        #expect(ride.head.summary == "Your train is between Malvern and Anzac, 4 stops before Parkville, due in 9 minutes.")
    }

    @Test func getReadyWhenTheRidersStopIsNext() throws {
        let (journey, pattern) = try liveTunnelRun()
        let ride = page(journey, pattern, from: "Caulfield", to: "Anzac", at: Recorded.at("2025-11-29T23:11:30Z"))
        #expect(ride.head.summary == "Get ready, your stop, Anzac, is next, due in 2 minutes.")
        #expect(ride.events.map(\.key) == ["ready-\(journey.index(of: journey.calls.first { $0.name == "Anzac" }!.stopID)!)"])
    }

    @Test func anExpiredPositionIsLostNotUsed() throws {
        let (journey, pattern) = try liveTunnelRun()
        // PTV's expiry for the position is 10:11:48 pm Melbourne time.
        let ride = page(journey, pattern, from: "Caulfield", to: "Parkville", at: Recorded.at("2025-11-29T23:13:00Z"))
        // Where it was last seen is said with its age, never as where it is now (issue 31 item 4).
        #expect(ride.source == "Live position lost at 10\u{202F}11 am, the train was last seen 1 minute ago between Malvern and Anzac. Times are live estimates. Listen for the announcement on board, or ask the driver.")
        #expect(!ride.head.summary.contains(" is at "))
    }

    @Test func atPlatformAtTheRidersStopSaysYouAreThere() throws {
        let pattern = try Recorded.load("tdn-3230-pattern", as: PatternResponse.self)
        let journey = Journey(pattern, routeType: .train)
        let fetched = Fetched(value: pattern, fetchedAt: Recorded.at("2025-06-12T09:10:00Z"))
        let there = page(journey, fetched, from: "Box Hill", to: "Richmond", at: Recorded.at("2025-06-12T09:10:00Z"))
        #expect(there.head.summary == "You are at your stop, Richmond.")
        let before = page(journey, fetched, from: "Box Hill", to: "Flinders Street", at: Recorded.at("2025-06-12T09:10:00Z"))
        #expect(before.head.summary == "Get ready, your stop, Flinders Street, is next, due in 19 minutes.")
        let further = page(journey, fetched, from: "Box Hill", to: "Flagstaff", at: Recorded.at("2025-06-12T09:10:00Z"))
        #expect(further.head.summary == "The train is at Richmond. Next stop, Flinders Street. Your stop, Flagstaff, is 3 stops away, due in 25 minutes.")
        let passed = page(journey, fetched, from: "Box Hill", to: "Camberwell", at: Recorded.at("2025-06-12T09:10:00Z"))
        #expect(passed.head.summary == "You have passed Camberwell. The train is at Richmond.")
        #expect(passed.events.map(\.key) == ["passed-\(journey.calls.firstIndex { $0.name == "Camberwell" }!)"])
    }

    @Test func timetableOnlySaysDueAndAsksToListen() throws {
        var pattern = try Recorded.load("metro-pattern-fkn-lav", as: PatternResponse.self)
        pattern.departures = pattern.departures.map { var d = $0; d.reportedEstimateUTC = nil; return d }
        let journey = Journey(pattern, routeType: .train)
        let now = Recorded.at("2024-11-07T06:30:00Z")
        let ride = page(journey, Fetched(value: pattern, fetchedAt: now), from: "Carrum", to: "Footscray", at: now)
        #expect(ride.head.summary == "Your train is due at Carrum at 5\u{202F}49 pm from platform 1, in 19 minutes.")
        #expect(ride.source == "Timetable only. Listen for the announcement on board, or ask the driver.")
        #expect(!ride.head.summary.contains("now"))
    }

    @Test func liveTimesPTVStopsSendingMidRideAreSaidAsLostOnce() throws {
        let live = try Recorded.load("metro-pattern-fkn-lav", as: PatternResponse.self)
        let now = Recorded.at("2024-11-07T06:30:00Z")
        let index = { (journey: Journey, name: String) in journey.calls.firstIndex { $0.name == name } }
        let first = Journey(live, routeType: .train)
        let before = RidePage(journey: first, from: index(first, "Carrum"), to: index(first, "Footscray"), auto: nil,
                              pattern: Fetched(value: live, fetchedAt: now), context: Recorded.context(now))
        // A live page's refresh says it was live, so the next page can tell estimates lost from a run never tracked.
        #expect(before.refreshURL.hasSuffix("&was=live"))
        var lost = live
        lost.departures = lost.departures.map { var d = $0; d.reportedEstimateUTC = nil; return d }
        let journey = Journey(lost, routeType: .train)
        let later = now.addingTimeInterval(60)
        let after = RidePage(journey: journey, from: index(journey, "Carrum"), to: index(journey, "Footscray"), auto: nil,
                             pattern: Fetched(value: lost, fetchedAt: later), context: Recorded.context(later), wasLive: true)
        #expect(after.source == "Live times lost by 5\u{202F}31 pm, as PTV stopped sending them for this train. Times are from the timetable."
                + " Listen for the announcement on board, or ask the driver.")
        // Said once: that page's own refresh no longer says it was live.
        #expect(!after.refreshURL.contains("was=live"))
        // A saved copy says what it always said (live information lost when it was fetched), not this.
        let saved = RidePage(journey: journey, from: index(journey, "Carrum"), to: index(journey, "Footscray"), auto: nil,
                             pattern: Fetched(value: lost, fetchedAt: now, staleBecause: .timedOut), context: Recorded.context(later),
                             wasLive: true)
        #expect(saved.source.hasPrefix("Live information lost at 5\u{202F}30 pm"))
    }

    @Test func cancelledRunSaysSo() throws {
        let pattern = try Recorded.load("tdn-1202-pattern", as: PatternResponse.self)
        let journey = Journey(pattern, routeType: .train)
        let ride = page(journey, Fetched(value: pattern, fetchedAt: Recorded.at("2025-07-14T19:00:00Z")), from: nil, to: nil,
                        at: Recorded.at("2025-07-14T19:00:00Z"))
        #expect(ride.head.summary == "This train is cancelled.")
        #expect(ride.events.map(\.key) == ["cancelled"])
    }

    @Test func choosingListsOnlyStopsAfterTheBoardingStop() throws {
        let (journey, pattern) = try liveTunnelRun()
        let ride = page(journey, pattern, from: "Anzac", to: nil, at: Recorded.at("2025-11-29T23:11:30Z"))
        #expect(ride.choosing)
        #expect(ride.stops.first?.name == "Town Hall")
        #expect(ride.stops.allSatisfy { $0.chooseURL?.contains("to=") == true })
        #expect(ride.autoChoices.map(\.href).allSatisfy { $0.contains("auto=") })
    }

    @Test func aPositionThatDoesNotFitTheRunsTimesIsNotUsed() throws {
        let (journey, _) = try liveTunnelRun()
        // The same position two hours earlier: a vehicle standing on this line long before this run reaches it.
        let position = try #require(journey.legs.first?.run?.vehiclePosition)
        #expect(JourneyProgress.fit(position, to: journey, now: Recorded.at("2025-11-29T23:11:30Z")) != nil)
        #expect(JourneyProgress.fit(position, to: journey, now: Recorded.at("2025-11-29T21:00:00Z")) == nil)
    }
}
