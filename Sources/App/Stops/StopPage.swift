import Foundation
import HTTPServer
import PTV
import Storage

/// The stop page's view model: the summary first, then departures by line, then facts.
///
/// Built from evidence (`Evidence`): the stop exists when the stop call or the departures answer names it; a part
/// that did not load is said in words ("Departures could not be loaded just now, because …") and the rest of the page stays.
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
    /// Whether PTV answered the departures question (else the summary says why there are none).
    let departuresAnswered: Bool
    /// Disruptions at this stop, on its lines, and any PTV names without their text.
    let disruptions: DisruptionNotes
    let updated: String
    /// This page again, carrying the departures due soon (`JustLeft`, set by the controller).
    var refreshURL: String
    /// "The 8 32 am Frankston line train has left.", said once on the refresh after it left (set by the controller).
    var left: String?
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
    /// Every departure row the page shows.
    var rows: [DepartureRow] { groups.flatMap(\.rows) + chronological }
    /// Which way services leave, and walking here (set by the controller).
    var door: StopDoor?
    /// The low floor trams only form, on a tram stop (set by the controller).
    var lowFloor: LowFloorForm?
    /// "Remind me when to leave", a line at a time (set by the controller).
    var alerts: AlertOffer?
    /// Whether every question the page stands on was answered fresh (or PTV said it does not know the thing): no
    /// failure and no saved copy. Only such a page may be kept for the next visitors (`Response.storable`), so that
    /// "Refresh departures" after a failure asks again.
    let isWhole: Bool

    /// Builds the page from what was loaded.
    /// - Parameters:
    ///   - type: The stop's mode.
    ///   - stopID: The stop.
    ///   - details: What the stop call gave.
    ///   - departures: What the departures call gave.
    ///   - disruptions: Every disruption text at hand by id (``StopController/load(_:type:stopID:)``); nil: the answers' own.
    ///   - disruptionsDated: Those texts from older copies (the page dates them).
    ///   - favourites: This browser's favourites at this stop (the whole stop, and lines).
    ///   - changes: Stops express runs pass and the rider's low floor choice (its disruptions are set here).
    ///   - context: Words, demo mode, banner and path.
    /// - Throws: `HTTPError` 404 when both calls say there is no such stop; the failure's own error when neither
    ///   call answered, so nothing about the stop is known.
    init(type: RouteType, stopID: Int, details: Evidence<StopDetailsResponse>, departures: Evidence<DeparturesResponse>,
         disruptions known: [String: Disruption]? = nil, disruptionsDated: DisruptionNotes.Dated? = nil, favourites: [FavouriteStop],
         changes: BoardChanges = .none, context: PageContext) throws {
        guard let identity = StopIdentity(stopID: stopID, type: type, details: details.value, departures: departures.value) else {
            throw Self.unknown(type: type, stopID: stopID, details: details, departures: departures)
        }
        let words = context.words
        let response = departures.value ?? DeparturesResponse(DeparturesBody())
        let staleSince = departures.staleSince
        let known = known ?? DisruptionNotes.known(response.disruptions, details.value?.disruptions ?? [:])
        var changes = changes
        changes.disruptions = known
        changes.busFloors = VehicleWords.BusFloors(response, type: type)
        let byLine = DepartureBoard(response, routeType: type, stopID: stopID, words: words, staleSince: staleSince, changes: changes)
        let chronological = byLine.groups.count > 6 || (type != .train && type != .vline && byLine.groups.count > 3)
        // One time-ordered list for stops served by many lines, with the next two of each line.
        let board = chronological ? DepartureBoard(response, routeType: type, stopID: stopID, words: words, limit: 2, staleSince: staleSince,
                                                       changes: changes) : byLine
        // "Times are live unless marked" is said once when it spares enough rows their own "live".
        let liveSaidOnce = staleSince == nil && board.next.filter { $0.source == .live(minutesLate: 0) }.count >= 4
        // So are works PTV names on every departure listed, which spares each row a sentence.
        let worksOnEvery = DepartureBoard.worksOnEvery(board.next)
        // And works every row of one line names: the rows say them short ("buses replace trains"), a line's group says
        // them whole under its heading; on a board in time order the disruptions below say them whole, as PTV titles
        // them, and the summary when the next departure meets them (a sentence of their own after the rows was measured
        // with espeak at 175 words a minute: 5.6 s, which two rows' short words, 1.8 s each, do not pay for).
        let worksByLine = DepartureBoard.worksByLine(board.next, except: worksOnEvery)
        let quiet = { (rows: [DepartureRow]) in
            rows.map { row in
                var row = row
                row.liveSaidOnce = liveSaidOnce
                row.worksSaidOnce = worksOnEvery
                row.worksSaidForLine = worksByLine[row.routeID] ?? []
                return row
            }
        }
        name = identity.spokenName
        groups = chronological ? [] : board.groups.enumerated().map { index, group in
            var group = group
            group.headingID = "group-\(index + 1)"
            group.rows = quiet(group.rows)
            group.works = worksByLine[group.routeID].flatMap(ChangeWords.sentences)
            return group
        }
        self.chronological = chronological ? quiet(board.next) : []
        departuresAnswered = departures.value != nil
        self.disruptions = DisruptionNotes.read(named: board.named, known: known, stopID: stopID,
                                                stopOwn: identity.details.disruptionIds, dated: disruptionsDated, at: words.now, words: words)
        let legends = [liveSaidOnce ? "Times are live unless marked." : nil, DepartureBoard.worksOnEverySentence(worksOnEvery),
                       changes.busFloors.legend(board.next.map(\.lowFloor))]
        legend = legends.compactMap { $0 }.isEmpty ? nil : legends.compactMap { $0 }.joined(separator: " ")
        updated = departures.fetchedAt.map { words.clock($0) } ?? words.clock(words.now)
        refreshURL = context.path
        favourite = FavouriteButton(type: type, stopID: stopID, stopName: name, favourite: favourites.first { $0.routeID == nil },
                                    token: context.token, returnPath: context.path)
        let fields = FavouriteStopFields(token: context.token, returnPath: context.path,
                                         mode: ModeWords.slug(type), stopID: stopID)
        lines = FavouriteLineButton.star(board.groups, type: type, fields: fields, favourites: favourites)
        lineForm = lines.contains { $0.starButton != nil } ? fields : nil
        facts = StopFacts(identity, type: type, detailsAnswered: details.value != nil)
        if case .notFound = details.outcome {
            factsUnavailable = "PTV has no details for this stop, so its access, facilities and own disruptions are not known."
        } else {
            factsUnavailable = EvidenceWords.notChecked("This stop's access, facilities and own disruptions", details)
        }
        isWhole = details.isWhole && departures.isWhole
        nearbyURL = identity.latitude.flatMap { lat in identity.longitude.map { Paths.nearby(latitude: lat, longitude: $0) } }
        let summary = EvidenceWords.missing(departures, notFound: EvidenceWords.departuresNotFound) ?? board.summary
        head = PageHead(context.chrome(title: "\(name) departures", stale: EvidenceWords.staleNotice(departures, words: words),
                                       scripts: ["/static/js/refresh.js"]),
                        heading: identity.spokenNameWithoutNumber, summary: summary)
    }

    /// Said when PTV has no stop of this mode with this number.
    static func missing(_ type: RouteType, _ stopID: Int) -> String {
        "There is no \(ModeWords.noun(type)) stop with the number \(stopID)."
    }

    /// Why a stop no answer names has no page: PTV said so (404), or it could not be checked (the failure's status).
    static func unknown(type: RouteType, stopID: Int, details: Evidence<StopDetailsResponse>,
                        departures: Evidence<DeparturesResponse>) -> HTTPError {
        // A failure or refusal on either question means Trakx cannot say the stop does not exist.
        if let refusal = departures.refusal ?? details.refusal { return EvidenceWords.refused(refusal) }
        return EvidenceWords.error(departures.failure ?? details.failure, missing: Self.missing(type, stopID),
                            couldNot: "check \(ModeWords.noun(type)) stop \(stopID)")
    }
}
