import Foundation
import PTV

/// A leave-now reminder read against the stop's departures, in the board's own words: one notification when the next
/// service on the rider's line is the rider's minutes away (its time, platform and whether it is live), and, while
/// waiting, one when the service being watched is cancelled or becomes later by `delayStep` minutes or more.
enum LeaveAlertCheck {
    /// Minutes later than last said before a delay is told.
    static let delayStep = 3

    /// The step for `alert` on the stop's departures at `now`.
    /// - Parameters:
    ///   - alert: A leave-now reminder.
    ///   - departures: The stop's departures, as the board asks them.
    ///   - staleSince: When the answer is a saved copy, since when.
    ///   - disruptions: The texts of disruptions the departures name, by id (works that replace the service are said).
    ///   - now: The clock.
    static func step(_ alert: Alert, departures: DeparturesResponse, staleSince: Date?, disruptions: [String: Disruption] = [:],
                     now: Date) -> AlertStep {
        guard case .leave(let routeID, let directionID, let minutes) = alert.watch else {
            return AlertStep(notice: nil, sent: alert.sent, done: true)
        }
        let type = RouteType(rawValue: alert.routeType)
        let board = DepartureBoard(departures, routeType: type, stopID: alert.stopID, words: TimeWords(now: now), staleSince: staleSince,
                                   changes: BoardChanges(disruptions: disruptions))
        let rows = board.groups.flatMap(\.rows)
            .filter { row in routeID.map { $0 == row.routeID } ?? true }
            .filter { row in directionID.map { $0 == row.directionID } ?? true }
            .filter { !$0.departed && !$0.wasDue }
            .sorted { $0.at < $1.at }
        let watched = Watched(alert.sent)
        let url = Paths.stop(type, alert.stopID)
        func notice(_ title: String, _ body: String, _ event: String) -> AlertNotice {
            AlertNotice(title: title, body: body, url: url, stopURL: Paths.alertStop(alert.stopCode), tag: "trakx-alert-\(alert.id)-\(event)")
        }
        // The service watched before, now cancelled: said once, then the next one is watched.
        if let watched, let row = rows.first(where: { $0.rideURL == watched.ride }), row.cancelled {
            let next = rows.first { !$0.cancelled }
            return AlertStep(notice: notice("The \(row.time) \(row.service) is cancelled", row.sentence + (next.map { " Next, \($0.sentence)" } ?? ""), "cancelled"),
                             sent: next.map { Watched(ride: $0.rideURL, late: lateness($0)).text } ?? "", done: false)
        }
        guard let next = rows.first(where: { !$0.cancelled }) else { return AlertStep(notice: nil, sent: alert.sent, done: false) }
        let late = lateness(next)
        if next.at.timeIntervalSince(now) <= Double(minutes * 60) {
            return AlertStep(notice: notice("Time to go, \(next.service) \(next.afterTime)", "\(next.caption), \(next.time), \(next.detail).", "go"),
                             sent: Watched(ride: next.rideURL, late: late).text, done: true)
        }
        if let watched, watched.ride == next.rideURL, late - watched.late >= delayStep {
            return AlertStep(notice: notice("The \(next.service) is delayed", "\(next.caption), \(next.time), \(next.detail).", "delayed-\(late)"),
                             sent: Watched(ride: next.rideURL, late: late).text, done: false)
        }
        return AlertStep(notice: nil, sent: watched?.ride == next.rideURL ? alert.sent : Watched(ride: next.rideURL, late: late).text, done: false)
    }

    /// Minutes late by live estimate (0 for the timetable).
    private static func lateness(_ row: DepartureRow) -> Int {
        if case .live(let minutes) = row.source { return max(0, minutes) }
        return 0
    }

    /// The departure being watched and how late it was when last said, kept in `sent` as "late ride-url".
    struct Watched {
        let ride: String
        let late: Int

        init(ride: String, late: Int) {
            self.ride = ride
            self.late = late
        }

        init?(_ text: String) {
            let parts = text.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let late = Int(parts[0]) else { return nil }
            self.init(ride: String(parts[1]), late: late)
        }

        var text: String { "\(late) \(ride)" }
    }
}
