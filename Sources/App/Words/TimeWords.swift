import Foundation

/// Turns dates into words that read aloud well: clock times, "in 5 minutes", "delayed 2 minutes",
/// "Saturday 20 August".
///
/// All wall-clock wording uses one time zone (Melbourne by default), so daylight-saving changes
/// are handled by the calendar, while relative wording ("in 20 minutes") always counts real
/// elapsed time. Strings are assembled by hand rather than with `DateFormatter`, because these
/// run dozens of times per page.
public struct TimeWords: Sendable {
    /// The moment that relative wording ("in 3 minutes", "today", the year rule) is measured from.
    public let now: Date
    /// The zone used for every wall-clock and calendar-day calculation.
    public let timeZone: TimeZone

    private let calendar: Calendar
    private let nowYear: Int
    /// Starts of yesterday, today, tomorrow and the day after, in the zone (days can be 23 or
    /// 25 hours long, so these come from the calendar rather than adding 86,400 s).
    private let yesterdayStart, todayStart, tomorrowStart, dayAfterStart: Date

    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// Creates wording relative to `now`, in `timeZone` (Melbourne unless given).
    public init(now: Date, timeZone: TimeZone = TimeZone(identifier: "Australia/Melbourne")!) {
        self.now = now
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
        self.nowYear = calendar.component(.year, from: now)
        let today = calendar.startOfDay(for: now)
        func dayStart(_ offset: Int) -> Date {
            // Noon is never skipped or repeated by a daylight-saving change.
            let noon = calendar.date(byAdding: .hour, value: 12, to: today) ?? today
            let shifted = calendar.date(byAdding: .day, value: offset, to: noon) ?? noon
            return calendar.startOfDay(for: shifted)
        }
        self.todayStart = today
        self.yesterdayStart = dayStart(-1)
        self.tomorrowStart = dayStart(1)
        self.dayAfterStart = dayStart(2)
    }

    /// The wall-clock time, such as "3 05 pm", "12 00 pm" (noon) or "12 00 am" (midnight), with a narrow no-break
    /// space (U+202F) between the hour and the minutes.
    ///
    /// Not a colon: at Orca's default punctuation level speech-dispatcher says every colon ("8 colon 40 am"), and not
    /// a full stop (Australian style, "8.40 am"): it takes "8.40" for a decimal ("8 dot 40"). A space is said by
    /// neither, espeak-ng reads "8 40 am" exactly as it reads "8:40 am" ("eight forty a m"), the narrow space keeps
    /// the hour and minutes together as one time. These are the ear's words: a page shows the eye "3:05 pm", as a
    /// timetable writes it, through `SeenAndHeard` and `partials/said`, which find the time again by its narrow space.
    public func clock(_ d: Date) -> String {
        let c = calendar.dateComponents([.hour, .minute], from: d)
        return Self.clock(hour: c.hour ?? 0, minute: c.minute ?? 0)
    }

    /// The time of the last update, such as "10 42 am": a whole minute, as ``clock(_:)``.
    public func updated(_ d: Date) -> String {
        clock(d)
    }

    /// How long until `d`, never later than the truth: whole minutes, rounded down (a departure 72 seconds away is
    /// "in 1 minute", one 6 minutes 10 seconds away "in 6 minutes"), so a rider who trusts it is never late.
    /// Elapsed time is counted, so daylight-saving changes do not add or remove an hour.
    ///
    /// "now" from 30 seconds past to under a minute away; "in 1 minute" … "in 2 hours"; past two hours
    /// the day and time ("today 9 15 pm", "tomorrow 6 08 pm", "Tuesday 6 08 pm"); "departed" when more
    /// than 30 seconds past (callers decide departed from dates, not from these words).
    public func until(_ d: Date) -> String {
        isFar(d) ? dayAndClock(d) : afterClock(d)
    }

    /// The words after a clock time already said ("8 12 am, in 5 minutes"), so that no time is read twice:
    /// ``until(_:)`` without the clock ("today", "tomorrow", "Wednesday", "Wednesday 7 April 2027" past two hours).
    public func afterClock(_ d: Date) -> String {
        guard let minutes = minutesAhead(d) else { return d < now.addingTimeInterval(-30) ? "departed" : "now" }
        if minutes <= Self.nearMinutes { return "in " + self.minutes(minutes) }
        let day = relativeDay(d)
        if day == "today" || day == "tomorrow" { return day }
        if d.timeIntervalSince(now) < 6 * 86400 { return Self.weekdays[(calendar.component(.weekday, from: d) - 1 + 7) % 7] }
        return day
    }

    /// A timetable time beside its clock: "due in 5 minutes", "due now", "due tomorrow"; once past (and nothing
    /// says it has gone), "due 4 minutes ago".
    public func due(_ d: Date) -> String {
        "due " + (d < now.addingTimeInterval(-30) ? ago(d) : afterClock(d))
    }

    /// How long ago `d` was, beside its clock time: "4 minutes ago" (at least "1 minute ago").
    public func ago(_ d: Date) -> String {
        minutes(max(1, Int((now.timeIntervalSince(d) / 60).rounded(.down)))) + " ago"
    }

    /// Whole minutes until `d`, rounded down; nil when it is under a minute away or more than 30 seconds past.
    private func minutesAhead(_ d: Date) -> Int? {
        let seconds = d.timeIntervalSince(now)
        guard seconds >= 60 else { return nil }
        return Int((seconds / 60).rounded(.down))
    }

