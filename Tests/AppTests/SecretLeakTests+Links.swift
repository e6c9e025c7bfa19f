@testable import App
import Foundation
import Logging
import PTVSimulator
import Testing
import TestSupport
import WebPush

extension SecretLeakTests {
    /// A private list's id, an alert's stop code, form tokens and a phone's push subscription never reach a log line:
    /// a real server is driven through each (the link visited and used, forms posted with their tokens, an alert set
    /// and its push tried), and every line is read for each value. The access log shows `[private]` in their place.
    @Test(.timeLimit(.minutes(3)))
    func noPrivateLinkStopCodeFormTokenOrPushSubscriptionInAnyLogLine() async throws {
        let logs = LogCapture()
        let clock = TestClock(fixedNow)
        let endpoint = "http://127.0.0.1:9/push/endpoint-secret-3f9a1c7e5b"
        let p256dh = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
        let auth = "BTBZMqHH6r4Tts7J_aSIgg"
        var secrets: [String] = []
        try await TestApp.with(logger: logs.logger(label: "trakx-links", level: .trace), configure: {
            $0.clock = { clock.now }
            $0.sharedFavourites = true
            $0.listsPerMinutePerAddress = 1000
            $0.alerts.interval = 0
            $0.alerts.allowPlainHTTP = true
            try? $0.alerts.allowPrivateAddresses("127.0.0.0/8")
            $0.alerts.retries = .init(attempts: 1, firstWait: 0.01, longestWait: 0.01)
        }) { app in
            // The private link: made, shown, visited, used, and spelt other ways.
            let phone = Browser(port: app.port)
            #expect(try await phone.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")]).status == 303)
            let link = try #require(FavouritesSharedTests.privateLink(try await phone.get("/favourites").text))
            let id = String(link.dropFirst(PrivateLinkController.secretPrefix.count))
            let laptop = Browser(port: app.port)
            #expect(try await laptop.get(link).status == 200)
            #expect(try await laptop.post(link, form: []).status == 303)
            for spelling in ["/Favourites//list/\(id)", "/favourites/%6Cist/\(id)/", "/favourites/list/\(id.uppercased())"] {
                _ = try await laptop.get(spelling)
            }
            // A form token in a query, as a careless form would send it.
            _ = try await laptop.get("/search?q=flinders&token=\(laptop.token)")

            // An alert set with the phone's subscription, its push tried, its stop link visited, then stopped by endpoint.
            let (example, stops) = try await app.trainAtPlatform(at: clock.now)
            let from = try #require(stops.firstIndex(of: example.stopID))
            let answer = try await phone.post("/alerts/ride", form: [
                ("mode", "train"), ("run", example.runRef), ("from", String(example.stopID)), ("to", String(stops[from + 2])),
                ("endpoint", endpoint), ("p256dh", p256dh), ("auth", auth),
            ])
            #expect(answer.status == 303)
            let code = try #require(try await app.app.alerts.store.active(at: clock.now).first?.stopCode)
            for _ in 0 ..< 20 {
                await app.app.alerts.watcher.tick()
                await app.app.alerts.push.settled()
                clock.advance(30)
            }
            #expect(try await phone.get(AlertsController.secretPrefix + code).status == 200)
            #expect(try await phone.post("/alerts/phone/stop", form: [("endpoint", endpoint)]).status == 303)
            // The access log's drops are counted on /metrics (none here: the log keeps up).
            #expect(try await phone.get("/metrics").text.contains("trakx_access_log_dropped_total 0\n"))
            secrets = [id, id.uppercased(), code, phone.token, laptop.token, "endpoint-secret-3f9a1c7e5b", p256dh, auth]
            #expect(!phone.token.isEmpty && !laptop.token.isEmpty)
        }
        // The server has stopped, so the access log has written every line.
        let lines = logs.lines
        #expect(lines.contains { $0.contains("GET /favourites/list/[private] 200") }, "the private link's visit was not logged")
        #expect(lines.contains { $0.contains("POST /favourites/list/[private] 303") })
        #expect(lines.contains { $0.contains("GET /alerts/stop/[private] 200") })
        #expect(lines.contains { $0.contains("POST /alerts/ride 303") })
        for secret in secrets {
            let leaks = lines.filter { $0.contains(secret) }
            #expect(leaks.isEmpty, "\(secret) leaked \(leaks.count) times, e.g. \(leaks.first.map { Self.around(secret, in: $0) } ?? "")")
        }
    }
}
