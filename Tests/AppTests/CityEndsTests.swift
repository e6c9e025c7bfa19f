@testable import App
import Foundation
import HTTPServer
import PTV
import Testing

/// Issue 54, item 3, "Trains in the city": read against the peer's test suite (GitHub TransportVic/ptv-api,
/// test/metro-stopping-pattern.test.mjs, metro-through-running.test.mjs and metro-departures.test.mjs) on the same
/// recorded answers, a trip starts and ends in the city where the train's own displays say, a through-run hands over
/// where the peer says, a board row at the city end is the trip the rider boards, and the City Circle train is named.
struct CityEndsTests {
    /// A recorded pattern answered at `time`.
    func recorded(_ name: String, at time: String) throws -> RecordedSource {
        RecordedSource(patterns: ["": try Recorded.load(name, as: PatternResponse.self)], now: Recorded.at(time))
    }

    /// The run page's text for run `ref` of a recording, opened at `stop`.
    func run(_ name: String, _ ref: String, from stop: Int? = nil, at time: String) async throws -> String {
        try await RecordedPages.run(try recorded(name, at: time), ref: ref, from: stop).get()
    }

    /// A board at `stop` from a recorded pattern's own rows there, as a departures answer lists them.
    func board(_ name: String, stop: Int, at time: String) throws -> DepartureBoard {
        let pattern = try Recorded.load(name, as: PatternResponse.self)
        let answer = DeparturesResponse(DeparturesBody(departures: pattern.departures.filter { $0.stopId == stop }, stops: pattern.stops,
                                                       routes: pattern.routes, runs: pattern.runs, directions: pattern.directions))
        return DepartureBoard(answer, routeType: .train, stopID: stop, words: TimeWords(now: Recorded.at(time)))
    }

    @Test func aTripAwayFromTheCityStartsAtFlindersStreetNotInTheLoopBeforeIt() async throws {
        // Peer: "Should trim away the city loop stops of the formed by trip": C425 starts at Flinders Street, its
        // Parliament to Southern Cross stops are the trip before. PTV lists the run from Parliament.
        let text = try await run("metro-pattern-cbe", "967425", at: "2024-06-30T01:50:00Z")
        #expect(text.contains("Cranbourne line to Cranbourne 20 stops, from Flinders Street to Cranbourne."), "\(text)")
        #expect(text.contains("Before Flinders Street, this train runs from Parliament via the City Loop."), "\(text)")
        // The same run ridden from Parliament: the train there shows Flinders Street, then becomes the Cranbourne train.
        let parliament = try await run("metro-pattern-cbe", "967425", from: 1155, at: "2024-06-30T01:50:00Z")
        #expect(parliament.hasPrefix("Cranbourne line to Flinders Street"), "\(parliament)")
        #expect(parliament.contains("24 stops from Parliament to Cranbourne"), "\(parliament)")
        #expect(parliament.contains("At Flinders Street it continues as the Cranbourne line to Cranbourne."), "\(parliament)")
    }

    @Test func aTripTowardsTheCityEndsAtFlindersStreetNotRoundTheLoopAfterIt() async throws {
        // Peer: "Should trim away the city loop stops of the forming trip" (Hurstbridge) and "Should not apply delay
        // correction to FSS on Up trips" (Lilydale, 3230): both trips end at Flinders Street.
        let hurstbridge = try await run("metro-pattern-hbe", "949234", at: "2024-06-30T00:30:00Z")
        #expect(hurstbridge.hasPrefix("Hurstbridge line to Flinders Street This service is cancelled."), "\(hurstbridge)")
        #expect(hurstbridge.contains("At Flinders Street, this train continues via the City Loop to Parliament."), "\(hurstbridge)")
        #expect(hurstbridge.components(separatedBy: ", cancelled").count - 1 == 24, "Hurstbridge to Flinders Street: \(hurstbridge)")
        #expect(!hurstbridge.contains("Melbourne Central"), "\(hurstbridge)")
        let lilydale = try await run("tdn-3230-pattern", "951230", at: "2025-06-12T08:00:00Z")
        #expect(lilydale.contains("19 stops, from Lilydale to Flinders Street."), "\(lilydale)")
        // A rider boarding in the loop after Flinders Street is on the train round the loop.
        let flagstaff = try await run("tdn-3230-pattern", "951230", from: 1068, at: "2025-06-12T08:00:00Z")
        #expect(flagstaff.hasPrefix("Lilydale line to Parliament"), "\(flagstaff)")
        // Peer: "Does not break a half city circle PAR-FSS service": Parliament, then Flinders Street.
        let half = try await run("parliament-only", "948806", at: "2025-07-17T01:00:00Z")
        #expect(half.contains("Mernda line to Flinders Street 2 stops, from Parliament to Flinders Street."), "\(half)")
    }

