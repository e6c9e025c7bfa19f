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

extension Site {
    /// The request's favourites with their next departures (at most `limit` favourites), and how many it has in all.
    func favouriteSummaries(for request: Request, limit: Int) async throws -> (shown: [FavouriteSummary], total: Int) {
        let favourites = try await lists.all(request)
        return (await summaries(for: Array(favourites.prefix(limit)), list: lists.current(request)), favourites.count)
    }

    /// Each favourite with its next departures, fetched concurrently (through the shared cache). A favourite
    /// stored with a placeholder stop name is named from the departures answer, and its stored name refreshed.
    /// - Parameters:
    ///   - favourites: The favourites.
    ///   - list: Their list, where placeholder names are refreshed.
    ///   - errors: Field errors after a refused rename.
    ///   - typed: What was typed in a refused rename, by field id, shown again in that field.
    func summaries(for favourites: [FavouriteStop], list: FavouriteListKey? = nil, errors: [FieldError] = [],
                   typed: [String: String] = [:]) async -> [FavouriteSummary] {
        let words = timeWords()
        let found = await withTaskGroup(of: (Int, FavouriteSummary, String?).self) { group in
            for (index, favourite) in favourites.enumerated() {
                group.addTask {
                    let (summary, realName) = await summary(favourite, index: index, words: words, errors: errors, typed: typed)
                    return (index, summary, realName)
                }
            }
            var results: [(Int, FavouriteSummary, String?)] = []
            for await item in group { results.append(item) }
            return results.sorted { $0.0 < $1.0 }
        }
        if let list {
            let renamed = found.compactMap { item in item.2.map { (favourites[item.0], $0) } }
            lists.renames.note(renamed, in: list)
        }
        return found.map(\.1)
    }

    /// The summary, and PTV's official stop name when the stored one is a placeholder and the answer names the stop.
    private func summary(_ stored: FavouriteStop, index: Int, words: TimeWords, errors: [FieldError],
                         typed: [String: String]) async -> (FavouriteSummary, String?) {
        var favourite = stored
        var realName: String?
        let type = RouteType(rawValue: favourite.routeType)
        var next: [DepartureRow] = []
        var unavailable: String?
        // Bound the PTV calls one page can cause: past the first 40, link to the stop instead.
        let asked: Evidence<DeparturesResponse> = index < 40
            ? await Evidence.ask(.departures) {
                // The stop page's own question, so both share one cached answer; a line favourite keeps its line.
                try await source.departures(routeType: favourite.routeType, stopID: favourite.stopID, routeID: nil,
                                            maxResults: PTVClient.departuresPerDirection)
            }
            : Evidence(.departures, outcome: .notAsked)
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
            let rows = DepartureBoard(result, routeType: type, stopID: favourite.stopID, words: words, staleSince: asked.staleSince).next
            if favourite.routeID != nil {
                next = (rows.first { !$0.cancelled && !$0.departed && !$0.wasDue } ?? rows.first).map { [$0] } ?? []
            } else {
                next = Array(rows.prefix(3))
            }
            if next.isEmpty { unavailable = "No departures in the next few hours." }
        } else {
            // The same words the stop page says for the same outcome.
            unavailable = EvidenceWords.missing(asked, notFound: EvidenceWords.departuresNotFound) ?? "Open the stop to see its departures."
        }
        let slug = ModeWords.slug(type)
        let fieldID = FavouriteWords.fieldID(favourite.key)
        let label = favourite.ownName ?? SpokenName.stop(favourite.stopName)
        let sentence = favourite.routeID == nil ? nil : next.first.map { "\(label): \($0.sentence)" }
        let summary = FavouriteSummary(
            key: favourite.key, spokenStopName: SpokenName.stop(favourite.stopName),
            card: FavouriteCard(link: Link(FavouriteWords.title(favourite), href: Paths.stop(type, favourite.stopID)),
                                next: sentence == nil ? next : [], unavailable: unavailable, sentence: sentence),
            forms: FavouriteForms(stopName: FavouriteWords.thing(favourite), path: Paths.favourite(mode: slug, favourite.stopID),
                                  field: FormField(id: fieldID, value: typed[fieldID] ?? favourite.ownName ?? "", errors: errors),
                                  line: favourite.routeID.map { FavouriteLineFields(routeID: $0, directionID: favourite.directionID.map(String.init) ?? "") }))
        return (summary, realName)
    }
}
