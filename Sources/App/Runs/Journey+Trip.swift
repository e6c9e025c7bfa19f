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
        /// That stop's id.
        let stopID: Int
    }

    /// The rows of the trip asked for, in travel order, with the trips before and after it.
    ///
    /// A pattern's parts (`run_ref`s) form trips: a cancelled part after a running one is the rest of that trip (a
    /// run cut short), any other part is a trip of its own. With no run asked for, or one the pattern does not hold,
    /// every row is read as one trip. The trip keeps every row of its own runs, even a stop the trip before also
    /// lists (PTV lists Southern Cross in both halves of a cross-city train, and a board there lists both).
    /// - Parameters:
    ///   - rows: The pattern's rows in travel order (``ordered(_:)``).
    ///   - asked: The run the page was asked for.
    ///   - pattern: The pattern, for its runs, routes and stops.
    ///   - type: The mode.
    ///   - through: Whether the trip the train continues as is ridden too (its rows follow the trip's own).
    static func trip(_ rows: [Departure], asked: String?, pattern: PatternResponse, type: RouteType, through: Bool = false)
        -> (rows: [Departure], previous: Neighbour?, next: Neighbour?) {
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
        guard let asked, let index = trips.firstIndex(where: { $0.contains { $0.runRef == asked } }), trips.count > 1 else {
            return (rows, nil, nil)
        }
        // The run's own rows, as PTV gives them: a board there lists this run, so its page does too.
        let own = trips[index]
        let before = index > 0 ? trips[index - 1] : nil
        func name(_ row: Departure?) -> String {
            row.flatMap { pattern.stops[String($0.stopId)] }.map { SpokenName.stop($0.stopName) } ?? ""
        }
        func service(_ row: Departure) -> String {
            ModeWords.service(pattern.routes[String(row.routeId)], type: type, routeID: row.routeId)
        }
        let previous = before.flatMap { rows -> Neighbour? in
            guard let first = rows.first, let join = own.first else { return nil }
            return Neighbour(runRef: first.runRef, service: service(first), place: name(first), at: name(join), stopID: join.stopId)
        }
        let next = index + 1 < trips.count ? trips[index + 1].first.flatMap { first -> Neighbour? in
            // Ridden through, the line's name changes where the next trip's first row is (the journey keeps that stop's
            // row from the next trip), which may be a stop past where PTV ends the trip asked for.
            guard let join = through ? first : own.last else { return nil }
            let run = pattern.runs[first.runRef]
            let end = destination(run: run, direction: pattern.directions[String(first.directionId)])
            let place = PlatformDestination.name(end: end, boarding: first.stopId, type: type).name
            return Neighbour(runRef: first.runRef, service: service(first), place: place, at: name(join), stopID: join.stopId)
        } : nil
        // Ridden through the handover: the rider stays on the train, so its next trip's rows are theirs too.
        let ridden = through && index + 1 < trips.count ? own + trips[index + 1] : own
        return (ridden, previous, next)
    }

    /// The journey a rider rides on run `asked` to the stop `to`: the trip asked for, or, when `to` is only on the trip
    /// the same train continues as (a Frankston train that becomes a Werribee train at Flinders Street, ridden to
    /// Laverton), both trips as one journey of two parts, where the line's name changes at the handover.
    /// - Parameters:
    ///   - pattern: PTV's pattern answer.
    ///   - routeType: The mode.
    ///   - asked: The run the rider boarded.
    ///   - stopID: The stop they get off at, if chosen.
    static func riding(_ pattern: PatternResponse, routeType: RouteType, asked: String, to stopID: Int?) -> Journey {
        let own = Journey(pattern, routeType: routeType, asked: asked)
        guard let stopID, own.index(of: stopID) == nil, own.continuesAs != nil else { return own }
        let through = Journey(pattern, routeType: routeType, asked: asked, through: true)
        return through.index(of: stopID) == nil ? own : through
    }

    /// Whether a row is of a cancelled run.
    private static func isCancelled(_ row: Departure, pattern: PatternResponse) -> Bool {
        row.isCancelled || (pattern.runs[row.runRef]?.isCancelled ?? false)
    }
}

extension Journey.Neighbour {
    /// "At Flinders Street, this train continues as the Frankston line to Frankston."
    var continuesSentence: String {
        "At \(at), this train continues as the \(ModeWords.midSentence(service)) to \(place)."
    }

    /// "Before Flinders Street, this train runs from Werribee as the Werribee line."
    var cameFromSentence: String {
        "Before \(at), this train runs from \(place) as the \(ModeWords.midSentence(service))."
    }
}
