import Foundation
import PTV
import Synchronization

/// Which way services leave stops, learnt from PTV's stops on a route per direction (which change rarely: each route
/// is learnt again after a day, as the PTV cache keeps those answers, and said for a week, `keptFor`), and kept in the
/// database (`NetworkStore`), from which a starting instance knows them at once (`know(routeID:lines:learntAt:)`).
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
        /// Until when its ways are said.
        let saidUntil: Date
        /// Until when it is not asked about again.
        let freshUntil: Date
        /// Whether PTV described every direction (a failed learning keeps what it got, briefly).
        let complete: Bool
        let lines: [Line]
    }

    /// What learning a route cost and how it ended, for the background learner's pace.
    struct Learnt: Sendable {
        /// Questions asked (each reaching PTV unless its answer was cached).
        let questions: Int
        /// When the allowance the questions were charged to refused one, until when it refuses.
        let refusedUntil: Date?
    }

    /// The modes whose stops stand at the kerb, one for each way with the same name (trains and V/Line stop at
    /// stations, one stop for both ways, where the board says each departure's direction and platform).
    static let kerbside: [RouteType] = [.tram, .bus, .nightBus]
    /// Cold routes a nearby or search page may fetch.
    static let listBudget = 4
    /// Cold routes a stop page may fetch.
    static let stopBudget = 3
    /// How long a learnt route is fresh: after that a page or the background learner asks PTV about it again.
    static let freshness: TimeInterval = 86_400
    /// How long a learnt route's ways are said, fresh or not: a week. PTV's stops on a route change with timetable
    /// changes, a few times a year and published weeks ahead (works that close a stop for a while are disruptions,
    /// said as such), so a copy days old still says which side of the road a stop is on, while one older than a week
    /// may have missed a timetable change and is not said (the route is asked about again first).
    static let keptFor: TimeInterval = 7 * 86_400
    /// How long a route PTV failed to describe is left alone before asking again.
    static let retryAfter: TimeInterval = 300
    /// Most routes kept.
    static let capacity = 2_000

    private let now: @Sendable () -> Date
    private let routes = Mutex<[Int: Entry]>([:])
    /// Routes being learnt, each by its one task (a route is learnt once however many pages ask about it).
    private let learning = Mutex<[Int: Task<Learnt, Never>]>([:])
    /// Given each route learnt in full, with when, to keep it (in the background: never waited for by a page).
    private let keep: (@Sendable (Int, RouteType, [Line], Date) -> Void)?
    /// Reading what the database keeps, at start (a page that needs ways now waits for it within its round).
    private let restoring = Mutex<Task<Void, Never>?>(nil)

    /// Creates the table.
    /// - Parameters:
    ///   - now: The clock.
    ///   - keep: Given each route learnt in full (its id, mode, directions and when), to keep it.
    init(now: @escaping @Sendable () -> Date, keep: (@Sendable (Int, RouteType, [Line], Date) -> Void)? = nil) {
        self.now = now
        self.keep = keep
    }

    /// Waits until the routes being learnt are learnt (tests, and a warm-up that wants the next load to know them).
    func settled() async {
        await restoring.withLock { $0 }?.value
        while let task = learning.withLock({ $0.values.first }) { _ = await task.value }
    }

    /// Notes the task reading the kept routes at start, which `waysNow` waits for within its round.
    /// - Parameter task: The reading.
    func restoring(by task: Task<Void, Never>) {
        restoring.withLock { $0 = task }
    }

    /// Knows a route's ways as learnt at `learntAt` (kept in the database, or learnt by another instance): said until
    /// `keptFor` after that, asked about again from `freshness` after it. A copy older than what is known is ignored.
    /// - Parameters:
    ///   - routeID: The route.
    ///   - lines: Its directions, each with its stops in order.
    ///   - learntAt: When they were learnt.
    func know(routeID: Int, lines: [Line], learntAt: Date) {
        let saidUntil = learntAt.addingTimeInterval(Self.keptFor)
        guard saidUntil > now() else { return }
        routes.withLock { table in
            if let known = table[routeID], known.complete, known.saidUntil >= saidUntil { return }
            table[routeID] = Entry(saidUntil: saidUntil, freshUntil: learntAt.addingTimeInterval(Self.freshness), complete: true, lines: lines)
        }
    }

    /// Whether a route is known fresh (nothing to ask PTV about it yet).
    /// - Parameter routeID: The route.
    func isFresh(_ routeID: Int) -> Bool {
        let time = now()
        return routes.withLock { ($0[routeID]?.freshUntil ?? .distantPast) > time }
    }

    /// How many of `routeIDs` are known in full and said (nil: of every route held).
    /// - Parameter routeIDs: The routes counted.
    func knownCount(among routeIDs: Set<Int>?) -> Int {
        let time = now()
        return routes.withLock { table in
            table.count { id, entry in entry.complete && entry.saidUntil > time && routeIDs?.contains(id) != false }
        }
    }

    /// Learns a route now (or waits for the learning a page started), for the background learner.
    /// - Parameters:
    ///   - routeID: The route.
    ///   - type: Its mode.
    ///   - ask: How PTV is asked.
    /// - Returns: What it cost (nothing when a page was already learning it).
    func learnNow(routeID: Int, type: RouteType, ask: Ask) async -> Learnt {
        let (task, started) = startLearning(routeID: routeID, type: type, ask: ask)
        let learnt = await task.value
        return started ? learnt : Learnt(questions: 0, refusedUntil: nil)
    }

    /// The task learning a route: the one running, else a new one; and whether it is new.
    private func startLearning(routeID: Int, type: RouteType, ask: Ask) -> (Task<Learnt, Never>, Bool) {
        learning.withLock { running in
            if let task = running[routeID] { return (task, false) }
            // Not counted on a page's UpstreamClock: a page that waits for it counts its wait (`Ask.secondRound`).
            let task = Task {
                let learnt = await UpstreamClock.$current.withValue(nil) { await self.learn(routeID: routeID, type: type, ask: ask.unbounded) }
                _ = self.learning.withLock { $0.removeValue(forKey: routeID) }
                return learnt
            }
            running[routeID] = task
            return (task, true)
        }
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
        let wantedIDs = Set(stops.flatMap(\.routeIDs))
        let table = routes.withLock { table in table.filter { wantedIDs.contains($0.key) } }
        var wanted: [(routeID: Int, type: RouteType)] = []
        for stop in stops {
            for routeID in stop.routeIDs where (table[routeID]?.freshUntil ?? .distantPast) <= time
                && !wanted.contains(where: { $0.routeID == routeID }) {
                wanted.append((routeID, stop.routeType))
            }
        }
        for route in wanted.prefix(max(budget, 0)) { _ = startLearning(routeID: route.routeID, type: route.type, ask: ask) }
        var found: [String: [Way]] = [:]
        for stop in stops {
            var ways: [Way] = []
            for routeID in stop.routeIDs {
                for line in table[routeID].flatMap({ $0.saidUntil > time ? $0.lines : nil }) ?? [] {
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
        if !knows(asked), let reading = restoring.withLock({ $0 }) { _ = await Deadline.value(of: reading, within: limit) }
        let first = ways(at: asked, budget: budget, ask: ask)
        guard !knows(asked) else { return first }
        let running = learning.withLock { Array($0.values) }
        guard !running.isEmpty else { return first }
        await Ask.secondRound(running, within: limit)
        return ways(at: asked, budget: 0, ask: ask)
    }

    /// Whether every kerbside route of these stops is known (nothing about them is being learnt or left to learn).
    /// - Parameter asked: The stops.
    func knows(_ asked: [Asked]) -> Bool {
        let time = now()
        let wanted = asked.filter { Self.kerbside.contains($0.routeType) }.flatMap(\.routeIDs)
        return routes.withLock { table in wanted.allSatisfy { (table[$0]?.saidUntil ?? .distantPast) > time } }
    }

    /// The key `ways(at:budget:)` answers under.
    static func key(_ type: RouteType, _ stopID: Int) -> String { "\(type.rawValue)-\(stopID)" }

    /// Fetches a route's directions and each direction's stops, and keeps them (or, on failure, keeps the failure
    /// briefly so a failing route is not asked for on every view, saying meanwhile what was known of it).
    private func learn(routeID: Int, type: RouteType, ask: Ask) async -> Learnt {
        let asked = await ask(.directions(routeID: routeID))
        // This visitor's PTV calls are spent: the route stays as it was, for whoever asks next.
        if let refusal = asked.refusal { return Learnt(questions: 1, refusedUntil: refusal.until) }
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
        let questions = 1 + answers.count
        if let refusal = answers.lazy.compactMap(\.refusal).first { return Learnt(questions: questions, refusedUntil: refusal.until) }
        let lines = answers.compactMap { $0.value ?? nil }.sorted { $0.name < $1.name }
        let complete = !directions.isEmpty && !answers.contains(where: \.isUnanswered)
        let time = now()
        routes.withLock { table in
            if table.count >= Self.capacity { table = table.filter { $0.value.saidUntil > time } }
            if table.count >= Self.capacity { table.removeAll() }
            if complete {
                table[routeID] = Entry(saidUntil: time.addingTimeInterval(Self.keptFor), freshUntil: time.addingTimeInterval(Self.freshness),
                                       complete: true, lines: lines)
            } else if let known = table[routeID], known.complete, known.saidUntil > time {
                // A route known in full stays said; it is asked about again only after the brief wait.
                table[routeID] = Entry(saidUntil: known.saidUntil, freshUntil: time.addingTimeInterval(Self.retryAfter), complete: true,
                                       lines: known.lines)
            } else {
                let until = time.addingTimeInterval(Self.retryAfter)
                table[routeID] = Entry(saidUntil: until, freshUntil: until, complete: false, lines: lines)
            }
        }
        if complete { keep?(routeID, type, lines, time) }
        return Learnt(questions: questions, refusedUntil: nil)
    }
}
