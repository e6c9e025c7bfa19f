@testable import App
import Foundation
import PTV
import Testing

/// The strip map and the nearby map, drawn from real recorded patterns and a recorded nearby answer.
struct StripMapTests {
    @Test func theVehicleIsDrawnWhereTheEvidencePutsItAndTheTravelledPartEndsThere() throws {
        // Recorded: the Lilydale train standing at Richmond's platform (at_platform).
        let journey = try Recorded.journey("tdn-3230-pattern")
        let progress = JourneyProgress(journey, now: Recorded.at("2025-06-12T09:05:00Z"))
        let richmond = try #require(journey.calls.firstIndex { $0.name == "Richmond" })
        let parliament = journey.calls.count - 1
        let map = try #require(StripMap(journey: journey, progress: progress, yours: parliament, noun: "train"))
        #expect(map.dots.count == journey.calls.count)
        let atRichmond = map.dots[richmond].x
        #expect(map.travelledTo == atRichmond)
        #expect(map.vehicle?.contains(",48.0") == true)
        #expect(map.vehicle.map { $0.split(separator: " ")[2].hasPrefix(atRichmond + ",") } == true)
        #expect(map.dots[..<richmond].allSatisfy { $0.kind == "strip-done" })
        #expect(map.dots[(richmond + 1) ..< parliament].allSatisfy { $0.kind == "strip-ahead" })
        #expect(map.dots[parliament].kind == "strip-yours")
        #expect(map.labels.map(\.text) == ["Lilydale", "Parliament", "Your stop, Parliament", "The train"])
    }

    @Test func withoutEvidenceThereIsNoVehicleOnlyTheTimetablesPast() throws {
        // Recorded: an East Pakenham train with no vehicle position, half an hour after its first stop's time.
        let journey = try Recorded.journey("metro-pattern-pkm")
        let first = try #require(journey.calls.first?.scheduled)
        let progress = JourneyProgress(journey, now: first.addingTimeInterval(30 * 60))
        let map = try #require(StripMap(journey: journey, progress: progress, yours: nil, noun: "train"))
        #expect(map.vehicle == nil)
        #expect(!map.labels.contains { $0.text == "The train" })
        let done = map.dots.filter { $0.kind == "strip-done" }.count
        #expect(done > 0 && done < journey.calls.count)
        #expect(map.travelledTo == map.dots[done - 1].x)
    }

    @Test func theNearbyMapPutsNorthUpWithRingsAndTheListsNumbers() throws {
        let found = try PageFixtures.fetched(StopsNearbyResponse.self, "stops-nearby-far")
        let page = NearbyPage(form: NearbyPage.Form(lat: "-37.8183", lon: "144.9671"), origin: .point,
                              latitude: -37.8183, longitude: 144.9671, found: found, context: PageFixtures.context(path: "/nearby"))
        let map = try #require(page.results?.map)
        #expect(map.rings.map(\.label) == ["250 m", "500 m", "1 km"])
        #expect(map.rings.map(\.r) == ["50.0", "100.0", "200.0"])
        #expect(map.dots.count == page.results?.stops.count)
        let numbers: [String] = (1 ... 9).map { String($0) }
        #expect(map.dots.compactMap(\.number) == numbers)
        // The first stop is 100 metres west: left of centre, on the centre line.
        let first = try #require(map.dots.first)
        #expect(Double(first.x)! < 220 && abs(Double(first.y)! - 220) < 5, "\(first)")
    }
}
