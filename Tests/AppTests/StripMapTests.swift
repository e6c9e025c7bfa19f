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

    /// Two stops on one corner (either side of the road, a few metres apart) put their dots on top of each other: their
    /// numbers must not be written on top of each other too.
    @Test func numbersOfStopsOnOneCornerAreWrittenApart() throws {
        let (lat, lon) = (-37.8843, 144.9982)
        let stops = [(-37.88432, 144.99818), (-37.88428, 144.99822), (-37.88431, 144.99821), (-37.8890, 144.9920)].enumerated()
            .compactMap { index, place in
                NearbyStop(Stop(stopId: 100 + index, stopName: "Stop \(index)", routeType: .bus, stopLatitude: place.0, stopLongitude: place.1),
                           latitude: lat, longitude: lon)
            }
        let map = NearbyMap(stops: stops, latitude: lat, longitude: lon, radius: 1000)
        let boxes = map.dots.map { dot in
            let (x, y) = (Double(dot.labelX)!, Double(dot.labelY)!)
            return (dot.number ?? "", x, y - 15, x + 13 * Double(dot.number?.count ?? 0), y + 2)
        }
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                #expect(!(a.1 < b.3 && b.1 < a.3 && a.2 < b.4 && b.2 < a.4), "numbers \(a.0) and \(b.0) overlap: \(map.dots)")
            }
        }
        // The first keeps its place above and to the right of its dot; a stop on its own keeps it too.
        for dot in [map.dots[0], map.dots[3]] {
            #expect(Double(dot.labelX)! - Double(dot.x)! == 7 && Double(dot.labelY)! - Double(dot.y)! == -7, "\(dot)")
        }
    }
}

