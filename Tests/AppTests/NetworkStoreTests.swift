@testable import App
import Foundation
import PTV
import Storage
import Testing
import TestSupport

/// The network kept in the database (`network_route`) on both engines: PTV's route list and each route's ways, read
/// back as kept, a newer copy winning and routes PTV no longer lists forgotten.
struct NetworkStoreTests {
    /// Two directions of a made-up tram route, stops in order, one stop without a position.
    static let lines = [
        StopWays.Line(name: "Clifton Hill", stops: [
            Stop(stopId: 10, routeType: .tram, stopLatitude: -37.80, stopLongitude: 144.96, stopSequence: 1),
            Stop(stopId: 11, routeType: .tram, stopLatitude: -37.79, stopLongitude: 144.96, stopSequence: 2),
            Stop(stopId: 12, routeType: .tram, stopSequence: 3),
        ]),
        StopWays.Line(name: "Elsternwick", stops: [
            Stop(stopId: 12, routeType: .tram, stopSequence: 1),
            Stop(stopId: 11, routeType: .tram, stopLatitude: -37.79, stopLongitude: 144.96, stopSequence: 2),
            Stop(stopId: 10, routeType: .tram, stopLatitude: -37.80, stopLongitude: 144.96, stopSequence: 3),
        ]),
    ]

    @Test(arguments: StorageEngine.all) func routesAndWaysRoundTrip(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let store = NetworkStore(database: database, source: "http://ptv.test")
            let listed = [Route(routeType: .tram, routeId: 5), Route(routeType: .bus, routeId: 246), Route(routeType: .train, routeId: 6)]
            try await store.keepList(listed, at: fixedNow)
            try await store.keepWays(routeID: 5, type: .tram, lines: Self.lines, at: fixedNow.addingTimeInterval(60))

            let all = try await store.all().sorted { $0.routeID < $1.routeID }
            #expect(all.map(\.routeID) == [5, 6, 246])
            #expect(all.map(\.routeType) == [.tram, .train, .bus])
            #expect(all.allSatisfy { $0.listedAt == fixedNow })
            let tram = try #require(try await store.route(5))
            let (lines, learntAt) = try #require(tram.ways)
            #expect(learntAt == fixedNow.addingTimeInterval(60))
            #expect(lines.map(\.name) == ["Clifton Hill", "Elsternwick"])
            #expect(lines[0].stops.map(\.stopId) == [10, 11, 12])
            #expect(lines[1].stops.map(\.stopId) == [12, 11, 10])
            #expect(lines[0].stops[0].stopLatitude == -37.80 && lines[0].stops[2].stopLatitude == nil)
            // Read back, the ways say what they said before they were kept.
            #expect(lines[0].way(from: 10) == Self.lines[0].way(from: 10))
            #expect(lines[0].way(from: 11) == StopWays.Way(towards: "Clifton Hill", bearing: nil))
            #expect(try await store.route(246)?.ways == nil)
            // Another PTV's copy is another source's.
            #expect(try await NetworkStore(database: database, source: "demo").all().isEmpty)
        }
    }

    @Test(arguments: StorageEngine.all) func aNewerCopyWinsAndAnUnlistedRouteIsForgotten(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let store = NetworkStore(database: database, source: "demo")
            try await store.keepList([Route(routeType: .tram, routeId: 5), Route(routeType: .bus, routeId: 246)], at: fixedNow)
            try await store.keepWays(routeID: 5, type: .tram, lines: Self.lines, at: fixedNow.addingTimeInterval(120))
            // An instance that learnt the route earlier writes after: the newer copy stays.
            try await store.keepWays(routeID: 5, type: .tram, lines: [Self.lines[0]], at: fixedNow.addingTimeInterval(60))
            #expect(try await store.route(5)?.ways?.lines.count == 2)
            // A route only a page asked about is kept without being listed.
            try await store.keepWays(routeID: 96, type: .tram, lines: Self.lines, at: fixedNow)
            #expect(try await store.route(96)?.listedAt == nil)
            // PTV's next list no longer names 246: it is forgotten; 96, never listed, stays.
            try await store.keepList([Route(routeType: .tram, routeId: 5)], at: fixedNow.addingTimeInterval(86_400))
            #expect(try await store.all().map(\.routeID).sorted() == [5, 96])
            #expect(try await store.route(5)?.listedAt == fixedNow.addingTimeInterval(86_400))
            #expect(try await store.route(5)?.ways?.lines.count == 2)
        }
    }
}
