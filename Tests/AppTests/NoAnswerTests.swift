@testable import App
import Foundation
import HTTPClient
@testable import PTV
import PTVSimulator
import Testing
import TestSupport

/// A 200 that is not the answer (issue 30, item 3): only `{"message": …}`, or a body without the list the page
/// needs. It is a failure of that question, said as one, never an empty board; an empty list that is there stays
/// an empty result.
struct NoAnswerTests {
    /// A recording's JSON object.
    static func object(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: Recorded.folder.appendingPathComponent(name + ".json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `object` as PTV's 200, decoded as the client decodes it.
    static func decode<T: Decodable & Sendable>(_ object: [String: Any], as type: T.Type) throws -> T {
        let body = try JSONSerialization.data(withJSONObject: object)
        return try PTVClient.decode(ClientResponse(status: 200, body: Array(body)), as: type)
    }

    /// A 200 body with only PTV's message and status.
    static var messageOnly: [String: Any] { ["message": "The request could not be completed.", "status": ["version": "3.0", "health": 1]] }

    @Test(arguments: ["metro-departures-bxr", "parliament-only"])
    func departuresWithoutTheirListAreNoAnswer(_ name: String) throws {
        var recorded = try Self.object(name)
        #expect(try !Self.decode(recorded, as: DeparturesResponse.self).departures.isEmpty)
        recorded.removeValue(forKey: "departures")
        #expect(throws: PTVError(.noAnswer, status: 200)) { try Self.decode(recorded, as: DeparturesResponse.self) }
        recorded["departures"] = NSNull()
        #expect(throws: PTVError(.noAnswer, status: 200)) { try Self.decode(recorded, as: DeparturesResponse.self) }
        // An empty list that is there is an answer: nothing departs.
        recorded["departures"] = [Any]()
        #expect(try Self.decode(recorded, as: DeparturesResponse.self).departures.isEmpty)
    }

    @Test func aPatternWithoutItsDeparturesIsNoAnswer() throws {
        var recorded = try Self.object("metro-pattern-hbe")
        #expect(try Self.decode(recorded, as: PatternResponse.self).departures.count > 1)
        recorded.removeValue(forKey: "departures")
        #expect(throws: PTVError(.noAnswer, status: 200)) { try Self.decode(recorded, as: PatternResponse.self) }
    }

    @Test func onlyAMessageIsNoAnswerToAnyQuestion() throws {
        let message = Self.messageOnly
        #expect(throws: PTVError(.noAnswer, status: 200)) { try Self.decode(message, as: DeparturesResponse.self) }
        #expect(throws: PTVError(.noAnswer, status: 200)) { try Self.decode(message, as: PatternResponse.self) }
        #expect(throws: PTVError(.noAnswer, status: 200)) { try Self.decode(message, as: StopDetailsResponse.self) }
        #expect(throws: PTVError(.noAnswer, status: 200)) { try Self.decode(message, as: StopsNearbyResponse.self) }
        #expect(throws: PTVError(.noAnswer, status: 200)) { try Self.decode(message, as: SearchResponse.self) }
        #expect(throws: PTVError(.noAnswer, status: 200)) { try Self.decode(message, as: DisruptionsResponse.self) }
        #expect(throws: PTVError(.noAnswer, status: 200)) { try Self.decode(message, as: RouteResponse.self) }
        #expect(throws: PTVError(.noAnswer, status: 200)) { try Self.decode(message, as: RunsResponse.self) }
        #expect(throws: PTVError(.noAnswer, status: 200)) { try Self.decode(message, as: DirectionsResponse.self) }
        // PTV's null for a thing it does not have is still an answer.
        var none = message
        none.removeValue(forKey: "message")
        none["route"] = NSNull()
        #expect(try Self.decode(none, as: RouteResponse.self).route == nil)
    }

    @Test func theStopPageSaysDeparturesFailedNotThatNoneAreDue() async throws {
        try await TestApp.with(configure: { $0.upstreamTimeout = 10 }) { app in
            let simulator = try #require(app.simulator)
            simulator.faults.set(.listMissing, forPathPrefix: "/v3/departures")
            let page = try await app.page("/stops/train/1071", status: 200)
            #expect(page.text.contains("Flinders Street"))
            #expect(page.text.contains("Departures could not be loaded just now, because PTV answered without the information Trakx asked for."))
            #expect(!page.text.contains(EvidenceWords.noMoreDepartures) && !page.text.contains("PTV lists no departures"))

            simulator.faults.set(.messageOnly)
            let nothing = try await app.page("/stops/train/1155", status: 502)
            #expect(nothing.text.contains("because PTV answered without the information Trakx asked for."))
            let metrics = try await app.get("/metrics")
            #expect(metrics.text.contains(#"outcome="no_answer""#))
        }
    }
}
