import Foundation
import PTV

/// Departures for one route and destination.
struct DepartureGroup: Sendable {
    /// "Route 86 tram to Bundoora RMIT".
    let caption: String
    let routeID, directionID: Int
    /// The rows in time order.
    var rows: [DepartureRow]
    /// The line and direction the group belongs to (for starring it).
    var line: LineAtStop?
    /// The form that stars or unstars this line, on the stop page.
    var starButton: FavouriteLineButton?
    /// Its heading's id ("group-2"), which names each row's link as its description (set by the stop page).
    var headingID = ""
    /// Works every row of its line names, said once under the heading ("Buses replace trains between Elsternwick and
    /// Sandringham."; the rows say "buses replace trains"), on the stop page.
    var works: String?
}

/// Turns a departures answer into groups by line and destination, and a one-sentence summary.
struct DepartureBoard: Sendable {
    let groups: [DepartureGroup]
    let summary: String
    /// Every row, in time order.
    let next: [DepartureRow]
    /// The disruption ids each departure names, with its line's name ("Frankston line"), for `DisruptionNotes`.
    let named: [(ids: [Int], line: String)]

    /// Builds the board for `stopID`.
    /// - Parameters:
    ///   - response: PTV's departures (with expanded routes, runs, directions and disruptions).
    ///   - routeType: The stop's route type.
    ///   - stopID: The stop.
    ///   - words: Time words for now.
    ///   - limit: Most departures per group.
    ///   - staleSince: When the answer was fetched, if it is a saved copy shown because PTV could not give a fresh one.
    ///   - changes: Replacement buses, skipped stops and the rider's low floor choice (`BoardChanges`).
    init(_ response: DeparturesResponse, routeType: RouteType, stopID: Int, words: TimeWords, limit: Int = 4, staleSince: Date? = nil,
         changes: BoardChanges = .none) {
        // PTV's filtering is loose: keep this stop's departures (all of them if none carry its id) and sort again.
        let atStop = response.departures.filter { $0.stopId == stopID }
        // Member routes before a "combined" listing of them, so the member's row is the one kept. (Each route is
        // looked at once, and each departure's sort key made once, not on every comparison.)
        let combined = Set(response.routes.compactMap { Self.isCombined($0.value) ? $0.key : nil })
        let departures = (atStop.isEmpty ? response.departures : atStop)
            .map { ($0, ($0.bestTime ?? .distantFuture, combined.contains(String($0.routeId)) ? 1 : 0, $0.departureSequence)) }
            .sorted { $0.1 < $1.1 }
            .map(\.0)
        // Many departures share a line and a destination: each is worded once.
        var services: [Int: String] = [:]
        var destinations: [String: PlatformDestination.Named] = [:]
        func service(_ route: Route?, _ routeID: Int) -> String {
            if let known = services[routeID] { return known }
            let service = ModeWords.service(route, type: routeType, routeID: routeID)
            services[routeID] = service
            return service
        }
        // Named as the platform at this stop names it, the same way as on the run and ride pages.
        func destination(_ run: Run?, _ directionID: Int) -> PlatformDestination.Named {
            let key = "\(directionID)|\(run?.destinationName ?? "")"
            if let known = destinations[key] { return known }
            let named = PlatformDestination.name(run: run, direction: response.directions[String(directionID)], boarding: stopID,
                                                 type: routeType)
            destinations[key] = named
            return named
        }
        var order: [String] = []
        var rowsByKey: [String: [DepartureRow]] = [:]
        var allRows: [DepartureRow] = []
        var vehicles = Set<String>()
        // One train once: a row PTV repeats (same run, same time) is one departure; a run PTV says continues as
        // another run listed here too is said as the run the rider boards here (the Frankston train at Flinders Street
        // is the Werribee train to Laverton; at Southern Cross, a Werribee train to Flinders Street is still itself);
        // a run listed again at the stop where it ends is arriving there, not leaving.
        var runs = Set<String>()
        var seenRuns = Set<String>()
        let listed = Set(departures.map(\.runRef))
        let twice = Self.sameTrainListedTwice(response.runs, listed: listed, stopID: stopID, type: routeType)
        // A run that calls here twice (Southern Cross before and after Flinders Street): each row's ride names its visit.
        let visits = departures.compactMap { departure in departure.scheduledDepartureUTC.map { (departure.runRef, $0) } }
        let visitsTwice = Set(Dictionary(grouping: visits, by: \.0).filter { Set($0.value.map(\.1)).count > 1 }.keys)
        var lines: [String: LineAtStop] = [:]
        for departure in departures {
            let route = response.routes[String(departure.routeId)]
            let run = response.runs[departure.runRef]
            guard runs.insert("\(departure.runRef)|\(departure.scheduledDepartureUTC?.timeIntervalSince1970 ?? 0)").inserted,
                  !twice.contains(departure.runRef),
                  seenRuns.insert(departure.runRef).inserted || run?.finalStopId != stopID else { continue }
            let named = destination(run, departure.directionId)
            let destination = named.name
            // A "combined" route repeats its member routes' vehicles (members sort first): one vehicle at one time to
            // one place is one row.
            let vehicle = "\(departure.scheduledDepartureUTC?.timeIntervalSince1970 ?? 0)|\(destination)"
            if Self.isCombined(route) && vehicles.contains(vehicle) { continue }
            vehicles.insert(vehicle)
            let key = "\(departure.routeId)|\(destination)"
            guard (rowsByKey[key]?.count ?? 0) < limit else { continue }
            if rowsByKey[key] == nil {
                order.append(key)
                lines[key] = LineAtStop(departure, service: service(route, departure.routeId),
                                        direction: response.directions[String(departure.directionId)], destination: destination)
            }
            // Where it goes on from there: a through-run PTV advertises, else the rest of a run past Flinders Street.
            let onwards = PlatformDestination.continuation(of: run, routes: response.routes, type: routeType) ?? named.after
            let row = Self.row(departure, route: route, run: run, routeType: routeType, stopID: stopID,
                               service: service(route, departure.routeId), destination: destination, onwards: onwards, words: words,
                               staleSince: staleSince, changes: changes, namesVisit: visitsTwice.contains(departure.runRef))
            rowsByKey[key, default: []].append(row)
            allRows.append(row)
        }
        groups = order.compactMap { key in
            guard let rows = rowsByKey[key], let first = rows.first else { return nil }
            return DepartureGroup(caption: first.caption, routeID: first.routeID, directionID: first.directionID, rows: rows,
                                  line: lines[key])
        }
        named = departures.filter { !$0.disruptionIds.isEmpty }.map { departure in
            (departure.disruptionIds, service(response.routes[String(departure.routeId)], departure.routeId))
        }
        next = allRows
        summary = changes.lowFloorOnly && routeType == .tram ? Self.lowFloorFirst(allRows) : Self.summary(allRows)
    }

