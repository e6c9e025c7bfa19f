@testable import App
import Foundation
import Logging
import PTV
import PTVSimulator
import Testing
import TestSupport
import WebPush

/// Web Push alerts end to end (issue 32): the simulator as PTV, Trakx's watcher stepped with the simulated clock, and
/// a push service of the tests' own that checks each push's VAPID signature and decrypts it (Python's cryptography).
@Suite(.serialized)
struct PushAlertTests {
    /// The alert settings for tests: the watcher looks only when told, the loopback push service is accepted through the private-address allow list,
    /// retries wait a moment only.
    static func configure(_ clock: TestClock, database: String? = nil) -> (inout AppConfiguration) -> Void {
        { configuration in
            configuration.clock = { clock.now }
            if let database { configuration.databasePath = database }
            configuration.alerts.interval = 0
            // The tests' push service is plain http on 127.0.0.1: allowed as `--allow-private-address 127.0.0.0/8` would.
            configuration.alerts.allowPlainHTTP = true
            try? configuration.alerts.allowPrivateAddresses("127.0.0.0/8")
            configuration.alerts.retries = PushSender.Retries(attempts: 4, firstWait: 0.05, longestWait: 0.2)
        }
    }

    /// One look by the watcher, and every notification it sent delivered or given up.
    static func look(_ app: TestApp) async {
        await app.app.alerts.watcher.tick()
        await app.app.alerts.push.settled()
    }

    @Test func aRideAlertSaysGetReadyThenYouAreAtOnceEachInOrderAcrossARestart() async throws {
        let clock = TestClock(fixedNow)
        try await LoopbackPushService.with { push in
            try await withTemporaryDirectory { folder in
                let database = folder + "/alerts.sqlite"
                let rider = try await push.subscribe("rider")
                var path = ""
                var stopName = ""
                // First run of Trakx: the rider turns the alert on, and "Get ready" comes one stop before.
                try await TestApp.with(configure: Self.configure(clock, database: database)) { app in
                    let (example, stops) = try await app.trainAtPlatform(at: clock.now)
                    let from = try #require(stops.firstIndex(of: example.stopID))
                    let to = stops[from + 2]
                    path = "/ride/train/\(example.runRef)?from=\(example.stopID)&to=\(to)"
                    let session = try await app.session()
                    let page = try await session.get(path).text
                    #expect(page.contains("<h2 id=\"phone-alerts-heading\">Alert me on this phone</h2>"))
                    #expect(page.contains(AlertWords.needs))
                    let answer = try await app.post("/alerts/ride", form: [("mode", "train"), ("run", example.runRef), ("from", String(example.stopID)),
                                                                          ("to", String(to))] + rider.fields, session: session)
                    let after = try await app.follow(answer, to: path, session: session).text
                    #expect(after.contains("Alerts are on for this ride."))
                    for _ in 0 ..< 80 {
                        await Self.look(app)
                        if try await push.received("rider").messages.count > 0 { break }
                        clock.advance(15)
                    }
                    let messages = try await push.received("rider").messages
                    let ready = try #require(messages.first)
                    #expect(messages.count == 1)
                    #expect(ready.payload.title.hasPrefix("Get ready, ") && ready.payload.title.hasSuffix(" is next"))
                    stopName = String(ready.payload.title.dropFirst("Get ready, ".count).dropLast(" is next".count))
                    // In the page's own words, at the same moment.
                    // (Heard as the alert says it; the page shows its times as written, issue 55.)
                    let ride = try await app.page(path, status: 200).text
                    #expect(ride.asHeard.contains("<p class=\"summary\" id=\"ride-state\">\(ready.payload.body)</p>"))
                    #expect(ready.payload.body.hasPrefix("Get ready, your stop, \(stopName), is next"))
                    #expect(ready.payload.url == path)
                    #expect(ready.payload.stopURL.hasPrefix("/alerts/stop/"))
                    #expect(ready.urgency == "high" && ready.ttl > 0)
                    // Looking again says nothing more.
                    await Self.look(app)
                    #expect(try await push.received("rider").messages.count == 1)
                }
                // Trakx restarted on the same database: the alert goes on, and "You are at" comes once, at the stop.
                try await TestApp.with(configure: Self.configure(clock, database: database)) { app in
                    for _ in 0 ..< 80 {
                        clock.advance(15)
                        await Self.look(app)
                        if try await push.received("rider").messages.count > 1 { break }
                    }
                    let messages = try await push.received("rider").messages
                    #expect(messages.map(\.payload.title) == ["Get ready, \(stopName) is next", "You are at \(stopName)"])
                    let here = try #require(messages.last)
                    #expect(here.payload.body == "You are at your stop, \(stopName).")
                    let ride = try await app.page(path, status: 200).text
                    #expect(ride.contains("You are at your stop, \(stopName)."))
                    // Done after the rider's stop: removed, and nothing more is sent.
                    #expect(try await app.app.alerts.store.active(at: clock.now).isEmpty)
                    clock.advance(60)
                    await Self.look(app)
                    #expect(try await push.received("rider").messages.count == 2)
                }
            }
        }
    }

