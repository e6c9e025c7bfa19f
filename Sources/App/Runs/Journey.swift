import Foundation
import PTV

/// A run's whole journey as one ordered list of calls, read from a stopping pattern.
///
/// Real patterns need care: a through-run holds two `run_ref`s whose ends overlap (the Frankston train
/// that continues from Flinders Street as a Werribee train lists Flinders Street and Southern Cross
/// twice), a trip across midnight can carry the second part's times a day early, and estimates can be
/// left on stops already passed. `Journey` orders parts by `departure_sequence` and each part's stops by time
/// (`Journey+Order.swift`), keeps the trip of the run asked for and names the trips before and after it
/// (`Journey+Trip.swift`), reads a repeated row once, joins parts (with no run asked for) at the stop where the second begins,
/// moves day-early times forward, and sets aside (as doubtful) live estimates that would run time backwards.
struct Journey: Sendable {
    /// One stop the vehicle calls at.
    struct Call: Sendable {
        let stopID: Int
        /// The stop's name as it reads aloud.
        let name: String
        let runRef: String
        let routeID: Int
        let scheduled: Date?
        /// The live estimate, unless the order of the stops contradicts it.
        var estimated: Date?
        /// "3", or nil when not known.
        let platform: String?
        let atPlatform: Bool
        let cancelled: Bool
        /// "via Metro Tunnel", or "".
        let note: String
        let flags: [String]
        let latitude, longitude: Double?
        /// A live estimate PTV sent that the order of the stops contradicts (then `estimated` is nil).
        var doubtfulEstimate: Date? = nil

        /// The live estimate, else the timetable.
        var time: Date? { estimated ?? scheduled }
        /// Whether the time is a live estimate.
        var isLive: Bool { estimated != nil && !cancelled }
    }

    /// One run of a through-run.
    struct Leg: Sendable {
        let runRef: String
        let run: Run?
        let route: Route?
        /// "Frankston line".
        let service: String
        /// Where the run ends, as PTV names it: "Parliament".
        let end: String
        /// Where it goes as said from its first stop, the platform's name (``PlatformDestination``): "Flinders Street".
        let destination: String
        /// Index of its first call in `calls`.
        let start: Int
    }

    let routeType: RouteType
    /// The run the page was asked for (its `run_ref`), when known: a page is headed by it.
    let asked: String?
    let calls: [Call]
    let legs: [Leg]
    /// Names of the stops the run passes without stopping, where PTV lists them (`skipped_stops`).
    let skipped: [String]
    /// The trip this train runs before the one asked for, when the pattern holds it (``trip(_:asked:pattern:type:)``).
    let cameFrom: Neighbour?
    /// The trip this train runs after the one asked for, when the pattern holds it.
    let continuesAs: Neighbour?

    /// Whether PTV marks the run a replacement bus (`S_RRB` in its departures' flags, as on a board's row): a train
    /// line's run that a rider boards in the street, not on a platform.
    var isReplacementBus: Bool { calls.contains { ServiceWords.isReplacementBus($0.flags) } }
    /// What a rider boards: "train", "tram", "bus", or "replacement bus" where PTV marks the run so.
    var noun: String { isReplacementBus ? ServiceWords.replacementBus.lowercased() : ModeWords.noun(routeType) }

    /// Reads a pattern: the trip of the run asked for (with a cancelled remainder, the rest of a run cut short), else
    /// every `run_ref` in it, in `departure_sequence` order.
    /// - Parameters:
    ///   - pattern: PTV's pattern answer (with stops, routes and runs expanded).
    ///   - routeType: The run's route type.
    ///   - asked: The run the page was asked for.
    ///   - before: Whether the trip the train runs before is part of the journey (``riding(_:routeType:asked:from:to:)``).
    ///   - through: Whether the trip the train continues as is part of the journey.
    init(_ pattern: PatternResponse, routeType: RouteType, asked: String? = nil, before: Bool = false, through: Bool = false) {
        self.routeType = routeType
        self.asked = asked
        let trip = Self.trip(Self.ordered(pattern.departures), asked: asked, pattern: pattern, type: routeType, before: before,
                             through: through)
        let ordered = trip.rows
        cameFrom = trip.previous
        continuesAs = trip.next
        var calls: [Call] = []
        var legs: [Leg] = []
        var dayShift: TimeInterval = 0
        var lastScheduled: Date?
        for (offset, departure) in ordered.enumerated() {
            let cut = trip.starts[offset]
            if legs.last?.runRef != departure.runRef || (cut != nil && offset > 0) {
                // A new part: drop the previous part's calls from the stop where this one starts.
                if let join = calls.lastIndex(where: { $0.stopID == departure.stopId }) {
                    calls.removeSubrange(join...)
                }
                let run = pattern.runs[departure.runRef]
                let route = pattern.routes[String(departure.routeId)] ?? run.flatMap { pattern.routes[String($0.routeId)] }
                let direction = pattern.directions[String(departure.directionId)]
                let end = (cut ?? nil) ?? Self.destination(run: run, direction: direction)
                legs.append(Leg(runRef: departure.runRef, run: run, route: route,
                                service: ModeWords.service(route, type: routeType, routeID: departure.routeId), end: end,
                                destination: PlatformDestination.name(end: end, boarding: departure.stopId, type: routeType).name,
                                start: calls.count))
            }
            // A time more than 12 hours before the one before it belongs to the next day.
            if let scheduled = departure.scheduledDepartureUTC {
                if let lastScheduled, scheduled.addingTimeInterval(dayShift) < lastScheduled.addingTimeInterval(-12 * 3600) {
                    dayShift += 24 * 3600
                }
                lastScheduled = scheduled.addingTimeInterval(dayShift)
            }
            let stop = pattern.stops[String(departure.stopId)]
            let run = pattern.runs[departure.runRef]
            let platform = departure.platformNumber?.trimmingCharacters(in: .whitespaces)
            calls.append(Call(
                stopID: departure.stopId,
                name: stop.map { SpokenName.stop($0.stopName) } ?? "",
                runRef: departure.runRef, routeID: departure.routeId,
                scheduled: departure.scheduledDepartureUTC?.addingTimeInterval(dayShift),
                estimated: departure.estimatedDepartureUTC?.addingTimeInterval(dayShift),
                platform: platform?.isEmpty == false ? platform : nil,
                atPlatform: departure.atPlatform,
                cancelled: departure.isCancelled || (run?.isCancelled ?? false),
                note: departure.departureNote?.trimmingCharacters(in: .whitespaces) ?? "",
                flags: ServiceWords.flags(departure.flags),
                latitude: stop?.stopLatitude, longitude: stop?.stopLongitude))
        }
        skipped = ordered.flatMap(\.skippedStops).map { SpokenName.stop($0.stopName) }.filter { !$0.isEmpty }
        // Legs whose calls were all replaced by the next part's are dropped; starts stay valid.
        self.legs = legs.indices.filter { $0 + 1 == legs.count || legs[$0 + 1].start > legs[$0].start }.map { legs[$0] }
        // Estimates the order of the stops contradicts are set aside, and said to be doubtful.
        let doubtful = Self.doubtfulEstimates(calls)
        self.calls = calls.enumerated().map { index, call in
            guard doubtful.contains(index) else { return call }
            var call = call
            call.doubtfulEstimate = call.estimated
            call.estimated = nil
            return call
        }
    }

