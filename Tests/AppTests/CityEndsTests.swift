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

    @Test func theCityCircleTrainIsNamedAsOne() throws {
        // Peer: "Should detect city circle trains": PTV gives route 99 and no route object for it.
        let answer = try Recorded.load("metro-departures-ccl", as: DeparturesResponse.self)
        let board = DepartureBoard(answer, routeType: .train, stopID: 1181, words: TimeWords(now: Recorded.at("2024-04-30T03:20:00Z")))
        #expect(board.next.map(\.caption) == ["City Circle train to Flinders Street"])
        #expect(board.next.first?.plainSentence.hasPrefix("City Circle train to Flinders Street") == true)
    }
}
