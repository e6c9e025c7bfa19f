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
        let ask = site.ask(context)
        // The run and the stop's questions at once; the run's pattern is usually kept from the ride page, and then
        // gives the stop's position, so the stops near here are asked in the same round.
        let patternQuery = ref.map { PTVQuery.pattern(runRef: $0, routeType: type.rawValue) }
        let knownRide = patternQuery.flatMap(ask.known).flatMap { Self.ride($0.value, ref: ref, type: type, stopID: stopID) }
        async let pattern = ask(ifAny: patternQuery)
        async let answers = ArrivalLoader.answers(type: type, stopID: stopID, point: knownRide.flatMap { $0.journey.calls[$0.index].point }, ask: ask)
        let patternAsked = await pattern
        let ride = knownRide ?? patternAsked?.value.flatMap { Self.ride($0, ref: ref, type: type, stopID: stopID) }
        let pageContext = site.context(for: request, context)
        let asked = await answers
        let arrival = asked.arrival(type: type, stopID: stopID, ride: ride, words: pageContext.words)
        // Existence as the stop page decides it: "no such stop" only when both questions say so, else what failed.
        guard arrival.known else { throw StopPage.unknown(type: type, stopID: stopID, details: asked.details, departures: asked.departures) }
        return site.templates.render(ArrivalPage(arrival, context: pageContext), template: "arrival")
    }

    /// The ride a run's pattern gives, on the trip asked for (a through-run's other trip is not this one), at its last
    /// call at this stop; a stop only on the trip the same train runs before or after it (the City Loop past Flinders
    /// Street) is ridden through to, as the ride page rides it.
    static func ride(_ pattern: PatternResponse, ref: String?, type: RouteType, stopID: Int) -> (journey: Journey, index: Int)? {
        let journey = ref.map { Journey.riding(pattern, routeType: type, asked: $0, to: stopID) } ?? Journey(pattern, routeType: type)
        return journey.calls.lastIndex(where: { $0.stopID == stopID }).map { (journey, $0) }
    }
}
