import App
import Foundation
import PTV
import PTVSimulator
import Testing
import TestSupport

/// The ride page over a real server and the simulator, with the clock stepped through a journey.
struct RideJourneyTests {
    /// The state sentence of a ride page.
    func state(_ html: String) throws -> String {
        let start = try require_(html.range(of: "<p class=\"summary\" id=\"ride-state\">"))
        let end = try require_(html.range(of: "</p>", range: start.upperBound ..< html.endIndex))
        return String(html[start.upperBound ..< end.lowerBound]).replacingOccurrences(of: "&#39;", with: "'")
    }

    func source(_ html: String) throws -> String {
        let start = try require_(html.range(of: "<p id=\"ride-source\">"))
        let end = try require_(html.range(of: "</p>", range: start.upperBound ..< html.endIndex))
        return String(html[start.upperBound ..< end.lowerBound])
    }

    @Test func steppingTheClockWalksThroughEveryStateInOrder() async throws {
        let clock = TestClock(fixedNow)
        try await TestApp.with(configure: { $0.clock = { clock.now } }) { app in
            let (example, stops) = try await app.trainAtPlatform(at: clock.now)
            let from = try #require(stops.firstIndex(of: example.stopID))
            try #require(from + 3 < stops.count)
            let to = stops[from + 3]
            let path = "/ride/train/\(example.runRef)?from=\(example.stopID)&to=\(to)"
            var kinds: [String] = []
            var sentences: [String] = []
            for _ in 0 ..< 60 {
                let response = try await app.get(path)
                #expect(response.status == 200)
                let sentence = try state(response.text)
                let kind = ["Your train is at ", "Your train is between ", "Next stop, ", "The train is at ", "Get ready, your stop, ",
                            "You are at your stop, ", "You have passed "].first { sentence.hasPrefix($0) } ?? sentence
                if kinds.last != kind {
                    kinds.append(kind)
                    sentences.append(sentence)
                }
                // Live data says where the train is; "now"/"at" never come from the timetable alone.
                #expect(try source(response.text).hasPrefix("Live"))
                if kind == "You have passed " { break }
                clock.advance(15)
            }
            // Standing at the boarding stop, then on the way, then get ready, at the stop, passed: in that order.
            let wanted = ["Your train is at ", "Get ready, your stop, ", "You are at your stop, ", "You have passed "]
            let seen = kinds.filter { wanted.contains($0) }
            #expect(seen == wanted, "states seen: \(sentences)")
            #expect(kinds.contains { $0 == "Next stop, " || $0 == "The train is at " }, "states seen: \(sentences)")
        }
    }

    @Test func positionsThatDoNotFitAndLostFeedsAreSaidAsSuch() async throws {
        let clock = TestClock(fixedNow)
        try await TestApp.with(configure: { $0.clock = { clock.now } }) { app in
            let simulator = try #require(app.simulator)
            // The first half hour from the fixed clock at which the simulator shows a run cut short.
            var showcase = simulator.showcase(at: clock.now)
            for _ in 0 ..< 24 where showcase.terminatedEarly == nil || showcase.previousTripBus == nil || showcase.staleRun == nil {
                clock.advance(30 * 60)
                showcase = simulator.showcase(at: clock.now)
            }
            // A bus still on its previous trip is not "at" anywhere on this run.
            let bus = try #require(showcase.previousTripBus)
            let busPage = try await app.get("/ride/bus/\(bus.runRef)?from=\(bus.stopID)").text
            #expect(try state(busPage).hasPrefix("Your bus is due at "))
            #expect(!(try source(busPage)).hasPrefix("Live position"))
            #expect(try source(busPage).contains("does not fit this trip yet"))
            // A train whose position expired says when live information was lost.
            let lost = try #require(showcase.staleRun)
            let lostPage = try await app.get("/ride/train/\(lost.runRef)?from=\(lost.stopID)").text
            #expect(try source(lostPage).hasPrefix("Live position lost at "))
            // A run cut short: the rider's stop past the cut says it is cancelled.
            let early = try #require(showcase.terminatedEarly)
            let pattern = try await app.app.ptv.fetch(.pattern(runRef: early.runRef, routeType: 0)).value
            let cancelledStop = try #require(pattern.departures.last { $0.runRef != early.runRef }?.stopId)
            let earlyPage = try await app.get("/ride/train/\(early.runRef)?to=\(cancelledStop)").text
            #expect(try state(earlyPage).contains("that stop is cancelled"))
        }
    }

    @Test(arguments: [
        ("/ride/train/569463490?from=abc", 400), ("/ride/train/569463490?to=99999999", 400), ("/ride/train/569463490?auto=5", 400),
        ("/ride/train/1?from=1071", 404), ("/ride/boat/569463490", 400),
    ])
    func badRideAddressesSayWhy(target: String, status: Int) async throws {
        try await TestApp.with { app in try await app.page(target, status: status) }
    }

    @Test func autoRefreshIsOptInAndStoppable() async throws {
        try await TestApp.with { app in
            let stop = try await app.get("/stops/train/1071").text
            let link = try #require(stop.range(of: #"/ride/train/[0-9]+\?from=1071"#, options: .regularExpression))
            let plain = try await app.get(String(stop[link]))
            #expect(plain.header("Refresh") == nil)
            let auto = try await app.get(String(stop[link]) + "&auto=30")
            // Every 30 seconds, to the page's own refresh link (which carries was=live when this page had live times).
            let refresh = try #require(auto.header("Refresh"))
            #expect(refresh == "30" || refresh.hasPrefix("30; url=/ride/train/") && refresh.hasSuffix("&auto=30&was=live"), "\(refresh)")
            let main = try #require(auto.text.range(of: "<main id=\"main-content\" tabindex=\"-1\">\n"))
            #expect(auto.text[main.upperBound...].hasPrefix("<p class=\"auto-refresh\"><a href=\"/ride/train/"))
            #expect(auto.text.contains(">Stop automatic refresh</a>"))
        }
    }
}
