import Foundation
import PTV
import Synchronization

/// Departures a board listed that PTV's next answer leaves out before they have left.
///
/// PTV lists a stop's departures by their timetabled time, so a delayed train drops out of the list soon after the
/// time it was timetabled for, while it still stands at the platform or is still on its way (the simulator does the
/// same). A board that only drew the new list lost that train without a word, while its ride page said it was at the
/// platform. So each board's departures still to come are remembered, and one that the next answer leaves out is looked
/// up in its run's stopping pattern (held already, or asked in the page's bounded second round):
/// - still to leave this stop: it stays on the board with the pattern's time, which is what its ride page says;
/// - left: it goes (a refresh link then says it has left, `JustLeft`);
/// - not checkable just now: it stays until its last known time has passed, and its row says it could not be checked.
final class UnlistedDepartures: Sendable {
    /// One departure still to come, with what its row needs from the answer's maps.
    struct Remembered: Sendable {
        let departure: Departure
        let run: Run?
        let route: Route?
        let direction: Direction?
    }

    /// What a board shows after looking: the departures, with those PTV left out and has not said have left, and the
    /// runs among them that could not be checked.
    struct Looked: Sendable {
        let departures: DeparturesResponse
        let unchecked: Set<String>
        /// Whether a pattern asked for is still on its way (the page is not kept, so the next load says it).
        let learning: Bool
    }

    /// Most left-out departures one board looks up (each may cost one pattern question).
    static let mostLookedUp = 6
    /// Boards remembered (the oldest half is forgotten past this).
    static let capacity = 2_000
    /// The most a board waits for their patterns (its second round, at most this): a board is never held up long for
    /// a train PTV's own list no longer names.
    static let longestWait: Duration = .seconds(2)
    /// A departure counts as gone once its time is this far past (as a row's "departed").
    static let pastBy: TimeInterval = 30

    private struct Board: Sendable {
        var departures: [Remembered]
        var at: Date
    }

    private let boards = Mutex<[String: Board]>([:])

    /// The board's departures: PTV's fresh list with the departures it left out that have not left, looked up in
    /// their patterns; and remembers what is still to come for the next load.
    /// - Parameters:
    ///   - fresh: PTV's fresh departures answer.
    ///   - type: The stop's mode.
    ///   - stopID: The stop.
    ///   - ask: The page's asking (patterns held, or asked in its second round).
    ///   - now: The page's time.
    func look(_ fresh: DeparturesResponse, type: RouteType, stopID: Int, ask: Ask, now: Date) async -> Looked {
        let key = "\(type.rawValue) \(stopID)"
        let listed = Set(fresh.departures.map(\.runRef))
        let earlier = boards.withLock { $0[key]?.departures } ?? []
        let missing = earlier.filter { remembered in
            !listed.contains(remembered.departure.runRef) && !remembered.departure.isCancelled && Self.toCome(remembered.departure, now: now)
        }.prefix(Self.mostLookedUp)
        var merged = fresh
        var unchecked: Set<String> = []
        var learning = false
        if !missing.isEmpty {
            let queries = missing.map { PTVQuery.pattern(runRef: $0.departure.runRef, routeType: type.rawValue) }
            let asking = queries.filter { ask.known($0) == nil }.map { ask.learn($0) }
            if !asking.isEmpty {
                await Ask.secondRound(asking, within: min(ask.secondRoundLeft, Self.longestWait))
            }
            for (remembered, query) in zip(missing, queries) {
                guard let pattern = ask.known(query)?.value else {
                    // Not checkable now: its last time still stands, said as not checked.
                    Self.add(remembered, to: &merged)
                    unchecked.insert(remembered.departure.runRef)
                    learning = true
                    continue
                }
                let calls = pattern.departures.filter { $0.runRef == remembered.departure.runRef && $0.stopId == stopID }
                // Standing at the platform, or due: it has not left. Neither: it has.
                guard let call = calls.first(where: { Self.toCome($0, now: now) || Self.standing($0, now: now) }) else { continue }
                Self.add(Remembered(departure: call, run: pattern.expanded.runs[call.runRef] ?? remembered.run,
                                    route: pattern.expanded.routes[String(call.routeId)] ?? remembered.route,
                                    direction: pattern.expanded.directions[String(call.directionId)] ?? remembered.direction), to: &merged)
            }
            // In PTV's own order: by timetabled time.
            merged.departures = merged.departures.enumerated().sorted { lhs, rhs in
                let (l, r) = (lhs.element.scheduledDepartureUTC ?? .distantFuture, rhs.element.scheduledDepartureUTC ?? .distantFuture)
                return l == r ? lhs.offset < rhs.offset : l < r
            }.map(\.element)
        }
        let toCome = merged.departures.filter { Self.toCome($0, now: now) }.map { departure in
            Remembered(departure: departure, run: merged.runs[departure.runRef], route: merged.routes[String(departure.routeId)],
                       direction: merged.directions[String(departure.directionId)])
        }
        boards.withLock { boards in
            if boards.count >= Self.capacity, boards[key] == nil {
                for old in boards.sorted(by: { $0.value.at < $1.value.at }).prefix(Self.capacity / 2) { boards.removeValue(forKey: old.key) }
            }
            boards[key] = Board(departures: toCome, at: now)
        }
        return Looked(departures: merged, unchecked: unchecked, learning: learning)
    }

    /// Whether `departure` is still to come at `now`.
    private static func toCome(_ departure: Departure, now: Date) -> Bool {
        (departure.bestTime ?? .distantPast) >= now.addingTimeInterval(-pastBy)
    }

    /// Whether PTV says `departure`'s train stands at the platform, not long past its time (`DepartureBoard.standingLate`).
    private static func standing(_ departure: Departure, now: Date) -> Bool {
        departure.atPlatform && (departure.bestTime ?? .distantPast) >= now.addingTimeInterval(-DepartureBoard.standingLate)
    }

    /// `remembered` added to `response`, with its run, route and direction where the answer has none.
    private static func add(_ remembered: Remembered, to response: inout DeparturesResponse) {
        let departure = remembered.departure
        response.departures.append(departure)
        if response.runs[departure.runRef] == nil, let run = remembered.run { response.runs[departure.runRef] = run }
        if response.routes[String(departure.routeId)] == nil, let route = remembered.route { response.routes[String(departure.routeId)] = route }
        if response.directions[String(departure.directionId)] == nil, let direction = remembered.direction {
            response.directions[String(departure.directionId)] = direction
        }
    }
}
