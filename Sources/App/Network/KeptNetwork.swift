import Foundation
import PTV
import Synchronization

/// What this instance knows of the network before a rider asks: read from the database at start (routes' ways into
/// `StopWays`, so the first nearby page tells paired stops apart; PTV's route list, for how much is known), and kept
/// there as it is learnt, by pages and by `NetworkLearner`.
final class KeptNetwork: Sendable {
    /// Where it is kept.
    let store: NetworkStore
    /// Which way services leave stops, which the kept routes' ways go into.
    let ways: StopWays
    private let now: @Sendable () -> Date
    /// The kerbside routes of PTV's last route list, by id (nil until a list is known).
    private let listed = Mutex<[Int: RouteType]?>(nil)
    /// When the list last kept was sent (an hourly round given the same list from PTV's cache writes nothing).
    private let listedAt = Mutex<Date?>(nil)
    /// Reading the database, from `restore()`.
    private let reading = Mutex<Task<Void, Never>?>(nil)

    /// Creates it.
    /// - Parameters:
    ///   - store: Where the network is kept.
    ///   - ways: Which way services leave stops.
    ///   - now: The clock.
    init(store: NetworkStore, ways: StopWays, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.ways = ways
        self.now = now
    }

    /// Starts reading what the database keeps: each route's ways learnt within `StopWays.keptFor`, and PTV's route
    /// list when it was sent within that too. A page that needs ways now waits for it within its second round.
    func restore() {
        let task = Task { await self.read() }
        reading.withLock { $0 = task }
        ways.restoring(by: task)
    }

    /// Waits until what the database keeps has been read (nothing, when `restore()` was not called).
    func restored() async {
        await reading.withLock { $0 }?.value
    }

    private func read() async {
        guard let kept = try? await store.all() else { return }
        for route in kept {
            if let kept = route.ways { ways.know(routeID: route.routeID, lines: kept.lines, learntAt: kept.learntAt) }
        }
        let time = now()
        let list = kept.filter { route in
            StopWays.kerbside.contains(route.routeType)
                && route.listedAt.map { time.timeIntervalSince($0) < StopWays.keptFor } == true
        }
        if !list.isEmpty { listed.withLock { $0 = Dictionary(list.map { ($0.routeID, $0.routeType) }) { first, _ in first } } }
    }

    /// Takes PTV's route list, sent at `time`, as the network's routes, and keeps it.
    /// - Parameters:
    ///   - routes: Every route PTV listed.
    ///   - time: When PTV sent it.
    func list(_ routes: [Route], at time: Date) async {
        guard listedAt.withLock({ $0 }) != time else { return }
        let kerbside = routes.filter { StopWays.kerbside.contains($0.routeType) }
        listed.withLock { $0 = Dictionary(kerbside.map { ($0.routeId, $0.routeType) }) { first, _ in first } }
        if (try? await store.keepList(routes, at: time)) != nil { listedAt.withLock { $0 = time } }
    }

    /// The kerbside routes of PTV's last route list, with their modes, by id (empty until a list is known).
    var routes: [(id: Int, type: RouteType)] {
        listed.withLock { ($0 ?? [:]).map { (id: $0.key, type: $0.value) }.sorted { $0.id < $1.id } }
    }

    /// Whether the database keeps `routeID`'s ways fresh (another instance of the fleet learnt them), which are then
    /// known here too: such a route is not asked about again.
    /// - Parameter routeID: The route.
    func adoptFresh(_ routeID: Int) async -> Bool {
        guard let route = try? await store.route(routeID), let kept = route.ways,
              now().timeIntervalSince(kept.learntAt) < StopWays.freshness else { return false }
        ways.know(routeID: routeID, lines: kept.lines, learntAt: kept.learntAt)
        return true
    }

    /// How much of the network is known: the kerbside routes of PTV's list whose ways are known, of how many.
    var figures: NetworkFigures {
        let listed = self.listed.withLock { $0.map { Set($0.keys) } }
        return NetworkFigures(known: ways.knownCount(among: listed), total: listed?.count)
    }
}
