import Foundation
import HTTPServer
import PTV

/// `GET /walk/{mode}/{id}[?place=|?lat=&lon=]`: walking to a stop, from a starting point when one is given.
struct WalkController: RouteCollection {
    let site: Site
    /// Which way services leave stops.
    let ways: StopWays

    func addRoutes(to router: inout Router<TrakxContext>) {
        router.get("/walk/{mode}/{id}") { request, context in try await walk(request, context) }
    }

    func walk(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let (type, stopID) = try Params.stop(context)
        let form = (place: try request.given("place").map(Params.query) ?? "", lat: request.given("lat") ?? "", lon: request.given("lon") ?? "")
        let missing = StopPage.missing(type, stopID)
        let ask = site.ask(context)
        async let detailsCall = ask(.stop(stopID, routeType: type.rawValue))
        var errors: [FieldError] = []
        var start: NamedPoint?
        if request.given("lat") != nil || request.given("lon") != nil {
            let typed = Params.point(lat: form.lat, lon: form.lon)
            errors = typed.errors
            if let latitude = typed.latitude, let longitude = typed.longitude { start = NamedPoint(name: "the point you gave", latitude: latitude, longitude: longitude) }
        } else if !form.place.isEmpty {
            // The same best match the nearby page measures from (a station or a suburb before a street stop).
            let found = await ask(.search(form.place))
            if let stops = found.value?.stops, let match = PlaceMatch.best(form.place, in: stops) {
                start = match.point
            } else {
                let unmatched = NearbyPage.unmatched(form.place)
                errors.append(FieldError(field: "place", message: found.value == nil ? EvidenceWords.missing(found, notFound: unmatched) ?? unmatched : unmatched))
            }
        }
        let answer = try await detailsCall.required(missing: missing).value
        guard let details = StopIdentity(stopID: stopID, type: type, details: answer, departures: nil)?.details else {
            throw HTTPError(404, missing)
        }
        let asked = StopWays.Asked(routeType: type, stopID: stopID, routeIDs: details.routes.filter { $0.routeType == type }.map(\.routeId))
        let leaving = ways.ways(at: [asked], budget: StopWays.stopBudget, ask: ask)[StopWays.key(type, stopID)] ?? []
        let page = WalkPage(type: type, details: details, ways: leaving, start: start, form: form, errors: errors,
                            context: site.context(for: request, context))
        return site.templates.render(page, template: "walk", status: errors.isEmpty ? 200 : 400)
    }
}
