import Foundation
import HTTPServer
import PTV

/// `GET /lines/{mode}/{route_id}[?direction=]`: the stops on a line for one direction.
struct LineController: RouteCollection {
    let site: Site

    func addRoutes(to router: inout Router<TrakxContext>) {
        router.get("/lines/{mode}/{id}", use: line)
    }

    func line(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let type = try Params.mode(context.require("mode"))
        let routeID = try Params.id(context.require("id"), "line number")
        let wanted = try request.given("direction").map { try Params.id($0, "direction") }
        let missing = LinePage.notFound(type, route: nil)
        // The route call alone says whether the line exists; the others only add to its page.
        async let routeCall = Evidence.ask(.route) { try await site.source.route(routeID) }
        async let directionsCall = Evidence.ask(.directions) { try await site.source.directions(routeID: routeID) }
        async let disruptionsCall = Evidence.ask(.disruptions) { try await site.source.disruptions(routeID: routeID) }
        let routeAsked = await routeCall
        guard let route = routeAsked.value?.route else {
            throw EvidenceWords.error(routeAsked.failure, missing: missing, couldNot: "load this line")
        }
        guard route.routeType == type else { throw HTTPError(404, LinePage.notFound(type, route: route)) }
        let directionsAsked = await directionsCall
        let directions = (directionsAsked.value?.directions ?? []).filter { $0.routeId == routeID || $0.routeId == 0 }
        let chosen = wanted.map { id in directions.first { $0.directionId == id } } ?? directions.first
        // Only an answered directions call can say a direction does not exist.
        if wanted != nil, chosen == nil, directionsAsked.value != nil {
            throw HTTPError(404, LinePage.noSuchDirection)
        }
        let stops = await Evidence.ask(.stopsOnRoute) {
            try await site.source.stopsOnRoute(routeID: routeID, routeType: type.rawValue, directionID: chosen?.directionId ?? wanted)
        }
        let page = LinePage(route: route, directions: directions, chosen: chosen, directionsAsked: directionsAsked, stops: stops,
                            disruptions: await disruptionsCall, context: site.context(for: request, context))
        return site.templates.render(page, template: "line")
    }
}
