import Foundation
import PTV

/// Which headway table a service day uses.
public enum DayType: String, Sendable, CaseIterable {
    /// Monday to Friday.
    case weekday
    /// Saturday.
    case saturday
    /// Sunday.
    case sunday

    /// The two-letter code used in bus run_refs ("MF", "SA", "SU").
    var code: String {
        switch self {
        case .weekday: "MF"
        case .saturday: "SA"
        case .sunday: "SU"
        }
    }
}

/// A calendar date in Melbourne identifying one service day. Its trips may run past midnight
/// (wall-clock minute 1500 is 1 am on the next calendar day).
///
/// Day arithmetic uses a proleptic Gregorian day count, so it never depends on time zones; only
/// ``date(wallMinute:calendar:)`` turns a wall-clock time into an instant.
public struct ServiceDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Year, e.g. 2026.
    public let year: Int
    /// Month, 1...12.
    public let month: Int
    /// Day of the month, 1...31.
    public let day: Int

    /// Creates a date from its parts (assumed valid).
    /// - Parameters:
    ///   - year: Year.
    ///   - month: Month, 1...12.
    ///   - day: Day, 1...31.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Creates the date that is `dayNumber` days after 1970-01-01.
    /// - Parameter dayNumber: Days since the Unix epoch's date.
    public init(dayNumber: Int) {
        let civil = PTVTimestamp.civilFromDays(Int64(dayNumber))
        self.init(year: civil.year, month: civil.month, day: civil.day)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int {
        PTVTimestamp.daysFromCivil(year: year, month: month, day: day)
    }

    /// The date `days` later (or earlier when negative).
    /// - Parameter days: Days to add.
    public func adding(days: Int) -> ServiceDate {
        ServiceDate(dayNumber: dayNumber + days)
    }

    /// The day of the week: 0 Sunday ... 6 Saturday.
    public var weekdayIndex: Int {
        ((dayNumber + 4) % 7 + 7) % 7  // 1970-01-01 was a Thursday.
    }

    /// Weekday, Saturday or Sunday (public holidays are not modelled).
    public var dayType: DayType {
        switch weekdayIndex {
        case 0: .sunday
        case 6: .saturday
        default: .weekday
        }
    }

    /// "2026-11-21".
    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// Orders by day.
    public static func < (lhs: ServiceDate, rhs: ServiceDate) -> Bool {
        lhs.dayNumber < rhs.dayNumber
    }

    /// The calendar date of `date` in the calendar's time zone.
    /// - Parameters:
    ///   - date: An instant.
    ///   - calendar: A Gregorian calendar in Melbourne's time zone.
    public static func containing(_ date: Date, calendar: Calendar) -> ServiceDate {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return ServiceDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// The instant of a wall-clock time of this service day; minutes past 1440 fall on later calendar days.
    /// A time inside a daylight-saving gap resolves as the calendar resolves it (consistently for equal inputs).
    /// - Parameters:
    ///   - wallMinute: Minutes after this day's midnight on the wall clock.
    ///   - calendar: A Gregorian calendar in Melbourne's time zone.
    public func date(wallMinute: Int, calendar: Calendar) -> Date {
        let dayOffset = wallMinute >= 0 ? wallMinute / 1440 : -((-wallMinute + 1439) / 1440)
        let civil = adding(days: dayOffset)
        let minuteOfDay = wallMinute - dayOffset * 1440
        let parts = DateComponents(year: civil.year, month: civil.month, day: civil.day,
                                   hour: minuteOfDay / 60, minute: minuteOfDay % 60)
        return calendar.date(from: parts) ?? Date(timeIntervalSince1970: Double(civil.dayNumber * 86_400 + minuteOfDay * 60))
    }
}
