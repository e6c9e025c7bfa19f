import Foundation
import PTV

/// A line's stops in one direction, in PTV's order when PTV gave one (else said to be alphabetical),
/// the other directions, and its disruptions (or that they could not be checked).
struct LinePage: Sendable {
    /// Said for a `?direction=` the line does not have.
    static let noSuchDirection = "This line has no such direction. Choose one of the directions on the line's page."

    /// "Frankston line towards Frankston"; "32 stops, in order towards Frankston."
    let head: PageHead
    /// The route's own name, tidied for reading aloud.
    let routeName: String
    /// Whether `stops` is in travel order (an ordered list) or only alphabetical.
    let ordered: Bool
    /// Each stop, its suburb as detail.
    let stops: [Link]
    /// "Stops towards City (Flinders Street)".
    let directions: [Link]
    /// "Buses replace trains between Elsternwick and Sandringham.": works on now, said before the stops.
    let works: String?
    /// Disruptions on the line.
    let disruptions: [Link]
    /// Said when the disruptions could not be fetched; nil when they were (even when there are none).
    let disruptionsUnavailable: String?
    /// Said when the line's directions could not be fetched (the other direction cannot be offered).
    let directionsUnavailable: String?

    /// Builds the page.
    /// - Parameters:
    ///   - route: The line.
    ///   - directions: The line's directions.
    ///   - chosen: The direction shown, nil when PTV gave none.
    ///   - directionsAsked: What the directions call gave (its failure is said; the line's page stays).
    ///   - stops: PTV's stops on the route, asked with `chosen`'s `direction_id` (or with none, when `orderPending`).
    ///   - orderPending: The stops were asked before the direction was known; their order is being learnt.
    ///   - disruptions: What the line's disruptions call gave.
    ///   - context: Words, demo mode, banner and path.
    init(route: Route, directions: [Direction], chosen: Direction?, directionsAsked: Evidence<DirectionsResponse>? = nil,
         stops stopsAsked: Evidence<StopsOnRouteResponse>, orderPending: Bool = false, disruptions disruptionsAsked: Evidence<DisruptionsResponse>,
         context: PageContext) {
        let disruptions = disruptionsAsked.value
        let type = route.routeType
        let service = ModeWords.service(route, type: type)
        let towards = chosen.map { SpokenName.stop($0.directionName) }.flatMap { $0.isEmpty ? nil : $0 }
        let heading = towards.map { "\(service) towards \($0)" } ?? service
        routeName = SpokenName.route(route.routeName)
        let found = stopsAsked.value?.stops ?? []
        ordered = Self.hasOrder(found)
        let listed = ordered
            ? found.sorted { $0.stopSequence < $1.stopSequence }
            : found.sorted { SpokenName.stop($0.stopName).localizedStandardCompare(SpokenName.stop($1.stopName)) == .orderedAscending }
        // The suburb, unless the stop is named for it ("Armadale Station, Armadale" says it twice on every stop).
        self.stops = listed.map { stop in
            let name = SpokenName.stop(stop.stopName)
            let suburb = stop.stopSuburb.trimmingCharacters(in: .whitespaces)
            return Link(name, href: Paths.stop(type, stop.stopId), detail: suburb == name || "\(suburb) Station" == name ? nil : suburb)
        }
        let summary: String
        let count = Plural.count(listed.count, "stop")
        let direction = towards.map { " towards \($0)" } ?? ""
        if let missing = EvidenceWords.missing(stopsAsked, notFound: "PTV does not list the stops on this line just now.") {
            summary = missing
        } else if listed.isEmpty {
            summary = "PTV lists no stops for this direction."
        } else if orderPending, !ordered {
            summary = "\(count) on this line, listed alphabetically for now. Their order\(direction) shows when this page is loaded again."
        } else if ordered {
            summary = "\(count), in order\(direction)."
        } else {
            summary = "\(count)\(direction), listed alphabetically, as PTV did not give their order."
        }
        self.directions = directions.filter { $0.directionId != chosen?.directionId }.map {
            Link("Stops towards \(SpokenName.stop($0.directionName))", href: Paths.line(type, route.routeId, direction: $0.directionId))
        }
        works = ChangeWords.worksOn(disruptions?.disruptions ?? [], at: context.words.now)
        // PTV lists planned works beside those on now: one not on now says when.
        self.disruptions = (disruptions?.disruptions ?? []).map { disruption in
            let when = DisruptionNotes.when(disruption, at: context.words.now, words: context.words)
            return Link(when == nil ? disruption.heardTitle : disruption.heardTitleOpen, href: Paths.disruption(disruption.disruptionId), detail: when)
        }
        disruptionsUnavailable = EvidenceWords.notChecked("Disruptions on this line", disruptionsAsked)
        directionsUnavailable = directionsAsked.flatMap { EvidenceWords.missing($0, notFound: "PTV does not list this line's directions just now.") }
        head = PageHead(context.chrome(title: heading, stale: EvidenceWords.staleNotice(stopsAsked, words: context.words)),
                        heading: heading, summary: summary)
    }

    /// Whether PTV gave the stops an order: each has its own `stop_sequence` (without `direction_id` PTV
    /// sends 0 for every stop).
    static func hasOrder(_ stops: [Stop]) -> Bool {
        stops.count < 2 || Set(stops.map(\.stopSequence)).count == stops.count
    }

    /// The 404 message for a line address whose mode does not match the line, naming the route as riders
    /// know it ("Route 86 is a tram line, not a bus line."), or for no line at all.
    static func notFound(_ type: RouteType, route: Route?) -> String {
        guard let route else {
            return "There is no \(ModeWords.noun(type)) line at this address. Search for the line by its name or route number."
        }
        let (number, name) = ModeWords.routeName(route)
        let known = number.map { "Route \($0)" } ?? (name.isEmpty ? "This line" : "The \(name) line")
        return "\(known) is a \(ModeWords.noun(route.routeType)) line, not a \(ModeWords.noun(type)) line."
    }
}
