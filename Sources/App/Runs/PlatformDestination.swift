import PTV

/// Where a metro train goes, named as a rider reads it on the platform display.
///
/// PTV names a run by its last stop. A city-bound train whose run ends in the city after Flinders Street (around
/// the City Loop to Parliament, or on to Southern Cross) shows "Flinders Street" on every platform before it, and
/// the rest of its way is a note ("after Flinders Street, via the City Loop to Parliament"). In the city the next
/// end is said: from Southern Cross or a loop station after Flinders Street, the run's own end; a run that leaves
/// the stop where it ends goes round to Flinders Street first. The board (from a departures answer), the run page
/// and the ride page (from a pattern) name a train through these functions only, so they name one destination.
enum PlatformDestination {
    /// The City Loop's underground stations.
    static let loopStations: Set<String> = ["Parliament", "Melbourne Central", "Flagstaff"]
    /// PTV's metro stop ids of the city stations (Flinders Street, Southern Cross and the loop).
    static let cityStops: [Int: String] = [1071: "Flinders Street", 1181: "Southern Cross", 1068: "Flagstaff",
                                           1120: "Melbourne Central", 1155: "Parliament"]

    /// A destination as the platform says it.
    struct Named: Sendable, Equatable {
        /// "Flinders Street".
        let name: String
        /// "after Flinders Street, via the City Loop to Parliament", "then on to Southern Cross", or nil.
        let after: String?
        /// The same said after "to Flinders Street": "then via the City Loop to Parliament", "then on to Southern Cross".
        var then: String? = nil
    }

    /// The destination a rider boarding at `stopID` reads for a departure's run (named from the run, else its
    /// direction): what the board and a favourite line both call it.
    static func name(run: Run?, direction: Direction?, boarding stopID: Int, type: RouteType) -> Named {
        name(end: Journey.destination(run: run, direction: direction), boarding: stopID, type: type)
    }

    /// The destination a rider boarding at `stopID` reads for a run that ends at `end`.
    /// - Parameters:
    ///   - end: The run's own destination, as said after "to" (``SpokenName/destination(_:rail:)``).
    ///   - stopID: Where the rider boards.
    ///   - type: The mode (only metro trains run the loop).
    static func name(end: String, boarding stopID: Int, type: RouteType) -> Named {
        guard type == .train, end == "Southern Cross" || loopStations.contains(end) else { return Named(name: end, after: nil) }
        let viaFlinders = switch cityStops[stopID] {
        // Before the city, and a run leaving the stop where it ends: Flinders Street comes first.
        case nil, end: true
        case "Flinders Street": false
        // In the loop: a train ending at Southern Cross has Flinders Street still ahead; one ending in the loop is past it.
        default: end == "Southern Cross"
        }
        guard viaFlinders else { return Named(name: end, after: nil) }
        let loop = loopStations.contains(end)
        return Named(name: "Flinders Street", after: loop ? "after Flinders Street, via the City Loop to \(end)" : "then on to \(end)",
                     then: loop ? "then via the City Loop to \(end)" : "then on to \(end)")
    }

    /// The run PTV advertises that `run` continues as (a through-run's next part), if any.
    static func advertisedNext(of run: Run?) -> InterchangeRun? {
        guard let next = run?.interchange?.distributor, next.advertised, next.runRef != "0", next.runRef != run?.runRef else { return nil }
        return next
    }

    /// "continues as the Werribee line to Laverton", when PTV advertises that the run continues as another.
    /// - Parameters:
    ///   - run: The run.
    ///   - routes: The answer's routes, to name the next run's line.
    ///   - type: The mode.
    static func continuation(of run: Run?, routes: [String: Route], type: RouteType) -> String? {
        guard let next = advertisedNext(of: run) else { return nil }
        let end = SpokenName.destination(next.destinationName, rail: type == .train || type == .vline)
        guard !end.isEmpty else { return nil }
        // The line is named only when PTV names another line: a real answer gave the Frankston line's own route for
        // the Werribee train it continues as.
        let line = next.routeId == run?.routeId ? nil : routes[String(next.routeId)]
        return continuation(service: line.map { ModeWords.service($0, type: type) }, to: end)
    }

    /// "continues as the Werribee line to Laverton", or "continues to Laverton" when the line is not known.
    static func continuation(service: String?, to end: String) -> String {
        service.map { "continues as the \(ModeWords.midSentence($0)) to \(end)" } ?? "continues to \(end)"
    }
}
