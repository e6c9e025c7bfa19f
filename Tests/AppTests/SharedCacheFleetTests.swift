@testable import App
import Foundation
import Logging
import PTVSimulator
import SharedCache
import Storage
import Testing
import TestSupport

/// Two instances of Trakx (two apps in one test) behind one PTV (one simulator) sharing one Redis under a namespace
/// of their own: what one learns from PTV, the other uses; one visitor has one budget; a notice left through one is
/// said by the other, once.
@Suite(.enabled(if: TestServices.redisEnabled)) struct SharedCacheFleetTests {
    /// Two apps on one simulator and one clock, sharing the test Redis (or `redis`) under a fresh namespace.
    static func fleet(redis: String? = nil, clock: TestClock = TestClock(fixedNow), configure: @escaping (inout AppConfiguration) -> Void = { _ in },
                      _ body: (TestApp, TestApp, PTVSimulator) async throws -> Void) async throws {
        let url = try redis ?? TestServices.requireRedis()
        let namespace = "fleet-\(UUID().uuidString)"
        var upstream = AppConfiguration(fixedNow: fixedNow)
        upstream.clock = { clock.now }
        var quiet = Logger(label: "fleet-test")
        quiet.logLevel = .critical
        let simulator = try DemoUpstream.start(for: &upstream, seed: 7, logger: quiet)
        let settings: (inout AppConfiguration) -> Void = { configuration in
            configuration.clock = upstream.clock
            configuration.ptvBaseURL = upstream.ptvBaseURL
            configuration.ptvDevID = upstream.ptvDevID
            configuration.ptvKey = upstream.ptvKey
            configuration.demo = true
            configuration.upstreamTimeout = 10
            configuration.sharedCacheURL = url
            configuration.sharedCacheNamespace = namespace
            // Roomier than the 200 ms of a server: these tests share two cores with other suites.
            configuration.sharedCacheTimeout = 2
            configure(&configuration)
        }
        do {
            try await TestApp.with(logger: quiet, configure: settings) { one in
                try await TestApp.with(logger: quiet, configure: settings) { two in
                    try await body(one, two, simulator)
                }
            }
        } catch {
            await simulator.shutdown()
            throw error
        }
        await simulator.shutdown()
    }

    /// Waits until `app` has asked everything a page left for the background, by its handle (`BackgroundWork`: the
    /// questions for later pages, the ways its services go, the claims on the fleet's questions given up after them).
    static func settle(_ app: TestApp) async throws {
        await app.app.backgroundWorkSettled()
    }

    @Test func aBoardOneInstanceFetchedCostsTheOtherNoCall() async throws {
        try await Self.fleet { one, two, simulator in
            _ = try await one.page("/stops/train/1071", status: 200)
            try await Self.settle(one)
            let asked = simulator.requestCount
            #expect(asked > 0)
            let board = try await two.page("/stops/train/1071", status: 200)
            #expect(board.text.contains("Flinders Street"))
            // The board's own questions (the stop and its departures) were answered from the fleet: PTV was not asked.
            let upstream = try await two.get("/metrics").text.split(separator: "\n").filter { $0.hasPrefix("trakx_ptv_upstream_requests_total") }
            #expect(!upstream.contains { $0.contains("endpoint=\"departures\"") || $0.contains("endpoint=\"stop\"") }, "\(upstream)")
            #expect(try await two.get("/metrics").text.contains("trakx_ptv_shared_hits_total{endpoint=\"departures\"}"))
            // PTV's "not found" is shared too.
            let before = simulator.requestCount
            #expect(try await one.get("/stops/bus/900001").status == 404)
            #expect(simulator.requestCount - before == 2)
            #expect(try await two.get("/stops/bus/900001").status == 404)
            #expect(simulator.requestCount - before == 2)
        }
    }

    @Test func manyRequestsAtOnceOverBothInstancesAskPTVOnce() async throws {
        try await Self.fleet { one, two, simulator in
            // PTV is slow, so every request arrives while the first fetch is still out.
            simulator.faults.set(.latency(milliseconds: 400))
            let before = simulator.requestCount
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0 ..< 16 {
                    let app = index.isMultiple(of: 2) ? one : two
                    group.addTask { try await app.get("/stops/bus/900050", from: "127.0.0.\(2 + index)").status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 404, count: 16))
            // The made-up stop is two questions (the stop and its departures), each asked once for the fleet.
            let errors = try await one.get("/metrics").text + (try await two.get("/metrics").text)
            #expect(simulator.requestCount - before == 2, "\(errors.split(separator: "\n").filter { $0.hasPrefix("trakx_shared_cache") })")
        }
    }

    @Test func aThrottleSeenByOneHoldsTheOther() async throws {
        try await Self.fleet { one, two, simulator in
            simulator.faults.set(.throttleRetryAfter(seconds: 60))
            _ = try await one.get("/stops/train/1071")
            simulator.faults.clear()
            // The throttle is written to Redis in the background, tracked: waited for by that handle.
            let shared = try #require(one.app.shared)
            await one.app.work.settled()
            #expect(try await shared.client.command(["GET", RedisArgument(shared.client.key("throttle"))]).bytes != nil)
            let asked = simulator.requestCount
            let held = try await two.get("/stops/train/1155")
            #expect(held.status == 503)
            #expect(held.text.contains("PTV is limiting how often Trakx may ask"))
            #expect(simulator.requestCount == asked, "the other instance asked PTV while it asked the fleet to wait")
            #expect(try await two.get("/healthz").text.contains("PTV is limiting how often Trakx may ask"))
        }
    }

    @Test func aVisitorHasOneBudgetWhicheverInstanceAnswers() async throws {
        try await Self.fleet(configure: { $0.ptvCallsPerMinutePerVisitor = 4 }) { (one: TestApp, two: TestApp, _: PTVSimulator) async throws in
            // Each made-up stop costs two calls: one page through each instance spends the four.
            #expect(try await one.get("/stops/bus/900101", from: "127.0.0.2").status == 404)
            #expect(try await two.get("/stops/bus/900102", from: "127.0.0.2").status == 404)
            #expect(try await one.get("/stops/bus/900103", from: "127.0.0.2").status == 429)
            #expect(try await two.get("/stops/bus/900104", from: "127.0.0.2").status == 429)
            // Another visitor still has theirs.
            #expect(try await two.get("/stops/bus/900105", from: "127.0.0.3").status == 404)
        }
    }

    /// Only a call that reaches PTV is charged: boards another instance has just fetched cost a visitor nothing, and
    /// PTV is not asked again; their budget is whole after them.
    @Test func anAnswerAnotherInstanceFetchedIsNotChargedToTheVisitor() async throws {
        try await Self.fleet(configure: { $0.ptvCallsPerMinutePerVisitor = 4 }) { (one: TestApp, two: TestApp, _: PTVSimulator) async throws in
            let boards = ["/stops/train/1071", "/stops/train/1181", "/stops/train/1155"]
            for (index, board) in boards.enumerated() {
                #expect(try await one.get(board, from: "127.0.0.\(10 + index)").status == 200)
            }
            try await Self.settle(one)
            // Two calls a board: charged, the second board would spend the four and the third be refused.
            for board in boards {
                #expect(try await two.get(board, from: "127.0.0.3").status == 200, "\(board)")
            }
            let upstream = try await two.get("/metrics").text.split(separator: "\n").filter { $0.hasPrefix("trakx_ptv_upstream_requests_total") }
            #expect(!upstream.contains { $0.contains("endpoint=\"departures\"") || $0.contains("endpoint=\"stop\"") }, "\(upstream)")
            #expect(try await two.get("/stops/bus/900101", from: "127.0.0.3").status == 404)
            #expect(try await two.get("/stops/bus/900102", from: "127.0.0.3").status == 404)
            #expect(try await two.get("/stops/bus/900103", from: "127.0.0.3").status == 429)
        }
    }

    @Test func newListsFromOneAddressAreCountedOverBothInstances() async throws {
        try await Self.fleet(configure: { $0.sharedFavourites = true; $0.listsPerMinutePerAddress = 1 }) { (one: TestApp, two: TestApp, _: PTVSimulator) async throws in
            let form = [("mode", "train"), ("stop_id", "1071"), ("return", "/stops/train/1071")]
            #expect(try await one.post("/favourites", form: form).status == 303)
            #expect(try await two.post("/favourites", form: form).status == 429)
        }
    }

    @Test func aNoticeLeftThroughOneIsSaidByTheOtherOnce() async throws {
        try await Self.fleet { one, two, _ in
            let session = try await one.session()
            let added = try await one.post("/favourites", form: [("mode", "train"), ("stop_id", "1071"), ("return", "/stops/train/1071")],
                                           session: session)
            #expect(added.status == 303)
            #expect(session.cookies["trakx_notice"] == "1")
            let said = try await two.get("/stops/train/1071", headers: [("Cookie", session.cookie)])
            #expect(said.text.contains("Added Flinders Street Station to favourites."))
            #expect(said.headers("Set-Cookie").contains { $0.hasPrefix("trakx_notice=;") })
            let again = try await one.get("/stops/train/1071", headers: [("Cookie", session.cookie)])
            #expect(again.status == 200)
            #expect(!again.text.contains("Added Flinders Street Station to favourites."))
        }
    }

    @Test func aDatedCopyOneFetchedServesTheOtherWhenPTVFails() async throws {
        let clock = TestClock(fixedNow)
        try await Self.fleet(clock: clock) { one, two, simulator in
            _ = try await one.page("/stops/train/1071", status: 200)
            await one.app.backgroundWorkSettled()
            clock.advance(31)  // the departures are no longer fresh
            simulator.faults.set(.status(500))
            let stale = try await two.page("/stops/train/1071", status: 200)
            #expect(stale.text.contains("so this page shows information from"))
        }
    }

    @Test func theWarmPathNeverAsksRedis() async throws {
        try await Self.fleet { one, _, _ in
            let shared = try #require(one.app.shared)
            let session = try await one.session()
            _ = try await session.get("/stops/train/1071")
            _ = try await one.page("/stops/train/1071", status: 200)
            // Until the patterns the board learns in the background are in, and the claims on them given up.
            try await Self.settle(one)
            let sent = shared.client.commandsSent
            for _ in 0 ..< 5 {
                #expect(try await one.get("/stops/train/1071").status == 200)
                #expect(try await session.get("/stops/train/1071").status == 200)
            }
            #expect(shared.client.commandsSent == sent, "a stored page's request sent a command to Redis")
            // A browser that may have a notice waiting goes through the chain, which asks Redis once.
            let waiting = try await one.get("/stops/train/1071", headers: [("Cookie", session.cookie + "; trakx_notice=1")])
            #expect(waiting.status == 200)
            #expect(shared.client.commandsSent == sent + 1)
        }
    }

    /// The warm path (a stored page, a browser with nothing waiting for it) reaches neither engine: with favourites
    /// and alerts in PostgreSQL and the fleet's cache in Redis, fifty warm boards send nothing to either. (Fails when
    /// the stored page is bypassed, or when the chain reads a favourite or a notice for every request.)
    @Test func theWarmPathReachesNeitherPostgreSQLNorRedis() async throws {
        try await withTemporaryPostgres { database in
            try await Self.fleet(configure: { $0.databasePath = database }) { one, _, _ in
                let shared = try #require(one.app.shared)
                let postgres = try #require(one.app.database as? PostgresDatabase)
                let session = try await one.session()
                _ = try await session.get("/stops/train/1071")
                _ = try await one.page("/stops/train/1071", status: 200)
                try await Self.settle(one)
                let counts = (shared.client.commandsSent, postgres.callsMade)
                for _ in 0 ..< 25 {
                    #expect(try await one.get("/stops/train/1071").status == 200)
                    #expect(try await session.get("/stops/train/1071").status == 200)
                }
                #expect(shared.client.commandsSent == counts.0, "a stored page's request sent a command to Redis")
                #expect(postgres.callsMade == counts.1, "a stored page's request asked PostgreSQL")
                // The favourites page reads PostgreSQL: the counter counts.
                #expect(try await session.get("/favourites").status == 200)
                #expect(postgres.callsMade > counts.1)
            }
        }
    }

    @Test func anUnreachableSharedCacheLeavesPagesServedAndSaysSo() async throws {
        try await Self.fleet(redis: "redis://127.0.0.1:1") { one, two, _ in
            _ = try await one.page("/stops/train/1071", status: 200)
            _ = try await two.page("/stops/train/1071", status: 200)
            let health = try await one.get("/healthz")
            #expect(health.status == 200)
            #expect(withoutNetwork(health.text) == #"{"status":"degraded","mode":"demo","reason":"shared cache unreachable"}"#)
            let metrics = try await one.get("/metrics").text
            #expect(metrics.contains("trakx_shared_cache_up 0\n"))
            #expect(!metrics.contains("trakx_shared_cache_errors_total 0\n"))
        }
    }

    @Test func pagesAreServedWhileRedisIsGoneAndTheFleetIsSharedAgainWhenItIsBack() async throws {
        var server = try await OwnRedis.start()
        defer { server.stop() }
        try await Self.fleet(redis: server.url) { one, _, _ in
            _ = try await one.page("/stops/train/1071", status: 200)
            #expect(withoutNetwork(try await one.get("/healthz").text) == #"{"status":"ok","mode":"demo"}"#)
            server.stop()
            // Said at once, before any page has asked Redis anything (a quiet instance serves its own stored pages).
            #expect(try await one.get("/healthz").text.contains("shared cache unreachable"))
            _ = try await one.page("/stops/train/1155", status: 200)
            #expect(try await one.get("/healthz").text.contains("shared cache unreachable"))
            server = try await server.restarted()
            var health = ""
            for _ in 0 ..< 60 where !health.contains("ok") {
                try await Task.sleep(for: .milliseconds(250))
                health = try await one.get("/healthz").text
            }
            #expect(withoutNetwork(health) == #"{"status":"ok","mode":"demo"}"#)
        }
    }
}
