import Foundation
import HTTPServer
import PTV

/// `GET /arrived/{mode}/{stop_id}[?run=]`: where a rider is on getting off (from a ride page, with the run).
struct ArrivalController: RouteCollection {
    let site: Site

    func addRoutes(to router: inout Router<TrakxContext>) {
        router.get("/arrived/{mode}/{id}") { request, context in try await arrived(request, context) }
    }

    func arrived(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let (type, stopID) = try Params.stop(context)
        let ref = try request.query("run").map(Params.runRef)
        var ride: (journey: Journey, index: Int)?
        if let ref, let pattern = try? await site.source.pattern(runRef: ref, routeType: type.rawValue) {
            let journey = Journey(pattern.value, routeType: type)
            if let index = journey.calls.lastIndex(where: { $0.stopID == stopID }) { ride = (journey, index) }
        }
        let pageContext = site.context(for: request, context)
        let arrival = await site.arrival(type: type, stopID: stopID, ride: ride, words: pageContext.words)
        guard arrival.known else { throw HTTPError(404, StopPage.missing(type, stopID)) }
        return site.templates.render(ArrivalPage(arrival, context: pageContext), template: "arrival")
    }
}
