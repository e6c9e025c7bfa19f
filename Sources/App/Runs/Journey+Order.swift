import Foundation
import PTV

/// Reading a pattern's rows in the order the vehicle travels, each once, and finding the live estimates that
/// contradict that order.
extension Journey {
    /// A pattern's rows in travel order, each stop of each part once.
    ///
    /// Parts (`run_ref`s) go in the order of their middle `departure_sequence`, so that one out-of-range number
    /// cannot move a part. Within a part, rows go by timetabled time when every row has one: PTV's sequence has
    /// been seen out of range (Southern Cross numbered 1482 between 15 and 17), while one run's own timetable runs
    /// forwards. A row repeated with the same run, stop and time (a glitch seen in real answers) is read once.
    /// - Parameter departures: The pattern's rows, in PTV's order.
    static func ordered(_ departures: [Departure]) -> [Departure] {
        var parts: [String: [(offset: Int, row: Departure)]] = [:]
        var seen = Set<String>()
        for (offset, row) in departures.enumerated() {
            let when = row.scheduledDepartureUTC.map { "\($0.timeIntervalSince1970)" } ?? "#\(row.departureSequence)"
            guard seen.insert("\(row.runRef)|\(row.stopId)|\(when)").inserted else { continue }
            parts[row.runRef, default: []].append((offset, row))
        }
        let partOrder = parts.map { ref, rows in
            let sequences = rows.map(\.row.departureSequence).sorted()
            return (ref: ref, middle: sequences[sequences.count / 2], first: rows[0].offset)
        }.sorted { ($0.middle, $0.first) < ($1.middle, $1.first) }
        return partOrder.flatMap { part -> [Departure] in
            let rows = parts[part.ref] ?? []
            let timed = rows.allSatisfy { $0.row.scheduledDepartureUTC != nil }
            return rows.sorted { a, b in
                if timed, let x = a.row.scheduledDepartureUTC, let y = b.row.scheduledDepartureUTC, x != y { return x < y }
                return (a.row.departureSequence, a.offset) < (b.row.departureSequence, b.offset)
            }.map(\.row)
        }
    }

    /// Indices of the calls whose live estimate contradicts the order of the stops: the fewest estimates to set
    /// aside (their stops then go by the timetable) so that no time down the journey is more than a minute
    /// earlier than the one before it. ("Victoria Park 12:09 … Clifton Hill 11:52 … Merri 11:56, live": the three
    /// estimates 19 minutes late before Clifton Hill are the ones the rest of the journey contradicts.)
    /// - Parameter calls: The journey's calls in travel order.
    static func doubtfulEstimates(_ calls: [Call]) -> Set<Int> {
        /// The best way found to reach a call, by the last time kept.
        struct Path { var kept: Int; var dropped: [Int] }
        func better(_ a: Path, than b: Path) -> Bool {
            a.kept != b.kept ? a.kept > b.kept : a.dropped.lexicographicallyPrecedes(b.dropped)
        }
        var paths: [Date?: Path] = [nil: Path(kept: 0, dropped: [])]
        for (index, call) in calls.enumerated() {
            var next: [Date?: Path] = [:]
            func offer(_ last: Date?, _ path: Path) {
                if let known = next[last], !better(path, than: known) { return }
                next[last] = path
            }
            for (last, path) in paths {
                func inOrder(_ time: Date) -> Bool { last.map { time >= $0.addingTimeInterval(-60) } ?? true }
                guard !call.cancelled, let estimate = call.estimated else {
                    // The timetable is what estimates are checked against: it is never set aside, and a way that
                    // kept an estimate later than it ends here.
                    if call.cancelled || call.scheduled == nil {
                        offer(last, path)
                    } else if let scheduled = call.scheduled, inOrder(scheduled) {
                        offer(scheduled, path)
                    }
                    continue
                }
                if inOrder(estimate) { offer(estimate, Path(kept: path.kept + 1, dropped: path.dropped)) }
                let fallback = call.scheduled ?? last
                if fallback.map(inOrder) ?? true { offer(fallback, Path(kept: path.kept, dropped: path.dropped + [index])) }
            }
            // Every way was out of order (the timetable itself runs backwards): keep going from the best.
            if next.isEmpty, let best = paths.values.min(by: { better($0, than: $1) }) {
                next[call.scheduled ?? call.estimated] = best
            }
            paths = next
        }
        return Set(paths.values.min(by: { better($0, than: $1) })?.dropped ?? [])
    }
}

extension Journey.Call {
    /// "PTV's live estimate, 12 09 pm, is doubtful, as it is out of order with the stops around it", when the
    /// estimate was set aside.
    /// - Parameter words: Time words for now.
    func doubtfulWords(_ words: TimeWords) -> String? {
        doubtfulEstimate.map { "PTV's live estimate, \(words.clock($0)), is doubtful, as it is out of order with the stops around it" }
    }
}
