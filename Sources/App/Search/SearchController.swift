import Foundation
import HTTPServer
import PTV

/// `GET /search?q=`: stops and lines in separate headed lists.
struct SearchController: RouteCollection {
    let site: Site
    /// Which way services leave stops.
    let ways: StopWays

    func addRoutes(to router: inout Router<TrakxContext>) {
        router.get("/search", use: search)
    }

    func search(_ request: Request, _ trakx: TrakxContext) async throws -> Response {
        let query = try Params.query(request.query("q") ?? "")
        let context = site.context(for: request, trakx)
        guard !query.isEmpty else { return site.templates.render(SearchPage(context: context), template: "search") }
        let ask = site.ask(trakx)
        let result = try await ask(.search(query)).required(missing: SearchPage.missing(query))
        // Asked about the stops the page lists, in its order (the query's own stop first).
        let shown = Array(SearchPage.ranked(result.value.stops, query: query).prefix(SearchPage.limit))
        let leaving = ways.ways(at: StopWays.asked(shown, mode: nil), budget: StopWays.listBudget, ask: ask)
        return site.templates.render(SearchPage(query: query, result: result, context: context, ways: leaving), template: "search")
    }
}
