import Foundation
import HTTPServer
import PTV

/// `GET /disruptions[?mode=]` and `GET /disruptions/{id}`.
struct DisruptionsController {
    let site: Site

    /// PTV's bucket names in display order, with their words.
    static let buckets: [(String, String)] = [
        ("metro_train", "Metro trains"), ("metro_tram", "Trams"), ("metro_bus", "Buses"), ("regional_train", "V/Line trains"),
        ("regional_coach", "V/Line coaches"), ("regional_bus", "Regional buses"), ("night_bus", "Night buses"),
        ("school_bus", "School buses"), ("skybus", "SkyBus"), ("ferry", "Ferries"), ("interstate_train", "Interstate trains"),
        ("telebus", "Telebus"), ("taxi", "Taxis"), ("general", "General"),
    ]

    func addRoutes(to router: inout Router) {
        router.get("/disruptions") { request, _ in try await list(request) }
        router.get("/disruptions/{id}") { request, context in try await detail(request, context) }
    }

    func list(_ request: Request) async throws -> Response {
        let mode = request.query("mode").flatMap { $0.isEmpty ? nil : $0 }
        if let mode, !Self.buckets.contains(where: { $0.0 == mode }) {
            throw HTTPError(400, "“\(mode.prefix(40))” is not a disruption mode. Use one of: \(Self.buckets.map(\.0).joined(separator: ", ")).")
        }
        let result = try await Upstream.call(missing: "There are no disruptions.") { try await site.source.disruptions() }
        let words = site.timeWords()
        let groups = Self.buckets.compactMap { bucket, label -> DisruptionGroup? in
            guard mode == nil || mode == bucket else { return nil }
            let items = result.value.disruptions.filter { ($0.mode ?? "general") == bucket }.map { DisruptionItem($0, words: words) }
            guard !items.isEmpty || mode != nil else { return nil }
            return DisruptionGroup(heading: "\(label) (\(items.count))", id: bucket, items: items, hasItems: !items.isEmpty,
                                   filterURL: "/disruptions?mode=\(bucket)")
        }
        let total = groups.reduce(0) { $0 + $1.items.count }
        let label = mode.flatMap { m in Self.buckets.first { $0.0 == m }?.1 }
        let title = label.map { "Disruptions: \($0)" } ?? "Disruptions"
        let page = DisruptionsPage(
            chrome: site.chrome(title: title, section: .disruptions, request: request,
                                stale: site.staleNotice(result)),
            heading: title, summary: total == 0 ? "No disruptions reported." : "\(total) \(total == 1 ? "disruption" : "disruptions"), current and planned.",
            groups: groups, filtered: mode != nil, updated: words.clock(result.fetchedAt))
        return site.templates.render(page, template: "disruptions")
    }

    func detail(_ request: Request, _ context: RequestContext) async throws -> Response {
        let text = try context.require("id")
        guard text.utf8.count <= 18, text.utf8.allSatisfy({ (48 ... 57).contains($0) }), let id = Int64(text), id > 0 else {
            throw HTTPError(400, "The disruption number must be a whole number.")
        }
        let missing = "There is no disruption with the number \(id). It may have ended."
        let result = try await Upstream.call(missing: missing) { try await site.source.disruption(id) }
        guard let disruption = result.value.disruption else { throw HTTPError(404, missing) }
        let words = site.timeWords()
        let item = DisruptionItem(disruption, words: words)
        let fallbackType = disruption.routes.first?.routeType ?? .train
        let page = DisruptionPage(
            chrome: site.chrome(title: item.title, section: .disruptions, request: request,
                                stale: site.staleNotice(result)),
            item: item, description: disruption.description,
            lines: disruption.routes.map { LineLink(href: ModeWords.lineURL($0.routeType, $0.routeId), name: ModeWords.service(Route(routeType: $0.routeType, routeId: $0.routeId, routeName: $0.routeName, routeNumber: $0.routeNumber), type: $0.routeType)) },
            stops: disruption.stops.map { LineLink(href: ModeWords.stopURL(fallbackType, $0.stopId), name: SpokenName.stop($0.stopName)) },
            hasLines: !disruption.routes.isEmpty, hasStops: !disruption.stops.isEmpty,
            published: disruption.publishedOn.map(words.date), updated: disruption.lastUpdated.map(words.date),
            url: Self.safeURL(disruption.url))
        return site.templates.render(page, template: "disruption")
    }

    /// Only http(s) links go out; anything else is dropped.
    static func safeURL(_ text: String) -> String? {
        let lower = text.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), !text.contains(" ") else { return nil }
        return text
    }
}

/// A link with a name.
struct LineLink: Sendable {
    let href: String
    let name: String
}

/// One disruption in words.
struct DisruptionItem: Sendable {
    let title: String
    let href: String
    let status: String
    let dates: String
    let lines: String
    let hasLines: Bool

    init(_ disruption: Disruption, words: TimeWords) {
        title = disruption.title.isEmpty ? "Disruption \(disruption.disruptionId)" : disruption.title
        href = "/disruptions/\(disruption.disruptionId)"
        let type = disruption.disruptionType.isEmpty ? "" : ": " + ModeWords.midSentence(disruption.disruptionType)
        status = (disruption.disruptionStatus.isEmpty ? "Status unknown" : disruption.disruptionStatus.capitalisedFirst) + type
        switch (disruption.fromDate, disruption.toDate) {
        case let (from?, to?): dates = "From \(words.date(from)) until \(words.date(to))"
        case let (from?, nil): dates = "From \(words.date(from)), until further notice"
        case let (nil, to?): dates = "Until \(words.date(to))"
        case (nil, nil): dates = "Dates not given"
        }
        let names = disruption.routes.map { ModeWords.service(Route(routeType: $0.routeType, routeId: $0.routeId, routeName: $0.routeName, routeNumber: $0.routeNumber), type: $0.routeType) }
        lines = names.isEmpty ? "" : "Affects: " + names.joined(separator: ", ")
        hasLines = !names.isEmpty
    }
}

/// Disruptions of one mode.
struct DisruptionGroup: Sendable {
    let heading: String
    let id: String
    let items: [DisruptionItem]
    let hasItems: Bool
    let filterURL: String
}

/// The disruptions list's view model.
struct DisruptionsPage: Sendable {
    let chrome: PageChrome
    let heading: String
    let summary: String
    let groups: [DisruptionGroup]
    let filtered: Bool
    let updated: String
}

/// The disruption detail's view model.
struct DisruptionPage: Sendable {
    let chrome: PageChrome
    let item: DisruptionItem
    let description: String
    let lines: [LineLink]
    let stops: [LineLink]
    let hasLines: Bool
    let hasStops: Bool
    let published: String?
    let updated: String?
    let url: String?
}
