import Foundation
import HTTPServer
import PTV
import Storage

/// Loading the home and favourites pages' favourites: the PTV questions, asked at once (the views do no I/O).
extension Site {
    /// The request's favourites with their next departures (at most `limit` favourites), and how many it has in all.
    func favouriteSummaries(for request: Request, _ context: TrakxContext, limit: Int) async throws -> (shown: [FavouriteSummary], total: Int) {
        let favourites = try await lists.all(request)
        return (await summaries(for: Array(favourites.prefix(limit)), ask: ask(context), list: lists.current(request),
                                lowFloorOnly: LowFloorChoice.isOn(request)), favourites.count)
    }

    /// Each favourite with its next departures, fetched concurrently (through the shared cache), then summed up by
    /// the pure `FavouriteSummary.build`. A favourite stored with a placeholder stop name is named from the departures
    /// answer, and its stored name noted for renaming in the background.
    /// - Parameters:
    ///   - favourites: The favourites.
    ///   - ask: How PTV is asked.
    ///   - list: Their list, where placeholder names are refreshed.
    ///   - lowFloorOnly: Whether the rider chose low floor trams only.
    ///   - errors: Field errors after a refused rename.
    ///   - typed: What was typed in a refused rename, by field id, shown again in that field.
    func summaries(for favourites: [FavouriteStop], ask: Ask, list: FavouriteListKey? = nil, lowFloorOnly: Bool = false, errors: [FieldError] = [],
                   typed: [String: String] = [:]) async -> [FavouriteSummary] {
        let words = timeWords()
        let found = await withTaskGroup(of: (Int, FavouriteSummary, String?).self) { group in
            for (index, favourite) in favourites.enumerated() {
                group.addTask {
                    // Bound the PTV calls one page can cause: past the first 40, link to the stop instead.
                    // The stop page's own question, so both share one cached answer; a line favourite keeps its line.
                    let asked: Evidence<DeparturesResponse> = index < 40
                        ? await ask(.departures(routeType: favourite.routeType, stopID: favourite.stopID))
                        : Evidence(.departures, outcome: .notAsked)
                    let way = asked.value.flatMap { departures in
                        favouriteWay(favourite, type: RouteType(rawValue: favourite.routeType), departures: departures, index: index, ask: ask)
                    }
                    let disruptions = asked.value.map { ask.disruptionTexts(namedIn: $0, routeID: favourite.routeID) } ?? [:]
                    let (summary, realName) = FavouriteSummary.build(favourite, asked: asked, way: way, disruptions: disruptions, words: words,
                                                                     lowFloorOnly: lowFloorOnly, errors: errors, typed: typed)
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
}
