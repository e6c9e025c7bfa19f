import App
import Foundation
import PTVSimulator
import Testing
import TestSupport

/// Issue 22 on a real server against the simulator's faults: a saved copy answers within 2 seconds of asking a
/// hanging PTV (and the fetch still refreshes the cache), and one outcome has one wording on every page.
/// Timed: runs in the Makefile's serial group.
struct EvidenceFaultTests {
    @Test(.timeLimit(.minutes(2)))
    func aSavedCopyAnswersWithinTwoSecondsWhilePTVHangsAndTheFetchStillRefreshes() async throws {
        let clock = TestClock(fixedNow)
        // The ordinary 15-second timeout: without the grace, the page would wait all of it.
        try await TestApp.with(configure: { $0.upstreamTimeout = 15; $0.clock = { clock.now } }) { app in
            let simulator = try #require(app.simulator)
            let fresh = try await app.get("/stops/train/1071")
            #expect(fresh.status == 200)
            clock.advance(31)
            simulator.faults.set(.hang, forPathPrefix: "/v3/departures")
            let (stale, ms) = try await milliseconds { try await app.get("/stops/train/1071") }
            #expect(stale.status == 200)
            #expect(ms < 3_500, "took \(ms) ms")
            #expect(stale.text.asHeard.contains("PTV did not answer in time, so this page shows information from 8\u{202F}30 am."))
            #expect(!stale.text.contains("departed"))
            // PTV answers at last: the fetch that was left running stores it, and the next page is fresh.
            simulator.faults.clear()
            var again = try await app.get("/stops/train/1071")
            for _ in 0 ..< 20 where again.text.contains("Not up to date") {
                await app.app.backgroundWorkSettled()
                clock.advance(6)  // past the page store's few seconds
                again = try await app.get("/stops/train/1071")
            }
            #expect(!again.text.contains("Not up to date"))
        }
    }

    @Test func aStopPageAndAFavouriteCardSayOne404TheSameWay() async throws {
        try await TestApp.with { app in
            let simulator = try #require(app.simulator)
            simulator.faults.set(.status(404), forPathPrefix: "/v3/departures")
            let session = try await app.session()
            _ = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071"), ("return", "/")], session: session)
            let stop = try await session.get("/stops/train/1071")
            let home = try await session.get("/")
            let words = "PTV could not find departures for this stop just now."
            #expect(stop.status == 200)
            #expect(stop.text.contains("Flinders Street Station"))
            #expect(stop.text.contains(words))
            #expect(home.text.contains(words), "\(home.text)")
            #expect(!stop.text.contains("There is no") && !home.text.contains("unavailable"))
        }
    }
}
