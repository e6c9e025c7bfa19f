import Foundation
import PTV

/// One trip out of a pattern that holds several: a through-run's pattern lists the trip before or after the one
/// asked for (a Werribee train that becomes a Frankston train at Flinders Street), and a rider reads the trip they
/// asked for, with where the train came from and what it continues as, never the other trip's stops as this one's.
extension Journey {
    /// The trip before or after this one in the same pattern, run by the same train.
    struct Neighbour: Sendable, Equatable {
        /// Its run.
        let runRef: String
        /// "Werribee line".
        let service: String
        /// Where it starts (the trip before) or where it goes, as its platform says it (the trip after).
        let place: String
        /// Where the train changes from one trip to the other: "Flinders Street".
        let at: String
        /// The stop its page opens at: where the train changes, or, for a piece of the same run, the piece's first stop.
        let stopID: Int
        /// Whether it is the same run's City Loop end, which the train runs as another trip (``cityEnds(_:pattern:type:)``).
        var piece = false
        /// Whether it runs through the City Loop's underground stations.
        var viaLoop = false
    }

    /// The trip asked for, read out of its pattern: its rows in travel order (with the trips before and after it, when
    /// ridden through them), the trips before and after it, and where each part of what is ridden starts.
    struct Trip: Sendable {
        /// The rows ridden, in travel order.
        var rows: [Departure]
        /// The trip before the one asked for, when the pattern holds it.
        var previous: Neighbour?
        /// The trip after it.
        var next: Neighbour?
        /// Indices in `rows` where each part starts (a City Loop piece of the same run is a part its `run_ref` does not
        /// mark), with where that part ends, as said after "to", when not where PTV says its run ends (else nil).
        var starts: [Int: String?] = [:]
    }

    /// The rows of the trip asked for, in travel order, with the trips before and after it.
    ///
    /// A pattern's parts (`run_ref`s) form trips: a cancelled part after a running one is the rest of that trip (a
    /// run cut short), any other part is a trip of its own. A metro trip starts and ends in the city where the train's
    /// own displays say (``cityEnds(_:pattern:type:)``): its City Loop stops beyond that are the trip before or after.
    /// With no run asked for, or one the pattern does not hold, every row is read as one trip.
    /// - Parameters:
    ///   - rows: The pattern's rows in travel order (``ordered(_:)``).
    ///   - asked: The run the page was asked for.
    ///   - pattern: The pattern, for its runs, routes and stops.
    ///   - type: The mode.
    ///   - before: Whether the trip the train runs before is ridden too (a rider boarding on it: its rows come first).
    ///   - through: Whether the trip the train continues as is ridden too (its rows follow the trip's own).
    static func trip(_ rows: [Departure], asked: String?, pattern: PatternResponse, type: RouteType, before: Bool = false,
                     through: Bool = false) -> Trip {
        var trips: [[Departure]] = []
        for row in rows {
            if let last = trips.last?.last, last.runRef == row.runRef {
                trips[trips.count - 1].append(row)
            } else if !trips.isEmpty, isCancelled(row, pattern: pattern), !(trips.last?.contains { isCancelled($0, pattern: pattern) } ?? true) {
                trips[trips.count - 1].append(row)
            } else {
                trips.append([row])
            }
        }
        let parts = cityEnds(trips, pattern: pattern, type: type)
        guard let asked, let index = parts.firstIndex(where: { !$0.piece && $0.rows.contains { $0.runRef == asked } }), parts.count > 1 else {
            return Trip(rows: rows)
        }
        let own = parts[index].rows
        let earlier = index > 0 ? parts[index - 1] : nil
        let later = index + 1 < parts.count ? parts[index + 1] : nil
        func name(_ row: Departure?) -> String {
            row.flatMap { pattern.stops[String($0.stopId)] }.map { SpokenName.stop($0.stopName) } ?? ""
        }
        func service(_ row: Departure) -> String {
            ModeWords.service(pattern.routes[String(row.routeId)], type: type, routeID: row.routeId)
        }
        func loop(_ part: TripPart) -> Bool {
            part.rows.contains { PlatformDestination.cityStops[$0.stopId].map(PlatformDestination.loopStations.contains) ?? false }
        }
        let previous = earlier.flatMap { part -> Neighbour? in
            guard let first = part.rows.first, let join = own.first else { return nil }
            // A piece of the same run opens its page where the piece starts, as the rider boarding there reads it.
            return Neighbour(runRef: first.runRef, service: service(first), place: name(first), at: name(join),
                             stopID: part.piece ? first.stopId : join.stopId, piece: part.piece, viaLoop: loop(part))
        }
        let next = later.flatMap { part -> Neighbour? in
            // Ridden through, the line's name changes where the next trip's first row is (the journey keeps that stop's
            // row from the next trip), which may be a stop past where PTV ends the trip asked for.
            guard let first = part.rows.first, let join = through ? first : own.last else { return nil }
            if part.piece {
                let after = part.rows.dropFirst().first ?? first
                return Neighbour(runRef: first.runRef, service: service(first), place: name(part.rows.last), at: name(join),
                                 stopID: after.stopId, piece: true, viaLoop: loop(part))
            }
            let run = pattern.runs[first.runRef]
            let end = destination(run: run, direction: pattern.directions[String(first.directionId)])
            let place = PlatformDestination.name(end: end, boarding: first.stopId, type: type).name
            return Neighbour(runRef: first.runRef, service: service(first), place: place, at: name(join), stopID: join.stopId)
        }
        // Ridden across a handover, the rider stays on the train: the trip's rows and the other trip's are theirs.
        var trip = Trip(rows: [], previous: previous, next: next)
        func add(_ part: TripPart, endsWhereListed: Bool) {
            let end = endsWhereListed ? part.rows.last.map { SpokenName.destination(name($0), rail: true) } : nil
            trip.starts.updateValue(end, forKey: trip.rows.count)
            trip.rows += part.rows
        }
        // A trip cut at the city (before a piece of the same run) ends where the train's display says, not where PTV
        // ends its run; so does the piece before the trip, which hands over where the trip starts.
        if before, let earlier { add(earlier, endsWhereListed: earlier.piece) }
        add(parts[index], endsWhereListed: later?.piece ?? false)
        if through, let later { add(later, endsWhereListed: false) }
        return trip
    }