    /// A moment said after a verb: "at 8 22 pm" today; "yesterday at 8 22 pm", "tomorrow at 5 45 pm", "on Friday 28
    /// November at 8 22 pm" on another day, where the time alone would name the wrong one.
    public func at(_ d: Date) -> String {
        let day = relativeDay(d)
        if day == "today" { return "at \(clock(d))" }
        return (day == "yesterday" || day == "tomorrow" ? day : "on \(day)") + " at \(clock(d))"
    }

    /// Whether `d` is more than `nearMinutes` away, where ``until(_:)`` and ``afterClock(_:)`` say its day, not
    /// "in N minutes".
    public func isFar(_ d: Date) -> Bool {
        (minutesAhead(d) ?? 0) > Self.nearMinutes
    }

    /// Minutes ahead said as "in N minutes"; further, the day is said.
    static let nearMinutes = 120

    /// "today 9 15 pm", "tomorrow 6 08 pm", "Tuesday 6 08 pm" (within a week), else "Saturday 28 November, 6 08 pm".
    public func dayAndClock(_ d: Date) -> String {
        let day = relativeDay(d)
        if day == "today" || day == "tomorrow" || day == "yesterday" { return "\(day) \(clock(d))" }
        if d > now, d.timeIntervalSince(now) < 6 * 86400 {
            let weekday = calendar.component(.weekday, from: d)
            return "\(Self.weekdays[(weekday - 1 + 7) % 7]) \(clock(d))"
        }
        return date(d)
    }

    /// How many minutes late the estimate is, rounded to the nearest minute; negative when
    /// early, nil when there is no estimate.
    public func minutesLate(scheduled: Date, estimated: Date?) -> Int? {
        guard let estimated else { return nil }
        let delta = estimated.timeIntervalSince(scheduled) / 60
        guard delta.isFinite else { return nil }
        return Int(delta.rounded())
    }

    /// The delay in words: "on time" within a minute, "delayed 4 minutes", "2 minutes early";
    /// nil when there is no estimate.
    public func delay(scheduled: Date, estimated: Date?) -> String? {
        guard let estimated else { return nil }
        let seconds = estimated.timeIntervalSince(scheduled)
        if abs(seconds) < 60 { return "on time" }
        guard let late = minutesLate(scheduled: scheduled, estimated: estimated) else { return nil }
        return late > 0 ? "delayed " + minutes(late) : minutes(-late) + " early"
    }

    /// The day, date and time, such as "Saturday 20 August, 12 45 am"; the year follows the
    /// month ("Friday 20 August 2027, 9 00 am") only when it differs from the current year.
    public func date(_ d: Date) -> String {
        let c = calendar.dateComponents([.year, .month, .day, .weekday, .hour, .minute], from: d)
        return dayAndDate(c) + ", " + Self.clock(hour: c.hour ?? 0, minute: c.minute ?? 0)
    }

    /// The day and date, such as "Saturday 20 August"; the year is added after the month only
    /// when it differs from the current year.
    public func dayAndDate(_ d: Date) -> String {
        dayAndDate(calendar.dateComponents([.year, .month, .day, .weekday], from: d))
    }

    /// A duration in words: "1 minute", "25 minutes", "1 hour", "2 hours 10 minutes".
    /// Negative values read as "0 minutes".
    public func minutes(_ n: Int) -> String {
        let n = max(n, 0)
        let hours = n / 60
        let rest = n % 60
        let minutePart = rest == 1 ? "1 minute" : "\(rest) minutes"
        if hours == 0 { return minutePart }
        let hourPart = hours == 1 ? "1 hour" : "\(hours) hours"
        return rest == 0 ? hourPart : hourPart + " " + minutePart
    }

    /// The hour of the day (0 to 23) on Melbourne's clock.
    public func hour(_ d: Date) -> Int {
        calendar.component(.hour, from: d)
    }

    /// Whether two moments fall on the same calendar day in this time zone.
    public func isSameDay(_ a: Date, _ b: Date) -> Bool {
        calendar.isDate(a, inSameDayAs: b)
    }

    /// "today", "tomorrow" or "yesterday" relative to `now`, otherwise the day and date
    /// ("Saturday 20 August").
    public func relativeDay(_ d: Date) -> String {
        if d >= todayStart {
            if d < tomorrowStart { return "today" }
            if d < dayAfterStart { return "tomorrow" }
        } else if d >= yesterdayStart {
            return "yesterday"
        }
        return dayAndDate(d)
    }

    /// What separates a clock time's hour from its minutes: a narrow no-break space (see ``clock(_:)``).
    public static let clockSpace = "\u{202F}"

    // MARK: - Private

    private static func clock(hour: Int, minute: Int) -> String {
        let h12 = hour % 12 == 0 ? 12 : hour % 12
        let mm = minute < 10 ? "0\(minute)" : "\(minute)"
        return "\(h12)\(Self.clockSpace)\(mm) " + (hour < 12 ? "am" : "pm")
    }

    private func dayAndDate(_ c: DateComponents) -> String {
        let weekday = Self.weekdays[((c.weekday ?? 1) - 1 + 7) % 7]
        let month = Self.months[((c.month ?? 1) - 1 + 12) % 12]
        var text = "\(weekday) \(c.day ?? 1) \(month)"
        if let year = c.year, year != nowYear {
            text += " \(year)"
        }
        return text
    }
}
