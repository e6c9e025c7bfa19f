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
        // Both PTV questions go out at once; each answer is kept as evidence, whatever it was.
        async let detailsCall = Evidence.ask(.stop) { try await site.source.stop(stopID, routeType: type.rawValue) }
        async let departuresCall = Evidence.ask(.departures) {
            try await site.source.departures(routeType: type.rawValue, stopID: stopID, routeID: nil, maxResults: PTVClient.departuresPerDirection)
        }
        async let favouritesCall = site.lists.atStop(request, routeType: type.rawValue, stopID: stopID)
        let (details, departures) = await (detailsCall, departuresCall)
        let favourites = try await favouritesCall
        // Disruptions the departures name but whose text their answer left out are looked up (rarely needed).
        let named = departures.value.map { answer in answer.departures.map(\.disruptionIds) } ?? []
        let known = (departures.value?.disruptions ?? [:]).merging(details.value?.disruptions ?? [:]) { first, _ in first }
        let looked = await site.disruptionTexts(for: DisruptionNotes.unknownIDs(named: named, known: known))
        // A favourite stored as "Stop 1099" takes the real name now seen; the banner says it as the page does.
        let pageContext = await site.stopPageContext(for: request, type: type, stopID: stopID, favourites: favourites,
                                                     details: details.value, departures: departures.value)
        let page = try StopPage(type: type, stopID: stopID, details: details, departures: departures, disruptions: looked,
                                favourites: favourites, context: pageContext)
        return site.templates.render(page, template: "stop")
    }
}
