import Foundation
import PTV

/// One departure as the page says it.
struct DepartureRow: Sendable {
    /// "3 05 pm" (the scheduled time when cancelled).
    let time: String
    /// "in 5 minutes", "now", "tomorrow 6 08 pm"; "departed" only when `departed`.
    let until: String
    /// The same, said after `time` without the clock again: "in 5 minutes", "tomorrow", "Wednesday 7 April 2027".
    let afterTime: String
    /// Whether its time is more than 30 seconds past (on a fresh answer only: a saved copy's past times were due).
    let departed: Bool
    /// Whether its time is past on a saved copy: "was due", never "departed".
    let wasDue: Bool
    /// What the data says about its time (live and how late, timetable, cancelled).
    let source: ServiceWords.Source
    /// The same phrase as on the run page: "live", "delayed 4 minutes", "timetable", "cancelled".
    let status: String
    /// Whether it is cancelled.
    let cancelled: Bool
    /// "Platform 3", or nil.
    let platform: String?
    /// "Extra service", "Express", "via Metro Tunnel", "Pick up only".
    let notes: [String]
    /// Whether the page says once that times are live unless marked (then a live row on time says nothing more).
    var liveSaidOnce = false
    /// Riding this service from this stop.
    let rideURL: String
    let runRef: String
    /// "Bundoora RMIT".
    let destination: String
    /// "Route 86 tram".
    let service: String
    /// "Route 86 tram to Bundoora RMIT".
    let caption: String
    /// "Route 86 tram to Bundoora RMIT, in 3 minutes, live.", before any works (``sentence``).
    let plainSentence: String
    /// Whether its vehicle is low floor, as PTV says; nil when PTV does not know or gave no vehicle.
    var lowFloor: Bool? = nil
    /// Works that replace it when it leaves, as its notes say them: "buses replace trains between Elsternwick and
    /// Sandringham".
    var replacements: [String] = []
    /// Works the page or card says once for every row ("On every service listed, ..."), which the row then leaves out.
    var worksSaidOnce: [String] = []
    /// Works the page says once for every row of its line (issue 55 item 2), which the row then says short: "buses
    /// replace trains".
    var worksSaidForLine: [String] = []
    let routeID, directionID: Int
    /// When it leaves (live estimate, else timetable), for ordering.
    let at: Date

    /// Whether the time is a live estimate.
    var live: Bool { source != .timetable && !cancelled }

    /// The words after the time: "in 5 minutes from platform 3, delayed 4 minutes, via Metro Tunnel".
    var detail: String { spoken(pieces(withLine: false).dropFirst()) }

    /// The row's link as the ear hears it (its `aria-label`): the pieces' words, the time without its colon. On a
    /// line's board, "8 40 am, in 5 minutes from platform 3, timetable" (the line and destination are its group's
    /// heading, said once and named as the link's description); in time order, "8 40 am to Frankston in 5 minutes
    /// from platform 8".
    func label(withLine: Bool) -> String { spoken(pieces(withLine: withLine)) }

    private func spoken(_ pieces: some Sequence<DeparturePiece>) -> String {
        pieces.map { $0.text + $0.after }.joined(separator: " ")
    }

    /// The row's line on a board in time order: "to Frankston" for a line named after where it goes (the Frankston
    /// line to Frankston said the place twice, 0.8 s a row at 175 words a minute), else "Craigieburn line to
    /// Broadmeadows", "Route 5 tram to Burke Road".
    var lineSaid: String {
        !destination.isEmpty && service == "\(destination) line" ? "to \(destination)" : caption
    }

    /// The notes the row says: all but the works the page says once, and the works said once for its line said short.
    var notesSaid: [String] {
        guard !worksSaidOnce.isEmpty || !worksSaidForLine.isEmpty else { return notes }
        return notes.compactMap { note in
            worksSaidOnce.contains(note) ? nil : worksSaidForLine.contains(note) ? ChangeWords.short(note) : note
        }
    }

    /// The row as a sentence that stands alone (a favourite, an alert), with works that replace it, which change
    /// where the rider boards, unless said once for every row: "Frankston line to Frankston, in 5 minutes, timetable.
    /// Buses replace trains between Caulfield and Frankston."
    var sentence: String {
        ChangeWords.sentences(replacements.filter { !worksSaidOnce.contains($0) }).map { plainSentence + " " + $0 } ?? plainSentence
    }

    /// "platform 3" as the row says it, or nil (no platform, or cancelled).
    var platformSaid: String? { platform.flatMap { cancelled ? nil : ModeWords.midSentence($0) } }

    /// "delayed 4 minutes", "timetable", or nil when the row says nothing of its source (cancelled, which `afterTime`
    /// says, or live on time on a board that says once that times are live).
    var statusSaid: String? { cancelled || (liveSaidOnce && source == .live(minutesLate: 0)) ? nil : status }
    /// Whether PTV marks it a replacement bus (`S_RRB`): what stands for the row without its notes (the board's
    /// summary) says so with the line ("Next, Alamein line replacement bus, in 7 minutes").
    var isReplacementBus: Bool { notes.contains(ServiceWords.replacementBus) }

