import Foundation

/// Hand-written parser and formatter for the timestamps PTV sends.
///
/// `parse` accepts `yyyy-MM-ddTHH:mm[:ss[.fffffff]][Z|±HH[:MM]]`:
/// - `2024-06-28T00:05:00Z` (the usual UTC form),
/// - 0 to 9 fraction digits (bus vehicle positions send 7: `…T00:04:28.4985343Z`),
/// - `+00:00` / `+10:00` style offsets,
/// - no zone at all (`2025-11-30T13:13:35`), which PTV uses for Melbourne *local* time in
///   metro vehicle positions: such strings are interpreted in `Australia/Melbourne`.
///
/// `format` always writes `yyyy-MM-dd'T'HH:mm:ss'Z'` in UTC (fractions are truncated).
/// Neither function uses `DateFormatter`, which is slow and rejects 7 fraction digits.
public enum PTVTimestamp {
    /// The time zone used for timestamps that carry no zone (Melbourne local time).
    public static let melbourne: TimeZone =
        TimeZone(identifier: "Australia/Melbourne") ?? TimeZone(secondsFromGMT: 10 * 3600)!

    /// Parses a PTV timestamp; returns nil for anything that is not a valid date-time.
    public static func parse(_ string: String) -> Date? {
        var bytes = Array(string.utf8)[...]
        while let f = bytes.first, f == 0x20 || f == 0x09 || f == 0x0A || f == 0x0D { bytes.removeFirst() }
        while let l = bytes.last, l == 0x20 || l == 0x09 || l == 0x0A || l == 0x0D { bytes.removeLast() }
        var p = ByteCursor(bytes: bytes)

        guard let year = p.digits(4), p.expect(UInt8(ascii: "-")),
              let month = p.digits(2), p.expect(UInt8(ascii: "-")),
              let day = p.digits(2) else { return nil }
        guard let sep = p.next(), sep == UInt8(ascii: "T") || sep == UInt8(ascii: "t") || sep == 0x20 else { return nil }
        guard let hour = p.digits(2), p.expect(UInt8(ascii: ":")), let minute = p.digits(2) else { return nil }
        var second = 0
        if p.peek() == UInt8(ascii: ":") {
            p.advance()
            guard let s = p.digits(2) else { return nil }
            second = s
        }
        var nanos = 0
        if p.peek() == UInt8(ascii: ".") || p.peek() == UInt8(ascii: ",") {
            p.advance()
            var count = 0
            while let c = p.peek(), c >= 0x30, c <= 0x39 {
                if count < 9 { nanos = nanos * 10 + Int(c - 0x30) }
                count += 1
                p.advance()
            }
            guard count > 0 else { return nil }
            for _ in min(count, 9)..<9 { nanos *= 10 }
        }

        // Zone: nil means "local Melbourne time".
        var offset: Int?
        if let z = p.peek() {
            if z == UInt8(ascii: "Z") || z == UInt8(ascii: "z") {
                p.advance()
                offset = 0
            } else if z == UInt8(ascii: "+") || z == UInt8(ascii: "-") {
                p.advance()
                guard let oh = p.digits(2), oh <= 18 else { return nil }
                var om = 0
                if p.peek() == UInt8(ascii: ":") {
                    p.advance()
                    guard let m = p.digits(2) else { return nil }
                    om = m
                } else if p.peek() != nil {
                    guard let m = p.digits(2) else { return nil }
                    om = m
                }
                guard om < 60 else { return nil }
                offset = (oh * 3600 + om * 60) * (z == UInt8(ascii: "-") ? -1 : 1)
            } else {
                return nil
            }
        }
        guard p.isAtEnd else { return nil }

        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
              hour < 24, minute < 60, second < 60 else { return nil }

        let wallClock = Int64(daysFromCivil(year: year, month: month, day: day)) * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
        let epochSeconds: Int64
        if let offset {
            epochSeconds = wallClock - Int64(offset)
        } else {
            // Local Melbourne time: find the UTC instant whose local wall clock matches.
            let first = melbourne.secondsFromGMT(for: Date(timeIntervalSince1970: Double(wallClock)))
            let guess = wallClock - Int64(first)
            let second = melbourne.secondsFromGMT(for: Date(timeIntervalSince1970: Double(guess)))
            epochSeconds = wallClock - Int64(second)
        }
        return Date(timeIntervalSince1970: Double(epochSeconds) + Double(nanos) / 1_000_000_000)
    }

