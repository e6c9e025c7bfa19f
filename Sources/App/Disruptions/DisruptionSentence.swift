import Foundation
import PTV

/// A disruption's first sentence, what a rider can act on: what happens, where, and until when, with relative dates
/// ("Buses replace trains between Elsternwick and Sandringham, on the Sandringham line, until 3 00 pm today."). PTV's
/// own text follows it in full; this sentence says only what PTV's fields give.
enum DisruptionSentence {
    /// Before this hour a disruption's end is the last service of the day before (PTV ends works at 3 am, say).
    static let lastServiceHour = 5

    /// The sentence for `disruption` at `words.now`.
    /// - Parameters:
    ///   - disruption: PTV's disruption.
    ///   - timing: When it applies, from its dates.
    ///   - words: Time words for now.
    static func first(_ disruption: Disruption, timing: DisruptionTiming, words: TimeWords) -> String {
        let type = disruption.disruptionType.trimmingCharacters(in: .whitespacesAndNewlines)
        let what = ChangeWords.replacement(disruption, onRow: false) ?? (type.isEmpty ? "A disruption" : type.lowercased())
        var sentence = what
        let lines = ModeWords.routes(disruption.routes)
        if !lines.isEmpty { sentence += ", on \(lines)" }
        if disruption.stops.count == 1, let stop = disruption.stops.first {
            sentence += ", at \(SpokenName.stop(stop.stopName))"
        } else if disruption.stops.count > 1 {
            sentence += ", at \(Plural.count(disruption.stops.count, "stop"))"
        }
        switch timing {
        case .now(let until): sentence += ", " + self.until(until, words: words)
        case .planned(let from, let until, let title): sentence += ", " + span(from, until: until, title: title, words: words)
        case .ended(let date): sentence += ", ended \(moment(date, words: words))"
        case .undated(let until): if let until { sentence += ", " + self.until(until, words: words) }
        }
        return sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
    }

    /// Planned works' start and end: "from 8 30 pm on Friday 27 November, until the last service on Sunday 29 November";
    /// works that start at a time and end on the same day say the day once, after both times: "from 9 00 am until
    /// 5 00 pm on Tuesday 24 November", "from 8 30 pm until the last service today".
    static func span(_ from: Date, until: Date?, title: TitleStart?, words: TimeWords) -> String {
        if let until, title?.hasClock ?? true {
            let lastService = lastServiceDay(until, words: words)
            if words.isSameDay(from, lastService ?? until) {
                let end = lastService == nil ? words.clock(until) : "the last service"
                return "from \(words.clock(from)) until \(end) \(on(from, words: words))"
            }
        }
        return "from \(start(from, title: title, words: words, on: false)), " + self.until(until, words: words)
    }

    /// "until 3 00 pm today", "until the last service on Sunday 30 November", "until further notice".
    static func until(_ date: Date?, words: TimeWords) -> String {
        guard let date else { return "until further notice" }
        if let day = lastServiceDay(date, words: words) { return "until the last service \(on(day, words: words))" }
        return "until \(moment(date, words: words))"
    }

    /// For an end before `lastServiceHour`, a moment of the day before, whose last service it is; nil otherwise.
    private static func lastServiceDay(_ date: Date, words: TimeWords) -> Date? {
        let hour = words.hour(date)
        return hour < lastServiceHour ? date.addingTimeInterval(-Double(hour + 1) * 3600) : nil
    }

    /// "3 00 pm today", "8 30 pm on Saturday 28 November".
    static func moment(_ date: Date, words: TimeWords) -> String {
        "\(words.clock(date)) \(on(date, words: words))"
    }

    /// When planned works start: "8 30 pm on Saturday 5 December", or, where the start is the day or part of a month
    /// their title names, "on Sunday 3 December" ("Sunday 3 December" when not `on`), "tomorrow", "late January 2024".
    static func start(_ from: Date, title: TitleStart?, words: TimeWords, on: Bool) -> String {
        guard let title, !title.hasClock else { return moment(from, words: words) }
        if let phrase = title.phrase { return phrase }
        return on ? self.on(from, words: words) : words.relativeDay(from)
    }

    /// "today", "tomorrow", "on Saturday 28 November".
    private static func on(_ date: Date, words: TimeWords) -> String {
        let day = words.relativeDay(date)
        return ["today", "tomorrow", "yesterday"].contains(day) ? day : "on \(day)"
    }
}