    @Test func aLeaveNowReminderIsSentOnceAndA410RemovesThePhone() async throws {
        let clock = TestClock(fixedNow)
        let logs = LogCapture()
        try await LoopbackPushService.with { push in
            try await TestApp.with(logger: logs.logger(label: "trakx-alerts", level: .trace), configure: Self.configure(clock)) { app in
                let session = try await app.session()
                let board = try await session.get("/stops/train/1071").text
                #expect(board.contains("<details class=\"alerts\" id=\"leave-alerts\">\n<summary id=\"leave-alerts-heading\">Remind me to leave</summary>"))
                #expect(board.contains("<p>Get one notification when the next service on your line is due in the minutes you choose, with its time"))
                let option = try #require(board.range(of: #"<option value="\d+-\d+" selected>"#, options: .regularExpression))
                let line = String(board[option].dropFirst("<option value=\"".count).prefix { $0 != "\"" })
                let leaver = try await push.subscribe("leaver")
                let gone = try await push.subscribe("gone")
                let busy = try await push.subscribe("busy")
                try await push.behave("gone", status: 410)
                try await push.behave("busy", status: 503, times: 2)
                for subscription in [leaver, gone, busy] {
                    let answer = try await app.post("/alerts/leave", form: [("mode", "train"), ("stop_id", "1071"), ("line", line), ("minutes", "30")]
                                                     + subscription.fields, session: session)
                    #expect(answer.status == 303 && answer.header("Location") == "/stops/train/1071")
                }
                // The same reminder asked twice is kept once.
                _ = try await app.post("/alerts/leave", form: [("mode", "train"), ("stop_id", "1071"), ("line", line), ("minutes", "30")]
                                       + leaver.fields, session: session)
                #expect(try await app.app.alerts.store.active(at: clock.now).count == 3)
                // The board it returns to says what was set, in words that name no number of its own.
                #expect(try await session.get("/stops/train/1071").text.contains("The reminder is on. This phone will be told once when the next service on your line is due in the minutes you chose"))
                await Self.look(app)
                // One notification each: the time, the platform and whether it is live, in the board's words.
                let sent = try await push.received("leaver").messages
                #expect(sent.count == 1)
                let go = try #require(sent.first)
                #expect(go.payload.title.hasPrefix("Time to go, "))
                #expect(go.payload.body.contains("platform"))
                #expect(go.payload.body.hasSuffix(", live.") || go.payload.body.contains("timetable") || go.payload.body.contains("late"))
                #expect(go.payload.url == "/stops/train/1071")
                // 503 twice, then taken: retried with back-off.
                let retried = try await push.received("busy")
                #expect(retried.messages.count == 1 && retried.attempts == 3)
                // 410: the phone's subscription is removed; the others are done, so nothing is left.
                #expect(try await push.received("gone").attempts == 1)
                #expect(try await app.app.alerts.store.active(at: clock.now).isEmpty)
                clock.advance(60)
                await Self.look(app)
                #expect(try await push.received("leaver").messages.count == 1)
                let metrics = try await app.get("/metrics").text
                #expect(metrics.contains("trakx_push_notifications_total{outcome=\"gone\"} 1"))
                #expect(metrics.contains("trakx_push_notifications_total{outcome=\"delivered\"} 2"))
                // Push endpoints are capabilities: no log line holds one, not even the gone phone's.
                #expect(!logs.lines.isEmpty)
                #expect(logs.lines.filter { $0.contains("/push/") }.isEmpty)
            }
        }
    }

