import Foundation
import HTTPServer
import PTV
import Storage

/// A favourite with its next departures, as shown on the home and favourites pages.
struct FavouriteSummary: Sendable {
    /// Which favourite: its mode and stop, and its line for a line favourite.
    let key: FavouriteKey
    /// The stop's name as spoken, from PTV's answer when the stored one is a placeholder ("Stop 1099").
    let spokenStopName: String
    /// What the card says: its name and link, and its next departures.
    let card: FavouriteCard
    /// The rename and remove forms (favourites page).
    let forms: FavouriteForms
}

extension FavouriteSummary {
    /// The summary of a favourite from what was asked of PTV for it (no I/O), and PTV's official stop name when
    /// the stored one is a placeholder and the answer names the stop.
    /// - Parameters:
    ///   - stored: The favourite as stored.
    ///   - asked: The departures at its stop, as evidence (not asked past the first 40 favourites).
    ///   - way: Where its services go and which way they leave, when known ("trams towards City, heading west").
    ///   - disruptions: The texts of disruptions its departures name, by id (a row then says works that replace it).
    ///   - words: Time words for now.
    ///   - lowFloorOnly: Whether the rider chose low floor trams only (a tram favourite then says first when the next
    ///     low floor tram comes, as its board does).
    ///   - errors: Field errors after a refused rename.
    ///   - typed: What was typed in a refused rename, by field id.
    static func build(_ stored: FavouriteStop, asked: Evidence<DeparturesResponse>, way: String? = nil, disruptions: [String: Disruption] = [:],
                      words: TimeWords, lowFloorOnly: Bool = false,
                      errors: [FieldError],
                      typed: [String: String]) -> (FavouriteSummary, String?) {
        var favourite = stored
        var realName: String?
        let type = RouteType(rawValue: favourite.routeType)
        var next: [DepartureRow] = []
        var unavailable, lowFloor, works: String?
        if var result = asked.value {
            if favourite.hasPlaceholderName,
               let identity = StopIdentity(stopID: favourite.stopID, type: type, details: nil, departures: result) {
                realName = identity.officialName
                favourite.stopName = identity.officialName
            }
            if let routeID = favourite.routeID {
                result.departures = result.departures.filter { departure in
                    departure.routeId == routeID && favourite.directionID.map { $0 == departure.directionId } ?? true
                }
            }
            let changes = BoardChanges(disruptions: disruptions, lowFloorOnly: lowFloorOnly && type == .tram)
            let rows = DepartureBoard(result, routeType: type, stopID: favourite.stopID, words: words, staleSince: asked.staleSince,
                                      changes: changes).next
            if changes.lowFloorOnly { lowFloor = DepartureBoard.lowFloorSummary(rows) }
            if favourite.routeID != nil {
                next = (rows.first { !$0.cancelled && !$0.departed && !$0.wasDue } ?? rows.first).map { [$0] } ?? []
            } else {
                next = Array(rows.prefix(3))
                let every = DepartureBoard.worksOnEvery(next, least: 2)
                works = DepartureBoard.worksOnEverySentence(every)
                next = next.map { row in var row = row; row.worksSaidOnce = every; return row }
            }
            if next.isEmpty { unavailable = EvidenceWords.noMoreDepartures }
        } else {
            // The same words the stop page says for the same outcome.
            unavailable = EvidenceWords.missing(asked, notFound: EvidenceWords.departuresNotFound) ?? "Open the stop to see its departures."
        }
        let slug = ModeWords.slug(type)
        let fieldID = FavouriteWords.fieldID(favourite.key)
        let label = favourite.ownName ?? SpokenName.stop(favourite.stopName)
        let sentence = favourite.routeID == nil ? nil : next.first.map { "\(label), \($0.sentence)" }
        let summary = FavouriteSummary(
            key: favourite.key, spokenStopName: SpokenName.stop(favourite.stopName),
            card: FavouriteCard(link: Link(FavouriteWords.title(favourite), href: Paths.stop(type, favourite.stopID)),
                                next: sentence == nil ? next : [], unavailable: unavailable, sentence: sentence, way: way, lowFloor: lowFloor,
                                works: works),
            forms: FavouriteForms(stopName: FavouriteWords.thing(favourite), path: Paths.favourite(mode: slug, favourite.stopID),
                                  field: FormField(id: fieldID, value: typed[fieldID] ?? favourite.ownName ?? "", errors: errors),
                                  line: favourite.routeID.map { FavouriteLineFields(routeID: $0, directionID: favourite.directionID.map(String.init) ?? "") }))
        return (summary, realName)
    }
}
