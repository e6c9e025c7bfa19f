import Foundation
import HTTPServer
import PTV

/// `GET /runs/{mode}/{run_ref}[?stop=][&at=]`: a run's whole stopping pattern, opened at the traveller's stop.
struct RunController: RouteCollection {
    let site: Site

    func addRoutes(to router: inout Router<TrakxContext>) {
        router.get("/runs/{mode}/{ref}", use: run)
    }

    func run(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let run = try RunAddress(context)
        let fromStop = try request.query("stop").map { try Params.id($0, "stop number") }
        let visit = try Params.visit(request.query("at"))
        let ask = site.ask(context)
        let loaded = try await run.load(ask, words: site.timeWords())
        // A stop on the trip the train runs before or after this one (a City Loop stop, or past a handover): the rider
        // stays on the same train, and the page follows it there.
        let journey = run.journey(loaded, from: fromStop, at: visit, to: nil)
        if let fromStop, journey.index(of: fromStop) == nil {
            throw HTTPError(400, await run.notServed(fromStop, in: journey, ask: ask))
        }
        let pageContext = site.context(for: request, context)
        let page = RunPage(journey: journey, fromStop: fromStop, visit: visit, pattern: loaded.pattern, context: pageContext,
                           disruptions: loaded.disruptions)
        return site.templates.render(page, template: "run")
    }
}
