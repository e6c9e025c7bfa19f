@testable import App
import Foundation
import Logging
import PTV
import PTVSimulator
import Testing
import TestSupport

/// Knowing the network before a rider asks (issue 54, item 1), on a real server, the simulator and a real database of
/// each engine: the background learner learns every kerbside route, a restart keeps it, the first nearby page of a
/// fresh instance tells paired stops apart without asking PTV which way they go, and an instance of a fleet takes what
/// another has learnt instead of asking again.
@Suite(.serialized)
struct NetworkAheadTests {
    /// The simulator's tram, bus and night bus routes (those the learner learns).
    static func kerbside(_ simulator: PTVSimulator?) throws -> Int {
        try require_(simulator, "simulator").network.routes.count { StopWays.kerbside.contains($0.routeType) }
    }

    /// An app on the database at `location`, learning the network when `learns`.
    static func app(on location: String, learns: Bool, _ body: (TestApp) async throws -> Void) async throws {
        try await TestApp.with(configure: { configuration in
            configuration.databasePath = location
            configuration.learnNetwork = learns
            configuration.networkPace = .zero
        }, body)
    }

    /// Upstream requests answered for `endpoint`, from `/metrics`.
    static func asked(_ app: TestApp, _ endpoint: String) async throws -> Int {
        try await metric(app, "trakx_ptv_upstream_requests_total{endpoint=\"\(endpoint)\",outcome=\"ok\"}")
    }

    /// A metric's value from `/metrics` (0 when absent).
    static func metric(_ app: TestApp, _ name: String) async throws -> Int {
        let prefix = name + " "
        return try await app.get("/metrics").text.split(separator: "\n").first { $0.hasPrefix(prefix) }
            .flatMap { Int($0.dropFirst(prefix.count)) } ?? 0
    }

    @Test(arguments: StorageEngine.all) func theLearnerLearnsEveryRouteAndARestartKeepsIt(engine: StorageEngine) async throws {
        try await engine.withLocation { location in
            var routes = 0
            try await Self.app(on: location, learns: true) { app in
                routes = try Self.kerbside(app.simulator)
                #expect(routes > 0)
                await app.app.backgroundWorkSettled()
                #expect(try await Self.asked(app, "routes") == 1)
                #expect(try await Self.asked(app, "directions") == routes)
                #expect(try await Self.metric(app, "trakx_network_routes_known") == routes)
                #expect(try await Self.metric(app, "trakx_network_routes_total") == routes)
                #expect(try await app.get("/healthz").text.contains(#""network":"\#(routes) of \#(routes) routes known""#))
            }
            // Restarted without the learner: what was learnt is known from the database, and nothing is asked.
            try await Self.app(on: location, learns: false) { app in
                await app.app.backgroundWorkSettled()
                let health = try await app.get("/healthz").text
                #expect(health == #"{"status":"ok","mode":"demo","network":"\#(routes) of \#(routes) routes known"}"#)
                #expect(try await Self.metric(app, "trakx_network_routes_known") == routes)
                #expect(try await Self.metric(app, "trakx_network_routes_total") == routes)
                #expect(try await Self.asked(app, "directions") == 0)
            }
        }
    }

    @Test(arguments: StorageEngine.all) func aFreshInstanceKnowingTheNetworkTellsPairedStopsApartAtOnce(engine: StorageEngine) async throws {
        try await engine.withLocation { location in
            try await Self.app(on: location, learns: true) { app in await app.app.backgroundWorkSettled() }
            try await Self.app(on: location, learns: false) { app in
                // The first page, straight after start: the kept ways are read while it asks for the stops near here.
                let html = try await app.page("/nearby?lat=-37.8843&lon=144.9982&mode=bus", status: 200).text
                let south = try require_(html.components(separatedBy: "<li").first { $0.contains("href=\"/stops/bus/10639\"") }, "10639")
                let north = try require_(html.components(separatedBy: "<li").first { $0.contains("href=\"/stops/bus/10640\"") }, "10640")
                #expect(south.contains(DoorTests.west), "\(south)")
                #expect(north.contains(DoorTests.east), "\(north)")
                await app.app.backgroundWorkSettled()
                #expect(try await Self.asked(app, "directions") == 0)
                #expect(try await Self.asked(app, "stops_on_route") == 0)
            }
        }
    }

    @Test(arguments: StorageEngine.all) func anInstanceTakesWhatAnotherHasLearnt(engine: StorageEngine) async throws {
        try await engine.withLocation { location in
            // Two instances of a fleet on one database: the second started before the first learnt anything, so it read
            // nothing at start.
            try await Self.app(on: location, learns: false) { second in
                await second.app.backgroundWorkSettled()
                var routes = 0
                try await Self.app(on: location, learns: true) { first in
                    await first.app.backgroundWorkSettled()
                    routes = try Self.kerbside(first.simulator)
                }
                #expect(try await Self.metric(second, "trakx_network_routes_known") == 0)
                // The second's learner finds every route learnt fresh in the database and asks PTV only for the list.
                let ptv = second.app.ptv, work = second.app.work
                let learner = NetworkLearner(network: second.app.network, ask: { Ask.forTrakx(source: ptv, budget: nil, account: "test", work: work) },
                                             standing: { ptv.gate.standing }, work: work, pace: .zero, now: { fixedNow },
                                             logger: Logger(label: "test"))
                learner.start()
                await second.app.backgroundWorkSettled()
                learner.stop()
                #expect(try await Self.asked(second, "routes") == 1)
                #expect(try await Self.asked(second, "directions") == 0)
                #expect(try await Self.asked(second, "stops_on_route") == 0)
                #expect(try await Self.metric(second, "trakx_network_routes_known") == routes)
            }
        }
    }

    @Test func theLearnerAsksNothingWhilePTVRefusesTheKey() async throws {
        try await TestApp.with { app in
            let ptv = app.app.ptv, work = app.app.work
            let learner = NetworkLearner(network: app.app.network, ask: { Ask.forTrakx(source: ptv, budget: nil, account: "test", work: work) },
                                         standing: { .keyRefused }, work: work, pace: .zero, now: { fixedNow }, logger: Logger(label: "test"))
            learner.start()
            await app.app.backgroundWorkSettled()
            learner.stop()
            let asked = (routes: try await Self.asked(app, "routes"), directions: try await Self.asked(app, "directions"))
            #expect(asked.routes == 0 && asked.directions == 0)
        }
    }

    @Test func theFiguresAreSaidInWords() {
        #expect(NetworkFigures(known: 37, total: 52).words == "37 of 52 routes known")
        #expect(NetworkFigures(known: 3, total: nil).words == "3 routes known, PTV's route list not learnt yet")
        let metrics = NetworkFigures(known: 37, total: 52).render()
        #expect(metrics.contains("# TYPE trakx_network_routes_known gauge\ntrakx_network_routes_known 37\n"))
        #expect(metrics.contains("# TYPE trakx_network_routes_total gauge\ntrakx_network_routes_total 52\n"))
    }
}
