import Foundation
import PTV
import Synchronization

/// Which way services leave stops, learnt from PTV's stops on a route per direction (which change rarely, so each
/// route is kept a day, as the PTV cache keeps those answers).
///
/// A page asks about many stops at once and never waits for this: it says what is known, and routes not yet known
/// are learnt in the background, for the next load, only up to a budget per page, nearest stops first (each costs
/// one directions call and one stops-on-route call per direction), so a nearby page never fans out into dozens of
/// cold PTV calls. What is not known is not said.
final class StopWays: Sendable {
    /// One service direction leaving a stop: its direction name and the bearing to the next stop, when known.
    struct Way: Sendable, Equatable {
        /// PTV's direction name ("Clifton Hill", "City (Flinders Street)").
        let towards: String
        /// Degrees from true north from this stop to the next one in this direction; nil when either lacks a position.
        let bearing: Double?
    }

    /// A stop as a page lists it: its mode, id and the routes PTV says serve it.
    struct Asked: Sendable {
        /// The stop's mode (only kerbside modes are looked up).
        let routeType: RouteType
        /// PTV's stop id.
        let stopID: Int
        /// The routes serving it, most important first.
        let routeIDs: [Int]
    }

    /// One direction of a route: its name and its stops in order, with their positions.
    struct Line: Sendable {
        let name: String
        let stops: [Stop]

        /// This direction's way from `stopID`, or nil when it does not call there or ends there.
        func way(from stopID: Int) -> Way? {
            guard let index = stops.firstIndex(where: { $0.stopId == stopID }), index + 1 < stops.count else { return nil }
            let here = stops[index], next = stops[index + 1]
            guard let lat = here.stopLatitude, let lon = here.stopLongitude,
                  let nextLat = next.stopLatitude, let nextLon = next.stopLongitude, (lat, lon) != (nextLat, nextLon) else {
                return Way(towards: name, bearing: nil)
            }
            return Way(towards: name, bearing: Compass.bearing(fromLatitude: lat, fromLongitude: lon, toLatitude: nextLat, toLongitude: nextLon))
        }
    }

    private struct Entry: Sendable {
        let until: Date
        let lines: [Line]
    }

    /// The modes whose stops stand at the kerb, one for each way with the same name (trains and V/Line stop at
    /// stations, one stop for both ways, where the board says each departure's direction and platform).
    static let kerbside: [RouteType] = [.tram, .bus, .nightBus]
    /// Cold routes a nearby or search page may fetch.
    static let listBudget = 4
    /// Cold routes a stop page may fetch.
    static let stopBudget = 3
    /// How long a learnt route is kept.
    static let freshness: TimeInterval = 86_400
    /// How long a route PTV failed to describe is left alone before asking again.
    static let retryAfter: TimeInterval = 300
    /// Most routes kept.
    static let capacity = 2_000

    private let now: @Sendable () -> Date
    private let routes = Mutex<[Int: Entry]>([:])
    /// Routes being learnt, each by its one task (a route is learnt once however many pages ask about it).
    private let learning = Mutex<[Int: Task<Void, Never>]>([:])

    /// Creates the table.
    /// - Parameter now: The clock.
    init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// Waits until the routes being learnt are learnt (tests, and a warm-up that wants the next load to know them).
    func settled() async {
        while let task = learning.withLock({ $0.values.first }) { await task.value }
    }

    /// The ways services leave each stop, keyed by `"\(routeType)-\(stopID)"`: every known route that calls at the
    /// stop and goes on from it. Unknown routes are learnt in the background, up to `budget`, in the order the stops
    /// are given; this call never waits for PTV.
    /// - Parameters:
    ///   - stops: The stops, most important first.
    ///   - budget: Most routes this call starts learning.
    ///   - ask: How PTV is asked (the visitor's allowance pays for what is learnt).
    func ways(at asked: [Asked], budget: Int, ask: Ask) -> [String: [Way]] {
        let stops = asked.filter { Self.kerbside.contains($0.routeType) }
        guard !stops.isEmpty else { return [:] }  // a station, or a favourite card with nothing to say: no work
        let time = now()
        let table = routes.withLock { table in table.filter { $0.value.until > time } }
        var wanted: [(routeID: Int, type: RouteType)] = []
        for stop in stops {
            for routeID in stop.routeIDs where table[routeID] == nil && !wanted.contains(where: { $0.routeID == routeID }) {
                wanted.append((routeID, stop.routeType))
            }
        }
        for route in wanted.prefix(max(budget, 0)) {
            learning.withLock { running in
                guard running[route.routeID] == nil else { return }
                running[route.routeID] = Task {
                    await self.learn(routeID: route.routeID, type: route.type, ask: ask.unbounded)
                    _ = self.learning.withLock { $0.removeValue(forKey: route.routeID) }
                }
            }
        }
        var found: [String: [Way]] = [:]
        for stop in stops {
            var ways: [Way] = []
            for routeID in stop.routeIDs {
                for line in table[routeID]?.lines ?? [] {
                    if let way = line.way(from: stop.stopID), !ways.contains(way) { ways.append(way) }
                }
            }
            if !ways.isEmpty { found[Self.key(stop.routeType, stop.stopID)] = ways }
        }
        return found
    }

