import Foundation
import HTTPServer
import PTV

/// `GET /runs/{mode}/{run_ref}[?stop=]`: a run's whole stopping pattern, opened at the traveller's stop.
struct RunController {
    let site: Site

    func addRoutes(to router: inout Router) {
        router.get("/runs/{mode}/{ref}") { request, context in try await run(request, context) }
    }

    func run(_ request: Request, _ context: RequestContext) async throws -> Response {
        let type = try Params.mode(context.require("mode"))
        let ref = try Params.runRef(context.require("ref"))
        let fromStop = try request.query("stop").map { try Params.id($0, "stop number") }
        let (journey, pattern) = try await JourneyLoader(source: site.source).load(ref: ref, type: type)
        if let fromStop, journey.index(of: fromStop) == nil {
            throw HTTPError(400, "This \(ModeWords.noun(type)) does not stop at stop number \(fromStop).")
        }
        let page = RunPage(journey: journey, fromStop: fromStop, pattern: pattern, context: site.context(for: request))
        return site.templates.render(page, template: "run")
    }
}

/// Loads a run's pattern and reads it as a journey; a run PTV does not know, or one with no stops, is a 404.
struct JourneyLoader {
    let source: any TransitSource

    func load(ref: String, type: RouteType) async throws -> (Journey, Fetched<PatternResponse>) {
        let missing = "There is no \(ModeWords.noun(type)) run with the reference \(ref). It may have finished for the day."
        let pattern = try await Upstream.call(missing: missing) { try await source.pattern(runRef: ref, routeType: type.rawValue) }
        let journey = Journey(pattern.value, routeType: type)
        guard !journey.calls.isEmpty else { throw HTTPError(404, missing) }
        return (journey, pattern)
    }
}
