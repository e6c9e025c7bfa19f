import Foundation
import HTTPServer
import PTV
import Storage

/// Loading the home and favourites pages' favourites: the PTV questions, asked at once (the views do no I/O), with what
/// that needs besides the page kit: the lists, and which way stops' services leave.
struct FavouriteBoards: Sendable {
    let site: Site
    let lists: FavouriteLists
    let ways: StopWays

    /// The request's favourites with their next departures (at most `limit` favourites), and how many it has in all.
    func favouriteSummaries(for request: Request, _ context: TrakxContext, limit: Int) async throws -> (shown: [FavouriteSummary], total: Int) {
        let favourites = try await lists.all(request)
        return (await summaries(for: Array(favourites.prefix(limit)), ask: site.ask(context), list: lists.current(request),
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
        let words = site.timeWords()
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

    /// Which way a favourite's services leave its stop (its one line, for a line favourite). Only the first few
    /// cards may ask PTV about a route not yet known; the others say what is already known.
    /// - Parameters:
    ///   - favourite: The favourite.
    ///   - type: Its mode.
    ///   - departures: Its stop's departures.
    ///   - index: Its place on the page.
    ///   - ask: How PTV is asked about routes not yet known.
    func favouriteWay(_ favourite: FavouriteStop, type: RouteType, departures: DeparturesResponse, index: Int, ask: Ask) -> String? {
        var asked = StopDoor.asked(type: type, stopID: favourite.stopID, departures: departures, details: nil)
        if let routeID = favourite.routeID { asked = StopWays.Asked(routeType: type, stopID: favourite.stopID, routeIDs: [routeID]) }
        let found = ways.ways(at: [asked], budget: index < StopWays.listBudget ? 1 : 0, ask: ask)
        return WayWords.sentence(ModeWords.plural(type), found[StopWays.key(type, favourite.stopID)] ?? [])
    }
}
