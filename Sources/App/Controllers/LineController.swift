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
        let wanted = try request.query("direction").flatMap { $0.isEmpty ? nil : $0 }.map { try Params.id($0, "direction") }
        let missing = LinePage.notFound(type, route: nil)
        async let routeCall = Upstream.call(missing: missing) { try await site.source.route(routeID) }
        async let directionsCall = Upstream.call(missing: missing) { try await site.source.directions(routeID: routeID) }
        async let disruptionsCall = try? site.source.disruptions(routeID: routeID)
        guard let route = try await routeCall.value.route else { throw HTTPError(404, missing) }
        guard route.routeType == type else { throw HTTPError(404, LinePage.notFound(type, route: route)) }
        let directions = try await directionsCall.value.directions.filter { $0.routeId == routeID || $0.routeId == 0 }
        let chosen = wanted.map { id in directions.first { $0.directionId == id } } ?? directions.first
        if wanted != nil, chosen == nil {
            throw HTTPError(404, LinePage.noSuchDirection)
        }
        let stops = try await Upstream.call(missing: missing) {
            try await site.source.stopsOnRoute(routeID: routeID, routeType: type.rawValue, directionID: chosen?.directionId)
        }
        let page = LinePage(route: route, directions: directions, chosen: chosen, stops: stops,
                            disruptions: await disruptionsCall?.value, context: site.context(for: request, context))
        return site.templates.render(page, template: "line")
    }
}
