@testable import App
import Foundation
import HTTPServer
import PTV
import PTVSimulator
import Testing
import TestSupport

/// Issue 30, item 6: trains across the City Loop and through-running, as a rider reads them on run and ride pages,
/// from real recorded patterns and from the simulator's showcase runs.
struct CityLoopTests {
    /// A recorded pattern answered at `time`.
    func recorded(_ name: String, at time: String) throws -> RecordedSource {
        RecordedSource(patterns: ["": try Recorded.load(name, as: PatternResponse.self)], now: Recorded.at(time))
    }

    /// A page's main text as heard: tags dropped, entities read, spaces folded.
    func heard(_ html: String) -> String {
        RecordedPages.text(Response(status: 200, body: Array(html.utf8)))
    }

    @Test func aRunPageListsTheTripAskedForAndSaysWhatTheTrainContinuesAsOrCameFrom() async throws {
        // Werribee to Flinders Street (954482), continuing as the Frankston train 952439, 9 June 2025.
        let source = try recorded("tdn-4439-pattern", at: "2025-06-09T08:40:00Z")
        let werribee = try await RecordedPages.run(source, ref: "954482", from: nil).get()
        #expect(werribee.contains("Werribee line to Flinders Street 17 stops, from Werribee to Flinders Street."), "\(werribee)")
        #expect(werribee.contains("At Flinders Street, this train continues as the Frankston line to Frankston."))
        #expect(!werribee.contains("Mordialloc"), "the next trip's stops are not this one's")
        let frankston = try await RecordedPages.run(source, ref: "952439", from: nil).get()
        #expect(frankston.contains("Frankston line to Frankston 28 stops, from Flinders Street to Frankston."), "\(frankston)")
        #expect(frankston.contains("Before Flinders Street, this train runs from Werribee as the Werribee line."))
        #expect(!frankston.contains("Hoppers Crossing"), "the previous trip's stops are not this one's")
    }

    @Test func aLoopRunsHeadingAndSummaryNameTheSameEnd() async throws {
        // An extra Mernda line run, Parliament round to Flinders Street and back through the loop to Parliament.
        let text = try await RecordedPages.run(try recorded("parliament-only", at: "2025-07-17T01:00:00Z"), ref: "948806", from: nil).get()
        #expect(text.contains("Mernda line to Flinders Street 2 stops, from Parliament to Flinders Street. At Flinders Street, this train continues via the City Loop to Parliament."), "\(text)")
        #expect(!text.contains("from Parliament to Parliament"))
    }

    @Test func aCancelledRunsStopsAreNeverDeparted() async throws {
        // Hurstbridge to Parliament, cancelled, half way through its times (30 June 2024, 11:30 am).
        let source = try recorded("metro-pattern-hbe", at: "2024-06-30T01:30:00Z")
        let whole = try await RecordedPages.run(source, ref: "949234", from: nil).get()
        #expect(whole.contains("This service is cancelled."))
        #expect(!whole.contains("departed"), "\(whole)")
        #expect(whole.components(separatedBy: ", cancelled").count - 1 >= 24, "every stop to Flinders Street is said cancelled")
        let fromIvanhoe = try await RecordedPages.run(source, ref: "949234", from: 1101).get()
        #expect(fromIvanhoe.contains("11 stops before yours, cancelled"), "\(fromIvanhoe)")
        #expect(!fromIvanhoe.contains("departed"))
    }

