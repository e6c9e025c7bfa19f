@testable import App
import Foundation
import PTVSimulator
import Testing
import TestSupport

/// PTV's answers spoilt as a careless upstream might spoil them (`FaultInjector.Fault.scrambled`: fields dropped or
/// null, lists emptied or doubled, values of another type, a number past `Int.max`, a placeholder date, a control
/// character), every answer of every question, on a real server: each page type, and every page its links lead to,
/// is answered as a whole page in the site's layout with a status that says what happened (never a 500), and the
/// server is still there at the end. A value Trakx could not count once stopped the whole server (a nearby stop's
/// distance of 1e300; seed 11 finds it).
struct ScrambledAnswersTests {
    /// Where each walk starts: every page type (RUN and STOP as in `PageFaultWalkTests`).
    static let starts = ["/", "/favourites", "/stops/train/1071", "/stops/tram/2019", "/stops/bus/10639",
                         "/nearby?lat=-37.8183&lon=144.9671", "/nearby?lat=-37.8183&lon=144.9671&mode=tram",
                         "/nearby?place=Elsternwick", "/search?q=flinders", "/search?q=86", "/lines/train/6",
                         "/disruptions", "/walk/bus/10639", "/arrived/bus/10639",
                         "/runs/train/RUN?stop=STOP", "/ride/train/RUN?from=STOP"]

    /// The site's pages, as their links begin (not its static files).
    static let pages = ["/stops/", "/ride/", "/runs/", "/lines/", "/disruptions", "/nearby", "/walk/", "/arrived/", "/search",
                        "/favourites", "/alerts/"]

    /// Statuses that say what happened: the page, a bad address or form, no such thing, PTV failing or away.
    static let said: Set<Int> = [200, 400, 404, 502, 503, 504]

    @Test(.timeLimit(.minutes(3)), arguments: [1, 2, 3, 11] as [UInt64])
    func everyPageUnderSpoiltAnswersIsAWholePageWithAStatusThatSaysWhatHappened(seed: UInt64) async throws {
        try await TestApp.with { app in
            var queue = try Self.starts.map { try PageFaultWalkTests.filled($0, app) }
            try #require(app.simulator).faults.set(.scrambled(seed: seed, share: 0.15))
            let added = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")])
            #expect(added.status == 303, "adding a favourite: \(added.status)")
            var seen: Set<String> = []
            while let path = queue.first, seen.count < 70 {
                queue.removeFirst()
                guard seen.insert(path).inserted else { continue }
                let response = try await app.get(path)
                #expect(Self.said.contains(response.status), "seed \(seed) \(path): \(response.status)")
                // Every page is HTML in the layout (the favourites export, a file to keep, is the one link that is not).
                let isPage = response.header("Content-Type")?.hasPrefix("text/html") == true
                #expect(isPage || path == "/favourites/export", "seed \(seed) \(path)")
                #expect(!isPage || pageProblems(response.text) == [], "seed \(seed) \(path)")
                #expect(!response.body.contains(0), "seed \(seed) \(path): a NUL in the page")
                queue += SecretLeakTests.links(in: response.text, prefixes: Self.pages)
                    .filter { !$0.contains("seen=") }.map { String($0.prefix { $0 != "#" }) }.filter { !seen.contains($0) }
            }
            let health = try await app.get("/healthz")
            #expect(health.status == 200 || health.status == 503, "seed \(seed): /healthz \(health.status)")
        }
    }

    /// The alert watcher reads the same answers in the background, where a trap would stop the server with no page
    /// to show it: a ride alert and a leave reminder, set while PTV answers, watched for ten minutes of spoilt answers.
    /// What reaches the phone is words (no NUL), and the server answers after.
    @Test(.timeLimit(.minutes(2)), arguments: [1, 11] as [UInt64])
    func alertsWatchingSpoiltAnswersSendOnlyWordsAndTheServerLivesOn(seed: UInt64) async throws {
        let clock = TestClock(fixedNow)
        try await LoopbackPushService.with { push in
            let rider = try await push.subscribe("rider")
            try await TestApp.with(configure: PushAlertTests.configure(clock)) { app in
                let (example, stops) = try await app.trainAtPlatform(at: clock.now)
                let from = try #require(stops.firstIndex(of: example.stopID))
                let session = try await app.session()
                let ride = try await app.post("/alerts/ride", form: [("mode", "train"), ("run", example.runRef), ("from", String(example.stopID)),
                                                                      ("to", String(stops[from + 2]))] + rider.fields, session: session)
                let board = try await session.get("/stops/train/1071").text
                let line = try #require(board.firstMatch(of: /<option value="(\d+-\d+)" selected>/)).1
                let leave = try await app.post("/alerts/leave", form: [("mode", "train"), ("stop_id", "1071"), ("line", String(line)),
                                                                        ("minutes", "30")] + rider.fields, session: session)
                #expect(ride.status == 303 && leave.status == 303)
                try #require(app.simulator).faults.set(.scrambled(seed: seed, share: 0.15))
                for _ in 0 ..< 40 {
                    await PushAlertTests.look(app)
                    clock.advance(15)
                }
                for message in try await push.received("rider").messages {
                    let words = message.payload.title + message.payload.body
                    #expect(!words.isEmpty && !words.contains("\u{0}") && !words.contains("Optional("), "seed \(seed): \(words)")
                }
                #expect(try await app.get("/healthz").status != 500, "seed \(seed)")
            }
        }
    }
}
