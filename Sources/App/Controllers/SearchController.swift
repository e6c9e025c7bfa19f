import Foundation
import HTTPServer
import PTV

/// `GET /search?q=`: stops and lines in separate headed lists.
struct SearchController {
    let site: Site

    func addRoutes(to router: inout Router) {
        router.get("/search") { request, _ in try await search(request) }
    }

    func search(_ request: Request) async throws -> Response {
        let query = try Params.query(request.query("q") ?? "")
        guard !query.isEmpty else {
            let page = SearchPage(chrome: site.chrome(title: "Search for a stop or line", section: .search, request: request),
                                  query: "", searched: false, summary: "", stops: [], lines: [], hasStops: false, hasLines: false)
            return site.templates.render(page, template: "search")
        }
        let result = try await Upstream.call(missing: "Nothing matched “\(query)”.") { try await site.source.search(query) }
        let stops = result.value.stops.prefix(30).map { stop in
            SearchStop(name: SpokenName.stop(stop.stopName), href: ModeWords.stopURL(stop.routeType, stop.stopId),
                       detail: [ModeWords.noun(stop.routeType).capitalisedFirst, stop.stopSuburb].filter { !$0.isEmpty }.joined(separator: ", "))
        }
        let lines = result.value.routes.prefix(30).map { route in
            SearchLine(name: ModeWords.service(route, type: route.routeType), href: ModeWords.lineURL(route.routeType, route.routeId),
                       detail: SpokenName.route(route.routeName))
        }
        let summary: String
        if stops.isEmpty && lines.isEmpty {
            summary = "No stops or lines match “\(query)”. Check the spelling, try part of the name (such as “Flinders”), a suburb, or a route number (such as 86)."
        } else {
            summary = "\(count(stops.count, "stop")) and \(count(lines.count, "line")) match “\(query)”."
        }
        let page = SearchPage(
            chrome: site.chrome(title: "Search results for \(query)", section: .search, request: request,
                                stale: site.staleNotice(result)),
            query: query, searched: true, summary: summary, stops: Array(stops), lines: Array(lines),
            hasStops: !stops.isEmpty, hasLines: !lines.isEmpty)
        return site.templates.render(page, template: "search")
    }

    func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
}

/// A stop result.
struct SearchStop: Sendable {
    let name: String
    let href: String
    let detail: String
}

/// A line result.
struct SearchLine: Sendable {
    let name: String
    let href: String
    let detail: String
}

/// The search page's view model.
struct SearchPage: Sendable {
    let chrome: PageChrome
    let query: String
    let searched: Bool
    let summary: String
    let stops: [SearchStop]
    let lines: [SearchLine]
    let hasStops: Bool
    let hasLines: Bool
}
