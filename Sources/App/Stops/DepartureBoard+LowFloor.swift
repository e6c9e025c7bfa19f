import Foundation

extension DepartureBoard {
    /// For a rider who chose low floor trams only, said before the board's summary: "Next low floor tram, route 96,
    /// in 9 minutes, live, 8 40 am, to St Kilda Beach." Only a tram PTV says is low floor counts; when none is listed the
    /// sentence says whether any is not known rather than that there is none.
    /// - Parameter rows: Every row, in time order.
    static func lowFloorSummary(_ rows: [DepartureRow]) -> String {
        let upcoming = rows.filter { !$0.departed && !$0.wasDue && !$0.cancelled }
        guard let next = upcoming.first(where: { $0.lowFloor == true }) else {
            let unknown = upcoming.filter { $0.lowFloor == nil }.count
            if upcoming.isEmpty { return "No low floor tram is listed." }
            return unknown == 0
                ? "None of the trams listed is low floor."
                : "No tram listed is known to be low floor, PTV does not say for \(Plural.count(unknown, "tram"))."
        }
        var service = ModeWords.midSentence(next.service)
        if service.hasSuffix(" tram") { service.removeLast(" tram".count) }
        let destination = next.destination.isEmpty ? "" : ", to \(next.destination)"
        let source = next.live ? ", \(next.status)" : " by the timetable"
        return "Next low floor tram, \(service), \(next.afterTime)\(source), \(next.time)\(destination)."
    }

    /// The summary for a rider who chose low floor trams only: the low floor sentence first, then the board's own
    /// summary unless the next tram is that low floor tram (said once, not twice).
    static func lowFloorFirst(_ rows: [DepartureRow]) -> String {
        let lowFloor = lowFloorSummary(rows)
        let next = rows.first { !$0.departed && !$0.wasDue && !$0.cancelled }
        return next?.lowFloor == true ? lowFloor : lowFloor + " " + summary(rows)
    }
}
