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
    private let yesterdayStart: Date
    private let todayStart: Date
    private let tomorrowStart: Date
    private let dayAfterStart: Date

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

    /// The wall-clock time, such as "3:05 pm", "12:00 pm" (noon) or "12:00 am" (midnight).
    public func clock(_ d: Date) -> String {
        let c = calendar.dateComponents([.hour, .minute], from: d)
        return Self.clock(hour: c.hour ?? 0, minute: c.minute ?? 0)
    }

    /// The time of the last update, such as "10:42 am". Same wording as ``clock(_:)``.
    public func updated(_ d: Date) -> String {
        clock(d)
    }

    /// How long until `d`, so that it agrees with the clock times shown beside it: the minutes between
    /// the clock minute of now and of `d` (a 6:08 pm departure at 6:01:50 pm is "in 7 minutes").
    /// Elapsed time is counted, so daylight-saving changes do not add or remove an hour.
    ///
    /// "now" from 30 seconds past to under 30 seconds away; "in 1 minute" … "in 2 hours"; past two hours
    /// the day and time ("today 9:15 pm", "tomorrow 6:08 pm", "Tuesday 6:08 pm"); "departed" when more
    /// than 30 seconds past (callers decide departed from dates, not from these words).
    public func until(_ d: Date) -> String {
        let seconds = d.timeIntervalSince(now)
        if seconds < -30 { return "departed" }
        if seconds < 30 { return "now" }
        let minutes = max(1, minutesBetweenClocks(now, d))
        if minutes <= 120 { return "in " + self.minutes(minutes) }
        return dayAndClock(d)
    }

    /// Whole minutes between the clock minutes of two moments (Melbourne's offsets are whole minutes).
    public func minutesBetweenClocks(_ a: Date, _ b: Date) -> Int {
        Int((b.timeIntervalSince1970 / 60).rounded(.down)) - Int((a.timeIntervalSince1970 / 60).rounded(.down))
    }

    /// "today 9:15 pm", "tomorrow 6:08 pm", "Tuesday 6:08 pm" (within a week), else "Saturday 28 November, 6:08 pm".
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

    /// The delay in words: "on time" within a minute, "delayed 4 minutes", "early 2 minutes";
    /// nil when there is no estimate.
    public func delay(scheduled: Date, estimated: Date?) -> String? {
        guard let estimated else { return nil }
        let seconds = estimated.timeIntervalSince(scheduled)
        if abs(seconds) < 60 { return "on time" }
        guard let late = minutesLate(scheduled: scheduled, estimated: estimated) else { return nil }
        return late > 0 ? "delayed " + minutes(late) : "early " + minutes(-late)
    }

    /// The day, date and time, such as "Saturday 20 August, 12:45 am"; the year follows the
    /// month ("Friday 20 August 2027, 9:00 am") only when it differs from the current year.
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

    // MARK: - Private

    private static func clock(hour: Int, minute: Int) -> String {
        let h12 = hour % 12 == 0 ? 12 : hour % 12
        let mm = minute < 10 ? "0\(minute)" : "\(minute)"
        return "\(h12):\(mm) " + (hour < 12 ? "am" : "pm")
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
