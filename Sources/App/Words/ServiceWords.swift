import Foundation
import PTV

/// The words for one service at one stop, said the same way on the board, the run page and the ride page.
enum ServiceWords {
    /// What the data says about a departure's time.
    enum Source: Sendable, Equatable {
        case cancelled
        /// A live estimate, with minutes late (negative when early).
        case live(minutesLate: Int)
        case timetable
    }

    /// The source of a call's time.
    /// - Parameters:
    ///   - scheduled: The timetabled time.
    ///   - estimated: The live estimate.
    ///   - cancelled: Whether it is cancelled.
    static func source(scheduled: Date?, estimated: Date?, cancelled: Bool) -> Source {
        if cancelled { return .cancelled }
        guard let estimated else { return .timetable }
        guard let scheduled else { return .live(minutesLate: 0) }
        let seconds = estimated.timeIntervalSince(scheduled)
        // On time as the operators count it (PTV's punctuality measure): under 5 minutes late and under a minute
        // early. The live time itself is what the board shows, so a smaller lateness adds nothing a rider acts on.
        let onTime = seconds < 5 * 60 && seconds > -60
        return .live(minutesLate: onTime ? 0 : Int((seconds / 60).rounded()))
    }

    /// "cancelled", "live" (on time), "delayed 4 minutes", "1 minute early" (only live data knows either), "timetable".
    /// The board, the run page and the ride page say the same phrase. For an answer that is a saved copy
    /// (`staleSince`), a live estimate is said with its age ("last live estimate 9 36 am", "delayed 4 minutes, last
    /// live estimate 9 36 am"), never as "live".
    static func status(_ source: Source, words: TimeWords, staleSince: Date? = nil) -> String {
        let fresh = freshStatus(source, words: words)
        guard let staleSince, case .live(let late) = source else { return fresh }
        let estimate = "last live estimate \(words.clock(staleSince))"
        return late == 0 ? estimate : "\(fresh), \(estimate)"
    }

    private static func freshStatus(_ source: Source, words: TimeWords) -> String {
        switch source {
        case .cancelled: "cancelled"
        case .timetable: "timetable"
        case .live(let late) where late == 0: "live"
        case .live(let late) where late > 0: "delayed \(words.minutes(late))"
        case .live(let late): "\(words.minutes(-late)) early"
        }
    }

    /// "Cranbourne line to Cranbourne", "Frankston line to Flinders Street", "Route 86 tram to Bundoora RMIT": every
    /// departure names where it goes, also to its line's own end (beside "Pakenham line to Flinders Street").
    static func caption(service: String, destination: String) -> String {
        destination.isEmpty ? service : "\(service) to \(destination)"
    }

    /// Notes a rider acts on, from the run and the departure: "Extra service", "Express", "via Metro Tunnel",
    /// and the flags PTV documents ("Pick up only", "Mondays only"; the "E" flag is ignored). PTV's "via Flinders
    /// Street" says nothing more after "to Flinders Street", so it is left out for that destination.
    static func notes(run: Run?, departureNote: String, flags: [String], destination: String = "") -> [String] {
        var notes: [String] = []
        if run?.status.lowercased() == "added" { notes.append("Extra service") }
        if let express = run?.expressStopCount, express > 0 { notes.append("Express") }
        let note = departureNote.trimmingCharacters(in: .whitespaces)
        if !note.isEmpty, destination.isEmpty || note != "via \(destination)" { notes.append(note) }
        // A replacement bus first: it changes where the rider boards (the street, not a platform).
        let flagged = flags.compactMap { flagWords[$0] }
        notes = flagged.filter { $0 == replacementBus } + notes + flagged.filter { $0 != replacementBus }
        // "MO-TU-WE-FR" is one run on four days: said once, "Mondays, Tuesdays, Wednesdays and Fridays only", not four
        // "only"s that contradict each other.
        let days = dayWords.filter { day in flags.contains(day.flag) }.map(\.days)
        if !days.isEmpty { notes.append(Plural.list(days) + " only") }
        return notes
    }

    /// PTV's day flags, in the week's order.
    static let dayWords: [(flag: String, days: String)] = [
        ("MO", "Mondays"), ("TU", "Tuesdays"), ("WE", "Wednesdays"), ("TH", "Thursdays"), ("FR", "Fridays"),
    ]

    /// PTV's flag on a replacement bus run (a bus in place of a train), and the note it is said as.
    static let replacementBusFlag = "S_RRB"
    static let replacementBus = "Replacement bus"

    /// Whether `flags` (as ``flags(_:)`` reads them) mark a replacement bus run.
    static func isReplacementBus(_ flags: [String]) -> Bool { flags.contains(replacementBusFlag) }

    /// "Alamein line replacement bus" for a replacement bus run, else `service` as it is.
    static func service(_ service: String, replacementBus: Bool) -> String {
        replacementBus ? "\(service) \(Self.replacementBus.lowercased())" : service
    }

    /// PTV's documented departure flags that matter to a rider, besides its days (`dayWords`).
    static let flagWords: [String: String] = [
        "RR": "Reservations required", "GC": "Guaranteed connection", "DOO": "Drop off only", "PUO": "Pick up only",
        "SS": "School days only",
        // Seen in real answers, not in the spec's list.
        "S_WCA": "Wheelchair accessible", replacementBusFlag: replacementBus,
    ]

    /// The flags in PTV's "S_WCA-S_RRB-RUN_130" form, split into tokens.
    static func flags(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "-" || $0 == "," || $0 == " " }).map { $0.uppercased() }
    }
}
