import Foundation
import PTV

/// One disruption: when it applies (from its dates), what it says (once), and the lines and stops it names.
struct DisruptionPage: Sendable {
    /// Said when PTV has no disruption with this number.
    static func missing(_ id: Int64) -> String { "There is no disruption with the number \(id). It may have ended." }

    /// The disruption's title as the heading.
    let head: PageHead
    let item: DisruptionSummary
    /// Links to the lines it names.
    let lines: [Link]
    /// Links to the stops it names.
    let stops: [Link]
    let published, updated: String?
    /// PTV's page about it, when the link is http(s): "Read this disruption on the PTV website", or, where PTV links
    /// only its page of every update (as it does for most live incidents), "Live travel updates on the PTV website".
    let ptvLink: Link?

    /// Builds the page.
    /// - Parameters:
    ///   - disruption: PTV's disruption.
    ///   - fetched: The answer (for its freshness).
    ///   - context: Words, demo mode, banner and path.
    init<Answer>(_ disruption: Disruption, fetched: Fetched<Answer>, context: PageContext) {
        let words = context.words
        item = DisruptionSummary(disruption, words: words)
        var lines: [Link] = []
        for route in disruption.routes {
            let link = Link(ModeWords.service(route, type: route.routeType),
                            href: Paths.line(route.routeType, route.routeId))
            if !lines.contains(link) { lines.append(link) }
        }
        self.lines = lines
        // Disruption stops carry no mode; the lines it names say which kind of stop they are.
        let stopType = disruption.routes.first?.routeType ?? .train
        stops = disruption.stops.map { Link(SpokenName.stop($0.stopName), href: Paths.stop(stopType, $0.stopId)) }
        published = disruption.publishedOn.map(words.date)
        updated = disruption.lastUpdated.map(words.date)
        ptvLink = Self.ptvLink(disruption.url)
        head = PageHead(context.chrome(title: item.title, section: .disruptions,
                                       stale: context.staleNotice(fetched)),
                        heading: item.title)
    }

    /// The link to PTV's page for a disruption, named for what it is (PTV's general updates page is not this
    /// disruption's); nil for a link that is not http(s).
    static func ptvLink(_ text: String) -> Link? {
        guard let url = safeURL(text) else { return nil }
        let path = (URLComponents(string: url)?.path ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "/")).lowercased()
        let general = path.isEmpty || path == "live-travel-updates"
        return Link(general ? "Live travel updates on the PTV website" : "Read this disruption on the PTV website", href: url)
    }

    /// Only http(s) links go out; anything else is dropped.
    static func safeURL(_ text: String) -> String? {
        let lower = text.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), !text.contains(" ") else { return nil }
        return text
    }
}
