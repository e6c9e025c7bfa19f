import Foundation
import HTTPServer
import PTV

/// `GET /lines/{mode}/{route_id}[?direction=]`: the stops on a line in order for one direction.
struct LineController {
    let site: Site

    func addRoutes(to router: inout Router) {
        router.get("/lines/{mode}/{id}") { request, context in try await line(request, context) }
    }

    func line(_ request: Request, _ context: RequestContext) async throws -> Response {
        let type = try Params.mode(context.require("mode"))
        let routeID = try Params.id(context.require("id"), "line number")
        let wanted = try request.query("direction").flatMap { $0.isEmpty ? nil : $0 }.map { try Params.id($0, "direction") }
        let missing = "There is no \(ModeWords.noun(type)) line with the number \(routeID)."
        async let routeCall = Upstream.call(missing: missing) { try await site.source.route(routeID) }
        async let directionsCall = Upstream.call(missing: missing) { try await site.source.directions(routeID: routeID) }
        let routeResult = try await routeCall
        guard let route = routeResult.value.route, route.routeType == type else { throw HTTPError(404, missing) }
        let directions = try await directionsCall.value.directions.filter { $0.routeId == routeID || $0.routeId == 0 }
        let chosen: Direction?
        if let wanted {
            guard let match = directions.first(where: { $0.directionId == wanted }) else {
                throw HTTPError(404, "This line has no direction \(wanted). Choose one of the directions on the line's page.")
            }
            chosen = match
        } else {
            chosen = directions.first
        }
        let stopsResult = try await Upstream.call(missing: missing) {
            try await site.source.stopsOnRoute(routeID: routeID, routeType: type.rawValue, directionID: chosen?.directionId)
        }
        let disruptions = (try? await site.source.disruptions(routeID: routeID))?.value.disruptions ?? []
        let stops = stopsResult.value.stops.sorted { $0.stopSequence < $1.stopSequence }.map { stop in
            LineStop(name: SpokenName.stop(stop.stopName), href: ModeWords.stopURL(type, stop.stopId), suburb: stop.stopSuburb)
        }
        let service = ModeWords.service(route, type: type)
        let towards = chosen.map { SpokenName.stop($0.directionName) } ?? ""
        let switches = directions.filter { $0.directionId != chosen?.directionId }.map {
            DirectionLink(href: ModeWords.lineURL(type, routeID) + "?direction=\($0.directionId)", label: "Stops towards \(SpokenName.stop($0.directionName))")
        }
        let heading = towards.isEmpty ? service : "\(service) towards \(towards)"
        let page = LinePage(
            chrome: site.chrome(title: heading, section: .none, request: request,
                                stale: site.staleNotice(stopsResult)),
            heading: heading, routeName: SpokenName.route(route.routeName),
            summary: "\(stops.count) stops, in order\(towards.isEmpty ? "" : " towards \(towards)").",
            stops: stops, hasStops: !stops.isEmpty, directions: switches, hasDirections: !switches.isEmpty,
            disruptions: disruptions.map { Link($0.title, href: "/disruptions/\($0.disruptionId)") },
            hasDisruptions: !disruptions.isEmpty)
        return site.templates.render(page, template: "line")
    }
}

/// A stop on a line.
struct LineStop: Sendable {
    let name: String
    let href: String
    let suburb: String
}

/// A link to the other direction.
struct DirectionLink: Sendable {
    let href: String
    let label: String
}

/// The line page's view model.
struct LinePage: Sendable {
    let chrome: PageChrome
    let heading: String
    let routeName: String
    let summary: String
    let stops: [LineStop]
    let hasStops: Bool
    let directions: [DirectionLink]
    let hasDirections: Bool
    let disruptions: [Link]
    let hasDisruptions: Bool
}
