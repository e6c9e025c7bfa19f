import Foundation
import PTV

/// Search: the form, or stops and lines matching a query in separate headed lists.
struct SearchPage: Sendable {
    /// Most results listed of each kind.
    static let limit = 30

    /// Said when PTV answers a search with "not found".
    static func missing(_ query: String) -> String { "Nothing matched \(query)." }

    /// "Search results for Flinders" and how many matched (no quotation marks: a screen reader names them).
    let head: PageHead
    /// What was searched for ("" before a search).
    let query: String
    /// Whether a search was made.
    let searched: Bool
    /// Stops, with mode and suburb as detail.
    let stops: [Link]
    /// Lines, with their tidied name as detail.
    let lines: [Link]

    /// The empty search form.
    init(context: PageContext) {
        query = ""
        searched = false
        stops = []
        lines = []
        head = PageHead(context.chrome(title: "Search for a stop or line", section: .search), heading: "Search for a stop or line")
    }

    /// Results for `query`.
    /// - Parameters:
    ///   - query: The trimmed query.
    ///   - result: PTV's answer.
    ///   - context: Words, demo mode, banner and path.
    ///   - ways: Which way services leave each stop, by ``StopWays/key(_:_:)``.
    init(query: String, result: Fetched<SearchResponse>, context: PageContext, ways: [String: [StopWays.Way]] = [:]) {
        self.query = query
        searched = true
        stops = Self.ranked(result.value.stops, query: query).prefix(Self.limit).map { stop in
            let way = ways[StopWays.key(stop.routeType, stop.stopId)].flatMap(WayWords.phrase) ?? ""
            let detail = [ModeWords.noun(stop.routeType).capitalisedFirst, stop.stopSuburb, way].filter { !$0.isEmpty }
            return Link(SpokenName.stop(stop.stopName), href: Paths.stop(stop.routeType, stop.stopId), detail: detail.joined(separator: ", "))
        }
        lines = result.value.routes.prefix(Self.limit).map { route in
            let (number, name) = ModeWords.routeName(route)
            // A numbered route's link says its number, so its name follows; otherwise the link already says the name.
            let numbered = number != nil && route.routeType != .train && route.routeType != .vline
            return Link(ModeWords.service(route, type: route.routeType), href: Paths.line(route.routeType, route.routeId),
                        detail: numbered ? name : nil)
        }
        let summary: String
        if stops.isEmpty && lines.isEmpty {
            summary = "No stops or lines match \(query). Check the spelling, or try part of the name, such as Flinders, a suburb, or a route number, such as 86."
        } else {
            summary = "\(Plural.count(stops.count, "stop")) and \(Plural.count(lines.count, "line")) match \(query)."
        }
        head = PageHead(context.chrome(title: "Search results for \(query)", section: .search,
                                       stale: context.staleNotice(result)),
                        heading: "Search results for \(query)", summary: summary)
    }

    /// PTV's stops with the ones named by the query first: a name that is the query ("Richmond Station" for
    /// "richmond"), then names starting with it, then names with a word starting with it, then the rest (a suburb's
    /// other stops), each in PTV's order.
    static func ranked(_ stops: [PTV.Stop], query: String) -> [PTV.Stop] {
        let q = query.lowercased()
        func rank(_ name: String) -> Int {
            let n = name.lowercased()
            if n == q || n == q + " station" || n == q + " railway station" { return 0 }
            if n.hasPrefix(q) { return 1 }
            if n.contains(" " + q) { return 2 }
            return 3
        }
        return stops.enumerated().map { (rank($0.element.stopName), $0.offset, $0.element) }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
    }
}
