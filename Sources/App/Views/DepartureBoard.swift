import Foundation
import PTV

/// One departure as the page says it.
struct DepartureRow: Sendable {
    /// "3:05 pm".
    let time: String
    /// "in 5 minutes", "now", "departed".
    let until: String
    /// "Live", "Timetable" or "Cancelled", with the delay when known ("Live, delayed 4 minutes").
    let status: String
    /// Whether it is cancelled (for styling only; the status already says it).
    let cancelled: Bool
    /// Whether the time is a live estimate.
    let live: Bool
    /// "Platform 3", or nil.
    let platform: String?
    /// "3" or "" (for the table column).
    let platformNumber: String
    /// Link to the run's stopping pattern from this stop.
    let runURL: String
    /// Disruption links for this departure.
    let disruptions: [DisruptionLink]
    /// The destination, for the favourites list.
    let destination: String
    /// The service, for the favourites list ("Route 86 tram").
    let service: String
    /// A short sentence: "Route 86 tram to Bundoora RMIT, in 3 minutes, live."
    let sentence: String
}

/// A link to a disruption.
struct DisruptionLink: Sendable {
    let href: String
    let title: String
}

/// Departures for one route and destination: one table.
struct DepartureGroup: Sendable {
    /// "Route 86 tram to Bundoora RMIT".
    let caption: String
    /// Whether the platform column is shown (trains and V/Line).
    let showPlatform: Bool
    /// The rows in time order.
    let rows: [DepartureRow]
    /// The line and direction the group belongs to (for starring it).
    var line: LineAtStop? = nil
    /// The form that stars or unstars this line, on the stop page.
    var starButton: FavouriteLineButton? = nil
}

/// Turns a departures response into groups and a one-sentence summary.
struct DepartureBoard: Sendable {
    let groups: [DepartureGroup]
    let summary: String
    let next: [DepartureRow]

    /// Builds the board for `stopID`.
    /// - Parameters:
    ///   - response: PTV's departures (with expanded routes, runs, directions and disruptions).
    ///   - routeType: The stop's route type.
    ///   - stopID: The stop.
    ///   - words: Time words for now.
    ///   - limit: Most departures per group.
    init(_ response: DeparturesResponse, routeType: RouteType, stopID: Int, words: TimeWords, limit: Int = 3) {
        // PTV's filtering is loose: keep this stop's departures (all of them if none carry its id) and sort again.
        // Nothing is dropped for being in the past: PTV answers around now, and a past time reads "departed".
        let atStop = response.departures.filter { $0.stopId == stopID }
        let departures = (atStop.isEmpty ? response.departures : atStop)
            .sorted { ($0.bestTime ?? .distantFuture, $0.departureSequence) < ($1.bestTime ?? .distantFuture, $1.departureSequence) }
        var order: [String] = []
        var rowsByKey: [String: [DepartureRow]] = [:]
        var captions: [String: String] = [:]
        var lines: [String: LineAtStop] = [:]
        var allRows: [DepartureRow] = []
        for departure in departures {
            let route = response.routes[String(departure.routeId)]
            let run = response.runs[departure.runRef]
            let destination = Self.destination(run: run, direction: response.directions[String(departure.directionId)])
            let service = ModeWords.service(route, type: routeType)
            let key = "\(departure.routeId)|\(destination)"
            if rowsByKey[key] == nil {
                order.append(key)
                captions[key] = destination.isEmpty ? service : "\(service) to \(destination)"
                lines[key] = LineAtStop(departure, service: service, direction: response.directions[String(departure.directionId)])
            }
            guard (rowsByKey[key]?.count ?? 0) < limit else { continue }
            let row = Self.row(departure, run: run, routeType: routeType, stopID: stopID, service: service,
                               destination: destination, disruptions: response.disruptions, words: words)
            rowsByKey[key, default: []].append(row)
            allRows.append(row)
        }
        let showPlatform = routeType == .train || routeType == .vline
        groups = order.map { DepartureGroup(caption: captions[$0] ?? "", showPlatform: showPlatform, rows: rowsByKey[$0] ?? [], line: lines[$0]) }
        next = allRows
        if let first = allRows.first(where: { !$0.cancelled && $0.until != "departed" }) ?? allRows.first(where: { !$0.cancelled }) ?? allRows.first {
            summary = "Next: " + ModeWords.midSentence(first.sentence)
        } else {
            summary = "No departures in the next few hours."
        }
    }

    static func destination(run: Run?, direction: Direction?) -> String {
        if let name = run?.destinationName, !name.isEmpty { return SpokenName.stop(name) }
        return SpokenName.stop(direction?.directionName ?? "")
    }

    static func row(_ departure: Departure, run: Run?, routeType: RouteType, stopID: Int, service: String,
                    destination: String, disruptions: [String: Disruption], words: TimeWords) -> DepartureRow {
        let scheduled = departure.scheduledDepartureUTC ?? departure.bestTime ?? words.now
        let best = departure.bestTime ?? scheduled
        let cancelled = departure.isCancelled || (run?.isCancelled ?? false)
        let live = departure.isRealtime && !cancelled
        var status: String
        if cancelled {
            status = "Cancelled"
        } else if live {
            status = "Live"
            if let delay = words.delay(scheduled: scheduled, estimated: departure.estimatedDepartureUTC), delay != "on time" {
                status += ", \(delay)"
            } else {
                status += ", on time"
            }
        } else {
            status = "Timetable"
        }
        let platformNumber = (departure.platformNumber ?? "").trimmingCharacters(in: .whitespaces)
        let platform = platformNumber.isEmpty ? nil : "Platform \(platformNumber)"
        let links = departure.disruptionIds.compactMap { id -> DisruptionLink? in
            guard let disruption = disruptions[String(id)] else { return nil }
            return DisruptionLink(href: "/disruptions/\(id)", title: disruption.title)
        }
        let until = cancelled ? "cancelled" : words.until(best)
        var sentence = destination.isEmpty ? service : "\(service) to \(destination)"
        if cancelled {
            sentence += ", \(words.clock(scheduled)), cancelled."
        } else {
            sentence += ", \(until)"
            if let platform { sentence += " from \(ModeWords.midSentence(platform))" }
            sentence += live ? ", live." : ", timetable."
        }
        return DepartureRow(
            time: words.clock(cancelled ? scheduled : best), until: until, status: status, cancelled: cancelled, live: live,
            platform: platform, platformNumber: platformNumber, runURL: ModeWords.runURL(routeType, departure.runRef, stop: stopID),
            disruptions: links, destination: destination, service: service, sentence: sentence)
    }
}
