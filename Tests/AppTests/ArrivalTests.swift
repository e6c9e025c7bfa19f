@testable import App
import Foundation
import PTV
import PTVSimulator
import Testing
import TestSupport

/// Getting off: the arrival from recorded PTV answers, and the ride page turning into it on the simulator.
@Suite(.serialized)
struct ArrivalTests {
    @Test func theArrivalSaysWhereYouAreWhichWayTheTrainWentAndOtherLinesWithinHalfAnHour() throws {
        // Recorded: a Lilydale train's pattern and Camberwell's departures (Alamein, Belgrave and Lilydale).
        let journey = try Recorded.journey("tdn-3230-pattern")
        let camberwell = try #require(journey.index(of: 1032))
        let departures = try Recorded.load("metro-departures-rrb", as: DeparturesResponse.self)
        let noDetails = Evidence<StopDetailsResponse>(.stop, outcome: .failed(.timedOut))
        let answered = Evidence(.departures, Fetched(value: departures, fetchedAt: Recorded.at("2024-04-28T13:50:00Z")))
        let nearNotAsked = Evidence<StopsNearbyResponse>(.nearby, outcome: .notAsked)
        let arrival = Arrival(type: .train, stopID: 1032, details: noDetails, departures: answered, near: nearNotAsked,
                              ride: (journey, camberwell), words: TimeWords(now: Recorded.at("2024-04-28T13:50:00Z")))
        #expect(arrival.sentence == "You are at Camberwell, platform 1.")
        #expect(arrival.place.isEmpty, "\(arrival.place)")
        #expect(arrival.wentOn?.hasPrefix("The train goes on towards Flinders Street, heading ") == true, "\(arrival.wentOn ?? "nothing")")
        // The Lilydale line just ridden is not a connection; the others leaving within 30 minutes are, one line each.
        #expect(arrival.connections.count >= 2)
        #expect(!arrival.connections.contains { $0.hasPrefix("Lilydale") })
        #expect(arrival.connections.contains { $0.hasPrefix("Belgrave") })
        #expect(arrival.connections.contains { $0.hasPrefix("Alamein") })
        #expect(arrival.accessUnknown == "This stop's access facts could not be checked just now, because PTV did not answer in time.")
        // Later, nothing leaves within 30 minutes.
        let later = Arrival(type: .train, stopID: 1032, details: noDetails, departures: answered, near: nearNotAsked, ride: (journey, camberwell),
                            words: TimeWords(now: Recorded.at("2024-04-28T12:00:00Z")))
        #expect(later.connections.isEmpty)
        #expect(later.noConnections == "No other line leaves this stop in the next 30 minutes.")
        // At the end of the line.
        #expect(Arrival.wentOn(ride: journey, from: journey.calls.count - 1, noun: "train") == "This is the train's last stop.")
    }

    @Test func theRidePageBecomesTheArrivalAtYourStop() async throws {
        let clock = TestClock(fixedNow)
        try await TestApp.with(configure: { $0.clock = { clock.now } }) { app in
            let (example, stops) = try await app.trainAtPlatform(at: clock.now)
            let from = try #require(stops.firstIndex(of: example.stopID))
            let to = stops[from + 2]
            let path = "/ride/train/\(example.runRef)?from=\(example.stopID)&to=\(to)"
            var arrived: String?
            for _ in 0 ..< 60 {
                let html = try await app.page(path, status: 200).text.asHeard
                // The picture is on every ride page, hidden from screen readers.
                #expect(html.contains("<svg class=\"strip-map\" viewBox=\"0 0 640 136\" font-size=\"24\" aria-hidden=\"true\">"))
                #expect(html.contains("href=\"/walk/train/\(to)\""))
                if html.contains("You are at your stop, ") { arrived = html; break }
                #expect(!html.contains("arrival-place-heading"))
                clock.advance(15)
            }
            let html = try #require(arrived)
            #expect(html.range(of: #"<h1>You are at [A-Za-z ]+ Station, platform \d+</h1>"#, options: .regularExpression) != nil)
            #expect(html.contains("<div id=\"arrival\"><h2 id=\"arrival-place-heading\">Where you are</h2>"))
            #expect(html.contains("<h2 id=\"arrival-connections-heading\">Other lines from here in the next 30 minutes</h2>"))
            #expect(html.contains("<polygon class=\"strip-vehicle\""))
            // The same arrival as its own page, from the ride page's link.
            let served = try await app.page("/arrived/train/\(to)?run=\(example.runRef)", status: 200).text, page = served.asHeard
            #expect(page.range(of: #"<h1>You are at [A-Za-z ]+ Station, platform \d+</h1>"#, options: .regularExpression) != nil)
            // Its access facts (PTV's answer is kept; on a loaded machine the ride page may have gone on without it),
            // heard as a sentence and seen as a label and its value (issue 55).
            #expect(page.contains("<p class=\"fact\">Step free access, "))
            #expect(SeenText.of(served).contains("Step-free access: "))
            _ = try await app.page("/arrived/train/99999999", status: 404)
        }
    }

    @Test func runPagesAndNearbyCarryThePictures() async throws {
        try await TestApp.with { app in
            let nearby = try await app.page("/nearby?lat=-37.8183&lon=144.9671", status: 200).text.asHeard
            #expect(nearby.contains("<svg class=\"nearby-map\" viewBox=\"0 0 440 440\" font-size=\"20\" aria-hidden=\"true\">"))
            let stop = try await app.get("/stops/train/1071").text.asHeard
            let ride = try require_(stop.range(of: #"/ride/train/[A-Za-z0-9-]+\?from=1071"#, options: .regularExpression))
            let ref = stop[ride].dropFirst("/ride/train/".count).prefix { $0 != "?" }
            let run = try await app.page("/runs/train/\(ref)?stop=1071", status: 200).text.asHeard
            #expect(run.contains("<svg class=\"strip-map\""))
            #expect(run.contains("Your stop, Flinders Street Station"))
        }
    }
}