    /// The journey a rider rides on run `asked` from the stop `from` to the stop `to`: the trip asked for, or, when a
    /// stop is only on the trip the same train runs before or after it (a Frankston train that becomes a Werribee train
    /// at Flinders Street, ridden to Laverton; a Cranbourne run boarded at Parliament, where the train still runs round
    /// the loop to Flinders Street), those trips as one journey of several parts, where the line's name changes at the
    /// handover.
    /// - Parameters:
    ///   - pattern: PTV's pattern answer.
    ///   - routeType: The mode.
    ///   - asked: The run the rider boarded.
    ///   - from: The stop they board at, if chosen.
    ///   - visit: The timetabled minute of their visit there, when a board named it (the run calls there twice).
    ///   - stopID: The stop they get off at, if chosen.
    static func riding(_ pattern: PatternResponse, routeType: RouteType, asked: String, from: Int? = nil, at visit: Date? = nil,
                       to stopID: Int?) -> Journey {
        let own = Journey(pattern, routeType: routeType, asked: asked)
        guard own.cameFrom != nil || own.continuesAs != nil else { return own }
        // The visit named first; a visit the timetable no longer has is read as the stop alone.
        for visit in visit == nil ? [nil] : [visit, nil] {
            // Both stops on it, the one to get off at after a call at the boarding stop (or after the visit named).
            func holds(_ journey: Journey) -> Bool {
                let boarded = from.map { stop in journey.calls.indices.filter { index in
                    journey.calls[index].stopID == stop && visit.map { sameMinute(journey.calls[index].scheduled, $0) } ?? true } }
                if let boarded, boarded.isEmpty { return false }
                guard let stopID else { return true }
                let first = boarded?.first ?? -1
                return journey.calls.indices.contains { $0 > first && journey.calls[$0].stopID == stopID }
            }
            // Boarding where the trip ends, on a train that goes on round the City Loop as the same run, is boarding that
            // piece (a board there lists the run leaving for the loop). Another run's trip is linked by its own run.
            let boardsOnward = own.continuesAs?.piece == true && from != nil
                && own.calls.indices.last == from.flatMap { own.boarding(at: $0, visit: visit) }
            if holds(own) && !boardsOnward { return own }
            for (before, through) in [(false, true), (true, false), (true, true)] {
                let ridden = Journey(pattern, routeType: routeType, asked: asked, before: before, through: through)
                if holds(ridden) { return ridden }
            }
        }
        return own
    }

    /// Whether a row is of a cancelled run.
    private static func isCancelled(_ row: Departure, pattern: PatternResponse) -> Bool {
        row.isCancelled || (pattern.runs[row.runRef]?.isCancelled ?? false)
    }
}

extension Journey.Neighbour {
    /// "At Flinders Street, this train continues as the Frankston line to Frankston.", or for the same run's City Loop
    /// end, "At Flinders Street, this train continues via the City Loop to Parliament."
    var continuesSentence: String {
        piece ? "At \(at), this train continues \(viaLoop ? "via the City Loop " : "")to \(place)."
            : "At \(at), this train continues as the \(ModeWords.midSentence(service)) to \(place)."
    }

    /// "Before Flinders Street, this train runs from Werribee as the Werribee line.", or for the same run's City Loop
    /// end, "Before Flinders Street, this train runs from Parliament via the City Loop."
    var cameFromSentence: String {
        piece ? "Before \(at), this train runs from \(place)\(viaLoop ? " via the City Loop" : "")."
            : "Before \(at), this train runs from \(place) as the \(ModeWords.midSentence(service))."
    }
}
