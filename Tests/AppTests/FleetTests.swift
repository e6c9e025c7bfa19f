import Foundation
import Testing
import TestSupport

/// Trakx as a fleet (issue 53): three real `trakx serve` processes behind HAProxy, sharing PostgreSQL (what lasts) and
/// Redis (what instances share while they run), one PTV simulator for all (Scripts/fleet.sh, as `make fleet` runs it).
@Suite(.enabled(if: TestServices.postgresEnabled && TestServices.redisEnabled), .serialized, .timeLimit(.minutes(5)))
struct FleetTests {
    /// A favourite added through one instance is listed by every other; its confirmation is said once by whichever
    /// instance serves the next page; a form rendered by one instance is accepted by another; the VAPID key is one.
    @Test func aFavouriteItsFormAndItsConfirmationHoldWhicheverInstanceAnswers() async throws {
        try await Fleet.with { fleet in
            // The form from instance 1, sent to instance 2.
            let page = try fleet.get("/stops/train/1071", instance: 1)
            #expect(page.status == 200)
            let cookie = page.headers("Set-Cookie").compactMap { $0.split(separator: ";").first.map(String.init) }.joined(separator: "; ")
            let token = try #require(cookie.split(separator: ";").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix("trakx_form=") }?.dropFirst("trakx_form=".count))
            let body = Browser.urlencoded([("token", String(token)), ("mode", "train"), ("stop_id", "1071")])
            let added = try RawHTTP.exchange(RawHTTP.message("POST", "/favourites", host: "127.0.0.1:\(fleet.port)", headers: [
                ("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", cookie), ("Origin", "http://127.0.0.1:\(fleet.port)"),
            ], body: Array(body.utf8)), port: fleet.instancePorts[1], timeout: 20)
            #expect(added.status == 303, "instance 2 refused instance 1's form: \(added.status) \(added.text.prefix(300))")
            let listCookie = added.headers("Set-Cookie").compactMap { $0.split(separator: ";").first.map(String.init) }
            let cookies = ([cookie] + listCookie).joined(separator: "; ")
            let location = try #require(added.header("Location"))
            // The confirmation, said by instance 3, once.
            let confirmed = try fleet.get(location, instance: 3, headers: [("Cookie", cookies)])
            #expect(confirmed.text.contains("to favourites."), "instance 3 did not say the confirmation instance 2 left")
            let again = try fleet.get(location, instance: 1, headers: [("Cookie", cookies)])
            #expect(!again.text.contains("to favourites."), "the confirmation was said twice")
            // Listed by every instance.
            for n in 1 ... 3 {
                let favourites = try fleet.get("/favourites", instance: n, headers: [("Cookie", cookies)])
                #expect(favourites.status == 200)
                #expect(favourites.text.contains("Flinders Street"), "instance \(n) does not list the favourite")
            }
            // One push key for the fleet: a phone subscribed through one instance can be pushed by another.
            let keys = try (1 ... 3).map { n in
                try fleet.get("/stops/train/1071", instance: n).text.components(separatedBy: "data-key=\"").dropFirst().first?.prefix { $0 != "\"" }
            }
            #expect(keys[0] != nil && Set(keys).count == 1, "the instances offer different push keys: \(keys)")
        }
    }