    /// The watcher hands the board the texts of the disruptions the departures name: a reminder for the Sandringham
    /// line says the works that replace part of it, as the board's row does (the demo's works run through it).
    @Test func aLeaveNowReminderSaysWorksThatReplaceTheService() async throws {
        let clock = TestClock(fixedNow)
        try await LoopbackPushService.with { push in
            try await TestApp.with(configure: Self.configure(clock)) { app in
                let session = try await app.session()
                let board = try await session.get("/stops/train/1071").text
                // The board's rows say it short, its disruptions whole (issue 55 item 2).
                #expect(board.contains(", buses replace trains") && board.contains("Buses replace trains between Elsternwick and Sandringham"))
                let option = try #require(board.firstMatch(of: #/<option value="(\d+-\d+)"[^>]*>Sandringham line/#))
                let phone = try await push.subscribe("sandringham")
                let answer = try await app.post("/alerts/leave", form: [("mode", "train"), ("stop_id", "1071"), ("line", String(option.1)),
                                                                          ("minutes", "30")] + phone.fields, session: session)
                #expect(answer.status == 303)
                await Self.look(app)
                let go = try #require(try await push.received("sandringham").messages.first)
                #expect(go.payload.body.contains("buses replace trains between Elsternwick and Sandringham"), "\(go.payload.body)")
            }
        }
    }

    @Test func aFavouriteLineAtTheStopIsTheReminderFirstChosen() async throws {
        try await TestApp.with(configure: Self.configure(TestClock(fixedNow))) { app in
            let session = try await app.session()
            let board = try await session.get("/stops/train/1071").text
            let values = board.matches(of: /<option value="(\d+-\d+)"/).map { String($0.1) }
            let last = try #require(values.last)
            #expect(values.count > 1 && values.first != last)
            let added = try await app.post("/favourites", form: [("mode", "train"), ("stop_id", "1071"), ("line", last), ("return", "/stops/train/1071")],
                                           session: session)
            #expect(added.status == 303)
            let after = try await session.get("/stops/train/1071").text
            let options = after.matches(of: /<option value="(\d+-\d+)"( selected)?>([^<]*)<\/option>/)
            let first = try #require(options.first)
            #expect(String(first.1) == last && first.2 != nil && first.3.hasSuffix(", a favourite"))
        }
    }

    @Test func aHundredRidersOnOneRunCostOnePTVQuestionPerInterval() async throws {
        let clock = TestClock(fixedNow)
        try await TestApp.with(configure: Self.configure(clock)) { app in
            let simulator = try require_(app.simulator, "simulator")
            let (example, stops) = try await app.trainAtPlatform(at: clock.now)
            let last = try #require(stops.last)
            let subscription = try PushSubscription(endpoint: "http://127.0.0.1:9/push/nobody",
                                                    p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
                                                    auth: "BTBZMqHH6r4Tts7J_aSIgg", allowHTTP: true)
            for rider in 0 ..< 100 {
                let alert = Alert.ride(type: .train, runRef: example.runRef, from: example.stopID, to: last,
                                       subscription: try PushSubscription(endpoint: subscription.endpoint + String(rider), p256dh: subscription.p256dh,
                                                                          auth: subscription.auth, allowHTTP: true), now: clock.now)
                #expect(try await app.app.alerts.store.add(alert, perPhone: Alerts.perPhone) != nil)
            }
            for _ in 0 ..< 3 {
                clock.advance(31)
                let before = simulator.requestCount
                await Self.look(app)
                #expect(simulator.requestCount - before == 1)
            }
            // Within the same interval the shared cache answers: no question at all.
            let before = simulator.requestCount
            await Self.look(app)
            #expect(simulator.requestCount == before)
            #expect(try await app.app.alerts.store.active(at: clock.now).count == 100)
        }
    }
}