    /// The first part of the journey.
    var first: Leg? { legs.first }

    /// Where the whole journey ends.
    var destination: String { legs.last?.destination ?? "" }

    /// Whether the run is cancelled (every call cancelled, or the run's status says so).
    var isCancelled: Bool { !calls.isEmpty && calls.allSatisfy(\.cancelled) }

    /// Whether every call of a part is cancelled (a run cut short lists the rest as a cancelled second run).
    func isCancelled(_ leg: Leg) -> Bool {
        let end = legs.first { $0.start > leg.start }?.start ?? calls.count
        return calls[leg.start ..< end].allSatisfy(\.cancelled)
    }

    /// The index of the first call at `stopID`, if the run calls there.
    func index(of stopID: Int) -> Int? { calls.firstIndex { $0.stopID == stopID } }

    /// The call where a rider boards at `stopID`, for a run that may call there twice (Southern Cross before and after
    /// Flinders Street, a City Loop stop at both ends): the visit a board's row named by its timetabled minute
    /// (`visit`), when the run calls there then; else, with the stop to get off at known, the last call before it (the
    /// rider boards the visit that takes them there); else the first call.
    /// - Parameters:
    ///   - stopID: The boarding stop.
    ///   - visit: The timetabled minute of the visit a board listed (``Paths/ride(_:_:from:at:to:auto:wasLive:)``).
    ///   - getOff: The stop the rider gets off at, if chosen.
    func boarding(at stopID: Int, visit: Date? = nil, getOff: Int? = nil) -> Int? {
        if let visit, let index = calls.firstIndex(where: { $0.stopID == stopID && Self.sameMinute($0.scheduled, visit) }) { return index }
        guard let first = index(of: stopID) else { return nil }
        guard let getOff, let last = calls.indices.last(where: { calls[$0].stopID == getOff && $0 > first }) else { return first }
        return calls[..<last].lastIndex { $0.stopID == stopID }
    }

    /// Whether a timetabled time falls in `visit`'s minute (a visit is named by its Unix minute).
    static func sameMinute(_ scheduled: Date?, _ visit: Date) -> Bool {
        scheduled.map { Paths.minute($0) == Paths.minute(visit) } ?? false
    }

    /// The timetabled minute that names call `index` in a link, when the run calls at its stop more than once (nil
    /// otherwise: the stop alone names the call).
    func visit(_ index: Int) -> Date? {
        let call = calls[index]
        return calls.filter({ $0.stopID == call.stopID }).count > 1 ? call.scheduled : nil
    }

    /// Minutes from one call to a later one, or nil when the recorded times cannot give a positive answer.
    /// Live estimates are tried first, then the timetable (estimates left on passed stops disagree with it).
    func minutes(from start: Int, to end: Int) -> Int? {
        guard end > start else { return nil }
        let a = calls[start], b = calls[end]
        for (from, to) in [(a.time, b.time), (a.scheduled, b.scheduled)] {
            if let from, let to {
                let minutes = Int((to.timeIntervalSince(from) / 60).rounded())
                if minutes > 0 { return minutes }
            }
        }
        return nil
    }

    /// The run's destination as said after "to": its own name, else the direction's, in full as
    /// ``SpokenName/destination(_:rail:)`` says it ("to Frankston", "to Ringwood Station", "to Burke Road").
    static func destination(run: Run?, direction: Direction?) -> String {
        let name = run?.destinationName.isEmpty == false ? run?.destinationName ?? "" : direction?.directionName ?? ""
        let type = run?.routeType ?? direction?.routeType
        return SpokenName.destination(name, rail: type == .train || type == .vline)
    }
}
