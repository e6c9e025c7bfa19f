import Foundation
import HTTPServer
import PTV

/// `GET /disruptions[?mode=]` and `GET /disruptions/{id}`.
struct DisruptionsController: RouteCollection {
    let site: Site

    func addRoutes(to router: inout Router<TrakxContext>) {
        router.get("/disruptions", use: list)
        router.get("/disruptions/{id}", use: detail)
    }

    func list(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let mode = try request.given("mode").map(Params.mode)
        let result = try await site.ask(context)(.disruptions()).required(missing: DisruptionsPage.missing)
        let page = DisruptionsPage(mode: mode, disruptions: result, context: site.context(for: request, context))
        return site.templates.render(page, template: "disruptions")
    }

    func detail(_ request: Request, _ context: TrakxContext) async throws -> Response {
        let id = try Params.disruptionID(context.require("id"))
        let missing = DisruptionPage.missing(id)
        let result = try await site.ask(context)(.disruption(id)).required(missing: missing)
        guard let disruption = result.value.disruption else { throw HTTPError(404, missing) }
        let page = DisruptionPage(disruption, fetched: result, context: site.context(for: request, context))
        return site.templates.render(page, template: "disruption")
    }
}
