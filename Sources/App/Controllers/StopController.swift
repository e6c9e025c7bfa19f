import Foundation
import HTTPServer
import PTV
import Storage

/// `GET /stops/{mode}/{stop_id}`: the summary sentence first, then departures by line, then facts.
struct StopController {
    let site: Site

    func addRoutes(to router: inout Router) {
        router.get("/stops/{mode}/{id}") { request, context in
            try await site.pages.response(for: request, context) { try await stop(request, context) }
        }
    }

    func stop(_ request: Request, _ context: RequestContext) async throws -> Response {
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
        let context = await site.stopPageContext(for: request, type: type, stopID: stopID, favourites: favourites,
                                                 details: details?.value, departures: departures.value)
        guard var page = StopPage(type: type, stopID: stopID, departures: departures, details: details?.value,
                                  favourites: favourites, context: context) else {
            throw HTTPError(404, missing)
        }
        let asked = StopDoor.asked(type: type, stopID: stopID, departures: departures.value, details: details?.value)
        let ways = await site.ways.ways(at: [asked], budget: StopWays.stopBudget)
        page.door = StopDoor(type: type, stopID: stopID, ways: ways[StopWays.key(type, stopID)] ?? [])
        return site.templates.render(page, template: "stop")
    }
}
