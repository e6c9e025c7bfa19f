import Foundation
import PTV
import Storage

/// The stop page's view model: the summary first, then departures by line, then facts.
struct StopPage: Sendable {
    /// The name without a tram or bus stop number as the heading ("Federation Square at Swanston Street"), the board's summary.
    let head: PageHead
    /// "Flinders Street Station", "Federation Square at Swanston Street, stop 13".
    let name: String
    /// Per-line groups (stations).
    let groups: [DepartureGroup]
    /// One time-ordered list (stops served by many lines), or empty when `groups` is used.
    let chronological: [DepartureRow]
    /// "Times are live unless marked.", when any departure is live.
    let legend: String?
    /// Disruptions said once for the board when it is chronological.
    let disruptions: [Link]
    let updated: String
    let refreshURL: String
    let favourite: FavouriteButton
    /// Each line and direction at this stop, with its star button.
    let lines: [DepartureGroup]
    /// The one form the line buttons share (nil when no line has a button).
    let lineForm: FavouriteStopFields?
    let facts: StopFacts
    /// Said when the stop's details could not be fetched.
    let factsUnavailable: String?
    /// "Stops near here", when the stop's position is known.
    let nearbyURL: String?
    /// Which way services leave, and walking here (set by the controller).
    var door: StopDoor?

    /// Builds the page from what was loaded.
    /// - Parameters:
    ///   - type: The stop's mode.
    ///   - stopID: The stop.
    ///   - departures: PTV's departures.
    ///   - details: PTV's stop details, or nil when that call failed.
    ///   - favourites: This browser's favourites at this stop (the whole stop, and lines).
    ///   - context: Words, demo mode, banner and path.
    init?(type: RouteType, stopID: Int, departures: Fetched<DeparturesResponse>, details: StopDetailsResponse?,
          favourites: [FavouriteStop], context: PageContext) {
        guard let identity = StopIdentity(stopID: stopID, type: type, details: details, departures: departures.value) else { return nil }
        let words = context.words
        let byLine = DepartureBoard(departures.value, routeType: type, stopID: stopID, words: words)
        let chronological = byLine.groups.count > 6 || (type != .train && type != .vline && byLine.groups.count > 3)
        // One time-ordered list for stops served by many lines, with the next two of each line.
        let board = chronological ? DepartureBoard(departures.value, routeType: type, stopID: stopID, words: words, limit: 2) : byLine
        // "Times are live unless marked" is said once when it spares enough rows their own "live".
        let liveSaidOnce = board.next.filter { $0.source == .live(minutesLate: 0) }.count >= 4
        let quiet = { (rows: [DepartureRow]) in rows.map { row in var row = row; row.liveSaidOnce = liveSaidOnce; return row } }
        name = identity.spokenName
        groups = chronological ? [] : board.groups.map { group in var group = group; group.rows = quiet(group.rows); return group }
        self.chronological = chronological ? quiet(board.next) : []
        var links: [Link] = []
        for link in board.groups.flatMap(\.disruptions) + identity.disruptions(in: departures.value, details: details)
            where !links.contains(link) { links.append(link) }
        disruptions = chronological ? links : links.filter { link in !board.groups.contains { $0.disruptions.contains(link) } }
        legend = liveSaidOnce ? "Times are live unless marked." : nil
        updated = words.clock(departures.fetchedAt)
        refreshURL = context.path
        favourite = FavouriteButton(type: type, stopID: stopID, stopName: name, favourite: favourites.first { $0.routeID == nil },
                                    token: PageCache.tokenPlaceholder, returnPath: context.path)
        let fields = FavouriteStopFields(token: PageCache.tokenPlaceholder, returnPath: context.path,
                                         mode: ModeWords.slug(type), stopID: stopID)
        lines = FavouriteLineButton.star(board.groups, type: type, fields: fields, favourites: favourites)
        lineForm = lines.contains { $0.starButton != nil } ? fields : nil
        facts = StopFacts(identity, type: type)
        factsUnavailable = details == nil ? "This stop's access, facilities and own disruptions could not be checked just now." : nil
        nearbyURL = identity.latitude.flatMap { lat in identity.longitude.map { Paths.nearby(latitude: lat, longitude: $0) } }
        head = PageHead(context.chrome(title: "\(name) departures",
                                       stale: context.staleNotice(isStale: departures.isStale, fetchedAt: departures.fetchedAt),
                                       scripts: ["/static/js/refresh.js"]),
                        heading: identity.spokenNameWithoutNumber, summary: board.summary)
    }
}
