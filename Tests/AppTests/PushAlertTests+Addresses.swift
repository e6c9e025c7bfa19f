@testable import App
import Foundation
import Logging
import PTV
import Testing
import TestSupport
import WebPush

extension PushAlertTests {
    /// Without `--allow-private-address 127.0.0.0/8`, the tests' own push service on 127.0.0.1 is refused by the form,
    /// and an alert already kept for it (read back from the database, unchecked) is never posted to: the delivery
    /// resolves the address, refuses it, counts it and says so without the endpoint. `configure` (every other push
    /// test) reaches the same service only through the allow list.
    @Test func aPushServiceOnLoopbackIsNeverPostedToUnlessLoopbackIsAllowed() async throws {
        let clock = TestClock(fixedNow)
        let logs = LogCapture()
        try await LoopbackPushService.with { push in
            let notAllowed: (inout AppConfiguration) -> Void = { configuration in
                Self.configure(clock)(&configuration)
                configuration.alerts.allowedPrivateAddresses = []
            }
            try await TestApp.with(logger: logs.logger(label: "trakx-addresses", level: .trace), configure: notAllowed) { app in
                let session = try await app.session()
                let board = try await session.get("/stops/train/1071").text
                let option = try #require(board.range(of: #"<option value="\d+-\d+" selected>"#, options: .regularExpression))
                let line = String(board[option].dropFirst("<option value=\"".count).prefix { $0 != "\"" })
                let phone = try await push.subscribe("phone")
                let answer = try await app.post("/alerts/leave", form: [("mode", "train"), ("stop_id", "1071"), ("line", line), ("minutes", "30")]
                                                 + phone.fields, session: session)
                #expect(answer.status == 400)
                #expect(try await app.app.alerts.store.active(at: clock.now).isEmpty)

                let parts = line.split(separator: "-").compactMap { Int($0) }
                let kept = try PushSubscription(endpoint: phone.endpoint, p256dh: phone.p256dh, auth: phone.auth, allowHTTP: true)
                let alert = Alert.leave(type: .train, stopID: 1071, routeID: parts[0], directionID: parts[1], minutes: 30,
                                        subscription: kept, now: clock.now)
                #expect(try await app.app.alerts.store.add(alert, perPhone: Alerts.perPhone) != nil)
                await Self.look(app)
                #expect(try await push.received("phone").attempts == 0)
                let metrics = try await app.get("/metrics").text
                #expect(metrics.contains("trakx_push_notifications_total{outcome=\"forbidden_address\"} 1"), "\(metrics)")
                #expect(logs.messages.contains { $0.contains("the push service's address is loopback (see --allow-private-address)") })
                #expect(logs.lines.filter { $0.contains("/push/") }.isEmpty)
            }
        }
    }
}
