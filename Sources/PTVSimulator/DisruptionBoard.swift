import Foundation
import PTV

/// The disruptions as they stand at one instant: templates from the data with absolute times.
///
/// `from_date` is now plus the template's offset, rounded to the hour (likewise `to_date`, or null);
/// `published_on` is a day before `from_date` and `last_updated` an hour before now. A disruption is
/// "Current" when the data says so or its start has passed, else "Planned". Ended ones are dropped.
struct DisruptionBoard: Sendable {
    /// One disruption with the routes and stops it affects.
    struct Entry: Sendable {
        /// The template from the data.
        let record: NetworkDisruption
        /// Whether it is "Current" (rather than "Planned").
        let isCurrent: Bool
        /// The disruption with absolute times, as PTV sends it.
        let json: JSON
    }

    /// Every disruption that has not ended, in data order.
    let entries: [Entry]

    /// Materialises the templates at `now`.
    /// - Parameters:
    ///   - network: The network (for route and stop names).
    ///   - now: The current time.
    init(network: SimulatedNetwork, now: Date) {
        func hour(_ offset: Double) -> Date {
            let t = now.timeIntervalSince1970 + offset * 3600
            return Date(timeIntervalSince1970: (t / 3600).rounded() * 3600)
        }
        let lastUpdated = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60 - 3600)
        entries = network.disruptions.compactMap { record in
            var from = hour(record.fromOffsetHours)
            let to = record.toOffsetHours.map(hour)
            if let to, to <= now { return nil }
            let current = record.status.lowercased() == "current" || from <= now
            if current, from > now { from = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600) }
            let routes = record.routeIDs.compactMap(network.route).map { route -> JSON in
                var json = SimulatorAPI.routeReference(route)
                json["direction"] = .null
                return json
            }
            let stops = record.stopIDs.compactMap(network.stop).map { JSON.keyed(["stop_id": $0.stopID, "stop_name": $0.name]) }
            // Published a day before it starts, and never after its last update (planned works are announced ahead).
            let published = min(from, lastUpdated).addingTimeInterval(-86_400)
            let json = JSON.keyed([
                "disruption_id": record.disruptionID, "title": record.title, "url": record.url, "description": record.description,
                "disruption_status": current ? "Current" : "Planned", "disruption_type": record.type,
                "published_on": published, "last_updated": lastUpdated, "from_date": from, "to_date": to,
                "routes": routes, "stops": stops, "colour": "#ffd500", "display_on_board": true, "display_status": true,
            ])
            return Entry(record: record, isCurrent: current, json: json)
        }
    }

    /// Current disruptions touching any of the routes or stops.
    /// - Parameters:
    ///   - routeIDs: Routes of interest.
    ///   - stopIDs: Stops of interest.
    func current(routeIDs: some Sequence<Int>, stopIDs: some Sequence<Int>) -> [Entry] {
        let routes = Set(routeIDs), stops = Set(stopIDs)
        return entries.filter { entry in
            entry.isCurrent && (entry.record.routeIDs.contains(where: routes.contains)
                || entry.record.stopIDs.contains(where: stops.contains))
        }
    }

    /// Ids of the current disruptions touching a route or a stop, as PTV lists them on departures.
    /// - Parameters:
    ///   - routeIDs: Routes of interest.
    ///   - stopIDs: Stops of interest.
    func currentIDs(routeIDs: some Sequence<Int>, stopIDs: some Sequence<Int>) -> [Int] {
        current(routeIDs: routeIDs, stopIDs: stopIDs).map { Int($0.record.disruptionID) }
    }

    /// The id-keyed map used by departures and stops responses (a disruption PTV does not list is left out).
    /// - Parameter disruptions: The disruptions to include.
    static func map(_ disruptions: [Entry]) -> [String: JSON] {
        Dictionary(disruptions.filter(\.record.listed).map { (String($0.record.disruptionID), $0.json) }) { first, _ in first }
    }

    /// The disruptions a list answer carries: all but those PTV names without listing.
    var listed: [Entry] { entries.filter(\.record.listed) }
}
