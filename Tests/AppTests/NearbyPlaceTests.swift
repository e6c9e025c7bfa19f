import Foundation
import PTV
import Testing
import TestSupport
@testable import App

/// Issue 22 item 16: a place search is measured from the best match for the place (a station, or the suburb, over a
/// street stop that PTV happens to list first), which the page names, with what was searched for.
struct NearbyPlaceTests {
    func boxHill() throws -> [Stop] {
        let file = Recorded.folder.deletingLastPathComponent().appendingPathComponent("shaped/search-box-hill.json")
        return try JSONDecoder().decode(SearchResponse.self, from: Data(contentsOf: file)).stops
    }

    @Test func boxHillIsTheStationNotTheFirstStreetStop() throws {
        let match = try #require(PlaceMatch.best("Box Hill", in: try boxHill()))
        #expect(match.point.name == "Box Hill Station")
        #expect(!match.isSuburb)
        let empty = try JSONDecoder().decode(StopsNearbyResponse.self, from: Data(#"{"stops": [], "status": {"version": "3.0", "health": 1}}"#.utf8))
        let page = NearbyPage(form: NearbyPage.Form(place: "Box Hill"), origin: .place(match), latitude: match.point.latitude, longitude: match.point.longitude,
                              found: Fetched(value: empty, fetchedAt: PageFixtures.now), context: PageFixtures.context())
        #expect(page.head.heading == "Stops near Box Hill Station")
        #expect(page.head.summary == "No stops within 1 kilometre of Box Hill Station, the best match for Box Hill.")
    }

    @Test func aSuburbWithNoStopOfItsNameIsMeasuredFromItsStops() throws {
        let stops = try boxHill().filter { $0.stopSuburb == "Box Hill" && $0.routeType == .bus && !$0.stopName.contains("Box Hill") }
        let match = try #require(PlaceMatch.best("box hill", in: stops))
        #expect(match.isSuburb)
        #expect(match.point.name == "Box Hill")
        #expect(match.described == "the middle of Box Hill’s stops, the best match for box hill")
    }

    @Test func abbreviationsMatchTheirFullNames() throws {
        let match = try #require(PlaceMatch.best("Box Hill Bus Stn", in: try boxHill()))
        #expect(match.point.name == "Box Hill Bus Station at Whitehorse Road")
    }

    /// The simulator lists "Bridge Rd/Hoddle St" (suburb Richmond) first for "Richmond", as PTV lists a street stop.
    @Test func theNearbyPageNamesThePlaceItSearchedFrom() async throws {
        try await TestApp.with { app in
            let page = try await app.get("/nearby?place=Richmond")
            #expect(page.status == 200)
            #expect(page.text.contains("<h1>Stops near Richmond Station"), "\(page.text.prefix(3000))")
            #expect(page.text.contains("Measured from Richmond Station, the best match for Richmond."))
            #expect(!page.text.contains("<h1>Stops near Bridge Road at Hoddle Street"))
            #expect(pageProblems(page.text) == [])
        }
    }
}
