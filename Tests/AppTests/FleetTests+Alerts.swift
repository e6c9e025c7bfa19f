import Foundation
import Logging
import PTVSimulator
import Testing
import TestSupport

extension FleetTests {
    /// A reminder set through instance 1 and watched by all three is sent once, though the instance sending it is
    /// killed with SIGKILL while the push service holds its push unanswered: another instance claims the kept
    /// notification after the dead one's claim and sends it, and the phone's push decrypts and its VAPID token
    /// verifies (the push service checks both), pushed by an instance other than the one it subscribed through.
    /// The push service is https on loopback with its own authority, reached as an operator's own would be
    /// (`--allow-private-address`, `--push-ca-file`).
    @Test func aReminderIsSentOnceThoughTheInstanceSendingItIsKilled() async throws {
        try await Self.withPhone { fleet, push, phone in
            // The reminder, set through instance 1 with the form instance 1 gave.
            let page = try fleet.get("/stops/train/1071", instance: 1)
            let option = try #require(page.text.range(of: #"<option value="\d+-\d+" selected>"#, options: .regularExpression))
            let line = String(page.text[option].dropFirst("<option value=\"".count).prefix { $0 != "\"" })
            let set = try Self.post("/alerts/leave", [("mode", "train"), ("stop_id", "1071"), ("line", line), ("minutes", "30")] + phone.fields,
                                    formFrom: page, fleet: fleet)
            #expect(set.status == 303, "the reminder was not set: \(set.status) \(set.text.prefix(300))")
            let titles = try await Self.sentOnceThoughItsSenderIsKilled(fleet, push)
            #expect(titles.count == 1, "sent \(titles.count) times: \(titles)")
            #expect(titles.first?.hasPrefix("Time to go, ") == true)
        }
    }

