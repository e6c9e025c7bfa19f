import Foundation
import HTTPServer
import Logging
import PTV
import Storage

/// A favourite starred while PTV could not name its stop is stored as "Stop 1099". Whenever a page sees the
/// stop's real name (the stop page, the favourites and home pages), the stored placeholder is replaced, and the
/// banner names the stop as the page does.
extension Site {
    /// Replaces each favourite's placeholder stop name with the official one found, in `list`. A failure is
    /// logged and changes nothing (the page still shows the real name).
    /// - Parameters:
    ///   - found: Favourites stored with a placeholder, each with PTV's official name for its stop.
    ///   - list: Their list.
    func refreshPlaceholderNames(_ found: [(FavouriteStop, String)], in list: FavouriteListKey) async {
        var changed = 0
        var done: Set<FavouriteKey> = []
        for (favourite, name) in found where favourite.hasPlaceholderName {
            let stop = FavouriteKey(routeType: favourite.routeType, stopID: favourite.stopID)
            guard done.insert(stop).inserted else { continue }
            do {
                changed += try await lists.store.refreshStopName(routeType: favourite.routeType, stopID: favourite.stopID,
                                                                 from: favourite.stopName, to: name, in: list)
            } catch {
                logger.warning("Could not store the real name of stop \(favourite.stopID) for \(list): \(error)")
            }
        }
        if changed > 0 { pages.invalidate() }
    }

    /// The stop page's context: refreshes placeholder names of this browser's favourites at the stop, and makes a
    /// favourites banner name the stop as the page's heading does.
    /// - Parameters:
    ///   - request: The request.
    ///   - type: The stop's mode.
    ///   - stopID: The stop.
    ///   - favourites: This browser's favourites at the stop.
    ///   - details: PTV's stop details, if fetched.
    ///   - departures: PTV's departures.
    func stopPageContext(for request: Request, type: RouteType, stopID: Int, favourites: [FavouriteStop],
                         details: StopDetailsResponse?, departures: DeparturesResponse?) async -> PageContext {
        let plain = context(for: request)
        guard let identity = StopIdentity(stopID: stopID, type: type, details: details, departures: departures) else { return plain }
        if let list = lists.current(request) {
            await refreshPlaceholderNames(favourites.map { ($0, identity.officialName) }, in: list)
        }
        let known = [FavouriteKey(routeType: type.rawValue, stopID: stopID): identity.spokenName]
        return PageContext(words: plain.words, demo: plain.demo, banner: Banner.text(from: request, knownNames: known), path: plain.path)
    }

    /// The layout chrome with a banner that names stops by the names the page knows.
    func chrome(title: String, section: PageChrome.Section, request: Request, hasErrors: Bool,
                knownNames: [FavouriteKey: String]) -> PageChrome {
        PageChrome(title: title, section: section, demo: demo, banner: Banner.text(from: request, knownNames: knownNames),
                   hasErrors: hasErrors)
    }
}
