import Foundation
import PTV

/// Whether a disruption is on now, from its own dates, not from PTV's `Current`/`Planned` label
/// (PTV labels works that start next week `Current`), and from the start its title names when that is a later day
/// than its `from_date` (``TitleStart``: PTV dates some works from when it published them).
enum DisruptionTiming: Sendable, Equatable {
    /// Started and not yet over; `until` is nil when open-ended.
    case now(until: Date?)
    /// Starts later; `title` when the start is the one its title names.
    case planned(from: Date, until: Date?, title: TitleStart? = nil)
    /// Already over (PTV can keep listing it for a while).
    case ended(Date)
    /// PTV gave no start date.
    case undated(until: Date?)

    /// Decides the timing at `now`.
    init(_ disruption: Disruption, now: Date) {
        // The title's start, where it is a later day than the dates' own and before their end.
        var title: TitleStart?
        if let published = disruption.fromDate, let named = TitleStart(disruption.title, after: published),
           disruption.toDate.map({ named.date < $0 }) ?? true {
            title = named
        }
        switch (title?.date ?? disruption.fromDate, disruption.toDate) {
        case let (_, to?) where to <= now: self = .ended(to)
        case let (from?, to) where from > now: self = .planned(from: from, until: to, title: title)
        case let (_?, to): self = .now(until: to)
        case let (nil, to): self = .undated(until: to)
        }
    }

    /// Listing order: on now first, then planned, then undated, then ended.
    var rank: Int {
        switch self {
        case .now: 0
        case .planned: 1
        case .undated: 2
        case .ended: 3
        }
    }

    /// When it starts, for planned works; nil otherwise.
    var plannedStart: Date? {
        if case .planned(let from, _, _) = self { from } else { nil }
    }

    /// "Now, until Saturday 28 November, 11 00 pm", "Starts Saturday 28 November, 3 00 am, until 11 00 pm",
    /// "Ended …", "Dates not given".
    func words(_ words: TimeWords) -> String {
        switch self {
        case .now(let until): "Now, until " + (until.map(words.date) ?? "further notice")
        case .planned(let from, let until, let title):
            "Starts \(title.map { $0.phrase ?? ($0.hasClock ? words.date(from) : words.dayAndDate(from)) } ?? words.date(from))"
                + (until.map { ", until " + (words.isSameDay(from, $0) ? words.clock($0) : words.date($0)) } ?? ", until further notice")
        case .ended(let date): "Ended \(words.date(date))"
        case .undated(let until): until.map { "Until \(words.date($0))" } ?? "Dates not given"
        }
    }
}
