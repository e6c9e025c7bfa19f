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
        let ask = site.ask(context)
        // Every question in one round. The stops are asked for the direction the request names, else the first one
        // Trakx already knows; a line whose directions are not known yet is listed without an order this once, and
        // its first direction's order learnt for the next load. The route call alone says whether the line exists.
        let known = ask.known(.directions(routeID: routeID)).map { Self.directions($0.value, of: routeID) }
        let asked = wanted ?? known?.first?.directionId
        async let routeCall = ask(.route(routeID))
        async let directionsCall = ask(.directions(routeID: routeID))
        async let disruptionsCall = ask(.disruptions(routeID: routeID))
        async let stopsCall = ask(.stopsOnRoute(routeID: routeID, routeType: type.rawValue, directionID: asked))
        guard let route = try await routeCall.required(missing: missing, couldNot: "load this line").value.route else {
            throw HTTPError(404, missing)
        }
        guard route.routeType == type else { throw HTTPError(404, LinePage.notFound(type, route: route)) }
        let directionsAsked = await directionsCall
        let directions = directionsAsked.value.map { Self.directions($0, of: routeID) } ?? []
        let chosen = wanted.map { id in directions.first { $0.directionId == id } } ?? directions.first
        // Only an answered directions call can say a direction does not exist.
        if wanted != nil, chosen == nil, directionsAsked.value != nil {
            throw HTTPError(404, LinePage.noSuchDirection)
        }
        let stops = await stopsCall
        let orderPending = asked == nil && chosen != nil
        if orderPending, let chosen {
            ask.learn(.stopsOnRoute(routeID: routeID, routeType: type.rawValue, directionID: chosen.directionId))
        }
        let page = LinePage(route: route, directions: directions, chosen: chosen, directionsAsked: directionsAsked, stops: stops,
                            orderPending: orderPending, disruptions: await disruptionsCall, context: site.context(for: request, context))
        return site.templates.render(page, template: "line")
    }

    /// The directions of this route in PTV's answer (PTV may list another route's, or give route 0 for this one).
    static func directions(_ answer: DirectionsResponse, of routeID: Int) -> [Direction] {
        answer.directions.filter { $0.routeId == routeID || $0.routeId == 0 }
    }
}
