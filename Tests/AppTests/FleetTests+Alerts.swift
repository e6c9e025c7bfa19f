import Foundation
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
        try await withTemporaryDirectory { folder in
            try await LoopbackPushService.with(tlsFolder: folder) { push in
                let arguments = "--alert-interval 10 --allow-private-address 127.0.0.0/8 --push-ca-file \(folder)/push-ca.pem"
                try await Fleet.with(serveArguments: arguments) { fleet in
                    let phone = try await push.subscribe("phone", tls: true)
                    #expect(phone.endpoint.hasPrefix("https://127.0.0.1:"))
                    try await push.hold("phone", seconds: 20)
                    // The reminder, set through instance 1 with the form instance 1 gave.
                    let page = try fleet.get("/stops/train/1071", instance: 1)
                    let cookie = page.headers("Set-Cookie").compactMap { $0.split(separator: ";").first.map(String.init) }.joined(separator: "; ")
                    let token = try #require(cookie.split(separator: ";").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
                        .first { $0.hasPrefix("trakx_form=") }?.dropFirst("trakx_form=".count))
                    let option = try #require(page.text.range(of: #"<option value="\d+-\d+" selected>"#, options: .regularExpression))
                    let line = String(page.text[option].dropFirst("<option value=\"".count).prefix { $0 != "\"" })
                    let body = Browser.urlencoded([("token", String(token)), ("mode", "train"), ("stop_id", "1071"), ("line", line),
                                                   ("minutes", "30")] + phone.fields)
                    let set = try RawHTTP.exchange(RawHTTP.message("POST", "/alerts/leave", host: "127.0.0.1:\(fleet.port)", headers: [
                        ("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", cookie), ("Origin", "http://127.0.0.1:\(fleet.port)"),
                    ], body: Array(body.utf8)), port: fleet.instancePorts[0], timeout: 20)
                    #expect(set.status == 303, "the reminder was not set: \(set.status) \(set.text.prefix(300))")

                    // Some instance decides "Time to go" within an interval and pushes; the service holds the push.
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
                    // The phone subscribed through instance 1: when the dead one was another, instance 1 stops too, so
                    // the push comes from an instance the phone never spoke to.
                    if killed != 1 { try await fleet.instance("stop", 1) }

                    let resent = Date().addingTimeInterval(120)
                    while try await push.received("phone").messages.isEmpty, Date() < resent { try await Task.sleep(for: .milliseconds(500)) }
                    // Two more intervals: nothing more is said.
                    try await Task.sleep(for: .seconds(21))
                    let received = try await push.received("phone")
                    #expect(received.messages.count == 1, "sent \(received.messages.count) times: \(received.messages.map(\.payload.title))")
                    #expect(received.messages.first?.payload.title.hasPrefix("Time to go, ") == true)
                    #expect(received.attempts == 2, "one held push and one delivered")
                    #expect(try await Self.psql(fleet, "SELECT count(*) FROM alert_outbox") == "0")
                }
            }
        }
    }

    /// What `psql` prints for `sql` on the fleet's database, trimmed.
    static func psql(_ fleet: Fleet, _ sql: String) async throws -> String {
        let url = try #require(fleet.settings["FLEET_DATABASE_URL"])
        let child = try ChildProcess.launch("/usr/bin/psql", arguments: ["-Atc", sql, url])
        _ = try await onThread { child.waitForExit(timeout: 20) }
        return child.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
