@testable import App
import Foundation
import PTV
import Storage
import Testing
import TestSupport

/// What a starting instance takes from the kept network: a route's ways are said up to `StopWays.keptFor` after they
/// were learnt and asked about again after `StopWays.freshness`; older ones, and an old route list, are not said.
struct KeptNetworkTests {
    static let day: TimeInterval = 86_400

    /// A stop of route 5 in both directions.
    static let stop = StopWays.Asked(routeType: .tram, stopID: 11, routeIDs: [5])

    /// An instance at `fixedNow` that read a database where route 5's ways were learnt `age` ago, and PTV's route list
    /// (routes 5 and 6, tram, and train 1) was sent `listAge` ago.
    static func restored(learnt age: TimeInterval, listed listAge: TimeInterval, on database: any SQLDatabase) async throws -> KeptNetwork {
        let store = NetworkStore(database: database, source: "demo")
        try await store.keepList([Route(routeType: .tram, routeId: 5), Route(routeType: .tram, routeId: 6), Route(routeType: .train, routeId: 1)],
                                 at: fixedNow.addingTimeInterval(-listAge))
        try await store.keepWays(routeID: 5, type: .tram, lines: NetworkStoreTests.lines, at: fixedNow.addingTimeInterval(-age))
        let network = KeptNetwork(store: store, ways: StopWays(now: { fixedNow }), now: { fixedNow })
        network.restore()
        await network.restored()
        return network
    }

    @Test(arguments: StorageEngine.all) func aRouteLearntYesterdayIsSaidAndFresh(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let network = try await Self.restored(learnt: 3600, listed: 3600, on: database)
            #expect(network.ways.knows([Self.stop]))
            #expect(network.ways.isFresh(5))
            // The list's kerbside routes: trams 5 and 6, of which 5 is known.
            #expect(network.figures == NetworkFigures(known: 1, total: 2))
        }
    }

    @Test(arguments: StorageEngine.all) func aRouteLearntDaysAgoIsSaidButAskedAgain(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let network = try await Self.restored(learnt: 3 * Self.day, listed: 3 * Self.day, on: database)
            #expect(network.ways.knows([Self.stop]))
            #expect(!network.ways.isFresh(5))
            #expect(network.figures == NetworkFigures(known: 1, total: 2))
        }
    }

    @Test(arguments: StorageEngine.all) func aCopyOlderThanAWeekIsNotSaid(engine: StorageEngine) async throws {
        try await engine.withDatabase { database in
            let network = try await Self.restored(learnt: StopWays.keptFor + 60, listed: StopWays.keptFor + 60, on: database)
            #expect(!network.ways.knows([Self.stop]))
            #expect(network.figures == NetworkFigures(known: 0, total: nil))
        }
    }

    /// PTV failing every question.
    struct FailingSource: TransitSource {
        func fetch<Answer>(_ query: PTVQuery<Answer>, allowance: UpstreamBudget.Allowance?) async throws -> Fetched<Answer> {
            throw PTVError(.unreachable)
        }

        func cached<Answer>(_ query: PTVQuery<Answer>, within maxAge: Double?) -> Fetched<Answer>? { nil }
    }

    @Test func aKeptRouteStaysSaidWhenLearningItAgainFails() async {
        let ways = StopWays(now: { fixedNow })
        ways.know(routeID: 5, lines: NetworkStoreTests.lines, learntAt: fixedNow.addingTimeInterval(-2 * Self.day))
        let ask = Ask.forTrakx(source: FailingSource(), budget: nil, account: "test")
        let before = ways.ways(at: [Self.stop], budget: 0, ask: ask)
        #expect(before[StopWays.key(.tram, 11)]?.map(\.towards) == ["Clifton Hill", "Elsternwick"])
        _ = await ways.learnNow(routeID: 5, type: .tram, ask: ask)
        // Still said, as before; left alone for the brief wait before it is asked about again.
        #expect(ways.ways(at: [Self.stop], budget: 0, ask: ask)[StopWays.key(.tram, 11)]?.count == 2)
        #expect(ways.isFresh(5))
        #expect(ways.knownCount(among: nil) == 1)
    }
}