    /// The row's words in the pieces a board styles apart (issue 34 item 9), in reading order: joined with single
    /// spaces (each piece's `text` then `after`) they are exactly the link's one sentence ("8 40 am, in 5 minutes from
    /// platform 3, timetable" on a line's board; "8 40 am to Frankston in 5 minutes from platform 8" when the board is
    /// in time order, with the line), each piece carrying the comma that follows it, so nothing but a space sits
    /// between two pieces. When, where to and which platform are one phrase, without commas: each comma is a pause
    /// (about 0.25 s at 175 words a minute), and a row said as a sentence costs less to hear (issue 55 item 2).
    func pieces(withLine: Bool) -> [DeparturePiece] {
        var out: [(String, DeparturePiece.Kind)] = [(time, .time)]
        if withLine { out.append((lineSaid, .line)) }
        out.append((afterTime, cancelled ? .cancelled : .when))
        // "in 5 minutes" and "now" join where to and which platform in one phrase; a day ("Saturday"), "was due" or
        // "cancelled" stands apart, after a comma, as before.
        let soon = !cancelled && !wasDue && (afterTime == "now" || afterTime.hasPrefix("in "))
        if let platformSaid { out.append(((soon ? "from " : "") + platformSaid, .platform)) }
        if let statusSaid { out.append((statusSaid, .status)) }
        if !notesSaid.isEmpty { out.append((notesSaid.joined(separator: ", "), .notes)) }
        return out.enumerated().map { i, piece in
            let next = i < out.count - 1 ? out[i + 1].1 : nil
            // After the time comes a comma only on a line's board: in time order the line follows it, as one phrase;
            // so do when it leaves after the line, and its platform after when ("to Frankston in 5 minutes from platform
            // 8"). A cancelled row keeps its comma: "to Frankston, cancelled"; so does a far-off day: "to Dandenong, Saturday".
            let phrase = (piece.1 == .time && withLine) || (soon && ((piece.1 == .line && next == .when) || (piece.1 == .when && next == .platform)))
            let comma = next != nil && !phrase
            // A boxed word's comma is outside its box.
            let boxed = piece.1 == .status || piece.1 == .cancelled
            return DeparturePiece(text: piece.0 + (comma && !boxed ? "," : ""), after: comma && boxed ? "," : "", kind: piece.1)
        }
    }
}

/// One piece of a departure row's sentence, styled by its kind (`dep-when`, `dep-platform`, `dep-status`), never
/// read apart: the pieces are inline in the row's one link.
struct DeparturePiece: Sendable {
    /// What the board shows a piece as.
    enum Kind: String, Sendable {
        case time, line, when, cancelled, platform, status, notes
    }
    /// The piece's words with the comma that follows it: "in 5 minutes,".
    let text: String
    /// The comma that follows a boxed piece (a status), outside its box.
    let after: String
    let kind: Kind
}

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
            let service = ModeWords.service(route, type: routeType)
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
        // another run listed here too is said as that run from here (the Frankston train at Flinders Street is the
        // Werribee train to Laverton); a run listed again at the stop where it ends is arriving there, not leaving.
        var runs = Set<String>()
        var seenRuns = Set<String>()
        let listed = Set(departures.map(\.runRef))
        var lines: [String: LineAtStop] = [:]
        for departure in departures {
            let route = response.routes[String(departure.routeId)]
            let run = response.runs[departure.runRef]
            guard runs.insert("\(departure.runRef)|\(departure.scheduledDepartureUTC?.timeIntervalSince1970 ?? 0)").inserted,
                  !Self.continuesHere(run, listed: listed),
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
                               staleSince: staleSince, changes: changes)
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

    /// Whether PTV says `run` continues as another run that the same answer lists (a through-run's next part).
    static func continuesHere(_ run: Run?, listed: Set<String>) -> Bool {
        PlatformDestination.advertisedNext(of: run).map { listed.contains($0.runRef) } ?? false
    }

    /// Whether a route is PTV's "combined" listing of other routes (e.g. "802-804-862 combined").
    static func isCombined(_ route: Route?) -> Bool {
        route.map { $0.routeName.lowercased().contains("combined") || $0.routeNumber.lowercased().contains("combined") } ?? false
    }

    /// How long past its time a train PTV says stands at the platform is still said to leave "now" (past it, the flag
    /// is taken for a stale one, as on a recorded answer read long after).
    static let standingLate: TimeInterval = 10 * 60

    /// One departure as a row.
    static func row(_ departure: Departure, route: Route?, run: Run?, routeType: RouteType, stopID: Int,
                    service: String, destination: String, onwards: String? = nil, words: TimeWords, staleSince: Date? = nil,
                    changes: BoardChanges = .none) -> DepartureRow {
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
            cancelled: cancelled, platform: platform, notes: notes, rideURL: Paths.ride(routeType, departure.runRef, from: stopID), runRef: departure.runRef,
            destination: destination, service: service, caption: caption, plainSentence: sentence, lowFloor: said.lowFloor,
            replacements: said.replacements, routeID: departure.routeId, directionID: departure.directionId, at: best)
    }
}