    @Test func theCityCircleTramIsNamedSo() async throws {
        // A real two-stop pattern's shape, its route made PTV's route 35 as PTV names it.
        var body = try JSONSerialization.jsonObject(with: Data(contentsOf: Recorded.folder.appendingPathComponent("tdn-c842-pattern.json"))) as! [String: Any]
        body["routes"] = ["11": ["route_type": 1, "route_id": 11, "route_name": "City Circle (Free Tourist Tram)", "route_number": "35",
                                 "route_gtfs_id": "3-035", "geopath": [Any]()]]
        var runs = body["runs"] as! [String: [String: Any]]
        runs["967842"]?["route_type"] = 1
        body["runs"] = runs
        let pattern = try JSONDecoder().decode(PatternResponse.self, from: JSONSerialization.data(withJSONObject: body))
        let source = RecordedSource(patterns: ["": pattern], now: Recorded.at("2025-06-26T06:20:00Z"))
        let run = try await RecordedPages.run(source, type: .tram, ref: "967842", from: nil).get()
        #expect(run.hasPrefix("City Circle tram to Flinders Street"), "\(run)")
        #expect(!run.contains("Route 35"))
        let ride = try await RecordedPages.ride(source, type: .tram, from: nil, to: nil).get()
        #expect(ride.contains("City Circle tram to Flinders Street"), "\(ride)")
    }

    @Test func aTripsDateIsTheOperatingDayPTVGivesIt() async throws {
        // The Frankston half (952439) of a cross-city pattern whose two halves PTV dates a day apart: the trip asked
        // for runs on 11 June 2025 as PTV gives it, through Flinders Street at 2:57 pm.
        let source = try recorded("tdn-4439-pattern-bad-day", at: "2025-06-11T04:40:00Z")
        let text = try await RecordedPages.run(source, ref: "952439", from: nil).get()
        #expect(text.contains("28 stops, from Flinders Street to Frankston."), "\(text)")
        #expect(text.contains("Flinders Street, 2\u{202F}57 pm, in 17 minutes"), "\(text)")
        #expect(text.contains("Frankston, 4\u{202F}04 pm, in 1 hour 24 minutes"), "\(text)")
        #expect(!text.contains("tomorrow"))
        // Its Laverton half is dated the next day: a ride from there says when, never that it is due "about now".
        let ride = try await RecordedPages.ride(source, from: 0, to: nil).get()
        #expect(ride.contains("Your train is due at Laverton tomorrow at 2\u{202F}15 pm from platform 3, by live estimate."), "\(ride)")
        #expect(!ride.contains("about now"), "\(ride)")
    }

    @Test func theSimulatorsCityLoopThroughRunTakesEachPlatformFromItsOwnDeparture() async throws {
        try await TestApp.with { test in
            let (example, pattern) = try await test.showcase(\.throughRun, "a through run")
            let own = try #require(pattern.departures.first { $0.runRef == example.runRef && $0.stopId == example.stopID })
            let next = try #require(pattern.departures.first { $0.runRef == example.otherRunRef && $0.stopId == example.stopID })
            try #require(own.platformNumber != next.platformNumber, "the two trips leave from different platforms")
            // The trip it continues as runs through the City Loop.
            let loop: Set<Int> = [1155, 1120, 1068]
            #expect(pattern.departures.contains { $0.runRef == example.otherRunRef && loop.contains($0.stopId) })
            let html = try await test.page("/runs/train/\(example.runRef)?stop=\(example.stopID)", status: 200).text
            let chosen = try #require(html.range(of: "class=\"is-chosen\""))
            let row = heard(String(html[chosen.lowerBound...].prefix { $0 != "\n" }))
            #expect(row.contains("platform \(own.platformNumber ?? "")"), "\(row)")
            #expect(!row.contains("platform \(next.platformNumber ?? "")"), "\(row)")
            let text = heard(html)
            #expect(text.contains("this train continues as the Sunbury line to Sunbury."), "\(text)")
            #expect(!text.contains("Sunshine"), "the next trip's stops are not this one's")
        }
    }

    @Test func theSimulatorShowsACancelledRunOnDemand() async throws {
        try await TestApp.with { test in
            let (example, pattern) = try await test.showcase(\.cancelledRun, "a cancelled run")
            #expect(pattern.runs[example.runRef]?.status == "cancelled")
            let text = heard(try await test.page("/runs/train/\(example.runRef)", status: 200).text)
            #expect(text.contains("This service is cancelled."), "\(text)")
            #expect(!text.contains("departed"), "\(text)")
        }
    }
}
