import Foundation

extension DepartureBoard {
    /// "Next, Frankston line, in 4 minutes, 8 34 am from platform 8, to Frankston.", naming a cancelled service
    /// first when it would have left before the next one that runs. One sentence with the time, line, destination and
    /// platform, and no colon (a screen reader at its default punctuation says "colon"). A live time on time is not
    /// marked, as the board's rows are not ("Times are live unless marked."): the sentence then fits one line at
    /// 1280 pixels, so a rider moving line by line hears all of it at once, never "live." on a line of its own; a
    /// timetable time, a delay or an old estimate is said at its end.
    static func summary(_ rows: [DepartureRow]) -> String {
        let upcoming = rows.filter { !$0.departed && !$0.wasDue }
        guard let next = upcoming.first(where: { !$0.cancelled }) else {
            if let cancelled = upcoming.first {
                return "The \(cancelled.time) \(ModeWords.midSentence(cancelled.caption)) is cancelled, and no other departures are listed."
            }
            return EvidenceWords.noMoreDepartures
        }
        var text = ""
        if let cancelled = upcoming.first(where: { $0.cancelled && $0.at <= next.at }) {
            text = "The \(cancelled.time) \(ModeWords.midSentence(cancelled.caption)) is cancelled. "
        }
        // When first, then where to: a long tram destination should not delay "in 2 minutes".
        // "in 5 minutes, 8 40 am"; more than two hours away its day, not the time twice: "tomorrow, 12 02 am".
        var when = "\(ModeWords.midSentence(ServiceWords.service(next.service, replacementBus: next.isReplacementBus))), \(next.afterTime), \(next.time)"
        if let platform = next.platform { when += " from \(ModeWords.midSentence(platform))" }
        let destination = next.destination.isEmpty ? "" : ", to \(next.destination)"
        let status = !next.live ? ", timetable" : next.status == "live" ? "" : ", \(next.status)"
        // "to Sandringham" is not where the train takes the rider when buses take over on the way: said in the answer,
        // for works that end where it goes (PTV names them on a city train leaving Prahran too, which does not meet them).
        let works = ChangeWords.sentences(next.replacements.filter { ChangeWords.ends(at: next.destination, $0) }).map { " " + $0 } ?? ""
        return text + "Next, \(when)\(destination)\(status).\(works)"
    }

    /// The works every row of a board names (PTV names a line's works on each of its departures), when there are
    /// enough rows that saying them once spares the listener: each is then said once before the rows, "On every
    /// service listed, buses replace trains between Elsternwick and Sandringham.", and left off each row.
    /// - Parameters:
    ///   - rows: Every row, in time order.
    ///   - least: How many rows make saying them once worth it.
    static func worksOnEvery(_ rows: [DepartureRow], least: Int = 3) -> [String] {
        guard rows.count >= least, let first = rows.first else { return [] }
        return first.replacements.filter { works in rows.allSatisfy { $0.replacements.contains(works) } }
    }

    /// The works every row of one line names, by line (route id), for lines with at least `least` rows, leaving out
    /// `except` (said for every row of the board): PTV names the Sandringham line's works on each Sandringham departure,
    /// and a board with six of them said the whole sentence six times (1.8 seconds more each than "buses replace
    /// trains", which each row then says: ``DepartureRow/worksSaidForLine``).
    static func worksByLine(_ rows: [DepartureRow], except: [String], least: Int = 2) -> [Int: [String]] {
        var out: [Int: [String]] = [:]
        for (line, rows) in Dictionary(grouping: rows, by: \.routeID) where rows.count >= least {
            guard let first = rows.first else { continue }
            let works = first.replacements.filter { works in !except.contains(works) && rows.allSatisfy { $0.replacements.contains(works) } }
            if !works.isEmpty { out[line] = works }
        }
        return out
    }

    /// The sentence for ``worksOnEvery(_:)``; nil when there are none.
    static func worksOnEverySentence(_ works: [String]) -> String? {
        works.isEmpty ? nil : "On every service listed, " + works.joined(separator: ", and ") + "."
    }
}
