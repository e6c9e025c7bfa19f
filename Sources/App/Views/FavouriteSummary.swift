import Foundation
import PTV
import Storage

/// A favourite with its next departures, as shown on the home and favourites pages.
struct FavouriteSummary: Sendable {
    let routeType: Int
    let stopID: Int
    /// "Home (Flinders Street Station)" or the spoken stop name.
    let name: String
    let stopName: String
    let ownName: String?
    let href: String
    let next: [DepartureRow]
    let hasNext: Bool
    let unavailable: String?
    let renameAction: String
    let removeAction: String
    let fieldID: String
    let error: String?
}

extension Site {
    /// Favourites with their next departures (at most `limit` favourites).
    func favouriteSummaries(limit: Int) async throws -> [FavouriteSummary] {
        let favourites = try await self.favourites.all()
        return await summaries(for: Array(favourites.prefix(limit)))
    }

    /// Each favourite with its next three departures, fetched concurrently (through the shared cache).
    func summaries(for favourites: [FavouriteStop], errors: [FieldError] = []) async -> [FavouriteSummary] {
        let words = timeWords()
        return await withTaskGroup(of: (Int, FavouriteSummary).self) { group in
            for (index, favourite) in favourites.enumerated() {
                group.addTask {
                    let type = RouteType(rawValue: favourite.routeType)
                    var next: [DepartureRow] = []
                    var unavailable: String?
                    do {
                        // Bound the PTV calls one page can cause: past the first 40, link to the stop instead.
                        guard index < 40 else { throw CancellationError() }
                        let result = try await source.departures(routeType: favourite.routeType, stopID: favourite.stopID, routeID: nil,
                                                                 maxResults: DeparturesQuestion.perRoute)
                        next = Array(DepartureBoard(result.value, routeType: type, stopID: favourite.stopID, words: words).next.prefix(3))
                        if next.isEmpty { unavailable = "No departures in the next few hours." }
                    } catch is CancellationError {
                        unavailable = "Open the stop to see its departures."
                    } catch {
                        unavailable = "Departures are unavailable right now."
                    }
                    let spoken = SpokenName.stop(favourite.stopName)
                    let slug = ModeWords.slug(type)
                    let fieldID = "name-\(favourite.routeType)-\(favourite.stopID)"
                    return (index, FavouriteSummary(
                        routeType: favourite.routeType, stopID: favourite.stopID,
                        name: favourite.ownName.map { "\($0) (\(spoken))" } ?? spoken, stopName: spoken, ownName: favourite.ownName,
                        href: ModeWords.stopURL(type, favourite.stopID), next: next, hasNext: !next.isEmpty, unavailable: unavailable,
                        renameAction: "/favourites/\(slug)/\(favourite.stopID)/rename", removeAction: "/favourites/\(slug)/\(favourite.stopID)/remove",
                        fieldID: fieldID, error: errors.first { $0.field == fieldID }?.message))
                }
            }
            var results: [(Int, FavouriteSummary)] = []
            for await item in group { results.append(item) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}
