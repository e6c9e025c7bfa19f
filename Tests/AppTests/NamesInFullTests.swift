import Foundation
import PTV
import Testing
import TestSupport
@testable import App

/// Issue 22 item 13: names in full ("Retirement", "Shopping Centre" also in landmarks, "High Capacity Metro Train",
/// "to Ringwood Station"), sign codes through the pronunciation layer, and validation messages that say what is true.
struct NamesInFullTests {
    @Test(arguments: [
        ("Lyndarum Ret Village/Plenty Rd", "Lyndarum Retirement Village at Plenty Road"),
        ("D15-Dromana Sec Col/Nepean Hwy", "D15, Dromana Secondary College at Nepean Highway"),
    ])
    func stopNamesSayAbbreviationsAndCodesInFull(official: String, spoken: String) {
        #expect(SpokenName.stop(official) == spoken)
    }

    @Test func aRouteToARetirementVillageIsNotAReturnTrip() {
        #expect(SpokenName.route("Epping Station - Lyndarum Ret Village") == "Epping Station to Lyndarum Retirement Village")
    }

    /// The real 684 bus pattern (TransportVic/ptv-api `test/bus-mock-data/684-pattern.json`): its run is headed for
    /// "Ringwood Station/Maroondah Hwy", and a bus station is said as one.
    @Test func aBusToAStationKeepsStation() throws {
        let file = Recorded.folder.deletingLastPathComponent().appendingPathComponent("responses/pattern-bus-run44-684.json")
        let pattern = try JSONDecoder().decode(PatternResponse.self, from: Data(contentsOf: file))
        let journey = Journey(pattern, routeType: .bus)
        #expect(journey.destination == "Ringwood Station")
        let now = try #require(journey.calls.compactMap(\.time).min())
        let page = RunPage(journey: journey, fromStop: nil, pattern: Fetched(value: pattern, fetchedAt: now), context: Recorded.context(now))
        #expect(page.head.heading.hasSuffix(" to Ringwood Station"), "\(page.head.heading)")
        // A train's destination stays as platform displays say it.
        func direction(_ name: String, _ type: Int) throws -> Direction {
            try JSONDecoder().decode(Direction.self, from: Data(#"{"direction_id": 1, "direction_name": "\#(name)", "route_id": 1, "route_type": \#(type)}"#.utf8))
        }
        #expect(Journey.destination(run: nil, direction: try direction("Box Hill Bus Station/Whitehorse Rd", 2)) == "Box Hill Bus Station")
        #expect(Journey.destination(run: nil, direction: try direction("Ringwood Station", 0)) == "Ringwood")
    }

    /// The vehicle as the recorded Huntingdale and Southern Cross departures describe it ("7-car HCMT"), on a
    /// recorded live run.
    @Test func theVehicleIsNamedInFull() throws {
        let text = try String(contentsOf: Recorded.folder.appendingPathComponent("tdn-C100-Z601-live.json"), encoding: .utf8)
            .replacingOccurrences(of: "3 Car Silver Hitachi", with: "7-car HCMT")
        let pattern = try JSONDecoder().decode(PatternResponse.self, from: Data(text.utf8))
        let notes = RunPage.notes(journey: Journey(pattern, routeType: .train), from: nil)
        #expect(notes.contains("A High Capacity Metro Train, 7 carriages"), "\(notes)")
    }

    @Test func aLandmarkIsSaidInFull() throws {
        let json = #"{"stop": {"stop_id": 19858, "stop_name": "Chadstone SC/Middle Rd", "route_type": 2, "stop_landmark": "Chadstone SC"}, "disruptions": {}, "status": {"version": "3.0", "health": 1}}"#
        let details = try JSONDecoder().decode(StopDetailsResponse.self, from: Data(json.utf8))
        let identity = try #require(StopIdentity(stopID: 19858, type: .bus, details: details, departures: nil))
        let facts = StopFacts(identity, type: .bus).items
        #expect(facts.contains { $0.term == "Landmark" && $0.detail == "Chadstone Shopping Centre" }, "\(facts.map(\.detail))")
    }

    @Test func validationMessagesSayWhatIsTrue() async throws {
        try await TestApp.with { app in
            let refresh = try await app.get("/ride/train/abc?auto=45")
            #expect(refresh.status == 400)
            #expect(refresh.text.contains("every 30 or 60 seconds"), "\(refresh.text)")
            #expect(try await app.get("/nearby?lat=-37.8&lon=144.9&radius=7").text.contains("one of 250, 500, 1000, 2000 or 5000 metres"))
            let zero = try await app.get("/stops/train/0")
            #expect(zero.status == 400)
            #expect(!zero.text.contains("must be a whole number"))
            #expect(zero.text.contains("must be 1 or more"))
            #expect(try await app.get("/stops/train/abc").text.contains("must be a whole number"))
            // A Frankston-line run from Frankston does not call at Upfield: the stop is named, not numbered.
            let board = try await app.get("/stops/train/1074").text
            let ride = try #require(board.firstMatch(of: #/href="/ride/train/([A-Za-z0-9-]+)\?from=1074"/#).map { String($0.1) })
            let run = try await app.get("/runs/train/\(ride)?stop=1208")
            #expect(run.status == 400)
            #expect(run.text.contains("does not stop at Upfield Station."), "\(run.text)")
            let getOff = try await app.get("/ride/train/\(ride)?from=1074&to=1208")
            #expect(getOff.text.contains("does not stop at Upfield Station"), "\(getOff.text)")
        }
    }
}