    /// `ways(at:budget:ask:)` for a page that needs them now (two listed stops sharing a name: a rider picking one of two
    /// identical links is on the wrong side of the road half the time): routes not known are learnt at once and waited
    /// for, up to `limit` in all, then the ways are read again. A page that waits costs one more round only when a
    /// route is unknown; past `limit` it says what it knows, and the learning goes on for the next load.
    /// - Parameters:
    ///   - asked: The stops, most important first.
    ///   - budget: Most routes learnt.
    ///   - ask: How PTV is asked.
    ///   - limit: Most this waits.
    func waysNow(at asked: [Asked], budget: Int, ask: Ask, within limit: Duration) async -> [String: [Way]] {
        let first = ways(at: asked, budget: budget, ask: ask)
        guard !knows(asked) else { return first }
        let running = learning.withLock { Array($0.values) }
        guard !running.isEmpty else { return first }
        _ = await Deadline.value(of: Task { for task in running { await task.value } }, within: limit)
        return ways(at: asked, budget: 0, ask: ask)
    }

    /// Whether every kerbside route of these stops is known (nothing about them is being learnt or left to learn).
    /// - Parameter asked: The stops.
    func knows(_ asked: [Asked]) -> Bool {
        let time = now()
        let wanted = asked.filter { Self.kerbside.contains($0.routeType) }.flatMap(\.routeIDs)
        return routes.withLock { table in wanted.allSatisfy { (table[$0]?.until ?? .distantPast) > time } }
    }

    /// The key `ways(at:budget:)` answers under.
    static func key(_ type: RouteType, _ stopID: Int) -> String { "\(type.rawValue)-\(stopID)" }

    /// Fetches a route's directions and each direction's stops, and keeps them (or, on failure, keeps the failure
    /// briefly so a failing route is not asked for on every view).
    private func learn(routeID: Int, type: RouteType, ask: Ask) async {
        let asked = await ask(.directions(routeID: routeID))
        // This visitor's PTV calls are spent: the route stays unknown, for whoever asks next.
        guard asked.refusal == nil else { return }
        let directions = asked.value?.directions ?? []
        // Each direction's evidence, read as its line (nil when PTV answered without an order to read).
        let answers = await withTaskGroup(of: Evidence<Line?>.self) { group in
            for direction in directions where direction.routeId == routeID || direction.routeId == 0 {
                group.addTask {
                    let stops = await ask(.stopsOnRoute(routeID: routeID, routeType: type.rawValue, directionID: direction.directionId))
                    return stops.map { answer in
                        // Only stops with a place in this direction's order: a stop without one is not known to be called at.
                        let ordered = answer.stops.filter { $0.stopSequence > 0 }.sorted { $0.stopSequence < $1.stopSequence }
                        return ordered.count < 2 ? nil : Line(name: direction.directionName.trimmingCharacters(in: .whitespaces), stops: ordered)
                    }
                }
            }
            var answers: [Evidence<Line?>] = []
            for await answer in group { answers.append(answer) }
            return answers
        }
        if answers.contains(where: { $0.refusal != nil }) { return }
        let lines = answers.compactMap { $0.value ?? nil }.sorted { $0.name < $1.name }
        let complete = !directions.isEmpty && !answers.contains(where: \.isUnanswered)
        let until = now().addingTimeInterval(complete ? Self.freshness : Self.retryAfter)
        routes.withLock { table in
            if table.count >= Self.capacity { table = table.filter { $0.value.until > now() } }
            if table.count >= Self.capacity { table.removeAll() }
            table[routeID] = Entry(until: until, lines: lines)
        }
    }
}

extension StopWays {
    /// The stops whose name another stop of the same mode in the list shares (the two sides of a road).
    static func sharingNames(_ stops: [Stop]) -> [Stop] {
        var names: [String: Int] = [:]
        for stop in stops { names["\(stop.routeType.rawValue) \(stop.stopName.trimmingCharacters(in: .whitespaces))", default: 0] += 1 }
        return stops.filter { names["\($0.routeType.rawValue) \($0.stopName.trimmingCharacters(in: .whitespaces))", default: 0] > 1 }
    }

    /// The stops of a nearby or search answer as asked about (one mode when `mode` is given), in PTV's order.
    /// - Parameters:
    ///   - stops: The answer's stops, with their routes.
    ///   - mode: Only this mode, when given.
    static func asked(_ stops: [Stop], mode: RouteType?) -> [Asked] {
        stops.filter { mode == nil || $0.routeType == mode }.map { stop in
            Asked(routeType: stop.routeType, stopID: stop.stopId,
                  routeIDs: stop.routes.filter { $0.routeType == stop.routeType }.map(\.routeId))
        }
    }
}