    /// Whether a route is PTV's "combined" listing of other routes (e.g. "802-804-862 combined").
    static func isCombined(_ route: Route?) -> Bool {
        route.map { $0.routeName.lowercased().contains("combined") || $0.routeNumber.lowercased().contains("combined") } ?? false
    }

    /// How long past its time a train PTV says stands at the platform is still said to leave "now" (past it, the flag
    /// is taken for a stale one, as on a recorded answer read long after).
    static let standingLate: TimeInterval = 10 * 60

    /// One departure as a row (`namesVisit`: its ride link names its timetabled minute, for a run listed here twice).
    static func row(_ departure: Departure, route: Route?, run: Run?, routeType: RouteType, stopID: Int,
                    service: String, destination: String, onwards: String? = nil, words: TimeWords, staleSince: Date? = nil,
                    changes: BoardChanges = .none, namesVisit: Bool = false) -> DepartureRow {
        let scheduled = departure.scheduledDepartureUTC ?? departure.bestTime ?? words.now
        let best = departure.bestTime ?? scheduled
        let cancelled = departure.isCancelled || (run?.isCancelled ?? false)
        let source = ServiceWords.source(scheduled: departure.scheduledDepartureUTC, estimated: departure.estimatedDepartureUTC,
                                         cancelled: cancelled)
        let status = ServiceWords.status(source, words: words, staleSince: staleSince)
        let number = (departure.platformNumber ?? "").trimmingCharacters(in: .whitespaces)
        let platform = number.isEmpty ? nil : "Platform \(number)"
        // "Departed" is worked out from the clock only on a fresh answer; a saved copy's past times were due. A train PTV
        // says stands at the platform up to `standingLate` past its time has not left: it leaves "now".
        let standing = departure.atPlatform && staleSince == nil && !cancelled && best < words.now
            && best >= words.now.addingTimeInterval(-Self.standingLate)
        let past = !cancelled && !standing && best < words.now.addingTimeInterval(-30)
        let departed = past && staleSince == nil
        let wasDue = past && staleSince != nil
        let until = cancelled ? "cancelled" : wasDue ? "was due \(words.clock(best))" : standing ? "now" : words.until(best)
        let flags = ServiceWords.flags(departure.flags)
        let said = changes.row(departure, run: run, type: routeType,
                               notes: [onwards].compactMap { $0 } + ServiceWords.notes(run: run, departureNote: departure.departureNote ?? "",
                                                                                      flags: flags, destination: destination))
        let notes = said.notes
        let caption = ServiceWords.caption(service: service, destination: destination)
        // A sentence stands alone (favourites, alerts), so it always names where the service goes, and a replacement bus
        // (PTV's flag, or works that replace the service when it leaves).
        var sentence = ServiceWords.caption(service: ServiceWords.service(service, replacementBus: ServiceWords.isReplacementBus(flags)),
                                            destination: destination)
        if cancelled {
            sentence += ", \(words.clock(scheduled)), cancelled."
        } else {
            sentence += ", \(until)"
            if let platform { sentence += " from \(ModeWords.midSentence(platform))" }
            sentence += source == .timetable ? ", timetable." : ", \(staleSince == nil ? "live" : status)."
        }
        return DepartureRow(
            time: words.clock(cancelled ? scheduled : best), until: until,
            afterTime: cancelled || standing ? until : wasDue ? "was due " + words.ago(best) : words.afterClock(best),
            departed: departed, wasDue: wasDue, source: source, status: status,
            cancelled: cancelled, platform: platform, notes: notes, rideURL: Paths.ride(routeType, departure.runRef, from: stopID, at: namesVisit ? departure.scheduledDepartureUTC : nil), runRef: departure.runRef,
            destination: destination, service: service, caption: caption, plainSentence: sentence, lowFloor: said.lowFloor,
            replacements: said.replacements, routeID: departure.routeId, directionID: departure.directionId, at: best)
    }
}