    @Test(arguments: [
        // Peer: "Should remove duplicated Flinders Street and Southern Cross stops on Cross City trips" (and the one
        // spanning two days): the Frankston trip starts at Flinders Street, not Southern Cross.
        ("tdn-4439-pattern", "952439", "2025-06-09T08:40:00Z", "from Flinders Street to Frankston.",
         "Before Flinders Street, this train runs from Werribee as the Werribee line."),
        ("tdn-4439-pattern-bad-day", "952439", "2025-06-11T04:40:00Z", "from Flinders Street to Frankston.",
         "Before Flinders Street, this train runs from Laverton as the Werribee line."),
        // Peer: "Splits THL if the timings differ": C109 starts at Town Hall, the Sunbury trip before ends there.
        ("tdn-C109-live", "967109", "2025-11-30T01:30:00Z", "from Town Hall to East Pakenham.",
         "Before Town Hall, this train runs from Sunbury as the Sunbury line."),
        // Peer: "It should only contain stops from FKN to FSS as part of the main trip".
        ("metro-pattern-fkn-lav", "952454", "2024-11-07T06:30:00Z", "from Frankston to Flinders Street.",
         "At Flinders Street, this train continues as the Werribee line to Laverton."),
    ])
    func aThroughRunHandsOverWhereTheTrainChangesItsDisplay(name: String, ref: String, at: String, span: String, neighbour: String) async throws {
        let text = try await run(name, ref, at: at)
        #expect(text.contains(span), "\(text)")
        #expect(text.contains(neighbour), "\(text)")
    }

    @Test func aBoardRowBeforeTheHandoverIsTheTripTheRiderBoards() throws {
        // At Southern Cross, the Werribee train still shows Flinders Street: it becomes the Frankston train there.
        let southernCross = try board("tdn-4439-pattern", stop: 1181, at: "2025-06-09T09:20:00Z")
        #expect(southernCross.next.map(\.caption) == ["Werribee line to Flinders Street"])
        #expect(southernCross.next.first?.notes.first == "continues as the Frankston line to Frankston")
        #expect(southernCross.next.first?.rideURL.hasPrefix("/ride/train/954482") == true)
        // At Flinders Street, the handover, the train leaving is the Frankston train.
        let flinders = try board("tdn-4439-pattern", stop: 1071, at: "2025-06-09T09:20:00Z")
        #expect(flinders.next.map(\.caption) == ["Frankston line to Frankston"])
        // At State Library, the Sunbury train runs on to Town Hall, where it becomes the Pakenham train.
        let stateLibrary = try board("tdn-C109-live", stop: 1234, at: "2025-11-30T02:00:00Z")
        #expect(stateLibrary.next.map(\.caption) == ["Sunbury line to Town Hall"])
    }

    @Test func aRidePageFromABoardRowBeforeTheHandoverNamesTheSameTrip() async throws {
        // The Frankston run opened at Southern Cross (the row PTV lists there under it) rides the Werribee trip first.
        let text = try await run("tdn-4439-pattern", "952439", from: 1181, at: "2025-06-09T09:20:00Z")
        #expect(text.hasPrefix("Werribee line to Flinders Street"), "\(text)")
        #expect(text.contains("At Flinders Street it continues as the Frankston line to Frankston."), "\(text)")
    }

    @Test func anArrivalInTheLoopPastFlindersStreetIsStillOnTheRide() throws {
        // The Lilydale run 951230 ends its trip at Flinders Street; a rider who stays on to Parliament arrives there.
        let pattern = try Recorded.load("tdn-3230-pattern", as: PatternResponse.self)
        let ride = try #require(ArrivalController.ride(pattern, ref: "951230", type: .train, stopID: 1155))
        #expect(ride.journey.calls[ride.index].name == "Parliament")
        #expect(ride.journey.calls.first?.name == "Lilydale")
    }

    @Test func aPlatformIsTheOnePTVGivesForThatStop() async throws {
        // Peer: "Platform 2 (4 Road) at Flemington Racecourse" renames PTV's platform 4 there from its own knowledge of
        // the station; no field of PTV's answer says so, so Trakx says PTV's number, the same on the board and the run.
        let board = try board("metro-pattern-rce", stop: 1070, at: "2024-06-29T23:50:00Z")
        #expect(board.next.map(\.platform) == ["Platform 4"])
        let text = try await run("metro-pattern-rce", "982800", from: 1070, at: "2024-06-29T23:50:00Z")
        #expect(text.contains("Flemington Racecourse, your stop, 10\u{202F}05 am, in 15 minutes, live, platform 4"), "\(text)")
    }

    @Test func theCityCircleTrainIsNamedAsOne() throws {
        // Peer: "Should detect city circle trains": PTV gives route 99 and no route object for it.
        let answer = try Recorded.load("metro-departures-ccl", as: DeparturesResponse.self)
        let board = DepartureBoard(answer, routeType: .train, stopID: 1181, words: TimeWords(now: Recorded.at("2024-04-30T03:20:00Z")))
        #expect(board.next.map(\.caption) == ["City Circle train to Flinders Street"])
        #expect(board.next.first?.plainSentence.hasPrefix("City Circle train to Flinders Street") == true)
    }
}