    /// A hundred riders on one board, spread over the three instances, cost one PTV departures call.
    @Test func aHundredRidersOnOneBoardCostOnePTVCall() async throws {
        try await Fleet.with { fleet in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for rider in 0 ..< 100 {
                    group.addTask { try await onThread { try fleet.get("/stops/train/1071", instance: rider % 3 + 1).status } }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == 200 }, "\(statuses.filter { $0 != 200 })")
            let calls = fleet.metric("trakx_ptv_upstream_requests_total{endpoint=\"departures\"")
            #expect(calls == 1, "the fleet asked PTV for the board \(calls) times")
        }
    }

    /// A scan of stops spread over the fleet is refused after one visitor's budget, not three.
    @Test func aScanSpreadOverTheFleetIsRefusedAfterOneBudget() async throws {
        let budget = 12
        try await Fleet.with(serveArguments: "--ptv-calls-per-minute \(budget)") { fleet in
            var answered = 0, refused = 0
            for stop in 20_000 ..< 20_040 {
                let status = try fleet.get("/stops/bus/\(stop)", instance: stop % 3 + 1).status
                if status == 429 { refused += 1 } else { answered += 1 }
            }
            // Each page of a stop not seen before costs at least one PTV call: one budget answers at most `budget` of
            // them, where three budgets would answer up to three times as many.
            #expect(refused > 0)
            #expect(answered <= budget, "\(answered) pages answered on a budget of \(budget) calls")
        }
    }

    /// PTV throttling seen by one instance holds all three: after instance 1 is told to wait, instances 2 and 3 do
    /// not ask PTV at all, and say in words that PTV is limiting Trakx.
    @Test func aThrottleSeenByOneInstanceHoldsTheOthers() async throws {
        // Without the network learner, whose first questions at start would meet the throttling before the test's
        // page does (then instance 1 is the one held, and another instance the one PTV told to wait).
        try await Fleet.with(serveArguments: "--no-learn-network", simulatorArguments: "--seed 7 --demo-fault throttle --demo-fault-after 0") { fleet in
            // Calls that reached PTV, by instance (a call the gate held is counted with outcome "backoff").
            func sent(_ n: Int) throws -> Double {
                try fleet.get("/metrics", instance: n).text.split(separator: "\n")
                    .filter { $0.hasPrefix("trakx_ptv_upstream_requests_total{") && !$0.contains("outcome=\"backoff\"") }
                    .compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }.reduce(0, +)
            }
            let first = try fleet.get("/stops/train/1071", instance: 1)
            #expect(first.text.contains("PTV is limiting how often Trakx may ask"), "\(first.status) \(first.text.prefix(400))")
            let firstRound = try sent(1)
            #expect(firstRound >= 1)
            for (n, stop) in [(2, 1155), (3, 1181), (2, 1162)] {
                let page = try fleet.get("/stops/train/\(stop)", instance: n)
                #expect(page.text.contains("PTV is limiting how often Trakx may ask"), "instance \(n): \(page.status) \(page.text.prefix(400))")
            }
            #expect(try sent(1) == firstRound)
            #expect(try sent(2) == 0, "instance 2 asked a PTV that had told instance 1 to wait")
            #expect(try sent(3) == 0, "instance 3 asked a PTV that had told instance 1 to wait")
            #expect(fleet.metric("trakx_ptv_upstream_requests_total{endpoint=\"departures\",outcome=\"backoff\"") >= 3)
        }
    }

    /// Every instance restarted in turn behind the proxy while riders keep loading pages: no request lost, none a 5xx.
    @Test func aRollingRestartUnderLoadLosesNoRequest() async throws {
        try await Fleet.with { fleet in
            let load = FleetLoad(fleet: fleet)
            load.start()
            try await Task.sleep(for: .seconds(1))
            for n in 1 ... 3 {
                #expect(try await fleet.instance("restart", n) == 0, "instance \(n) did not restart")
                try await Task.sleep(for: .seconds(2))
            }
            let outcome = await load.stop()
            #expect(outcome.total > 50, "too little load to tell: \(outcome.total)")
            #expect(outcome.failures.isEmpty, "lost or failed during the rolling restart: \(outcome.failures.prefix(10))")
        }
    }

    /// Redis killed under load: no 5xx, pages still served, `/healthz` degraded; then Redis back, and so is the fleet.
    @Test func redisKilledUnderLoadThenRecovered() async throws {
        try await Fleet.with { fleet in
            let load = FleetLoad(fleet: fleet)
            load.start()
            let redis = try #require(fleet.pid("services/redis.pid"))
            kill(redis, SIGKILL)
            try await Task.sleep(for: .seconds(2))
            let degraded = try (1 ... 3).map { try fleet.get("/healthz", instance: $0).text }
            #expect(degraded.allSatisfy { $0.contains("shared cache unreachable") }, "\(degraded)")
            _ = try await Fleet.shell("bash \(fleet.folder)/services/start-redis.sh")
            var recovered = false
            for _ in 0 ..< 100 where !recovered {
                try await Task.sleep(for: .milliseconds(200))
                recovered = try (1 ... 3).allSatisfy { try !fleet.get("/healthz", instance: $0).text.contains("shared cache unreachable") }
            }
            let outcome = await load.stop()
            #expect(recovered, "the instances did not reconnect to Redis")
            #expect(outcome.failures.isEmpty, "failed while Redis was down: \(outcome.failures.prefix(10))")
        }
    }

    /// PostgreSQL killed under load: boards still served, favourites said unavailable in words (503, Retry-After,
    /// never a 500), no acknowledged change lost, an instance restarted meanwhile comes up; then PostgreSQL back, and
    /// favourites with it on every instance, the restarted one included.
    @Test func postgresKilledUnderLoadThenRecovered() async throws {
        try await Fleet.with { fleet in
            let browser = fleet.browser()
            let added = try await browser.post("/favourites", form: [("mode", "train"), ("stop_id", "1071")])
            #expect(added.status == 303)
            let load = FleetLoad(fleet: fleet)
            load.start()
            _ = try await Fleet.shell("runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl -D \(fleet.folder)/services/pg/data -m immediate stop")
            try await Task.sleep(for: .milliseconds(500))
            let unavailable = try await browser.get("/favourites")
            #expect(unavailable.status == 503)
            #expect(unavailable.header("Retry-After") != nil)
            #expect(unavailable.text.contains("just now"), "\(unavailable.text.prefix(600))")
            let board = try fleet.get("/stops/train/1071")
            #expect(board.status == 200)
            // A change while PostgreSQL is down is said not to be kept.
            let refused = try await browser.post("/favourites", form: [("mode", "tram"), ("stop_id", "2218")])
            #expect(refused.status == 503)
            // An instance started while PostgreSQL is down comes up and serves boards (systemd's restart, a deploy).
            #expect(try await fleet.instance("restart", 1) == 0, "an instance started while PostgreSQL was down did not come up")
            #expect(try fleet.get("/stops/train/1071", instance: 1).status == 200)
            let ownList = [("Cookie", browser.cookie)]
            #expect(try fleet.get("/favourites", instance: 1, headers: ownList).status == 503)
            _ = try await Fleet.shell("bash \(fleet.folder)/services/start-postgres.sh")
            var back: RawResponse?
            for _ in 0 ..< 100 {
                try await Task.sleep(for: .milliseconds(200))
                let page = try await browser.get("/favourites")
                if page.status == 200, try fleet.get("/favourites", instance: 1, headers: ownList).text.contains("Flinders Street") {
                    back = page
                    break
                }
            }
            let outcome = await load.stop()
            let page = try #require(back, "favourites did not come back with PostgreSQL")
            #expect(page.text.contains("Flinders Street"), "the favourite acknowledged before the kill was lost")
            #expect(outcome.failures.filter { !$0.hasPrefix("503 /favourites") }.isEmpty, "\(outcome.failures.prefix(10))")
        }
    }
}
