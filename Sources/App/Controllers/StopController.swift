import Foundation
import HTTPServer
import PTV
import Storage

/// `GET /stops/{mode}/{stop_id}`: the summary sentence first, then departures by line, then facts.
struct StopController: RouteCollection {
    let site: Site

    func addRoutes(to router: inout Router<TrakxContext>) {
        router.get("/stops/{mode}/{id}", use: stop)
    }

    func stop(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let type = try Params.mode(context.require("mode"))
        let stopID = try Params.id(context.require("id"), "stop number")
        let missing = "There is no \(ModeWords.noun(type)) stop with the number \(stopID)."
        // Both PTV questions go out at once; departures decide the page, details only add facts.
        async let detailsCall = site.source.stop(stopID, routeType: type.rawValue)
        async let departuresCall = Upstream.call(missing: missing) {
            try await site.source.departures(routeType: type.rawValue, stopID: stopID, routeID: nil, maxResults: PTVClient.departuresPerDirection)
        }
        async let favouritesCall = site.lists.atStop(request, routeType: type.rawValue, stopID: stopID)
        let departures = try await departuresCall
        let details = try? await detailsCall
        let favourites = try await favouritesCall
        // A favourite stored as "Stop 1099" takes the real name now seen; the banner says it as the page does.
        let context = pageContext(for: request, context, type: type, stopID: stopID, favourites: favourites,
                                  details: details?.value, departures: departures.value)
        guard let page = StopPage(type: type, stopID: stopID, departures: departures, details: details?.value,
                                  favourites: favourites, context: context) else {
            throw HTTPError(404, missing)
        }
        // The same for every visitor but their form token: kept in the page store (see `VisitorMiddleware`).
        var response = site.templates.render(page, template: "stop")
        response.storable = true
        return response
    }

    /// The page's context, with a notice's banner that names the stop as the page's heading does; a favourite
    /// here stored with a placeholder name is noted for renaming in the background (this GET writes nothing).
    /// - Parameters:
    ///   - request: The request.
    ///   - type: The stop's mode.
    ///   - stopID: The stop.
    ///   - favourites: This browser's favourites at the stop.
    ///   - details: PTV's stop details, if fetched.
    ///   - departures: PTV's departures.
    private func pageContext(for request: Request, _ context: TrakxContext, type: RouteType, stopID: Int, favourites: [FavouriteStop],
                             details: StopDetailsResponse?, departures: DeparturesResponse) -> PageContext {
        guard let identity = StopIdentity(stopID: stopID, type: type, details: details, departures: departures) else {
            return site.context(for: request, context)
        }
        if let list = site.lists.current(request) {
            site.lists.renames.note(favourites.map { ($0, identity.officialName) }, in: list)
        }
        return site.context(for: request, context, knownNames: [FavouriteKey(routeType: type.rawValue, stopID: stopID): identity.spokenName])
    }
}
