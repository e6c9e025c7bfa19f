import Foundation
import PTV
import Testing
@testable import App

/// One destination for one train on the board, the run page and the ride page: the one on the platform display.
struct DestinationTests {
    func board(_ name: String, stop: Int, at now: Date) throws -> DepartureBoard {
        DepartureBoard(try Recorded.load(name, as: DeparturesResponse.self), routeType: .train, stopID: stop, words: TimeWords(now: now))
    }

    func pages(_ name: String, from stop: Int, at now: Date) throws -> (RunPage, RidePage) {
        let pattern = try Recorded.load(name, as: PatternResponse.self)
        let journey = Journey(pattern, routeType: .train)
        let index = try #require(journey.index(of: stop))
        let fetched = Fetched(value: pattern, fetchedAt: now)
        return (RunPage(journey: journey, fromStop: stop, pattern: fetched, context: Recorded.context(now)),
                RidePage(journey: journey, from: index, to: nil, auto: nil, pattern: fetched, context: Recorded.context(now)))
    }

    @Test func aFrankstonTrainThatThroughRunsGoesToFlindersStreetAndContinues() throws {
        // The board at Frankston: PTV's run ends at Southern Cross and PTV advertises it continuing as a Werribee train.
        let row = try #require(try board("metro-departures-fkn", stop: 1073, at: Recorded.at("2024-11-06T06:10:00Z")).next.first)
        #expect(row.caption == "Frankston line to Flinders Street")
        #expect(row.notes.first == "continues to Laverton")
        #expect(!row.notes.contains("via Flinders Street"))
        // The same kind of train's run and ride pages, from Frankston.
        let (run, ride) = try pages("metro-pattern-fkn-lav", from: 1073, at: Recorded.at("2024-11-07T06:30:00Z"))
        #expect(run.head.heading == "Frankston line to Flinders Street")
        #expect(ride.head.heading == "Frankston line to Flinders Street")
        #expect(run.head.summary.contains("At Flinders Street it continues as the Werribee line to Laverton."))
    }

    @Test func upTrainsThatEndInTheLoopGoToFlindersStreetThenRoundTheLoop() throws {
        let belgrave = try #require(try board("metro-departures-beg", stop: 1018, at: Recorded.at("2024-06-29T07:50:00Z")).next.first)
        #expect(belgrave.caption == "Belgrave line to Flinders Street")
        #expect(belgrave.notes.contains("after Flinders Street, via the City Loop to Parliament"))
        // A Lilydale train to Parliament: Flinders Street from Lilydale; Parliament once it is past Flinders Street.
        let now = Recorded.at("2025-06-12T08:00:00Z")
        let (run, ride) = try pages("tdn-3230-pattern", from: 1115, at: now)
        #expect(run.head.heading == "Lilydale line to Flinders Street")
        #expect(ride.head.heading == "Lilydale line to Flinders Street")
        #expect(run.notes.first == "after Flinders Street, via the City Loop to Parliament, calling at Southern Cross, Flagstaff and Melbourne Central")
        let (inLoop, _) = try pages("tdn-3230-pattern", from: 1068, at: now)
        #expect(inLoop.head.heading == "Lilydale line to Parliament")
        // Through the loop before Flinders Street: the loop stops are named.
        let (pakenham, _) = try pages("metro-pattern-pkm", from: 1230, at: Recorded.at("2024-06-27T07:30:00Z"))
        #expect(pakenham.head.heading == "Pakenham line to Flinders Street")
        #expect(pakenham.notes.first == "via the City Loop, calling at Parliament, Melbourne Central, Flagstaff and Southern Cross")
    }

    @Test func whereTheThroughRunChangesNameTheBoardListsOneTrain() throws {
        // Both parts list Flinders Street and Southern Cross: the train leaving there is the Werribee train to Laverton.
        let pattern = try Recorded.load("metro-pattern-fkn-lav", as: PatternResponse.self)
        for stop in [1071, 1181] {
            let answer = DeparturesResponse(DeparturesBody(departures: pattern.departures.filter { $0.stopId == stop }, stops: pattern.stops,
                                                           routes: pattern.routes, runs: pattern.runs, directions: pattern.directions))
            let board = DepartureBoard(answer, routeType: .train, stopID: stop, words: TimeWords(now: Recorded.at("2024-11-07T07:30:00Z")))
            #expect(board.next.map(\.caption) == ["Werribee line to Laverton"])
        }
    }

    @Test func aTrainInTheCityNamesWhereItGoesNext() throws {
        // At Parliament an Upfield train whose run ends at Southern Cross goes to Flinders Street first.
        let board = try board("city-loop-departures", stop: 1155, at: Recorded.at("2024-06-25T20:00:00Z"))
        let upfield = try #require(board.next.first { $0.rideURL.contains("953634") })
        #expect(upfield.caption == "Upfield line to Flinders Street")
        #expect(upfield.notes.contains("then on to Southern Cross"))
    }
}