    /// The same for a ride alert, the issue's own case: a train moving now (the fleet's simulator runs on the real
    /// clock, seed 7, so the test's own simulator finds the same train), watched from the stop it left to the next,
    /// so "Get ready" is due at once. Its first notification is sent once though its sender is killed; when the train
    /// reaches the stop before the dead sender's claim passes, "You are at" supersedes it and is said once instead.
    @Test func aRideAlertIsSentOnceThoughTheInstanceSendingItIsKilled() async throws {
        let shift = Self.dayShift
        let simulator = try PTVSimulator(devID: "3000165", key: "fleet-test-key", seed: 7, now: { Date().addingTimeInterval(shift) },
                                         logger: Logger(label: "showcase"))
        let moving = try #require(simulator.showcase(at: Date().addingTimeInterval(shift)).movingTrain, "no train moving now on seed 7")
        try await Self.withPhone { fleet, push, phone in
            let page = try fleet.get("/ride/train/\(moving.runRef)?from=\(moving.stopID)", instance: 1)
            #expect(page.status == 200)
            let choice = try #require(page.text.range(of: #"\?from=\#(moving.stopID)&amp;to=\d+""#, options: .regularExpression),
                                      "no stop ahead to choose: \(page.text.prefix(1500))")
            let next = String(page.text[choice].split(separator: "=").last?.dropLast() ?? "")
            let set = try Self.post("/alerts/ride", [("mode", "train"), ("run", moving.runRef), ("from", String(moving.stopID)), ("to", next)]
                                    + phone.fields, formFrom: page, fleet: fleet)
            #expect(set.status == 303, "the ride alert was not set: \(set.status) \(set.text.prefix(300))")
            let titles = try await Self.sentOnceThoughItsSenderIsKilled(fleet, push)
            #expect(Set(titles).count == titles.count, "something said twice: \(titles)")
            // "Get ready" first, or not at all when the train reached the stop before the dead sender's claim passed
            // ("You are at" supersedes it); never after.
            #expect(titles.first?.hasPrefix("Get ready, ") == true || titles == titles.filter { $0.hasPrefix("You are at ") }, "\(titles)")
            #expect(!titles.isEmpty)
        }
    }

    /// Seconds that move the clock of the fleet, its simulator and the test's own into Melbourne's day (the same hour
    /// of 11 am onwards on the day, or the next day), when the real hour is one without trains (before 7 am or from
    /// 9 pm); 0 by day. Whole hours, so minutes and seconds run as they really do.
    static var dayShift: Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Australia/Melbourne")!
        let hour = calendar.component(.hour, from: Date())
        guard hour < 7 || hour >= 21 else { return 0 }
        return Double(((11 - hour) + 24) % 24) * 3600
    }

    /// A fleet whose instances push over https to a loopback push service with its own authority, reached as an
    /// operator's own would be (`--allow-private-address`, `--push-ca-file`), and a phone subscribed to it whose first
    /// push the service holds unanswered for 20 s.
    static func withPhone(_ body: (Fleet, LoopbackPushService, LoopbackPushService.Subscription) async throws -> Void) async throws {
        try await withTemporaryDirectory { folder in
            try await LoopbackPushService.with(tlsFolder: folder) { push in
                let shift = "--clock-shift \(Self.dayShift)"
                let arguments = "--alert-interval 10 --allow-private-address 127.0.0.0/8 --push-ca-file \(folder)/push-ca.pem \(shift)"
                try await Fleet.with(serveArguments: arguments, simulatorArguments: "--seed 7 \(shift)") { fleet in
                    let phone = try await push.subscribe("phone", tls: true)
                    #expect(phone.endpoint.hasPrefix("https://127.0.0.1:"))
                    try await push.hold("phone", seconds: 20)
                    try await body(fleet, push, phone)
                }
            }
        }
    }

    /// POSTs `fields` to instance 1 with the form token and cookies that `page` (from instance 1) gave.
    static func post(_ target: String, _ fields: [(String, String)], formFrom page: RawResponse, fleet: Fleet) throws -> RawResponse {
        let cookie = page.headers("Set-Cookie").compactMap { $0.split(separator: ";").first.map(String.init) }.joined(separator: "; ")
        let token = try #require(cookie.split(separator: ";").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("trakx_form=") }?.dropFirst("trakx_form=".count))
        let body = Browser.urlencoded([("token", String(token))] + fields)
        return try RawHTTP.exchange(RawHTTP.message("POST", target, host: "127.0.0.1:\(fleet.port)", headers: [
            ("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", cookie), ("Origin", "http://127.0.0.1:\(fleet.port)"),
        ], body: Array(body.utf8)), port: fleet.instancePorts[0], timeout: 20)
    }

    /// Waits for the phone's first push (held by the service), SIGKILLs the instance that the kept notification names
    /// (and stops instance 1, the one the phone subscribed through, if it survived), then waits for another instance to
    /// claim and send it and two intervals more. Returns the titles the phone received; the outbox is then empty.
    static func sentOnceThoughItsSenderIsKilled(_ fleet: Fleet, _ push: LoopbackPushService) async throws -> [String] {
        // Some instance decides within an interval and pushes; the service holds the push.
        let deadline = Date().addingTimeInterval(45)
        while try await push.received("phone").attempts == 0, Date() < deadline { try await Task.sleep(for: .milliseconds(200)) }
        #expect(try await push.received("phone").attempts == 1)
        // The kept notification names the process sending it.
        let holder = try await Self.psql(fleet, "SELECT holder FROM alert_outbox")
        let sender = try #require(holder.split(separator: " ").drop { $0 != "pid" }.dropFirst().first.flatMap { pid_t($0) },
                                  "no notification kept while its push is under way: \(holder)")
        let instances = (1 ... 3).map { fleet.pid("trakx-\($0).pid") }
        let killed = try #require(instances.firstIndex(of: sender), "the sender \(sender) is none of \(instances)") + 1
        kill(sender, SIGKILL)
        // The phone subscribed through instance 1: when the dead one was another, instance 1 stops too, so the push
        // comes from an instance the phone never spoke to.
        if killed != 1 { try await fleet.instance("stop", 1) }
        let resent = Date().addingTimeInterval(120)
        while try await push.received("phone").messages.isEmpty, Date() < resent { try await Task.sleep(for: .milliseconds(500)) }
        // Two more intervals: nothing more is said.
        try await Task.sleep(for: .seconds(21))
        let received = try await push.received("phone")
        #expect(received.attempts == received.messages.count + 1, "one held push, then each notification delivered once")
        #expect(try await Self.psql(fleet, "SELECT count(*) FROM alert_outbox") == "0")
        return received.messages.map(\.payload.title)
    }

    /// What `psql` prints for `sql` on the fleet's database, trimmed.
    static func psql(_ fleet: Fleet, _ sql: String) async throws -> String {
        let url = try #require(fleet.settings["FLEET_DATABASE_URL"])
        let child = try ChildProcess.launch("/usr/bin/psql", arguments: ["-Atc", sql, url])
        _ = try await onThread { child.waitForExit(timeout: 20) }
        return child.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