    /// Whether a date in an answer stands for no date: before 2000 (1 January 0001, .NET's empty date; 1 January
    /// 1970, time zero) or from 9000 on (31 December 9999, .NET's last). Said as a time, one would read "due
    /// 17758509 hours ago", and a stopping pattern would move every stop after it to the next day.
    public static func isPlaceholder(_ date: Date) -> Bool {
        date.timeIntervalSince1970 < earliest || date.timeIntervalSince1970 >= latest
    }

    /// 2000-01-01T00:00:00Z and 9000-01-01T00:00:00Z.
    private static let earliest = 946_684_800.0, latest = 221_845_392_000.0

    /// Formats a date as a UTC PTV timestamp, `yyyy-MM-dd'T'HH:mm:ss'Z'` (fractional seconds are dropped).
    public static func format(_ date: Date) -> String {
        var t = date.timeIntervalSince1970
        if !t.isFinite { t = 0 }
        t = min(max(t, -62_135_596_800), 253_402_300_799)  // clamp to years 0001...9999
        let total = Int64(t.rounded(.down))
        var days = total / 86_400
        var rem = total % 86_400
        if rem < 0 {
            rem += 86_400
            days -= 1
        }
        let (y, m, d) = civilFromDays(days)
        let hh = Int(rem / 3600), mm = Int(rem % 3600 / 60), ss = Int(rem % 60)

        var out = [UInt8]()
        out.reserveCapacity(20)
        func put(_ value: Int, width: Int) {
            var digits = [UInt8](repeating: 0x30, count: width)
            var v = value
            for i in stride(from: width - 1, through: 0, by: -1) {
                digits[i] = UInt8(0x30 + v % 10)
                v /= 10
            }
            out.append(contentsOf: digits)
        }
        put(y, width: 4); out.append(UInt8(ascii: "-"))
        put(m, width: 2); out.append(UInt8(ascii: "-"))
        put(d, width: 2); out.append(UInt8(ascii: "T"))
        put(hh, width: 2); out.append(UInt8(ascii: ":"))
        put(mm, width: 2); out.append(UInt8(ascii: ":"))
        put(ss, width: 2); out.append(UInt8(ascii: "Z"))
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian, Howard Hinnant's algorithms)

    static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 for a proleptic Gregorian civil date (Howard Hinnant's days_from_civil).
    /// - Parameters:
    ///   - year: Year.
    ///   - month: Month, 1...12.
    ///   - day: Day of the month.
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The proleptic Gregorian civil date for a count of days since 1970-01-01 (Howard Hinnant's civil_from_days).
    /// - Parameter days: Days since 1970-01-01 (negative before).
    public static func civilFromDays(_ days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = Int(days) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// A minimal cursor over ASCII bytes.
    struct ByteCursor {
        let bytes: ArraySlice<UInt8>
        var index: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            self.index = bytes.startIndex
        }

        var isAtEnd: Bool { index >= bytes.endIndex }

        func peek() -> UInt8? { isAtEnd ? nil : bytes[index] }

        mutating func advance() { index += 1 }

        mutating func next() -> UInt8? {
            guard let c = peek() else { return nil }
            index += 1
            return c
        }

        mutating func expect(_ c: UInt8) -> Bool {
            guard peek() == c else { return false }
            index += 1
            return true
        }

        /// Reads exactly `count` ASCII digits.
        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let c = peek(), c >= 0x30, c <= 0x39 else { return nil }
                value = value * 10 + Int(c - 0x30)
                index += 1
            }
            return value
        }
    }
}
