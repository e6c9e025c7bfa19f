import Foundation
import PTV
import Testing
@testable import App

/// Every departure names where it goes, and a line's direction is named from the departure's own run and route.
struct DirectionWordsTests {
    let now = Recorded.at("2024-04-25T01:20:00Z")

    @Test func bothWaysAtOneStationEveryGroupNamesWhereItGoes() throws {
        let response = try Recorded.load("metro-departures-via-clp-test", as: DeparturesResponse.self)
        let board = DepartureBoard(response, routeType: .train, stopID: 1099, words: TimeWords(now: now))
        #expect(board.groups.map(\.caption) == ["Cranbourne line to Cranbourne", "Pakenham line to Flinders Street",
                                                 "Lilydale line to Flinders Street", "Sunbury line to Flinders Street",
                                                 "Cranbourne line to Dandenong"])
    }

    @Test func aDirectionObjectOfAnotherRouteDoesNotNameTheLine() throws {
        // Huntingdale's answer has one direction 1, "City (Flinders Street)", belonging to the Pakenham line (11);
        // the Sunbury line's (14) departure in direction 1 is named from its own run.
        let response = try Recorded.load("metro-departures-via-clp-test", as: DeparturesResponse.self)
        let board = DepartureBoard(response, routeType: .train, stopID: 1099, words: TimeWords(now: now))
        let lines = board.groups.compactMap(\.line).map(\.spoken)
        #expect(lines.contains("Sunbury line towards Flinders Street"))
        #expect(lines.contains("Pakenham line towards City, Flinders Street"))
        #expect(LineAtStop.directionName(in: response, routeID: 14, directionID: 1, stopID: 1099, type: .train) == "Flinders Street")
    }

    @Test func aMetroTunnelTrainIsNotOfferedTowardsFlindersStreet() throws {
        // The East Pakenham train to Town Hall (real pattern row at Huntingdale) beside Huntingdale's direction 1 object.
        let pattern = try Recorded.load("tdn-C100-Z601-pattern", as: PatternResponse.self)
        let huntingdale = try Recorded.load("metro-departures-via-clp-test", as: DeparturesResponse.self)
        let response = DeparturesResponse(DeparturesBody(departures: pattern.departures.filter { $0.stopId == 1099 }, stops: huntingdale.stops,
                                                         routes: pattern.routes, runs: pattern.runs, directions: huntingdale.directions))
        let board = DepartureBoard(response, routeType: .train, stopID: 1099, words: TimeWords(now: Recorded.at("2025-11-29T22:40:00Z")))
        #expect(board.groups.first?.caption == "Pakenham line to Town Hall")
        #expect(board.groups.first?.line?.spoken == "Pakenham line towards City")
    }
}
